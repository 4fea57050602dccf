//! Solver configuration: budgets, table size, cancellation and progress reports.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use shogi::Move;

/// Budgets for one solve; `None` means unlimited.
///
/// Both are checked every 1,024 nodes, so a solve may pass either by that much. Once a
/// mate is proven, a stop does not lose it: the answer is written out within a reserve of
/// up to 2,000,000 more nodes and no time limit (what the stop left unsearched, such as
/// the remaining alternatives of the full level, is marked incomplete).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many nodes (positions expanded, over all phases), give or take the
    /// above.
    pub nodes: Option<u64>,
    /// Stop after this much wall-clock time, give or take the above.
    pub time: Option<Duration>,
}

/// How far the solver goes after it has proven a mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum AnswerLevel {
    /// Stop at the first proof: the length is an upper bound and the line one mating line
    /// (a mate in 1 is the shortest, and [`Mate::exact`](crate::Mate::exact) says so).
    Proof,
    /// After the proof, shorten the line with searches of bounded cost: each shorter
    /// horizon gets a budget (a quarter of the proof's nodes at least), and the first one
    /// that does not finish ends the shortening. The length is proven shortest when the
    /// horizon two below it was disproven within its budget ([`Mate::exact`]); otherwise it
    /// is the shortest mate found: on 寿 and ミクロコスモス their published 611 and 1525,
    /// in an eighth and a fifth of the time `Exact` needs to prove them shortest.
    ///
    /// [`Mate::exact`]: crate::Mate::exact
    Short,
    /// Prove the minimax shortest length (no mate in N−2) and extract the main line.
    Exact,
    /// As `Exact`, plus the alternative mating moves (余詰) on the main line (each check
    /// searched within 100,000 nodes; one still undecided is listed in `Mate::undecided`)
    /// and the tsume-convention answer (futile interpositions not counted, leftover pieces
    /// avoided) with its own 余詰.
    #[default]
    Full,
}

impl AnswerLevel {
    /// Every level, from the least work to the most.
    pub const ALL: [AnswerLevel; 4] = [
        AnswerLevel::Proof,
        AnswerLevel::Short,
        AnswerLevel::Exact,
        AnswerLevel::Full,
    ];

    /// The level's name: `proof`, `short`, `exact` or `full` (its [`Display`](fmt::Display) and
    /// [`FromStr`] text).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            AnswerLevel::Proof => "proof",
            AnswerLevel::Short => "short",
            AnswerLevel::Exact => "exact",
            AnswerLevel::Full => "full",
        }
    }
}

impl fmt::Display for AnswerLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads `proof`, `short`, `exact` or `full`, in any case.
///
/// ```
/// use masu_tsume::AnswerLevel;
///
/// assert_eq!("exact".parse::<AnswerLevel>()?, AnswerLevel::Exact);
/// assert_eq!(AnswerLevel::Proof.to_string(), "proof");
/// assert!("fast".parse::<AnswerLevel>().is_err());
/// # Ok::<_, masu_tsume::ParseAnswerLevelError>(())
/// ```
impl FromStr for AnswerLevel {
    type Err = ParseAnswerLevelError;

    fn from_str(s: &str) -> Result<AnswerLevel, ParseAnswerLevelError> {
        AnswerLevel::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(s))
            .ok_or(ParseAnswerLevelError)
    }
}

/// The text is not an [`AnswerLevel`] name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an answer level: expected proof, short, exact or full")]
pub struct ParseAnswerLevelError;

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

/// The progress callback type: shared, so that a [`Config`] can be cloned and sent to
/// other threads (a callback that keeps state holds it behind a `Mutex` or an atomic).
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// The interrupt check type ([`Config::interrupt`]): `true` stops the solve.
pub type InterruptFn = Arc<dyn Fn() -> bool + Send + Sync>;

/// How often a solve asks [`Config::interrupt`] whether to stop.
pub const INTERRUPT_INTERVAL: Duration = Duration::from_millis(50);

/// Everything [`Solver::new`](crate::Solver::new) needs.
///
/// A `Config` is `Clone + Send + Sync`: one configuration can serve a solver per thread.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use masu_tsume::{Config, Solver, parse_position};
///
/// let reports = Arc::new(AtomicU64::new(0));
/// let counter = reports.clone();
/// let config = Config {
///     table_bytes: 1 << 20,
///     progress: Some(Arc::new(move |_| {
///         counter.fetch_add(1, Ordering::Relaxed);
///     })),
///     ..Config::default()
/// };
/// let pos = parse_position("9/8k/9/8P/9/9/9/9/9 b 2G 1")?;
/// let handles: Vec<_> = (0..2)
///     .map(|_| {
///         let (config, pos) = (config.clone(), pos.clone());
///         std::thread::spawn(move || Solver::new(config).solve(&pos).map(|v| v.mate().map(|m| m.length)))
///     })
///     .collect();
/// for handle in handles {
///     assert_eq!(handle.join().expect("no panic")?, Some(3));
/// }
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Config {
    /// Node and time budgets.
    pub limits: Limits,
    /// Memory of the transposition table in bytes; it is reserved once and never grows.
    /// On Linux it is mapped on transparent huge pages where the system allows them
    /// (fewer TLB misses; the kernel backs each 2 MiB page when the search first touches it).
    /// A solve uses a prefix of it that starts at 64 KiB and doubles as entries need room
    /// (with the answers of the full size), so a short mate touches and clears a few
    /// kilobytes, not pages scattered over all of it. A table holds at least one cluster
    /// of entries (256 bytes): a smaller size, 0 included, is taken as that.
    pub table_bytes: usize,
    /// Set this flag from another thread to stop the solve; the verdict is then
    /// [`Verdict::Unknown`](crate::Verdict::Unknown) (or an inexact mate). A request stops
    /// the solve that is running (or the next one to start) and is cleared when that solve
    /// returns, so the same flag serves every solve of a solver. Several solvers sharing
    /// one flag would each clear it: to stop many at once, give each an
    /// [`interrupt`](Config::interrupt) that reads a flag of yours.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Asked about every [`INTERRUPT_INTERVAL`] on the thread that called the solve, also
    /// while the search itself runs on a thread of its own; `true` stops the solve as
    /// [`Config::cancel`] does (and sets that flag, when there is one). For a caller that
    /// can only look for a stop request on its own thread: Python's Ctrl-C is seen only on
    /// the interpreter's main thread. A solve that ends before the interval never asks.
    pub interrupt: Option<InterruptFn>,
    /// Called about every `progress_interval` during the search.
    pub progress: Option<ProgressFn>,
    /// How often `progress` is called.
    pub progress_interval: Duration,
    /// How much of the answer to compute after the proof.
    pub answer: AnswerLevel,
    /// The fixed-depth search at new leaves.
    pub leaf_search: LeafSearch,
    /// Threads that search one problem (0 counts as 1, more than [`MAX_THREADS`] as that
    /// many: each has a table of its own, and `usize::MAX` of them would be made until
    /// memory ran out). Each helper thread (all but the main one) has a table of its own,
    /// an eighth of [`Config::table_bytes`] shared out among them (the main search keeps
    /// the rest), and proves the defences along the main
    /// search's current line that it will need next; each proof goes to the main search's
    /// table whole. Helpers work under the proof and the shortening's searches, once the
    /// main search has spent [`Config::helpers_after_nodes`]; the answer's small searches
    /// below its line stay on one thread. The verdict and a proven shortest length are the
    /// same as with one thread; the line of a mate not proven shortest and the node counts
    /// vary from run to run. [`Limits::nodes`] counts the main thread's nodes,
    /// [`Stats::nodes`] every thread's. What it gains depends on the problem (the crate's
    /// README); a batch of problems is better served by a solver per thread.
    ///
    /// [`Stats::nodes`]: crate::Stats::nodes
    pub threads: usize,
    /// The nodes the main search spends alone before its helpers join it (with
    /// [`Config::threads`] above 1). A helper's results change the main search's choices,
    /// which on a search of a few million nodes costs more than the helper saves (寿 took
    /// a third longer on two threads than on one); on searches of tens of millions the
    /// helpers pay. The default, [`HELPERS_AFTER_NODES`], is about three seconds of one
    /// thread; 0 lets them join at once.
    pub helpers_after_nodes: u64,
}

/// The most threads a solve runs ([`Config::threads`]).
pub const MAX_THREADS: usize = 1024;

/// The default of [`Config::helpers_after_nodes`]: 2^22 nodes.
pub const HELPERS_AFTER_NODES: u64 = 1 << 22;

impl Default for Config {
    fn default() -> Config {
        Config {
            limits: Limits::default(),
            table_bytes: 64 << 20,
            cancel: None,
            interrupt: None,
            progress: None,
            progress_interval: Duration::from_secs(1),
            answer: AnswerLevel::default(),
            leaf_search: LeafSearch::default(),
            threads: 1,
            helpers_after_nodes: HELPERS_AFTER_NODES,
        }
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("limits", &self.limits)
            .field("table_bytes", &self.table_bytes)
            .field("cancel", &self.cancel)
            .field("interrupt", &self.interrupt.as_ref().map(|_| "callback"))
            .field("progress", &self.progress.as_ref().map(|_| "callback"))
            .field("progress_interval", &self.progress_interval)
            .field("answer", &self.answer)
            .field("leaf_search", &self.leaf_search)
            .field("threads", &self.threads)
            .field("helpers_after_nodes", &self.helpers_after_nodes)
            .finish()
    }
}
