//! Every rule `Position::check_legal` names, through `Position::play_usi`: the error quotes
//! the text and says which rule the move breaks.

#![allow(clippy::unwrap_used)] // test helpers: a broken fixture should fail loudly

use masu_shogi::{IllegalMoveReason as R, Move, PieceKind, PlayUsiError, Position, Square};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The reason and message `usi` is refused with in `sfen`; the position must not change.
fn refused(sfen: &str, usi: &str) -> (R, String) {
    let mut pos = Position::from_sfen(sfen).unwrap();
    let before = pos.clone();
    let err = pos.play_usi(usi).unwrap_err();
    assert_eq!(pos, before);
    assert_eq!(err.text(), usi);
    let message = err.to_string();
    let prefix = format!("illegal move \"{usi}\": ");
    assert!(message.starts_with(&prefix), "{message}");
    (err.reason().unwrap(), message[prefix.len()..].to_owned())
}

#[test]
fn each_rule_is_named() {
    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let cases: [(&str, &str, R, &str); 12] = [
        (START, "5e5d", R::NoPiece(sq("5e")), "no piece on 5e"),
        (
            START,
            "5c5d",
            R::NotYourPiece(sq("5c")),
            "the piece on 5c is not the mover's",
        ),
        (
            START,
            "6i5i",
            R::OwnPiece(sq("5i")),
            "the mover's own piece stands on 5i",
        ),
        (
            START,
            "7g7e",
            R::Unreachable {
                kind: PieceKind::Pawn,
                from: sq("7g"),
                to: sq("7e"),
            },
            "a pawn on 7g cannot reach 7e",
        ),
        (
            START,
            "7g7f+",
            R::CannotPromote {
                kind: PieceKind::Pawn,
                from: sq("7g"),
                to: sq("7f"),
            },
            "a pawn cannot promote moving from 7g to 7f",
        ),
        (
            START,
            "G*5e",
            R::NotInHand(PieceKind::Gold),
            "no gold in hand",
        ),
        (
            "k8/4P4/9/9/9/9/9/9/4K4 b - 1",
            "5b5a",
            R::DeadSquare {
                kind: PieceKind::Pawn,
                square: sq("5a"),
            },
            "a pawn on 5a could never move again",
        ),
        (
            "k8/9/4N4/9/9/9/9/9/4K4 b - 1",
            "5c4a",
            R::DeadSquare {
                kind: PieceKind::Knight,
                square: sq("4a"),
            },
            "a knight on 4a could never move again",
        ),
        (
            "k8/9/9/9/9/9/4P4/9/4K4 b P 1",
            "P*5e",
            R::TwoPawns(5),
            "two pawns on file 5 (nifu)",
        ),
        (
            "k8/9/9/9/9/9/9/9/4K4 b P 1",
            "P*5a",
            R::DeadSquare {
                kind: PieceKind::Pawn,
                square: sq("5a"),
            },
            "a pawn on 5a could never move again",
        ),
        (
            "7nk/7s1/7G1/9/9/9/9/9/K8 b P 1",
            "P*1b",
            R::PawnDropMate,
            "a pawn drop that mates (uchifuzume)",
        ),
        (
            "k3r4/9/9/9/9/9/9/4G4/4K4 b - 1",
            "5h6h",
            R::KingInCheck,
            "the move leaves the king in check",
        ),
    ];
    for (sfen, usi, reason, message) in cases {
        assert_eq!(
            refused(sfen, usi),
            (reason, message.to_owned()),
            "{usi} in {sfen}"
        );
    }
}

#[test]
fn stale_moves_and_impossible_drops() {
    let pos = Position::startpos();
    let wrong_kind = Move::Normal {
        from: sq("7g"),
        to: sq("7f"),
        kind: PieceKind::Silver,
        capture: None,
        promote: false,
    };
    let err = pos.check_legal(&wrong_kind).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the move names a silver but a pawn stands on 7g"
    );
    let wrong_capture = Move::Normal {
        from: sq("7g"),
        to: sq("7f"),
        kind: PieceKind::Pawn,
        capture: Some(PieceKind::Pawn),
        promote: false,
    };
    assert_eq!(
        pos.check_legal(&wrong_capture),
        Err(R::WrongCapture(sq("7f")))
    );
    let king_drop = Move::Drop {
        kind: PieceKind::King,
        to: sq("5e"),
    };
    assert_eq!(
        pos.check_legal(&king_drop).unwrap_err().to_string(),
        "a king cannot be dropped"
    );
    let pos = Position::from_sfen("k8/9/9/9/9/9/9/9/4K4 b G 1").unwrap();
    let occupied = Move::Drop {
        kind: PieceKind::Gold,
        to: sq("5i"),
    };
    assert_eq!(
        pos.check_legal(&occupied).unwrap_err().to_string(),
        "5i is occupied"
    );
    // Moving the king into check.
    let mut pos = Position::from_sfen("k3r4/9/9/9/9/9/9/9/3K5 b - 1").unwrap();
    let err = pos.play_usi("6i5i").unwrap_err();
    assert_eq!(err.reason(), Some(R::KingInCheck));
    assert!(matches!(
        pos.play_usi("6i5"),
        Err(PlayUsiError::Invalid { .. })
    ));
}
