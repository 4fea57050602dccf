//! Writing out a proven mate when only an upper bound of its length is known: follow the
//! proofs in the table, and never repeat a position of the line.
//!
//! A stored proof is a mate from its position with no history, so the root's bound is
//! sound; but the stored lengths of neighbouring positions need not fit together (an
//! entry replaced, a proof found by hand superiority), and following the shortest stored
//! proof can then lead back onto the line. A repetition is the attacker's failure, so
//! the writer never plays into one: an attacker move that would repeat the line is not
//! tried, and when a defence could repeat it (or holds out past the plies left), the
//! writer goes back to the latest attacker move with an untried alternative.

use std::collections::HashSet;

use shogi::Move;

use super::Cursor;
use crate::search::Searcher;

/// The longest mate the search finds at a new leaf (mate in three, with
/// [`LeafSearch::MateInThree`](crate::LeafSearch::MateInThree)), whose checks and
/// replies it does not store.
const LEAF_MATE_PLIES: u32 = 3;

/// Times the writer may go back to an earlier attacker move before it gives up.
const MAX_RETRACTIONS: u32 = 10_000;

/// The untried checks of one attacker node of the line.
#[derive(Debug)]
struct Choice {
    /// Plies of the line before the node.
    ply: usize,
    /// Checks not tried yet, best last, with their stored proof length (`u32::MAX`:
    /// none within the plies left).
    rest: Vec<(u32, Move)>,
}

/// The line being written: its positions and moves.
#[derive(Debug)]
struct Line {
    /// The positions before the current one.
    prefix: Vec<Cursor>,
    current: Cursor,
    moves: Vec<Move>,
    keys: HashSet<u64>,
}

impl Line {
    fn new(root: &Cursor) -> Line {
        Line {
            prefix: Vec::new(),
            current: root.clone(),
            moves: Vec::new(),
            keys: HashSet::from([root.pos.key()]),
        }
    }

    fn repeats(&self, c: &Cursor) -> bool {
        self.keys.contains(&c.pos.key())
    }

    fn play(&mut self, m: Move) {
        let next = self.current.child(m);
        self.keys.insert(next.pos.key());
        self.prefix.push(std::mem::replace(&mut self.current, next));
        self.moves.push(m);
    }

    /// Takes the line back to its first `ply` moves.
    fn truncate(&mut self, ply: usize) {
        while self.moves.len() > ply {
            self.keys.remove(&self.current.pos.key());
            self.moves.pop();
            match self.prefix.pop() {
                Some(c) => self.current = c,
                None => break,
            }
        }
    }
}

impl Searcher<'_, '_> {
    /// A mating line of at most `n` plies that follows the proofs in the table (searching
    /// again, within the plies left and with the line's positions on the path, where no
    /// stored proof fits): the attacker's shortest proven move that does not repeat the
    /// line, the defender's longest reply. `None` when the budget runs out or no such line
    /// is found.
    pub(crate) fn proof_line(&mut self, root: &shogi::Position, n: u32) -> Option<Vec<Move>> {
        let mut line = Line::new(&Cursor::root(root));
        let mut choices: Vec<Choice> = Vec::new();
        let mut retractions = 0;
        loop {
            let ply = line.moves.len();
            let r = n - ply as u32;
            let cur = line.current.clone();
            let or = cur.pos.turn() == self.attacker;
            if r == 0 || (!or && !cur.pos.has_legal_moves()) {
                // The bound reached, or a defender mated early (the bound was loose).
                return Some(line.moves);
            }
            if or {
                let rest = self.ranked_checks(&line, &cur, r);
                choices.push(Choice { ply, rest });
            } else if let Some(m) = self.longest_reply(&line, &cur, r)? {
                line.play(m);
                continue;
            }
            // The latest attacker node plays its next check that mates in time; one with
            // none left is taken back.
            let mut retracting = !or;
            loop {
                if retracting {
                    retractions += 1;
                    if retractions > MAX_RETRACTIONS {
                        return None;
                    }
                }
                let choice = choices.last_mut()?;
                line.truncate(choice.ply);
                let r = n - choice.ply as u32;
                if let Some(m) = self.first_mating(&line, &mut choice.rest, r)? {
                    line.play(m);
                    break;
                }
                choices.pop();
                retracting = true;
            }
        }
    }

    /// The checks at `cur` that do not repeat the line, best last: shortest stored proof
    /// within `r - 1` plies first, then the rest in the table's order.
    fn ranked_checks(&self, line: &Line, cur: &Cursor, r: u32) -> Vec<(u32, Move)> {
        let mut ranked: Vec<(u32, Move)> = Vec::new();
        for m in self.ordered_moves(cur) {
            let child = cur.child(m);
            if !line.repeats(&child) {
                ranked.push((self.proven_len(&child, r - 1).unwrap_or(u32::MAX), m));
            }
        }
        // Stable: equal lengths keep the table's order.
        ranked.sort_by_key(|&(len, _)| len);
        ranked.reverse();
        ranked
    }

    /// Takes checks from `rest` (at the line's current position, `r` plies left) until one
    /// mates within `r - 1` plies, searching where no stored proof fits; `Some(None)` when
    /// none does.
    fn first_mating(
        &mut self,
        line: &Line,
        rest: &mut Vec<(u32, Move)>,
        r: u32,
    ) -> Option<Option<Move>> {
        let cur = &line.current;
        let horizon = self.search_horizon(cur, r);
        while let Some((len, m)) = rest.pop() {
            let child = cur.child(m);
            if len != u32::MAX || self.mate_on_line(&line.prefix, cur, &child, horizon)? {
                return Some(Some(m));
            }
        }
        Some(None)
    }

    /// The plies a search for a mate after a check from `cur` (`r` plies left there) needs
    /// to look: `r - 1`, or the plies of a mate found at a leaf ([`LEAF_MATE_PLIES`]) that
    /// the table proves from `cur`. Such a node has no child stored, and each check was
    /// searched within all the plies left, which after a check that is not the mate took
    /// 15 M nodes on a 5-ply problem whose table held proofs found by another thread.
    /// (Longer proofs keep all the plies left, so that the line keeps the longest defence
    /// the bound allows.)
    fn search_horizon(&self, cur: &Cursor, r: u32) -> u32 {
        match self.proven_len(cur, r) {
            Some(len) if len <= LEAF_MATE_PLIES => len - 1,
            _ => r - 1,
        }
    }

    /// The defender's longest reply at `cur`; `Some(None)` when a reply repeats the line
    /// or has no mate within the `r - 1` plies left.
    fn longest_reply(&mut self, line: &Line, cur: &Cursor, r: u32) -> Option<Option<Move>> {
        let mut best: Option<(Move, u32)> = None;
        for m in self.ordered_moves(cur) {
            let child = cur.child(m);
            if line.repeats(&child) {
                return Some(None);
            }
            let len = match self.proven_len(&child, r - 1) {
                Some(len) => len,
                None if self.mate_on_line(&line.prefix, cur, &child, r - 1)? => {
                    self.proven_len(&child, r - 1).unwrap_or(r - 1)
                }
                None => return Some(None),
            };
            if best.is_none_or(|(_, b)| len > b) {
                best = Some((m, len));
            }
        }
        Some(best.map(|(m, _)| m))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use shogi::{Position, UsiMove};

    use crate::pn::{LEN_INF, Len};
    use crate::problem::parse_position;
    use crate::search::{Budget, Searcher};
    use crate::table::Table;

    fn after(pos: &Position, usi: &str) -> Position {
        let m = usi.parse::<UsiMove>().unwrap().to_move(pos).unwrap();
        let mut p = pos.clone();
        p.play_unchecked(m);
        p
    }

    /// A bound on the mate length of `pos` (reached from `root`), from a search on a table
    /// of its own.
    fn proven_bound(root: &Position, pos: &Position) -> Len {
        let mut tt = Table::new(1 << 20);
        let budget = Budget::new(None, None, None, None, Duration::from_secs(1));
        let v = Searcher::new(&mut tt, root, budget).search(pos, 0, LEN_INF, 0);
        assert!(v.is_proven(), "{pos}");
        v.len
    }

    /// Stored proofs that are true but loose (and a loose bound at the root) lead the
    /// writer round the four-ply cycle 7e8d 9c9d 8d7e 9d9c, back to the root: the defence
    /// 9d9c repeats the line, so the writer must take 8d7e back and find another way.
    #[test]
    fn a_defence_that_repeats_the_line_is_avoided() {
        let root = parse_position("1G7/9/k8/2+R6/2S6/9/9/9/9 b r2b3g3s4n4l18p 1").unwrap();
        let d1 = after(&root, "7e8d");
        let a1 = after(&d1, "9c9d");
        let d2 = after(&a1, "8d7e");
        assert_eq!(after(&d2, "9d9c").key(), root.key());
        let n: Len = 41;
        let mut tt = Table::new(1 << 20);
        for (pos, len) in [(&d1, n - 1), (&a1, n - 2), (&d2, n - 3)] {
            assert!(proven_bound(&root, pos) <= len);
            let budget = Budget::new(None, None, None, None, Duration::from_secs(1));
            let s = Searcher::new(&mut tt, &root, budget);
            let node = s.node(pos, 0, LEN_INF, 0);
            tt.store_proven(
                node.board_key,
                node.attacker_hand,
                node.defender_hand,
                len,
                1,
            );
        }
        let budget = Budget::new(None, None, None, None, Duration::from_secs(1));
        let line = Searcher::new(&mut tt, &root, budget)
            .proof_line(&root, u32::from(n))
            .expect("a line");
        let mut pos = root.clone();
        let mut seen = std::collections::HashSet::from([pos.key()]);
        for (i, &m) in line.iter().enumerate() {
            assert!(pos.is_legal(&m), "ply {i}: {m}");
            if pos.turn() == root.turn() {
                assert!(pos.gives_check(&m), "ply {i}: {m}");
            }
            pos.play_unchecked(m);
            assert!(seen.insert(pos.key()), "ply {i}: {m} repeats the line");
        }
        assert!(pos.turn() != root.turn() && pos.is_checkmate(), "{line:?}");
        assert!(line.len() <= usize::from(n));
    }
}
