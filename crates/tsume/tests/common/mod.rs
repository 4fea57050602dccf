//! Shared helpers: loading the problem files and checking lines with masu-shogi.

#![allow(dead_code, reason = "each test binary uses a different subset")]

use masu_tsume::shogi::{Move, Position};
use masu_tsume::{Config, Limits, Problem, Solver, parse_problems};

pub(crate) fn load(name: &str) -> Vec<Problem> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_problems(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The generated problems of `tools/tsume-gen` (the file lives with its generator,
/// outside the crate).
pub(crate) fn generated() -> Vec<Problem> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tools/tsume-gen/problems.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_problems(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub(crate) fn solver(nodes: u64) -> Solver {
    solver_with(nodes, 64)
}

/// A solver limited to `nodes`, with a table of `table_mib` MiB.
pub(crate) fn solver_with(nodes: u64, table_mib: usize) -> Solver {
    Solver::new(Config {
        limits: Limits {
            nodes: Some(nodes),
            time: None,
        },
        table_bytes: table_mib << 20,
        ..Config::default()
    })
}

/// Checks a mate line move by move: every attacker move is legal and checks, every
/// defender move is legal, no position repeats (a repetition is the attacker's failure),
/// and the last position is checkmate.
pub(crate) fn verify_line(start: &Position, line: &[Move]) -> Result<(), String> {
    let attacker = start.turn();
    let mut pos = start.clone();
    let mut seen = std::collections::HashSet::from([pos.key()]);
    for (i, &m) in line.iter().enumerate() {
        if !pos.is_legal(&m) {
            return Err(format!("ply {i}: {m} is illegal"));
        }
        if pos.turn() == attacker && !pos.gives_check(&m) {
            return Err(format!("ply {i}: {m} does not check"));
        }
        pos = pos.play(m).map_err(|e| format!("ply {i}: {e}"))?;
        if !seen.insert(pos.key()) {
            return Err(format!("ply {i}: {m} repeats a position of the line"));
        }
    }
    if pos.turn() == attacker || !pos.is_checkmate() {
        return Err(format!("the line does not end in mate: {pos}"));
    }
    Ok(())
}
