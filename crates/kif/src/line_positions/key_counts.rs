//! A count of the positions of a line by the low bits of their keys, kept as the line is
//! played and taken back: a position whose count is below four has not occurred four
//! times, so that its key is looked for among the line's (a walk) only where the count
//! allows a fourth occurrence, almost never outside a repetition.
//!
//! The cost is a byte read and written a move. Keeping the line as a masu-shogi `Game`
//! (moves, undos and keys apart, and a chain through the keys walked after every move)
//! made reading 18 % slower, and counting each key exactly in a hash table sized from the
//! text about 4 % (MEASUREMENTS.md).

/// The fewest counters: a line of 16 positions fills a quarter of them. The counters
/// are sized from the moves the text may hold, so that a short record does not zero a
/// kilobyte it never uses (2 % of reading an empty one); a line longer than that
/// counts its keys again with more ([`KeyCounts::is_crowded`]).
const MIN_COUNTERS: usize = 64;

/// Counters of the keys by their low bits, each the number of the line's positions whose
/// key has those bits: at least the number of a key's positions, exactly that where no
/// other key of the line shares its bits.
#[derive(Debug)]
pub(super) struct KeyCounts {
    /// A power of two of at least [`MIN_COUNTERS`] counters, at least four times as many
    /// as positions when counted again ([`KeyCounts::is_crowded`]). A counter that
    /// reaches `u8::MAX` stays there, `u8::MAX` or more positions, never too few.
    counters: Vec<u8>,
}

impl KeyCounts {
    /// The counts of `keys`, with room for `positions` positions (about as many as there
    /// will be).
    pub(super) fn new(keys: impl Iterator<Item = u64>, positions: usize) -> KeyCounts {
        let len = positions
            .saturating_mul(4)
            .next_power_of_two()
            .max(MIN_COUNTERS);
        let mut counts = KeyCounts {
            counters: vec![0; len],
        };
        for key in keys {
            counts.add(key);
        }
        counts
    }

    /// Whether `positions` positions fill more than a quarter of the counters (the counts
    /// of keys alone among their bits start to be too high: count again, with more).
    pub(super) fn is_crowded(&self, positions: usize) -> bool {
        positions.saturating_mul(4) > self.counters.len()
    }

    /// Counts a position of key `key`, returning [`KeyCounts::at_least`] of it.
    #[inline]
    pub(super) fn add(&mut self, key: u64) -> u8 {
        let i = self.index(key);
        let counter = &mut self.counters[i];
        // One at the top stays there.
        *counter += u8::from(*counter != u8::MAX);
        *counter
    }

    /// Takes back a position of key `key` that [`KeyCounts::add`] counted.
    #[inline]
    pub(super) fn remove(&mut self, key: u64) {
        let i = self.index(key);
        if self.counters[i] != u8::MAX {
            self.counters[i] = self.counters[i].saturating_sub(1);
        }
    }

    /// At least the number of positions of key `key`, or `u8::MAX`.
    #[inline]
    pub(super) fn at_least(&self, key: u64) -> u8 {
        self.counters[self.index(key)]
    }

    fn index(&self, key: u64) -> usize {
        // Zobrist keys are uniform: their low bits do.
        key as usize & (self.counters.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A count is never below the number of the key's positions counted (up to the top of
    /// a counter), through adds and removes, keys that share their low bits and counters
    /// that reach their top; a key alone among its bits is counted exactly.
    #[test]
    fn counts_are_never_too_low() {
        let mut counts = KeyCounts::new(std::iter::empty(), 0);
        let mut added: Vec<u64> = Vec::new();
        let mut seed = 11_u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % n
        };
        // Keys 0..40 shifted past the counters' bits (all on counter 0), and a lone one.
        let lone = 5_u64;
        for step in 0..5_000 {
            if next(3) == 0 && !added.is_empty() {
                let key = added.swap_remove(next(added.len() as u64) as usize);
                counts.remove(key);
            } else {
                let key = if step % 7 == 0 { lone } else { next(40) << 20 };
                added.push(key);
                counts.add(key);
            }
            for key in [next(40) << 20, lone] {
                let n = added.iter().filter(|&&k| k == key).count().min(255);
                assert!(usize::from(counts.at_least(key)) >= n, "step {step}");
            }
            let n = added.iter().filter(|&&k| k == lone).count();
            assert_eq!(
                usize::from(counts.at_least(lone)),
                n.min(255),
                "step {step}"
            );
        }
    }
}
