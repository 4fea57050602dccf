//! The trained pattern evaluation: what it reads from a position, and its weights.
//!
//! A position is described by 46 pattern instances (the edge with both X-squares, the 2x5 and
//! 3x3 corner blocks, the second to fourth rows, and the diagonals of four to eight squares,
//! each in every orientation the board's symmetries give it) and by both sides' mobility. Each
//! instance reads its squares as a base-3 number (empty 0, side to move 1, opponent 2) that
//! indexes a weight table shared by all instances of its shape, so the weights are learnt once
//! per shape. The value is the sum of the instances' weights, the mobility terms and a bias, in
//! [`UNIT`]s per disc of final margin for the side to move, one weight set for every number of
//! empty squares.
//!
//! The weights (`src/pattern_weights.bin`, [`WEIGHTS`] little-endian `i16`s) are our own
//! data, fitted by `tools/reversi-train` to exact scores of positions from seeded self-play
//! (see MEASUREMENTS.md for the commands); the solver orders its moves by this evaluation.

use std::sync::LazyLock;

use crate::bits::{self, Bits};
use crate::symmetry::{flip_diagonal, mirror_files};

/// Evaluation units per disc of final margin.
pub(crate) const UNIT: i32 = 32;

/// Table sizes (3 to the number of squares) of the shapes, in the order of the weight file:
/// edge + 2 X-squares, corner 2x5, corner 3x3, rows 2, 3 and 4, diagonals of 8 to 4 squares.
pub(crate) const SHAPE_SIZES: [usize; 11] = [
    59049, 59049, 19683, 6561, 6561, 6561, 6561, 2187, 729, 243, 81,
];

/// Pattern instances per position.
pub(crate) const INSTANCES: usize = 46;

/// Scalar terms after the pattern tables: moves of the side to move, moves of the opponent,
/// and a constant.
pub(crate) const SCALARS: usize = 3;

/// Index of the first scalar weight.
pub(crate) const SCALAR_BASE: usize = {
    let mut sum = 0;
    let mut i = 0;
    while i < SHAPE_SIZES.len() {
        sum += SHAPE_SIZES[i];
        i += 1;
    }
    sum
};

/// Weights in all: the pattern tables, then the scalars.
pub(crate) const WEIGHTS: usize = SCALAR_BASE + SCALARS;

/// Where each shape's table starts.
const SHAPE_BASE: [u32; 11] = {
    let mut base = [0; 11];
    let mut i = 1;
    while i < 11 {
        base[i] = base[i - 1] + SHAPE_SIZES[i - 1] as u32;
        i += 1;
    }
    base
};

/// `TERNARY[x]`: the bits of `x` (up to 10) read as base-3 digits.
static TERNARY: [u32; 1024] = {
    let mut t = [0; 1024];
    let mut x = 0;
    while x < 1024 {
        let (mut v, mut pow, mut b) = (0, 1, x);
        while b != 0 {
            v += (b & 1) * pow;
            pow *= 3;
            b >>= 1;
        }
        t[x] = v as u32;
        x += 1;
    }
    t
};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const MAIN_DIAGONAL: u64 = 0x8040_2010_0804_0201;

/// The base-3 index of the squares `gather` picks (as the low bits of its result).
#[inline(always)]
fn index(p: u64, o: u64, gather: impl Fn(u64) -> u64) -> u32 {
    TERNARY[gather(p) as usize] + 2 * TERNARY[gather(o) as usize]
}

/// Row 1 with b2 and g2 as bits 8 and 9.
#[inline(always)]
fn edge_x(b: u64) -> u64 {
    (b & 0xff) | ((b >> 1) & 0x100) | ((b >> 5) & 0x200)
}

/// a1-e1 and a2-e2.
#[inline(always)]
fn corner_2x5(b: u64) -> u64 {
    (b & 0x1f) | ((b >> 3) & 0x3e0)
}

/// a1-c1, a2-c2, a3-c3.
#[inline(always)]
fn corner_3x3(b: u64) -> u64 {
    (b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1c0)
}

/// The diagonal from file `start` of row 1 towards h: stacked into the top byte by a multiply
/// (no two partial products meet), then shifted down to `8 - start` bits.
#[inline(always)]
fn diagonal(b: u64, start: u32) -> u64 {
    let mask = (MAIN_DIAGONAL << start) & (0xffu64 << start).wrapping_mul(FILE_A);
    (((b & mask).wrapping_mul(FILE_A)) >> 56) >> start
}

/// The weight index of every pattern instance of `(p, o)`.
#[inline(always)]
pub(crate) fn feature_indices(p: u64, o: u64) -> [u32; INSTANCES] {
    // The board under the symmetries that bring each instance to the shapes' home squares.
    let (dp, dop) = (flip_diagonal(p), flip_diagonal(o));
    let (hp, ho) = (mirror_files(p), mirror_files(o));
    let (dhp, dho) = (mirror_files(dp), mirror_files(dop));
    let boards: [(u64, u64); 8] = [
        (p, o),
        (p.swap_bytes(), o.swap_bytes()),
        (hp, ho),
        (hp.swap_bytes(), ho.swap_bytes()),
        (dp, dop),
        (dp.swap_bytes(), dop.swap_bytes()),
        (dhp, dho),
        (dhp.swap_bytes(), dho.swap_bytes()),
    ];
    let mut out = [0; INSTANCES];
    let mut k = 0;
    let mut put = |shape: usize, i: u32| {
        out[k] = SHAPE_BASE[shape] + i;
        k += 1;
    };
    // Edges and rows: the boards whose row 1 is rank 1, rank 8, file a and file h.
    for &(bp, bo) in &[boards[0], boards[1], boards[4], boards[5]] {
        put(0, index(bp, bo, edge_x));
        for row in 1..4 {
            put(2 + row, index(bp, bo, |b| (b >> (8 * row)) & 0xff));
        }
    }
    // Corner blocks: 2x5 in all eight orientations, 3x3 once per corner.
    for &(bp, bo) in &boards {
        put(1, index(bp, bo, corner_2x5));
    }
    for &(bp, bo) in &boards[..4] {
        put(2, index(bp, bo, corner_3x3));
        for len in 4..8 {
            put(14 - len as usize, index(bp, bo, |b| diagonal(b, 8 - len)));
        }
    }
    for &(bp, bo) in &[boards[0], boards[2]] {
        put(6, index(bp, bo, |b| diagonal(b, 0)));
    }
    out
}

/// `DELTAS[sq][k]`: what a disc of the side to move on `sq` adds to the index of instance `k`
/// (the power of 3 of the square's digit there; 0 where the instance does not read `sq`).
/// Read off [`feature_indices`] itself, so the two cannot disagree.
static DELTAS: LazyLock<[[u32; INSTANCES]; 64]> = LazyLock::new(|| {
    let empty = feature_indices(0, 0);
    std::array::from_fn(|sq| {
        let one = feature_indices(1 << sq, 0);
        std::array::from_fn(|k| one[k] - empty[k])
    })
});

/// The [`feature_indices`] of the child after the move on `sq` that flips `flips`, from
/// `swapped`, the parent's indices read from its opponent's side (`feature_indices(o, p)`;
/// the child's side to move is the parent's opponent): the move's square goes from empty to
/// the child's opponent (digit 0 to 2), each flipped disc from the child's side to move to
/// its opponent (digit 1 to 2). Only the instances reading those squares change, so a node
/// that evaluates its children reads all 46 instances once instead of once per child.
#[inline(always)]
pub(crate) fn child_features(swapped: &[u32; INSTANCES], sq: u8, flips: u64) -> [u32; INSTANCES] {
    let deltas = &*DELTAS;
    let mut out = *swapped;
    for (i, d) in out.iter_mut().zip(&deltas[sq as usize]) {
        *i += 2 * d;
    }
    for f in Bits(flips) {
        for (i, d) in out.iter_mut().zip(&deltas[f as usize]) {
            *i += d;
        }
    }
    out
}

/// The trained weights, [`WEIGHTS`] little-endian `i16`s.
static WEIGHT_BYTES: &[u8; WEIGHTS * 2] = include_bytes!("pattern_weights.bin");

#[inline(always)]
fn weight(i: usize) -> i32 {
    i32::from(i16::from_le_bytes([
        WEIGHT_BYTES[2 * i],
        WEIGHT_BYTES[2 * i + 1],
    ]))
}

/// The trained evaluation of `(p, o)` for the side to move, in [`UNIT`]s per disc, given the
/// legal moves of both sides.
#[inline(always)]
pub(crate) fn evaluate_with_moves(p: u64, o: u64, p_moves: u64, o_moves: u64) -> i32 {
    evaluate_features(p_moves, o_moves, &feature_indices(p, o))
}

/// [`evaluate_with_moves`] given the position's [`feature_indices`] (all the evaluation reads
/// of the discs).
#[inline(always)]
pub(crate) fn evaluate_features(p_moves: u64, o_moves: u64, features: &[u32; INSTANCES]) -> i32 {
    let mut sum = weight(SCALAR_BASE + 2)
        + weight(SCALAR_BASE) * p_moves.count_ones() as i32
        + weight(SCALAR_BASE + 1) * o_moves.count_ones() as i32;
    for &i in features {
        sum += weight(i as usize);
    }
    sum
}

/// [`evaluate_with_moves`], generating the moves.
#[inline(always)]
pub(crate) fn evaluate(p: u64, o: u64) -> i32 {
    evaluate_with_moves(p, o, bits::legal_moves(p, o), bits::legal_moves(o, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instances_fill_their_tables_and_cover_every_square() {
        for x in bits::test_bitboards(200) {
            let (p, o) = (x & 0x5555_5555_5555_5555, x & 0xaaaa_aaaa_aaaa_aaaa);
            let f = feature_indices(p, o);
            for (shape, &size) in SHAPE_SIZES.iter().enumerate() {
                let lo = SHAPE_BASE[shape];
                assert!(f.iter().any(|&i| i >= lo && i < lo + size as u32));
            }
            assert!(f.iter().all(|&i| (i as usize) < SCALAR_BASE));
        }
        // An empty board reads 0 in every instance; each single disc shows in some instance.
        let empty = feature_indices(0, 0);
        for sq in 0..64 {
            assert_ne!(feature_indices(1 << sq, 0), empty, "square {sq}");
        }
    }

    #[test]
    fn child_features_match_a_full_reading() {
        let mut boards = bits::test_bitboards(3000);
        while let (Some(x), Some(y)) = (boards.next(), boards.next()) {
            let (p, o) = (x & !y, y & !x);
            let swapped = feature_indices(o, p);
            for sq in Bits(bits::legal_moves(p, o)) {
                let flips = bits::flips(p, o, sq);
                let (np, no) = (o & !flips, p | flips | (1 << sq));
                assert_eq!(
                    child_features(&swapped, sq, flips),
                    feature_indices(np, no),
                    "{p:#x} {o:#x} {sq}"
                );
            }
        }
    }
}
