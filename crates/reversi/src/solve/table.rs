//! The transposition table: exact-score bounds per position, one slot per hash index.
//!
//! An entry is either exact (its bounds were proved) or selective (written by the
//! [`Search::selective`](super::Search) pre-pass, whose bounds may be wrong): the exact search
//! takes only the best move from a selective entry, and a selective result never overwrites
//! an exact one.

use super::memory::{self, TableError};

/// The level of proved bounds; the selective passes' levels are their margins in discs.
pub(crate) const EXACT: u8 = u8::MAX;

/// One slot: the position, bounds on its exact score, and the best square found.
#[derive(Debug, Clone, Copy, Default, bytemuck::Zeroable)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    /// Best square + 1; 0 for none.
    best: u8,
    /// Empty squares of the position: a rough measure of the work it stands for.
    depth: u8,
    /// How far the bounds can be trusted: [`EXACT`], or the margin of the selective pass.
    level: u8,
}

/// What the table knows about a position.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Probe {
    pub(crate) lower: i32,
    pub(crate) upper: i32,
    pub(crate) best: Option<u8>,
    /// How far the bounds can be trusted (see the module docs).
    pub(crate) level: u8,
}

/// A power-of-two array of slots in pairs: the first of a pair keeps the deepest position seen
/// (the most work saved), the second takes whatever the first does not.
#[derive(Clone)]
pub(crate) struct Table {
    slots: Box<[Entry]>,
    mask: usize,
    /// Whether the search calls [`Table::prefetch`] (always, but in the test that shows the
    /// hints change no result);
    /// read once per node by the move ordering, not per hint.
    pub(crate) prefetching: bool,
}

/// The table's size, not its slots: a `{:?}` of a solver must not print gigabytes.
impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("slots", &self.slots.len())
            .field("bytes", &size_of_val(&*self.slots))
            .field("prefetching", &self.prefetching)
            .finish()
    }
}

impl Table {
    /// A table using at most `bytes` (at least one pair of slots).
    ///
    /// # Errors
    ///
    /// [`TableError::Unavailable`] when the system refuses the memory.
    pub(crate) fn try_with_bytes(bytes: usize) -> Result<Table, TableError> {
        let wanted = (bytes / size_of::<Entry>()).max(1);
        // Round down to a power of two so the index is a mask.
        let len = (1usize << (usize::BITS - 1 - wanted.leading_zeros())).max(2);
        Ok(Table {
            slots: memory::zeroed(len)?,
            mask: len - 1,
            prefetching: true,
        })
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(Entry::default());
    }

    #[inline(always)]
    fn index(&self, p: u64, o: u64) -> usize {
        let h = (p ^ o.rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h ^ (h >> 31)) as usize & self.mask & !1
    }

    /// Asks the CPU to start loading the slots of `(p, o)`, which a probe will read soon: a
    /// probe is a cache miss, and several started at once overlap (see `crate::dispatch`).
    #[inline(always)]
    pub(crate) fn prefetch(&self, p: u64, o: u64) {
        #[cfg(target_arch = "x86_64")]
        crate::dispatch::prefetch(&self.slots[self.index(p, o)..][..2]);
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o);
    }

    #[inline]
    pub(crate) fn probe(&self, p: u64, o: u64) -> Option<Probe> {
        let i = self.index(p, o);
        self.slots[i..i + 2]
            .iter()
            .find(|e| e.player == p && e.opponent == o && (p | o) != 0)
            .map(|e| Probe {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
                best: e.best.checked_sub(1),
                level: e.level,
            })
    }

    /// Records that the score lies in `lower..=upper` (by the selective pre-pass when
    /// `selective`), tightening what is known already.
    #[inline]
    pub(crate) fn store(
        &mut self,
        p: u64,
        o: u64,
        (lower, upper): (i32, i32),
        best: Option<u8>,
        level: u8,
    ) {
        let i = self.index(p, o);
        let depth = (!(p | o)).count_ones() as u8;
        let (mut lo, mut hi) = (lower, upper);
        let slot = if let Some(k) =
            (0..2).find(|&k| self.slots[i + k].player == p && self.slots[i + k].opponent == o)
        {
            let e = &self.slots[i + k];
            if e.level == level {
                lo = lo.max(i32::from(e.lower));
                hi = hi.min(i32::from(e.upper));
            } else if level < e.level {
                // Surer bounds are worth more than less sure ones.
                return;
            }
            i + k
        } else if depth >= self.slots[i].depth {
            // The deep slot's old occupant still beats what the second slot holds.
            self.slots[i + 1] = self.slots[i];
            i
        } else {
            i + 1
        };
        // Scores lie in -64..=64, so the casts cannot truncate.
        self.slots[slot] = Entry {
            player: p,
            opponent: o,
            lower: lo.clamp(-64, 64) as i8,
            upper: hi.clamp(-64, 64) as i8,
            best: best.map_or(0, |b| b + 1),
            depth,
            level,
        };
    }
}
