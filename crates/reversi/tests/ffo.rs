//! FFO endgame positions #40-#59 (tests/data/ffo40-59.txt): exact score and a best move.
//!
//! #40 runs by default (0.25 s of CPU, 12 M nodes, in a release build on the 2-core development
//! machine); #41-#49 (26.5 s together, #45 and #49 8-9 s each) and #50-#59 (about 13 minutes
//! together, from 0.11 s for #59 to 7 minutes for #55) are `#[ignore]`d; `ffo_chosen` solves the positions
//! named in `FFO_IDS` with a table of `FFO_TABLE_MIB`. The crate's MEASUREMENTS.md has the commands
//! and the per-position nodes and times.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    reason = "test helpers panic on failure"
)]

use std::ops::ControlFlow;

use masu_reversi::{Board, Move, SolveLimits, SolveOutcome, Solver};

struct Position {
    id: u32,
    board: Board,
    score: i32,
    best: Vec<Move>,
}

fn positions() -> Vec<Position> {
    include_str!("data/ffo40-59.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            Position {
                id: f[0].parse().unwrap(),
                board: format!("{} {}", f[1], f[2]).parse().unwrap(),
                score: f[3].parse().unwrap(),
                best: f[4].split(',').map(|m| m.parse().unwrap()).collect(),
            }
        })
        .collect()
}

fn solve_range(ids: std::ops::RangeInclusive<u32>) {
    solve_ids(|id| ids.contains(&id), TABLE_BYTES, false);
}

/// The table size of the FFO tests and the bench.
const TABLE_BYTES: usize = 64 << 20;

/// Solves the wanted positions; `verbose` prints the nodes after each root move.
fn solve_ids(wanted: impl Fn(u32) -> bool, table_bytes: usize, verbose: bool) {
    let mut solver = Solver::new(table_bytes);
    for pos in positions().into_iter().filter(|p| wanted(p.id)) {
        solver.clear();
        let outcome = solver.solve(&pos.board, SolveLimits::none(), |p| {
            if verbose {
                eprintln!(
                    "  #{} root move {}/{}: best {} {:+}, {} nodes",
                    pos.id, p.moves_done, p.moves_total, p.best_move, p.score, p.nodes
                );
            }
            ControlFlow::Continue(())
        });
        let SolveOutcome::Solved(s) = outcome else {
            panic!("#{}: stopped without limits", pos.id)
        };
        eprintln!(
            "#{} score {:+} move {:?} nodes {} time {:?}",
            pos.id, s.score, s.best_move, s.nodes, s.elapsed
        );
        assert_eq!(s.score, pos.score, "#{} score", pos.id);
        let mv = s.best_move.expect("a best move");
        assert!(
            pos.best.contains(&mv),
            "#{}: {mv} is not among {:?}",
            pos.id,
            pos.best
        );
    }
}

#[test]
fn ffo_40() {
    solve_range(40..=40);
}

/// `cargo test -p masu-reversi --release --test ffo -- --ignored ffo_41_to_49`
#[test]
#[ignore = "slow: FFO #41-#49"]
fn ffo_41_to_49() {
    solve_range(41..=49);
}

/// `cargo test -p masu-reversi --release --test ffo -- --ignored ffo_50_to_59`
#[test]
#[ignore = "slow: FFO #50-#59"]
fn ffo_50_to_59() {
    solve_range(50..=59);
}

/// Chosen positions and table size, for measurements (prints the nodes after each root move):
/// `FFO_IDS=53,54 FFO_TABLE_MIB=256 cargo test -p masu-reversi --release --test ffo -- --ignored ffo_chosen --nocapture`
#[test]
#[ignore = "slow: the FFO positions named in FFO_IDS"]
fn ffo_chosen() {
    let ids: Vec<u32> = std::env::var("FFO_IDS")
        .unwrap_or_default()
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let table_bytes = std::env::var("FFO_TABLE_MIB")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .map_or(TABLE_BYTES, |mib| mib << 20);
    solve_ids(|id| ids.contains(&id), table_bytes, true);
}

#[test]
fn node_limit_stops_and_reports() {
    let pos = positions().into_iter().find(|p| p.id == 40).unwrap();
    let mut solver = Solver::new(1 << 20);
    let limits = SolveLimits {
        nodes: Some(10_000),
        time: None,
    };
    let outcome = solver.solve(&pos.board, limits, |_| ControlFlow::Continue(()));
    // The limit is checked at every interior node; a few leaf nodes may follow it.
    assert!(
        matches!(outcome, SolveOutcome::Stopped { nodes, .. } if nodes <= 10_100),
        "{outcome:?}"
    );
}

#[test]
fn callback_can_stop_the_search() {
    let pos = positions().into_iter().find(|p| p.id == 41).unwrap();
    let mut solver = Solver::new(1 << 20);
    let mut calls = 0;
    let outcome = solver.solve(&pos.board, SolveLimits::none(), |_| {
        calls += 1;
        ControlFlow::Break(())
    });
    assert_eq!(calls, 1);
    assert!(matches!(
        outcome,
        SolveOutcome::Stopped { best: Some(_), .. }
    ));
}

/// The copy of the search chosen at run time and the portable copy walk the same tree.
#[test]
fn dispatched_and_portable_solves_agree() {
    let board: Board = "XO-O--XO-XOOOOOO-OXOOOXO-XOXOXOO-XXOXOOO--XXOXOO--OOXXOO-OOOXX-- X"
        .parse()
        .unwrap();
    let mut solver = Solver::new(4 << 20);
    let mut run = |portable: bool| {
        solver.clear();
        let outcome = if portable {
            solver.solve_portable(&board, SolveLimits::none(), |_| ControlFlow::Continue(()))
        } else {
            solver.solve(&board, SolveLimits::none(), |_| ControlFlow::Continue(()))
        };
        let SolveOutcome::Solved(s) = outcome else {
            panic!("stopped without limits")
        };
        (s.score, s.best_move, s.nodes)
    };
    assert_eq!(run(false), run(true));
}
