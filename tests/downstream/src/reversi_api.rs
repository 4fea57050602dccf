//! masu-reversi: boards, moves and games through their text forms.

use masu_reversi::{Board, Color, Game, Move, PassStyle};

pub(crate) fn run() -> crate::Result {
    let board = Board::new();
    let after = board.play(Move::Play("f5".parse()?))?;
    assert_eq!(after.count(Color::Black), 4);
    let game = Game::from_transcript("f5d6c3")?;
    assert_eq!(game.transcript(PassStyle::Omit), "f5d6c3");
    assert_eq!(board.to_string().parse::<Board>()?, board);
    #[cfg(feature = "serde")]
    assert_eq!(serde_json::from_str::<Board>(&serde_json::to_string(&board)?)?, board);
    #[cfg(feature = "svg")]
    assert!(masu_reversi::svg::render(&board, &Default::default()).contains("<svg"));
    Ok(())
}
