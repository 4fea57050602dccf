//! Move ordering for the exact search: the table's move first, then fewest opponent replies
//! (fastest-first), few empty squares next to the opponent's discs (potential mobility), and,
//! with many empties, the value of a shallow search on the trained pattern evaluation
//! ([`crate::pattern`]).
//!
//! The weights were tuned by node counts on FFO positions (MEASUREMENTS.md, constants): the
//! search value weighs little beside mobility, which still orders best near the end.

use arrayvec::ArrayVec;

use crate::bits::{self, Bits};
use crate::pattern::{INSTANCES, child_features, evaluate, evaluate_features, feature_indices};

use super::kernel::{Kernel, Portable, for_each_kernel};
use super::search::{DEEP_EMPTIES, ETC_EMPTIES, Search, child};
use super::table::Table;

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Weight of each opponent reply, and the extra weight of a reply on a corner.
const MOBILITY_W: i32 = 16;
const CORNER_REPLY_W: i32 = 16;
/// The same two weights at nodes with 12-14 empties, which order their children by the
/// evaluation itself: there the opponent's replies weigh twice as much, for fewer nodes
/// (MEASUREMENTS.md, constants).
const EVAL_MOBILITY_W: i32 = 32;
const EVAL_CORNER_REPLY_W: i32 = 32;
/// Weight of each empty square next to an opponent disc (the opponent's potential mobility).
const POTENTIAL_W: i32 = 8;
/// Weight of the shallow search value (in pattern-evaluation units, 32 per disc), in
/// sixteenths.
const EVAL_W: i32 = 2;
/// Bonus, without ordering searches (7-11 empties), for a move into a quadrant with an odd
/// number of empty squares: a small one saves nodes, a larger one none (MEASUREMENTS.md,
/// constants).
const PARITY_W: i32 = 8;
/// Weight of the potential mobility at nodes with `DEEP_EMPTIES` empties, which order
/// their moves without the opponent's replies: generating the replies there costs more time
/// than the better order saves (MEASUREMENTS.md, constants).
const BLIND_POTENTIAL_W: i32 = 16;
/// Bonus for taking a corner.
const CORNER_BONUS: i32 = 8;
/// From this many empties on, moves are also ordered by a shallow search, one ply deeper every
/// `SORT_STEP` empties more: the step and start that took the least time in all
/// (MEASUREMENTS.md, constants).
const SORT_EMPTIES: u32 = 12;
const SORT_STEP: u32 = 3;
/// Plies of the search that orders the root moves, below each root move: a wrong first root
/// move costs a whole exact solve, so a much deeper look pays there.
const ROOT_SORT_DEPTH: u32 = 7;
/// Plies of the search that decides in which order the root moves get their deeper ordering
/// search (the per-node depth at 34 empties would be 7 plies: the root's ordering twice over).
const ROOT_PRESORT_DEPTH: u32 = 3;
/// Root moves this far (in evaluation units) below the best are ordered by bounds only.
const ROOT_MARGIN: i32 = 4 * crate::pattern::UNIT;
/// From this ordering-search depth on, a node's keys go through the
/// [`OrderCache`](super::order_cache::OrderCache).
const CACHE_DEPTH: u32 = 2;
/// Beyond any evaluation: a full window for the ordering searches.
pub(crate) const INFINITY: i32 = 1 << 20;

/// A move's child position, the replies there, the move and its ordering key.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Child {
    /// The side to move in the child (our opponent).
    pub(crate) p: u64,
    pub(crate) o: u64,
    /// The legal moves of `p` in the child (0, not generated, when the child has fewer than
    /// `DEEP_EMPTIES` empties: its search does not use them).
    pub(crate) moves: u64,
    pub(crate) sq: u8,
    key: i32,
}

impl Child {
    /// The child after the move on `sq` (legal in `(p, o)`), without an ordering key.
    #[inline(always)]
    pub(crate) fn after(p: u64, o: u64, sq: u8) -> Child {
        let (np, no) = child(p, o, sq, bits::flips(p, o, sq));
        Child {
            p: np,
            o: no,
            moves: bits::legal_moves(np, no),
            sq,
            key: 0,
        }
    }
}

/// Children with their ordering keys; sorted lazily, one pick at a time (a cut-off usually
/// comes after the first few).
#[derive(Debug)]
pub(crate) struct MoveList {
    /// A move list never exceeds the 60 empty squares.
    items: ArrayVec<Child, 64>,
}

impl MoveList {
    /// An empty list (only the length is written).
    pub(crate) fn new() -> Self {
        Self {
            items: ArrayVec::new(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    pub(crate) fn children(&self) -> &[Child] {
        &self.items
    }

    /// Puts the move on `sq`, if listed, ahead of all others.
    pub(crate) fn promote(&mut self, sq: u8) {
        if let Some(c) = self.items.iter_mut().find(|c| c.sq == sq) {
            c.key = i32::MAX;
        }
    }

    /// Moves the best remaining child to position `i` and returns it.
    pub(crate) fn take_best(&mut self, i: usize) -> Child {
        let mut top = i;
        for j in i + 1..self.items.len() {
            if self.items[j].key > self.items[top].key {
                top = j;
            }
        }
        self.items.swap(i, top);
        self.items[i]
    }
}

/// How deep the ordering search looks below each child: deeper for positions with more
/// empties, where a better order saves the most.
fn sort_depth(empties: u32) -> Option<u32> {
    empties
        .checked_sub(SORT_EMPTIES)
        .map(|extra| (extra / SORT_STEP).min(MAX_SORT_DEPTH))
}

/// The deepest ordering search, reached at 33 empties (the most of the FFO positions
/// measured is 34). Deeper ones are full-window searches without a clock: at 60 empties
/// one would be 16 plies deep, and the first of them would outlast any time limit.
const MAX_SORT_DEPTH: u32 = 7;

/// The ordering functions (the shallow search recurses), written once and compiled once per
/// instruction set (see `kernel.rs`).
macro_rules! order_kernels {
    ($k:ty $(, #[$attr:meta])*) => {
        impl Search<'_, $k> {
            /// A shallow alpha-beta value on the midgame evaluation, for ordering only.
            $(#[$attr])*
            pub(crate) fn probe_value(
                p: u64,
                o: u64,
                depth: u32,
                mut alpha: i32,
                beta: i32,
            ) -> i32 {
                if depth == 0 {
                    return evaluate(p, o);
                }
                let moves = bits::legal_moves(p, o);
                if moves == 0 {
                    return if bits::legal_moves(o, p) == 0 {
                        evaluate(p, o)
                    } else {
                        -Self::probe_value(o, p, depth - 1, -beta, -alpha)
                    };
                }
                let mut best = -INFINITY;
                // One ply above the leaves, the children are evaluated here, their pattern
                // indices updated from this node's: one full reading for all of them.
                let swapped = (depth == 1).then(|| feature_indices(o, p));
                for sq in Bits(moves) {
                    let flips = bits::flips(p, o, sq);
                    let (np, no) = child(p, o, sq, flips);
                    let value = match &swapped {
                        Some(s) => {
                            let (np_moves, no_moves) =
                                (bits::legal_moves(np, no), bits::legal_moves(no, np));
                            let features = child_features(s, sq, flips);
                            evaluate_features(np_moves, no_moves, &features)
                        }
                        None => Self::probe_value(np, no, depth - 1, -beta, -alpha),
                    };
                    best = best.max(-value);
                    alpha = alpha.max(best);
                    if alpha >= beta {
                        break;
                    }
                }
                best
            }

            /// Orders the moves of an interior node into an empty list the caller owns
            /// (returning a list by value copies all 2 KiB of it, a cost that shows in every
            /// interior node), with a `sort_depth`-ply search on the evaluation when given.
            /// Returns the best of those searches' values for the side to move (a
            /// `sort_depth + 1`-ply value of the position), `-INFINITY` without them.
            $(#[$attr])*
            pub(crate) fn fill_moves(
                list: &mut MoveList,
                p: u64,
                o: u64,
                moves: u64,
                sort_depth: Option<u32>,
                prefetch: Option<&Table>,
            ) -> i32 {
                let mut best = -INFINITY;
                // Parity only where no ordering search sees the end of the game coming.
                let parity = if sort_depth.is_none() {
                    super::search::odd_quadrants(!(p | o))
                } else {
                    0
                };
                // Children of a node with `DEEP_EMPTIES` empties are searched without their
                // legal moves (see `Search::shallow`), so there the replies are not generated.
                let blind = sort_depth.is_none() && (!(p | o)).count_ones() <= DEEP_EMPTIES;
                // Children evaluated here get their pattern indices updated from this node's.
                let swapped = if sort_depth == Some(0) {
                    feature_indices(o, p)
                } else {
                    [0; INSTANCES]
                };
                let (mobility_w, corner_w) = if sort_depth == Some(0) {
                    (EVAL_MOBILITY_W, EVAL_CORNER_REPLY_W)
                } else {
                    (MOBILITY_W, CORNER_REPLY_W)
                };
                for sq in Bits(moves) {
                    let flips = bits::flips(p, o, sq);
                    let (np, no) = child(p, o, sq, flips);
                    if let Some(table) = prefetch {
                        table.prefetch(np, no);
                    }
                    let potential = bits::adjacent_empties(no, !(np | no)) as i32;
                    let (replies, mut key) = if blind {
                        (0, -BLIND_POTENTIAL_W * potential)
                    } else {
                        let replies = bits::legal_moves(np, no);
                        let key = -mobility_w * replies.count_ones() as i32
                            - corner_w * (replies & CORNERS).count_ones() as i32
                            - POTENTIAL_W * potential;
                        (replies, key)
                    };
                    let value = match sort_depth {
                        None => 0,
                        Some(0) => {
                            let back = bits::legal_moves(no, np);
                            let features = child_features(&swapped, sq, flips);
                            evaluate_features(replies, back, &features)
                        }
                        Some(d) => Self::probe_value(np, no, d, -INFINITY, INFINITY),
                    };
                    key -= EVAL_W * value / 16;
                    if sort_depth.is_some() {
                        best = best.max(-value);
                    }
                    if CORNERS >> sq & 1 != 0 {
                        key += CORNER_BONUS;
                    }
                    if parity >> sq & 1 != 0 {
                        key += PARITY_W;
                    }
                    list.items.push(Child {
                        p: np,
                        o: no,
                        moves: replies,
                        sq,
                        key,
                    });
                }
                best
            }

            /// [`Search::fill_moves`] with the node's ordering depth, through the cache of
            /// ordering keys when the ordering searches are deep enough to be worth it. The
            /// value returned is for the moves the keys were cached for (a superset of
            /// `moves` only when the caller ignores it).
            $(#[$attr])*
            pub(crate) fn fill_moves_cached(
                &mut self,
                list: &mut MoveList,
                p: u64,
                o: u64,
                moves: u64,
            ) -> i32 {
                let empties = (!(p | o)).count_ones();
                let sort_depth = sort_depth(empties);
                // The children's table slots, which the enhanced transposition cut-offs read.
                let prefetch =
                    (empties >= ETC_EMPTIES && self.table.prefetching).then_some(&*self.table);
                if sort_depth.is_none_or(|d| d < CACHE_DEPTH) {
                    return Self::fill_moves(list, p, o, moves, sort_depth, prefetch);
                }
                if let Some(e) = self.order_cache.get(p, o, moves) {
                    for (sq, &key) in Bits(e.listed).zip(&e.keys) {
                        if moves >> sq & 1 != 0 {
                            let mut c = Child::after(p, o, sq);
                            if let Some(table) = prefetch {
                                table.prefetch(c.p, c.o);
                            }
                            c.key = key;
                            list.items.push(c);
                        }
                    }
                    return e.value;
                }
                let value = Self::fill_moves(list, p, o, moves, sort_depth, prefetch);
                self.order_cache.put(p, o, moves, value, list.items.iter().map(|c| c.key));
                value
            }
        }
    };
}

for_each_kernel!(order_kernels);

/// Orders the root moves by a deeper shallow search (the other orderings once per solve: the
/// portable copy). Moves are probed best-first, each with a window that only tells apart the
/// moves within `ROOT_MARGIN` of the best so far: the rest are searched last anyway, and a
/// bound is cheaper to get than an exact value.
pub(crate) fn order_root<K: Kernel>(kernel: K, p: u64, o: u64, moves: u64) -> MoveList {
    let mut list = MoveList::new();
    Search::<'_, Portable>::fill_moves(&mut list, p, o, moves, Some(ROOT_PRESORT_DEPTH), None);
    let mut best = -INFINITY;
    for i in 0..list.len() {
        let c = list.take_best(i);
        let v = -kernel.probe(c.p, c.o, ROOT_SORT_DEPTH, -INFINITY, ROOT_MARGIN - best);
        best = best.max(v);
        list.items[i].key = v;
    }
    list
}
