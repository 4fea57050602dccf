//! The solver's progress callback: called once after each root move of the exact pass, as
//! `Solver::solve` documents, and `Break` from it stops the search with that report.
#![allow(clippy::unwrap_used, reason = "test code")]

use std::ops::ControlFlow;

use masu_reversi::{Board, Progress, SolveLimits, SolveOutcome, Solver};

/// 14 empties, black to move.
const BOARD: &str = "XO-O--XO-XOOOOOO-OXOOOXO-XOXOXOO-XXOXOOO--XXOXOO--OOXXOO-OOOXX-- X";

#[test]
fn progress_is_reported_after_each_root_move() {
    let board: Board = BOARD.parse().unwrap();
    let mut reports: Vec<Progress> = Vec::new();
    let outcome = Solver::new(1 << 20).solve(&board, SolveLimits::none(), |p| {
        reports.push(*p);
        ControlFlow::Continue(())
    });
    let SolveOutcome::Solved(solution) = outcome else {
        panic!("no limits were set")
    };
    let moves = board.moves().count();
    assert!(moves > 1);
    assert_eq!(reports.len(), moves);
    for (i, report) in reports.iter().enumerate() {
        assert_eq!((report.moves_done, report.moves_total), (i + 1, moves));
    }
    // The best so far never gets worse, and the last report is the answer.
    assert!(reports.windows(2).all(|w| w[0].score <= w[1].score));
    let last = reports.last().unwrap();
    assert_eq!(
        (Some(last.best_move), last.score),
        (solution.best_move, solution.score)
    );
}

#[test]
fn break_stops_with_the_report() {
    let board: Board = BOARD.parse().unwrap();
    let mut first = None;
    let outcome = Solver::new(1 << 20).solve(&board, SolveLimits::none(), |p| {
        first = Some(*p);
        ControlFlow::Break(())
    });
    assert!(first.is_some());
    assert!(matches!(outcome, SolveOutcome::Stopped { best, .. } if best == first));
}

#[test]
fn no_report_without_a_root_move() {
    // White to move must pass (only black can take a1), and a finished game.
    let must_pass: Board = format!("-O{} O", "X".repeat(62)).parse().unwrap();
    assert!(must_pass.must_pass());
    let over: Board = format!("{} O", "X".repeat(64)).parse().unwrap();
    for board in [must_pass, over] {
        let mut calls = 0;
        let outcome = Solver::new(1 << 20).solve(&board, SolveLimits::none(), |_| {
            calls += 1;
            ControlFlow::Continue(())
        });
        assert!(matches!(outcome, SolveOutcome::Solved(_)));
        assert_eq!(calls, 0);
    }
}
