//! 余詰 on the convention line: other checks that mate within the line's remaining plies,
//! counted by convention.
//!
//! The line's own checks were already probed for a shorter mate while it was written out
//! (`conv_probe`), so every other check can at best tie: this asks the same question one
//! bound higher, with the memo of that walk, whose values are those of the line's
//! neighbourhood.

use shogi::{Move, Position};

use super::walk::PROBE_WIDTH;
use super::{Memo, SHORT_PLIES};
use crate::search::Searcher;
use crate::search::line::{Cursor, Yozume};

/// Nodes of the convention search for each check not settled by minimax.
const YOZUME_NODES: u64 = 50_000;

impl Searcher<'_, '_> {
    /// Pushes onto `out`, as (ply, move), the attacker moves along `line` (a convention
    /// line from `root`) other than the line's own that mate within the plies the line
    /// has left, counted by convention, and apart those undecided within their nodes;
    /// `None` when the caller's budget ran out (`out` keeps what was found by then).
    pub(crate) fn convention_alternatives(
        &mut self,
        memo: &mut Memo,
        root: &Position,
        line: &[Move],
        out: &mut Yozume,
    ) -> Option<()> {
        let width = std::mem::replace(&mut memo.width, PROBE_WIDTH);
        let mut pushed: Vec<Cursor> = Vec::new();
        let mut c = Cursor::root(root);
        let mut result = Some(());
        for (ply, &played) in line.iter().enumerate() {
            self.push_path(&c.pos, c.depth);
            memo.path.push(c.pos.key());
            pushed.push(c.clone());
            if c.pos.turn() == self.attacker {
                let left = (line.len() - ply) as u32;
                if self
                    .alternatives_at(memo, &c, played, left, ply, out)
                    .is_none()
                {
                    result = None;
                    break;
                }
            }
            c = c.child(played);
        }
        for p in pushed.iter().rev() {
            memo.path.pop();
            self.pop_path(&p.pos, p.depth);
        }
        memo.width = width;
        result
    }

    /// The checks at `c` (on the path) besides `played` that mate within `left - 1` plies
    /// after them (or are undecided), pushed onto `out` with `ply`.
    fn alternatives_at(
        &mut self,
        memo: &mut Memo,
        c: &Cursor,
        played: Move,
        left: u32,
        ply: usize,
        out: &mut Yozume,
    ) -> Option<()> {
        for m in self.ordered_moves(c) {
            if m == played {
                continue;
            }
            let child = c.child(m);
            if self.known_no_mate(&child) {
                continue;
            }
            match self.mates_by_convention(memo, &child, left - 1)? {
                Some(true) => out.found.push((ply, m)),
                Some(false) => {}
                None => out.undecided.push((ply, m)),
            }
        }
        Some(())
    }

    /// Whether `c` mates within `r` by convention: a minimax mate that short, or else a
    /// convention search of [`YOZUME_NODES`]; `Some(None)` when that is undecided.
    fn mates_by_convention(&mut self, memo: &mut Memo, c: &Cursor, r: u32) -> Option<Option<bool>> {
        match self.quick_mate_within(c, r)? {
            Some(true) => return Some(Some(true)),
            // No minimax mate at all, no convention mate (as in `conv_le_attack`, and with
            // its budget: with big attacker hands the question seldom decides, and on the
            // 427 generated problems 5,000 nodes left 36 of 40 undecided, 180 k nodes);
            // below `SHORT_PLIES` the convention search costs less than asking.
            _ if r >= SHORT_PLIES && self.mates_at_all(memo, c)? == Some(false) => {
                return Some(Some(false));
            }
            _ => {}
        }
        match self.limited(YOZUME_NODES, |s| s.conv_le(memo, c, r)) {
            Some(found) => Some(Some(found)),
            None if self.stop.is_some() => None,
            None => Some(None),
        }
    }
}
