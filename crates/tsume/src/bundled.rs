//! A small default problem set: classic compositions and short rule edge cases, each with
//! its proven minimax length. It is what `masu solve` runs without arguments, and it
//! solves in a few seconds.
//!
//! Sources: the edge cases are from komori-n/mate-engine-test (`tests/tests.yaml`, MIT);
//! the classic position is from hkijin/shtsume (`test/ntest.c`, MIT).
//!
//! ```
//! use masu_tsume::{Config, Expected, Solver, bundled, parse_position};
//!
//! let mut solver = Solver::new(Config { table_bytes: 1 << 20, ..Config::default() });
//! let first = &bundled::problems()[0];
//! let verdict = solver.solve(&parse_position(first.sfen)?)?;
//! assert_eq!(first.expected, Expected::Mate(3));
//! assert!(first.expected.is_answered_by(&verdict));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use crate::problem::Expected;

/// One bundled problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BundledProblem {
    /// Name.
    pub name: &'static str,
    /// Position in SFEN, attacker to move (tsume mode: the defender holds the rest).
    pub sfen: &'static str,
    /// The answer: a mate of its proven minimax length in plies, or no mate.
    pub expected: Expected,
}

const fn problem(name: &'static str, sfen: &'static str, length: Option<u32>) -> BundledProblem {
    let expected = match length {
        Some(n) => Expected::Mate(n),
        None => Expected::NoMate,
    };
    BundledProblem {
        name,
        sfen,
        expected,
    }
}

const PROBLEMS: &[BundledProblem] = &[
    problem(
        "古典3手詰 (classic mate in 3)",
        "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
        Some(3),
    ),
    problem(
        "mate in 1",
        "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
        Some(1),
    ),
    problem(
        "mate in 1, White attacks",
        "9/9/9/9/9/9/4p4/9/4K4 w 2R2BG4S4N4L3g17p 1",
        Some(1),
    ),
    problem(
        "shortest mate is 3",
        "9/8k/9/8P/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1",
        Some(3),
    ),
    problem(
        "shortest mate is 15",
        "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1",
        Some(15),
    ),
    problem(
        "no mate: start position",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        None,
    ),
    problem(
        "no mate: perpetual check",
        "6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1",
        None,
    ),
];

/// The bundled problems.
#[must_use]
pub fn problems() -> &'static [BundledProblem] {
    PROBLEMS
}
