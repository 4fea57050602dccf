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

/// A table size of 0 is the smallest table (two entries), documented on `Solver::try_new`:
/// it still solves exactly, the score of a large table's.
#[test]
fn a_table_of_zero_bytes_is_the_smallest_and_still_exact() {
    use std::ops::ControlFlow;

    use masu_reversi::{Board, Player, RandomPlayer, SolveLimits, SolveOutcome};

    let mut smallest = Solver::try_new(0).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        format!("{smallest:?}").contains("slots: 2, bytes: 48"),
        "{smallest:?}"
    );
    let mut large = Solver::new(1 << 20);
    // A random game down to 14 empties: milliseconds even with two entries.
    let mut board = Board::new();
    let mut player = RandomPlayer::new(3);
    while board.empty_count() > 14 {
        let m = player
            .choose(&board)
            .unwrap_or_else(|| panic!("over at {board}"));
        board = board.play(m).unwrap_or_else(|e| panic!("{e}"));
    }
    let score = |solver: &mut Solver| match solver
        .solve(&board, SolveLimits::none(), |_| ControlFlow::Continue(()))
    {
        SolveOutcome::Solved(s) => s.score,
        SolveOutcome::Stopped { .. } => panic!("no limit was set"),
    };
    assert_eq!(score(&mut smallest), score(&mut large));
}
