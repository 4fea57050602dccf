//! Perft from the start position against the published tables in `tests/data/startpos.perft`.
#![allow(
    clippy::expect_used,
    reason = "a malformed data file should fail loudly"
)]

use masu_reversi::{Board, PerftMode, perft};

struct Row {
    mode: PerftMode,
    depth: u32,
    leaves: u64,
}

fn rows() -> (Board, Vec<Row>) {
    let text = include_str!("data/startpos.perft");
    let mut board = Board::new();
    let mut rows = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields.as_slice() {
            ["board", cells, side] => board = format!("{cells} {side}").parse().expect("board"),
            ["perft", mode, depth, leaves] => rows.push(Row {
                mode: match *mode {
                    "pass-is-ply" => PerftMode::PassIsPly,
                    "pass-is-free" => PerftMode::PassIsFree,
                    "exact" => PerftMode::ExactDepth,
                    other => panic!("unknown mode {other}"),
                },
                depth: depth.parse().expect("depth"),
                leaves: leaves.parse().expect("leaves"),
            }),
            _ => {}
        }
    }
    (board, rows)
}

fn check(min_depth: u32, max_depth: u32) {
    let (board, rows) = rows();
    let mut checked = 0;
    for row in rows
        .iter()
        .filter(|r| (min_depth..=max_depth).contains(&r.depth))
    {
        assert_eq!(
            perft(&board, row.depth, row.mode),
            row.leaves,
            "{:?} depth {}",
            row.mode,
            row.depth
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn perft_to_depth_9() {
    check(1, 9);
}

/// `cargo test -p masu-reversi --release --test perft -- --ignored` (about a minute).
#[test]
#[ignore = "deep perft: depths 10 and 11"]
fn perft_depth_10_11() {
    check(10, 11);
}

/// Several minutes per mode on one core.
#[test]
#[ignore = "deep perft: depths 12 and 13"]
fn perft_depth_12_13() {
    check(12, 13);
}

/// `perft` may run CPU-specific kernels; the baseline kernels must give the same counts.
#[test]
fn portable_kernel_matches_the_table() {
    let (board, rows) = rows();
    for row in rows.iter().filter(|r| r.depth <= 8) {
        assert_eq!(
            masu_reversi::perft_portable(&board, row.depth, row.mode),
            row.leaves
        );
    }
}
