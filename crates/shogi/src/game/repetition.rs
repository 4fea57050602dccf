//! What the current position repeats, as engines ask it during a search: the first earlier
//! occurrence within a window of plies, and positions with the same board where one side
//! holds more in hand (優等局面, 劣等局面).

use super::Game;
use crate::{Color, Hand, Move};

/// How the current position of a [`Game`] repeats an earlier one, from the side to move's
/// point of view ([`Game::repetition`]).
///
/// A search treats the first repetition as final (playing on would only repeat it), where
/// the rules need the fourth ([`Game::outcome`]). The codes of cshogi's `is_draw` name the
/// same answers: `REPETITION_DRAW`, `REPETITION_WIN`, `REPETITION_LOSE`,
/// `REPETITION_SUPERIOR`, `REPETITION_INFERIOR`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// The same position (board, hands, side to move): 千日手, a draw.
    Draw,
    /// The same position, every move of the opponent since then a check: the side to move
    /// wins (連続王手の千日手).
    Win,
    /// The same position, every move of the side to move since then a check: it loses.
    Loss,
    /// The same board and side to move, the side to move holding everything it held then
    /// and more (優等局面): at least as good for it as the earlier position.
    Superior,
    /// The same board and side to move, the side to move holding less than it held then
    /// and nothing more (劣等局面).
    Inferior,
}

impl Game {
    /// The nearest earlier position within `max_plies` plies (since the start of the game
    /// at most) that the current one repeats, or has the same board and side to move with
    /// one hand dominating the other; `None` when there is none.
    ///
    /// When both sides checked on every move since the earlier position, the repetition is
    /// a [`Repetition::Draw`], as [`Game::outcome`] judges it. The cost is a step per ply
    /// looked back (keys and hands come from the history), and a walk back through the
    /// positions only for a repetition, to see who gave check.
    ///
    /// ```
    /// use masu_shogi::{Game, Repetition};
    ///
    /// let mut game = Game::new();
    /// for usi in ["2h3h", "8b7b", "3h2h", "7b8b"] {
    ///     game.play_usi(usi)?;
    /// }
    /// assert_eq!(game.repetition(usize::MAX), Some(Repetition::Draw));
    /// assert_eq!(game.repetition(3), None); // the start is four plies back
    /// assert_eq!(game.repetitions(), 2); // the rules want a fourth occurrence
    ///
    /// // White drops a pawn that the rook takes; rook and king go back: Black, to move, has
    /// // the start's board and a pawn more.
    /// let start = "position sfen 4k4/9/9/9/9/9/9/7R1/4K4 b p 1";
    /// let mut game = Game::from_usi(&format!("{start} moves 2h2d P*2c 2d2c 5a4a 2c2h 4a5a"))?;
    /// assert_eq!(game.repetition(usize::MAX), Some(Repetition::Superior));
    /// game.play_usi("2h2d")?;
    /// assert_eq!(game.repetition(usize::MAX), Some(Repetition::Inferior)); // White, a pawn less
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn repetition(&self, max_plies: usize) -> Option<Repetition> {
        let now = self.moves.len();
        let board_key = self.position.board_key();
        let key = self.keys[now];
        let turn = self.position.turn();
        let hand_now = *self.position.hand(turn);
        // The side to move's hand in the position `back` plies ago, walking back a move at
        // a time (its drops gave pieces back, its captures took them away).
        let mut hand = hand_now;
        for back in 1..=max_plies.min(now) {
            let i = now - back;
            let m = self.moves[i];
            if self.turn_before(i) == turn {
                hand = hand_before(hand, m);
            }
            if back < 4 || back % 2 != 0 {
                continue; // the same side to move, and no board comes back sooner
            }
            if self.keys[i] == key {
                return Some(self.repetition_since(i, turn));
            }
            if self.undos[i].board_key() == board_key {
                if hand_now.dominates(hand) {
                    return Some(Repetition::Superior);
                }
                if hand.dominates(hand_now) {
                    return Some(Repetition::Inferior);
                }
            }
        }
        None
    }

    /// The repetition of the position before move `first`, by who checked on every move
    /// since (`turn` is the side to move now).
    fn repetition_since(&self, first: usize, turn: Color) -> Repetition {
        match self.all_checks_since(first) {
            [true, true] | [false, false] => Repetition::Draw,
            checks if checks[turn.index()] => Repetition::Loss,
            _ => Repetition::Win,
        }
    }
}

/// The hand of a move's mover before it (after it: `hand`).
fn hand_before(hand: Hand, m: Move) -> Hand {
    match (m.is_drop(), m.capture()) {
        (true, _) => hand.plus(m.kind()),
        (false, Some(captured)) => hand.minus(captured.unpromoted()),
        (false, None) => hand,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(usi: &str) -> Game {
        Game::from_usi(usi).expect("a legal game")
    }

    #[test]
    fn the_nearest_earlier_position_within_the_window_answers() {
        let mut g = game("position startpos moves 2h3h 8b7b 3h2h 7b8b");
        assert_eq!(g.repetition(4), Some(Repetition::Draw));
        assert_eq!(g.repetition(3), None);
        assert_eq!(g.repetition(0), None);
        g.play_usi("2h3h").expect("legal");
        assert_eq!(g.repetition(usize::MAX), Some(Repetition::Draw)); // after the first move
        g.play_usi("3c3d").expect("legal");
        assert_eq!(g.repetition(usize::MAX), None);
    }

    #[test]
    fn perpetual_check_wins_for_the_side_checked_and_loses_for_the_checker() {
        let start = "position sfen 4k4/9/9/9/9/9/9/9/R3K4 b - 1 moves 9i9a";
        let mut g = game(&format!("{start} 5a5b 9a9b 5b5a 9b9a"));
        // White to move; Black checked on both its moves since.
        assert_eq!(g.repetition(usize::MAX), Some(Repetition::Win));
        g.play_usi("5a5b").expect("legal");
        assert_eq!(g.repetition(usize::MAX), Some(Repetition::Loss));
        // A quiet move in between makes it a plain repetition.
        let g = game(&format!("{start} 5a5b 9a9c 5b5a 9c9a"));
        assert_eq!(g.repetition(usize::MAX), Some(Repetition::Draw));
    }

    #[test]
    fn hands_that_dominate_each_other_on_one_board() {
        let start = "position sfen 4k4/9/9/9/9/9/9/7R1/4K4 b p 1 moves 2h2d P*2c 2d2c";
        let mut g = game(&format!("{start} 5a4a 2c2h 4a5a"));
        assert_eq!(g.repetition(6), Some(Repetition::Superior));
        assert_eq!(g.repetition(5), None);
        g.play_usi("2h2d").expect("legal");
        assert_eq!(g.repetition(6), Some(Repetition::Inferior));
        // Hands that neither dominates: Black's gold and White's pawn taken, the board back.
        let g = game(
            "position sfen 4k4/9/9/9/9/9/9/7R1/4K4 w Gp 1 moves P*2c 2h2c 5a4a G*4b 4a4b 2c2d 4b5a 2d2h",
        );
        let start = game("position sfen 4k4/9/9/9/9/9/9/7R1/4K4 w Gp 1");
        assert_eq!(g.position().board_key(), start.position().board_key());
        assert_eq!(g.repetition(usize::MAX), None);
    }

    #[test]
    fn agrees_with_the_rules_at_a_fourth_occurrence() {
        let mut g = game("position startpos");
        for _ in 0..3 {
            for usi in ["2h3h", "8b7b", "3h2h", "7b8b"] {
                g.play_usi(usi).expect("legal");
            }
        }
        assert!(g.is_over());
        assert_eq!(g.repetition(usize::MAX), Some(Repetition::Draw));
    }
}
