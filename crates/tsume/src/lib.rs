#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub use shogi;

pub mod bundled;
mod checks;
mod config;
mod error;
mod hands;
mod memory;
mod pn;
mod problem;
mod search;
mod solver;
mod table;
mod verdict;

pub use config::{AnswerLevel, Config, LeafSearch, Limits, Progress, ProgressFn};
pub use error::{ParseProblemError, SolveError};
pub use problem::{Expected, Problem, parse_position, parse_problems};
pub use solver::Solver;
pub use verdict::{Alternative, Convention, ConventionAnswer, Mate, Stats, StopReason, Verdict};
