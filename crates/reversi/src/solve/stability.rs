//! A lower bound on discs that can never be flipped, for stability cut-offs.
//!
//! A disc is stable when, on each of its four lines, the line is full or a neighbour on that
//! line is a stable disc of the same colour or the board edge. Iterating this from nothing
//! finds corner-anchored stable regions and discs on full lines; it is a sound lower bound.

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;
const EDGE: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// The 15 a1-h8 diagonals and the 15 h1-a8 diagonals as masks.
static DIAGONALS: [[u64; 15]; 2] = build_diagonals();

const fn build_diagonals() -> [[u64; 15]; 2] {
    let mut d = [[0; 15]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        d[0][f + 7 - r] |= 1 << sq;
        d[1][f + r] |= 1 << sq;
        sq += 1;
    }
    d
}

/// Lines that are fully occupied, per direction: horizontal, vertical, a1-h8, h1-a8.
#[inline(always)]
fn full_lines(occ: u64) -> [u64; 4] {
    let mut h = occ;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let mut v = occ;
    v &= v >> 8;
    v &= v >> 16;
    v &= v >> 32;
    let mut diag = [0u64; 2];
    for (full, masks) in diag.iter_mut().zip(&DIAGONALS) {
        for &m in masks {
            if occ & m == m {
                *full |= m;
            }
        }
    }
    [(h & FILE_A) * 0xff, (v & RANK_1) * FILE_A, diag[0], diag[1]]
}

/// Discs of `own` that can never be flipped, given all occupied squares `occ`.
#[inline(always)]
pub(crate) fn stable_discs(own: u64, occ: u64) -> u64 {
    let [fh, fv, fd9, fd7] = full_lines(occ);
    let (fh, fv, fd9, fd7) = (
        fh | FILE_A | FILE_H,
        fv | RANK_1 | RANK_8,
        fd9 | EDGE,
        fd7 | EDGE,
    );
    let mut stable = 0u64;
    loop {
        let h = fh | ((stable << 1) & !FILE_A) | ((stable >> 1) & !FILE_H);
        let v = fv | (stable << 8) | (stable >> 8);
        let d9 = fd9 | ((stable << 9) & !FILE_A) | ((stable >> 9) & !FILE_H);
        let d7 = fd7 | ((stable << 7) & !FILE_H) | ((stable >> 7) & !FILE_A);
        let next = own & h & v & d9 & d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_corner_is_stable_and_neighbours_on_open_lines_are_not() {
        let own = 1 | 2 | (1 << 9);
        assert_eq!(stable_discs(own, own), 1 | 2);
    }

    #[test]
    fn full_board_is_all_stable() {
        assert_eq!(
            stable_discs(0x00ff_00ff_00ff_00ff, u64::MAX),
            0x00ff_00ff_00ff_00ff
        );
    }
}
