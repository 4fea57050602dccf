//! What several integration tests share: a small seeded generator that picks random moves.

/// A xorshift64 generator: the same seed picks the same moves on every run and machine.
pub(crate) struct Xorshift(u64);

impl Xorshift {
    /// A generator from any seed (zero included).
    pub(crate) fn new(seed: u64) -> Xorshift {
        Xorshift(seed | 1)
    }

    /// One of `items`, which must not be empty.
    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        items[(self.0 % items.len() as u64) as usize]
    }
}
