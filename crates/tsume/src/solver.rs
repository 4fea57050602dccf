//! The public solver: phases, limits and the verdict.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use shogi::{Move, Position};

use crate::config::{
    AnswerLevel, Config, INTERRUPT_INTERVAL, InterruptFn, LeafSearch, MAX_THREADS,
};
use crate::error::{SolveError, TableError};
use crate::pn::{LEN_INF, Len};
use crate::search::line::{MainLine, Yozume};
use crate::search::value::Value;
use crate::search::{ANSWER_RESERVE, Budget, MAX_DEPTH, Searcher};
use crate::table::Table;
use crate::verdict::{Alternative, Convention, ConventionAnswer, Mate, Stats, StopReason, Verdict};

/// Stack for the search thread: the recursion goes one frame per ply of the longest line.
const STACK_BYTES: usize = 256 << 20;

/// Nodes a speculative horizon of the shortening phase may always use.
const SPECULATIVE_MIN_NODES: u64 = 1_000_000;

/// Nodes the convention answer may always use (more if the solve itself used more): a
/// drop counted on its line is judged again within up to 2 M nodes, and a short problem
/// can need several such judgements (the 25 plies before 新桃花源's end need 1.5 M nodes in
/// all; 1 M left it unknown).
const CONVENTION_MIN_NODES: u64 = 10_000_000;

/// A df-pn tsume solver with its transposition table (allocated once, at its full size).
#[derive(Debug)]
pub struct Solver {
    config: Config,
    /// The main search's table.
    table: Table,
    /// A table per helper thread ([`Config::threads`] − 1).
    helpers: Vec<Table>,
    stats: Stats,
}

impl Solver {
    /// A solver with the table size, limits and callbacks of `config`.
    ///
    /// # Panics
    ///
    /// When the table of [`Config::table_bytes`] cannot be had (see [`Solver::try_new`],
    /// which returns the error instead).
    #[must_use]
    pub fn new(config: Config) -> Solver {
        match Solver::try_new(config) {
            Ok(solver) => solver,
            Err(err) => panic!("{err}"),
        }
    }

    /// A solver with the table size, limits and callbacks of `config`, or the reason its
    /// table cannot be had: a size above the machine's physical memory is refused before
    /// anything is allocated, and a refusal of the system is returned, not a crash.
    ///
    /// ```
    /// use masu_tsume::{Config, Solver, TableError};
    ///
    /// let solver = Solver::try_new(Config { table_bytes: 1 << 20, ..Config::default() })?;
    /// assert_eq!(solver.stats().nodes, 0);
    /// let too_large = Solver::try_new(Config { table_bytes: usize::MAX, ..Config::default() });
    /// assert!(too_large.is_err());
    /// # Ok::<_, TableError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableError`] when the memory of [`Config::table_bytes`] cannot be had.
    pub fn try_new(mut config: Config) -> Result<Solver, TableError> {
        if config.interrupt.is_some() && config.cancel.is_none() {
            // An interrupt on the calling thread reaches a search on another through it.
            config.cancel = Some(Arc::new(AtomicBool::new(false)));
        }
        // With helpers, an eighth of the memory is theirs: their searches are small, and a
        // table's memory costs kernel time as it fills (this machine zeroes 0.4 GB/s).
        let threads = config.threads.clamp(1, MAX_THREADS);
        let helpers_bytes = if threads > 1 {
            config.table_bytes / 8
        } else {
            0
        };
        let main_bytes = config.table_bytes - helpers_bytes;
        let helper_bytes = helpers_bytes / (threads - 1).max(1);
        // The whole size is checked first: the parts one by one might each pass.
        crate::memory::check_size::<u8>(config.table_bytes)?;
        let table = Table::try_new(main_bytes)?;
        let helpers = (1..threads)
            .map(|_| Table::try_new(helper_bytes))
            .collect::<Result<Vec<Table>, TableError>>()?;
        Ok(Solver {
            config,
            table,
            helpers,
            stats: Stats::default(),
        })
    }

    /// Counters of the last [`Solver::solve`].
    #[must_use]
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Solves the problem `pos`: the side to move attacks and must check every move.
    ///
    /// The search runs on the calling thread while its lines stay within 64 plies (about
    /// 128 KiB of stack at most; a thread Rust starts has 2 MiB), so a short mate costs
    /// microseconds; a search that goes deeper carries on, with the same table, on a
    /// thread of its own whose stack holds the longest lines. Helper threads
    /// ([`Config::threads`]) search on threads of their own from the start.
    ///
    /// # Errors
    ///
    /// [`SolveError::NoDefenderKing`] when the side not to move has no king.
    pub fn solve(&mut self, pos: &Position) -> Result<Verdict, SolveError> {
        self.solve_with_horizon(pos, LEN_INF)
    }

    /// Solves `pos` as [`Solver::solve`] does, but looks only for mates of at most
    /// `max_plies` plies: the verdict is [`Verdict::NoMateWithin`] when there is none that
    /// short (a longer mate may still exist), and a mate found is answered as the answer
    /// level says (proven shortest from [`AnswerLevel::Exact`] on; an upper bound at
    /// [`AnswerLevel::Proof`]). A composer who knows the intended length, or a puzzle generator that
    /// wants a mate in at most N, gets an answer that holds both ways without the
    /// unbounded search, which can wander through long lines first.
    ///
    /// ```
    /// use masu_tsume::{Config, Solver, Verdict, parse_position};
    ///
    /// // Black: a pawn on 1d and two golds in hand against the king on 1b: mate in three.
    /// let pos = parse_position("9/8k/9/8P/9/9/9/9/9 b 2G 1")?;
    /// let mut solver = Solver::new(Config { table_bytes: 1 << 20, ..Config::default() });
    /// assert_eq!(solver.solve_within(&pos, 1)?, Verdict::NoMateWithin { plies: 1 });
    /// let Verdict::Mate(mate) = solver.solve_within(&pos, 7)? else { panic!("a mate") };
    /// assert_eq!((mate.length, mate.exact), (3, true));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SolveError::NoDefenderKing`] when the side not to move has no king.
    pub fn solve_within(&mut self, pos: &Position, max_plies: u32) -> Result<Verdict, SolveError> {
        // The largest finite horizon; a longer limit is no limit in practice.
        let horizon = Len::try_from(max_plies).map_or(LEN_INF - 1, |r| r.min(LEN_INF - 1));
        let mut verdict = self.solve_with_horizon(pos, horizon)?;
        if let Verdict::NoMateWithin { plies } = &mut verdict {
            // The limit asked for, not the horizon it was clamped to.
            *plies = max_plies;
        }
        Ok(verdict)
    }

    /// One solve of `pos` whose proof looks for mates within `horizon` plies (`LEN_INF`:
    /// any length).
    fn solve_with_horizon(&mut self, pos: &Position, horizon: Len) -> Result<Verdict, SolveError> {
        if pos.king_square(!pos.turn()).is_none() {
            return Err(SolveError::NoDefenderKing);
        }
        self.table.clear();
        for t in &mut self.helpers {
            t.clear();
        }
        let start = Instant::now();
        let Solver {
            config,
            table,
            helpers,
            ..
        } = self;
        // Most solves end within a few dozen plies: on this thread, they save the start of
        // one with a large stack (tens of microseconds, more than a short mate's search).
        let nothing = Spent { nodes: 0, start };
        let on_this_thread = if helpers.is_empty() {
            run(config, table, helpers, pos, horizon, Leg::Caller, nothing)
        } else {
            Err(nothing)
        };
        let (verdict, nodes, proof_nodes) = match on_this_thread {
            Ok(done) => done,
            Err(spent) => on_worker(config, table, helpers, pos, horizon, spent),
        };
        if let Some(cancel) = &self.config.cancel {
            // A cancel request is for one solve: the next one runs.
            cancel.store(false, Ordering::Relaxed);
        }
        let tables = || std::iter::once(&self.table).chain(&self.helpers);
        self.stats = Stats {
            nodes,
            proof_nodes,
            elapsed: start.elapsed(),
            table_used: tables().map(Table::used).sum(),
            table_capacity: tables().map(Table::capacity).sum(),
            table_bytes: tables().map(Table::bytes).sum(),
            gc_runs: tables().map(Table::gc_runs).sum(),
        };
        Ok(verdict)
    }
}

/// Plies a solve searches on the calling thread, whose stack may be small (2 MiB for a
/// thread that Rust starts): 64 plies took between 64 and 128 KiB of stack on every
/// problem of `tests/data` and `tools/tsume-gen` and the first nodes of the famous ones.
const CALLER_DEPTH: u32 = 64;

/// Where a part of a solve searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leg {
    /// On the thread that called the solve, within [`CALLER_DEPTH`] plies; it asks
    /// [`Config::interrupt`] itself.
    Caller,
    /// On a thread of its own with the stack for [`MAX_DEPTH`]; the calling thread waits
    /// and asks [`Config::interrupt`] ([`wait_interruptible`]).
    Worker,
}

/// The rest of a solve that went deeper than the calling thread searches, after `spent`:
/// on a thread with the stack for [`MAX_DEPTH`], the table kept, while this thread waits
/// and asks [`Config::interrupt`].
fn on_worker(
    config: &mut Config,
    table: &mut Table,
    helpers: &mut [Table],
    pos: &Position,
    horizon: Len,
    spent: Spent,
) -> (Verdict, u64, u64) {
    let (caller, finished) = (std::thread::current(), AtomicBool::new(false));
    let (interrupt, cancel) = (config.interrupt.clone(), config.cancel.clone());
    std::thread::scope(|s| {
        let worker = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(s, || {
                let _finish = Finish {
                    finished: &finished,
                    caller: &caller,
                };
                run(config, table, helpers, pos, horizon, Leg::Worker, spent)
            });
        let Ok(handle) = worker else {
            // No thread available: the search stopped where this thread's stack ends.
            return depth_limit(spent);
        };
        if let (Some(interrupt), Some(cancel)) = (&interrupt, &cancel) {
            let asked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                wait_interruptible(&finished, interrupt, cancel);
            }));
            if let Err(panic) = asked {
                // A panic in the interrupt check: the worker is told to stop (the scope
                // waits for it, and it searched on to its end), its cancel is for this
                // solve alone, and the panic goes on.
                cancel.store(true, Ordering::Relaxed);
                let _ = handle.join();
                cancel.store(false, Ordering::Relaxed);
                std::panic::resume_unwind(panic);
            }
        }
        match handle
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
        {
            Ok(done) => done,
            // Never at the full depth (its deepest node ends the search).
            Err(spent) => depth_limit(spent),
        }
    })
}

/// Tells the thread that waits for a worker that the worker is done, when the worker's
/// closure ends, by its return or by a panic.
struct Finish<'a> {
    finished: &'a AtomicBool,
    caller: &'a std::thread::Thread,
}

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        self.finished.store(true, Ordering::Release);
        self.caller.unpark();
    }
}

/// Waits until the worker says it has `finished` (it then unparks this thread, so the
/// wait ends at once, not at the next step), asking `interrupt` about every
/// [`INTERRUPT_INTERVAL`]; a `true` sets `cancel`, and the worker's search stops at its
/// next check.
fn wait_interruptible(finished: &AtomicBool, interrupt: &InterruptFn, cancel: &AtomicBool) {
    while !finished.load(Ordering::Acquire) {
        std::thread::park_timeout(INTERRUPT_INTERVAL);
        if !finished.load(Ordering::Acquire) && interrupt() {
            cancel.store(true, Ordering::Relaxed);
            return;
        }
    }
}

/// What a solve's search on the calling thread spent before a node deeper than
/// [`CALLER_DEPTH`] sent it to a thread of its own.
#[derive(Debug, Clone, Copy)]
struct Spent {
    nodes: u64,
    /// When the solve began: its time limit and progress reports count from then.
    start: Instant,
}

/// The answer of a search stopped by a node too deep, after `spent`.
fn depth_limit(spent: Spent) -> (Verdict, u64, u64) {
    let reason = StopReason::DepthLimit;
    (Verdict::Unknown { reason }, spent.nodes, spent.nodes)
}

/// All phases on one thread: proof (of a mate within `horizon`), shortest length, answer
/// lines, counting from what was `spent` before. `Err` with what it spent when a node on
/// the calling thread reached [`CALLER_DEPTH`]: the table keeps what it found, for the
/// search that follows on a worker with the full depth.
fn run(
    config: &mut Config,
    table: &mut Table,
    helpers: &mut [Table],
    pos: &Position,
    horizon: Len,
    leg: Leg,
    spent: Spent,
) -> Result<(Verdict, u64, u64), Spent> {
    let (max_depth, interrupt) = match leg {
        Leg::Caller => (CALLER_DEPTH, config.interrupt.clone()),
        Leg::Worker => (MAX_DEPTH, None),
    };
    let level = config.answer;
    let budget = Budget::new(
        config.limits.nodes,
        config.limits.time,
        config.cancel.as_deref(),
        config.progress.as_mut(),
        config.progress_interval,
    )
    .begun_at(spent.start)
    .interruptible(interrupt.as_ref());
    let mut s = Searcher::new(table, pos, budget);
    s.nodes = spent.nodes;
    s.helpers = helpers.iter_mut().collect();
    s.helpers_after = config.helpers_after_nodes;
    s.mate3 = config.leaf_search == LeafSearch::MateInThree;
    s.max_depth = max_depth;
    let done = run_with(level, &mut s, pos, horizon);
    if s.depth_cut && leg == Leg::Caller {
        return Err(Spent {
            nodes: done.1,
            ..spent
        });
    }
    Ok(done)
}

fn run_with(
    level: AnswerLevel,
    s: &mut Searcher<'_, '_>,
    pos: &Position,
    horizon: Len,
) -> (Verdict, u64, u64) {
    let floor = match first_from_below(level, s, pos, horizon) {
        BottomUp::Shortest(length) => {
            let proof_nodes = s.all_nodes();
            return finish(level, s, pos, (length, true), None, proof_nodes);
        }
        BottomUp::Stopped => return (unknown(s), s.all_nodes(), s.all_nodes()),
        BottomUp::Floor(floor) => floor,
    };
    let v = s.search(pos, 0, horizon, 0);
    let proof_nodes = s.all_nodes();
    if v.is_disproven() {
        // A bounded disproof that met no horizon (no checks left, or only repetitions)
        // holds for any length.
        let verdict = if horizon == LEN_INF || v.len == LEN_INF {
            Verdict::NoMate
        } else {
            Verdict::NoMateWithin {
                plies: u32::from(horizon),
            }
        };
        return (verdict, s.all_nodes(), proof_nodes);
    }
    if !v.is_proven() {
        return (unknown(s), s.all_nodes(), proof_nodes);
    }
    let mut upper = u32::from(v.len);
    // A mate no shorter than the floor is the shortest at every level: a mate in 1 is
    // always (the proof level's floor), whatever else the proof left open.
    let mut exact = upper <= floor;
    // Write the proof out while its entries are fresh: the later phases may replace them.
    let saved = if level == AnswerLevel::Proof {
        None
    } else {
        s.proof_line(pos, upper).map(|line| (upper, line))
    };
    if level != AnswerLevel::Proof {
        let bounded = level == AnswerLevel::Short;
        (upper, exact) = shorten(s, pos, upper, floor, bounded);
    }
    finish(level, s, pos, (upper, exact), saved, proof_nodes)
}

/// The searches from below that come before any proof at the exact and full levels, when
/// no horizon was asked for ([`FIRST_BOTTOM_UP_BOUND`]): short mates are found without a
/// proof of a looser bound, which would be work thrown away.
fn first_from_below(
    level: AnswerLevel,
    s: &mut Searcher<'_, '_>,
    pos: &Position,
    horizon: Len,
) -> BottomUp {
    if level == AnswerLevel::Proof || horizon != LEN_INF {
        return BottomUp::Floor(1);
    }
    // A quarter of a caller's node limit at most: the proof must still have its chance
    // within the limit.
    let budget = s.budget.node_limit.map_or(FIRST_BOTTOM_UP_NODES, |limit| {
        (limit / 4).min(FIRST_BOTTOM_UP_NODES)
    });
    bottom_up(s, pos, 1, FIRST_BOTTOM_UP_BOUND, budget)
}

/// The verdict when the budget ran out before a proof.
fn unknown(s: &Searcher<'_, '_>) -> Verdict {
    Verdict::Unknown {
        reason: s.stop.unwrap_or(StopReason::NodeLimit),
    }
}

/// The answer of a mate proven within `upper` plies (`exact`: proven shortest), with the
/// proof's line `saved` to fall back on.
fn finish(
    level: AnswerLevel,
    s: &mut Searcher<'_, '_>,
    pos: &Position,
    (upper, exact): (u32, bool),
    saved: Option<(u32, Vec<Move>)>,
    proof_nodes: u64,
) -> (Verdict, u64, u64) {
    if s.stop.is_some() {
        // The mate is proven; spend a reserve on writing it out.
        s.resume_for(ANSWER_RESERVE);
    }
    let mate = answer(level, s, pos, upper, exact).or_else(|| {
        saved.map(|(length, line)| Mate {
            length,
            exact: false,
            leftover: *end_of(pos, &line).hand(pos.turn()),
            line,
            convention: Convention::Unknown,
            alternatives: Vec::new(),
            undecided: Vec::new(),
            alternatives_complete: false,
            stopped: None,
        })
    });
    let verdict = match mate {
        Some(mate) => Verdict::Mate(Mate {
            // A stop lifted to write the answer out, or one within the answer.
            stopped: s.lifted.or(s.stop),
            ..mate
        }),
        None => Verdict::Unknown {
            reason: s.stop.unwrap_or(StopReason::NoLine),
        },
    };
    (verdict, s.all_nodes(), proof_nodes)
}

/// Tightens a proven bound to the shortest mate. Returns the bound and whether it was
/// proven shortest.
///
/// A small bound (at most [`BOTTOM_UP_MAX_BOUND`]) is tightened from below first
/// ([`bottom_up`]). Otherwise, or when that runs out of its budget, from above: attacker
/// mates have odd lengths, so the bound is exact once "no mate within N-2" is proven;
/// that last disproof is the costly search, and it cannot be avoided. A search with
/// horizon `r` tends to find a mate of exactly `r` plies (any proof that fits will do), so
/// stepping down by two from a loose first bound takes many proofs: the horizon instead
/// drops by a step that doubles after every proof of exactly its horizon (a shorter mate
/// starts the step again from two). Such a speculative horizon gets a budget
/// ([`speculative_budget`]); once one fails (no mate within it, or the budget ran out),
/// the horizon steps down by two, and the last search is always the full "no mate within
/// N-2", or none when the searches from below have already proven it.
///
/// `bounded` ([`AnswerLevel::Short`]): that last search gets a budget too, as every
/// speculative one does, and when it runs out the bound stands, not proven shortest.
fn shorten(
    s: &mut Searcher<'_, '_>,
    pos: &Position,
    mut upper: u32,
    floor: u32,
    bounded: bool,
) -> (u32, bool) {
    let proof_nodes = s.nodes;
    // The shortest length a mate may still have: "no mate within below - 2" is proven.
    let mut below = floor;
    if upper <= BOTTOM_UP_MAX_BOUND {
        match bottom_up(s, pos, below, upper, speculative_budget(proof_nodes, 0)) {
            BottomUp::Shortest(len) => return (len, true),
            BottomUp::Stopped => return (upper, false),
            BottomUp::Floor(floor) => below = floor,
        }
    }
    let mut step = 2;
    let mut failed = false;
    let mut dearest = 0;
    while upper > below {
        s.clear_rep();
        let r = next_horizon(upper, step, failed).max(below);
        let speculative = r + 2 < upper;
        let horizon = Len::try_from(r).unwrap_or(LEN_INF - 1);
        let start = s.nodes;
        let v = if speculative || bounded {
            let budget = speculative_budget(proof_nodes, dearest);
            s.limited(budget, |s| {
                Some(s.search(pos, 0, horizon, 0)).filter(Value::is_solved)
            })
        } else {
            Some(s.search(pos, 0, horizon, 0))
        };
        match v {
            Some(v) if v.is_proven() => {
                // A mate shorter than the horizon asked for is a sign that the shortest is
                // near: the step starts again from two instead of guessing further down.
                step = if u32::from(v.len) < r { 2 } else { step * 2 };
                upper = u32::from(v.len).min(r);
                dearest = dearest.max(s.nodes - start);
            }
            Some(v) if v.is_disproven() && !speculative => return (upper, true),
            _ if s.stop.is_some() || !speculative => return (upper, false),
            _ => failed = true,
        }
    }
    (upper, true)
}

/// The largest proven bound that [`shorten`] tightens from below. Searches of the
/// horizons 1, 3, 5, ... up to a shortest mate of N plies cost about the last disproof,
/// "no mate within N-2" (which tightening from above needs too), and one proof of N;
/// from above, a loose bound costs a proof per step down (on the 427 generated problems
/// 3.0 M nodes of proofs against 0.85 M of disproofs: a 5-ply problem was proven within
/// 59 first). A large bound is left to the steps from above: 寿's searches from below
/// stay cheap one by one (below 1 M nodes each up to 265 plies), but there are 300 of
/// them below its 611.
const BOTTOM_UP_MAX_BOUND: u32 = 63;

/// The searches from below that come before any proof, at the exact and full levels: the
/// horizons below this one. A mate of at most 9 plies is then found without first proving
/// a looser bound (on the 427 generated problems of 1-11 plies: 1,347,289 nodes instead of
/// 1,861,079, a third less CPU); a position without a mate pays the disproofs of those
/// horizons before its own (7 % more nodes, the same CPU, on the generated problems with
/// the attacker's hand taken away; with horizons up to 15, 13 % more nodes) ...
const FIRST_BOTTOM_UP_BOUND: u32 = 11;

/// ... within this many nodes in all. When they stop, the proof follows and the
/// shortening goes on above the last horizon disproven, so at most the search that ran
/// into the budget is lost.
const FIRST_BOTTOM_UP_NODES: u64 = 100_000;

/// What the searches from below found.
enum BottomUp {
    /// The shortest mate: every shorter horizon was disproven.
    Shortest(u32),
    /// The caller's budget ran out.
    Stopped,
    /// The budget for them ran out: no mate is shorter than this.
    Floor(u32),
}

/// Searches the horizons `from`, `from + 2`, ... below `upper` within `budget` nodes in
/// all (`from` is odd, and no mate is shorter): the first horizon proven is the shortest
/// mate. A defender node stops at its first escape there (`Searcher::stop_at_escape`).
fn bottom_up(
    s: &mut Searcher<'_, '_>,
    pos: &Position,
    from: u32,
    upper: u32,
    budget: u64,
) -> BottomUp {
    let end = s.nodes.saturating_add(budget);
    let mut below = from;
    s.asking_from_below(|s| {
        loop {
            if below >= upper || s.nodes >= end {
                break BottomUp::Floor(below);
            }
            s.clear_rep();
            let horizon = Len::try_from(below).unwrap_or(LEN_INF - 1);
            let v = s.limited(end - s.nodes, |s| {
                Some(s.search(pos, 0, horizon, 0)).filter(Value::is_solved)
            });
            match v {
                Some(v) if v.is_proven() => break BottomUp::Shortest(u32::from(v.len)),
                Some(_) => below += 2,
                None if s.stop.is_some() => break BottomUp::Stopped,
                None => break BottomUp::Floor(below),
            }
        }
    })
}

/// The next horizon below a proven bound `upper`: `upper - step` until a speculative
/// horizon fails, then `upper - 2`. (Bisecting between the failed horizon and the bound
/// instead saved 7 M nodes on the 39-ply problem and cost as many on 将棋無双第1番, whose
/// speculative horizons below the shortest mate each used up their budget.)
fn next_horizon(upper: u32, step: u32, failed: bool) -> u32 {
    if failed {
        upper - 2
    } else {
        upper.saturating_sub(step).max(1)
    }
}

/// Nodes a speculative horizon may use: twice the dearest proof of the shortening so far
/// (a horizon at or above the shortest mate is proven at about that price), but at least a
/// quarter of the proof phase. Below the shortest mate a search runs until its budget is
/// gone, so a larger one only wastes more (the 39-ply problem spent 46 M nodes on one
/// such horizon when the budget was all the nodes spent so far).
fn speculative_budget(proof_nodes: u64, dearest: u64) -> u64 {
    dearest
        .saturating_mul(2)
        .max(proof_nodes / 4)
        .max(SPECULATIVE_MIN_NODES)
}

/// The main line, alternatives and convention answer of a mate of length `n`.
fn answer(
    level: AnswerLevel,
    s: &mut Searcher<'_, '_>,
    pos: &Position,
    n: u32,
    exact: bool,
) -> Option<Mate> {
    s.clear_rep();
    let full = level == AnswerLevel::Full;
    let MainLine {
        line,
        yozume,
        complete,
    } = if exact {
        s.main_line(pos, n, full)?
    } else {
        // Only an upper bound is known: follow the proof instead of the minimax line.
        MainLine {
            line: s.proof_line(pos, n)?,
            yozume: Yozume::default(),
            complete: false,
        }
    };
    let mut mate = Mate {
        length: if exact { line.len() as u32 } else { n },
        exact,
        leftover: *end_of(pos, &line).hand(pos.turn()),
        convention: Convention::Unknown,
        alternatives: tagged(yozume.found, line.len()),
        undecided: tagged(yozume.undecided, line.len()),
        alternatives_complete: complete,
        line,
        stopped: None, // set by `finish`, which knows every phase
    };
    // The convention answer needs exact values of side lines: bounded, and dropped if
    // the bound is hit.
    let conv_nodes = s.nodes.max(CONVENTION_MIN_NODES);
    // Not after the budget ran out in the 余詰 search (`complete` false at the full level):
    // the line was written out within a reserve, past the caller's limit.
    let conv = if full && exact && complete && s.stop.is_none() {
        s.limited(conv_nodes, |s| s.convention_line(pos, n, &mate.line))
    } else {
        None
    };
    // Its 余詰 within as many nodes again: the ones found when that runs out are kept.
    let conv = conv.map(|(line, mut memo)| {
        let mut yozume = Yozume::default();
        let complete = line == mate.line
            || s.limited(conv_nodes, |s| {
                s.convention_alternatives(&mut memo, pos, &line, &mut yozume)
            })
            .is_some();
        (line, yozume, complete)
    });
    mate.convention = match conv {
        None => Convention::Unknown,
        Some((conv, ..)) if conv == mate.line => Convention::Same,
        Some((conv, yozume, complete)) => Convention::Differs(ConventionAnswer {
            length: conv.len() as u32,
            alternatives: tagged(yozume.found, conv.len()),
            undecided: tagged(yozume.undecided, conv.len()),
            alternatives_complete: complete,
            leftover: *end_of(pos, &conv).hand(pos.turn()),
            line: conv,
        }),
    };
    Some(mate)
}

/// Alternatives as (ply, move) on a line of `len` plies, the last move's marked.
fn tagged(alts: Vec<(usize, Move)>, len: usize) -> Vec<Alternative> {
    alts.into_iter()
        .map(|(ply, mv)| Alternative {
            ply,
            mv,
            last: ply + 1 == len,
        })
        .collect()
}

fn end_of(pos: &Position, line: &[Move]) -> Position {
    let mut p = pos.clone();
    for &m in line {
        p.play_unchecked(m);
    }
    p
}
