//! Df-pn on several threads: while the main search runs from a root, helper threads
//! prove the defences it will need next, each on a table of its own, and hand the
//! results over.
//!
//! The main search publishes its current line now and then (every 1,024 nodes, in
//! [`Searcher::tick`]). A helper walks that line and, at the deepest defender node on it
//! with a defence that is neither the one the main search is in nor solved in the
//! helper's table, searches that defence within [`JOB_NODES`] (Kaneko's job-level
//! idea: whole subtrees handed out beside the main search). A defender node is proven only
//! when every defence is, so once the main search has refuted the defence it is in, it
//! finds the next one proven instead of searching it. A defence proven goes back with
//! its proof's tree of entries ([`proof_tree`]), one disproven (whatever the path) as one
//! entry; the main search stores them in its own table at its next publication.
//!
//! Why tables of their own: with one table for every thread (shards behind locks), a
//! helper's stale numbers written over the main search's sent it back into the same node
//! again and again, and a shard's growth alone changed the search (MEASUREMENTS.md).
//!
//! Helpers run under the searches from the root (the proof and the shortening's
//! horizons); the answer's many small searches below a fixed line stay on one thread.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use shogi::{Move, MoveList, Position};

use super::value::{NO_REPETITION, Value};
use super::{Budget, Node, Searcher};
use crate::pn::Len;
use crate::table::Table;

/// Stack of a helper thread (the recursion goes one frame per ply, as the main one's).
const HELPER_STACK_BYTES: usize = 256 << 20;

/// Nodes a helper spends on one defence before it looks at the main line again (and
/// goes on with the same defence if that is still the deepest one open).
const JOB_NODES: u64 = 20_000;

/// How long a helper waits when the main line has no open defence.
const IDLE: Duration = Duration::from_micros(200);

/// What the main search and its helpers share.
#[derive(Debug, Default)]
pub(crate) struct Exchange {
    /// The main search's current line from its root, as it last published it.
    line: Mutex<Vec<Move>>,
    /// Defences the helpers solved since the main search last took them.
    solved: Mutex<Vec<Solved>>,
}

/// A solved node a helper hands over: its table key, value and the nodes it cost.
#[derive(Debug, Clone, Copy)]
struct Solved {
    key: u64,
    v: Value,
    work: u64,
}

fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // Whoever panicked holding it left a whole value: a line or a list of entries.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What a helper copies from the main search.
#[derive(Debug, Clone, Copy)]
struct Rules {
    mate3: bool,
    stop_at_escape: bool,
    no_drops: bool,
}

impl Searcher<'_, '_> {
    /// Searches `node` (at `pos`) until it is solved or the budget ends, with a helper on
    /// each table of [`Searcher::helpers`] until then.
    pub(crate) fn search_with_helpers(&mut self, pos: &mut Position, node: Node) -> Value {
        let done = AtomicBool::new(false);
        let exchange = Arc::new(Exchange::default());
        let rules = Rules {
            mate3: self.mate3,
            stop_at_escape: self.stop_at_escape,
            no_drops: self.no_drops,
        };
        let mut tables = std::mem::take(&mut self.helpers);
        let (v, helper_nodes) = std::thread::scope(|scope| {
            let helpers: Vec<_> = tables
                .iter_mut()
                .filter_map(|table| {
                    let table: &mut Table = table;
                    let (root, start) = (self.root.clone(), pos.clone());
                    let helper = Helper {
                        rules,
                        done: &done,
                        exchange: &exchange,
                    };
                    std::thread::Builder::new()
                        .stack_size(HELPER_STACK_BYTES)
                        .spawn_scoped(scope, move || helper.run(table, &root, start, node))
                        // Without a thread the main search goes on alone.
                        .ok()
                })
                .collect();
            // Set however the main search ends: a helper stops only when told, and the
            // scope waits for every helper, so a panic in the main search (a caller's
            // progress callback) left the solve waiting for ever.
            let stop_helpers = StopHelpers(&done);
            self.exchange = Some(Arc::clone(&exchange));
            let v = self.search_alone(pos, node);
            self.exchange = None;
            self.line.clear();
            drop(stop_helpers);
            let nodes: u64 = helpers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .sum();
            (v, nodes)
        });
        self.helpers = tables;
        self.helper_nodes += helper_nodes;
        // What came in after the last publication serves the next search.
        self.take_solved(&exchange);
        v
    }

    /// Publishes the current line for the helpers and stores what they have solved; until
    /// [`Searcher::helpers_after`] nodes, nothing (the helpers wait for a line).
    pub(super) fn trade(&mut self) {
        let Some(exchange) = self.exchange.clone() else {
            return;
        };
        if self.nodes < self.helpers_after {
            return;
        }
        locked(&exchange.line).clone_from(&self.line);
        self.take_solved(&exchange);
    }

    fn take_solved(&mut self, exchange: &Exchange) {
        let solved = std::mem::take(&mut *locked(&exchange.solved));
        for Solved { key, v, work } in solved {
            let work = u32::try_from(work).unwrap_or(u32::MAX);
            if v.is_proven() {
                self.table
                    .store_proven(key, v.attacker_bound, v.defender_bound, v.len, work);
            } else {
                self.table
                    .store_disproven(key, v.attacker_bound, v.defender_bound, v.len, work);
            }
        }
    }
}

/// Tells the helpers that the main search is over when dropped, by its return or by a
/// panic.
struct StopHelpers<'a>(&'a AtomicBool);

impl Drop for StopHelpers<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// One helper thread and what it shares with the main search.
struct Helper<'a> {
    rules: Rules,
    /// Set when the main search is over.
    done: &'a AtomicBool,
    exchange: &'a Exchange,
}

/// A defence to search: the main line's first `ply` moves, then `defence`.
#[derive(Debug, Clone, Copy)]
struct Job {
    ply: usize,
    defence: Move,
}

impl Helper<'_> {
    /// Searches open defences beside the main line on `table` until `done`; returns the
    /// nodes.
    fn run(&self, table: &mut Table, root: &Position, start: Position, node: Node) -> u64 {
        // No reports (no callback), so the interval is never reached.
        let budget = Budget::new(
            None,
            None,
            Some(self.done),
            None,
            Duration::from_secs(86_400),
        );
        let mut s = Searcher::new(table, root, budget);
        s.mate3 = self.rules.mate3;
        s.stop_at_escape = self.rules.stop_at_escape;
        s.no_drops = self.rules.no_drops;
        let mut line = Vec::new();
        while !self.done.load(Ordering::Relaxed) && s.stop.is_none() {
            line.clone_from(&locked(&self.exchange.line));
            match self.deepest_open(&mut s, &start, node, &line) {
                Some(job) => self.work(&mut s, &start, node, &line, job),
                None => std::thread::sleep(IDLE),
            }
        }
        s.nodes
    }

    /// The deepest defender node of `line` with a defence other than the line's that the
    /// table has not solved.
    fn deepest_open(
        &self,
        s: &mut Searcher<'_, '_>,
        start: &Position,
        node: Node,
        line: &[Move],
    ) -> Option<Job> {
        let mut pos = start.clone();
        let mut n = node;
        let mut found = None;
        let mut moves = MoveList::new();
        for (ply, &mv) in line.iter().enumerate() {
            if !n.attacker_to_move {
                moves.clear();
                s.moves_into(&pos, false, &mut moves);
                let open = moves.iter().copied().find(|&d| {
                    d != mv
                        && !s
                            .lookup(&s.child_node(&mut pos, &n, d))
                            .is_some_and(|v| v.is_solved())
                });
                if let Some(defence) = open {
                    found = Some(Job { ply, defence });
                }
            }
            n = s.child_node(&mut pos, &n, mv);
            pos.play_unchecked(mv);
        }
        found
    }

    /// Searches `job` within [`JOB_NODES`], with the main line's positions before it on
    /// the helper's path (repetitions of them count as the main search counts them).
    fn work(
        &self,
        s: &mut Searcher<'_, '_>,
        start: &Position,
        node: Node,
        line: &[Move],
        job: Job,
    ) {
        let mut pos = start.clone();
        let mut n = node;
        for &mv in &line[..job.ply] {
            s.push_path(&pos, n.depth);
            n = s.child_node(&mut pos, &n, mv);
            pos.play_unchecked(mv);
        }
        s.push_path(&pos, n.depth);
        let child = s.child_node(&mut pos, &n, job.defence);
        pos.play_unchecked(job.defence);
        let start = s.nodes;
        let v = s.limited(JOB_NODES, |s| {
            Some(s.search_alone(&mut pos, child)).filter(Value::is_solved)
        });
        s.path.clear();
        let mut solved = Vec::new();
        match v {
            Some(v) if v.is_proven() => proof_tree(s, &pos, child, &mut solved),
            // A disproof that rests on a repetition of this path holds for it alone.
            Some(v) if v.repetition_depth == NO_REPETITION => solved.push(Solved {
                key: child.board_key,
                v,
                work: 0,
            }),
            _ => {}
        }
        if let Some(root) = solved.first_mut() {
            root.work = s.nodes - start;
            locked(&self.exchange.solved).append(&mut solved);
        }
    }
}

/// Entries a helper hands over for one proof at most.
const MAX_HANDED: usize = 100_000;

/// The proof of `node` (at `pos`) in the helper's table, root first: the node's entry, and
/// below it every defence's and each attacker node's shortest proven check's, as far as
/// the table still holds them (at most [`MAX_HANDED`]). The main search gets the whole
/// tree, not the root's entry alone, so that a line written from its table (the proof
/// level's) can follow the proof down instead of searching every step of it again.
fn proof_tree(s: &Searcher<'_, '_>, pos: &Position, node: Node, out: &mut Vec<Solved>) {
    let mut seen = HashSet::new();
    let mut stack = vec![(pos.clone(), node)];
    let mut moves = MoveList::new();
    while let Some((mut pos, n)) = stack.pop() {
        if out.len() >= MAX_HANDED || !seen.insert((n.position_key, n.horizon)) {
            continue;
        }
        let Some(v) = s.lookup(&n).filter(Value::is_proven) else {
            continue;
        };
        out.push(Solved {
            key: n.board_key,
            v,
            work: 1,
        });
        moves.clear();
        s.moves_into(&pos, n.attacker_to_move, &mut moves);
        let mut shortest: Option<(Len, Position, Node)> = None;
        for &m in &moves {
            let child = s.child_node(&mut pos, &n, m);
            let mut next = pos.clone();
            next.play_unchecked(m);
            if !n.attacker_to_move {
                stack.push((next, child));
                continue;
            }
            let len = s.lookup(&child).filter(Value::is_proven).map(|v| v.len);
            if let Some(len) = len
                && shortest.as_ref().is_none_or(|(l, ..)| len < *l)
            {
                shortest = Some((len, next, child));
            }
        }
        if let Some((_, next, child)) = shortest {
            stack.push((next, child));
        }
    }
}
