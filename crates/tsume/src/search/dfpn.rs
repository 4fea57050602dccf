//! The MID recursion of df-pn with 1+ε thresholds, and how a node's value follows
//! from its children's (numbers, mate length, proof/disproof pieces, repetition depth).

use shogi::{Hand, Position};

use super::expand::{ACTIVE, Child};
use super::value::{NO_REPETITION, Value, before_move, can_interpose, drop_relevant};
use super::{Node, Searcher};
use crate::pn::{self, INF, LEN_INF, MAX_FINITE, Pn, len_inc};
use crate::verdict::StopReason;

/// ε = 1/4 for the 1+ε threshold rule.
const EPS_NUM: u32 = 1;
const EPS_DEN: u32 = 4;

/// The numbers of a node from its active children, and which child to search.
#[derive(Debug, Clone, Copy)]
struct Summary {
    pn: Pn,
    dn: Pn,
    best: usize,
    second: Pn,
}

impl Searcher<'_, '_> {
    /// Searches `n` until its proof number reaches `pn_threshold` or its disproof number
    /// `dn_threshold` (or it is solved, or the budget ends), stores and returns its value.
    /// Children are searched by playing their move on `pos` and undoing it, so `pos` comes
    /// back as it was.
    pub(crate) fn mid(
        &mut self,
        pos: &mut Position,
        n: Node,
        pn_threshold: Pn,
        dn_threshold: Pn,
    ) -> Value {
        self.tick();
        if n.depth >= self.max_depth {
            self.stop = Some(StopReason::DepthLimit);
            self.depth_cut = true;
        }
        if self.stop.is_some() {
            return self.lookup(&n).unwrap_or(Value::unknown(1, 1));
        }
        if n.horizon == 0 {
            // No plies left: only a position already mated counts.
            return if n.attacker_to_move {
                Value::disproven(0, Hand::UNLIMITED, Hand::EMPTY, NO_REPETITION)
            } else if self.defender_can_move(pos) {
                self.horizon_escape(pos)
            } else {
                self.terminal(pos, &n)
            };
        }
        let start = self.nodes;
        if self.stop_at_escape
            && !n.attacker_to_move
            && n.horizon == 2
            && let Some(v) = self.escape_from_mate_in_one(pos, &n)
        {
            self.store(&n, &v, self.nodes - start + 1);
            return v;
        }
        let mut kids = self.expand(pos, &n);
        if kids.is_empty() {
            let v = self.terminal(pos, &n);
            self.store(&n, &v, 1);
            return v;
        }
        self.path.insert(n.position_key, n.depth);
        let mut round = 0u32;
        let mut s = loop {
            // Children were looked up on expansion; afterwards re-read them all only now and
            // then, and the chosen one always (transpositions change the table under us).
            if round > 0 && round.is_multiple_of(8) {
                self.refresh(&mut kids);
            }
            round += 1;
            self.activate(pos, &n, &mut kids);
            let mut s = summarize(&kids, n.attacker_to_move);
            while !s.pn.min(s.dn).eq(&0) && self.refresh_one(&mut kids[s.best]) {
                // A child proven by the table may let a delayed interposition in: it
                // must be made and looked up before it can be chosen.
                self.activate(pos, &n, &mut kids);
                s = summarize(&kids, n.attacker_to_move);
            }
            if s.pn == 0
                || s.dn == 0
                || s.pn >= pn_threshold
                || s.dn >= dn_threshold
                || self.stop.is_some()
            {
                break s;
            }
            let (child_pn, child_dn) = child_thresholds(
                &kids[s.best],
                &s,
                n.attacker_to_move,
                pn_threshold,
                dn_threshold,
            );
            // A delayed child is made when it is let in, never searched before.
            debug_assert!(
                !kids[s.best].pending,
                "a delayed child chosen before it was made"
            );
            let (mv, child) = (kids[s.best].mv, kids[s.best].node);
            let undo = pos.play_unchecked(mv);
            let publishing = self.exchange.is_some();
            if publishing {
                self.line.push(mv);
            }
            kids[s.best].v = self.mid(pos, child, child_pn, child_dn);
            if publishing {
                self.line.pop();
            }
            pos.undo_unchecked(mv, undo);
        };
        self.path.remove(&n.position_key);
        if self.stop.is_some() {
            // The last child value may be stale; do not let a half-searched node look solved.
            s = summarize(&kids, n.attacker_to_move);
        }
        let v = settle(pos, &n, &kids, &s);
        self.store(&n, &v, self.nodes - start);
        v
    }

    /// A node without moves: the attacker has no check (no mate), or the defender is mated.
    fn terminal(&self, pos: &Position, n: &Node) -> Value {
        if n.attacker_to_move {
            Value::disproven(
                LEN_INF,
                Hand::UNLIMITED.only_kinds_in(drop_relevant(pos, n.attacker_hand)),
                Hand::EMPTY,
                NO_REPETITION,
            )
        } else {
            Value::proven(
                0,
                Hand::EMPTY,
                super::expand::mate_def_bound(pos, n.defender_hand),
            )
        }
    }

    /// Evaluates delayed interpositions whose turn has come.
    fn activate(&mut self, pos: &mut Position, n: &Node, kids: &mut [Child]) {
        // A child made here may be proven at once and let in the next of its chain, which
        // can sit earlier in the list: repeat until none is let in.
        let mut again = true;
        while again {
            again = false;
            for i in 0..kids.len() {
                if !(kids[i].pending && is_active(kids, i)) {
                    continue;
                }
                again = true;
                let mv = kids[i].mv;
                let node = self.child_node(pos, n, mv);
                let undo = pos.play_unchecked(mv);
                kids[i].v = self.first_value(pos, &node);
                pos.undo_unchecked(mv, undo);
                kids[i].node = node;
                kids[i].pending = false;
            }
        }
    }

    /// Re-reads one unsolved child; whether its value changed.
    fn refresh_one(&self, k: &mut Child) -> bool {
        if k.v.is_solved() || k.pending {
            return false;
        }
        match self.lookup(&k.node) {
            Some(v) if v != k.v => {
                k.v = v;
                true
            }
            _ => false,
        }
    }

    /// Re-reads unsolved children from the table: transpositions may have solved them or
    /// changed their numbers since the last iteration. Solved values stay as they are (a
    /// path-dependent disproof stays valid while this node is on the path).
    fn refresh(&self, kids: &mut [Child]) {
        for k in kids.iter_mut() {
            if k.v.is_solved() || k.pending {
                continue;
            }
            if let Some(v) = self.lookup(&k.node) {
                k.v = v;
            }
        }
    }
}

fn is_active(kids: &[Child], i: usize) -> bool {
    let a = kids[i].after;
    a == ACTIVE || kids[usize::from(a)].v.is_proven()
}

/// OR node: pn = min, dn = sum; AND node: pn = sum, dn = min (over active children).
fn summarize(kids: &[Child], attacker_to_move: bool) -> Summary {
    let mut s = Summary {
        pn: if attacker_to_move { INF } else { 0 },
        dn: if attacker_to_move { 0 } else { INF },
        best: 0,
        second: INF,
    };
    let mut best_val = INF;
    let mut found = false;
    for (i, k) in kids.iter().enumerate() {
        if !is_active(kids, i) {
            continue;
        }
        let (mine, other) = if attacker_to_move {
            (k.v.pn, k.v.dn)
        } else {
            (k.v.dn, k.v.pn)
        };
        if attacker_to_move {
            s.dn = pn::add(s.dn, other);
        } else {
            s.pn = pn::add(s.pn, other);
        }
        if !found || mine < best_val {
            s.second = if found { best_val } else { INF };
            best_val = mine;
            s.best = i;
            found = true;
        } else if mine < s.second {
            s.second = mine;
        }
    }
    if attacker_to_move {
        s.pn = best_val;
    } else {
        s.dn = best_val;
    }
    s
}

/// Thresholds for the best child: up to (1+ε) × the second best on its own number, and
/// what the parent's other number leaves for it.
fn child_thresholds(
    best: &Child,
    s: &Summary,
    attacker_to_move: bool,
    pn_threshold: Pn,
    dn_threshold: Pn,
) -> (Pn, Pn) {
    let grow = pn::epsilon_threshold(s.second, EPS_NUM, EPS_DEN);
    let share = |th: Pn, total: Pn, own: Pn| -> Pn {
        if th == INF {
            INF
        } else {
            th.saturating_sub(total).saturating_add(own).min(MAX_FINITE)
        }
    };
    if attacker_to_move {
        (pn_threshold.min(grow), share(dn_threshold, s.dn, best.v.dn))
    } else {
        (share(pn_threshold, s.pn, best.v.pn), dn_threshold.min(grow))
    }
}

/// The value of `n` from its children: numbers if unsolved, otherwise mate length and
/// proof/disproof bound carried across the deciding moves.
fn settle(pos: &Position, n: &Node, kids: &[Child], s: &Summary) -> Value {
    if s.pn == 0 {
        if n.attacker_to_move {
            or_proven(kids)
        } else {
            and_proven(pos, n, kids)
        }
    } else if s.dn == 0 {
        let mut v = if n.attacker_to_move {
            or_disproven(pos, n, kids)
        } else {
            and_disproven(kids)
        };
        if v.repetition_depth != NO_REPETITION && v.repetition_depth >= n.depth {
            // The repetition closes inside this subtree: the disproof holds from any path.
            v.repetition_depth = NO_REPETITION;
        }
        v
    } else {
        Value::unknown(s.pn, s.dn)
    }
}

/// The attacker's fastest proven check decides.
fn or_proven(kids: &[Child]) -> Value {
    let best = kids
        .iter()
        .filter(|k| k.v.is_proven())
        .min_by_key(|k| k.v.len);
    match best {
        Some(k) => Value::proven(
            len_inc(k.v.len),
            before_move(k.v.attacker_bound, &k.mv),
            k.v.defender_bound,
        ),
        None => Value::unknown(1, 1),
    }
}

/// Every defence is refuted: the longest decides the length; the bound must cover all.
fn and_proven(pos: &Position, n: &Node, kids: &[Child]) -> Value {
    let mut len = 0;
    let mut attacker_bound = Hand::EMPTY;
    let mut defender_bound = Hand::UNLIMITED;
    for k in kids {
        len = len.max(k.v.len);
        attacker_bound = attacker_bound.union(k.v.attacker_bound);
        defender_bound = defender_bound.intersection(before_move(k.v.defender_bound, &k.mv));
    }
    if can_interpose(pos) {
        // With a kind it lacks now, the defender would have drops never searched.
        defender_bound = defender_bound.only_kinds_in(n.defender_hand);
    }
    Value::proven(len_inc(len), attacker_bound, defender_bound)
}

/// Every check fails: the shortest horizon decides; the bound must cover all.
fn or_disproven(pos: &Position, n: &Node, kids: &[Child]) -> Value {
    let mut len = LEN_INF;
    let mut attacker_bound = Hand::UNLIMITED;
    let mut defender_bound = Hand::EMPTY;
    let mut repetition_depth = NO_REPETITION;
    for k in kids {
        len = len.min(k.v.len);
        attacker_bound = attacker_bound.intersection(before_move(k.v.attacker_bound, &k.mv));
        defender_bound = defender_bound.union(k.v.defender_bound);
        repetition_depth = repetition_depth.min(k.v.repetition_depth);
    }
    // With a kind it lacks now, the attacker would have drops never searched.
    let held = drop_relevant(pos, n.attacker_hand);
    Value::disproven(
        len_inc(len),
        attacker_bound.only_kinds_in(held),
        defender_bound,
        repetition_depth,
    )
}

/// One defence escapes: prefer one that needs no repetition, then the longest horizon.
fn and_disproven(kids: &[Child]) -> Value {
    let best = kids
        .iter()
        .enumerate()
        .filter(|&(i, k)| k.v.is_disproven() && is_active(kids, i))
        .max_by_key(|&(_, k)| {
            (
                k.v.repetition_depth == NO_REPETITION,
                k.v.repetition_depth,
                k.v.len,
            )
        })
        .map(|(_, k)| k);
    match best {
        Some(k) => Value::disproven(
            len_inc(k.v.len),
            k.v.attacker_bound,
            before_move(k.v.defender_bound, &k.mv),
            k.v.repetition_depth,
        ),
        None => Value::unknown(1, 1),
    }
}
