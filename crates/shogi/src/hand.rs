//! Pieces in hand (持ち駒).

use std::fmt;

use crate::PieceKind;

/// The pieces one side holds in hand: a count for each of the seven hand kinds.
///
/// Counts are packed into one `u32`, each field followed by a spare bit, so that
/// [`Hand::dominates`] is one subtraction: a borrow out of any field shows in its spare bit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand(u32);

/// A hand count was out of range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HandError {
    /// Kings and promoted kinds cannot be held in hand.
    #[error("a {} cannot be held in hand", .0.name())]
    NotHandKind(PieceKind),
    /// More pieces of the kind than a set has (18 pawns, 4 lances ... 2 rooks).
    #[error("too many {}s in hand", .0.name())]
    TooMany(PieceKind),
    /// Removing a piece the hand does not hold.
    #[error("no {} in hand", .0.name())]
    Empty(PieceKind),
}

// Bit offset of each hand kind's field (pawn 5 bits, bishop/rook 2, others 3; +1 spare bit).
const SHIFT: [u32; 7] = [0, 6, 10, 14, 18, 22, 25];
const MASK: [u32; 7] = [0x1f, 0x7, 0x7, 0x7, 0x7, 0x3, 0x3];
const BORROW: u32 = (1 << 5) | (1 << 9) | (1 << 13) | (1 << 17) | (1 << 21) | (1 << 24) | (1 << 27);

impl Hand {
    /// The empty hand.
    pub const EMPTY: Hand = Hand(0);

    /// The number of pieces of `kind` in hand; 0 for kinds a hand cannot hold.
    #[must_use]
    pub const fn count(self, kind: PieceKind) -> u8 {
        let i = kind.index();
        if i < 7 {
            ((self.0 >> SHIFT[i]) & MASK[i]) as u8
        } else {
            0
        }
    }

    /// Sets the number of pieces of `kind`.
    ///
    /// # Errors
    ///
    /// [`HandError::NotHandKind`] for kings and promoted kinds, [`HandError::TooMany`] when
    /// `n` exceeds the number of such pieces in a set.
    pub fn set(&mut self, kind: PieceKind, n: u8) -> Result<(), HandError> {
        let i = kind.index();
        if i >= 7 {
            return Err(HandError::NotHandKind(kind));
        }
        if n > kind.max_count() {
            return Err(HandError::TooMany(kind));
        }
        self.0 = (self.0 & !(MASK[i] << SHIFT[i])) | (u32::from(n) << SHIFT[i]);
        Ok(())
    }

    /// Adds one piece of `kind`.
    ///
    /// # Errors
    ///
    /// As [`Hand::set`]: the kind must be a hand kind and the count stays within a set.
    pub fn add(&mut self, kind: PieceKind) -> Result<(), HandError> {
        let n = self.count(kind);
        self.set(kind, n.saturating_add(1))
    }

    /// Removes one piece of `kind`.
    ///
    /// # Errors
    ///
    /// [`HandError::Empty`] when the hand holds none, [`HandError::NotHandKind`] for kinds a
    /// hand cannot hold.
    pub fn remove(&mut self, kind: PieceKind) -> Result<(), HandError> {
        if !kind.is_hand_kind() {
            return Err(HandError::NotHandKind(kind));
        }
        match self.count(kind) {
            0 => Err(HandError::Empty(kind)),
            n => self.set(kind, n - 1),
        }
    }

    /// Adds one piece of a hand kind; the caller guarantees the field does not overflow.
    #[inline]
    pub(crate) fn add_unchecked(&mut self, kind: PieceKind) {
        debug_assert!(kind.is_hand_kind() && self.count(kind) < kind.max_count());
        self.0 += 1 << SHIFT[kind.index()];
    }

    /// Removes one piece of a hand kind; the caller guarantees the hand holds one.
    #[inline]
    pub(crate) fn remove_unchecked(&mut self, kind: PieceKind) {
        debug_assert!(self.count(kind) > 0);
        self.0 -= 1 << SHIFT[kind.index()];
    }

    /// Whether the hand holds nothing.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The total number of pieces in hand.
    #[must_use]
    pub fn total(self) -> u32 {
        PieceKind::HAND
            .iter()
            .map(|&k| u32::from(self.count(k)))
            .sum()
    }

    /// Whether this hand holds at least as many pieces as `other` of every kind (used by
    /// mate solvers: a position proven with a smaller attacking hand stays proven).
    #[must_use]
    pub const fn dominates(self, other: Hand) -> bool {
        (self.0 | BORROW).wrapping_sub(other.0) & BORROW == BORROW
    }

    /// The (kind, count) pairs with a non-zero count, in [`PieceKind::HAND`] order.
    pub fn iter(self) -> impl Iterator<Item = (PieceKind, u8)> {
        PieceKind::HAND
            .into_iter()
            .map(move |k| (k, self.count(k)))
            .filter(|&(_, n)| n > 0)
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_checked() {
        let mut hand = Hand::EMPTY;
        for _ in 0..18 {
            hand.add(PieceKind::Pawn).unwrap();
        }
        assert_eq!(
            hand.add(PieceKind::Pawn),
            Err(HandError::TooMany(PieceKind::Pawn))
        );
        assert_eq!(hand.count(PieceKind::Pawn), 18);
        assert_eq!(
            hand.remove(PieceKind::Rook),
            Err(HandError::Empty(PieceKind::Rook))
        );
        assert_eq!(
            hand.add(PieceKind::King),
            Err(HandError::NotHandKind(PieceKind::King))
        );
        hand.set(PieceKind::Rook, 2).unwrap();
        hand.set(PieceKind::Bishop, 2).unwrap();
        assert_eq!(
            hand.set(PieceKind::Rook, 3),
            Err(HandError::TooMany(PieceKind::Rook))
        );
        assert_eq!(hand.count(PieceKind::Bishop), 2);
        assert_eq!(hand.count(PieceKind::Pawn), 18);
        assert_eq!(hand.total(), 22);
    }

    #[test]
    fn dominance_is_per_kind() {
        let mut big = Hand::EMPTY;
        big.set(PieceKind::Gold, 2).unwrap();
        big.set(PieceKind::Pawn, 3).unwrap();
        let mut small = Hand::EMPTY;
        small.set(PieceKind::Gold, 1).unwrap();
        small.set(PieceKind::Pawn, 3).unwrap();
        assert!(big.dominates(small));
        assert!(!small.dominates(big));
        assert!(big.dominates(big));
        assert!(big.dominates(Hand::EMPTY));
        let mut other = Hand::EMPTY;
        other.set(PieceKind::Rook, 1).unwrap();
        assert!(!big.dominates(other));
        assert!(!other.dominates(big));
        // Every kind at its maximum against one more in any field must not dominate.
        let mut full = Hand::EMPTY;
        for k in PieceKind::HAND {
            full.set(k, k.max_count()).unwrap();
        }
        for k in PieceKind::HAND {
            let mut one = Hand::EMPTY;
            one.set(k, 1).unwrap();
            assert!(full.dominates(one));
            assert!(!one.dominates(full));
        }
    }
}
