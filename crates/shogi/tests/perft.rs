//! Perft tables (tests/data/*.perft): every row up to a node budget in the default run, all
//! rows with `cargo test -p masu-shogi --release -- --ignored`.
#![allow(
    clippy::expect_used,
    reason = "test helpers: a malformed data file should fail loudly"
)]

use masu_shogi::{Position, perft};

struct Row {
    id: String,
    sfen: String,
    depth: u32,
    nodes: u64,
}

fn rows(text: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    let (mut id, mut sfen) = (String::new(), String::new());
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_owned();
        } else if let Some(rest) = line.strip_prefix("sfen ") {
            sfen = rest.to_owned();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').expect("perft <depth> <nodes>");
            rows.push(Row {
                id: id.clone(),
                sfen: sfen.clone(),
                depth: d.parse().expect("depth"),
                nodes: n.parse().expect("nodes"),
            });
        }
    }
    rows
}

/// Checks every row of `file` whose node count is within `[min, max]`; returns rows checked.
fn check_file(file: &str, min: u64, max: u64) -> usize {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("perft file");
    let mut checked = 0;
    for row in rows(&text) {
        if row.nodes < min || row.nodes > max {
            continue;
        }
        let pos: Position = row.sfen.parse().expect("sfen");
        assert_eq!(
            perft(&pos, row.depth),
            row.nodes,
            "{} depth {}",
            row.id,
            row.depth
        );
        checked += 1;
    }
    checked
}

#[test]
fn standard_within_budget() {
    assert!(check_file("standard.perft", 0, 60_000_000) > 20);
}

#[test]
#[ignore = "deep perft rows: about ten seconds"]
fn standard_deep_rows() {
    check_file("standard.perft", 60_000_001, 600_000_000);
}

#[test]
#[ignore = "deeper perft rows: about ten minutes"]
fn standard_deeper_rows() {
    check_file("standard.perft", 600_000_001, 20_000_000_000);
}

#[test]
#[ignore = "deepest perft rows (startpos 8: 416G nodes, about 20 CPU minutes; all_in_hand 4: seconds)"]
fn standard_deepest_rows() {
    check_file("standard.perft", 20_000_000_001, u64::MAX);
}

#[test]
fn every_position_is_covered_by_default() {
    let path = format!("{}/tests/data/standard.perft", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("perft file");
    let all = rows(&text);
    for row in &all {
        assert!(
            all.iter().any(|r| r.id == row.id && r.nodes <= 60_000_000),
            "{} has no row within the default budget",
            row.id
        );
    }
}
