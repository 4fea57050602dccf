//! What a solve returns.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use shogi::{Hand, Move};

/// The answer to "is this a mate problem, and how long is it?".
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// The attacker mates by checking every move.
    Mate(Mate),
    /// There is no mate: every line of checks can be escaped or ends in a repetition.
    NoMate,
    /// No mate of at most `plies` plies (the answer of
    /// [`Solver::solve_within`](crate::Solver::solve_within)); a longer one may exist.
    NoMateWithin {
        /// The length limit asked for.
        plies: u32,
    },
    /// The budget ran out (or the solve was cancelled) before a proof either way.
    Unknown {
        /// Why the search stopped.
        reason: StopReason,
    },
}

impl Verdict {
    /// The verdict's name, as the `serde` form's `kind`, Python's `verdict` and the JSON of
    /// `masu solve` spell it: `"mate"`, `"no_mate"`, `"no_mate_within"` or `"unknown"`.
    ///
    /// ```
    /// use masu_tsume::Verdict;
    ///
    /// assert_eq!(Verdict::NoMateWithin { plies: 7 }.kind(), "no_mate_within");
    /// ```
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Mate(_) => "mate",
            Verdict::NoMate => "no_mate",
            Verdict::NoMateWithin { .. } => "no_mate_within",
            Verdict::Unknown { .. } => "unknown",
        }
    }

    /// The mate, if this is one.
    #[must_use]
    pub fn mate(&self) -> Option<&Mate> {
        match self {
            Verdict::Mate(m) => Some(m),
            _ => None,
        }
    }
}

/// A one-line summary: `mate in 3`, `mate in 5 (upper bound)`, `no mate`, `no mate within
/// 7 plies`, `unknown (node limit)`. The whole answer, lines included, is in the fields (and
/// in the `serde` form of a [`Solution`](crate::Solution)).
///
/// ```
/// use masu_tsume::{Config, Solver, StopReason, Verdict, parse_position};
///
/// let pos = parse_position("9/8k/9/8P/9/9/9/9/9 b 2G 1")?;
/// let mut solver = Solver::new(Config { table_bytes: 1 << 20, ..Config::default() });
/// assert_eq!(solver.solve(&pos)?.to_string(), "mate in 3");
/// assert_eq!(solver.solve_within(&pos, 1)?.to_string(), "no mate within 1 ply");
/// let stopped = Verdict::Unknown { reason: StopReason::NodeLimit };
/// assert_eq!(stopped.to_string(), "unknown (node limit)");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Mate(mate) if mate.exact => write!(f, "mate in {}", mate.length),
            Verdict::Mate(mate) => write!(f, "mate in {} (upper bound)", mate.length),
            Verdict::NoMate => f.write_str("no mate"),
            Verdict::NoMateWithin { plies: 1 } => f.write_str("no mate within 1 ply"),
            Verdict::NoMateWithin { plies } => write!(f, "no mate within {plies} plies"),
            Verdict::Unknown { reason } => write!(f, "unknown ({reason})"),
        }
    }
}

/// Why a search stopped: without an answer ([`Verdict::Unknown`]), or with a mate whose
/// answer it cut short ([`Mate::stopped`]).
///
/// Its text is a few lower-case words: `node limit`, `time limit`, `cancelled`, `depth
/// limit`, `no line`.
///
/// ```
/// use masu_tsume::StopReason;
///
/// assert_eq!(StopReason::TimeLimit.to_string(), "time limit");
/// assert_eq!("node limit".parse::<StopReason>()?, StopReason::NodeLimit);
/// # Ok::<_, masu_tsume::ParseStopReasonError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum StopReason {
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
    /// The cancellation flag was set.
    Cancelled,
    /// A line grew longer than the solver's depth limit.
    DepthLimit,
    /// A mate was proven, but no mating line could be written out within the proven
    /// bound before the budget or the writer's patience ran out. The writer follows the
    /// table's proofs and never repeats a position of its line (a repetition is the
    /// attacker's failure); where the stored lengths do not fit together, a defence can
    /// repeat the line or outlast the plies left, and the writer goes back to an earlier
    /// attacker move (at most 10,000 times). Without a line no mate is reported.
    NoLine,
}

impl StopReason {
    /// Every reason.
    pub const ALL: [StopReason; 5] = [
        StopReason::NodeLimit,
        StopReason::TimeLimit,
        StopReason::Cancelled,
        StopReason::DepthLimit,
        StopReason::NoLine,
    ];

    /// The reason as an identifier, as the `serde` form, Python's `stopped` and the JSON
    /// of `masu solve` spell it: `"node_limit"`, `"time_limit"`, `"cancelled"`,
    /// `"depth_limit"` or `"no_line"` (the spelling of [`Verdict::kind`]).
    ///
    /// ```
    /// use masu_tsume::StopReason;
    ///
    /// assert_eq!(StopReason::NodeLimit.kind(), "node_limit");
    /// assert_eq!(StopReason::NodeLimit.to_string(), "node limit");
    /// ```
    #[must_use]
    pub const fn kind(self) -> &'static str {
        match self {
            StopReason::NodeLimit => "node_limit",
            StopReason::TimeLimit => "time_limit",
            StopReason::Cancelled => "cancelled",
            StopReason::DepthLimit => "depth_limit",
            StopReason::NoLine => "no_line",
        }
    }

    /// The reason in words (its [`Display`](fmt::Display) and [`FromStr`] form).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            StopReason::NodeLimit => "node limit",
            StopReason::TimeLimit => "time limit",
            StopReason::Cancelled => "cancelled",
            StopReason::DepthLimit => "depth limit",
            StopReason::NoLine => "no line",
        }
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for StopReason {
    type Err = ParseStopReasonError;

    fn from_str(s: &str) -> Result<StopReason, ParseStopReasonError> {
        StopReason::ALL
            .into_iter()
            .find(|reason| reason.name() == s)
            .ok_or(ParseStopReasonError)
    }
}

/// The text is not a [`StopReason`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a stop reason: expected node limit, time limit, cancelled, depth limit or no line")]
pub struct ParseStopReasonError;

/// A proven mate and its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mate {
    /// Minimax length in plies: the attacker's shortest mate against the defender's
    /// longest resistance, every legal defence counted (futile interpositions too).
    /// An upper bound only when `exact` is false.
    pub length: u32,
    /// Whether `length` is proven shortest (no mate in `length - 2`).
    pub exact: bool,
    /// The main line from the problem to the mate: `length` moves when `exact`. Otherwise
    /// the line the proof follows, at most `length` moves: each defence in it is the
    /// longest the proof knows of, which need not be the longest there is, so the line can
    /// be shorter than the shortest mate against every defence.
    pub line: Vec<Move>,
    /// Attacker pieces left in hand at the end of `line` (non-empty = 駒余り).
    pub leftover: Hand,
    /// The tsume-convention answer: the minimax line itself, another line, or not worked
    /// out (see [`Convention`]).
    pub convention: Convention,
    /// Other attacker moves on the main line that also mate in the remaining plies (余詰),
    /// by minimax counting, searched at [`AnswerLevel::Full`](crate::AnswerLevel::Full)
    /// only. Each check gets a bounded search (100,000 nodes): one undecided
    /// within it is listed in `undecided` instead.
    pub alternatives: Vec<Alternative>,
    /// Checks on the main line whose search for 余詰 was left undecided within its nodes:
    /// they may mate as fast as the line's own move, and are worth a closer look.
    pub undecided: Vec<Alternative>,
    /// Whether every attacker move of the line was searched for 余詰: true only at
    /// [`AnswerLevel::Full`](crate::AnswerLevel::Full) when the search finished; false at
    /// the other levels and when the solve's budget ran out part way (the line and its
    /// proven length are kept; the later moves are in neither list).
    pub alternatives_complete: bool,
    /// The caller's limit that stopped a phase of the answer after the proof, if one did:
    /// the node or time limit (or a cancellation, or the depth limit) cut short the
    /// shortening (`exact` false), the 余詰 search (`alternatives_complete` false) or the
    /// convention answer ([`Convention::Unknown`]), and the mate is what was proven by
    /// then. `None` when every phase ran its course within the caller's limits; a phase
    /// that ran out of its own budget (the short level's searches, the convention answer's
    /// nodes) leaves its field open without a stop.
    pub stopped: Option<StopReason>,
}

/// What is known of the tsume-convention answer of a mate.
///
/// Working it out needs exact values of side lines, so it is done only for a proven
/// shortest mate at [`AnswerLevel::Full`](crate::AnswerLevel::Full), with a node budget of
/// its own; when that runs out the answer is [`Convention::Unknown`], never taken for the
/// minimax line.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Convention {
    /// The minimax line is the convention answer too: no futile interposition on it, and
    /// no line of equal length without 駒余り.
    Same,
    /// The convention answer is another line (shorter, or as long without 駒余り).
    Differs(ConventionAnswer),
    /// Not worked out: the answer level stops before it, the length is only an upper
    /// bound, or its budget ran out.
    Unknown,
}

impl Convention {
    /// The convention line when it differs from the minimax one.
    #[must_use]
    pub fn differing(&self) -> Option<&ConventionAnswer> {
        match self {
            Convention::Differs(c) => Some(c),
            _ => None,
        }
    }

    /// The convention length, given the minimax length of the same mate: `None` when not
    /// worked out.
    #[must_use]
    pub fn length(&self, minimax: u32) -> Option<u32> {
        match self {
            Convention::Same => Some(minimax),
            Convention::Differs(c) => Some(c.length),
            Convention::Unknown => None,
        }
    }
}

/// The answer by tsume convention: futile interpositions (無駄合) are not counted and lines
/// that leave pieces in the attacker's hand (駒余り) are avoided where an equal line exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConventionAnswer {
    /// Length of the convention line.
    pub length: u32,
    /// The convention line.
    pub line: Vec<Move>,
    /// Attacker pieces left in hand at its end.
    pub leftover: Hand,
    /// Other attacker moves on the convention line that also mate within the line's
    /// remaining plies, counted by convention (futile interpositions not counted): the
    /// 余詰 a composer checks on the intended line. A mate found shorter than the line is
    /// not possible here (the line's moves are checked for that while it is written out).
    /// Each check is judged with a minimax search first (a minimax mate within the
    /// remaining plies is a convention one) and otherwise with a convention search of at
    /// most 50,000 nodes, two checks deep per attacker node; one still undecided is listed
    /// in `undecided` instead. All of them together stop at the answer's node budget (the
    /// ones found by then are kept, and `alternatives_complete` is false).
    pub alternatives: Vec<Alternative>,
    /// Checks on the convention line whose search for 余詰 was left undecided within its
    /// nodes: they may mate as fast as the line's own move.
    pub undecided: Vec<Alternative>,
    /// Whether every attacker move of the line was searched for 余詰: false when the
    /// answer's budget ran out part way, and the later moves are in neither list.
    pub alternatives_complete: bool,
}

/// An attacker move that mates as fast as the main-line move at the same ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alternative {
    /// Index into the main line (0 = the first move).
    pub ply: usize,
    /// The alternative move, in the position before `line[ply]`.
    pub mv: Move,
    /// Whether `ply` is the line's last move: 最終手の余詰, which tsume convention does
    /// not count as a flaw of the problem (a lesser one at most).
    pub last: bool,
}

/// Counters of the last solve.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of all phases.
    pub nodes: u64,
    /// Nodes spent until the first proof or disproof.
    pub proof_nodes: u64,
    /// Wall-clock time of the solve.
    pub elapsed: Duration,
    /// Table entries in use at the end.
    pub table_used: usize,
    /// Table capacity in entries.
    pub table_capacity: usize,
    /// Table memory in bytes.
    pub table_bytes: usize,
    /// Garbage collections run.
    pub gc_runs: u64,
}
