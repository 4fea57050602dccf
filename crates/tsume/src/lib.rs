#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub use shogi;

use std::time::Duration;

/// Budgets for one solve; `None` means unlimited.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
}
