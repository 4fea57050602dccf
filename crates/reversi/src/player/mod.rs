//! Computer players behind one trait: random, greedy, Monte-Carlo and alpha-beta.
//!
//! ```
//! use masu_reversi::{AlphaBetaPlayer, Color, Game, RandomPlayer, play_game};
//!
//! let mut strong = AlphaBetaPlayer::new(3, 10);
//! let mut weak = RandomPlayer::new(7);
//! let game = play_game(&mut strong, &mut weak, Game::new());
//! assert!(game.is_over());
//! assert_eq!(game.winner(), Some(Color::Black));
//! ```

mod alphabeta;
mod error;
mod eval;
mod montecarlo;

use crate::board::Board;
use crate::game::Game;
use crate::mv::Move;
use crate::rng::Rng;
use crate::square::Square;

pub use alphabeta::{AlphaBetaPlayer, Evaluation};
pub use error::PlayerError;
pub use montecarlo::MonteCarloPlayer;

/// A computer player: picks a move for the side to move.
pub trait Player {
    /// A legal move for the side to move: `Move::Pass` when a pass is forced, `None` when the
    /// game is over.
    fn choose(&mut self, board: &Board) -> Option<Move>;
}

/// Plays uniformly random legal moves from a seeded generator (the same seed, the same game).
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player with a fixed seed.
    #[must_use]
    pub const fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn choose(&mut self, board: &Board) -> Option<Move> {
        if let Some(answer) = forced(board) {
            return answer;
        }
        let sq = self.rng.pick_bit(board.legal_moves());
        Some(Move::Play(Square::ALL[usize::from(sq)]))
    }
}

/// Plays the move that flips the most discs (the lowest square among equals).
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyPlayer;

impl Player for GreedyPlayer {
    fn choose(&mut self, board: &Board) -> Option<Move> {
        if let Some(answer) = forced(board) {
            return answer;
        }
        // min_by_key keeps the first minimum: the lowest square among the most flips.
        let best = board
            .moves()
            .min_by_key(|&sq| std::cmp::Reverse(board.flips(sq).count_ones()))?;
        Some(Move::Play(best))
    }
}

/// The answer when there is no choice: `None` at the end, a pass when forced.
pub(crate) fn forced(board: &Board) -> Option<Option<Move>> {
    if board.has_moves() {
        None
    } else if board.is_game_over() {
        Some(None)
    } else {
        Some(Some(Move::Pass))
    }
}

/// Plays `black` against `white` from `game` to the end and returns the finished game.
/// A player that answers with an illegal move or nothing forfeits its turn to a legal fallback
/// (its lowest legal square or the forced pass), so the game always ends.
pub fn play_game(black: &mut dyn Player, white: &mut dyn Player, mut game: Game) -> Game {
    while !game.is_over() {
        let board = *game.board();
        let player: &mut dyn Player = match board.side_to_move() {
            crate::Color::Black => black,
            crate::Color::White => white,
        };
        let choice = player.choose(&board).filter(|&mv| board.is_legal(mv));
        let fallback = board.moves().next().map_or(Move::Pass, Move::Play);
        if game.play(choice.unwrap_or(fallback)).is_err() {
            break;
        }
    }
    game
}
