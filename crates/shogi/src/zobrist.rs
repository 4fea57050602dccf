//! Zobrist keys, from a fixed-seed `const fn` generator (no runtime randomness), and the
//! hasher for maps keyed by them.

use std::hash::{BuildHasherDefault, Hasher};

use crate::{Color, PieceKind, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    board: [[[u64; 81]; 14]; 2],
    hand: [[u64; 7]; 2],
    turn: u64,
}

const fn make_keys() -> Keys {
    let mut keys = Keys {
        board: [[[0; 81]; 14]; 2],
        hand: [[0; 7]; 2],
        turn: 0,
    };
    let mut state = 0x6d61_7375_5f73_686f; // "masu_sho"
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 14 {
            let mut sq = 0;
            while sq < 81 {
                let (s, v) = splitmix64(state);
                state = s;
                keys.board[c][k][sq] = v;
                sq += 1;
            }
            k += 1;
        }
        let mut h = 0;
        while h < 7 {
            let (s, v) = splitmix64(state);
            state = s;
            keys.hand[c][h] = v;
            h += 1;
        }
        c += 1;
    }
    let (_, turn) = splitmix64(state);
    // Bit 0 is kept for the side to move, so board keys of the two sides never coincide.
    keys.turn = turn | 1;
    keys
}

static KEYS: Keys = make_keys();

/// The key of a piece of `color` and `kind` on `sq` (xor-ed into the board half).
#[inline]
pub(crate) fn board(color: Color, kind: PieceKind, sq: Square) -> u64 {
    KEYS.board[color.index()][kind.index()][sq.index()]
}

/// The key of one piece of a hand kind (added into the hand half once per piece held).
#[inline]
pub(crate) fn hand(color: Color, kind: PieceKind) -> u64 {
    KEYS.hand[color.index()][kind.index()]
}

/// Xor-ed into the board half when White is to move.
#[inline]
pub(crate) fn turn() -> u64 {
    KEYS.turn
}

/// A [`Hasher`] that passes a `u64` key through unchanged, for hash maps and sets keyed by
/// [`Position::key`](crate::Position::key) and the other Zobrist keys: they are uniform
/// already, so hashing them again (the standard map's SipHash) costs time for nothing.
///
/// Other input is folded in byte by byte, which keeps the map correct but hashes poorly:
/// use it for keys that are uniform 64-bit hashes only.
///
/// ```
/// use std::collections::HashMap;
/// use masu_shogi::{KeyBuildHasher, Position};
///
/// let mut seen: HashMap<u64, u32, KeyBuildHasher> = HashMap::default();
/// *seen.entry(Position::startpos().key()).or_insert(0) += 1;
/// assert_eq!(seen[&Position::startpos().key()], 1);
/// ```
#[derive(Debug, Default, Clone, Copy)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The [`std::hash::BuildHasher`] of [`KeyHasher`]:
/// `HashMap<u64, V, KeyBuildHasher>` for maps keyed by Zobrist keys.
pub type KeyBuildHasher = BuildHasherDefault<KeyHasher>;
