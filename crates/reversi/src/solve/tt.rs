//! The transposition table: exact-score bounds per position, one slot per hash index.

/// One slot: the position, bounds on its exact score, and the best square found.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    /// Best square + 1; 0 for none.
    best: u8,
}

/// What the table knows about a position.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Probe {
    pub(crate) lower: i32,
    pub(crate) upper: i32,
    pub(crate) best: Option<u8>,
}

/// A power-of-two array of slots, always replaced on store.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table using at most `bytes` (at least one slot).
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / size_of::<Entry>()).max(1);
        // Round down to a power of two so the index is a mask.
        let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            slots: vec![Entry::default(); len],
            mask: len - 1,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(Entry::default());
    }

    fn index(&self, p: u64, o: u64) -> usize {
        let h = (p ^ o.rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h ^ (h >> 31)) as usize & self.mask
    }

    pub(crate) fn probe(&self, p: u64, o: u64) -> Option<Probe> {
        let e = &self.slots[self.index(p, o)];
        (e.player == p && e.opponent == o && (p | o) != 0).then(|| Probe {
            lower: i32::from(e.lower),
            upper: i32::from(e.upper),
            best: e.best.checked_sub(1),
        })
    }

    /// Records that the score lies in `lower..=upper`, tightening what is known already.
    pub(crate) fn store(&mut self, p: u64, o: u64, lower: i32, upper: i32, best: Option<u8>) {
        let i = self.index(p, o);
        let e = &mut self.slots[i];
        let (mut lo, mut hi) = (lower, upper);
        if e.player == p && e.opponent == o {
            lo = lo.max(i32::from(e.lower));
            hi = hi.min(i32::from(e.upper));
        }
        // Scores lie in -64..=64, so the casts cannot truncate.
        *e = Entry {
            player: p,
            opponent: o,
            lower: lo.clamp(-64, 64) as i8,
            upper: hi.clamp(-64, 64) as i8,
            best: best.map_or(0, |b| b + 1),
        };
    }
}
