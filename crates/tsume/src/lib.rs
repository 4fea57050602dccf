#![doc = include_str!("../README.md")]
// `unsafe` is denied everywhere but in `prefetch`, which issues the table's cache
// prefetch hints (see its docs for the measured gain).
#![deny(unsafe_code)]

pub use shogi;

pub mod bundled;
mod checks;
mod config;
mod error;
mod hands;
mod pn;
mod prefetch;
mod problem;
mod search;
mod solver;
mod table;
mod verdict;

pub use config::{AnswerLevel, Config, LeafSearch, Limits, Progress, ProgressFn};
pub use error::{ParseProblemError, SolveError};
pub use problem::{Expected, Problem, parse_position, parse_problems};
pub use solver::Solver;
pub use verdict::{Alternative, ConventionAnswer, Mate, Stats, StopReason, Verdict};
