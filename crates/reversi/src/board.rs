//! The position: two bitboards (side to move, opponent) and the colour of the side to move.

use crate::bits::{self, Bits};
use crate::color::Color;
use crate::mv::Move;
use crate::square::Square;

/// A reversi position: the discs of the side to move, the opponent's discs, and who moves.
///
/// Every `Board` has disjoint bitboards; the four centre squares need not be occupied (FFO-style
/// and puzzle positions are allowed). A `Board` never changes in place: [`Board::play`] returns
/// the next one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    player: u64,
    opponent: u64,
    side: Color,
}

/// Why a move could not be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The square is occupied or the disc would flip nothing.
    #[error("illegal move {0}: the square is taken or the disc would flip nothing")]
    IllegalMove(Square),
    /// A pass while the side to move has a legal move.
    #[error("illegal pass: a move is available")]
    PassWithMoves,
    /// A move or pass after the game has ended.
    #[error("the game is over")]
    GameOver,
}

/// The two bitboards overlap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("overlapping bitboards")]
pub struct OverlapError;

/// How empty squares count in a final score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoreRule {
    /// Disc count difference only.
    Plain,
    /// Empty squares go to the winner (the World Othello Federation rule, used by FFO scores).
    EmptiesToWinner,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The standard start: d4 and e5 white, d5 and e4 black, black to move.
    #[must_use]
    pub const fn new() -> Board {
        Board {
            player: (1 << 35) | (1 << 28),
            opponent: (1 << 27) | (1 << 36),
            side: Color::Black,
        }
    }

    /// A board from the side to move's discs, the opponent's discs and the side to move.
    ///
    /// # Errors
    ///
    /// [`OverlapError`] if a square is in both bitboards.
    pub const fn from_bitboards(
        player: u64,
        opponent: u64,
        side: Color,
    ) -> Result<Board, OverlapError> {
        if player & opponent != 0 {
            return Err(OverlapError);
        }
        Ok(Board {
            player,
            opponent,
            side,
        })
    }

    /// A board from black's and white's discs and the side to move.
    ///
    /// # Errors
    ///
    /// [`OverlapError`] if a square is in both bitboards.
    pub const fn from_colors(black: u64, white: u64, side: Color) -> Result<Board, OverlapError> {
        match side {
            Color::Black => Board::from_bitboards(black, white, side),
            Color::White => Board::from_bitboards(white, black, side),
        }
    }

    /// The discs of the side to move.
    #[must_use]
    pub const fn player(&self) -> u64 {
        self.player
    }

    /// The discs of the side not to move.
    #[must_use]
    pub const fn opponent(&self) -> u64 {
        self.opponent
    }

    /// The side to move.
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The discs of `color`.
    #[must_use]
    pub const fn discs(&self, color: Color) -> u64 {
        if matches!(
            (color, self.side),
            (Color::Black, Color::Black) | (Color::White, Color::White)
        ) {
            self.player
        } else {
            self.opponent
        }
    }

    /// The empty squares.
    #[must_use]
    pub const fn empty(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The number of empty squares.
    #[must_use]
    pub const fn empty_count(&self) -> u32 {
        self.empty().count_ones()
    }

    /// The number of discs of `color`.
    #[must_use]
    pub const fn count(&self, color: Color) -> u32 {
        self.discs(color).count_ones()
    }

    /// The disc on `sq`, if any.
    #[must_use]
    pub const fn color_on(&self, sq: Square) -> Option<Color> {
        if self.player & sq.bit() != 0 {
            Some(self.side)
        } else if self.opponent & sq.bit() != 0 {
            Some(self.side.opposite())
        } else {
            None
        }
    }

    /// The squares where the side to move may play, as a mask.
    #[must_use]
    pub fn legal_moves(&self) -> u64 {
        bits::legal_moves(self.player, self.opponent)
    }

    /// The legal squares, lowest index first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Square> + use<> {
        Bits(self.legal_moves()).map(|i| Square::ALL[usize::from(i)])
    }

    /// Whether the side to move has a legal move.
    #[must_use]
    pub fn has_moves(&self) -> bool {
        self.legal_moves() != 0
    }

    /// The opponent discs a disc on `sq` flips: empty when the move is illegal.
    #[must_use]
    pub fn flips(&self, sq: Square) -> u64 {
        if self.empty() & sq.bit() == 0 {
            return 0;
        }
        bits::flips(self.player, self.opponent, sq.index())
    }

    /// Whether `mv` is legal here (a pass only when forced and the game is not over).
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Play(sq) => self.legal_moves() & sq.bit() != 0,
            Move::Pass => self.must_pass(),
        }
    }

    /// Whether the side to move has no move but the opponent has one.
    #[must_use]
    pub fn must_pass(&self) -> bool {
        !self.has_moves() && bits::legal_moves(self.opponent, self.player) != 0
    }

    /// Plays a move or a forced pass.
    ///
    /// # Errors
    ///
    /// [`PlayError`] for an illegal move, a pass with moves available, or any move after the end.
    pub fn play(&self, mv: Move) -> Result<Board, PlayError> {
        match mv {
            Move::Play(sq) => {
                if self.is_game_over() {
                    return Err(PlayError::GameOver);
                }
                let flipped = self.flips(sq);
                if flipped == 0 {
                    return Err(PlayError::IllegalMove(sq));
                }
                Ok(self.apply(sq, flipped))
            }
            Move::Pass => self.pass(),
        }
    }

    /// Passes.
    ///
    /// # Errors
    ///
    /// [`PlayError::PassWithMoves`] if a move is available, [`PlayError::GameOver`] if neither
    /// side can move.
    pub fn pass(&self) -> Result<Board, PlayError> {
        if self.has_moves() {
            Err(PlayError::PassWithMoves)
        } else if bits::legal_moves(self.opponent, self.player) == 0 {
            Err(PlayError::GameOver)
        } else {
            Ok(self.pass_unchecked())
        }
    }

    /// Places a disc on `sq` without checking legality: an illegal move gives a position that
    /// cannot arise in a game, still a board of one disc a square that every search takes
    /// (never a panic, never undefined behaviour).
    #[must_use]
    pub fn play_unchecked(&self, sq: Square) -> Board {
        self.apply(sq, bits::flips(self.player, self.opponent, sq.index()))
    }

    /// Hands the move to the opponent without checking that a pass is forced.
    #[must_use]
    pub const fn pass_unchecked(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
            side: self.side.opposite(),
        }
    }

    fn apply(&self, sq: Square, flipped: u64) -> Board {
        Board {
            // `sq` leaves the opponent's discs too: an unchecked move on an opponent's disc
            // still gives one disc a square (the solver's pattern indices count on it).
            player: self.opponent & !(flipped | sq.bit()),
            opponent: self.player | flipped | sq.bit(),
            side: self.side.opposite(),
        }
    }

    /// Whether neither side can move (full board and wipe-out included).
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        !self.has_moves() && bits::legal_moves(self.opponent, self.player) == 0
    }

    /// Black's disc count minus white's, counting empties to the leader under
    /// [`ScoreRule::EmptiesToWinner`] (meaningful at the end of the game): Black's point of
    /// view, as [`Board::score_for`]`(Color::Black, rule)`. The solver's scores are the side
    /// to move's instead, [`Board::score_for`]`(board.side_to_move(), rule)` of the final
    /// position (see [`Solution::score`](crate::Solution::score)).
    #[must_use]
    pub const fn score(&self, rule: ScoreRule) -> i32 {
        self.score_for(Color::Black, rule)
    }

    /// `color`'s disc count minus the other side's, counting empties to the leader under
    /// [`ScoreRule::EmptiesToWinner`]: the score from `color`'s point of view.
    ///
    /// ```
    /// use masu_reversi::{Board, Color, ScoreRule};
    ///
    /// // Black 1 disc, White none, White to move: the game is over, Black wins.
    /// let board = Board::from_colors(1, 0, Color::White)?;
    /// assert_eq!(board.score_for(Color::Black, ScoreRule::EmptiesToWinner), 64);
    /// assert_eq!(board.score_for(Color::White, ScoreRule::Plain), -1);
    /// assert_eq!(board.score(ScoreRule::Plain), 1);
    /// # Ok::<_, masu_reversi::OverlapError>(())
    /// ```
    #[must_use]
    pub const fn score_for(&self, color: Color, rule: ScoreRule) -> i32 {
        let diff = self.count(color) as i32 - self.count(color.opposite()) as i32;
        match rule {
            ScoreRule::Plain => diff,
            ScoreRule::EmptiesToWinner => empties_to_winner(diff, self.empty_count()),
        }
    }

    /// The side with more discs, or `None` for a draw (the winner of a finished game).
    #[must_use]
    pub const fn winner(&self) -> Option<Color> {
        match self.score(ScoreRule::Plain) {
            0 => None,
            d if d > 0 => Some(Color::Black),
            _ => Some(Color::White),
        }
    }
}

/// Adds the empties to the leader's margin (the WOF rule).
pub(crate) const fn empties_to_winner(diff: i32, empties: u32) -> i32 {
    let e = empties as i32;
    if diff > 0 {
        diff + e
    } else if diff < 0 {
        diff - e
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_four_moves_and_two_discs_each() {
        let b = Board::new();
        assert_eq!(
            b.moves().map(|s| s.to_string()).collect::<Vec<_>>(),
            ["d3", "c4", "f5", "e6"]
        );
        assert_eq!((b.count(Color::Black), b.count(Color::White)), (2, 2));
    }

    #[test]
    fn play_flips_and_switches_side() -> Result<(), Box<dyn std::error::Error>> {
        let b = Board::new().play(Move::Play("f5".parse()?))?;
        assert_eq!(b.side_to_move(), Color::White);
        assert_eq!((b.count(Color::Black), b.count(Color::White)), (4, 1));
        Ok(())
    }

    #[test]
    fn illegal_moves_and_passes_are_errors() -> Result<(), Box<dyn std::error::Error>> {
        let b = Board::new();
        assert_eq!(
            b.play(Move::Play("a1".parse()?)),
            Err(PlayError::IllegalMove("a1".parse()?))
        );
        assert_eq!(b.play(Move::Pass), Err(PlayError::PassWithMoves));
        let over = Board::from_colors(1, 0, Color::White)?;
        assert!(over.is_game_over());
        assert_eq!(over.pass(), Err(PlayError::GameOver));
        assert_eq!(over.score(ScoreRule::EmptiesToWinner), 64);
        assert_eq!(over.winner(), Some(Color::Black));
        Ok(())
    }
}
