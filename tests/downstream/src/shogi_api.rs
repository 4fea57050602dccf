//! masu-shogi: USI play with typed reasons, short mates, Japanese move names, text traits.

use std::collections::{BTreeSet, HashSet};
use std::error::Error as _;

use masu_shogi::{
    Color, Game, GameError, Hand, IllegalMoveReason, Motion, Move, ParseColorError,
    ParseGameError, ParseHandError, ParsePieceError, Piece, PieceKind, PlayError, PlayUsiError,
    Position, Relative, SetupMode, Square,
};

pub(crate) fn run() -> crate::Result {
    play_usi()?;
    mates()?;
    japanese()?;
    traits()?;
    errors();
    #[cfg(feature = "serde")]
    serde()?;
    #[cfg(feature = "svg")]
    assert!(masu_shogi::svg::render(&Position::startpos(), &Default::default()).starts_with("<svg"));
    Ok(())
}

fn play_usi() -> crate::Result {
    let mut pos = Position::startpos();
    let m: Move = pos.play_usi("7g7f")?;
    assert_eq!(m.to_string(), "7g7f");
    let err: PlayUsiError = pos.play_usi("7f7e").unwrap_err();
    assert_eq!(err.text(), "7f7e");
    assert_eq!(err.reason(), Some(IllegalMoveReason::NotYourPiece("7f".parse()?)));
    assert_eq!(err.to_string(), "illegal move \"7f7e\": the piece on 7f is not the mover's");
    assert!(matches!(pos.play_usi("x"), Err(PlayUsiError::Invalid { .. })));
    let m = pos.parse_usi_move("3c3d")?;
    assert_eq!(pos.check_legal(&m), Ok(()));

    let nifu: Position = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1".parse()?;
    let drop = Move::Drop { kind: PieceKind::Pawn, to: Square::SQ_5E };
    assert_eq!(nifu.check_legal(&drop), Err(IllegalMoveReason::TwoPawns(5)));
    let err: PlayError = nifu.play(drop).unwrap_err();
    assert_eq!(err.reason, IllegalMoveReason::TwoPawns(5));

    let mut game = Game::new();
    assert_eq!(game.last_move(), None);
    game.play_usi("7g7f")?;
    game.play_usi("3c3d")?;
    assert_eq!(game.last_move().map(|m| m.to_string()).as_deref(), Some("3c3d"));
    match game.play_usi("8h8f") {
        Err(GameError::Usi(PlayUsiError::Illegal { reason, .. })) => {
            assert!(matches!(reason, IllegalMoveReason::Unreachable { .. }));
        }
        other => panic!("{other:?}"),
    }
    Ok(())
}

fn mates() -> crate::Result {
    let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    assert_eq!(pos.mate_in_1().map(|m| m.to_string()).as_deref(), Some("G*5b"));
    let three = Position::from_sfen_with("+B8/9/2r6/9/k8/2+B6/9/9/9 b r4g4s4n4l18p 1", SetupMode::Tsume)?;
    assert_eq!(three.mate_in_1(), None);
    assert_eq!(three.mate_in(3).map(|m| m.to_string()).as_deref(), Some("9a7c"));
    Ok(())
}

fn japanese() -> crate::Result {
    let pos: Position = "4k4/9/9/9/9/9/9/K8/3GGG3 b - 1".parse()?;
    let left = pos.parse_usi_move("6i5h")?;
    let right = pos.parse_usi_move("4i5h")?;
    assert_eq!(pos.japanese_move(&left, None).to_string(), "５八金左");
    assert_eq!(pos.japanese_move(&right, None).to_string(), "５八金右");
    let words = pos.move_words(&right);
    assert_eq!((words.relative, words.motion), (Some(Relative::Right), None));
    let candidates: Vec<Move> =
        pos.legal_moves().into_iter().filter(|m| m.to() == right.to() && m.kind() == PieceKind::Gold).collect();
    assert_eq!(words.select(Color::Black, &candidates), [right]);
    assert_eq!(Motion::of(Color::Black, &right), Some(Motion::Up));
    assert_eq!(Relative::Straight.kanji(), '直');
    Ok(())
}

fn traits() -> crate::Result {
    assert_eq!("b".parse::<Color>()?, Color::Black);
    assert_eq!(Color::White.to_string(), "w");
    assert_eq!("+R".parse::<PieceKind>()?, PieceKind::Dragon);
    assert_eq!(PieceKind::Dragon.to_string(), "+R");
    assert_eq!(format!("{:#}", PieceKind::Dragon), "龍");
    assert_eq!("+r".parse::<Piece>()?.to_string(), "+r");
    let hand: Hand = "R2P".parse()?;
    assert_eq!((hand.to_string(), format!("{hand:#}")), ("R2P".to_owned(), "r2p".to_owned()));
    assert_eq!(format!("{:?}", Square::SQ_5E), "5e");
    let moves = Position::startpos().legal_moves();
    let sorted: BTreeSet<Move> = moves.iter().copied().collect();
    let hashed: HashSet<Move> = moves.iter().copied().collect();
    assert_eq!((sorted.len(), hashed.len()), (30, 30));
    Ok(())
}

fn errors() {
    crate::is_error::<ParseColorError>();
    crate::is_error::<ParsePieceError>();
    crate::is_error::<ParseHandError>();
    crate::is_error::<IllegalMoveReason>();
    crate::is_error::<PlayUsiError>();
    crate::is_error::<PlayError>();
    crate::is_error::<GameError>();
    crate::is_error::<ParseGameError>();
    let err = Game::from_usi("position startpos moves 7g7f 7f7e").unwrap_err();
    // The move's error is said once, in the message: no source() to print it again.
    assert!(err.source().is_none() && err.to_string().contains("not the mover's"), "{err}");
    for message in [err.to_string(), "X".parse::<Hand>().unwrap_err().to_string()] {
        assert!(!message.contains("Some(") && !message.ends_with('.'), "{message}");
        assert!(message.starts_with(|c: char| !c.is_uppercase()), "{message}");
    }
}

#[cfg(feature = "serde")]
fn serde() -> crate::Result {
    let hand: Hand = "R2P".parse()?;
    let json = serde_json::to_string(&hand)?;
    assert_eq!(serde_json::from_str::<Hand>(&json)?, hand);
    let mut game = Game::new();
    game.play_usi("7g7f")?;
    let back: Game = serde_json::from_str(&serde_json::to_string(&game)?)?;
    assert_eq!(back.last_move(), game.last_move());
    Ok(())
}
