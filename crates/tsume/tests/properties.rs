//! Never a false answer: with small budgets the solver may give up, but where a mate is
//! known it must never say "no mate", and an exact length it reports must be the known one.

#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

mod common;

use common::{load, solver, verify_line};
use masu_tsume::shogi::Position;
use masu_tsume::{Expected, Verdict};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// The position `2 * skip` plies into problem `index` of generated file `file` (but
/// before its last move) and its exact mate length.
fn on_main_line(file: usize, index: usize, skip: usize) -> (Position, u32) {
    let name = [
        "shogiboardq_3ply_30.txt",
        "shogiboardq_7ply_30.txt",
        "shogiboardq_13ply_30.txt",
    ][file];
    let p = &load(name)[index];
    let Expected::Mate(n) = p.expected else {
        unreachable!()
    };
    let k = (2 * skip).min(n as usize - 1) & !1;
    let mut pos = p.position.clone();
    for &m in &p.solution[..k] {
        pos.play_unchecked(m);
    }
    (pos, n - k as u32)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, rng_seed: RngSeed::Fixed(1525), ..ProptestConfig::default() })]

    /// Long classics (all mates) under budgets far too small to solve most of them.
    #[test]
    fn long_classics_never_no_mate(index in 0usize..26, budget in 1u64..20_000) {
        let problems = load("famous_long.tsv");
        let p = &problems[index % problems.len()];
        let v = solver(budget).solve(&p.position).unwrap();
        prop_assert!(!matches!(v, Verdict::NoMate), "{}: {v:?}", p.name);
        if let Verdict::Mate(m) = &v {
            prop_assert!(verify_line(&p.position, &m.line).is_ok());
        }
    }

    /// Positions along known main lines: `2k` plies into an `n`-ply problem is an exact
    /// `n - 2k`-ply mate, with no other convention answer.
    #[test]
    fn positions_on_main_lines(file in 0usize..3, index in 0usize..30, skip in 0usize..7, budget in 1u64..5_000) {
        let (pos, length) = on_main_line(file, index, skip);
        let v = solver(budget).solve(&pos).unwrap();
        match v {
            Verdict::Mate(m) => {
                prop_assert!(verify_line(&pos, &m.line).is_ok());
                if m.exact {
                    prop_assert_eq!(m.length, length);
                }
                // These lines have no futile interposition and no 駒余り: whatever the
                // budget, the convention answer is the minimax line or not worked out.
                prop_assert!(m.convention.differing().is_none(), "{:?}", m.convention);
            }
            Verdict::Unknown { .. } => {}
            other => prop_assert!(false, "{other:?}"),
        }
    }

    /// The same positions with a length limit: a mate only when the known length fits,
    /// "no mate within" only when it does not, never "no mate" (with a small budget, also
    /// "unknown").
    #[test]
    fn length_limits_on_main_lines(file in 0usize..3, index in 0usize..30, skip in 0usize..7, limit in 0u32..20, budget in 1u64..20_000) {
        let (pos, length) = on_main_line(file, index, skip);
        match solver(budget).solve_within(&pos, limit).unwrap() {
            Verdict::Mate(m) => {
                prop_assert!(length <= limit, "mate found within {limit}, shortest is {length}");
                prop_assert!(m.length <= limit);
                prop_assert!(verify_line(&pos, &m.line).is_ok());
                if m.exact {
                    prop_assert_eq!(m.length, length);
                }
            }
            Verdict::NoMateWithin { plies } => {
                prop_assert_eq!(plies, limit);
                prop_assert!(length > limit, "no mate within {limit}, but one of {length}");
            }
            Verdict::Unknown { .. } => {}
            other => prop_assert!(false, "{other:?}"),
        }
    }
}
