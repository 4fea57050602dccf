#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

pub use shogi;

pub mod bundled;
mod config;
mod error;
mod memory;
mod pn;
mod problem;
mod search;
#[cfg(feature = "serde")]
mod serde_impls;
mod solution;
mod solver;
mod table;
mod verdict;

pub use config::{
    AnswerLevel, Config, HELPERS_AFTER_NODES, INTERRUPT_INTERVAL, InterruptFn, LeafSearch, Limits,
    MAX_THREADS, ParseAnswerLevelError, Progress, ProgressFn,
};
pub use error::{ParseProblemError, SolutionFault, SolveError, TableError};
pub use problem::{Expected, Problem, parse_position, parse_problems};
pub use solution::Solution;
pub use solver::Solver;
pub use verdict::{
    Alternative, Convention, ConventionAnswer, Mate, ParseStopReasonError, Stats, StopReason,
    Verdict,
};
