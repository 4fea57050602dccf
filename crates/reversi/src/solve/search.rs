//! The recursive exact search: negamax alpha-beta (principal variation search), fail-soft.
//!
//! Positions with many empties use the transposition table, stability cut-offs and
//! fastest-first ordering (fewest opponent replies first); positions with few empties try the
//! squares in odd regions first (parity) and skip move generation; the last one or two empties
//! have their own code.

use std::time::Instant;

use arrayvec::ArrayVec;

use crate::bits::{self, Bits};
use crate::board::empties_to_winner;

use super::stability::stable_discs;
use super::tt::Table;

/// At this many empties and more: table, stability and mobility ordering.
const DEEP_EMPTIES: u32 = 7;
/// At this many empties and more: probe the table for every child before searching.
const ETC_EMPTIES: u32 = 8;
/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 4096;

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Squares next to a corner: poor first tries, so they are searched last.
const X_AND_C: u64 = 0x42c3_0000_0000_c342;

/// Square classes in the order shallow searches try them: corners, edges and centre, then the
/// squares next to corners.
const SHALLOW_ORDER: [u64; 2] = [!X_AND_C, X_AND_C];
/// The four 4x4 regions, for parity ordering.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

pub(crate) struct Search<'t> {
    pub(crate) table: &'t mut Table,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) stopped: bool,
}

/// The final score for the side to move with empties to the winner.
#[inline]
fn final_score(p: u64, o: u64) -> i32 {
    let diff = p.count_ones() as i32 - o.count_ones() as i32;
    empties_to_winner(diff, (!(p | o)).count_ones())
}

/// The opponent's stable discs cap our score: that cap when it is already at or below `alpha`.
#[inline]
fn stability_cap(p: u64, o: u64, alpha: i32) -> Option<i32> {
    // Cheap test first: even if every opponent disc were stable the cap could not cut.
    if 64 - 2 * o.count_ones() as i32 > alpha {
        return None;
    }
    let cap = 64 - 2 * stable_discs(o, p | o).count_ones() as i32;
    (cap <= alpha).then_some(cap)
}

/// A move's child position (the opponent to move).
#[inline(always)]
pub(crate) fn child(p: u64, o: u64, sq: u8, flipped: u64) -> (u64, u64) {
    (o & !flipped, p | flipped | (1 << sq))
}

impl Search<'_> {
    /// The exact score of `(p, o)` within the window, fail-soft.
    pub(crate) fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let empty = !(p | o);
        match empty.count_ones() {
            0 => final_score(p, o),
            1 => self.last1(p, o, empty.trailing_zeros() as u8),
            n @ 2..=4 => {
                let squares = parity_order(empty);
                self.few(p, o, alpha, beta, &squares[..n as usize], false)
            }
            n if n < DEEP_EMPTIES => self.shallow(p, o, alpha, beta, empty, false),
            _ => self.deep(p, o, alpha, beta),
        }
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CLOCK_INTERVAL)
            && let Some(deadline) = self.deadline
        {
            self.stopped |= Instant::now() >= deadline;
        }
        self.stopped
    }

    /// One empty square left: no window needed.
    fn last1(&mut self, p: u64, o: u64, sq: u8) -> i32 {
        self.nodes += 1;
        let diff = 2 * p.count_ones() as i32 - 63;
        let n = bits::count_flips(p, o, sq) as i32;
        if n > 0 {
            return diff + 1 + 2 * n;
        }
        let n = bits::count_flips(o, p, sq) as i32;
        if n > 0 {
            return diff - 1 - 2 * n;
        }
        // Nobody can take the last square: 63 discs, so never a draw.
        if diff > 0 { diff + 1 } else { diff - 1 }
    }

    /// Two to four empties, given in the order to try them; no table, no move generation.
    fn few(&mut self, p: u64, o: u64, alpha: i32, beta: i32, squares: &[u8], passed: bool) -> i32 {
        if let [sq] = squares {
            return self.last1(p, o, *sq);
        }
        self.nodes += 1;
        let (mut best, mut a) = (-65, alpha);
        for (i, &sq) in squares.iter().enumerate() {
            let flipped = bits::flips(p, o, sq);
            if flipped == 0 {
                continue;
            }
            let mut rest = [0u8; 3];
            let mut k = 0;
            for (j, &other) in squares.iter().enumerate() {
                if j != i {
                    rest[k] = other;
                    k += 1;
                }
            }
            let (np, no) = child(p, o, sq, flipped);
            let v = -self.few(np, no, -beta, -a, &rest[..k], false);
            if v > best {
                best = v;
                if v > a {
                    a = v;
                    if a >= beta {
                        return best;
                    }
                }
            }
        }
        if best > -65 {
            best
        } else if passed {
            -final_score(o, p)
        } else {
            -self.few(o, p, -beta, -alpha, squares, true)
        }
    }

    /// Few empties: try empty squares directly, odd regions first.
    fn shallow(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empty: u64, passed: bool) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(cap) = stability_cap(p, o, alpha) {
            return cap;
        }
        let odd = QUADRANTS
            .iter()
            .filter(|&&q| (empty & q).count_ones() % 2 == 1)
            .fold(0, |m, &q| m | q);
        let mut best = -65;
        let mut a = alpha;
        for region in [odd, !odd] {
            for class in SHALLOW_ORDER {
                for sq in Bits(empty & region & class) {
                    let flipped = bits::flips(p, o, sq);
                    if flipped == 0 {
                        continue;
                    }
                    let (np, no) = child(p, o, sq, flipped);
                    let v = -self.search(np, no, -beta, -a);
                    if self.stopped {
                        return 0;
                    }
                    if v > best {
                        best = v;
                        if v > a {
                            a = v;
                            if a >= beta {
                                return best;
                            }
                        }
                    }
                }
            }
        }
        if best > -65 {
            return best;
        }
        if passed {
            // Neither side could move: the game is over.
            return -final_score(o, p);
        }
        -self.shallow(o, p, -beta, -alpha, empty, true)
    }

    /// Many empties: table, stability cut-off, fastest-first ordering.
    fn deep(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let moves = bits::legal_moves(p, o);
        if moves == 0 {
            if bits::legal_moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.deep(o, p, -beta, -alpha);
        }
        if let Some(cap) = stability_cap(p, o, alpha) {
            return cap;
        }
        let mut hint = None;
        if let Some(e) = self.table.probe(p, o) {
            if e.lower >= beta || e.lower == e.upper {
                return e.lower;
            }
            if e.upper <= alpha {
                return e.upper;
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
            hint = e.best;
        }
        let (best, best_sq) = self.search_children(p, o, moves, alpha, beta, hint);
        if !self.stopped {
            let (lower, upper) = if best <= alpha {
                (-64, best)
            } else if best >= beta {
                (best, 64)
            } else {
                (best, best)
            };
            self.table.store(p, o, lower, upper, best_sq);
        }
        best
    }

    /// Principal variation search over ordered moves; returns the best score and square.
    pub(crate) fn search_children(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        alpha: i32,
        beta: i32,
        hint: Option<u8>,
    ) -> (i32, Option<u8>) {
        let mut list = order_moves(p, o, moves, hint);
        if (!(p | o)).count_ones() >= ETC_EMPTIES
            && let Some(cut) = self.transposition_cutoff(&list, beta)
        {
            return cut;
        }
        let (mut best, mut best_sq, mut a) = (-65, None, alpha);
        for i in 0..list.len() {
            let (np, no, sq) = list.take_best(i);
            let v = if i == 0 {
                -self.search(np, no, -beta, -a)
            } else {
                let v = -self.search(np, no, -a - 1, -a);
                if v > a && v < beta {
                    -self.search(np, no, -beta, -v)
                } else {
                    v
                }
            };
            if self.stopped {
                return (best, best_sq);
            }
            if v > best {
                (best, best_sq) = (v, Some(sq));
                if v > a {
                    a = v;
                    if a >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_sq)
    }
}

/// The (at most four) empty squares, those in regions with an odd number of empties first.
fn parity_order(empty: u64) -> [u8; 4] {
    let mut squares = [0u8; 4];
    let mut len = 0;
    for odd in [true, false] {
        for q in QUADRANTS {
            if ((empty & q).count_ones() % 2 == 1) == odd {
                for sq in Bits(empty & q) {
                    if len < 4 {
                        squares[len] = sq;
                        len += 1;
                    }
                }
            }
        }
    }
    squares
}

impl Search<'_> {
    /// Enhanced transposition cut-off: a child already known to refute the opponent cuts here
    /// without a search.
    fn transposition_cutoff(&self, list: &MoveList, beta: i32) -> Option<(i32, Option<u8>)> {
        list.items.iter().find_map(|&(np, no, sq, _)| {
            let e = self.table.probe(np, no)?;
            (-e.upper >= beta).then_some((-e.upper, Some(sq)))
        })
    }
}

/// Children with their ordering keys; sorted lazily, one pick at a time.
pub(crate) struct MoveList {
    /// A move list never exceeds the 60 empty squares.
    items: ArrayVec<(u64, u64, u8, i32), 64>,
}

impl MoveList {
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// Moves the best remaining child to position `i` and returns it.
    pub(crate) fn take_best(&mut self, i: usize) -> (u64, u64, u8) {
        let mut top = i;
        for j in i + 1..self.items.len() {
            if self.items[j].3 > self.items[top].3 {
                top = j;
            }
        }
        self.items.swap(i, top);
        let (np, no, sq, _) = self.items[i];
        (np, no, sq)
    }
}

const POT_W: i32 = 8;
const PARITY_W: i32 = 8;
const EVAL_W: i32 = 8;

/// How deep to look when ordering moves: deeper for positions with more empties, where a
/// better order saves the most.
fn sort_depth(empties: u32) -> u32 {
    match empties {
        0..SORT_EMPTIES => 0,
        n => 1 + (n - SORT_EMPTIES) / 6,
    }
}
const SORT_EMPTIES: u32 = 14;

/// A shallow alpha-beta value on the midgame evaluation, for ordering only.
fn probe_value(p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 {
        return crate::player::evaluate(p, o);
    }
    let moves = bits::legal_moves(p, o);
    if moves == 0 {
        return if bits::legal_moves(o, p) == 0 {
            crate::player::evaluate(p, o)
        } else {
            -probe_value(o, p, depth - 1, -beta, -alpha)
        };
    }
    let mut best = -30_000;
    for sq in Bits(moves) {
        let (np, no) = child(p, o, sq, bits::flips(p, o, sq));
        best = best.max(-probe_value(np, no, depth - 1, -beta, -alpha));
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Orders moves: the table's best first, then fewest opponent replies (corners count double),
/// taking corners before other squares of equal mobility.
pub(crate) fn order_moves(p: u64, o: u64, moves: u64, hint: Option<u8>) -> MoveList {
    let sort_depth = sort_depth((!(p | o)).count_ones());
    let empty = !(p | o);
    let odd = QUADRANTS
        .iter()
        .filter(|&&q| (empty & q).count_ones() % 2 == 1)
        .fold(0, |m, &q| m | q);
    let mut list = MoveList {
        items: ArrayVec::new(),
    };
    for sq in Bits(moves) {
        let flipped = bits::flips(p, o, sq);
        let (np, no) = child(p, o, sq, flipped);
        let replies = bits::legal_moves(np, no);
        let mut key = -16 * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
        key -= POT_W * bits::adjacent_empties(no, !(np | no)) as i32;
        if sort_depth > 0 {
            key -= EVAL_W * probe_value(np, no, sort_depth - 1, -30_000, 30_000) / 16;
        }
        if CORNERS >> sq & 1 != 0 {
            key += 8;
        }
        if odd >> sq & 1 != 0 {
            key += PARITY_W;
        }
        if hint == Some(sq) {
            key = i32::MAX;
        }
        list.items.push((np, no, sq, key));
    }
    list
}
