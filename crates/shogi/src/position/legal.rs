//! Legality of a single move, and the pawn-drop-mate rule.

use super::Position;
use crate::attacks::king_attacks;
use crate::{Bitboard, Move, PieceKind, Square};

impl Position {
    /// Whether `m` is legal here: exactly when [`Position::legal_moves`] contains it (the
    /// stored moving and captured kinds must match the board). [`Position::check_legal`]
    /// says why not.
    #[must_use]
    #[inline]
    pub fn is_legal(&self, m: &Move) -> bool {
        self.check_legal(m).is_ok()
    }

    /// Whether a pawn dropped by the side to move on `sq`, which checks the enemy king on
    /// `their_king`, would mate it (打ち歩詰め, illegal). The check is adjacent, so the
    /// defence can only take the pawn or move the king.
    #[doc(alias = "uchifuzume")]
    pub(crate) fn is_pawn_drop_mate(&self, sq: Square, their_king: Square) -> bool {
        let us = self.turn;
        let them = !us;
        let occ = self.occupied() | Bitboard::from_square(sq);
        let king_gone = occ ^ Bitboard::from_square(their_king);
        // The king takes the pawn unless it is defended.
        if !self.is_attacked_with(sq, us, king_gone) {
            return false;
        }
        // The king steps away.
        let escapes = king_attacks(their_king) & !self.pieces(them) & !Bitboard::from_square(sq);
        if escapes.any() && (escapes & !self.king_danger(their_king, us, king_gone, escapes)).any()
        {
            return false;
        }
        // Another defender takes it, unless pinned (pins computed with the pawn in place).
        let takers = self.attackers_to_with(sq, them, occ) & !self.by_kind[PieceKind::King.index()];
        takers.is_empty() || (takers & !self.pinned(them, their_king, occ)).is_empty()
    }
}
