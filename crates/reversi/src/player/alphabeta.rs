//! The alpha-beta player: a fixed-depth midgame search on the trained pattern evaluation (or
//! the classic one of `eval.rs`), and the exact solver once few enough squares are empty.

use std::cell::Cell;
use std::fmt;
use std::ops::ControlFlow;

use super::eval::{FINAL_SCALE, evaluate, final_value};
use super::{Player, PlayerError, forced};
use crate::bits::{self, Bits};
use crate::board::Board;
use crate::mv::Move;
use crate::solve::{InterruptFn, SolveLimits, SolveOutcome, Solver};
use crate::square::Square;

/// The evaluation an [`AlphaBetaPlayer`] searches with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Evaluation {
    /// Hand-set square weights, mobility and frontier.
    Classic,
    /// The trained pattern evaluation (46 pattern instances of edges, corners, rows and
    /// diagonals, and mobility, fitted to exact scores of self-play positions): the default,
    /// it wins about three games in four against `Classic` at depth 4 (`reversi-train match`).
    #[default]
    Pattern,
}

/// Searches `depth` plies with alpha-beta on an [`Evaluation`] (by default the trained pattern
/// one), and switches to the exact solver at `solve_empties` empty squares or fewer.
#[derive(Debug, Clone)]
pub struct AlphaBetaPlayer {
    depth: u32,
    solve_empties: u32,
    evaluation: Evaluation,
    solver: Solver,
    interrupt: Interrupt,
}

/// Nodes between two questions to the interrupt check: some milliseconds of search.
const INTERRUPT_NODES: u64 = 1 << 14;

/// The stop check of [`AlphaBetaPlayer::set_interrupt`] and, during a `choose`, the nodes
/// searched and whether it answered `true`.
#[derive(Clone, Default)]
struct Interrupt {
    check: Option<InterruptFn>,
    nodes: Cell<u64>,
    stopped: Cell<bool>,
}

impl fmt::Debug for Interrupt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Interrupt")
            .field("check", &self.check.as_ref().map(|_| "callback"))
            .field("stopped", &self.stopped.get())
            .finish()
    }
}

impl Interrupt {
    /// Counts a node; whether the search is to stop (the check asked every
    /// [`INTERRUPT_NODES`] nodes).
    fn tick(&self) -> bool {
        let Some(check) = &self.check else {
            return false;
        };
        let nodes = self.nodes.get() + 1;
        self.nodes.set(nodes);
        if nodes.is_multiple_of(INTERRUPT_NODES) && check() {
            self.stopped.set(true);
        }
        self.stopped.get()
    }
}

impl AlphaBetaPlayer {
    /// A player searching `depth` plies in the midgame and solving exactly at
    /// `solve_empties` empties or fewer (with a 16 MiB table). `depth` 0 is taken as 1 (the
    /// search looks at least one ply ahead): [`AlphaBetaPlayer::try_new`] refuses it
    /// instead.
    ///
    /// # Panics
    ///
    /// When the system refuses the solver's 20 MiB (see [`Solver::new`]);
    /// [`AlphaBetaPlayer::try_new`] returns the error instead.
    #[must_use]
    pub fn new(depth: u32, solve_empties: u32) -> AlphaBetaPlayer {
        match AlphaBetaPlayer::try_new(depth.max(1), solve_empties) {
            Ok(player) => player,
            Err(err) => panic!("{err}"),
        }
    }

    /// A player searching `depth` plies in the midgame and solving exactly at
    /// `solve_empties` empties or fewer (0: only a finished game), or why not.
    ///
    /// ```
    /// use masu_reversi::{AlphaBetaPlayer, PlayerError};
    ///
    /// assert!(AlphaBetaPlayer::try_new(4, 12).is_ok());
    /// assert_eq!(AlphaBetaPlayer::try_new(0, 12).err(), Some(PlayerError::NoDepth));
    /// ```
    ///
    /// # Errors
    ///
    /// [`PlayerError::NoDepth`] for `depth` 0, [`PlayerError::Table`] when the system
    /// refuses the solver's 20 MiB.
    pub fn try_new(depth: u32, solve_empties: u32) -> Result<AlphaBetaPlayer, PlayerError> {
        if depth == 0 {
            return Err(PlayerError::NoDepth);
        }
        Ok(AlphaBetaPlayer {
            depth,
            solve_empties,
            evaluation: Evaluation::Pattern,
            solver: Solver::try_new(16 << 20).map_err(PlayerError::Table)?,
            interrupt: Interrupt::default(),
        })
    }

    /// Sets a check asked every few milliseconds while the player thinks, in its midgame
    /// search and its exact solve (see [`Solver::set_interrupt`]); `true` stops the
    /// thinking and `choose` answers at once with the best move found so far (a legal one
    /// in any case). For a caller that must be able to stop a deep search: the midgame
    /// search grows exponentially with `depth` (`depth` 14 takes a minute here).
    pub fn set_interrupt(&mut self, interrupt: Option<InterruptFn>) {
        self.solver.set_interrupt(interrupt.clone());
        self.interrupt.check = interrupt;
    }

    /// The same player searching with `evaluation`.
    #[must_use]
    pub fn with_evaluation(mut self, evaluation: Evaluation) -> AlphaBetaPlayer {
        self.evaluation = evaluation;
        self
    }

    fn evaluate(&self, p: u64, o: u64) -> i32 {
        match self.evaluation {
            Evaluation::Classic => evaluate(p, o),
            Evaluation::Pattern => crate::pattern::evaluate(p, o),
        }
    }

    fn negamax(&self, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if self.interrupt.tick() {
            return 0; // not used: the root stops at once
        }
        let moves = bits::legal_moves(p, o);
        if moves == 0 {
            if bits::legal_moves(o, p) == 0 {
                return final_value(p, o);
            }
            return -self.negamax(o, p, depth, -beta, -alpha);
        }
        if depth == 0 {
            return self.evaluate(p, o);
        }
        let mut best = i32::MIN + 1;
        for sq in Bits(moves) {
            let f = bits::flips(p, o, sq);
            let v = -self.negamax(o & !f, p | f | (1 << sq), depth - 1, -beta, -alpha);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn midgame_move(&self, board: &Board) -> Square {
        let (p, o) = (board.player(), board.opponent());
        let moves = bits::legal_moves(p, o);
        // The first legal move until a search finishes, so that a stop still answers one.
        let mut best = (i32::MIN, moves.trailing_zeros() as u8);
        for sq in Bits(moves) {
            let f = bits::flips(p, o, sq);
            let v = -self.negamax(
                o & !f,
                p | f | (1 << sq),
                self.depth - 1,
                -FINAL_SCALE * 65,
                -best.0.max(-FINAL_SCALE * 65),
            );
            if self.interrupt.stopped.get() {
                break;
            }
            if v > best.0 {
                best = (v, sq);
            }
        }
        Square::ALL[usize::from(best.1)]
    }
}

impl Player for AlphaBetaPlayer {
    fn choose(&mut self, board: &Board) -> Option<Move> {
        if let Some(answer) = forced(board) {
            return answer;
        }
        self.interrupt.nodes.set(0);
        self.interrupt.stopped.set(false);
        if board.empty_count() <= self.solve_empties {
            let outcome = self
                .solver
                .solve(board, SolveLimits::none(), |_| ControlFlow::Continue(()));
            match outcome {
                SolveOutcome::Solved(s) => return s.best_move,
                // Only the interrupt stops a solve without limits: its best move so far,
                // or (with none) the midgame search, which stops at once.
                SolveOutcome::Stopped {
                    best: Some(progress),
                    ..
                } => return Some(progress.best_move),
                SolveOutcome::Stopped { best: None, .. } => self.interrupt.stopped.set(true),
            }
        }
        Some(Move::Play(self.midgame_move(board)))
    }
}
