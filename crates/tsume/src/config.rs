//! Solver configuration: budgets, table size, cancellation and progress reports.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use shogi::Move;

/// Budgets for one solve; `None` means unlimited.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many nodes (positions expanded, over all phases).
    pub nodes: Option<u64>,
    /// Stop after this much wall-clock time.
    pub time: Option<Duration>,
}

/// How far the solver goes after it has proven a mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum AnswerLevel {
    /// Stop at the first proof: the length is an upper bound and the line one mating line.
    Proof,
    /// Prove the minimax shortest length (no mate in N−2) and extract the main line.
    Exact,
    /// As `Exact`, plus the tsume-convention answer (futile interpositions not counted,
    /// leftover pieces avoided) and the alternative mating moves (余詰) on the main line.
    #[default]
    Full,
}

/// The fixed-depth search run at every new attacker leaf before df-pn takes over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum LeafSearch {
    /// Mate in one (and "no check at all").
    #[default]
    MateInOne,
    /// Also mate in three through checks with at most four defences (Kaneko et al. 2010);
    /// fewer nodes on some problems, slower on the ones measured in the README.
    MateInThree,
}

/// A snapshot handed to the progress callback.
#[derive(Debug, Clone)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
    /// The most promising line according to the table (not yet proven).
    pub best_line: Vec<Move>,
}

/// The progress callback type.
pub type ProgressFn = Box<dyn FnMut(&Progress) + Send>;

/// Everything [`Solver::new`](crate::Solver::new) needs.
pub struct Config {
    /// Node and time budgets.
    pub limits: Limits,
    /// Memory of the transposition table in bytes; it is allocated once and never grows.
    /// On Linux it is mapped on transparent huge pages where the system allows them
    /// (fewer TLB misses; the kernel backs each 2 MiB page when the search first touches it).
    /// Beside it, a log of the table's clusters that a solve filled (at most 1/4096 of
    /// this size) lets the next solve clear only those when they are few, so a batch of
    /// short problems through a large table does not pay for writing all of it each time.
    pub table_bytes: usize,
    /// Set this flag from another thread to stop the solve; the verdict is then
    /// [`Verdict::Unknown`](crate::Verdict::Unknown) (or an inexact mate).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Called about every `progress_interval` during the search.
    pub progress: Option<ProgressFn>,
    /// How often `progress` is called.
    pub progress_interval: Duration,
    /// How much of the answer to compute after the proof.
    pub answer: AnswerLevel,
    /// The fixed-depth search at new leaves.
    pub leaf_search: LeafSearch,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            limits: Limits::default(),
            table_bytes: 64 << 20,
            cancel: None,
            progress: None,
            progress_interval: Duration::from_secs(1),
            answer: AnswerLevel::default(),
            leaf_search: LeafSearch::default(),
        }
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("limits", &self.limits)
            .field("table_bytes", &self.table_bytes)
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.as_ref().map(|_| "callback"))
            .field("progress_interval", &self.progress_interval)
            .field("answer", &self.answer)
            .field("leaf_search", &self.leaf_search)
            .finish()
    }
}
