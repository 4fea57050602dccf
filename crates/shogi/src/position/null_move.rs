//! The null move: the side to move passes, for a search's null-move pruning.

use super::Position;
use crate::zobrist;

impl Position {
    /// The position with the turn passed to the other side and nothing else changed but
    /// the move number (a null move, as a search's null-move pruning plays it), or `None`
    /// when the side to move is in check: passing would leave its king to be taken.
    ///
    /// The key is the one the same pieces and hands have with the other side to move, so a
    /// table shared with real moves sees the same position under the same key.
    ///
    /// ```
    /// use masu_shogi::{Color, Position};
    ///
    /// let pos = Position::startpos();
    /// let passed = pos.null_move().expect("not in check");
    /// assert_eq!(passed.turn(), Color::White);
    /// assert_eq!(passed.legal_moves().len(), 30);
    /// assert_eq!(passed.null_move().expect("not in check").key(), pos.key());
    ///
    /// let check: Position = "4k4/4R4/9/9/9/9/9/9/4K4 w - 2".parse()?;
    /// assert!(check.null_move().is_none());
    /// # Ok::<_, masu_shogi::ParseSfenError>(())
    /// ```
    #[must_use]
    pub fn null_move(&self) -> Option<Position> {
        if self.in_check() {
            return None;
        }
        let mut passed = self.clone();
        passed.play_null_unchecked();
        Some(passed)
    }

    /// Passes the turn in place, without asking whether the side to move is in check;
    /// [`Position::undo_null_unchecked`] takes it back.
    ///
    /// The side to move must not be in check ([`Position::in_check`]): a null move played
    /// in check leaves a position whose side to move can take the king, on which move
    /// generation and legality tests may answer wrongly, but never cause undefined
    /// behaviour.
    #[inline]
    pub fn play_null_unchecked(&mut self) {
        self.turn = !self.turn;
        self.board_key ^= zobrist::turn();
        self.ply = self.ply.wrapping_add(1);
    }

    /// Takes back a null move played with [`Position::play_null_unchecked`].
    #[inline]
    pub fn undo_null_unchecked(&mut self) {
        self.turn = !self.turn;
        self.board_key ^= zobrist::turn();
        self.ply = self.ply.wrapping_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, SetupMode};

    /// The position of the same pieces and hands with the other side to move and the next
    /// move number, built from scratch.
    fn passed_from_scratch(pos: &Position) -> Position {
        let mut setup = pos.to_setup();
        setup.turn = !setup.turn;
        setup.ply += 1;
        Position::from_setup(setup, SetupMode::Strict).expect("valid with the turn passed")
    }

    #[test]
    fn a_null_move_is_the_position_built_with_the_other_side_to_move() {
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1",
        ] {
            let pos: Position = sfen.parse().expect("valid");
            let passed = pos.null_move().expect("not in check");
            assert_eq!(passed, passed_from_scratch(&pos), "{sfen}");
            assert_eq!(passed.key(), passed_from_scratch(&pos).key(), "{sfen}");
            assert_ne!(passed.key(), pos.key(), "{sfen}");
        }
    }

    #[test]
    fn a_null_move_taken_back_restores_the_position() {
        let pos: Position = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"
            .parse()
            .expect("valid");
        let mut played = pos.clone();
        played.play_null_unchecked();
        played.undo_null_unchecked();
        assert_eq!(played, pos);
        assert_eq!(played.key(), pos.key());
    }

    #[test]
    fn no_null_move_in_check() {
        let pos: Position = "4k4/9/9/9/9/9/9/4r4/4K4 b - 1".parse().expect("valid");
        assert!(pos.in_check());
        assert_eq!(pos.null_move(), None);
    }
}
