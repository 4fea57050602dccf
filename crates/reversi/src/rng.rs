//! The crate's one seeded generator (SplitMix64): reproducible games, and the boards of the
//! unit tests, without a `rand` dependency.

/// SplitMix64: 64-bit state, full period, good enough for move choice and playouts.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), by multiply-shift (bias below 2^-32 for small `n`).
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// The index of a uniformly chosen set bit of `mask` (0 if `mask` is empty).
    pub(crate) fn pick_bit(&mut self, mut mask: u64) -> u8 {
        let n = mask.count_ones();
        if n == 0 {
            return 0;
        }
        for _ in 0..self.below(n) {
            mask &= mask - 1;
        }
        mask.trailing_zeros() as u8
    }
}
