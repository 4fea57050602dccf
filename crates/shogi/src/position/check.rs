//! Moves that give check.

use std::ops::ControlFlow;

use super::Position;
use crate::attacks::{attacks, bishop_attacks, lance_attacks, rook_attacks};
use crate::{Bitboard, Move, MoveList, Piece, PieceKind};

impl Position {
    /// Whether the legal move `m` checks the opponent (directly or by discovery).
    #[must_use]
    pub fn gives_check(&self, m: &Move) -> bool {
        let us = self.turn;
        let Some(their_king) = self.king_square(!us) else {
            return false;
        };
        let to = m.to();
        let mut occ = self.occupied() | Bitboard::from_square(to);
        if let Some(from) = m.from() {
            occ ^= Bitboard::from_square(from);
        }
        let mover = Piece::new(us, m.kind_after());
        if attacks(mover, to, occ).contains(their_king) {
            return true;
        }
        match m.from() {
            Some(from) => self.slider_hits(
                their_king,
                occ,
                Bitboard::from_square(from) | Bitboard::from_square(to),
            ),
            None => false,
        }
    }

    /// Whether one of our sliders outside `moved` attacks `ksq` through `occ` (a discovered
    /// check; `moved` holds the origin and destination of the moving piece).
    fn slider_hits(&self, ksq: crate::Square, occ: Bitboard, moved: Bitboard) -> bool {
        let us = self.turn;
        let k = |kind: PieceKind| self.by_kind[kind.index()];
        let sliders = (rook_attacks(ksq, occ) & (k(PieceKind::Rook) | k(PieceKind::Dragon)))
            | (bishop_attacks(ksq, occ) & (k(PieceKind::Bishop) | k(PieceKind::Horse)))
            | (lance_attacks(!us, ksq, occ) & k(PieceKind::Lance));
        (sliders & self.pieces(us) & !moved).any()
    }

    /// All legal moves that give check (for mate solvers).
    #[must_use]
    pub fn check_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let _ = self.for_each_legal(|moves| {
            moves.for_each(|m| {
                if self.gives_check(&m) {
                    list.push(m);
                }
            });
            ControlFlow::Continue(())
        });
        list
    }
}
