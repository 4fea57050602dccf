//! The recursive exact search: negamax alpha-beta (principal variation search), fail-soft.
//!
//! Positions with many empties use the transposition table, enhanced transposition cut-offs,
//! stability cut-offs and the move ordering of `order.rs`; positions with few empties try the
//! squares in odd regions first (parity) and skip move generation, and a square with no
//! opponent disc next to it is skipped without computing flips; the last four empties and the
//! last one have their own code.

use std::time::Instant;

use crate::bits::{self, Bits};
use crate::board::empties_to_winner;
use crate::pattern::UNIT;

use super::kernel::for_each_kernel;
use super::order::{Child, MoveList};
use super::order_cache::OrderCache;
use super::stability::stable_discs;
use super::table::{EXACT, Table};

/// At this many empties and more: table, stability and mobility ordering. Below it the nodes
/// are so many and so cheap that ordering by mobility costs more time than it saves
/// (MEASUREMENTS.md, constants).
pub(crate) const DEEP_EMPTIES: u32 = 7;
/// At this many empties and more: use the transposition table. Each probe is a cache miss;
/// below this the misses cost more time than the table saves (MEASUREMENTS.md, constants).
const TABLE_EMPTIES: u32 = 9;
/// At this many empties and more: probe the table for every child before searching (enhanced
/// transposition cut-offs), where the nodes are few enough for the probes to pay
/// (MEASUREMENTS.md, constants).
pub(crate) const ETC_EMPTIES: u32 = 10;
/// From this many empties on, the selective pre-pass cuts nodes whose ordering searches
/// (2 plies and more deep from here) put them far outside the window.
const PROBCUT_EMPTIES: u32 = 15;
/// The margin (in discs) of the selective pre-pass.
pub(crate) const PROBCUT_MARGIN: u8 = 6;
/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 4096;

/// A node with this many empties reads the clock itself: its move ordering alone (shallow
/// searches below each child) can take longer than [`CLOCK_INTERVAL`] nodes of the endgame,
/// and at 60 empties a minute before the count came round.
const CLOCK_EVERY_NODE_EMPTIES: u32 = 24;

/// Squares next to a corner: poor first tries, so they are searched last.
const X_AND_C: u64 = 0x42c3_0000_0000_c342;

/// Square classes in the order shallow searches try them: corners, edges and centre, then the
/// squares next to corners.
const SHALLOW_ORDER: [u64; 2] = [!X_AND_C, X_AND_C];
/// The four 4x4 regions, for parity ordering.
pub(crate) const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The up to eight squares around each square: a move there needs an opponent disc among them.
pub(crate) static NEIGHBOURS: [u64; 64] = {
    let mut n = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut d = 0;
        while d < 9 {
            let (nf, nr) = (f + d % 3 - 1, r + d / 3 - 1);
            if d != 4 && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                n[sq] |= 1 << (nr * 8 + nf);
            }
            d += 1;
        }
        sq += 1;
    }
    n
};

/// The discs a move on `sq` flips, skipping the flip computation where no opponent disc is
/// adjacent (most squares late in the game).
#[inline(always)]
fn flips_near(p: u64, o: u64, sq: u8) -> u64 {
    if NEIGHBOURS[usize::from(sq)] & o == 0 {
        0
    } else {
        bits::flips(p, o, sq)
    }
}

/// The state of one solve; `K` selects the compiled copy of the search (see `kernel.rs`).
pub(crate) struct Search<'t, K> {
    pub(crate) table: &'t mut Table,
    pub(crate) order_cache: &'t mut OrderCache,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    /// Asked about every [`INTERRUPT_INTERVAL`](super::INTERRUPT_INTERVAL) whether to stop.
    pub(crate) interrupt: Option<&'t (dyn Fn() -> bool + Send + Sync)>,
    pub(crate) next_interrupt: Instant,
    pub(crate) stopped: bool,
    /// How far this pass's results can be trusted: [`EXACT`], or in the selective pre-pass
    /// the margin in discs beyond which a node's ordering searches cut it without a search
    /// (the table marks the pre-pass's entries with it).
    pub(crate) level: u8,
    /// Results of the pre-pass that rest on a guess so far (cuts, and bounds read from the
    /// pre-pass's own table entries): a subtree during which this did not grow was searched
    /// exactly, and its table entry says so.
    pub(crate) guesses: u64,
    /// Proof that the CPU runs this copy (a zero-sized token).
    pub(crate) kernel: K,
}

/// The final score for the side to move with empties to the winner.
#[inline(always)]
pub(crate) fn final_score(p: u64, o: u64) -> i32 {
    let diff = p.count_ones() as i32 - o.count_ones() as i32;
    empties_to_winner(diff, (!(p | o)).count_ones())
}

/// The opponent's stable discs cap our score: that cap when it is already at or below `alpha`.
#[inline(always)]
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

/// The recursive search, written once and compiled once per instruction set (see
/// `kernel.rs`): `$k` is the marker type of the copy, `$attr` its `target_feature` attribute.
macro_rules! search_kernels {
    ($k:ty $(, #[$attr:meta])*) => {
        impl Search<'_, $k> {
            /// The exact score of `(p, o)` within the window, fail-soft.
            $(#[$attr])*
            pub(crate) fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
                let empty = !(p | o);
                match empty.count_ones() {
                    0 => final_score(p, o),
                    1 => self.last1(p, o, empty.trailing_zeros() as u8, alpha),
                    2 => {
                        let [a, b, ..] = parity_order(empty);
                        self.last2(p, o, alpha, beta, [a, b], false)
                    }
                    3 => {
                        let [a, b, c, _] = parity_order(empty);
                        self.last3(p, o, alpha, beta, [a, b, c], false)
                    }
                    4 => self.last4(p, o, alpha, beta, parity_order(empty), false),
                    n if n < DEEP_EMPTIES => self.shallow(p, o, alpha, beta, empty, false),
                    _ => self.deep(p, o, bits::legal_moves(p, o), alpha, beta),
                }
            }

            /// [`Search::search`] of a child whose legal moves the move ordering already computed.
            $(#[$attr])*
            #[inline]
            fn search_child(&mut self, c: &Child, alpha: i32, beta: i32) -> i32 {
                if (!(c.p | c.o)).count_ones() >= DEEP_EMPTIES {
                    self.deep(c.p, c.o, c.moves, alpha, beta)
                } else {
                    self.search(c.p, c.o, alpha, beta)
                }
            }

            /// Few empties: try empty squares directly, odd regions first.
            $(#[$attr])*
            fn shallow(
                &mut self,
                p: u64,
                o: u64,
                alpha: i32,
                beta: i32,
                empty: u64,
                passed: bool,
            ) -> i32 {
                if self.tick() {
                    return 0;
                }
                if let Some(cap) = stability_cap(p, o, alpha) {
                    return cap;
                }
                let odd = odd_quadrants(empty);
                // Children with four empties go straight to their own code, without the dispatch.
                let last = empty.count_ones() == 5;
                let mut best = -65;
                let mut a = alpha;
                for region in [odd, !odd] {
                    for class in SHALLOW_ORDER {
                        for sq in Bits(empty & region & class) {
                            let flipped = flips_near(p, o, sq);
                            if flipped == 0 {
                                continue;
                            }
                            let (np, no) = child(p, o, sq, flipped);
                            let rest = empty & !(1 << sq);
                            let v = if last {
                                -self.last4(np, no, -beta, -a, parity_order(rest), false)
                            } else {
                                -self.shallow(np, no, -beta, -a, rest, false)
                            };
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
            $(#[$attr])*
            fn deep(&mut self, p: u64, o: u64, moves: u64, mut alpha: i32, mut beta: i32) -> i32 {
                if self.clocked() && (!(p | o)).count_ones() >= CLOCK_EVERY_NODE_EMPTIES {
                    self.stopped |= self.clock_says_stop();
                }
                if self.tick() {
                    return 0;
                }
                if moves == 0 {
                    let replies = bits::legal_moves(o, p);
                    if replies == 0 {
                        return final_score(p, o);
                    }
                    return -self.deep(o, p, replies, -beta, -alpha);
                }
                if let Some(cap) = stability_cap(p, o, alpha) {
                    return cap;
                }
                let mut hint = None;
                let use_table = (!(p | o)).count_ones() >= TABLE_EMPTIES;
                let known = if use_table {
                    self.table.probe(p, o)
                } else {
                    None
                };
                let guesses = self.guesses;
                if let Some(e) = known.filter(|e| e.level >= self.level) {
                    self.guesses += u64::from(e.level != EXACT);
                    if e.lower >= beta || e.lower == e.upper {
                        return e.lower;
                    }
                    if e.upper <= alpha {
                        return e.upper;
                    }
                    alpha = alpha.max(e.lower);
                    beta = beta.min(e.upper);
                    hint = e.best;
                } else if let Some(e) = known {
                    // A guess from the selective pre-pass: its move, not its bounds.
                    hint = e.best;
                }
                let (best, best_sq) = self.search_children(p, o, moves, alpha, beta, hint);
                if !self.stopped && use_table {
                    let (lower, upper) = if best <= alpha {
                        (-64, best)
                    } else if best >= beta {
                        (best, 64)
                    } else {
                        (best, best)
                    };
                    let level = if self.guesses == guesses {
                        EXACT
                    } else {
                        self.level
                    };
                    self.table.store(p, o, (lower, upper), best_sq, level);
                }
                best
            }

            /// Principal variation search over ordered moves; returns the best score and square.
            $(#[$attr])*
            pub(crate) fn search_children(
                &mut self,
                p: u64,
                o: u64,
                moves: u64,
                alpha: i32,
                beta: i32,
                hint: Option<u8>,
            ) -> (i32, Option<u8>) {
                let (mut best, mut best_sq, mut a) = (-65, None, alpha);
                let mut rest = moves;
                let empties = (!(p | o)).count_ones();
                let cut_test = self.level != EXACT && empties >= PROBCUT_EMPTIES;
                // The table's move first, before ordering the others: it often cuts off, and
                // then the ordering searches of the other moves are not needed. (Not in the
                // selective pre-pass, which needs the ordering searches' values first.)
                if let Some(sq) = hint.filter(|&sq| !cut_test && moves >> sq & 1 != 0) {
                    let v = -self.search_child(&Child::after(p, o, sq), -beta, -a);
                    if self.stopped {
                        return (best, best_sq);
                    }
                    (best, best_sq) = (v, Some(sq));
                    a = a.max(v);
                    rest &= !(1 << sq);
                    if a >= beta || rest == 0 {
                        return (best, best_sq);
                    }
                }
                let mut list = MoveList::new();
                let value = self.fill_moves_cached(&mut list, p, o, rest);
                if cut_test {
                    let margin = i32::from(self.level) * UNIT;
                    if value >= beta * UNIT + margin {
                        self.guesses += 1;
                        return (beta, None);
                    }
                    if value <= alpha * UNIT - margin {
                        self.guesses += 1;
                        return (alpha, None);
                    }
                    if let Some(sq) = hint {
                        list.promote(sq);
                    }
                }
                if empties >= ETC_EMPTIES
                    && let Some(cut) = self.transposition_cutoff(&list, beta)
                {
                    return cut;
                }
                for i in 0..list.len() {
                    let c = list.take_best(i);
                    let sq = c.sq;
                    let v = if i == 0 && best_sq.is_none() {
                        -self.search_child(&c, -beta, -a)
                    } else {
                        let v = -self.search_child(&c, -a - 1, -a);
                        if v > a && v < beta {
                            -self.search_child(&c, -beta, -v)
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
    };
}

for_each_kernel!(search_kernels);

impl<K> Search<'_, K> {
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CLOCK_INTERVAL) && self.clocked() {
            self.stopped |= self.clock_says_stop();
        }
        self.stopped
    }

    /// Whether the solve has a time limit or an interrupt check, which read the clock.
    #[inline(always)]
    fn clocked(&self) -> bool {
        self.deadline.is_some() || self.interrupt.is_some()
    }

    /// Whether the time limit has passed or the interrupt check, when its interval is up,
    /// answers `true`.
    #[cold]
    #[inline(never)]
    fn clock_says_stop(&mut self) -> bool {
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            return true;
        }
        match self.interrupt {
            Some(interrupt) if now >= self.next_interrupt => {
                self.next_interrupt = now + super::INTERRUPT_INTERVAL;
                interrupt()
            }
            _ => false,
        }
    }
}

/// The union of the quadrants holding an odd number of empty squares. The empties are folded
/// (xor) within each 4x4 quadrant onto its lowest square, without a population count (there is
/// no POPCNT instruction in the portable build), and each parity bit is spread over its quadrant.
#[inline(always)]
pub(crate) fn odd_quadrants(empty: u64) -> u64 {
    let mut x = empty ^ (empty >> 1);
    x ^= x >> 2;
    x ^= x >> 8;
    x ^= x >> 16;
    (x & 0x0000_0011_0000_0011) * 0x0f0f_0f0f
}

/// The (at most four) empty squares, those in regions with an odd number of empties first.
#[inline(always)]
fn parity_order(empty: u64) -> [u8; 4] {
    let mut squares = [0u8; 4];
    let mut len = 0;
    let odd = odd_quadrants(empty);
    for region in [odd, !odd] {
        for q in QUADRANTS {
            for sq in Bits(empty & region & q) {
                squares[len & 3] = sq;
                len += 1;
            }
        }
    }
    squares
}

impl<K> Search<'_, K> {
    /// Enhanced transposition cut-off: a child already known to refute the opponent cuts here
    /// without a search.
    #[inline(always)]
    fn transposition_cutoff(&mut self, list: &MoveList, beta: i32) -> Option<(i32, Option<u8>)> {
        let (cut, level) = list.children().iter().find_map(|c| {
            let e = self.table.probe(c.p, c.o)?;
            (-e.upper >= beta && e.level >= self.level).then_some(((-e.upper, Some(c.sq)), e.level))
        })?;
        self.guesses += u64::from(level != EXACT);
        Some(cut)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_quadrants_match_counts() {
        for x in crate::bits::test_bitboards(1000) {
            let expected = QUADRANTS
                .iter()
                .filter(|&&q| (x & q).count_ones() % 2 == 1)
                .fold(0, |m, &q| m | q);
            assert_eq!(odd_quadrants(x), expected);
        }
    }
}
