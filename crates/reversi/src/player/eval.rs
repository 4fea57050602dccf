//! A midgame evaluation: square weights, mobility and potential mobility, corner ownership.
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

/// The weight of every final score: one disc of margin outweighs any heuristic.
pub(crate) const FINAL_SCALE: i32 = 10_000;

fn weight_sum(discs: u64, occupied: u64) -> i32 {
    let mut sum = 0;
    let mut m = discs;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        sum += WEIGHTS[sq];
        m &= m - 1;
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
    squares + 12 * mobility + 4 * frontier
}

/// The value of a finished game for the side to move.
pub(crate) fn final_value(p: u64, o: u64) -> i32 {
    let diff = p.count_ones() as i32 - o.count_ones() as i32;
    crate::board::empties_to_winner(diff, (!(p | o)).count_ones()) * FINAL_SCALE
}
