//! masu-reversi: boards, moves and games through their text forms.

use masu_reversi::{Board, Color, Game, Move, ParseBoardError, PassStyle, ScoreRule, Solver};

pub(crate) fn run() -> crate::Result {
    let board = Board::new();
    let after = board.play(Move::Play("f5".parse()?))?;
    assert_eq!(after.count(Color::Black), 4);
    let game = Game::from_transcript("f5d6c3")?;
    assert_eq!(game.transcript(PassStyle::Omit), "f5d6c3");
    assert_eq!(board.to_string().parse::<Board>()?, board);
    assert_eq!("white".parse::<Color>()?, Color::White);
    assert_eq!(Color::Black.to_string(), "black");
    assert_eq!(after.score_for(Color::Black, ScoreRule::Plain), 3);
    let short = "-".repeat(63) + " X";
    assert_eq!(short.parse::<Board>(), Err(ParseBoardError::Length { squares: 63 }));
    assert!(Solver::try_new(1 << 20).is_ok());
    crate::is_error::<ParseBoardError>();
    #[cfg(feature = "serde")]
    assert_eq!(serde_json::from_str::<Board>(&serde_json::to_string(&board)?)?, board);
    #[cfg(feature = "svg")]
    assert!(masu_reversi::svg::render(&board, &Default::default()).contains("<svg"));
    Ok(())
}
