//! Answers from a proven mate: the minimax main line, the alternative mating moves (余詰)
//! and the tsume-convention line (無駄合 not counted, 駒余り avoided).

use shogi::{Move, MoveList, Position};

mod convention;
mod proof;

use super::value::{NO_REPETITION, Value, before_move};
use super::{Searcher, child_path_key};
use crate::pn::{LEN_INF, Len, len_dec, len_inc};
use crate::table::Probe;

/// A position on a line being extracted, with what the sub-searches need.
#[derive(Debug, Clone)]
pub(crate) struct Cursor {
    pub(crate) pos: Position,
    pub(crate) depth: u32,
    pub(crate) path_key: u64,
}

impl Cursor {
    pub(crate) fn root(pos: &Position) -> Cursor {
        Cursor {
            pos: pos.clone(),
            depth: 0,
            path_key: 0,
        }
    }

    pub(crate) fn child(&self, m: Move) -> Cursor {
        let mut pos = self.pos.clone();
        pos.play_unchecked(m);
        Cursor {
            pos,
            depth: self.depth + 1,
            path_key: child_path_key(self.path_key, &m, self.depth),
        }
    }
}

/// Nodes granted to each check when looking for alternative mates (余詰); a check still
/// undecided after them is reported apart. On the 427 generated problems none is left
/// (20,000 left 20 at the root, two of them 余詰) for 1.3 % more nodes (MEASUREMENTS.md).
const ALTERNATIVE_NODES: u64 = 100_000;

/// Plies after an alternative check from which its refutation is first asked of the
/// defences that refuted it two plies shorter ([`Searcher::escapes_as_before`]). On the 427
/// generated problems the full answer takes 8.58 M nodes from 6 plies and 8.61 M from 4;
/// with the table's refutations alone, 8.85 M from 6, 8.90 M from 4 and 9.72 M from 8;
/// 10.14 M without asking.
const ESCAPES_AS_BEFORE_PLIES: u32 = 6;

/// A main line and the alternative mating moves (余詰) on it.
#[derive(Debug, Default)]
pub(crate) struct MainLine {
    pub(crate) line: Vec<Move>,
    pub(crate) yozume: Yozume,
    /// Whether every attacker node of the line had its alternatives searched: false when
    /// none were asked for, or the budget ran out part way (the later nodes are in neither
    /// list of `yozume`).
    pub(crate) complete: bool,
}

/// Other checks along a line that mate as fast as the line's own (余詰), as (ply, move).
#[derive(Debug, Default)]
pub(crate) struct Yozume {
    pub(crate) found: Vec<(usize, Move)>,
    /// Checks left undecided within their bounded search.
    pub(crate) undecided: Vec<(usize, Move)>,
}

/// The mating moves of one attacker node, the first being the line's. When the budget ran
/// out while alternatives were searched (the searcher's stop set), `found` holds the line's
/// move and the alternatives found before.
#[derive(Debug, Default)]
struct Mating {
    found: Vec<Move>,
    /// Checks searched as alternatives and left undecided within their nodes.
    undecided: Vec<Move>,
}

impl Searcher<'_, '_> {
    /// Whether `c` has a mate within `r` plies; `None` when the budget ran out.
    pub(crate) fn mate_within(&mut self, c: &Cursor, r: u32) -> Option<bool> {
        self.mate_at_horizon(c, Len::try_from(r).unwrap_or(Len::MAX - 1))
    }

    /// [`Searcher::mate_within`] with the horizon as the search takes it (`LEN_INF`: none).
    pub(crate) fn mate_at_horizon(&mut self, c: &Cursor, r: Len) -> Option<bool> {
        let v = self.search(&c.pos, c.depth, r, c.path_key);
        if v.is_proven() {
            Some(true)
        } else if v.is_disproven() {
            Some(false)
        } else {
            None
        }
    }

    /// Moves of `c` ordered by the table: for the attacker the shortest known proof first,
    /// for the defender the longest.
    fn ordered_moves(&self, c: &Cursor) -> MoveList {
        let attacker_to_move = c.pos.turn() == self.attacker;
        let mut moves = if attacker_to_move {
            c.pos.check_moves()
        } else {
            c.pos.legal_moves()
        };
        let score = |m: &Move| -> i64 {
            let mut p = c.pos.clone();
            p.play_unchecked(*m);
            let n = self.node(&p, 0, LEN_INF, 0);
            match self
                .table
                .probe(n.board_key, n.attacker_hand, n.defender_hand, LEN_INF)
            {
                Probe::Proven { len, .. } => {
                    if attacker_to_move {
                        i64::from(len)
                    } else {
                        -i64::from(len)
                    }
                }
                Probe::Disproven { .. } => {
                    if attacker_to_move {
                        1 << 40
                    } else {
                        -(1 << 40)
                    }
                }
                _ => 1 << 20,
            }
        };
        moves.sort_by_cached_key(score);
        moves
    }

    /// Runs `f` with the line's positions before `c` marked as the path.
    fn with_path<T>(&mut self, prefix: &[Cursor], f: impl FnOnce(&mut Self) -> T) -> T {
        for p in prefix {
            self.push_path(&p.pos, p.depth);
        }
        let out = f(self);
        for p in prefix.iter().rev() {
            self.pop_path(&p.pos, p.depth);
        }
        out
    }

    /// The attacker's mating moves at `c` within `r` plies (the first only unless `all`).
    fn mating_moves(&mut self, prefix: &[Cursor], c: &Cursor, r: u32, all: bool) -> Option<Mating> {
        let mut out = Mating::default();
        // The defence that refuted the last alternative refuted here, asked of the next.
        let mut refuted_by = None;
        for m in self.ordered_moves(c) {
            let child = c.child(m);
            let key = child.pos.key();
            if prefix.iter().any(|p| p.pos.key() == key) {
                continue; // a repetition: the attacker's failure, whatever the table says
            }
            let search = |s: &mut Self| s.mate_on_line(prefix, c, &child, r - 1);
            let ok = if out.found.is_empty() {
                search(self)?
            } else {
                // Alternatives get a bounded search each; undecided ones are reported apart.
                let refute_or_search = |s: &mut Self| {
                    if s.escapes_as_before(prefix, c, &child, r - 1, refuted_by)? {
                        return Some(false);
                    }
                    search(s)
                };
                match self.limited(ALTERNATIVE_NODES, |s| s.asking_from_below(refute_or_search)) {
                    Some(false) => {
                        refuted_by = self.escaping_defence(&child, r - 1).or(refuted_by);
                        false
                    }
                    Some(true) => true,
                    None if self.stop.is_some() => return Some(out),
                    None => {
                        out.undecided.push(m);
                        false
                    }
                }
            };
            if ok {
                out.found.push(m);
                if !all {
                    break;
                }
            }
        }
        Some(out)
    }

    /// Whether a defence at `child` (the defender to move after the check `c` on the line
    /// `prefix`, `r` plies left) that the table shows escaping every mate within `r - 3`,
    /// or else `also` (the defence that refuted the check before this one), escapes every
    /// mate within `r - 1`; `None` when the budget ran out.
    ///
    /// Every check at a line's attacker node is known not to mate within two plies fewer
    /// than the line's move (the root's by the exact length's last question, the others'
    /// by the longest defence that led there), and the table keeps the defences that
    /// refuted them. Most of the checks that do not mate within the line's plies are
    /// refuted again by such a defence: asked first, it settles them before the defender
    /// node's search spreads over its other defences, whose first numbers know nothing of
    /// the shorter bound. Below [`ESCAPES_AS_BEFORE_PLIES`] the plain search costs less.
    fn escapes_as_before(
        &mut self,
        prefix: &[Cursor],
        c: &Cursor,
        child: &Cursor,
        r: u32,
        also: Option<Move>,
    ) -> Option<bool> {
        if r < ESCAPES_AS_BEFORE_PLIES {
            return Some(false);
        }
        let shorter = Len::try_from(r - 3).unwrap_or(Len::MAX - 1);
        let defences = child.pos.legal_moves();
        let start = self.nodes;
        let known: Vec<Move> = defences
            .iter()
            .copied()
            .filter(|&d| self.known_escape(child, d, shorter))
            .collect();
        let also = also.filter(|m| defences.contains(m) && !known.contains(m));
        for defence in known.into_iter().chain(also) {
            let after = child.child(defence);
            let on_line = std::slice::from_ref(c);
            if !self.with_path(prefix, |s| s.mate_on_line(on_line, child, &after, r - 1))? {
                self.store_escape(child, defence, &after, r, self.nodes - start);
                return Some(true);
            }
        }
        Some(false)
    }

    /// Stores the disproof of `child` within `r` plies that `defence`, leading to `after`,
    /// shows (the table's disproof of `after` within `r - 1`, as the search would carry it
    /// up): later questions about the same check, such as the convention answer's, find it
    /// there instead of searching again. Nothing is stored when the table does not hold
    /// that disproof outright (a repetition on the line made it).
    fn store_escape(&mut self, child: &Cursor, defence: Move, after: &Cursor, r: u32, work: u64) {
        let horizon = Len::try_from(r).unwrap_or(Len::MAX - 1);
        let a = self.node(&after.pos, after.depth, len_dec(horizon), 0);
        let Probe::Disproven { len, atk, def } =
            self.table
                .probe(a.board_key, a.attacker_hand, a.defender_hand, a.horizon)
        else {
            return;
        };
        let n = self.node(&child.pos, child.depth, horizon, child.path_key);
        let v = Value::disproven(len_inc(len), atk, before_move(def, &defence), NO_REPETITION);
        self.store(&n, &v, work);
    }

    /// A defence at `child` (`r` plies left) whose position the table shows without a
    /// mate within `r - 1`: what refuted the check that led to `child`. Only asked where
    /// [`Searcher::escapes_as_before`] would use it.
    fn escaping_defence(&self, child: &Cursor, r: u32) -> Option<Move> {
        if r < ESCAPES_AS_BEFORE_PLIES {
            return None;
        }
        let horizon = Len::try_from(r - 1).unwrap_or(Len::MAX - 1);
        let defences = child.pos.legal_moves();
        defences
            .into_iter()
            .find(|&d| self.known_escape(child, d, horizon))
    }

    /// Whether the table shows no mate within `horizon` after `defence` at `child`.
    fn known_escape(&self, child: &Cursor, defence: Move, horizon: Len) -> bool {
        let after = child.child(defence);
        let n = self.node(&after.pos, 0, horizon, 0);
        let probe = self
            .table
            .probe(n.board_key, n.attacker_hand, n.defender_hand, horizon);
        matches!(probe, Probe::Disproven { .. })
    }

    /// The minimax main line of a position with exact mate length `n`, and the
    /// alternative mating moves per attacker ply when `alternatives` is set.
    pub(crate) fn main_line(
        &mut self,
        root: &Position,
        n: u32,
        alternatives: bool,
    ) -> Option<MainLine> {
        let mut cur = Cursor::root(root);
        let mut prefix: Vec<Cursor> = Vec::new();
        let mut out = MainLine {
            complete: alternatives,
            ..MainLine::default()
        };
        let mut alternatives = alternatives;
        let mut resumed = false;
        let mut r = n;
        while r > 0 {
            // The length is proven: when the caller's budget stops the search (in an
            // alternative, or in the line's own move, which is then searched again), the
            // line is written out within a reserve, the later nodes' alternatives left
            // unsearched.
            let m = loop {
                let step = self.line_move(&prefix, &cur, &mut r, alternatives, &mut out);
                if resumed || self.stop.is_none() {
                    break step?;
                }
                resumed = true;
                self.resume_for(super::ANSWER_RESERVE);
                alternatives = false;
                out.complete = false;
                if let Some(m) = step {
                    break m;
                }
            };
            out.line.push(m);
            let next = cur.child(m);
            prefix.push(std::mem::replace(&mut cur, next));
            r -= 1;
        }
        Some(out)
    }

    /// The line's move at `cur` (`r` plies left, lowered where a defence mates sooner),
    /// the alternatives found beside an attacker's move added to `out`; `None` when the
    /// budget ran out before the move was found (after it, the move with the stop set).
    fn line_move(
        &mut self,
        prefix: &[Cursor],
        cur: &Cursor,
        r: &mut u32,
        alternatives: bool,
        out: &mut MainLine,
    ) -> Option<Move> {
        if cur.pos.turn() != self.attacker {
            // With an inexact bound every defence may mate sooner: tighten and retry.
            return loop {
                match self.longest_defence(prefix, cur, *r)? {
                    Some(m) => break Some(m),
                    None if *r >= 4 => *r -= 2,
                    None => return None,
                }
            };
        }
        let mating = self.mating_moves(prefix, cur, *r, alternatives)?;
        let first = *mating.found.first()?;
        let ply = out.line.len();
        let yozume = &mut out.yozume;
        yozume
            .found
            .extend(mating.found.into_iter().skip(1).map(|a| (ply, a)));
        yozume
            .undecided
            .extend(mating.undecided.into_iter().map(|a| (ply, a)));
        Some(first)
    }

    /// Whether `child` (of `c`, at the end of the line `prefix`) mates within `r` plies
    /// (`LEN_INF`: none), the line's positions on the path; `None` when the budget ran out.
    fn mate_on_line(
        &mut self,
        prefix: &[Cursor],
        c: &Cursor,
        child: &Cursor,
        r: u32,
    ) -> Option<bool> {
        self.with_path(prefix, |s| {
            s.push_path(&c.pos, c.depth);
            let ok = s.mate_within(child, r);
            s.pop_path(&c.pos, c.depth);
            ok
        })
    }

    /// The proven mate length bound of `c` in the table, if within `r`.
    fn proven_len(&self, c: &Cursor, r: u32) -> Option<u32> {
        let n = self.node(&c.pos, 0, Len::try_from(r).unwrap_or(Len::MAX - 1), 0);
        match self
            .table
            .probe(n.board_key, n.attacker_hand, n.defender_hand, n.horizon)
        {
            Probe::Proven { len, .. } => Some(u32::from(len)),
            _ => None,
        }
    }

    /// A defence whose child has no mate within `r - 3` (so exactly `r - 1`); `Some(None)`
    /// when every defence mates sooner.
    fn longest_defence(&mut self, prefix: &[Cursor], c: &Cursor, r: u32) -> Option<Option<Move>> {
        let moves = self.ordered_moves(c);
        if r < 3 {
            return Some(moves.first().copied());
        }
        for m in moves {
            let child = c.child(m);
            if !self.mate_on_line(prefix, c, &child, r - 3)? {
                return Some(Some(m));
            }
        }
        Some(None)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::time::Duration;

    use shogi::Position;

    use super::Cursor;
    use crate::pn::Len;
    use crate::problem::parse_position;
    use crate::search::{Budget, Searcher};
    use crate::table::{Probe, Table};

    /// Runs `f` on gen1-7-23 of the generated problems (a mate in 7 with a big attacker
    /// hand: G*5d 5c6b G*6c 6b7a R*7b 7a6a S*5b) and a searcher without limits from it, on
    /// a table of 16 MiB.
    pub(crate) fn on_seven_plies<T>(f: impl FnOnce(&Position, &mut Searcher<'_, '_>) -> T) -> T {
        let root = parse_position("9/6+p2/4k4/5R3/9/9/9/9/9 b R2B2G3SNL2gs3n3l17p 1").unwrap();
        let mut tt = Table::new(1 << 24);
        let budget = Budget::new(None, None, None, None, Duration::from_secs(1));
        f(&root, &mut Searcher::new(&mut tt, &root, budget))
    }

    /// After the alternatives of a 7-ply problem's root are searched, the table holds "no
    /// mate within 6" for every check there that is neither the line's move nor a 余詰,
    /// also for those refuted by a defence that refuted them two plies shorter: the
    /// convention answer asks the same questions of the same checks next.
    #[test]
    fn refuted_alternatives_stay_in_the_table() {
        on_seven_plies(refuted_alternatives_in);
    }

    fn refuted_alternatives_in(root: &Position, s: &mut Searcher<'_, '_>) {
        // The exact level's questions: no mate within 5, a mate within 7.
        assert!(s.search(root, 0, 5, 0).is_disproven());
        assert!(s.search(root, 0, 7, 0).is_proven());
        let main = s.main_line(root, 7, true).unwrap();
        assert_eq!(main.line.len(), 7);
        let c = Cursor::root(root);
        let mut refuted = 0;
        for m in root.check_moves() {
            let mates = m == main.line[0] || main.yozume.found.contains(&(0, m));
            if mates {
                continue;
            }
            let child = c.child(m);
            let horizon: Len = 6;
            let n = s.node(&child.pos, 1, horizon, child.path_key);
            let probe = s
                .table
                .probe(n.board_key, n.attacker_hand, n.defender_hand, horizon);
            assert!(matches!(probe, Probe::Disproven { .. }), "{m}: {probe:?}");
            refuted += 1;
        }
        assert!(refuted > 30, "{refuted}");
    }
}
