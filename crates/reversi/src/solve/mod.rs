//! Exact endgame solving: the final disc difference under perfect play, and a move that gets it.
//!
//! ```
//! use std::ops::ControlFlow;
//! use masu_reversi::{Board, Move, SolveLimits, SolveOutcome, Solver};
//!
//! // FFO #40: black to move wins by 38 with a2.
//! let board: Board =
//!     "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X".parse()?;
//! let mut solver = Solver::new(16 << 20);
//! let outcome = solver.solve(&board, SolveLimits::none(), |_| ControlFlow::Continue(()));
//! let SolveOutcome::Solved(solution) = outcome else { panic!("no limits were set") };
//! assert_eq!(solution.score, 38);
//! assert_eq!(solution.best_move, Some(Move::Play("a2".parse()?)));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Scores are from the side to move's point of view, with empty squares going to the winner
//! (the FFO convention), so they lie in `-64..=64`: a [`Solution::score`] is the
//! [`Board::score_for`]`(board.side_to_move(), ScoreRule::EmptiesToWinner)` of the final
//! position under perfect play, where [`Board::score`] is Black's.

mod kernel;
mod last_empties;
mod memory;
mod order;
mod order_cache;
mod search;
mod stability;
mod table;

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::bits;
use crate::board::Board;
#[cfg(doc)]
use crate::board::ScoreRule;
use crate::mv::Move;
use crate::square::Square;

pub(crate) use kernel::Kernel;
use kernel::Portable;
pub use memory::TableError;
pub(crate) use search::Search;
pub(crate) use table::Table;

/// How many discs more than the first root move's selective score another root move needs
/// for the selective pre-pass to put it first in the exact pass: a one-disc preference of the
/// pre-pass is too often a worse move (MEASUREMENTS.md, constants).
const SWITCH_MARGIN: i32 = 1;

/// When to give up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SolveLimits {
    /// Stop after this many nodes of the search. The shallow searches that order each
    /// node's moves (up to seven plies on the evaluation, with 33 empties or more) are not
    /// counted: far from the end a node near the root costs up to a second (the first
    /// hundred nodes of the start position took 40 s), and `time` is the limit that bounds
    /// the wall time there.
    pub nodes: Option<u64>,
    /// Stop after this much time (the clock is read every few thousand nodes).
    pub time: Option<Duration>,
}

impl SolveLimits {
    /// No limit: solve to the end, however long that takes. At 20 empties a solve takes
    /// under a second, at 26 to 30 seconds to minutes (the README's FFO table), and far
    /// longer beyond: the start position would not finish. Give a `time` or a
    /// [`Solver::set_interrupt`] check for positions that may be far from the end.
    #[must_use]
    pub const fn none() -> SolveLimits {
        SolveLimits {
            nodes: None,
            time: None,
        }
    }
}

/// A report during the search, after each root move of the exact pass: the best root move so
/// far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The exact score of `best_move` (a lower bound on the position's score).
    pub score: i32,
    /// The best move found so far.
    pub best_move: Move,
    /// Root moves finished.
    pub moves_done: usize,
    /// Root moves in all.
    pub moves_total: usize,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the start.
    pub elapsed: Duration,
}

/// A finished solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// The exact score for the side to move at the root, empties to the winner: the final
    /// position's [`Board::score_for`]`(board.side_to_move(), ScoreRule::EmptiesToWinner)`
    /// under perfect play ([`Board::score`] is Black's point of view instead).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use masu_reversi::{Board, Color, ScoreRule, Solution, SolveLimits, SolveOutcome, Solver};
    ///
    /// let mut solver = Solver::new(1 << 20);
    /// let mut solve = |board: &Board| -> Solution {
    ///     match solver.solve(board, SolveLimits::none(), |_| ControlFlow::Continue(())) {
    ///         SolveOutcome::Solved(solution) => solution,
    ///         SolveOutcome::Stopped { .. } => unreachable!("no limits were set"),
    ///     }
    /// };
    /// // White to move, three empties.
    /// let board: Board =
    ///     "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOO--- O".parse()?;
    /// let score = solve(&board).score;
    /// // The solver's moves, played to the end of the game.
    /// let mut end = board;
    /// while let Some(mv) = solve(&end).best_move {
    ///     end = end.play(mv)?;
    /// }
    /// assert_eq!(score, end.score_for(Color::White, ScoreRule::EmptiesToWinner));
    /// assert_eq!(score, -end.score(ScoreRule::EmptiesToWinner));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub score: i32,
    /// A move that reaches it: `None` when the game is over, `Some(Move::Pass)` when forced.
    pub best_move: Option<Move>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveOutcome {
    /// Solved exactly.
    Solved(Solution),
    /// A limit was hit or the callback asked to stop.
    Stopped {
        /// The last progress report, if a root move had been finished.
        best: Option<Progress>,
        /// Nodes searched.
        nodes: u64,
    },
}

/// An exact endgame solver with a transposition table of caller-set size, kept between solves.
#[derive(Clone)]
pub struct Solver {
    table: Table,
    order_cache: order_cache::OrderCache,
    interrupt: Option<InterruptFn>,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("table", &self.table)
            .field("order_cache", &self.order_cache)
            .field("interrupt", &self.interrupt.as_ref().map(|_| "callback"))
            .finish()
    }
}

/// A stop check for [`Solver::set_interrupt`]: `true` stops the solve.
pub type InterruptFn = Arc<dyn Fn() -> bool + Send + Sync>;

/// How often a solve asks its [`InterruptFn`] whether to stop (the clock is read every
/// few thousand nodes, so about this often).
pub const INTERRUPT_INTERVAL: Duration = Duration::from_millis(50);

impl Solver {
    /// A solver whose table uses at most `table_bytes` bytes (16 MiB suits 20-30 empties),
    /// plus a fixed 4 MiB cache of move-ordering keys.
    ///
    /// # Panics
    ///
    /// When the memory cannot be had: `table_bytes` above the machine's physical memory, or
    /// memory the system refuses. [`Solver::try_new`] returns the error instead.
    #[must_use]
    pub fn new(table_bytes: usize) -> Solver {
        match Solver::try_new(table_bytes) {
            Ok(solver) => solver,
            Err(err) => panic!("{err}"),
        }
    }

    /// A solver whose table uses at most `table_bytes` bytes, or why its memory cannot be had:
    /// a size above the machine's physical memory (read from `/proc/meminfo` on Linux) is
    /// refused before anything is allocated, and a refusal of the system is an error, not an
    /// abort.
    ///
    /// The size is rounded down to a power of two of 24-byte entries, and a table holds at
    /// least two entries: a smaller size, 0 included, is taken as that (48 bytes), as
    /// masu-tsume takes one below its smallest table. Such a table still solves exactly,
    /// only with more nodes; the size is a budget, and the table's is
    /// the one part of the solver's memory a caller can shrink.
    ///
    /// ```
    /// use masu_reversi::{Solver, TableError};
    ///
    /// let solver = Solver::try_new(16 << 20)?;
    /// assert!(Solver::try_new(usize::MAX).is_err());
    /// # drop(solver);
    /// # Ok::<_, TableError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableError::MoreThanMemory`] for a size above the machine's physical memory,
    /// [`TableError::Unavailable`] when the system refuses the memory.
    pub fn try_new(table_bytes: usize) -> Result<Solver, TableError> {
        memory::check_physical(table_bytes)?;
        Ok(Solver {
            table: Table::try_with_bytes(table_bytes)?,
            order_cache: order_cache::OrderCache::try_new()?,
            interrupt: None,
        })
    }

    /// Has every later solve ask `interrupt` about every [`INTERRUPT_INTERVAL`] whether to
    /// stop (`None`: never); `true` stops it as a limit does
    /// ([`SolveOutcome::Stopped`]). It is asked on the thread that runs the solve, between
    /// the progress reports, which come only after each root move: Python's Ctrl-C, which
    /// only the interpreter's main thread sees, stops a long root move this way.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use masu_reversi::{Board, SolveLimits, SolveOutcome, Solver};
    ///
    /// let mut solver = Solver::try_new(1 << 20)?;
    /// solver.set_interrupt(Some(Arc::new(|| true)));
    /// // 60 empties: the first answer of the check, after 50 ms, stops the solve.
    /// let outcome = solver.solve(&Board::new(), SolveLimits::none(), |_| {
    ///     std::ops::ControlFlow::Continue(())
    /// });
    /// assert!(matches!(outcome, SolveOutcome::Stopped { .. }));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_interrupt(&mut self, interrupt: Option<InterruptFn>) {
        self.interrupt = interrupt;
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.table.clear();
        self.order_cache.clear();
    }

    /// Solves `board` exactly, calling `progress` once after each root move of the exact pass
    /// is searched, with the best move so far ([`Progress::moves_done`] counts up to
    /// [`Progress::moves_total`]; never when the side to move has no move);
    /// `ControlFlow::Break` from it stops the search, and the outcome is
    /// [`SolveOutcome::Stopped`] with that report.
    ///
    /// On x86-64 CPUs with POPCNT, LZCNT, BMI1, BMI2 and AVX2 (checked at run time) this runs a
    /// copy of the search compiled for those instructions; elsewhere, [`Solver::solve_portable`].
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use masu_reversi::{Board, SolveLimits, SolveOutcome, Solver};
    ///
    /// let board: Board =
    ///     "XO-O--XO-XOOOOOO-OXOOOXO-XOXOXOO-XXOXOOO--XXOXOO--OOXXOO-OOOXX-- X".parse()?;
    /// let mut reports = Vec::new();
    /// let outcome = Solver::try_new(1 << 20)?.solve(&board, SolveLimits::none(), |p| {
    ///     reports.push((p.moves_done, p.moves_total));
    ///     ControlFlow::Continue(())
    /// });
    /// // One report per root move, in order.
    /// let moves = board.moves().count();
    /// assert_eq!(reports, (1..=moves).map(|done| (done, moves)).collect::<Vec<_>>());
    /// assert!(matches!(outcome, SolveOutcome::Solved(_)));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(
        &mut self,
        board: &Board,
        limits: SolveLimits,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> SolveOutcome {
        #[cfg(target_arch = "x86_64")]
        if let Some(kernel) = crate::dispatch::Avx2::detect() {
            return self.solve_with(kernel, board, limits, progress);
        }
        self.solve_portable(board, limits, progress)
    }

    /// [`Solver::solve`] without CPU-specific code paths: the same answers and node counts,
    /// compiled for the baseline target.
    pub fn solve_portable(
        &mut self,
        board: &Board,
        limits: SolveLimits,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> SolveOutcome {
        self.solve_with(Portable, board, limits, progress)
    }

    /// The root search, over the copy of the recursive search that `kernel` stands for.
    fn solve_with<K: Kernel>(
        &mut self,
        kernel: K,
        board: &Board,
        limits: SolveLimits,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> SolveOutcome {
        let start = Instant::now();
        let mut search = Search {
            table: &mut self.table,
            order_cache: &mut self.order_cache,
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            // A limit past what an `Instant` holds (`Duration::MAX`) is none.
            deadline: limits.time.and_then(|t| start.checked_add(t)),
            interrupt: self.interrupt.as_deref(),
            next_interrupt: start + INTERRUPT_INTERVAL,
            stopped: false,
            level: table::EXACT,
            guesses: 0,
            kernel,
        };
        let (p, o) = (board.player(), board.opponent());
        let moves = bits::legal_moves(p, o);
        if moves == 0 && bits::legal_moves(o, p) == 0 {
            // A finished game's score is known without a search: answered under any limit.
            search.nodes = 1;
            return finish(&search, search::final_score(p, o), None, start);
        }
        if moves == 0 {
            let score = K::search(&mut search, p, o, -64, 64);
            let best_move = (bits::legal_moves(o, p) != 0).then_some(Move::Pass);
            return finish(&search, score, best_move, start);
        }
        let mut list = order::order_root(kernel, p, o, moves);
        // The selective pre-pass: a guess of the score and, in the table, a best move at most
        // of the nodes the exact pass will visit, for fewer nodes in all (MEASUREMENTS.md,
        // constants).
        search.level = search::PROBCUT_MARGIN;
        let (guess, done) = root_pass(&mut search, &mut list, 0, SWITCH_MARGIN, start, |_| {
            ControlFlow::Continue(())
        });
        if !done {
            return SolveOutcome::Stopped {
                best: None,
                nodes: search.nodes,
            };
        }
        search.level = table::EXACT;
        let first = guess.and_then(|g| g.best_move.square());
        if let Some(sq) = first {
            list.promote(sq.index());
        }
        let guess_score = guess.map_or(0, |g| g.score);
        let (best, done) = root_pass(&mut search, &mut list, guess_score, 0, start, progress);
        match best {
            Some(b) if done => finish(&search, b.score, Some(b.best_move), start),
            _ => SolveOutcome::Stopped {
                best,
                nodes: search.nodes,
            },
        }
    }
}

/// One pass over the root moves in `list`'s order: the first exactly (null windows from
/// `guess`), the others by a null window that only tells whether they beat the best so far
/// by more than `margin` discs.
/// Returns the best move found and whether the pass finished (not stopped by a limit or by
/// `progress`).
fn root_pass<K: Kernel>(
    search: &mut Search<'_, K>,
    list: &mut order::MoveList,
    guess: i32,
    margin: i32,
    start: Instant,
    mut progress: impl FnMut(&Progress) -> ControlFlow<()>,
) -> (Option<Progress>, bool) {
    let mut best: Option<Progress> = None;
    for i in 0..list.len() {
        let order::Child {
            p: np, o: no, sq, ..
        } = list.take_best(i);
        let alpha = best.map_or(-65, |b| b.score + margin);
        let v = if best.is_none() {
            -exact_by_null_windows(search, np, no, (-64, 64), -guess)
        } else if alpha >= 64 {
            // No move can beat the best by the margin; a search with a window outside the
            // scores could return a bound outside them too (the pre-pass's cuts return the
            // window's edge).
            alpha
        } else {
            // A null window proves or refutes "better than the best so far" cheaply.
            let v = -K::search(search, np, no, -alpha - 1, -alpha);
            if v > alpha && !search.stopped {
                -exact_by_null_windows(search, np, no, (-64, -v), -v)
            } else {
                v
            }
        };
        if search.stopped {
            return (best, false);
        }
        if v > alpha {
            best = Some(Progress {
                score: v,
                best_move: Move::Play(Square::ALL[usize::from(sq)]),
                moves_done: i + 1,
                moves_total: list.len(),
                nodes: search.nodes,
                elapsed: start.elapsed(),
            });
        }
        if let Some(b) = best.as_mut() {
            b.moves_done = i + 1;
            b.nodes = search.nodes;
            b.elapsed = start.elapsed();
            if progress(b).is_break() {
                return (best, false);
            }
        }
    }
    (best, true)
}

/// The exact score of `(p, o)`, known to lie in `bounds`, by a series of null-window searches
/// converging from `guess` (MTD(f)): with the table keeping what each pass proved, this visits
/// fewer nodes than one wide-window search.
fn exact_by_null_windows<K: Kernel>(
    search: &mut Search<'_, K>,
    p: u64,
    o: u64,
    bounds: (i32, i32),
    guess: i32,
) -> i32 {
    let (mut lo, mut hi) = bounds;
    let mut g = guess.clamp(lo, hi);
    while lo < hi && !search.stopped {
        let beta = if g == lo { g + 1 } else { g };
        g = K::search(search, p, o, beta - 1, beta);
        if g < beta {
            hi = g;
        } else {
            lo = g;
        }
    }
    g
}

fn finish<K>(
    search: &Search<'_, K>,
    score: i32,
    best_move: Option<Move>,
    start: Instant,
) -> SolveOutcome {
    if search.stopped {
        return SolveOutcome::Stopped {
            best: None,
            nodes: search.nodes,
        };
    }
    SolveOutcome::Solved(Solution {
        score,
        best_move,
        nodes: search.nodes,
        elapsed: start.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The prefetch hints change the time only: the same answers and node counts without them.
    #[test]
    fn prefetching_changes_no_result() -> Result<(), Box<dyn std::error::Error>> {
        let boards = [
            "XO-O--XO-XOOOOOO-OXOOOXO-XOXOXOO-XXOXOOO--XXOXOO--OOXXOO-OOOXX-- X",
            "------------O--X---OOOOXOOOOOOXXOOXOOOXXOOXXOOOX-OOOOOOXO--OOOOX X",
        ];
        for text in boards {
            let board: Board = text.parse()?;
            let outcomes = [true, false].map(|on| {
                let mut solver = Solver::new(1 << 20);
                solver.table.prefetching = on;
                match solver.solve(&board, SolveLimits::none(), |_| ControlFlow::Continue(())) {
                    SolveOutcome::Solved(s) => Some((s.score, s.best_move, s.nodes)),
                    SolveOutcome::Stopped { .. } => None,
                }
            });
            assert!(outcomes[0].is_some(), "{text}");
            assert_eq!(outcomes[0], outcomes[1], "{text}");
        }
        Ok(())
    }
}
