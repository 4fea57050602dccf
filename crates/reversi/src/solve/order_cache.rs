//! A cache of move-ordering keys: the shallow searches that order the moves of a node with
//! many empties cost more than the node's own work, and the same node is ordered again by
//! each null-window search of the root, and again by the exact pass after the selective
//! pre-pass. The cache keeps the keys of the last node seen per slot (replacing on a clash);
//! the keys are exactly those recomputed, so node counts do not change.

use super::memory::{self, TableError};

/// Nodes with more moves than this are not cached (rare, and the slot stays small).
const MAX_KEYS: usize = 24;
/// Slots (a power of two): 128 bytes each.
const SLOTS: usize = 1 << 15;

/// The ordering keys of one node's moves.
#[derive(Debug, Clone, Copy, bytemuck::Zeroable)]
pub(crate) struct Keys {
    player: u64,
    opponent: u64,
    /// The moves the keys are for, in square order.
    pub(crate) listed: u64,
    /// The best ordering-search value among them (see `fill_moves`).
    pub(crate) value: i32,
    pub(crate) keys: [i32; MAX_KEYS],
}

impl Default for Keys {
    fn default() -> Keys {
        Keys {
            player: 0,
            opponent: 0,
            listed: 0,
            value: 0,
            keys: [0; MAX_KEYS],
        }
    }
}

/// A direct-mapped array of [`Keys`].
#[derive(Clone)]
pub(crate) struct OrderCache {
    slots: Box<[Keys]>,
}

/// The cache's size, not its slots (as [`super::table::Table`]'s).
impl std::fmt::Debug for OrderCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OrderCache")
            .field("slots", &self.slots.len())
            .finish()
    }
}

impl OrderCache {
    /// An empty cache.
    ///
    /// # Errors
    ///
    /// [`TableError::Unavailable`] when the system refuses the memory.
    pub(crate) fn try_new() -> Result<OrderCache, TableError> {
        Ok(OrderCache {
            slots: memory::zeroed(SLOTS)?,
        })
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(Keys::default());
    }

    #[inline(always)]
    fn index(p: u64, o: u64) -> usize {
        let h = (o ^ p.rotate_left(29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        (h >> 40) as usize & (SLOTS - 1)
    }

    /// The keys of `(p, o)` for a set of moves including `moves`, if cached.
    #[inline]
    pub(crate) fn get(&self, p: u64, o: u64, moves: u64) -> Option<&Keys> {
        let e = &self.slots[Self::index(p, o)];
        (e.player == p && e.opponent == o && (p | o) != 0 && moves & !e.listed == 0).then_some(e)
    }

    /// Records the keys of `listed`'s moves in square order (nothing if there are too many).
    #[inline]
    pub(crate) fn put(
        &mut self,
        p: u64,
        o: u64,
        listed: u64,
        value: i32,
        keys: impl ExactSizeIterator<Item = i32>,
    ) {
        if keys.len() > MAX_KEYS {
            return;
        }
        let e = &mut self.slots[Self::index(p, o)];
        (e.player, e.opponent, e.listed, e.value) = (p, o, listed, value);
        for (slot, k) in e.keys.iter_mut().zip(keys) {
            *slot = k;
        }
    }
}
