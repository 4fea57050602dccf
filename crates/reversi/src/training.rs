//! What fitting the pattern evaluation's weights needs from the crate (feature `training`):
//! the features the evaluation reads and the crate's seeded generator. The weight fitting
//! itself is the unpublished `tools/reversi-train`; a user of the rules, the solver or the
//! players needs none of this.
//!
//! The weights file is [`WEIGHTS`] little-endian `i16`s in [`UNIT`]s per disc: first one per
//! pattern configuration, indexed by [`feature_indices`], then the three scalar weights from
//! [`SCALAR_BASE`] (the side to move's legal moves, the opponent's, and a constant).
//!
//! ```
//! use masu_reversi::Board;
//! use masu_reversi::training::{INSTANCES, SCALAR_BASE, WEIGHTS, feature_indices};
//!
//! let board = Board::new();
//! let features = feature_indices(board.player(), board.opponent());
//! assert_eq!(features.len(), INSTANCES);
//! assert!(features.iter().all(|&i| (i as usize) < SCALAR_BASE));
//! assert_eq!(WEIGHTS, SCALAR_BASE + 3);
//! ```

use crate::pattern;

/// Evaluation units per disc of final margin.
pub const UNIT: i32 = pattern::UNIT;

/// Pattern instances per position: the length of [`feature_indices`]' answer.
pub const INSTANCES: usize = pattern::INSTANCES;

/// Index of the first scalar weight (after every pattern table).
pub const SCALAR_BASE: usize = pattern::SCALAR_BASE;

/// Weights in the file.
pub const WEIGHTS: usize = pattern::WEIGHTS;

/// The weight index of every pattern instance of the position whose side to move holds `p`
/// and whose opponent holds `o`.
#[must_use]
pub fn feature_indices(p: u64, o: u64) -> [u32; INSTANCES] {
    pattern::feature_indices(p, o)
}

/// The crate's seeded generator (SplitMix64), as the random and Monte-Carlo players use it:
/// the same seed, the same numbers.
#[derive(Debug, Clone)]
pub struct Rng(crate::rng::Rng);

impl Rng {
    /// A generator from `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(crate::rng::Rng::new(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u32) -> u32 {
        self.0.below(n)
    }
}
