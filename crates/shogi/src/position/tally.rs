//! Counting legal moves without building them.

use std::ops::ControlFlow;

use super::movegen::{FREE_DROPS, Sink, dead_squares, pawn_steps};
use crate::{Bitboard, Color, Hand, Piece, PieceKind, Square};

/// Counts moves without a population count per origin: destination sets are summed in a
/// carry-save adder (bit plane `i` holds the squares whose count has bit `i` set), and only the
/// planes are counted at the end. Generic x86-64 has no POPCNT instruction, so this saves most
/// of the counting work.
#[derive(Default)]
pub(super) struct Tally {
    planes: [u128; 7],
    /// Moves counted directly rather than through the planes.
    direct: u32,
}

impl Tally {
    #[inline]
    fn add(&mut self, mut bits: u128) {
        for plane in &mut self.planes {
            let carry = *plane & bits;
            *plane ^= bits;
            bits = carry;
            if bits == 0 {
                return;
            }
        }
    }

    pub(super) fn total(&self) -> u32 {
        // The high planes are usually empty: skip their population counts.
        self.planes
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p != 0)
            .map(|(i, &p)| Bitboard(p).count() << i)
            .sum::<u32>()
            + self.direct
    }
}

impl Sink for Tally {
    #[inline]
    fn moves(&mut self, piece: Piece, from: Square, to: Bitboard) -> ControlFlow<()> {
        let (color, kind) = (piece.color, piece.kind);
        if kind.can_promote() {
            let zone = Bitboard::promotion_zone(color);
            let promoting = if zone.contains(from) { to } else { to & zone };
            self.add(promoting.0);
            self.add((to & !dead_squares(color, kind)).0);
        } else {
            self.add(to.0);
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn drops(&mut self, _piece: Piece, to: Bitboard) -> ControlFlow<()> {
        self.add(to.0);
        ControlFlow::Continue(())
    }

    #[inline]
    fn free_drops(&mut self, _color: Color, hand: Hand, to: Bitboard) -> ControlFlow<()> {
        let kinds = FREE_DROPS.iter().filter(|&&k| hand.count(k) > 0).count() as u32;
        if kinds > 0 {
            self.direct += kinds * to.count();
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn pawn_moves(&mut self, color: Color, pawns: Bitboard, target: Bitboard) -> ControlFlow<()> {
        let dests = pawn_steps(color, pawns) & target;
        self.add((dests & Bitboard::promotion_zone(color)).0);
        self.add((dests & !dead_squares(color, PieceKind::Pawn)).0);
        ControlFlow::Continue(())
    }
}
