//! Writing the convention answer out: a walk along convention values that checks them.
//!
//! The narrow recursion can misjudge a position: a shorter mate by a check it does not
//! search move by move, or an interposition that counts once a defence beside it is found
//! shorter (the rule is not monotonic). The answer's walk checks every value it is given:
//! each of its checks is probed for a shorter mate (every check, with a wider search
//! below), each defence must keep the value, each attacker position must have a check
//! that keeps it. Where a value does not hold, the memo is corrected and the line is
//! written out again from the root.
//!
//! Ties are broken against 駒余り: among attacker moves of equal length, and (when the
//! line would end with pieces in hand) among defences of equal length, one whose line
//! ends with the attacker's hand empty is preferred, so the answer is the line a
//! composer would publish.

use shogi::{Color, Hand, Move, Position, Square};

use super::{Bounds, Memo};
use crate::pn::LEN_INF;
use crate::search::Searcher;
use crate::search::line::Cursor;
use crate::table::Probe;

/// How many times the answer is written out again after a value did not hold.
const MAX_RESTARTS: usize = 64;

/// Checks per attacker node searched move by move below a probed check.
pub(super) const PROBE_WIDTH: usize = 2;

/// Checks per attacker node searched move by move when a counted drop on the answer's
/// line is judged again.
pub(super) const FUTILITY_WIDTH: usize = usize::MAX;

/// Nodes for each such judgement.
const FUTILITY_NODES: u64 = 2_000_000;

/// Nodes for each check probed for a shorter mate on the answer line.
const PROBE_NODES: u64 = 200_000;

/// Nodes the second walk (defences chosen against 駒余り) may always use.
const SECOND_WALK_MIN_NODES: u64 = 100_000;

/// How many equal-length moves are tried for a line without 駒余り.
const THRIFTY_CANDIDATES: usize = 4;

/// What a walk does besides following the values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The answer: values are checked and corrected; ties broken against 駒余り (among
    /// defences too when `Memo::thrifty_defence` is set).
    Answer,
    /// Attacker ties broken against 駒余り.
    Thrifty,
    /// The first move that keeps the value.
    Plain,
}

/// One step of a walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// The move that keeps the value.
    Move(Move),
    /// The position mates sooner than its value.
    Shorter,
    /// No move keeps the value: the position was judged too short.
    Longer,
}

/// How a walk along convention values ended.
enum Walk {
    /// A line to mate (or to a position with only futile interpositions left).
    Line(Vec<Move>),
    /// The line did not keep the values it was given (the memo was corrected if the walk
    /// was the answer's).
    Corrected,
}

impl Memo {
    /// Records "mate within `r`" for `key`.
    fn mate_within(&mut self, key: u64, r: u32) {
        let b = self.bounds.entry(key).or_insert(Bounds {
            ok: u32::MAX,
            fail: None,
            width: 0,
        });
        b.ok = b.ok.min(r);
        if b.fail.is_some_and(|f| f >= r) {
            b.fail = None;
        }
    }

    /// Forgets the mates found for the positions of a walk: they were judged with a
    /// value found wrong further down, and the rule is not monotonic (a defence found
    /// shorter can make an interposition beside it count, and its position longer).
    fn forget_mates(&mut self, walk: &[Cursor]) {
        for c in walk {
            if let Some(b) = self.bounds.get_mut(&c.pos.key()) {
                b.ok = u32::MAX;
            }
        }
    }

    /// Forgets every "no mate found within": after a correction they may be stale.
    fn forget_failures(&mut self) {
        for b in self.bounds.values_mut() {
            b.fail = None;
        }
    }
}

impl Searcher<'_, '_> {
    /// The tsume-convention line from a position with exact minimax length `n`.
    /// The memo comes back with it: its values serve the search for 余詰 on the line.
    pub(crate) fn convention_line(
        &mut self,
        root: &Position,
        n: u32,
        minimax: &[Move],
    ) -> Option<(Vec<Move>, Memo)> {
        let mut memo = Memo::default();
        let mut pos = root.clone();
        for &m in minimax {
            memo.preferred.insert(pos.key(), m);
            pos.play_unchecked(m);
        }
        let start = self.nodes;
        let c = Cursor::root(root);
        let line = self.checked_walk(&mut memo, &c, n)?;
        if end_of(&c, &line, self.attacker).is_empty() || !self.may_end_empty(&c, n) {
            return Some((line, memo));
        }
        // Pieces left: walk again, choosing among defences against 駒余り too, within as
        // many nodes again; the first line stands if that runs out.
        memo.thrifty_defence = true;
        let budget = (self.nodes - start).max(SECOND_WALK_MIN_NODES);
        match self.limited(budget, |s| s.checked_walk(&mut memo, &c, n)) {
            Some(thrifty) => Some((thrifty, memo)),
            None if self.stop.is_some() => None,
            None => Some((line, memo)),
        }
    }

    /// Whether a line of at most `v` plies from `c` may end with the attacker's hand empty:
    /// each attacker move takes at most one piece from the hand (a drop), so a hand of
    /// more pieces than the line has attacker moves is never emptied, and choosing among
    /// equal moves against 駒余り would walk their lines for nothing.
    fn may_end_empty(&self, c: &Cursor, v: u32) -> bool {
        // An attacker's line of `v` plies has (v + 1) / 2 attacker moves, a defender's v / 2.
        c.pos.hand(self.attacker).total() <= v.div_ceil(2)
    }

    /// The answer's walk from the root, written out again after each correction.
    fn checked_walk(&mut self, memo: &mut Memo, c: &Cursor, n: u32) -> Option<Vec<Move>> {
        for _ in 0..MAX_RESTARTS {
            let v = self.conv_exact(memo, c, n)?;
            match self.conv_walk(memo, c.clone(), v, Mode::Answer)? {
                Walk::Line(line) => return Some(line),
                Walk::Corrected => memo.forget_failures(),
            }
        }
        None
    }

    /// Follows convention values from `c` (of value `v`): an attacker move and then the
    /// defender's longest counted defence that keep the value, until mate or until only
    /// futile interpositions remain.
    fn conv_walk(
        &mut self,
        memo: &mut Memo,
        mut c: Cursor,
        mut v: u32,
        mode: Mode,
    ) -> Option<Walk> {
        let mut line = Vec::new();
        let mut pushed: Vec<Cursor> = Vec::new();
        let out = loop {
            if c.pos.turn() != self.attacker && v == 0 {
                break Some(Walk::Line(line));
            }
            self.push_path(&c.pos, c.depth);
            memo.path.push(c.pos.key());
            let step = self.conv_step(memo, &c, v, mode);
            pushed.push(c.clone());
            let m = match step {
                Some(Step::Move(m)) => m,
                Some(step) => {
                    if mode == Mode::Answer {
                        self.correct(memo, &pushed, v, step == Step::Shorter);
                    }
                    break Some(Walk::Corrected);
                }
                None => break None, // out of budget
            };
            line.push(m);
            c = c.child(m);
            v -= 1;
        };
        for p in pushed.iter().rev() {
            memo.path.pop();
            self.pop_path(&p.pos, p.depth);
        }
        out
    }

    /// The next move of a walk at `c` (value `v`), or how the value does not hold there.
    fn conv_step(&mut self, memo: &mut Memo, c: &Cursor, v: u32, mode: Mode) -> Option<Step> {
        if c.pos.turn() != self.attacker {
            let thrifty = memo.thrifty_defence && self.may_end_empty(c, v);
            let want = if mode == Mode::Answer && thrifty {
                THRIFTY_CANDIDATES
            } else {
                1
            };
            let found = self.conv_defences(memo, c, v, want)?;
            let m = self.thrifty_choice(memo, c, v, &found)?;
            return Some(m.map_or(Step::Shorter, Step::Move));
        }
        if mode == Mode::Answer && self.conv_probe(memo, c, v)? {
            return Some(Step::Shorter);
        }
        let thrifty = !c.pos.hand(self.attacker).is_empty() && self.may_end_empty(c, v);
        let want = if mode != Mode::Plain && thrifty {
            THRIFTY_CANDIDATES
        } else {
            1
        };
        let found = self.conv_attacks(memo, c, v, want)?;
        let m = self.thrifty_choice(memo, c, v, &found)?;
        Some(m.map_or(Step::Longer, Step::Move))
    }

    /// Among moves at `c` (value `v`) whose children keep the value, the first whose line
    /// ends with the attacker's hand empty, else the first; `None` inside when there are
    /// none. Attacker candidates are followed plainly, defender ones with thrifty attacks.
    fn thrifty_choice(
        &mut self,
        memo: &mut Memo,
        c: &Cursor,
        v: u32,
        found: &[Move],
    ) -> Option<Option<Move>> {
        if found.len() > 1 {
            let mode = if c.pos.turn() == self.attacker {
                Mode::Plain
            } else {
                Mode::Thrifty
            };
            for &m in found {
                // A candidate whose line does not keep its value is passed over.
                let child = c.child(m);
                let Walk::Line(rest) = self.conv_walk(memo, child.clone(), v - 1, mode)? else {
                    continue;
                };
                if end_of(&child, &rest, self.attacker).is_empty() {
                    return Some(Some(m));
                }
            }
        }
        Some(found.first().copied())
    }

    /// Corrects the memo after the value `v` did not hold at the last position of `walk`:
    /// the mates found for the walk's positions are forgotten, and when the position
    /// mates sooner (`shorter`) it gets that bound, a defender's position (every counted
    /// defence mates within `v - 3`) its parent as well.
    fn correct(&mut self, memo: &mut Memo, walk: &[Cursor], v: u32, shorter: bool) {
        let Some((last, above)) = walk.split_last() else {
            return;
        };
        memo.forget_mates(walk);
        if !shorter || v < 2 {
            return;
        }
        memo.mate_within(last.pos.key(), v - 2);
        if let (true, Some(a)) = (last.pos.turn() != self.attacker, above.last()) {
            memo.mate_within(a.pos.key(), v - 1);
        }
    }

    /// Whether the attacker at `c` (on the path, given value `v`) mates within `v - 2`
    /// after all: every check is searched move by move, with a wider search below.
    fn conv_probe(&mut self, memo: &mut Memo, c: &Cursor, v: u32) -> Option<bool> {
        if v < 3 {
            return Some(false);
        }
        let width = std::mem::replace(&mut memo.width, PROBE_WIDTH);
        let mut out = Some(false);
        for m in self.ordered_moves(c) {
            let child = c.child(m);
            // No minimax mate, no convention mate (as in `conv_le_attack`).
            if self.known_no_mate(&child) {
                continue;
            }
            let found = match self.limited(PROBE_NODES, |s| s.conv_le(memo, &child, v - 3)) {
                Some(found) => Some(found),
                None if self.stop.is_some() => None,
                None => Some(false), // undecided within its nodes: not shorter
            };
            if found != Some(false) {
                out = found;
                break;
            }
        }
        memo.width = width;
        out
    }

    /// Whether a drop on `to` that the narrow search counts is futile after all, judged
    /// with every check searched move by move (within [`FUTILITY_NODES`]; undecided, it
    /// counts). The narrow search can miss the shorter mate after the capture that makes
    /// a drop futile, and a drop counted wrongly makes the answer longer than it is.
    fn futile_rechecked(
        &mut self,
        memo: &mut Memo,
        c: &Cursor,
        moves: &[Move],
        to: Square,
        v: u32,
    ) -> Option<bool> {
        let width = std::mem::replace(&mut memo.width, FUTILITY_WIDTH);
        let out = match self.limited(FUTILITY_NODES, |s| s.futile(memo, c, moves, to, v)) {
            Some(futile) => Some(futile),
            None if self.stop.is_some() => None,
            None => Some(false),
        };
        memo.width = width;
        out
    }

    /// Whether the table holds a disproof of any mate at `c` (no search).
    pub(super) fn known_no_mate(&self, c: &Cursor) -> bool {
        let n = self.node(&c.pos, 0, LEN_INF, 0);
        matches!(
            self.table
                .probe(n.board_key, n.attacker_hand, n.defender_hand, LEN_INF),
            Probe::Disproven { .. }
        )
    }

    /// Up to `want` attacker moves at `c` (value `v`) whose children mate within `v - 1`.
    /// Real mates first, so that equal lengths keep the minimax line's moves (a mate that
    /// leaves only futile interpositions is one too, but a plainer answer).
    fn conv_attacks(
        &mut self,
        memo: &mut Memo,
        c: &Cursor,
        v: u32,
        want: usize,
    ) -> Option<Vec<Move>> {
        let mut found = Vec::new();
        let moves = preferred_first(memo, c, self.ordered_moves(c).into_iter().collect());
        for &m in &moves {
            if found.len() < want && self.quick_mate_within(&c.child(m), v - 1)? == Some(true) {
                found.push(m);
            }
        }
        if found.is_empty() {
            for &m in &moves {
                if self.conv_le(memo, &c.child(m), v - 1)? {
                    found.push(m);
                    break;
                }
            }
        }
        Some(found)
    }

    /// Up to `want` counted defences at `c` (value `v >= 2`) whose children have value
    /// `v - 1`: moves that are not drops first, then drops from the king outwards.
    fn conv_defences(
        &mut self,
        memo: &mut Memo,
        c: &Cursor,
        v: u32,
        want: usize,
    ) -> Option<Vec<Move>> {
        let moves = self.defences(c);
        let mut found = Vec::new();
        for &m in &preferred_first(memo, c, moves.clone()) {
            if found.len() >= want {
                break;
            }
            if !self.conv_at_least(memo, &c.child(m), v - 1)? {
                continue;
            }
            let counted = match m {
                Move::Drop { to, .. } => {
                    !self.futile(memo, c, &moves, to, v)?
                        && !self.futile_rechecked(memo, c, &moves, to, v)?
                }
                _ => true,
            };
            if counted {
                found.push(m);
            }
        }
        Some(found)
    }
}

/// `moves` with the minimax line's move at `c`, when it is one of them, first.
fn preferred_first(memo: &Memo, c: &Cursor, mut moves: Vec<Move>) -> Vec<Move> {
    if let Some(&p) = memo.preferred.get(&c.pos.key())
        && let Some(i) = moves.iter().position(|&m| m == p)
    {
        moves[..=i].rotate_right(1);
    }
    moves
}

/// The attacker's hand after `line` from `c`.
fn end_of(c: &Cursor, line: &[Move], attacker: Color) -> Hand {
    let mut end = c.pos.clone();
    for &m in line {
        end.play_unchecked(m);
    }
    *end.hand(attacker)
}

#[cfg(test)]
mod tests {
    use super::super::Memo;
    use crate::search::line::Cursor;
    use crate::search::line::tests::on_seven_plies;

    /// A hand of ten pieces is never emptied within seven plies (four attacker moves):
    /// the answer is not walked a second time against 駒余り, whose choices would all be
    /// the first line's. Within 21 plies (eleven attacker moves) it could be.
    #[test]
    fn a_hand_too_big_to_empty_is_not_walked_again() {
        on_seven_plies(|root, s| {
            assert!(s.search(root, 0, 5, 0).is_disproven());
            let main = s.main_line(root, 7, false).unwrap();
            let c = Cursor::root(root);
            assert_eq!(c.pos.hand(root.turn()).total(), 10);
            assert!(!s.may_end_empty(&c, 7));
            assert!(s.may_end_empty(&c, 21));
            let (line, memo): (_, Memo) = s.convention_line(root, 7, &main.line).unwrap();
            assert_eq!(line, main.line);
            assert!(!memo.thrifty_defence);
        });
    }
}
