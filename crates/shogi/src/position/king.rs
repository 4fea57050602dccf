//! King moves: the squares around a king that the enemy attacks, decided all at once.

use std::ops::ControlFlow;

use super::Position;
use super::sink::Sink;
use crate::attacks::{attacks, diagonal_zone, king_attacks, orthogonal_zone, step_zone};
use crate::{Bitboard, Color, Piece, PieceKind, Square};

impl Position {
    /// The king moves of the side to move, its king on `ksq`.
    #[inline]
    pub(super) fn king_moves<S: Sink>(&self, ksq: Square, sink: &mut S) -> ControlFlow<()> {
        let us = self.turn;
        let mut to = king_attacks(ksq) & !self.pieces(us);
        if to.any() {
            // The king is lifted off the board: it must not shield the squares behind it from
            // a slider that checks it along the line.
            let occ = self.occupied() ^ Bitboard::from_square(ksq);
            to &= !self.king_danger(ksq, !us, occ, to);
        }
        if to.any() {
            sink.moves(Piece::new(us, PieceKind::King), ksq, to)?;
        }
        ControlFlow::Continue(())
    }

    /// The squares of `targets` (next to `king`) that pieces of `by` attack through `occ`;
    /// other squares may be included or not.
    ///
    /// One attack set per enemy piece that stands where it could reach a neighbour, instead
    /// of an attacker search per neighbour: few pieces stand near a king, and a destination
    /// occupied by the moving king (or emptied by its capture) does not change whether the
    /// square is attacked, so one occupancy serves every destination.
    ///
    /// The walk over the enemy pieces stops once every target is attacked: near a mate,
    /// where the attackers crowd round the king, often before the last piece.
    pub(crate) fn king_danger(
        &self,
        king: Square,
        by: Color,
        occ: Bitboard,
        targets: Bitboard,
    ) -> Bitboard {
        let lances = self.by_kind[PieceKind::Lance.index()];
        let near = step_zone(king)
            | (orthogonal_zone(king) & (self.rook_likes() | lances))
            | (diagonal_zone(king) & self.bishop_likes());
        let mut danger = Bitboard::EMPTY;
        for sq in near & self.pieces(by) {
            if let Some(piece) = self.board[sq.index()] {
                danger |= attacks(piece, sq, occ);
                if (targets & !danger).is_empty() {
                    break;
                }
            }
        }
        danger
    }
}
