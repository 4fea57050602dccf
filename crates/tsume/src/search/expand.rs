//! Expanding a node: its moves, their children's first values (table, repetition, or a
//! small fixed-depth search at the new leaf), and delayed interpositions.

use std::ops::ControlFlow;

use shogi::{Hand, Move, MoveList, Position};

use super::mate_in_one::LeafMate;
use super::value::{NO_REPETITION, Value, before_move, can_interpose, distance, drop_relevant};
use super::{Node, Searcher, child_path_key};
use crate::pn::{LEN_INF, Len, len_dec, len_inc};

/// No sibling to wait for.
pub(crate) const ACTIVE: u16 = u16::MAX;

/// One move of an expanded node and what is known of the position after it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Child {
    pub(crate) mv: Move,
    pub(crate) node: Node,
    pub(crate) v: Value,
    /// Delayed interposition: the index of the sibling drop on the same square that must
    /// be proven (refuted as a defence) before this one is searched.
    pub(crate) after: u16,
    /// `v` is a placeholder: the child has not been looked up or evaluated yet.
    pub(crate) pending: bool,
}

impl Searcher<'_, '_> {
    /// The moves of a node (checks, or defences: every legal move but the drops in the
    /// game without them), after the ones already in `moves`.
    pub(crate) fn moves_into(&self, pos: &Position, attacker_to_move: bool, moves: &mut MoveList) {
        if attacker_to_move {
            pos.check_moves_into(moves);
        } else {
            pos.legal_moves_into(moves);
            if self.no_drops {
                moves.retain(|m| !m.is_drop());
            }
        }
    }

    /// The children of `n`, each with a first value.
    ///
    /// Three passes, playing and undoing moves on `pos` (which comes back as it was): every
    /// child's node and key; then a load from each child's table cluster, so that the cache
    /// misses of the children overlap; then the lookups, and a leaf evaluation where the
    /// table has nothing.
    pub(crate) fn expand(&mut self, pos: &mut Position, n: &Node) -> Vec<Child> {
        let mut moves = MoveList::new();
        self.moves_into(pos, n.attacker_to_move, &mut moves);
        let mut kids: Vec<Child> = moves
            .iter()
            .map(|&mv| Child {
                mv,
                node: *n,
                v: Value::unknown(1, 1),
                after: ACTIVE,
                pending: false,
            })
            .collect();
        if !n.attacker_to_move {
            delay_interpositions(pos, &mut kids, n.horizon != LEN_INF);
        }
        let work = pos;
        let mut touched = 0u64;
        // A delayed interposition is looked at only once it becomes a defence; its node is
        // made then (most never are), the parent's stands in until then.
        for k in kids.iter_mut().filter(|k| !k.pending) {
            k.node = self.child_node(work, n, k.mv);
        }
        // All the clusters' loads in one short loop, so that they are in flight together
        // (between the moves' own work, each load stalled the core on its own).
        for k in kids.iter().filter(|k| !k.pending) {
            touched ^= self.table.touch(k.node.board_key);
        }
        std::hint::black_box(touched);
        // With a horizon, new leaves are evaluated only until a child settles the node at
        // this horizon (a check proven within it, a defence disproven for it): the node is
        // then stored solved, so the leaves after it would be evaluated for nothing. (The
        // unbounded proof keeps evaluating them: its node counts swing both ways with any
        // change to its first numbers.)
        let bounded = n.horizon != LEN_INF;
        let mut decided = false;
        for k in kids.iter_mut().filter(|k| !k.pending) {
            if decided {
                break;
            }
            k.v = match self.lookup(&k.node) {
                Some(v) => v,
                None => {
                    let undo = work.play_unchecked(k.mv);
                    let v = self.evaluate_leaf(work, &k.node);
                    work.undo_unchecked(k.mv, undo);
                    v
                }
            };
            decided = bounded && self.settles(n.attacker_to_move, &k.v, k.node.horizon);
        }
        kids
    }

    /// Whether a child's value (the child searched with `horizon` plies left) settles its
    /// parent, whatever the other children hold: for an attacker node a mate in one (no
    /// proof is shorter), for a defender node an escape from every horizon, or in the
    /// searches from below (`Searcher::stop_at_escape`) any defence disproven for the
    /// horizon without a repetition. There the wider rule took 1.86 M nodes instead of
    /// 2.25 M on the 427 generated problems at the exact level; in every bounded search it
    /// took 4.58 M → 3.99 M before those searches existed, but 寿's exact level 36.0 M
    /// instead of 32.5 M nodes (even when only defender nodes with 2 plies left used it): a
    /// defence disproven for a few plies is stored as such, where the escape from every
    /// horizon that the node may have would answer the later searches too. Stopping at
    /// any proven check as well saved almost nothing more (3.99 M) and stores a longer mate
    /// than the node has, which left 将棋図巧第98番's 1c1b+ 余詰 after 7b8b undecided
    /// within its budget.
    fn settles(&self, attacker_to_move: bool, v: &Value, horizon: Len) -> bool {
        if attacker_to_move {
            v.is_proven() && v.len == 0
        } else {
            let for_good = v.len == LEN_INF || (self.stop_at_escape && v.len >= horizon);
            v.is_disproven() && v.repetition_depth == NO_REPETITION && for_good
        }
    }

    /// The node after `m` from `n` (at `pos`, which comes back as it was).
    pub(crate) fn child_node(&self, pos: &mut Position, n: &Node, m: Move) -> Node {
        let undo = pos.play_unchecked(m);
        let node = self.node(
            pos,
            n.depth + 1,
            len_dec(n.horizon),
            child_path_key(n.path_key, &m, n.depth),
        );
        pos.undo_unchecked(m, undo);
        node
    }

    /// The table's value of a child, or a leaf evaluation if it has none.
    pub(crate) fn first_value(&mut self, pos: &mut Position, node: &Node) -> Value {
        match self.lookup(node) {
            Some(v) => v,
            None => self.evaluate_leaf(pos, node),
        }
    }

    /// First value of a position never searched: mate/escape found by looking one or two
    /// plies ahead, otherwise df-pn+ style initial numbers.
    fn evaluate_leaf(&mut self, pos: &mut Position, n: &Node) -> Value {
        self.tick();
        if n.attacker_to_move {
            self.evaluate_or_leaf(pos, n)
        } else {
            self.evaluate_and_leaf(pos, n)
        }
    }

    /// The defender to move (in check): mate if no legal move; otherwise the number of
    /// defences, counting all drops on one square as one (they are delayed).
    fn evaluate_and_leaf(&mut self, pos: &Position, n: &Node) -> Value {
        if n.horizon == 0 && self.defender_can_move(pos) {
            return self.horizon_escape(pos);
        }
        // Bounded searches count defences only up to a few (see `BOUNDED_DEFENCES_CAP`).
        let cap = if n.horizon == LEN_INF {
            u32::MAX
        } else {
            BOUNDED_DEFENCES_CAP
        };
        let count = defence_count(pos, cap, self.no_drops);
        if count == 0 {
            let v = Value::proven(0, Hand::EMPTY, mate_def_bound(pos, n.defender_hand));
            self.table
                .store_proven(n.board_key, v.attacker_bound, v.defender_bound, 0, 1);
            return v;
        }
        let v = Value::unknown(count, 1);
        self.store_numbers(n, &v, 1);
        v
    }

    /// The attacker to move: no check = no mate; a check that leaves no defence = mate in 1.
    fn evaluate_or_leaf(&mut self, pos: &mut Position, n: &Node) -> Value {
        if n.horizon == 0 {
            return Value::disproven(0, Hand::UNLIMITED, Hand::EMPTY, NO_REPETITION);
        }
        if n.horizon <= 2 {
            // Only a mate in one counts (an attacker mate takes an odd number of plies).
            return match self.mate_in_one_at_leaf(pos) {
                LeafMate::NoCheck => self.no_check(pos, n),
                LeafMate::Mate(v) => {
                    self.table
                        .store_proven(n.board_key, v.attacker_bound, v.defender_bound, 1, 1);
                    v
                }
                LeafMate::Escape(def) => {
                    let atk = Hand::UNLIMITED.only_kinds_in(drop_relevant(pos, n.attacker_hand));
                    self.table.store_disproven(n.board_key, atk, def, 2, 1);
                    Value::disproven(2, atk, def, NO_REPETITION)
                }
            };
        }
        let mut checks = MoveList::new();
        pos.check_moves_into(&mut checks);
        if checks.is_empty() {
            return self.no_check(pos, n);
        }
        if n.horizon != LEN_INF && n.horizon >= 3 && !self.mate3 {
            // With a horizon, most new attacker leaves are never expanded (on the 39-ply
            // problem from ply 8, 80 % of the last search's expansions are of nodes still
            // unsolved at its end): the mate in one, tried check by check, is left to the
            // expansion, where each check's child is looked at anyway. 16 % less CPU there
            // for 6 % more nodes.
            let v = Value::unknown(1, checks.len() as u32);
            self.store_numbers(n, &v, 1);
            return v;
        }
        // df-pn+ first numbers: the proof number is the fewest defences a check leaves
        // (a king with few replies is near mate), the disproof number the number of checks.
        // Only for the unbounded proof: with a horizon, the fewest-defences number made
        // the bounded searches of the shortest-length phase slower. Capped: beyond a few
        // defences the count says little, and large numbers kept good checks unexplored.
        let cap = if n.horizon == LEN_INF {
            FEWEST_DEFENCES_CAP
        } else {
            1
        };
        let (found, pn) = self.mate_in_one_or_least(pos, &checks, cap);
        let found = match found {
            None if n.horizon >= 3 && self.mate3 => {
                self.mate_in_three(pos, &checks, n.defender_hand)
            }
            v => v,
        };
        if let Some(v) = found {
            self.table
                .store_proven(n.board_key, v.attacker_bound, v.defender_bound, v.len, 1);
            return v;
        }
        let v = Value::unknown(pn, checks.len() as u32);
        self.store_numbers(n, &v, 1);
        v
    }

    /// An attacker leaf without a check: no mate at all, stored as such.
    fn no_check(&mut self, pos: &Position, n: &Node) -> Value {
        let v = Value::disproven(
            LEN_INF,
            Hand::UNLIMITED.only_kinds_in(drop_relevant(pos, n.attacker_hand)),
            Hand::EMPTY,
            NO_REPETITION,
        );
        self.table
            .store_disproven(n.board_key, v.attacker_bound, v.defender_bound, LEN_INF, 1);
        v
    }

    /// Mate in one as [`Searcher::mate_in_one_or_escape`] finds it, or else the fewest defences any check
    /// leaves (drops on one square counted once), between 1 and `cap`. Counting stops at
    /// the fewest so far, so a `cap` of 1 costs no more than looking for a mate.
    fn mate_in_one_or_least(
        &self,
        pos: &mut Position,
        checks: &[Move],
        cap: u32,
    ) -> (Option<Value>, u32) {
        let defender_hand = *pos.hand(!self.attacker);
        let mut least = cap;
        for m in checks {
            let undo = pos.play_unchecked(*m);
            let count = defence_count(pos, least, self.no_drops);
            if count == 0 {
                let bound = mate_def_bound(pos, defender_hand);
                pos.undo_unchecked(*m, undo);
                let attacker_bound = before_move(Hand::EMPTY, m);
                return (Some(Value::proven(1, attacker_bound, bound)), 0);
            }
            pos.undo_unchecked(*m, undo);
            least = least.min(count);
        }
        (None, least.max(1))
    }
}

impl Searcher<'_, '_> {
    /// A defender node with two plies left, in a question asked from below
    /// ([`Searcher::asking_from_below`]): its defences are looked at one by one as the
    /// expansion would look at them (the table, else the leaf evaluation, a mate-in-one
    /// test), and the first that escapes without a repetition disproves the node, which is
    /// then never expanded. Such nodes are most of the full answer's expansions (1.75 M of
    /// its 2.17 M defender expansions on the 427 generated problems), and 81 % of them are
    /// settled by their first defence or two; the expansion made every defence's position
    /// and key first. `None` when no defence escapes so: the expansion decides.
    ///
    /// The defences are generated piece by piece in the order of the legal move list and
    /// the generation stops at the escape: the interpositions (drops, generated last) of a
    /// big defender hand are seldom reached.
    pub(crate) fn escape_from_mate_in_one(
        &mut self,
        pos: &mut Position,
        n: &Node,
    ) -> Option<Value> {
        debug_assert!(!n.attacker_to_move && n.horizon == 2);
        // A copy generates the moves while `pos` plays them.
        let before = pos.clone();
        let mut escape = None;
        let _ = before.for_each_legal(|group| {
            if !(self.no_drops && group.from.is_none()) {
                group.for_each(|reply| {
                    if escape.is_none() {
                        escape = self.escape_by(pos, n, reply);
                    }
                });
            }
            match escape {
                Some(_) => ControlFlow::Break(()),
                None => ControlFlow::Continue(()),
            }
        });
        escape
    }

    /// The disproof of `n` (at `pos`, which comes back as it was) that the defence `reply`
    /// shows by its first value, when that escapes without a repetition.
    fn escape_by(&mut self, pos: &mut Position, n: &Node, reply: Move) -> Option<Value> {
        let child = self.child_node(pos, n, reply);
        let undo = pos.play_unchecked(reply);
        let v = self.first_value(pos, &child);
        pos.undo_unchecked(reply, undo);
        // As `and_disproven` carries a defence's disproof to its parent.
        (v.is_disproven() && v.repetition_depth == NO_REPETITION).then(|| {
            Value::disproven(
                len_inc(v.len),
                v.attacker_bound,
                before_move(v.defender_bound, &reply),
                NO_REPETITION,
            )
        })
    }

    /// A check after which every defence (at most [`MATE3_MAX_DEFENCES`] of them) allows a
    /// mate in one: a fixed-depth search at new leaves (Kaneko et al. 2010), with the proof
    /// bound built as the search's own nodes would build it.
    fn mate_in_three(
        &mut self,
        pos: &Position,
        checks: &[Move],
        defender_hand: Hand,
    ) -> Option<Value> {
        'checks: for check in checks {
            let mut after_check = pos.clone();
            after_check.play_unchecked(*check);
            let mut defences = after_check.legal_moves();
            if self.no_drops {
                defences.retain(|m| !m.is_drop());
            }
            if defences.len() > MATE3_MAX_DEFENCES {
                continue;
            }
            let (mut attacker_bound, mut defender_bound) = (Hand::EMPTY, Hand::UNLIMITED);
            for defence in &defences {
                self.tick();
                let mut after_defence = after_check.clone();
                after_defence.play_unchecked(*defence);
                let replies = after_defence.check_moves();
                let Some(v) = self
                    .mate_in_one_or_escape(&mut after_defence, &replies)
                    .ok()
                else {
                    continue 'checks;
                };
                attacker_bound = attacker_bound.union(v.attacker_bound);
                defender_bound =
                    defender_bound.intersection(before_move(v.defender_bound, defence));
            }
            if can_interpose(&after_check) {
                defender_bound = defender_bound.only_kinds_in(defender_hand);
            }
            return Some(Value::proven(
                3,
                before_move(attacker_bound, check),
                defender_bound,
            ));
        }
        None
    }
}

/// Delays interpositions (drops, all of them interpositions in a defender's reply to a
/// check) so that they are searched one at a time, each only once the one before it is
/// refuted (proven) as a defence: most fail the same way, and a delayed one costs neither
/// a position nor a table probe until then.
///
/// Drops on one square wait for each other, weakest piece first (the generator yields
/// pawn .. rook). With a horizon, the drops on squares not next to the king also wait for
/// each other across squares, nearest the king first, so that such a defender node
/// weighs them as one defence: the 39-ply chain-interposition problem took 119.4 M
/// nodes instead of 174.0 M (from its ninth ply 10.7 M instead of 14.3 M), 将棋図巧第98番
/// 4.41 M instead of 4.98 M, 寿, 将棋無双第1番 and the 29-ply problem within 1 %;
/// farthest first 19.1 M from the ninth ply, every drop in one chain (the squares next to
/// the king too) 13.5 M, squares from two away 11.4 M. The unbounded proof keeps the
/// chains per square (see the crate README).
fn delay_interpositions(pos: &Position, kids: &mut [Child], bounded: bool) {
    let king = pos.king_square(pos.turn());
    let mut last_on_square = [ACTIVE; 81];
    // The drops at each distance from the king (2..=8) in list order, as first and last;
    // one pass, then the distances are joined nearest first.
    let mut first_at = [ACTIVE; 9];
    let mut last_at = [ACTIVE; 9];
    for (i, k) in kids.iter_mut().enumerate() {
        if !k.mv.is_drop() {
            continue;
        }
        let to = k.mv.to();
        let d = match king {
            Some(king) if bounded => distance(to, king) as usize,
            _ => 0,
        };
        let last = if d >= 2 {
            &mut last_at[d]
        } else {
            &mut last_on_square[to.index()]
        };
        k.after = *last;
        *last = i as u16;
        if d >= 2 && first_at[d] == ACTIVE {
            first_at[d] = i as u16;
        }
    }
    let mut head = ACTIVE;
    let mut prev = ACTIVE;
    for d in 2..=8 {
        if first_at[d] != ACTIVE {
            kids[usize::from(first_at[d])].after = prev;
            prev = last_at[d];
            if head == ACTIVE {
                head = first_at[d];
            }
        }
    }
    if head != ACTIVE {
        wait_behind_other_defence(pos, kids, usize::from(head));
    }
    for k in kids.iter_mut() {
        k.pending = k.after != ACTIVE;
    }
}

/// Makes the chain of drops away from the king, whose first drop is `head`, wait behind
/// the first defence that is not a drop, when that drop lands on a square no defending
/// piece guards (a piece the checker takes for free): the 39-ply problem 111.0 M nodes
/// instead of 119.4 M, 将棋図巧第98番 4.13 M instead of 4.41 M, 将棋無双第1番 and the 29-ply
/// problem 1.5 % and 4 % fewer, 寿 36.4 M instead of 33.2 M. Unconditionally: 15.8 M
/// instead of 10.7 M from the 39-ply problem's ninth ply (9.98 M with the condition).
fn wait_behind_other_defence(pos: &Position, kids: &mut [Child], head: usize) {
    if let Some(other) = kids.iter().position(|k| !k.mv.is_drop())
        && pos.attackers_to(kids[head].mv.to(), pos.turn()).is_empty()
    {
        kids[head].after = other as u16;
    }
}

/// The defender's legal moves, all drops on one square counted as one (none with
/// `no_drops`), counted up to `cap` (a count at or above it comes back as `cap`).
fn defence_count(pos: &Position, cap: u32, no_drops: bool) -> u32 {
    let mut moves = 0u32;
    let mut drops = shogi::Bitboard::EMPTY;
    let _ = pos.for_each_legal(|g| {
        if g.from.is_some() {
            moves += g.len() as u32;
        } else if !no_drops {
            drops |= g.to;
        }
        if moves >= cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    (moves + drops.count()).min(cap)
}

/// The largest first proof number of a new defender leaf in a bounded search (its count
/// of defences, drops on one square counted once): counting stops there. Capped, the
/// count costs less and, with the attacker leaves' mate in one left to their expansion,
/// the 39-ply problem from ply 8 took 15.2 M nodes and 7.2 s CPU (uncapped 16.5 M, 8.3 s;
/// cap 2 15.9 M, 4 15.3 M, 5 16.1 M, 8 16.1 M). The unbounded proof keeps the full count:
/// its node counts swing either way with such changes (31.9 M with cap 3, unsolved in
/// 100 M with cap 5, 36.3 M uncapped on the 39-ply problem).
const BOUNDED_DEFENCES_CAP: u32 = 3;

/// The largest first proof number of a new attacker leaf (its checks' fewest defences,
/// capped). Proof nodes of the six tuning problems: no cap 19.6 M, cap 8 19.9 M, cap 5
/// 17.8 M, cap 4 17.8 M, cap 3 18.0 M, cap 2 23.5 M.
const FEWEST_DEFENCES_CAP: u32 = 5;

/// Defences a check may have for the mate-in-three leaf search to try it.
const MATE3_MAX_DEFENCES: usize = 4;

impl Searcher<'_, '_> {
    /// Whether the defender to move at `pos` has a move of the game searched (a legal move;
    /// one that is not a drop in the game without drops).
    pub(crate) fn defender_can_move(&self, pos: &Position) -> bool {
        if self.no_drops {
            legal_reply_bound(pos, true).is_some()
        } else {
            pos.has_legal_moves()
        }
    }

    /// "No mate within 0" for a defender with a move: for any hands if a move that is not
    /// a drop exists, else for any defender hand holding the kind of one legal drop (its
    /// legality depends on the board alone) and any attacker hand (no attacker move is
    /// left).
    pub(crate) fn horizon_escape(&self, pos: &Position) -> Value {
        let def = legal_reply_bound(pos, self.no_drops).unwrap_or(Hand::EMPTY);
        Value::disproven(0, Hand::UNLIMITED, def, NO_REPETITION)
    }
}

/// The defender hand under which the side to move keeps a legal move (see
/// [`Searcher::horizon_escape`]): empty (any hand) if a move that is not a drop exists,
/// else one piece of the kind of one legal drop (unless `no_drops`); `None` when it has no
/// such move.
pub(super) fn legal_reply_bound(pos: &Position, no_drops: bool) -> Option<Hand> {
    let mut drop = None;
    let walk = pos.for_each_legal(|g| {
        if g.to.is_empty() {
            return ControlFlow::Continue(());
        }
        if g.from.is_some() {
            return ControlFlow::Break(());
        }
        drop.get_or_insert(g.piece.kind);
        ControlFlow::Continue(())
    });
    match drop {
        _ if walk.is_break() => Some(Hand::EMPTY),
        Some(kind) if !no_drops => Some(Hand::EMPTY.plus(kind)),
        _ => None,
    }
}

/// The defender-hand bound of a mate: any hand if no drop could block the check, else
/// any hand without the kinds the defender lacks now.
pub(crate) fn mate_def_bound(pos: &Position, def: Hand) -> Hand {
    if can_interpose(pos) {
        Hand::UNLIMITED.only_kinds_in(def)
    } else {
        Hand::UNLIMITED
    }
}
