//! Packed pieces-in-hand with the per-kind arithmetic that proof and disproof pieces need.
//!
//! The layout matches `shogi::Hand` (one field per hand kind, each followed by a spare
//! bit) so that dominance is one subtraction, but this type also has the per-kind
//! minimum, maximum and saturating updates used when proof pieces travel up the tree.

use shogi::{Hand, PieceKind};

// Bit offset and width of each hand kind's field, in `PieceKind::HAND` order.
const SHIFT: [u32; 7] = [0, 6, 10, 14, 18, 22, 25];
const MASK: [u32; 7] = [0x1f, 0x7, 0x7, 0x7, 0x7, 0x3, 0x3];
const BORROW: u32 = (1 << 5) | (1 << 9) | (1 << 13) | (1 << 17) | (1 << 21) | (1 << 24) | (1 << 27);

/// A hand as seven packed counts. `FULL` (every field at its maximum) stands for
/// "any number": it is the bound a proof uses when the defender's hand does not matter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(transparent)]
pub(crate) struct Packed(u32);

impl Packed {
    pub(crate) const EMPTY: Packed = Packed(0);
    pub(crate) const FULL: Packed = Packed(
        0x1f | (0x7 << 6) | (0x7 << 10) | (0x7 << 14) | (0x7 << 18) | (0x3 << 22) | (0x3 << 25),
    );

    /// The packed bits (for cache warming).
    pub(crate) fn raw(self) -> u32 {
        self.0
    }

    pub(crate) fn from_hand(hand: &Hand) -> Packed {
        let mut p = Packed::EMPTY;
        for (i, &k) in PieceKind::HAND.iter().enumerate() {
            p.0 |= u32::from(hand.count(k)) << SHIFT[i];
        }
        p
    }

    fn slot(kind: PieceKind) -> Option<usize> {
        PieceKind::HAND.iter().position(|&k| k == kind.unpromoted())
    }

    pub(crate) fn get(self, i: usize) -> u32 {
        (self.0 >> SHIFT[i]) & MASK[i]
    }

    fn with(self, i: usize, v: u32) -> Packed {
        let v = v.min(MASK[i]);
        Packed((self.0 & !(MASK[i] << SHIFT[i])) | (v << SHIFT[i]))
    }

    #[cfg(test)]
    pub(crate) fn count(self, kind: PieceKind) -> u32 {
        Self::slot(kind).map_or(0, |i| self.get(i))
    }

    /// `self >= other` in every kind.
    pub(crate) const fn dominates(self, other: Packed) -> bool {
        (self.0 | BORROW).wrapping_sub(other.0) & BORROW == BORROW
    }

    /// One more piece of `kind` (saturating at the field maximum, which `FULL` uses).
    #[must_use]
    pub(crate) fn plus(self, kind: PieceKind) -> Packed {
        match Self::slot(kind) {
            Some(i) => self.with(i, self.get(i) + 1),
            None => self,
        }
    }

    /// One piece of `kind` fewer, stopping at zero; a `FULL` field stays full.
    #[must_use]
    pub(crate) fn minus(self, kind: PieceKind) -> Packed {
        match Self::slot(kind) {
            Some(i) if self.get(i) == MASK[i] && self.is_unbounded(i) => self,
            Some(i) => self.with(i, self.get(i).saturating_sub(1)),
            None => self,
        }
    }

    fn is_unbounded(self, i: usize) -> bool {
        self.get(i) == MASK[i]
    }

    /// Per-kind maximum.
    #[must_use]
    pub(crate) fn max(self, other: Packed) -> Packed {
        let mut r = Packed::EMPTY;
        for i in 0..7 {
            r = r.with(i, self.get(i).max(other.get(i)));
        }
        r
    }

    /// Per-kind minimum.
    #[must_use]
    pub(crate) fn min(self, other: Packed) -> Packed {
        let mut r = Packed::EMPTY;
        for i in 0..7 {
            r = r.with(i, self.get(i).min(other.get(i)));
        }
        r
    }

    /// Kinds absent from `actual` are capped at zero: a side that holds none of a kind
    /// has no drops of it, so a bound that allowed more would admit moves never searched.
    #[must_use]
    pub(crate) fn cap_absent(self, actual: Packed) -> Packed {
        let mut r = self;
        for i in 0..7 {
            if actual.get(i) == 0 {
                r = r.with(i, 0);
            }
        }
        r
    }

    /// Converts back to a `shogi::Hand`, clamping each count to the kind's maximum.
    #[cfg(test)]
    pub(crate) fn to_hand(self) -> Hand {
        let mut h = Hand::EMPTY;
        for (i, &k) in PieceKind::HAND.iter().enumerate() {
            let n = self.get(i).min(u32::from(k.max_count()));
            // The clamp keeps `n` in range, so `set` cannot fail.
            let _ = h.set(k, n as u8);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(pairs: &[(PieceKind, u8)]) -> Packed {
        let mut h = Hand::EMPTY;
        for &(k, n) in pairs {
            h.set(k, n).unwrap();
        }
        Packed::from_hand(&h)
    }

    #[test]
    fn dominance_is_per_kind() {
        let a = hand(&[(PieceKind::Pawn, 3), (PieceKind::Rook, 1)]);
        let b = hand(&[(PieceKind::Pawn, 2)]);
        assert!(a.dominates(b));
        assert!(!b.dominates(a));
        assert!(Packed::FULL.dominates(a));
        assert!(a.dominates(Packed::EMPTY));
    }

    #[test]
    fn plus_minus_saturate() {
        let a = hand(&[(PieceKind::Gold, 1)]);
        assert_eq!(a.minus(PieceKind::Gold).count(PieceKind::Gold), 0);
        assert_eq!(
            a.minus(PieceKind::Gold).minus(PieceKind::Gold),
            Packed::EMPTY
        );
        assert_eq!(a.plus(PieceKind::Horse).count(PieceKind::Bishop), 1);
        assert_eq!(Packed::FULL.minus(PieceKind::Pawn), Packed::FULL);
        assert_eq!(Packed::FULL.plus(PieceKind::Rook), Packed::FULL);
    }

    #[test]
    fn min_max_cap() {
        let a = hand(&[(PieceKind::Pawn, 3), (PieceKind::Silver, 1)]);
        let b = hand(&[(PieceKind::Pawn, 1), (PieceKind::Gold, 2)]);
        assert_eq!(
            a.max(b),
            hand(&[
                (PieceKind::Pawn, 3),
                (PieceKind::Silver, 1),
                (PieceKind::Gold, 2)
            ])
        );
        assert_eq!(a.min(b), hand(&[(PieceKind::Pawn, 1)]));
        assert_eq!(Packed::FULL.cap_absent(a).count(PieceKind::Gold), 0);
        assert_eq!(a.to_hand().count(PieceKind::Pawn), 3);
    }
}
