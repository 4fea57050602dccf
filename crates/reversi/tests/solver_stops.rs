//! A time limit and the interrupt check stop a solve promptly even where its nodes are
//! expensive: at 60 empties each node's move ordering searches several plies below every
//! child, far longer than the node count between clock readings once took.
#![allow(clippy::unwrap_used, reason = "test code")]

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use masu_reversi::{Board, SolveLimits, SolveOutcome, Solver};

fn solve_start(solver: &mut Solver, limits: SolveLimits) -> (SolveOutcome, Duration) {
    let start = Instant::now();
    let outcome = solver.solve(&Board::new(), limits, |_| ControlFlow::Continue(()));
    (outcome, start.elapsed())
}

#[test]
fn a_time_limit_stops_a_solve_of_the_start_position() {
    let limits = SolveLimits {
        nodes: None,
        time: Some(Duration::from_millis(200)),
    };
    let (outcome, took) = solve_start(&mut Solver::new(1 << 20), limits);
    assert!(matches!(outcome, SolveOutcome::Stopped { .. }));
    assert!(took < Duration::from_secs(10), "{took:?}");
}

#[test]
fn the_interrupt_check_stops_a_solve_and_is_asked_again_by_the_next() {
    let asked = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&asked);
    let mut solver = Solver::new(1 << 20);
    solver.set_interrupt(Some(Arc::new(move || {
        counter.fetch_add(1, Ordering::Relaxed) % 2 == 1
    })));
    for solves in 1..=2 {
        let (outcome, took) = solve_start(&mut solver, SolveLimits::none());
        assert!(matches!(outcome, SolveOutcome::Stopped { .. }));
        assert!(took < Duration::from_secs(10), "{took:?}");
        // Asked twice a solve: "go on", then "stop".
        assert_eq!(asked.load(Ordering::Relaxed), 2 * solves);
    }
    // 14 empties solve before the first question.
    solver.set_interrupt(None);
    let board: Board = "XO-O--XO-XOOOOOO-OXOOOXO-XOXOXOO-XXOXOOO--XXOXOO--OOXXOO-OOOXX-- X"
        .parse()
        .unwrap();
    let outcome = solver.solve(&board, SolveLimits::none(), |_| ControlFlow::Continue(()));
    assert!(matches!(outcome, SolveOutcome::Solved(_)));
}

/// A time limit past what the clock holds is no limit (a `--time 1e19` panicked).
#[test]
fn a_time_limit_of_any_size_is_a_limit() {
    let board: Board = "XO-O--XO-XOOOOOO-OXOOOXO-XOXOXOO-XXOXOOO--XXOXOO--OOXXOO-OOOXX-- X"
        .parse()
        .unwrap();
    let limits = SolveLimits {
        nodes: None,
        time: Some(Duration::MAX),
    };
    let outcome = Solver::new(1 << 20).solve(&board, limits, |_| ControlFlow::Continue(()));
    assert!(matches!(outcome, SolveOutcome::Solved(_)));
}

#[test]
fn a_finished_game_is_solved_under_any_limit() {
    // A wipe-out with 34 empties was "stopped" by a zero budget while a full board was
    // solved: neither needs a search.
    let wipe_out: Board = format!("{}{} O", "X".repeat(30), "-".repeat(34))
        .parse()
        .unwrap();
    let full: Board = format!("{}{} X", "X".repeat(40), "O".repeat(24))
        .parse()
        .unwrap();
    for (board, score) in [(wipe_out, -64), (full, 16)] {
        for limits in [
            SolveLimits {
                nodes: Some(0),
                time: None,
            },
            SolveLimits {
                nodes: None,
                time: Some(Duration::ZERO),
            },
        ] {
            let outcome = Solver::new(1 << 16).solve(&board, limits, |_| ControlFlow::Continue(()));
            let SolveOutcome::Solved(solution) = outcome else {
                panic!("{board}: {outcome:?}");
            };
            assert_eq!((solution.score, solution.best_move), (score, None));
        }
    }
}
