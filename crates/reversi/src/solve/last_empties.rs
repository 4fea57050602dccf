//! The last empties: one to four squares left, each count with its own code (no move
//! generation, no square lists), and the flip count of the final move without its flips.
//!
//! With one empty square the board is otherwise full, so the opponent's discs are the
//! complement of the mover's and a line through the square is fully described by which of its
//! squares are the mover's. Each of the four lines is gathered into one byte (a row by a shift,
//! a column and the diagonals by a multiplication that stacks their squares in the top byte,
//! indexed by file or rank) and a table gives how many discs a move at position `x` of a full
//! line flips.

use crate::bits;

use super::kernel::for_each_kernel;
use super::search::{NEIGHBOURS, Search, child, final_score};

const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Moves bit `8k` (rank `k` of the a file) to bit `56 + k`; no two partial products meet.
const COLUMN_MAGIC: u64 = 0x0102_0408_1020_4080;

/// `LINE_FLIPS[x][line]`: discs flipped by a move at position `x` of a full line whose
/// mover's squares are the set bits of `line` (bit `x` itself is ignored).
static LINE_FLIPS: [[u8; 256]; 8] = {
    let mut t = [[0; 256]; 8];
    let mut x = 0;
    while x < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Towards lower positions, then towards higher: a run of opponent squares counts
            // only when one of the mover's squares closes it.
            let mut run = 0;
            let mut i = x as i32 - 1;
            while i >= 0 && line >> i & 1 == 0 {
                run += 1;
                i -= 1;
            }
            if i >= 0 {
                n += run;
            }
            run = 0;
            i = x as i32 + 1;
            while i < 8 && line >> i & 1 == 0 {
                run += 1;
                i += 1;
            }
            if i < 8 {
                n += run;
            }
            t[x][line] = n;
            line += 1;
        }
        x += 1;
    }
    t
};

/// The two diagonals through each square (a1-h8 direction, then h1-a8).
static DIAGONALS: [[u64; 2]; 64] = {
    let mut d = [[0; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (g, s) = (other % 8, other / 8);
            if g - s == f - r {
                d[sq][0] |= 1 << other;
            }
            if g + s == f + r {
                d[sq][1] |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    d
};

/// Discs flipped by a move of the side owning `own` on `sq`, the only empty square.
///
/// Squares off a short diagonal read as the opponent's but lie beyond the line's end, where
/// no disc of the mover closes them, so they never count.
#[inline(always)]
fn last_flip_count(own: u64, sq: u8) -> i32 {
    let s = usize::from(sq);
    let (f, r) = (s & 7, s >> 3);
    let row = (own >> (8 * r)) as u8;
    let col = ((own >> f) & FILE_A).wrapping_mul(COLUMN_MAGIC) >> 56;
    let [d9, d7] = DIAGONALS[s];
    let d9 = (own & d9).wrapping_mul(FILE_A) >> 56;
    let d7 = (own & d7).wrapping_mul(FILE_A) >> 56;
    i32::from(
        LINE_FLIPS[f][usize::from(row)]
            + LINE_FLIPS[r][col as usize]
            + LINE_FLIPS[f][d9 as usize]
            + LINE_FLIPS[f][d7 as usize],
    )
}

impl<K> Search<'_, K> {
    /// One empty square left, fail-soft in `(alpha, ..)`: when the mover cannot play there,
    /// the opponent's move is skipped if even a pass-out could not lift the score above
    /// `alpha`.
    #[inline(always)]
    pub(crate) fn last1(&mut self, p: u64, o: u64, sq: u8, alpha: i32) -> i32 {
        self.nodes += 1;
        let diff = 2 * p.count_ones() as i32 - 63;
        if NEIGHBOURS[usize::from(sq)] & o != 0 {
            let n = last_flip_count(p, sq);
            if n > 0 {
                return diff + 1 + 2 * n;
            }
        }
        // Nobody can take the last square: 63 discs, so never a draw.
        let unplayed = if diff > 0 { diff + 1 } else { diff - 1 };
        if unplayed <= alpha || NEIGHBOURS[usize::from(sq)] & p == 0 {
            return unplayed;
        }
        let n = last_flip_count(o, sq);
        if n > 0 { diff - 1 - 2 * n } else { unplayed }
    }

    /// The child after a move on `sq`, or `None` when the move flips nothing.
    #[inline(always)]
    fn try_move(p: u64, o: u64, sq: u8) -> Option<(u64, u64)> {
        if NEIGHBOURS[usize::from(sq)] & o == 0 {
            return None;
        }
        match bits::flips(p, o, sq) {
            0 => None,
            flipped => Some(child(p, o, sq, flipped)),
        }
    }

    /// The fail-soft best of the moves in `tries` (a square and the empties left after it),
    /// each child searched by `next`; -65 when none of them is legal.
    #[inline(always)]
    fn best_of<R: Copy, const N: usize>(
        &mut self,
        (p, o): (u64, u64),
        alpha: i32,
        beta: i32,
        tries: [(u8, R); N],
        next: impl Fn(&mut Self, u64, u64, i32, i32, R) -> i32,
    ) -> i32 {
        let (mut best, mut lower) = (-65, alpha);
        for (sq, rest) in tries {
            if let Some((np, no)) = Self::try_move(p, o, sq) {
                let v = -next(self, np, no, -beta, -lower, rest);
                if v > best {
                    best = v;
                    if v >= beta {
                        return v;
                    }
                    lower = lower.max(v);
                }
            }
        }
        best
    }

    /// `best`, or when the mover had no legal move: the final score if the opponent has
    /// already passed, else the opponent's search (`pass`).
    #[inline(always)]
    fn or_pass(
        &mut self,
        best: i32,
        (p, o): (u64, u64),
        passed: bool,
        pass: impl FnOnce(&mut Self) -> i32,
    ) -> i32 {
        if best > -65 {
            best
        } else if passed {
            -final_score(o, p)
        } else {
            -pass(self)
        }
    }
}

/// The two- to four-empty searches (each passes to itself), written once and compiled once
/// per instruction set (see `kernel.rs`).
macro_rules! last_kernels {
    ($k:ty $(, #[$attr:meta])*) => {
        impl Search<'_, $k> {
            /// Two empty squares, `a` tried first; fail-soft.
            $(#[$attr])*
            pub(crate) fn last2(
                &mut self,
                p: u64,
                o: u64,
                alpha: i32,
                beta: i32,
                [a, b]: [u8; 2],
                passed: bool,
            ) -> i32 {
                self.nodes += 1;
                let tries = [(a, b), (b, a)];
                let best = self.best_of((p, o), alpha, beta, tries, |s, np, no, lo, _, rest| {
                    s.last1(np, no, rest, lo)
                });
                self.or_pass(best, (p, o), passed, |s| {
                    s.last2(o, p, -beta, -alpha, [a, b], true)
                })
            }

            /// Three empty squares, tried in the given order; fail-soft.
            $(#[$attr])*
            pub(crate) fn last3(
                &mut self,
                p: u64,
                o: u64,
                alpha: i32,
                beta: i32,
                [a, b, c]: [u8; 3],
                passed: bool,
            ) -> i32 {
                self.nodes += 1;
                let tries = [(a, [b, c]), (b, [a, c]), (c, [a, b])];
                let best = self.best_of((p, o), alpha, beta, tries, |s, np, no, lo, hi, rest| {
                    s.last2(np, no, lo, hi, rest, false)
                });
                self.or_pass(best, (p, o), passed, |s| {
                    s.last3(o, p, -beta, -alpha, [a, b, c], true)
                })
            }

            /// Four empty squares, tried in the given order; fail-soft.
            $(#[$attr])*
            pub(crate) fn last4(
                &mut self,
                p: u64,
                o: u64,
                alpha: i32,
                beta: i32,
                [a, b, c, d]: [u8; 4],
                passed: bool,
            ) -> i32 {
                self.nodes += 1;
                let tries = [
                    (a, [b, c, d]),
                    (b, [a, c, d]),
                    (c, [a, b, d]),
                    (d, [a, b, c]),
                ];
                let best = self.best_of((p, o), alpha, beta, tries, |s, np, no, lo, hi, rest| {
                    s.last3(np, no, lo, hi, rest, false)
                });
                self.or_pass(best, (p, o), passed, |s| {
                    s.last4(o, p, -beta, -alpha, [a, b, c, d], true)
                })
            }
        }
    };
}

for_each_kernel!(last_kernels);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_flip_count_matches_the_flips() {
        // Deterministic pseudo-random full-but-one boards.
        for (i, x) in bits::test_bitboards(20_000).enumerate() {
            let sq = (i % 64) as u8;
            let p = x & !(1 << sq);
            let o = !p & !(1 << sq);
            assert_eq!(last_flip_count(p, sq) as u32, bits::count_flips(p, o, sq));
            assert_eq!(last_flip_count(o, sq) as u32, bits::count_flips(o, p, sq));
        }
    }
}
