//! Legality of a single move, and the pawn-drop-mate rule.

use super::Position;
use super::movegen::{dead_squares, pawn_files};
use crate::attacks::{attacks, between, king_attacks, line};
use crate::{Bitboard, Move, Piece, PieceKind, Square};

impl Position {
    /// Whether `m` is legal here: exactly when [`Position::legal_moves`] contains it (the
    /// stored moving and captured kinds must match the board).
    #[must_use]
    pub fn is_legal(&self, m: &Move) -> bool {
        match *m {
            Move::Normal {
                from,
                to,
                kind,
                capture,
                promote,
            } => self.is_legal_normal(from, to, kind, capture, promote),
            Move::Drop { kind, to } => self.is_legal_drop(kind, to),
        }
    }

    fn is_legal_normal(
        &self,
        from: Square,
        to: Square,
        kind: PieceKind,
        capture: Option<PieceKind>,
        promote: bool,
    ) -> bool {
        let us = self.turn;
        let piece = Piece::new(us, kind);
        if self.board[from.index()] != Some(piece) {
            return false;
        }
        let target = self.board[to.index()];
        if target.map(|p| p.kind) != capture || target.is_some_and(|p| p.color == us) {
            return false;
        }
        if !attacks(piece, from, self.occupied()).contains(to) {
            return false;
        }
        if !self.promotion_is_valid(from, to, kind, promote) {
            return false;
        }
        let Some(ksq) = self.king_square(us) else {
            return true;
        };
        if kind == PieceKind::King {
            let occ = self.occupied() ^ Bitboard::from_square(from);
            return !self.is_attacked_with(to, !us, occ);
        }
        let (checkers, pinned) = self.checkers_and_pinned(ksq);
        if checkers.has_more_than_one() {
            return false;
        }
        if let Some(checker) = checkers.first()
            && !(between(ksq, checker) | Bitboard::from_square(checker)).contains(to)
        {
            return false;
        }
        !pinned.contains(from) || line(ksq, from).contains(to)
    }

    fn promotion_is_valid(&self, from: Square, to: Square, kind: PieceKind, promote: bool) -> bool {
        let us = self.turn;
        if promote {
            let zone = Bitboard::promotion_zone(us);
            kind.can_promote() && (zone.contains(from) || zone.contains(to))
        } else {
            !dead_squares(us, kind).contains(to)
        }
    }

    fn is_legal_drop(&self, kind: PieceKind, to: Square) -> bool {
        let us = self.turn;
        if !kind.is_hand_kind() || self.hands[us].count(kind) == 0 {
            return false;
        }
        if self.board[to.index()].is_some() || dead_squares(us, kind).contains(to) {
            return false;
        }
        if let Some(ksq) = self.king_square(us) {
            let checkers = self.checkers();
            if checkers.has_more_than_one() {
                return false;
            }
            if let Some(checker) = checkers.first()
                && !between(ksq, checker).contains(to)
            {
                return false;
            }
        }
        if kind != PieceKind::Pawn {
            return true;
        }
        if pawn_files(self.pieces_of(Piece::new(us, PieceKind::Pawn))).contains(to) {
            return false;
        }
        match self.king_square(!us) {
            Some(their_king) if crate::attacks::pawn_attacks(us, to).contains(their_king) => {
                !self.is_pawn_drop_mate(to, their_king)
            }
            _ => true,
        }
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
        if escapes.any() && (escapes & !self.king_danger(their_king, us, king_gone)).any() {
            return false;
        }
        // Another defender takes it, unless pinned (pins computed with the pawn in place).
        let takers = self.attackers_to_with(sq, them, occ) & !self.by_kind[PieceKind::King.index()];
        takers.is_empty() || (takers & !self.pinned(them, their_king, occ)).is_empty()
    }
}
