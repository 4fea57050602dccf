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

/// `pos` after up to `plies` moves picked by a generator seeded with `seed` (fewer when a
/// position has no legal move).
#[allow(dead_code)] // not every test crate that shares this module walks positions
pub(crate) fn random_walk(
    mut pos: masu_shogi::Position,
    seed: u64,
    plies: usize,
) -> masu_shogi::Position {
    let mut rng = Xorshift::new(seed);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(rng.pick(&moves));
    }
    pos
}
