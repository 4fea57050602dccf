//! Pieces in hand (持ち駒).

use std::fmt;

use crate::PieceKind;

/// The pieces one side holds in hand: a count for each of the seven hand kinds.
///
/// Counts are packed into one `u32`, each field followed by a spare bit, so that
/// [`Hand::dominates`] is one subtraction: a borrow out of any field shows in its spare bit.
///
/// # Hands as bounds
///
/// A mate solver proves a position for every attacker hand that dominates the one it needed
/// (the proof pieces, 証明駒) and every defender hand dominated by a bound. For such bounds a
/// `Hand` also has per-kind [`union`](Hand::union) and [`intersection`](Hand::intersection),
/// [`plus`](Hand::plus) and [`minus`](Hand::minus) of one piece, and [`Hand::UNLIMITED`]:
/// each field of it is at its capacity (31 pawns, 7 lances, knights, silvers and golds, 3
/// bishops and rooks), more than a set holds, so it dominates every hand and stands for
/// "any number". A field at capacity stays there under [`plus`](Hand::plus) and
/// [`minus`](Hand::minus). No position holds such a hand: [`Position::from_setup`]
/// rejects it as too much material.
///
/// [`Position::from_setup`]: crate::Position::from_setup
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
/// Every count field at its capacity (the spare bits clear).
const FIELDS: u32 = {
    let mut bits = 0;
    let mut i = 0;
    while i < 7 {
        bits |= MASK[i] << SHIFT[i];
        i += 1;
    }
    bits
};

impl Hand {
    /// The empty hand.
    pub const EMPTY: Hand = Hand(0);

    /// The bound "any number of every kind": each field at its capacity, above what a set
    /// holds (see [Hands as bounds](Hand#hands-as-bounds)). It dominates every hand.
    pub const UNLIMITED: Hand = Hand(FIELDS);

    /// The hand of a packed value from [`Hand::bits`]; the spare bits between the fields and
    /// the bits above them are dropped.
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u32) -> Hand {
        Hand(bits & FIELDS)
    }

    /// The packed value: each kind's count in its own field, in [`PieceKind::HAND`] order
    /// from the lowest bits (pawns in 5 bits, bishops and rooks in 2, the others in 3), each
    /// field followed by a spare bit. For storing a hand in plain memory, such as a
    /// transposition table's entries.
    #[must_use]
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

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
    #[inline]
    pub const fn dominates(self, other: Hand) -> bool {
        (self.0 | BORROW).wrapping_sub(other.0) & BORROW == BORROW
    }

    /// The count field of hand kind number `i` (an index into [`PieceKind::HAND`]).
    #[inline]
    const fn field(self, i: usize) -> u32 {
        (self.0 >> SHIFT[i]) & MASK[i]
    }

    /// This hand with field `i` set to `n`, which must be within the field's capacity.
    #[inline]
    const fn with_field(self, i: usize, n: u32) -> Hand {
        Hand((self.0 & !(MASK[i] << SHIFT[i])) | (n << SHIFT[i]))
    }

    /// One more piece of `kind`, stopping at the field's capacity, where the count means
    /// "any number" (see [Hands as bounds](Hand#hands-as-bounds)); unchanged for kinds a
    /// hand cannot hold.
    #[must_use]
    #[inline]
    pub const fn plus(self, kind: PieceKind) -> Hand {
        let i = kind.index();
        if i >= 7 {
            return self;
        }
        let n = self.field(i);
        if n == MASK[i] {
            self
        } else {
            self.with_field(i, n + 1)
        }
    }

    /// One piece of `kind` fewer, stopping at zero; a count at the field's capacity ("any
    /// number", see [Hands as bounds](Hand#hands-as-bounds)) stays there. Unchanged for
    /// kinds a hand cannot hold.
    #[must_use]
    #[inline]
    pub const fn minus(self, kind: PieceKind) -> Hand {
        let i = kind.index();
        if i >= 7 {
            return self;
        }
        let n = self.field(i);
        if n == 0 || n == MASK[i] {
            self
        } else {
            self.with_field(i, n - 1)
        }
    }

    /// The larger count of each kind (the multiset union): the least hand that dominates
    /// both.
    #[must_use]
    pub fn union(self, other: Hand) -> Hand {
        self.zip_fields(other, u32::max)
    }

    /// The smaller count of each kind (the multiset intersection): the greatest hand that
    /// both dominate.
    #[must_use]
    pub fn intersection(self, other: Hand) -> Hand {
        self.zip_fields(other, u32::min)
    }

    /// This hand without the kinds that `other` lacks: their counts set to zero, the others
    /// kept. A solver caps a bound so: a side without a kind has no drop of it, so a bound
    /// that allowed one would cover moves never searched.
    #[must_use]
    pub fn only_kinds_in(self, other: Hand) -> Hand {
        self.zip_fields(other, |n, held| if held == 0 { 0 } else { n })
    }

    /// Each kind's counts in `self` and `other` combined by `f` (whose result must be within
    /// the field's capacity, as one of its arguments is).
    #[inline]
    fn zip_fields(self, other: Hand, f: impl Fn(u32, u32) -> u32) -> Hand {
        let mut out = Hand::EMPTY;
        for i in 0..7 {
            out = out.with_field(i, f(self.field(i), other.field(i)));
        }
        out
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

    fn hand(pairs: &[(PieceKind, u8)]) -> Hand {
        let mut h = Hand::EMPTY;
        for &(k, n) in pairs {
            h.set(k, n).unwrap();
        }
        h
    }

    #[test]
    fn unlimited_dominates_every_hand_and_no_set_holds_it() {
        let mut full = Hand::EMPTY;
        for k in PieceKind::HAND {
            full.set(k, k.max_count()).unwrap();
        }
        assert!(Hand::UNLIMITED.dominates(full));
        assert!(!full.dominates(Hand::UNLIMITED));
        for k in PieceKind::HAND {
            assert!(Hand::UNLIMITED.count(k) > k.max_count(), "{k:?}");
        }
        let mut setup = crate::Setup::startpos();
        setup.hands[crate::Color::Black] = Hand::UNLIMITED;
        for mode in [crate::SetupMode::Strict, crate::SetupMode::Tsume] {
            let err = crate::Position::from_setup(setup, mode).unwrap_err();
            assert!(
                err.kinds()
                    .contains(crate::PositionErrorKinds::TOO_MUCH_MATERIAL)
            );
        }
    }

    #[test]
    fn plus_and_minus_stop_at_zero_and_at_capacity() {
        let g = hand(&[(PieceKind::Gold, 1)]);
        assert_eq!(g.minus(PieceKind::Gold), Hand::EMPTY);
        assert_eq!(g.minus(PieceKind::Gold).minus(PieceKind::Gold), Hand::EMPTY);
        assert_eq!(g.plus(PieceKind::Gold).count(PieceKind::Gold), 2);
        assert_eq!(Hand::UNLIMITED.minus(PieceKind::Pawn), Hand::UNLIMITED);
        assert_eq!(Hand::UNLIMITED.plus(PieceKind::Rook), Hand::UNLIMITED);
        // Kinds a hand cannot hold leave it as it is.
        assert_eq!(g.plus(PieceKind::Horse), g);
        assert_eq!(g.minus(PieceKind::King), g);
        // One field's capacity does not spill into the next.
        let mut bound = Hand::UNLIMITED.only_kinds_in(hand(&[(PieceKind::Bishop, 1)]));
        assert_eq!(bound.count(PieceKind::Bishop), 3);
        bound = bound.plus(PieceKind::Bishop).plus(PieceKind::Gold);
        assert_eq!(bound.count(PieceKind::Bishop), 3);
        assert_eq!(bound.count(PieceKind::Rook), 0);
        assert_eq!(bound.count(PieceKind::Gold), 1);
    }

    #[test]
    fn union_intersection_and_only_kinds_in_are_per_kind() {
        let a = hand(&[(PieceKind::Pawn, 3), (PieceKind::Silver, 1)]);
        let b = hand(&[(PieceKind::Pawn, 1), (PieceKind::Gold, 2)]);
        let union = hand(&[
            (PieceKind::Pawn, 3),
            (PieceKind::Silver, 1),
            (PieceKind::Gold, 2),
        ]);
        assert_eq!(a.union(b), union);
        assert_eq!(a.intersection(b), hand(&[(PieceKind::Pawn, 1)]));
        assert!(a.union(b).dominates(a) && a.union(b).dominates(b));
        assert!(a.dominates(a.intersection(b)) && b.dominates(a.intersection(b)));
        assert_eq!(Hand::UNLIMITED.intersection(a), a);
        assert_eq!(Hand::UNLIMITED.union(a), Hand::UNLIMITED);
        let capped = Hand::UNLIMITED.only_kinds_in(a);
        assert_eq!(capped.count(PieceKind::Gold), 0);
        assert_eq!(capped.count(PieceKind::Pawn), 31);
        assert_eq!(b.only_kinds_in(a), hand(&[(PieceKind::Pawn, 1)]));
    }

    #[test]
    fn bits_round_trip_and_drop_the_spare_bits() {
        let a = hand(&[
            (PieceKind::Pawn, 18),
            (PieceKind::Rook, 2),
            (PieceKind::Knight, 4),
        ]);
        assert_eq!(Hand::from_bits(a.bits()), a);
        assert_eq!(Hand::from_bits(Hand::UNLIMITED.bits()), Hand::UNLIMITED);
        assert_eq!(Hand::from_bits(u32::MAX), Hand::UNLIMITED);
        assert_eq!(Hand::from_bits(BORROW), Hand::EMPTY);
    }
}
