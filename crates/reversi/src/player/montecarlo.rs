//! The Monte-Carlo player: random playouts after each legal move, the best average wins.

use std::fmt;

use super::{Player, PlayerError, forced};
use crate::bits;
use crate::board::Board;
use crate::mv::Move;
use crate::rng::Rng;
use crate::solve::InterruptFn;
use crate::square::Square;

/// Playouts between two questions to the interrupt check: some milliseconds of play.
const INTERRUPT_PLAYOUTS: u32 = 1 << 10;

/// For each legal move, plays `playouts` random games to the end and picks the move with the
/// highest mean result (win 2, draw 1, loss 0; ties broken by mean disc margin, then square order).
#[derive(Clone)]
pub struct MonteCarloPlayer {
    playouts: u32,
    rng: Rng,
    interrupt: Option<InterruptFn>,
}

impl fmt::Debug for MonteCarloPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MonteCarloPlayer")
            .field("playouts", &self.playouts)
            .field("rng", &self.rng)
            .field("interrupt", &self.interrupt.as_ref().map(|_| "callback"))
            .finish()
    }
}

impl MonteCarloPlayer {
    /// A player running `playouts` games per legal move, seeded for reproducible play.
    /// `playouts` 0 is taken as 1 (the player needs a game to tell moves apart):
    /// [`MonteCarloPlayer::try_new`] refuses it instead.
    #[must_use]
    pub const fn new(playouts: u32, seed: u64) -> MonteCarloPlayer {
        MonteCarloPlayer {
            playouts,
            rng: Rng::new(seed),
            interrupt: None,
        }
    }

    /// A player running `playouts` games per legal move, seeded for reproducible play, or
    /// why not.
    ///
    /// ```
    /// use masu_reversi::{MonteCarloPlayer, PlayerError};
    ///
    /// assert!(MonteCarloPlayer::try_new(100, 1).is_ok());
    /// assert_eq!(MonteCarloPlayer::try_new(0, 1).err(), Some(PlayerError::NoPlayouts));
    /// ```
    ///
    /// # Errors
    ///
    /// [`PlayerError::NoPlayouts`] for `playouts` 0.
    pub const fn try_new(playouts: u32, seed: u64) -> Result<MonteCarloPlayer, PlayerError> {
        if playouts == 0 {
            return Err(PlayerError::NoPlayouts);
        }
        Ok(MonteCarloPlayer::new(playouts, seed))
    }

    /// Sets a check asked every thousand playouts or so; `true` stops the thinking and
    /// `choose` answers at once with the best of the moves played out to the end so far
    /// (the first legal move when none was). For a caller that must be able to stop a
    /// player given millions of playouts.
    pub fn set_interrupt(&mut self, interrupt: Option<InterruptFn>) {
        self.interrupt = interrupt;
    }

    /// Whether the interrupt check, asked after `played` playouts of a move, says to stop.
    fn interrupted(&self, played: u32) -> bool {
        played.is_multiple_of(INTERRUPT_PLAYOUTS) && self.interrupt.as_ref().is_some_and(|f| f())
    }

    /// One random game from `(p, o)` to the end; the final disc margin for the side that was
    /// to move at the start.
    fn playout(&mut self, mut p: u64, mut o: u64) -> i32 {
        let mut sign = 1;
        let mut passes = 0;
        while passes < 2 {
            let moves = bits::legal_moves(p, o);
            if moves == 0 {
                passes += 1;
            } else {
                passes = 0;
                let sq = self.rng.pick_bit(moves);
                let f = bits::flips(p, o, sq);
                (p, o) = (p | f | (1 << sq), o & !f);
            }
            (p, o) = (o, p);
            sign = -sign;
        }
        sign * (p.count_ones() as i32 - o.count_ones() as i32)
    }
}

impl Player for MonteCarloPlayer {
    fn choose(&mut self, board: &Board) -> Option<Move> {
        if let Some(answer) = forced(board) {
            return answer;
        }
        let mut best: Option<((u64, i64), Square)> = None;
        'moves: for sq in board.moves() {
            let next = board.play_unchecked(sq);
            let (mut points, mut margin) = (0u64, 0i64);
            for played in 1..=self.playouts.max(1) {
                // The playout is scored for the opponent, who moves next.
                let m = -self.playout(next.player(), next.opponent());
                // Loss 0, draw 1, win 2.
                points += (m.signum() + 1) as u64;
                margin += i64::from(m);
                if self.interrupted(played) {
                    break 'moves;
                }
            }
            let key = (points, margin);
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, sq));
            }
        }
        // Stopped before any move was played out: a legal move all the same.
        let sq = best.map(|(_, sq)| sq).or_else(|| board.moves().next())?;
        Some(Move::Play(sq))
    }
}
