//! Table sizes a solver cannot have are errors (or a documented panic), never an abort.

use masu_reversi::{Solver, TableError};

#[test]
fn a_table_beyond_the_address_space_is_an_error() {
    // Before `try_new`, `Solver::new(usize::MAX)` panicked with "capacity overflow".
    assert!(Solver::try_new(usize::MAX).is_err());
}

#[test]
fn a_terabyte_table_is_refused_without_an_abort() {
    // Before `try_new`, `Solver::new(1 << 40)` aborted the whole process.
    match Solver::try_new(1 << 40) {
        Err(TableError::MoreThanMemory { bytes, physical }) => {
            assert_eq!(bytes, 1 << 40);
            assert!(physical < 1 << 40);
        }
        // A machine with more than a terabyte, or where the physical memory is not known.
        Err(TableError::Unavailable { .. }) | Ok(_) => {}
        Err(err) => panic!("{err}"),
    }
}

#[test]
#[should_panic(expected = "a table of")]
fn new_panics_with_the_reason() {
    let _ = Solver::new(usize::MAX);
}

#[test]
fn debug_output_names_the_table_size_not_its_slots() {
    // `{:?}` printed every slot: 7.1 MB for a 1 MiB table, 47.9 MB for the player's.
    let solver = format!("{:?}", Solver::new(1 << 20));
    assert!(solver.len() < 300, "{solver}");
    assert!(solver.contains("slots: 32768, bytes: 786432"), "{solver}");
    let player = format!("{:?}", masu_reversi::AlphaBetaPlayer::new(4, 14));
    assert!(player.len() < 600, "{player}");
}
