//! Composed positions that break setup rules on purpose, accepted with `PositionError::ignore`.
// Tests unwrap: a failure is a test failure.
#![allow(
    clippy::unwrap_used,
    reason = "test fixtures: a broken one should fail loudly"
)]

use masu_shogi::{Position, PositionErrorKinds, SetupMode, perft};

/// 九歩 (from Kifu-for-JS's `9fu.kif`): nine White pawns on file 2, one on White's last rank.
const NINE_PAWNS: &str = "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1";

#[test]
fn nine_pawns_are_refused_then_accepted_on_request() {
    let setup = masu_shogi::Setup::from_sfen(NINE_PAWNS).unwrap();
    let err = Position::from_setup(setup, SetupMode::Strict).unwrap_err();
    let faults = PositionErrorKinds::MISSING_KING
        | PositionErrorKinds::TWO_PAWNS
        | PositionErrorKinds::STUCK_PIECE;
    assert_eq!(err.kinds(), faults);
    // Ignoring only some faults keeps the others.
    let err = err.ignore(PositionErrorKinds::MISSING_KING).unwrap_err();
    assert_eq!(
        err.kinds(),
        PositionErrorKinds::TWO_PAWNS | PositionErrorKinds::STUCK_PIECE
    );
    let pos = err.ignore(faults).unwrap();
    // Move generation stays sound: Black's lance and knight drops, and the mating line of
    // the record (L*1c N*1b 1c1b+ ...) is legal.
    assert!(!pos.legal_moves().is_empty());
    let line = format!("position sfen {NINE_PAWNS} moves L*1c N*1b 1c1b+ 1a1b L*1d N*1c");
    let setup = masu_shogi::Setup::from_sfen(NINE_PAWNS).unwrap();
    let mut after = Position::from_setup(setup, SetupMode::Strict)
        .or_else(|e| e.ignore(faults))
        .unwrap();
    for usi in line.split_whitespace().skip(7) {
        let m = usi
            .parse::<masu_shogi::UsiMove>()
            .unwrap()
            .to_move(&after)
            .unwrap();
        after = after.play(m).unwrap();
    }
    assert!(perft(&after, 2) > 0);
}

#[test]
fn a_side_not_to_move_in_check_is_never_accepted() {
    // White's king on 5a is attacked by Black's rook on 5i, and Black is to move.
    let setup = masu_shogi::Setup::from_sfen("4k4/9/9/9/9/9/9/9/4R3K b - 1").unwrap();
    let err = Position::from_setup(setup, SetupMode::Strict).unwrap_err();
    assert!(err.kinds().contains(PositionErrorKinds::OPPOSITE_CHECK));
    let err = err.ignore(PositionErrorKinds::all()).unwrap_err();
    assert_eq!(err.kinds(), PositionErrorKinds::OPPOSITE_CHECK);
}
