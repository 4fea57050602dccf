//! The tsume-convention answer: futile interpositions (無駄合) are not defences, and among
//! attacker moves of equal length one that leaves no pieces in hand (駒余り) is preferred.
//!
//! Convention values are computed by their own small recursion on top of the minimax
//! searches: a convention value is never longer than the minimax one, so "mate within `r`
//! in minimax" settles most questions, and only lines where interpositions can be futile
//! are searched move by move.
//!
//! The rule, with `V(P)` the convention length of a defender position `P`:
//!
//! * a defence that is not a drop always counts;
//! * a drop on square `s` (it blocks a ranging check) is futile when the attacker can
//!   capture the dropped piece with a check and, with that piece given back to the
//!   defender (the attacker may not use it), mates in no more plies than the defender
//!   holds out with the defences that count without it: the moves that are not drops and
//!   the drops nearer to the king that are not futile themselves. Drops are judged from
//!   the king outwards (the last of a chain of interpositions first), so a chain of
//!   interpositions that only brings the capturing piece nearer is futile link by link;
//! * `V(P)` is the longest counted defence plus one; with no counted defence `P` is mate.

use std::collections::{HashMap, HashSet};

use shogi::{Color, Move, PieceKind, Position, SetupMode, Square};

use super::Cursor;
use crate::pn::{LEN_INF, Len};
use crate::search::Searcher;
use crate::search::value::distance;

mod walk;
mod yozume;

/// What is known of one position's convention length: mate within `ok` plies, no mate
/// within `fail` plies.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    ok: u32,
    fail: Option<u32>,
    /// The search width the `fail` bound was found with.
    width: usize,
}

/// Results of the convention recursion, by position key, and its current path.
#[derive(Debug)]
pub(crate) struct Memo {
    bounds: HashMap<u64, Bounds>,
    path: Vec<u64>,
    /// Checks per attacker node searched move by move beyond minimax.
    width: usize,
    /// The answer's walk breaks ties among defences against 駒余り too.
    thrifty_defence: bool,
    /// The minimax line's move at each position on it, by position key: among moves of
    /// equal value the walk takes that one, so that the convention answer is the minimax
    /// line whenever the line is one (which of two equal defences the minimax search
    /// reported depends on its table).
    preferred: HashMap<u64, Move>,
    /// Positions whose "mate at all?" stayed undecided within [`AT_ALL_NODES`]: asked
    /// again, only the table is looked at. On the 427 generated problems a fifth of the
    /// questions were repeats, each running its nodes out again (129 k nodes in all).
    at_all_undecided: HashSet<u64>,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo {
            bounds: HashMap::new(),
            path: Vec::new(),
            width: DEEP_CHECKS,
            thrifty_defence: false,
            preferred: HashMap::new(),
            at_all_undecided: HashSet::new(),
        }
    }
}

/// Checks per attacker node searched move by move beyond minimax (the first ones in the
/// table's shortest-first order); the others count with their minimax length.
const DEEP_CHECKS: usize = 1;

/// Nodes for each minimax shortcut; an undecided one is searched move by move instead.
const QUICK_NODES: u64 = 5_000;

/// Nodes for the "mate at all?" shortcut that picks the checks searched move by move: a
/// check undecided within them is searched (and counts against the width), one disproven
/// is not. With big attacker hands "no mate at all" is a large disproof and the question
/// seldom decides (5,000 nodes cost 30 % of the generated problems' full answers), but
/// fewer than 500 cost 寿's full answer more (41.7 M nodes with 100 against 38.7 M;
/// MEASUREMENTS.md). Asking the table alone is not enough: a check with no mate at all,
/// not yet known as such, then takes the width from the one that mates, and 将棋図巧第98番's
/// position after the chase answered 13 by convention instead of 9.
const AT_ALL_NODES: u64 = 500;

/// Convention bounds below which a check is searched move by move without the "mate at
/// all?" shortcut, in every search wider than the answer walk's [`DEEP_CHECKS`]. A short
/// convention search costs less than the shortcut, which seldom decides: with big attacker
/// hands "no mate at all" is a large disproof. On the 50 slowest generated problems it
/// was asked 18,565 times (46.6 M nodes, most of the convention phase), answered "no
/// mate" once, and the convention search after an undecided one never found a mate. The
/// narrowest search keeps it: there it picks the one check searched move by move, and the
/// answer's ties depend on that choice.
const SHORT_PLIES: u32 = 5;

/// Convention questions of at least this many plies are asked first in the game where the
/// defender may not drop ([`Searcher::escapes_without_drops`]): a "no mate" there settles
/// them without the move-by-move search. On the 427 generated problems the full answers
/// took 3.99 s instead of 4.96 s (the same answers; from one ply 4.00 s, from four 4.16 s):
/// the convention line's checks of its defences and its probes for shorter mates ask
/// mostly such questions, and most defences that escape do so by moving.
const NO_DROPS_MIN_PLIES: u32 = 2;

/// Nodes for each question in the game without drops (500 and 10,000: 4.05 and 4.06 s).
const NO_DROPS_NODES: u64 = 2_000;

impl Searcher<'_, '_> {
    /// Whether `c` mates within `r` plies by convention (futile interpositions not counted).
    fn conv_le(&mut self, memo: &mut Memo, c: &Cursor, r: u32) -> Option<bool> {
        let key = c.pos.key();
        if memo.path.contains(&key) {
            return Some(false); // a repetition: the attacker gains nothing
        }
        if let Some(b) = memo.bounds.get(&key) {
            if b.ok <= r {
                return Some(true);
            }
            if b.fail.is_some_and(|f| f >= r) && b.width == memo.width {
                return Some(false);
            }
        }
        self.tick();
        if self.stop.is_some() {
            return None;
        }
        let defending = c.pos.turn() != self.attacker;
        let ok = if r >= NO_DROPS_MIN_PLIES
            && ((defending && self.escapes_by_moving(c, r)?) || self.escapes_without_drops(c, r)?)
        {
            false
        } else {
            memo.path.push(key);
            self.push_path(&c.pos, c.depth);
            let out = if c.pos.turn() == self.attacker {
                self.conv_le_attack(memo, c, r)
            } else {
                self.conv_le_defend(memo, c, r)
            };
            self.pop_path(&c.pos, c.depth);
            memo.path.pop();
            out?
        };
        let width = memo.width;
        let b = memo.bounds.entry(key).or_insert(Bounds {
            ok: u32::MAX,
            fail: None,
            width,
        });
        if ok {
            b.ok = b.ok.min(r);
        } else if b.width == width {
            b.fail = Some(b.fail.map_or(r, |f| f.max(r)));
        } else {
            // Searches of another width keep their own failures.
            b.fail = Some(r);
            b.width = width;
        }
        Some(ok)
    }

    /// Whether the defender at `c` escapes every convention mate within `r` by a defence
    /// that is not a drop, after which the game without drops has no mate within `r - 1`
    /// ([`Searcher::escapes_without_drops`]): such a defence always counts, so the
    /// move-by-move search would come to the same "no" at it. Only the defences the table
    /// shows escaping every minimax mate within `r - 1` are asked (the refutations of the
    /// main line's alternatives, most of the convention's questions being about those
    /// checks): one ply below `c`, the question skips the defender's other moves, which
    /// the game without drops asked at `c` searches too. On the 427 generated problems
    /// the full answer takes 7,992,397 nodes instead of 8,059,742 (the same answers).
    fn escapes_by_moving(&mut self, c: &Cursor, r: u32) -> Option<bool> {
        if r < NO_DROPS_MIN_PLIES + 1 {
            return Some(false);
        }
        let horizon = Len::try_from(r - 1).unwrap_or(Len::MAX - 1);
        let known: Vec<Move> = c
            .pos
            .legal_moves()
            .into_iter()
            .filter(|&d| !d.is_drop() && self.known_escape(c, d, horizon))
            .collect();
        self.push_path(&c.pos, c.depth);
        let mut out = Some(false);
        for d in known {
            out = self.escapes_without_drops(&c.child(d), r - 1);
            if out != Some(false) {
                break;
            }
        }
        self.pop_path(&c.pos, c.depth);
        out
    }

    /// Attacker node (already on the path): a check whose child mates within `r - 1`,
    /// tried first in minimax (which bounds the convention length from above).
    fn conv_le_attack(&mut self, memo: &mut Memo, c: &Cursor, r: u32) -> Option<bool> {
        if r == 0 {
            return Some(false);
        }
        if r == 1 && memo.width > DEEP_CHECKS {
            return self.conv_mate_in_one(memo, c);
        }
        let mut deep = 0;
        for m in self.ordered_moves(c) {
            let child = c.child(m);
            if self.quick_mate_within(&child, r - 1)? == Some(true) {
                return Some(true);
            }
            let searched = if memo.width > DEEP_CHECKS && r - 1 < SHORT_PLIES {
                // Every check, not counted against the width: a superset of what the
                // shortcut would let through.
                true
            } else {
                // No minimax mate means no convention mate: futile drops need a mate after
                // their capture, so the convention only removes defences that lose anyway.
                let ok = deep < memo.width && self.mates_at_all(memo, &child)? != Some(false);
                deep += usize::from(ok);
                ok
            };
            if searched && self.conv_le(memo, &child, r - 1)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// [`Searcher::conv_le_attack`] within one ply where every check is searched: a check
    /// that leaves no move, or only drops that may all be futile. The order of the checks
    /// does not matter then, and the table's order would probe every child (these nodes,
    /// one ply before a bound, are most of the convention searches').
    fn conv_mate_in_one(&mut self, memo: &mut Memo, c: &Cursor) -> Option<bool> {
        for m in c.pos.check_moves() {
            let child = c.child(m);
            let moves = child.pos.legal_moves();
            if moves.is_empty() {
                return Some(true);
            }
            if moves.iter().all(Move::is_drop) && self.conv_le(memo, &child, 0)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Defender node (already on the path): every counted defence mates within `r - 1`.
    fn conv_le_defend(&mut self, memo: &mut Memo, c: &Cursor, r: u32) -> Option<bool> {
        // Within 0 plies only futile drops may be left (a capture that mates), and a move
        // that is not a drop always counts: decided without the table's order of the
        // moves, which probes every child (most defender nodes of the convention searches
        // are these, asked after each check one ply before the bound).
        if r == 0 && c.pos.legal_moves().iter().any(|m| !m.is_drop()) {
            return Some(false);
        }
        let moves = self.defences(c);
        for &m in &moves {
            let child = c.child(m);
            if r >= 1 && self.quick_mate_within(&child, r - 1)? == Some(true) {
                continue;
            }
            // A drop is judged futile before its own line is searched: the position after
            // its capture is the same for every kind dropped on that square (the piece
            // goes back to the defender), so one search serves them all.
            if let Move::Drop { to, .. } = m
                && self.futile(memo, c, &moves, to, r)?
            {
                continue;
            }
            if r == 0 || !self.conv_le(memo, &child, r - 1)? {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Mate within `r` in minimax, or else by convention.
    fn conv_le_either(&mut self, memo: &mut Memo, c: &Cursor, r: u32) -> Option<bool> {
        if self.quick_mate_within(c, r)? == Some(true) {
            return Some(true);
        }
        self.conv_le(memo, c, r)
    }

    /// Whether `c` has no mate within `r` even where the defender may not drop
    /// ([`Searcher::without_drops`]), found within [`NO_DROPS_NODES`]: then there is no
    /// convention mate within `r` either. `Some(false)` when there is one there or the
    /// question is undecided; `None` only when the caller's budget ran out.
    fn escapes_without_drops(&mut self, c: &Cursor, r: u32) -> Option<bool> {
        let found = self.without_drops(|s| {
            s.quick(NO_DROPS_NODES, |s| {
                s.asking_from_below(|s| s.mate_within(c, r))
            })
        })?;
        Some(found == Some(false))
    }

    /// A minimax "mate within `r`?" with a small budget: `Some(None)` when undecided.
    fn quick_mate_within(&mut self, c: &Cursor, r: u32) -> Option<Option<bool>> {
        if r == 0 {
            // Mate now: what the search finds at once, without its node, table probe and
            // store (most of these questions come from the checks one ply before a bound).
            let mated = c.pos.turn() != self.attacker && !c.pos.has_legal_moves();
            return Some(Some(mated));
        }
        self.quick(QUICK_NODES, |s| {
            s.asking_from_below(|s| s.mate_within(c, r))
        })
    }

    /// Whether `c` has a minimax mate of any length, within [`AT_ALL_NODES`]. A position
    /// left undecided before is not searched again: the table alone answers then (a
    /// disproof stored since), else it stays undecided.
    fn mates_at_all(&mut self, memo: &mut Memo, c: &Cursor) -> Option<Option<bool>> {
        let key = c.pos.key();
        if memo.at_all_undecided.contains(&key) {
            return Some(self.known_no_mate(c).then_some(false));
        }
        let found = self.quick(AT_ALL_NODES, |s| s.mate_at_horizon(c, LEN_INF))?;
        if found.is_none() {
            memo.at_all_undecided.insert(key);
        }
        Some(found)
    }

    /// Runs a minimax query within `nodes`; `None` only when the caller's budget ran out,
    /// `Some(None)` when the query's own did.
    fn quick(
        &mut self,
        nodes: u64,
        f: impl FnOnce(&mut Self) -> Option<bool>,
    ) -> Option<Option<bool>> {
        match self.limited(nodes, f) {
            Some(ok) => Some(Some(ok)),
            None if self.stop.is_some() => None,
            None => Some(None),
        }
    }

    /// The defender's legal moves at `c`, non-drops first, then drops nearest to the
    /// king first (each group in the table's longest-first order).
    fn defences(&self, c: &Cursor) -> Vec<Move> {
        let king = c.pos.king_square(!self.attacker);
        let mut moves: Vec<Move> = self.ordered_moves(c).into_iter().collect();
        moves.sort_by_key(|m| match (m, king) {
            (Move::Drop { to, .. }, Some(k)) => 1 + distance(*to, k),
            (Move::Drop { .. }, None) => 1,
            _ => 0,
        });
        moves
    }

    /// Whether a drop on `s` at the defender node `c` (already on the path) is futile for
    /// a query bounded by `cap`: the dropped piece is captured with a check and, the piece
    /// given back to the defender, the attacker mates within the longest counted defence
    /// among the moves that are not drops and the non-futile drops nearer to the king.
    fn futile(
        &mut self,
        memo: &mut Memo,
        c: &Cursor,
        moves: &[Move],
        s: Square,
        cap: u32,
    ) -> Option<bool> {
        let Some(&drop) = moves.iter().find(|m| is_drop_on(m, s)) else {
            return Some(false);
        };
        let Move::Drop { kind, .. } = drop else {
            return Some(false);
        };
        let dropped = c.child(drop);
        let Some(a) = self.after_capture(memo, &dropped, kind, s, cap)? else {
            return Some(false);
        };
        if a == 0 {
            return Some(true);
        }
        let king = c.pos.king_square(!self.attacker);
        let d = king.map_or(0, |k| distance(s, k));
        for &e in moves {
            let nearer = match e {
                Move::Drop { to, .. } => king.is_some_and(|k| distance(to, k) < d),
                _ => true,
            };
            if !nearer {
                continue;
            }
            let child = c.child(e);
            // Counted and at least as long as the capture line: the drop gains nothing.
            if !self.conv_at_least(memo, &child, a - 1)? {
                continue;
            }
            match e {
                Move::Drop { to, .. } if self.futile(memo, c, moves, to, cap)? => {}
                _ => return Some(true),
            }
        }
        Some(false)
    }

    /// Whether the convention value of `c` (a child of a node on the path) is at least `k`.
    fn conv_at_least(&mut self, memo: &mut Memo, c: &Cursor, k: u32) -> Option<bool> {
        if k < 2 {
            return Some(true);
        }
        Some(!self.conv_le_either(memo, c, k - 2)?)
    }

    /// The shortest convention mate, up to `cap`, after a capture of the piece dropped on
    /// `s` with that piece given back to the defender; `None` inside when none is that short.
    fn after_capture(
        &mut self,
        memo: &mut Memo,
        dropped: &Cursor,
        kind: PieceKind,
        s: Square,
        cap: u32,
    ) -> Option<Option<u32>> {
        let captures: Vec<Move> = dropped
            .pos
            .check_moves()
            .into_iter()
            .filter(|x| x.to() == s)
            .collect();
        let mut best: Option<u32> = None;
        self.push_path(&dropped.pos, dropped.depth);
        for x in captures {
            let taken = dropped.child(x);
            let Some(pos) = without_captured(&taken.pos, self.attacker, kind) else {
                continue;
            };
            let q = Cursor { pos, ..taken };
            let hi = best.map_or(cap, |b| b.saturating_sub(2));
            let Some(ok) = self.conv_le_either(memo, &q, hi) else {
                self.pop_path(&dropped.pos, dropped.depth);
                return None;
            };
            if ok {
                let Some(v) = self.conv_exact(memo, &q, hi) else {
                    self.pop_path(&dropped.pos, dropped.depth);
                    return None;
                };
                best = Some(v);
                if v == 0 {
                    break;
                }
            }
        }
        self.pop_path(&dropped.pos, dropped.depth);
        Some(best)
    }

    /// The exact convention value of `c`, known to be at most `hi`.
    fn conv_exact(&mut self, memo: &mut Memo, c: &Cursor, hi: u32) -> Option<u32> {
        let mut k = hi;
        while k >= 2 && self.conv_le_either(memo, c, k - 2)? {
            k -= 2;
        }
        Some(k)
    }
}

fn is_drop_on(m: &Move, s: Square) -> bool {
    matches!(m, Move::Drop { to, .. } if *to == s)
}

/// `pos` with one `kind` moved from the attacker's hand back to the defender's.
fn without_captured(pos: &Position, attacker: Color, kind: PieceKind) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.hands.get_mut(attacker).remove(kind).ok()?;
    setup.hands.get_mut(!attacker).add(kind).ok()?;
    Position::from_setup(setup, SetupMode::Tsume).ok()
}

#[cfg(test)]
mod tests {
    use super::{Cursor, Memo};
    use crate::search::line::tests::on_seven_plies;

    /// A check whose "mate at all?" stays undecided within its nodes is not searched again
    /// when asked a second time (the convention search asks some positions many times).
    #[test]
    fn an_undecided_mate_at_all_is_not_searched_again() {
        let undecided = on_seven_plies(|root, s| {
            let mut memo = Memo::default();
            let c = Cursor::root(root);
            let mut undecided = 0;
            for m in root.check_moves() {
                let child = c.child(m);
                if s.mates_at_all(&mut memo, &child) != Some(None) {
                    continue;
                }
                undecided += 1;
                let before = s.nodes;
                assert_eq!(s.mates_at_all(&mut memo, &child), Some(None), "{m}");
                assert_eq!(s.nodes, before, "{m}");
            }
            undecided
        });
        assert!(undecided > 0);
    }
}
