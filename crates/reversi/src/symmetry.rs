//! The eight symmetries of the square board and the canonical form of a position.
//!
//! ```
//! use masu_reversi::{Board, Move, Symmetry};
//!
//! let after_f5 = Board::new().play(Move::Play("f5".parse()?))?;
//! let after_d3 = Board::new().play(Move::Play("d3".parse()?))?;
//! // All four first moves lead to the same position up to symmetry.
//! assert_eq!(after_f5.canonical().0, after_d3.canonical().0);
//! assert_eq!(Symmetry::FlipDiagonal.apply_square("f5".parse()?).to_string(), "e6");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use crate::board::Board;
use crate::square::Square;

/// One of the eight transforms of the board onto itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No change.
    Identity,
    /// Ranks reversed: a1 <-> a8.
    FlipVertical,
    /// Files reversed: a1 <-> h1.
    FlipHorizontal,
    /// Mirror in the a1-h8 diagonal: b1 <-> a2.
    FlipDiagonal,
    /// Mirror in the h1-a8 diagonal: a1 <-> h8.
    FlipAntiDiagonal,
    /// A quarter turn: a1 -> a8 -> h8 -> h1 -> a1.
    Rotate90,
    /// A half turn: a1 <-> h8.
    Rotate180,
    /// Three quarter turns: a1 -> h1 -> h8 -> a8 -> a1.
    Rotate270,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::FlipVertical,
        Symmetry::FlipHorizontal,
        Symmetry::FlipDiagonal,
        Symmetry::FlipAntiDiagonal,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
    ];

    /// The transform that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// Transforms a bitboard.
    #[must_use]
    pub const fn apply_bits(self, b: u64) -> u64 {
        match self {
            Symmetry::Identity => b,
            Symmetry::FlipVertical => b.swap_bytes(),
            Symmetry::FlipHorizontal => mirror_files(b),
            Symmetry::FlipDiagonal => flip_diagonal(b),
            Symmetry::FlipAntiDiagonal => flip_diagonal(b.reverse_bits()),
            Symmetry::Rotate90 => flip_diagonal(b).swap_bytes(),
            Symmetry::Rotate180 => b.reverse_bits(),
            Symmetry::Rotate270 => flip_diagonal(b.swap_bytes()),
        }
    }

    /// Transforms a square.
    #[must_use]
    pub const fn apply_square(self, sq: Square) -> Square {
        let (f, r) = (sq.file(), sq.rank());
        let (nf, nr) = match self {
            Symmetry::Identity => (f, r),
            Symmetry::FlipVertical => (f, 7 - r),
            Symmetry::FlipHorizontal => (7 - f, r),
            Symmetry::FlipDiagonal => (r, f),
            Symmetry::FlipAntiDiagonal => (7 - r, 7 - f),
            Symmetry::Rotate90 => (r, 7 - f),
            Symmetry::Rotate180 => (7 - f, 7 - r),
            Symmetry::Rotate270 => (7 - r, f),
        };
        Square::ALL[(nr * 8 + nf) as usize]
    }
}

/// Reverses the files of every rank (bit swaps inside each byte).
#[inline(always)]
pub(crate) const fn mirror_files(mut b: u64) -> u64 {
    b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((b & 0x0f0f_0f0f_0f0f_0f0f) << 4)
}

/// Transposes the board: (file, rank) -> (rank, file), by three delta swaps.
#[inline(always)]
pub(crate) const fn flip_diagonal(mut b: u64) -> u64 {
    let mut t = 0x0f0f_0f0f_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^ t ^ (t >> 7)
}

impl Board {
    /// This position under a symmetry (same side to move).
    #[must_use]
    pub fn transform(&self, sym: Symmetry) -> Board {
        let p = sym.apply_bits(self.player());
        let o = sym.apply_bits(self.opponent());
        // A bijection on squares keeps the bitboards disjoint.
        Board::from_bitboards(p, o, self.side_to_move()).unwrap_or(*self)
    }

    /// The least of the eight transforms (ordered by the side to move's and then the opponent's
    /// bitboard), and the symmetry that maps this board onto it.
    #[must_use]
    pub fn canonical(&self) -> (Board, Symmetry) {
        let mut best = (*self, Symmetry::Identity);
        for sym in &Symmetry::ALL[1..] {
            let b = self.transform(*sym);
            if (b.player(), b.opponent()) < (best.0.player(), best.0.opponent()) {
                best = (b, *sym);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_transforms_match_square_transforms() {
        for sym in Symmetry::ALL {
            for sq in Square::ALL {
                assert_eq!(
                    sym.apply_bits(sq.bit()),
                    sym.apply_square(sq).bit(),
                    "{sym:?} {sq}"
                );
                assert_eq!(sym.inverse().apply_square(sym.apply_square(sq)), sq);
            }
        }
    }
}
