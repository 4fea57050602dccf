//! `masu.tsume`: the df-pn mate solver, one problem or many in parallel.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyType;
use rayon::prelude::*;
use shogi::{Position, SetupMode};
use tsume::{
    AnswerLevel, Config, InterruptFn, Limits, MAX_THREADS, Solver, StopReason, TableError, Verdict,
};

use crate::args::{Int, optional_count, seconds, table_bytes};
use crate::errors::{placed, value_error, wrong_type};
use crate::pickle::{Reduced, reduce_with};
use crate::repr::py_repr;
use crate::shogi_py::Board;
use crate::wait::{Signals, run_interruptible};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Solution>()?;
    m.add_class::<TsumeSolver>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    Ok(())
}

/// The answer to a mate problem; two are equal when every field is.
#[pyclass(module = "masu.tsume", frozen, get_all, eq, skip_from_py_object)]
#[derive(Clone, PartialEq)]
pub(crate) struct Solution {
    /// `"mate"`, `"no_mate"`, `"no_mate_within"` (none of at most `max_plies` plies; a
    /// longer one may exist) or `"unknown"` (a limit stopped the search first).
    verdict: &'static str,
    /// Minimax length in plies of the mate (every legal defence counted), `None` without one.
    length: Option<u32>,
    /// Whether `length` is proven shortest (`False` at `level="proof"` but for a mate in 1,
    /// at `level="short"` when the search below it did not finish, or when a limit stopped
    /// the search after a first proof).
    exact: bool,
    /// The main line in USI, from the problem to the mate: `length` moves when `exact`,
    /// else the line the proof follows, at most `length` moves (its defences the longest
    /// the proof knows of, so it can be shorter than the true minimax line).
    line: Vec<String>,
    /// `line` in KI2 notation, the official Japanese one: `["▲２二金", "△同　玉", ...]`.
    line_ki2: Vec<String>,
    /// The tsume-convention length (futile interpositions not counted), `None` when not
    /// worked out: `level` below `"full"`, a length not proven shortest, or a node or time
    /// limit that stopped the answer first.
    convention_length: Option<u32>,
    /// Other attacker moves that mate as fast as the main line's (余詰), as (index into
    /// `line`, USI move), searched at `level="full"` only.
    alternatives: Vec<(usize, String)>,
    /// Checks on the line whose search for 余詰 was left undecided within its nodes, as
    /// `alternatives` lists them: they may mate as fast as the line's move.
    undecided: Vec<(usize, String)>,
    /// Whether every attacker move of the line was searched for 余詰: `True` only at
    /// `level="full"` when the budget held (a node or time limit may stop it part way; the
    /// line and its proven length are kept, the later moves in neither list).
    alternatives_complete: bool,
    /// Why an `"unknown"` search stopped: `"node_limit"`, `"time_limit"`, `"cancelled"`,
    /// `"depth_limit"` or `"no_line"`; for a mate, the limit that stopped its answer after
    /// the proof (`exact`, `alternatives_complete` or `convention_length` then says what was
    /// left open); `None` otherwise.
    stopped: Option<&'static str>,
    /// Positions searched.
    nodes: u64,
    /// Wall-clock seconds.
    seconds: f64,
}

/// A pickled solution: its fields in declaration order.
type SolutionState = (
    String,
    Option<u32>,
    bool,
    Vec<String>,
    Vec<String>,
    Option<u32>,
    Vec<(usize, String)>,
    Vec<(usize, String)>,
    bool,
    Option<String>,
    u64,
    f64,
);

/// The `&'static str` of `word` among `words`, for the text fields a solution shares.
fn one_of(words: &[&'static str], word: &str) -> PyResult<&'static str> {
    words
        .iter()
        .copied()
        .find(|w| *w == word)
        .ok_or_else(|| value_error(format!("{word:?} is not one of {words:?}")))
}

#[pymethods]
impl Solution {
    /// Pickles as its fields.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, SolutionState> {
        let s = slf.get().clone();
        let state = (
            s.verdict.to_owned(),
            s.length,
            s.exact,
            s.line,
            s.line_ki2,
            s.convention_length,
            s.alternatives,
            s.undecided,
            s.alternatives_complete,
            s.stopped.map(str::to_owned),
            s.nodes,
            s.seconds,
        );
        reduce_with(slf, state)
    }

    /// The solution of a pickled state. Raises ValueError for an unknown verdict or reason.
    #[classmethod]
    fn _from_state(_class: &Bound<'_, PyType>, state: SolutionState) -> PyResult<Solution> {
        let (
            verdict,
            length,
            exact,
            line,
            line_ki2,
            convention_length,
            alternatives,
            undecided,
            alternatives_complete,
            stopped,
            nodes,
            seconds,
        ) = state;
        Ok(Solution {
            verdict: one_of(&["mate", "no_mate", "no_mate_within", "unknown"], &verdict)?,
            length,
            exact,
            line,
            line_ki2,
            convention_length,
            alternatives,
            undecided,
            alternatives_complete,
            stopped: stopped
                .map(|w| one_of(&StopReason::ALL.map(StopReason::kind), &w))
                .transpose()?,
            nodes,
            seconds,
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Solution(verdict={}, length={}, line={}, nodes={})",
            py_repr(py, self.verdict)?,
            py_repr(py, self.length)?,
            py_repr(py, &self.line)?,
            self.nodes
        ))
    }
}

/// `threads` as a count of threads searching, `None` outside 1 to [`MAX_THREADS`].
fn thread_count(threads: Int) -> Option<usize> {
    usize::try_from(threads)
        .ok()
        .filter(|n| (1..=MAX_THREADS).contains(n))
}

#[derive(Clone, Copy)]
struct Settings {
    level: AnswerLevel,
    nodes: Option<u64>,
    time: Option<Duration>,
    table_bytes: usize,
    /// Threads searching one problem.
    threads: usize,
}

impl Settings {
    fn new(level: &str, nodes: Option<Int>, time: Option<f64>, hash_mb: Int) -> PyResult<Self> {
        let level: AnswerLevel = level
            .parse()
            .map_err(|e| value_error(format!("level {level:?}: {e}")))?;
        let time = seconds(time)?;
        let table_bytes = table_bytes(hash_mb)?;
        Ok(Settings {
            level,
            nodes: optional_count("nodes", nodes)?,
            time,
            table_bytes,
            threads: 1,
        })
    }

    /// The same settings with `threads` searching one problem; ValueError for fewer than 1
    /// or more than [`MAX_THREADS`].
    fn with_threads(mut self, threads: Int) -> PyResult<Self> {
        self.threads = thread_count(threads).ok_or_else(|| {
            value_error(format!(
                "threads must be from 1 to {MAX_THREADS}, got {threads}"
            ))
        })?;
        Ok(self)
    }

    /// A solver that asks `interrupt` whether to stop, or why its table cannot be had.
    fn solver(self, interrupt: InterruptFn) -> Result<Solver, TableError> {
        Solver::try_new(Config {
            limits: Limits {
                nodes: self.nodes,
                time: self.time,
            },
            table_bytes: self.table_bytes,
            answer: self.level,
            threads: self.threads,
            interrupt: Some(interrupt),
            ..Config::default()
        })
    }
}

/// A mate problem given as SFEN text (read as [`read_problem`] reads it) or as a
/// `masu.shogi.Board` (its current position). TypeError for anything else.
fn problem(sfen: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(board) = sfen.cast::<Board>() {
        return Ok(board.get().state(sfen.py())?.position().clone());
    }
    let text: String = sfen
        .extract()
        .map_err(|_| wrong_type("a problem is SFEN text or a Board", sfen))?;
    read_problem(&text).map_err(value_error)
}

/// A mate problem's position as masu-tsume reads it.
fn read_problem(sfen: &str) -> Result<Position, shogi::ParseSfenError> {
    Position::from_sfen_with(sfen.trim(), SetupMode::Tsume)
}

/// Solves the mate problem `sfen`, SFEN text or a `masu.shogi.Board` (the side to move
/// attacks; tsume rules: the attacker may have no king, pieces on neither board nor hand
/// belong to the defender).
///
/// `level`: `"proof"` stops at the first proof, `"short"` shortens its line with searches
/// of bounded cost (the shortest mate found, `exact` only if proven), `"exact"` proves the
/// shortest length, `"full"` also works out the tsume-convention answer and alternative
/// mates. `nodes` and `time` (seconds) limit the search; `hash_mb` sizes the table.
/// `threads` above 1 has helper threads prove the defences the main search needs next,
/// once it has searched 4,194,304 nodes alone (for long problems; the table memory is
/// shared out among them). `max_plies` looks only for mates of at most that many plies:
/// `"no_mate_within"` then means none that short (a longer one may exist), and a mate found is
/// worked out as usual. The GIL is released;
/// Ctrl-C stops the search and raises KeyboardInterrupt. Raises ValueError for a position
/// that is not a mate problem, for `threads` outside 1 to 1024, `hash_mb` below 1 or
/// `nodes` or `max_plies` below 0. Each call sets up a table of its own;
/// a `Solver` keeps one for many calls.
#[pyfunction]
#[pyo3(signature = (sfen, level = "full", nodes = None, time = None, hash_mb = 256, threads = 1, max_plies = None))]
#[allow(clippy::too_many_arguments, reason = "Python's keyword arguments")]
fn solve(
    py: Python<'_>,
    sfen: &Bound<'_, PyAny>,
    level: &str,
    nodes: Option<Int>,
    time: Option<f64>,
    hash_mb: Int,
    threads: Int,
    max_plies: Option<Int>,
) -> PyResult<Solution> {
    let settings = Settings::new(level, nodes, time, hash_mb)?.with_threads(threads)?;
    let max_plies = optional_count("max_plies", max_plies)?;
    let pos = problem(sfen)?;
    let signals = Signals::default();
    let mut solver = settings.solver(signals.check()).map_err(value_error)?;
    let solution = py.detach(|| solve_one(&mut solver, &pos, max_plies));
    signals.or_raised(solution)
}

/// Solves many problems in parallel, one solver (with a table of `hash_mb`) per thread;
/// `threads` defaults to the number of cores. Returns one `Solution` per problem, in order.
/// The limits and `max_plies` apply to each problem. Ctrl-C stops every search and raises
/// KeyboardInterrupt. Raises ValueError naming the first problem that cannot be read or
/// solved (`sfens[3] ...: the defender has no king`).
#[pyfunction]
#[pyo3(signature = (sfens, level = "full", nodes = None, time = None, hash_mb = 64, threads = None, max_plies = None))]
#[allow(clippy::too_many_arguments, reason = "Python's keyword arguments")]
fn solve_many(
    py: Python<'_>,
    sfens: Vec<Bound<'_, PyAny>>,
    level: &str,
    nodes: Option<Int>,
    time: Option<f64>,
    hash_mb: Int,
    threads: Option<Int>,
    max_plies: Option<Int>,
) -> PyResult<Vec<Solution>> {
    let settings = Settings::new(level, nodes, time, hash_mb)?;
    let max_plies = optional_count("max_plies", max_plies)?;
    if let Some(n) = threads.filter(|&n| thread_count(n).is_none()) {
        // As `solve(threads=0)`: no thread is no solve (`None` is one per core); a batch's
        // workers are held to the limit of a solve's threads, as `masu solve --jobs` is.
        return Err(value_error(format!(
            "threads must be from 1 to {MAX_THREADS} (None: one per core), got {n}"
        )));
    }
    let positions = sfens
        .iter()
        .enumerate()
        .map(|(i, sfen)| {
            // In a batch, say which problem: the message alone does not find it.
            problem(sfen).map_err(|e| {
                let shown = sfen.repr().map_or_else(|_| "?".into(), |r| r.to_string());
                placed(py, &e, &format!("sfens[{i}] {shown}"))
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.and_then(thread_count).unwrap_or(0))
        .build()
        .map_err(value_error)?;
    let results = run_interruptible(py, move |cancel| {
        // Each solver reads the batch's flag through its interrupt: a solver clears its own
        // cancel flag when a solve stops, and this one stops every solve of the batch.
        let stop = Arc::clone(&cancel);
        let stopped: InterruptFn = Arc::new(move || stop.load(Ordering::Relaxed));
        pool.install(|| {
            positions
                .par_iter()
                .map_init(
                    || settings.solver(Arc::clone(&stopped)),
                    |solver, pos| match solver {
                        // The batch is stopped: what is left is not started.
                        _ if cancel.load(Ordering::Relaxed) => {
                            Err(PyKeyboardInterrupt::new_err("stopped"))
                        }
                        Ok(solver) => solve_one(solver, pos, max_plies),
                        Err(err) => Err(value_error(err)),
                    },
                )
                .collect::<Vec<_>>()
        })
    })?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, result)| {
            // A problem no solve takes (a defender without a king) is named as a bad SFEN is.
            result.map_err(|e| match e.is_instance_of::<PyKeyboardInterrupt>(py) {
                true => e,
                false => placed(py, &e, &format!("sfens[{i}]")),
            })
        })
        .collect()
}

/// A solver that keeps its settings and table from one problem to the next: a short
/// problem costs microseconds, not the setting up of a table. Its methods release the GIL;
/// Ctrl-C stops a search and raises KeyboardInterrupt. One solve at a time: a call while
/// another thread's solve runs raises RuntimeError.
#[pyclass(module = "masu.tsume", name = "Solver")]
pub(crate) struct TsumeSolver {
    solver: Solver,
    signals: Signals,
    /// The answer level: `"proof"`, `"short"`, `"exact"` or `"full"`.
    #[pyo3(get)]
    level: &'static str,
    /// The node limit of each solve, `None` without one.
    #[pyo3(get)]
    nodes: Option<u64>,
    /// The time limit of each solve in seconds, `None` without one.
    #[pyo3(get)]
    time: Option<f64>,
    /// The table's size in MiB.
    #[pyo3(get)]
    hash_mb: usize,
    /// Threads searching one problem.
    #[pyo3(get)]
    threads: usize,
}

#[pymethods]
impl TsumeSolver {
    /// A solver with the settings of `solve` (the same keywords and meanings); its table
    /// of `hash_mb` MiB is reserved now. Raises ValueError for a bad setting or a table
    /// that cannot be had.
    #[new]
    #[pyo3(signature = (level = "full", nodes = None, time = None, hash_mb = 256, threads = 1))]
    fn new(
        level: &str,
        nodes: Option<Int>,
        time: Option<f64>,
        hash_mb: Int,
        threads: Int,
    ) -> PyResult<Self> {
        let settings = Settings::new(level, nodes, time, hash_mb)?.with_threads(threads)?;
        let signals = Signals::default();
        Ok(TsumeSolver {
            solver: settings.solver(signals.check()).map_err(value_error)?,
            signals,
            level: settings.level.name(),
            nodes: settings.nodes,
            time,
            hash_mb: settings.table_bytes >> 20,
            threads: settings.threads,
        })
    }

    /// Solves the mate problem `sfen` (SFEN text or a `Board`) as `masu.tsume.solve` does
    /// (`max_plies` too), with
    /// this solver's settings and table. Raises ValueError for a position that is not a mate problem.
    #[pyo3(signature = (sfen, max_plies = None))]
    fn solve(
        &mut self,
        py: Python<'_>,
        sfen: &Bound<'_, PyAny>,
        max_plies: Option<Int>,
    ) -> PyResult<Solution> {
        let max_plies = optional_count("max_plies", max_plies)?;
        let pos = problem(sfen)?;
        let solver = &mut self.solver;
        let solution = py.detach(|| solve_one(solver, &pos, max_plies));
        self.signals.or_raised(solution)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Solver(level={}, nodes={}, time={}, hash_mb={}, threads={})",
            py_repr(py, self.level)?,
            py_repr(py, self.nodes)?,
            py_repr(py, self.time)?,
            self.hash_mb,
            self.threads
        ))
    }
}

/// Solves `pos` on `solver`, for mates of at most `max_plies` plies when given.
fn solve_one(solver: &mut Solver, pos: &Position, max_plies: Option<u32>) -> PyResult<Solution> {
    let verdict = match max_plies {
        Some(plies) => solver.solve_within(pos, plies),
        None => solver.solve(pos),
    }
    .map_err(value_error)?;
    let stats = solver.stats();
    let mut solution = Solution {
        verdict: "unknown",
        length: None,
        exact: false,
        line: Vec::new(),
        line_ki2: Vec::new(),
        convention_length: None,
        alternatives: Vec::new(),
        undecided: Vec::new(),
        alternatives_complete: false,
        stopped: None,
        nodes: stats.nodes,
        seconds: stats.elapsed.as_secs_f64(),
    };
    solution.verdict = verdict.kind();
    match verdict {
        Verdict::Mate(mate) => {
            solution.length = Some(mate.length);
            solution.exact = mate.exact;
            solution.line = mate.line.iter().map(ToString::to_string).collect();
            solution.line_ki2 = pos
                .japanese_line(&mate.line, None)
                .map_err(value_error)?
                .iter()
                .map(ToString::to_string)
                .collect();
            solution.convention_length = mate.convention.length(mate.length);
            let tagged = |alternatives: &[tsume::Alternative]| {
                alternatives
                    .iter()
                    .map(|a| (a.ply, a.mv.to_string()))
                    .collect()
            };
            solution.alternatives = tagged(&mate.alternatives);
            solution.undecided = tagged(&mate.undecided);
            solution.alternatives_complete = mate.alternatives_complete;
            solution.stopped = mate.stopped.map(StopReason::kind);
        }
        Verdict::Unknown { reason } => solution.stopped = Some(reason.kind()),
        _ => {}
    }
    Ok(solution)
}
