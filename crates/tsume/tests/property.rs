//! Never a false answer: with small budgets the solver may give up, but where a mate is
//! known it must never say "no mate", and an exact length it reports must be the known one.

#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

mod common;

use common::{load, solver, verify_line};
use masu_tsume::{Expected, Verdict};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

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
        let name = ["shogiboardq_3ply_30.txt", "shogiboardq_7ply_30.txt", "shogiboardq_13ply_30.txt"][file];
        let p = &load(name)[index];
        let Expected::Mate(n) = p.expected else { unreachable!() };
        let k = (2 * skip).min(n as usize - 1) & !1;
        let mut pos = p.position.clone();
        for &m in &p.solution[..k] {
            pos.play_unchecked(m);
        }
        let v = solver(budget).solve(&pos).unwrap();
        match v {
            Verdict::Mate(m) => {
                prop_assert!(verify_line(&pos, &m.line).is_ok());
                if m.exact {
                    prop_assert_eq!(m.length, n - k as u32);
                }
                // These lines have no futile interposition and no 駒余り: whatever the
                // budget, the convention answer is the minimax line or not worked out.
                prop_assert!(m.convention.differing().is_none(), "{:?}", m.convention);
            }
            Verdict::Unknown { .. } => {}
            other => prop_assert!(false, "{other:?}"),
        }
    }
}
