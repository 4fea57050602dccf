//! The classic midgame evaluation: square weights, mobility and potential mobility, corner
//! ownership.
//! Scores are for the side to move, in hundredths of a disc-ish unit; exact final scores are
//! scaled above every heuristic value.

use crate::bits;

/// Classic square weights (corners good, squares next to empty corners bad), a1..h8.
const WEIGHTS: [i32; 64] = {
    const RANK: [[i32; 8]; 4] = [
        [100, -25, 10, 5, 5, 10, -25, 100],
        [-25, -50, -2, -2, -2, -2, -50, -25],
        [10, -2, 1, 1, 1, 1, -2, 10],
        [5, -2, 1, 0, 0, 1, -2, 5],
    ];
    let mut w = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let r = sq / 8;
        let r = if r < 4 { r } else { 7 - r };
        w[sq] = RANK[r][sq % 8];
        sq += 1;
    }
    w
};

/// Squares diagonally next to each corner, with that corner: X-squares only hurt while the
/// corner is empty.
const X_SQUARES: [(u8, u8); 4] = [(9, 0), (14, 7), (49, 56), (54, 63)];

/// Weight of each move more than the opponent has. Mobility decides most endgames (a heavy
/// weight also ordered the exact solver's moves best while it used this evaluation).
const MOBILITY_W: i32 = 36;
/// Weight of each empty square next to an opponent disc more than next to ours.
const FRONTIER_W: i32 = 8;

/// The weight of every final score: one disc of margin outweighs any heuristic.
pub(crate) const FINAL_SCALE: i32 = 10_000;

/// The squares of each distinct weight, so a weighted sum is a few popcounts.
const WEIGHT_CLASSES: [(i32, u64); 8] = {
    const VALUES: [i32; 8] = [100, -25, 10, 5, -50, -2, 1, 0];
    let mut classes = [(0, 0u64); 8];
    let mut k = 0;
    while k < 8 {
        classes[k].0 = VALUES[k];
        let mut sq = 0;
        while sq < 64 {
            if WEIGHTS[sq] == VALUES[k] {
                classes[k].1 |= 1 << sq;
            }
            sq += 1;
        }
        k += 1;
    }
    classes
};

fn weight_sum(discs: u64, occupied: u64) -> i32 {
    let mut sum = 0;
    for (w, mask) in WEIGHT_CLASSES {
        sum += w * (discs & mask).count_ones() as i32;
    }
    // Once a corner is taken, its X-square is no longer a liability.
    for (x, corner) in X_SQUARES {
        if discs >> x & 1 != 0 && occupied >> corner & 1 != 0 {
            sum -= WEIGHTS[usize::from(x)];
        }
    }
    sum
}

/// The heuristic value of `(p, o)` for the side to move.
pub(crate) fn evaluate(p: u64, o: u64) -> i32 {
    let occupied = p | o;
    let empty = !occupied;
    let squares = weight_sum(p, occupied) - weight_sum(o, occupied);
    let mobility =
        bits::legal_moves(p, o).count_ones() as i32 - bits::legal_moves(o, p).count_ones() as i32;
    // Discs next to empty squares give the opponent moves later.
    let frontier =
        bits::adjacent_empties(o, empty) as i32 - bits::adjacent_empties(p, empty) as i32;
    squares + MOBILITY_W * mobility + FRONTIER_W * frontier
}

/// The value of a finished game for the side to move.
pub(crate) fn final_value(p: u64, o: u64) -> i32 {
    let diff = p.count_ones() as i32 - o.count_ones() as i32;
    crate::board::empties_to_winner(diff, (!(p | o)).count_ones()) * FINAL_SCALE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weight_classes_cover_each_square_once_with_its_weight() {
        let mut seen = 0u64;
        for (w, mask) in WEIGHT_CLASSES {
            assert_eq!(seen & mask, 0);
            seen |= mask;
            for (sq, &weight) in WEIGHTS.iter().enumerate() {
                if mask >> sq & 1 != 0 {
                    assert_eq!(weight, w);
                }
            }
        }
        assert_eq!(seen, u64::MAX);
    }
}
