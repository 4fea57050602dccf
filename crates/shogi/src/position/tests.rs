//! Rule tests, each named after the rule it pins. Positions are SFEN; the board is drawn
//! from Black's side (rank a on top, file 9 on the left).

use crate::{
    Color, Move, ParseSfenError, Piece, PieceKind, Position, PositionErrorKinds, Setup, SetupMode,
    Square, UsiMove, perft,
};

fn pos(sfen: &str) -> Position {
    sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn usi(pos: &Position, text: &str) -> Result<Move, crate::IllegalUsiMoveError> {
    text.parse::<UsiMove>().unwrap().to_move(pos)
}

fn legal_usi(pos: &Position) -> Vec<String> {
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// Checks that `text` is legal or not, consistently in `is_legal` and `legal_moves`.
fn assert_legality(pos: &Position, text: &str, legal: bool) {
    let in_list = legal_usi(pos).iter().any(|m| m == text);
    assert_eq!(in_list, legal, "{text} in legal_moves of {pos}");
    let parsed: UsiMove = text.parse().unwrap();
    assert_eq!(
        parsed.to_move(pos).is_ok(),
        legal,
        "{text} is_legal in {pos}"
    );
}

#[test]
fn startpos_perft_shallow() {
    let pos = Position::startpos();
    assert_eq!(perft(&pos, 1), 30);
    assert_eq!(perft(&pos, 2), 900);
    assert_eq!(perft(&pos, 3), 25_470);
    assert_eq!(crate::perft_make(&pos, 3), 25_470);
}

// Uchifuzume (打ち歩詰め). White king 1a, White lance 2a; Black silver 1c guards 1b and the
// Black lance on 2h covers 2b: P*1b would mate, so it is illegal (haitaka's test position).
#[test]
fn pawn_drop_mate_is_illegal() {
    let p = pos("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
    assert_legality(&p, "P*1b", false);
    assert_eq!(p.legal_moves().len(), 85);
}

// The same mate given by a pawn MOVE (1c1b, guarded by the gold on 2c) is legal.
#[test]
fn pawn_move_mate_is_legal() {
    let p = pos("7lk/9/7GP/9/9/9/9/9/8K b - 1");
    assert_legality(&p, "1c1b", true);
    let m = usi(&p, "1c1b").unwrap();
    let after = p.play(m).unwrap();
    assert!(after.is_checkmate());
}

// An unguarded dropped pawn can be taken by the king: not mate, so the drop is legal.
#[test]
fn pawn_drop_the_king_can_take_is_legal() {
    let p = pos("7lk/7p1/9/9/9/9/9/9/K8 b P 1");
    assert_legality(&p, "P*1b", true);
}

// The bishop on 5f (not pinned) can take a pawn dropped on 1b: not mate, legal.
#[test]
fn pawn_drop_a_free_defender_can_take_is_legal() {
    let p = pos("7lk/9/8S/9/9/4b4/9/7L1/8K b P 1");
    assert_legality(&p, "P*1b", true);
}

// The gold on 2b could take on 1b, but the Black bishop on 4d pins it to the king on 1a:
// the drop mates and is illegal. Without the bishop it is legal.
#[test]
fn pawn_drop_a_pinned_defender_cannot_take_is_mate() {
    let pinned = pos("7lk/7g1/8S/5B3/9/9/9/9/8K b P 1");
    assert_legality(&pinned, "P*1b", false);
    let free = pos("7lk/7g1/8S/9/9/9/9/9/8K b P 1");
    assert_legality(&free, "P*1b", true);
}

// A dropped pawn guarded by the knight on 2d leaves the king the escape 2b: legal.
#[test]
fn pawn_drop_with_an_escape_square_is_legal() {
    let p = pos("7lk/9/9/7N1/9/9/9/9/8K b P 1");
    assert_legality(&p, "P*1b", true);
}

// Nifu (二歩): no drop on a file with an unpromoted pawn of one's own; a tokin does not count,
// nor does an enemy pawn.
#[test]
fn nifu_counts_only_unpromoted_own_pawns() {
    let tokin = pos("4k4/9/9/9/4+P4/9/9/9/4K4 b P 1");
    assert_legality(&tokin, "P*5d", true);
    let pawn = pos("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert_legality(&pawn, "P*5d", false);
    assert_legality(&pawn, "P*4d", true);
    let enemy = pos("4k4/4p4/9/9/9/9/9/9/4K4 b P 1");
    assert_legality(&enemy, "P*5d", true);
}

// Dead squares: pawns and lances are never dropped on the last rank, knights on the last two.
#[test]
fn drops_never_land_on_dead_squares() {
    let black = pos("4k4/9/9/9/9/9/9/9/4K4 b PLN 1");
    for bad in ["P*1a", "L*1a", "N*1a", "N*1b"] {
        assert_legality(&black, bad, false);
    }
    for good in ["P*1b", "L*1b", "N*1c"] {
        assert_legality(&black, good, true);
    }
    let white = pos("4k4/9/9/9/9/9/9/9/4K4 w pln 1");
    for bad in ["P*1i", "L*1i", "N*1i", "N*1h"] {
        assert_legality(&white, bad, false);
    }
    assert_legality(&white, "N*1g", true);
}

// Promotion is forced where the piece could never move again, optional elsewhere in the zone,
// and available when leaving the zone.
#[test]
fn promotion_forced_optional_and_on_leaving_the_zone() {
    let p = pos("4k4/9/P8/9/9/L8/9/1N6S/4K4 b - 1");
    // Pawn 9c to 9b: optional.
    assert_legality(&p, "9c9b", true);
    assert_legality(&p, "9c9b+", true);
    // Knight 8h to 7f / 9f: outside the zone, no promotion.
    assert_legality(&p, "8h7f", true);
    assert_legality(&p, "8h7f+", false);
    let q = pos("4k4/P8/9/1N7/9/9/9/9/4K4 b - 1");
    assert_legality(&q, "9b9a", false);
    assert_legality(&q, "9b9a+", true);
    // Knight 8d to 7b / 9b: must promote.
    assert_legality(&q, "8d7b", false);
    assert_legality(&q, "8d7b+", true);
    // Silver leaving the zone may promote.
    let s = pos("4k4/9/S8/9/9/9/9/9/4K4 b - 1");
    assert_legality(&s, "9c8d+", true);
    assert_legality(&s, "9c8d", true);
    // Lance to the last rank must promote.
    let l = pos("4k4/9/9/9/9/9/9/9/L3K4 b - 1");
    assert_legality(&l, "9i9b", true);
    assert_legality(&l, "9i9b+", true);
    assert_legality(&l, "9i9a+", true);
    assert_legality(&l, "9i9a", false);
}

// Gold and king never promote; promoted pieces do not promote again.
#[test]
fn only_promotable_kinds_promote() {
    let p = pos("4k4/9/9/4G4/9/9/9/9/4K4 b - 1");
    assert_legality(&p, "5d5c", true);
    assert_legality(&p, "5d5c+", false);
    let q = pos("4k4/9/9/4+B4/9/9/9/9/4K4 b - 1");
    assert_legality(&q, "5d4c", true);
    assert_legality(&q, "5d4c+", false);
}

// Double check: only king moves are legal (no capture of one checker, no interposition).
#[test]
fn double_check_allows_king_moves_only() {
    // White king 5a; Black rook on 5e and bishop on 9e give check together.
    let p = pos("4k4/9/9/9/B3R4/9/9/9/4K4 w r 1");
    assert!(p.checkers().count() == 2);
    for m in p.legal_moves() {
        assert_eq!(m.kind(), PieceKind::King, "{m}");
    }
    assert!(!p.legal_moves().is_empty());
}

// Evasions: interposing by a drop and by a move, capturing the checker, stepping away.
#[test]
fn evasions_include_drop_interpositions() {
    // White king 5a in check from the Black rook on 5e; White holds a gold.
    let p = pos("4k4/9/9/9/4R4/9/9/9/4K4 w g 1");
    let moves = legal_usi(&p);
    for m in ["G*5b", "G*5c", "G*5d", "5a4a", "5a6b"] {
        assert!(moves.contains(&m.to_owned()), "{m} missing");
    }
    assert!(!moves.contains(&"G*4d".to_owned()));
    assert!(!moves.contains(&"5a5b".to_owned()));
    // No drop into check-irrelevant squares while in check.
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| !m.is_drop() || m.to().file() == 5)
    );
}

// A pinned piece may move only along the pin line; moving off it is illegal.
#[test]
fn pinned_piece_moves_along_the_pin_only() {
    // White rook 5a pins the Black rook on 5e to the king on 5i.
    let p = pos("4r4/9/9/9/4R4/9/9/9/4K3k b - 1");
    assert_legality(&p, "5e5b", true);
    assert_legality(&p, "5e5a", true);
    assert_legality(&p, "5e4e", false);
    assert_legality(&p, "5e5h", true);
}

// A king may not step along the line of a slider that checks it.
#[test]
fn king_cannot_retreat_along_the_checking_line() {
    let p = pos("4r4/9/9/9/9/9/9/4K4/8k b - 1");
    assert_legality(&p, "5h5i", false);
    assert_legality(&p, "5h4h", true);
}

// No stalemate: a side with no legal move is not "checkmated" but has no moves either.
#[test]
fn no_legal_moves_without_check_is_not_checkmate() {
    let p = pos("8K/6+r2/9/9/9/9/9/9/k8 b - 1");
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty());
    assert!(!p.has_legal_moves());
    assert!(!p.is_checkmate());
}

#[test]
fn captured_pieces_go_to_hand_unpromoted() {
    let p = pos("4k4/9/4+r4/9/9/9/9/4R4/4K4 b - 1");
    let m = usi(&p, "5h5c").unwrap();
    let after = p.play(m).unwrap();
    assert_eq!(after.hand(Color::Black).count(PieceKind::Rook), 1);
    assert_eq!(after.hand(Color::Black).count(PieceKind::Dragon), 0);
}

#[test]
fn gives_check_direct_discovered_and_by_promotion() {
    // Discovered: the Black lance on 5i checks when the silver on 5e steps aside.
    let p = pos("4k4/9/9/9/4S4/9/9/9/4L3K b - 1");
    assert!(p.gives_check(&usi(&p, "5e4d").unwrap()));
    assert!(!p.gives_check(&usi(&p, "5e5d").unwrap()));
    let checks: Vec<String> = p.check_moves().iter().map(|m| m.to_string()).collect();
    for m in ["5e4d", "5e6d", "5e4f", "5e6f"] {
        assert!(
            checks.contains(&m.to_owned()),
            "{m} missing from {checks:?}"
        );
    }
    assert!(!checks.contains(&"5e5d".to_owned()));
    // Direct by a drop, and by promotion: a silver on 4c promoted to a gold checks 5a? No:
    // 4b+ from 4c is adjacent diagonally in front... use a pawn that promotes beside the king.
    let q = pos("4k4/9/3P5/9/9/9/9/9/8K b G 1");
    assert!(q.gives_check(&usi(&q, "G*5b").unwrap()));
    assert!(q.gives_check(&usi(&q, "6c6b+").unwrap()));
    assert!(!q.gives_check(&usi(&q, "6c6b").unwrap()));
    let checks: Vec<String> = q.check_moves().iter().map(|m| m.to_string()).collect();
    assert!(checks.contains(&"6c6b+".to_owned()));
    assert!(!checks.contains(&"6c6b".to_owned()));
    for m in q.check_moves() {
        let after = q.clone().play(m).unwrap();
        assert!(after.in_check(), "{m}");
    }
}

#[test]
fn checkmate_is_detected() {
    let p = pos("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    assert!(p.is_checkmate());
    assert!(!Position::startpos().is_checkmate());
}

#[test]
fn play_returns_the_position_on_illegal_moves() {
    let p = Position::startpos();
    let m = Move::Normal {
        from: Square::SQ_7G,
        to: Square::SQ_7E,
        kind: PieceKind::Pawn,
        capture: None,
        promote: false,
    };
    let err = p.clone().play(m).unwrap_err();
    assert_eq!(err.m, m);
    assert_eq!(err.into_inner(), p);
}

#[test]
fn setup_errors_are_named() {
    let cases = [
        (
            "9/9/9/9/9/9/9/9/4K4 b - 1",
            PositionErrorKinds::MISSING_KING,
        ),
        (
            "4k4/9/9/9/9/9/9/9/3KK4 b - 1",
            PositionErrorKinds::TOO_MANY_KINGS,
        ),
        (
            "P3k4/9/9/9/9/9/9/9/4K4 b - 1",
            PositionErrorKinds::STUCK_PIECE,
        ),
        (
            "4k4/N8/9/9/9/9/9/9/4K4 b - 1",
            PositionErrorKinds::STUCK_PIECE,
        ),
        (
            "4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1",
            PositionErrorKinds::TWO_PAWNS,
        ),
        (
            "4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
            PositionErrorKinds::OPPOSITE_CHECK,
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K4 b 2R2r 1",
            PositionErrorKinds::TOO_MUCH_MATERIAL,
        ),
    ];
    for (sfen, kind) in cases {
        match Position::from_sfen(sfen) {
            Err(ParseSfenError::Position(e)) => assert_eq!(e.kinds(), kind, "{sfen}"),
            other => panic!("{sfen}: {other:?}"),
        }
    }
    // More material than a set could overflow the packed hand counts: never waived.
    let Err(ParseSfenError::Position(e)) = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2R2r 1")
    else {
        panic!("too much material accepted");
    };
    assert!(e.ignore(PositionErrorKinds::all()).is_err());
    // Two tokins on a file are fine.
    assert!(Position::from_sfen("4k4/9/9/9/4+P4/4+P4/9/9/4K4 b - 1").is_ok());
}

#[test]
fn tsume_mode_allows_a_missing_attacker_king_and_fills_the_defender_hand() {
    let sfen = "4k4/9/4P4/9/9/9/9/9/9 b G 1";
    // Read as a game, the error points at tsume mode.
    let err = Position::from_sfen(sfen).unwrap_err().to_string();
    assert!(
        err.contains("missing king") && err.contains("SetupMode::Tsume"),
        "{err}"
    );
    // Without the defender's king tsume mode would not help: no hint.
    let err = Position::from_sfen("9/9/9/9/9/9/9/9/4K4 b G 1").unwrap_err();
    assert!(!err.to_string().contains("Tsume"), "{err}");
    let p = Position::from_sfen_with(sfen, SetupMode::Tsume).unwrap();
    let white = p.hand(Color::White);
    assert_eq!(white.count(PieceKind::Pawn), 17);
    assert_eq!(white.count(PieceKind::Gold), 3);
    assert_eq!(white.count(PieceKind::Rook), 2);
    assert_eq!(p.hand(Color::Black).count(PieceKind::Gold), 1);
    assert_eq!(p.king_square(Color::Black), None);
    assert!(p.legal_moves().iter().any(|m| m.to_string() == "G*5b"));
    // Some side must have a king; a kingless attacker may also be the side not to move
    // (positions inside a solution).
    assert!(Position::from_sfen_with("9/9/9/9/9/9/9/9/9 b G 1", SetupMode::Tsume).is_err());
    let defending = Position::from_sfen_with("4k4/4G4/9/9/9/9/9/9/9 w G 1", SetupMode::Tsume);
    assert_eq!(
        defending.unwrap().hand(Color::White).count(PieceKind::Gold),
        2
    );
    // A missing king can also be waived after the fact.
    let setup = Setup::from_sfen(sfen).unwrap();
    let err = Position::from_setup(setup, SetupMode::Strict).unwrap_err();
    assert!(err.ignore_missing_king().is_ok());
}

#[test]
fn sfen_errors_say_what_and_where() {
    use crate::BoardError;
    let cases: [(&str, ParseSfenError); 10] = [
        ("", ParseSfenError::Empty),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
            ParseSfenError::Board {
                at: 56,
                error: BoardError::InvalidPiece,
            },
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
            ParseSfenError::Board {
                at: 56,
                error: BoardError::RankTooShort,
            },
        ),
        (
            "lnsgkgsnl/1r5b11/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            ParseSfenError::Board {
                at: 15,
                error: BoardError::RankTooLong,
            },
        ),
        (
            "sfen 4k4/9/9/9/9/9/9/9/4K4 x - 1",
            ParseSfenError::Turn { at: 27 },
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K4 b 19P 1",
            ParseSfenError::HandCount {
                at: 26,
                kind: PieceKind::Pawn,
                count: 19,
            },
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K4 b 0P 1",
            ParseSfenError::Hand { at: 24 },
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K4 b - 2147483648",
            ParseSfenError::MoveNumber { at: 26 },
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K4 b - 1 x",
            ParseSfenError::Trailing { at: 28 },
        ),
        (
            "startpos moves 7g7f 7g7f",
            ParseSfenError::IllegalMove {
                at: 20,
                index: 2,
                usi: UsiMove::Normal {
                    from: Square::SQ_7G,
                    to: Square::SQ_7F,
                    promote: false,
                },
                reason: crate::IllegalMoveReason::NoPiece(Square::SQ_7G),
            },
        ),
    ];
    for (text, err) in cases {
        assert_eq!(Position::from_sfen(text).unwrap_err(), err, "{text:?}");
    }
    // A count beyond a set's says how many a set has (it read `invalid hands at byte 26`
    // alone); letters repeated count together.
    let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 99G 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid hands at byte 26: 99 golds: a set has 4"
    );
    assert_eq!(err.offset(), Some(26));
    let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 3r2R 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid hands at byte 25: 3 rooks: a set has 2"
    );
    let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 3G2G 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid hands at byte 27: 5 golds: a set has 4"
    );
    let last = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 2147483647").unwrap();
    assert_eq!(last.ply(), crate::MAX_MOVE_NUMBER);
    // A setup made in code is held to the same bound (u32::MAX wrapped to 0 after a move).
    let mut setup = Setup::startpos();
    setup.ply = crate::MAX_MOVE_NUMBER + 1;
    let err = Position::from_setup(setup, SetupMode::Strict).unwrap_err();
    assert_eq!(err.kinds(), crate::PositionErrorKinds::MOVE_NUMBER);
    assert!(
        err.to_string().contains("move number above 2147483647"),
        "{err}"
    );
}

#[test]
fn sfen_forms_and_round_trip() {
    let start = Position::startpos();
    for text in [
        "startpos",
        "position startpos",
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -",
        "  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL  b  -  1 ",
        "startpos moves",
    ] {
        assert_eq!(Position::from_sfen(text).unwrap(), start, "{text}");
    }
    let text = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
    let matsuri = pos(text);
    assert_eq!(matsuri.to_string(), text);
    // Two-digit hand counts, a four-digit move number, promoted White pieces, empty ranks:
    // the writer's digits and piece texts, the same through `to_sfen` and `Display`.
    let text = "4k4/9/4+r4/9/9/9/4+B4/9/4K4 w R2G18Pb3s2n 1234";
    assert_eq!(
        (pos(text).to_sfen(), pos(text).to_string()),
        (text.into(), text.into())
    );
    let reordered = pos("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1");
    assert_eq!(reordered, matsuri);
    let line = pos("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e");
    assert_eq!(
        line.to_string(),
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
    );
}

/// A tsume setup's defender gets the pieces placed nowhere, and the key counts them.
#[test]
fn tsume_setups_key_the_defenders_filled_hand() {
    let p = Position::from_sfen_with("8k/9/8P/9/9/9/9/9/9 b G 1", SetupMode::Tsume).unwrap();
    assert!(p.key_is_consistent());
    assert_eq!(p.hand(Color::White).count(PieceKind::Pawn), 17);
    let written = Position::from_sfen_with(&p.to_sfen(), SetupMode::Tsume).unwrap();
    assert_eq!((written.key(), written), (p.key(), p));
}

#[test]
fn keys_follow_moves_and_halves() {
    let mut p = Position::startpos();
    let k0 = p.key();
    let m = usi(&p, "7g7f").unwrap();
    let undo = p.play_unchecked(m);
    assert_ne!(p.key(), k0);
    assert!(p.key_is_consistent());
    p.undo_unchecked(m, undo);
    assert_eq!(p.key(), k0);
    assert_eq!(p, Position::startpos());
    // Same board, different side to move: different board keys.
    let b = pos("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    let w = pos("4k4/9/9/9/9/9/9/9/4K4 w - 1");
    assert_ne!(b.board_key(), w.board_key());
    assert_eq!(b.hand_key(), 0);
    // The hand half adds per piece.
    let one = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    let two = pos("4k4/9/9/9/9/9/9/9/4K4 b 2G 1");
    assert_eq!(two.hand_key(), one.hand_key().wrapping_mul(2));
    assert_eq!(one.board_key(), b.board_key());
}

#[test]
fn accessors_for_game_code() {
    let p = Position::startpos();
    assert_eq!(p.king_square(Color::Black), Some(Square::SQ_5I));
    assert_eq!(p.king_square(Color::White), Some(Square::SQ_5A));
    assert_eq!(p.pieces(Color::Black).count(), 20);
    assert_eq!(p.occupied().count(), 40);
    assert_eq!(
        p.piece_at(Square::SQ_8H),
        Some(Piece::new(Color::Black, PieceKind::Bishop))
    );
    assert_eq!(p.to_setup(), Setup::startpos());
    assert_eq!(p.attackers_to(Square::SQ_7F, Color::Black).count(), 1);
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config {
        cases: 200,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x6b65_7973),
        ..proptest::test_runner::Config::default()
    })]

    /// Along random legal walks, every move and every undo keeps both key halves equal to
    /// their computation from scratch (the incremental updates of `play_unchecked` and
    /// `undo_unchecked`: captures into hand, drops, promotions, the side to move).
    #[test]
    fn incremental_keys_equal_fresh_keys(
        start in 0usize..4,
        picks in proptest::collection::vec(0usize..1000, 0..60),
    ) {
        let starts = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            // A tsume position: the attacker has no king.
            "9/1+R+N1kP2S/6pn1/9/9/5+B3/1R2S4/3p5/9 b NPb4g2sn4l14p 1",
        ];
        let mut p = Position::from_sfen_with(starts[start], SetupMode::Tsume).unwrap();
        for pick in picks {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[pick % moves.len()];
            let before = p.clone();
            let undo = p.play_unchecked(m);
            proptest::prop_assert!(p.key_is_consistent(), "after {} in {}", m, before);
            let mut back = p.clone();
            back.undo_unchecked(m, undo);
            proptest::prop_assert!(back.key_is_consistent(), "undo {} in {}", m, before);
            proptest::prop_assert_eq!(&back, &before);
        }
    }
}

#[test]
fn checking_drops_obey_the_drop_rules() {
    let checks = |sfen: &str| -> Vec<String> {
        pos(sfen)
            .check_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    };
    // Our king in check from the rook on 5a: only drops that also block it.
    assert_eq!(checks("4r4/9/5k3/9/9/9/9/9/4K4 b G 1"), ["G*5c", "G*5d"]);
    // In double check (the bishop on 1e too) no drop helps.
    assert!(checks("4r4/9/5k3/9/8b/9/9/9/4K4 b G 1").is_empty());
    // P*1b would mate (打ち歩詰め); a second pawn on file 2 would be 二歩.
    let corner = checks("8k/6G2/7S1/9/9/9/9/9/K8 b P 1");
    assert!(!corner.contains(&"P*1b".to_owned()), "{corner:?}");
    assert!(checks("7k1/9/9/9/9/9/7P1/9/K8 b P 1").is_empty());
}
