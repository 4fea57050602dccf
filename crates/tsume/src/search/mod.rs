//! The df-pn+ search over one table: node expansion, the MID recursion and the
//! budget / repetition bookkeeping shared by all phases.

mod dfpn;
mod expand;
pub(crate) mod line;
mod mate_in_one;
mod parallel;
pub(crate) mod value;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use shogi::{Color, Hand, KeyBuildHasher, Move, Position};

use crate::config::{INTERRUPT_INTERVAL, InterruptFn, Progress, ProgressFn};
use crate::pn::{LEN_INF, Len, Pn};
use crate::table::{Probe, Table};
use crate::verdict::StopReason;
use value::{NO_REPETITION, Value};

/// Deeper lines stop the search with [`StopReason::DepthLimit`] (the longest known
/// problem is 1525 plies).
pub(crate) const MAX_DEPTH: u32 = 4000;

/// Nodes granted after the budget ran out with a mate proven, to write the answer out.
pub(crate) const ANSWER_RESERVE: u64 = 2_000_000;

/// Path-dependent disproofs kept at most (the map is cleared when it grows past this).
const REP_CAP: usize = 1 << 20;

/// Node and time budgets, cancellation and progress reporting.
pub(crate) struct Budget<'c> {
    pub(crate) node_limit: Option<u64>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) cancel: Option<&'c AtomicBool>,
    pub(crate) progress: Option<&'c mut ProgressFn>,
    pub(crate) interval: Duration,
    pub(crate) start: Instant,
    /// `None` when the interval reaches past what an `Instant` holds: never.
    next_report: Option<Instant>,
    next_check: u64,
    /// Asked on this thread whether to stop ([`Budget::interruptible`]).
    interrupt: Option<&'c InterruptFn>,
    next_interrupt: Instant,
}

impl std::fmt::Debug for Budget<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("node_limit", &self.node_limit)
            .finish_non_exhaustive()
    }
}

impl<'c> Budget<'c> {
    pub(crate) fn new(
        node_limit: Option<u64>,
        time: Option<Duration>,
        cancel: Option<&'c AtomicBool>,
        progress: Option<&'c mut ProgressFn>,
        interval: Duration,
    ) -> Budget<'c> {
        let start = Instant::now();
        Budget {
            node_limit,
            // A limit past what an `Instant` holds (`Duration::MAX`) is none.
            deadline: time.and_then(|t| start.checked_add(t)),
            cancel,
            progress,
            interval,
            start,
            next_report: start.checked_add(interval),
            next_check: 0,
            interrupt: None,
            next_interrupt: start + INTERRUPT_INTERVAL,
        }
    }
}

impl<'c> Budget<'c> {
    /// The same budget for a search that carries on one begun at `start` (a solve moved to
    /// a thread of its own): its time limit and progress reports count from then.
    pub(crate) fn begun_at(mut self, start: Instant) -> Self {
        if let Some(deadline) = self.deadline {
            self.deadline = start.checked_add(deadline - self.start);
        }
        self.start = start;
        self.next_report = start.checked_add(self.interval);
        self.next_interrupt = start + INTERRUPT_INTERVAL;
        self
    }

    /// The same budget, asking `interrupt` about every [`INTERRUPT_INTERVAL`] whether to
    /// stop: for the search on the thread that called the solve, which `interrupt` may
    /// need. A `true` sets the cancel flag, which any thread's search then sees.
    pub(crate) fn interruptible(mut self, interrupt: Option<&'c InterruptFn>) -> Self {
        self.interrupt = interrupt;
        self
    }
}

/// One search: the table, the current path and the counters.
#[derive(Debug)]
pub(crate) struct Searcher<'t, 'c> {
    pub(crate) table: &'t mut Table,
    pub(crate) attacker: Color,
    /// Positions (full key) on the current path, with their depth.
    path: HashMap<u64, u32, KeyBuildHasher>,
    /// Disproofs that rely on a repetition above them, by path key: (position key, horizon,
    /// depth of the repeated ancestor).
    path_disproofs: HashMap<u64, (u64, Len, u32), KeyBuildHasher>,
    pub(crate) nodes: u64,
    pub(crate) budget: Budget<'c>,
    pub(crate) stop: Option<StopReason>,
    /// The first stop of the caller's budget that [`Searcher::resume_for`] lifted to write
    /// out an answer already proven: the answer it cut short says so ([`Mate::stopped`]).
    ///
    /// [`Mate::stopped`]: crate::Mate::stopped
    pub(crate) lifted: Option<StopReason>,
    /// A node count where a bounded sub-search (answer extraction) gives up.
    sub_limit: Option<u64>,
    /// The stop was the sub-search's, not the caller's budget.
    sub_stopped: bool,
    /// Try mate in three (not only one) at new attacker leaves.
    pub(crate) mate3: bool,
    /// A defender node with a horizon stops evaluating new children at any defence
    /// disproven for it (see `Searcher::settles`): set for the shortening's searches from
    /// below and the answer's bounded questions (`Searcher::asking_from_below`).
    stop_at_escape: bool,
    /// The defender may not drop ([`Searcher::without_drops`]); the table keeps this
    /// game's entries apart, under keys mixed with [`NO_DROPS_KEY`].
    no_drops: bool,
    root: Position,
    /// The tables of helper threads that search beside this one ([`parallel`]); none on
    /// one thread.
    pub(crate) helpers: Vec<&'t mut Table>,
    /// The helpers get no line to work beside before this thread has searched this many
    /// nodes ([`crate::Config::helpers_after_nodes`]).
    pub(crate) helpers_after: u64,
    /// Nodes the helpers searched (beside [`Searcher::nodes`], this thread's).
    pub(crate) helper_nodes: u64,
    /// What this search shares with its helpers while they run ([`Searcher::line`] is
    /// kept only then).
    exchange: Option<std::sync::Arc<parallel::Exchange>>,
    /// The moves from the search's root to the node being searched.
    line: Vec<Move>,
    /// Nodes this deep stop the search with [`StopReason::DepthLimit`]: [`MAX_DEPTH`], or
    /// less for a search on a thread whose stack is not known to hold the longest lines.
    pub(crate) max_depth: u32,
    /// A node reached [`Searcher::max_depth`] (kept where a sub-search absorbed the stop
    /// itself): below [`MAX_DEPTH`], the answer may be weaker than a search with the full
    /// depth would give.
    pub(crate) depth_cut: bool,
}

/// Mixed into the table and path keys of the game where the defender may not drop.
const NO_DROPS_KEY: u64 = 0x6e6f_2d64_726f_7073;

/// Where a node sits: what the search needs besides the position.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    /// The attacker is to move: an OR node (one check that mates suffices), else an AND
    /// node (every defence must be refuted).
    pub(crate) attacker_to_move: bool,
    /// Plies from the root of the search.
    pub(crate) depth: u32,
    /// Plies left for the mate sought (`LEN_INF`: no limit).
    pub(crate) horizon: Len,
    /// [`Position::board_key`]: board and side to move, the table's key.
    pub(crate) board_key: u64,
    /// [`Position::key`]: board, hands and side to move, for repetitions on the path.
    pub(crate) position_key: u64,
    /// The moves from the root that led here, mixed into one key (see [`child_path_key`]).
    pub(crate) path_key: u64,
    pub(crate) attacker_hand: Hand,
    pub(crate) defender_hand: Hand,
}

impl<'t, 'c> Searcher<'t, 'c> {
    pub(crate) fn new(
        table: &'t mut Table,
        root: &Position,
        budget: Budget<'c>,
    ) -> Searcher<'t, 'c> {
        Searcher {
            table,
            attacker: root.turn(),
            path: HashMap::default(),
            path_disproofs: HashMap::default(),
            nodes: 0,
            budget,
            stop: None,
            lifted: None,
            sub_limit: None,
            sub_stopped: false,
            mate3: false,
            stop_at_escape: false,
            no_drops: false,
            root: root.clone(),
            helpers: Vec::new(),
            helpers_after: 0,
            helper_nodes: 0,
            exchange: None,
            line: Vec::new(),
            max_depth: MAX_DEPTH,
            depth_cut: false,
        }
    }

    pub(crate) fn node(&self, pos: &Position, depth: u32, horizon: Len, path_key: u64) -> Node {
        Node {
            attacker_to_move: pos.turn() == self.attacker,
            depth,
            horizon,
            board_key: if self.no_drops {
                pos.board_key() ^ NO_DROPS_KEY
            } else {
                pos.board_key()
            },
            position_key: pos.key(),
            path_key,
            attacker_hand: *pos.hand(self.attacker),
            defender_hand: *pos.hand(!self.attacker),
        }
    }

    /// Runs df-pn from `pos` (at `depth` on the current path) until it is solved within
    /// `horizon` or the budget runs out.
    pub(crate) fn search(
        &mut self,
        pos: &Position,
        depth: u32,
        horizon: Len,
        path_key: u64,
    ) -> Value {
        // The game without drops keeps its path-dependent disproofs apart (its children's
        // path keys follow from this one).
        let path_key = if self.no_drops {
            path_key ^ NO_DROPS_KEY
        } else {
            path_key
        };
        let node = self.node(pos, depth, horizon, path_key);
        if let Some(v) = self.lookup(&node).filter(Value::is_solved) {
            return v;
        }
        let mut work = pos.clone();
        if self.helpers.is_empty() || !self.path.is_empty() {
            // Under a fixed line (a path) the searches are small: one thread each.
            self.search_alone(&mut work, node)
        } else {
            self.search_with_helpers(&mut work, node)
        }
    }

    /// [`Searcher::search`] on this thread alone.
    fn search_alone(&mut self, pos: &mut Position, node: Node) -> Value {
        loop {
            let v = self.mid(pos, node, crate::pn::INF, crate::pn::INF);
            if v.is_solved() || self.stop.is_some() {
                return v;
            }
        }
    }

    /// Runs `f` in the game where the defender may not drop: every other move is a
    /// defence, a defender with only drops left is mated. Its mates are no longer than the
    /// real game's, so "no mate within r" there holds for the real game and for the tsume
    /// convention, which counts every defence that is not a drop.
    pub(crate) fn without_drops<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = std::mem::replace(&mut self.no_drops, true);
        let out = f(self);
        self.no_drops = saved;
        out
    }

    /// Marks `pos` (at `depth`) as on the path, for searches below a fixed line.
    pub(crate) fn push_path(&mut self, pos: &Position, depth: u32) {
        self.path.entry(pos.key()).or_insert(depth);
    }

    /// Undoes [`Searcher::push_path`].
    pub(crate) fn pop_path(&mut self, pos: &Position, depth: u32) {
        if self.path.get(&pos.key()) == Some(&depth) {
            self.path.remove(&pos.key());
        }
    }

    /// Runs `f` with [`Searcher::stop_at_escape`] set: for bounded questions ("a mate
    /// within r?") asked from below, where a defence that escapes the horizon settles its
    /// node and the other defences need not be looked at.
    pub(crate) fn asking_from_below<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let outer = self.stop_at_escape;
        self.stop_at_escape = true;
        let out = f(self);
        self.stop_at_escape = outer;
        out
    }

    /// Runs `f` with at most `n` more nodes; `None` if that (or the caller's) budget ends.
    pub(crate) fn limited<T>(
        &mut self,
        n: u64,
        f: impl FnOnce(&mut Self) -> Option<T>,
    ) -> Option<T> {
        let outer = self.sub_limit;
        let mine = self.nodes.saturating_add(n);
        self.sub_limit = Some(outer.map_or(mine, |o| o.min(mine)));
        let out = f(self);
        self.sub_limit = outer;
        if self.sub_stopped {
            if outer.is_some_and(|o| self.nodes >= o) {
                return None; // the enclosing sub-search is over too
            }
            self.sub_stopped = false;
            self.stop = None;
            return None;
        }
        out
    }

    /// Lifts a stop of the budget for `nodes` more and no deadline: for writing out an
    /// answer already proven. A cancellation stops it again at the next check.
    pub(crate) fn resume_for(&mut self, nodes: u64) {
        self.lifted = self.lifted.or(self.stop);
        self.stop = None;
        self.budget.node_limit = Some(self.nodes.saturating_add(nodes));
        self.budget.deadline = None;
    }

    /// Forgets path-dependent results (between phases with different paths).
    pub(crate) fn clear_rep(&mut self) {
        self.path_disproofs.clear();
    }

    /// What is known of a node without searching it: table (with hand superiority),
    /// repetition of the current path, path-dependent disproofs.
    pub(crate) fn lookup(&self, n: &Node) -> Option<Value> {
        let unknown =
            match self
                .table
                .probe(n.board_key, n.attacker_hand, n.defender_hand, n.horizon)
            {
                Probe::Proven { len, atk, def } => return Some(Value::proven(len, atk, def)),
                Probe::Disproven { len, atk, def } => {
                    return Some(Value::disproven(len, atk, def, NO_REPETITION));
                }
                Probe::Unknown { pn, dn } => Some(Value::unknown(pn, dn)),
                Probe::Missing => None,
            };
        if let Some(&d) = self.path.get(&n.position_key) {
            // Repeating a position of the path: the attacker gains nothing (perpetual check).
            return Some(Value::disproven(
                LEN_INF,
                n.attacker_hand,
                n.defender_hand,
                d,
            ));
        }
        let hit = self
            .path_disproofs
            .get(&n.path_key)
            .filter(|&&(full, len, _)| full == n.position_key && len >= n.horizon);
        if let Some(&(_, len, dep)) = hit {
            return Some(Value::disproven(len, n.attacker_hand, n.defender_hand, dep));
        }
        unknown
    }

    pub(crate) fn store(&mut self, n: &Node, v: &Value, work: u64) {
        let work = u32::try_from(work).unwrap_or(u32::MAX);
        if v.is_proven() {
            self.table
                .store_proven(n.board_key, v.attacker_bound, v.defender_bound, v.len, work);
        } else if v.is_disproven() {
            if v.repetition_depth == NO_REPETITION {
                self.table.store_disproven(
                    n.board_key,
                    v.attacker_bound,
                    v.defender_bound,
                    v.len,
                    work,
                );
            } else {
                if self.path_disproofs.len() >= REP_CAP {
                    self.path_disproofs.clear();
                }
                self.path_disproofs
                    .insert(n.path_key, (n.position_key, v.len, v.repetition_depth));
            }
        } else if self.stop.is_none() {
            self.store_numbers(n, v, work);
        }
    }

    /// Stores the numbers of the unsolved value `v` of `n` (its exact hands and horizon).
    fn store_numbers(&mut self, n: &Node, v: &Value, work: u32) {
        let (attacker, defender) = (n.attacker_hand, n.defender_hand);
        let key = n.board_key;
        self.table
            .store_unknown(key, attacker, defender, n.horizon, v.pn, v.dn, work);
    }

    /// Nodes of this thread and its helpers.
    pub(crate) fn all_nodes(&self) -> u64 {
        self.nodes + self.helper_nodes
    }

    /// Counts a node and, every so often, checks the budget and reports progress.
    pub(crate) fn tick(&mut self) {
        self.nodes += 1;
        if self.sub_limit.is_some_and(|l| self.nodes >= l) && self.stop.is_none() {
            self.stop = Some(StopReason::NodeLimit);
            self.sub_stopped = true;
        }
        if self.nodes < self.budget.next_check {
            return;
        }
        self.budget.next_check = self.nodes + 1024;
        if self.exchange.is_some() {
            self.trade();
        }
        if self.budget.node_limit.is_some_and(|l| self.nodes >= l) {
            self.stop = Some(StopReason::NodeLimit);
        }
        if self
            .budget
            .cancel
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            self.stop = Some(StopReason::Cancelled);
        }
        let now = Instant::now();
        if self.budget.deadline.is_some_and(|d| now >= d) {
            self.stop = Some(StopReason::TimeLimit);
        }
        if now >= self.budget.next_interrupt
            && let Some(interrupt) = self.budget.interrupt
        {
            self.budget.next_interrupt = now + INTERRUPT_INTERVAL;
            if interrupt() {
                self.stop = Some(StopReason::Cancelled);
                if let Some(cancel) = self.budget.cancel {
                    cancel.store(true, Ordering::Relaxed);
                }
            }
        }
        if self.budget.next_report.is_some_and(|at| now >= at) && self.budget.progress.is_some() {
            self.budget.next_report = now.checked_add(self.budget.interval);
            self.report(now);
        }
    }

    fn report(&mut self, now: Instant) {
        let elapsed = now - self.budget.start;
        let best_line = self.table_line(24);
        let nps = (self.nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
        let progress = Progress {
            nodes: self.nodes,
            nps,
            elapsed,
            best_line,
        };
        if let Some(f) = self.budget.progress.as_mut() {
            f(&progress);
        }
    }

    /// The most promising line by the table: the attacker's lowest proof number, the
    /// defender's lowest disproof number.
    pub(crate) fn table_line(&self, max: usize) -> Vec<Move> {
        let mut pos = self.root.clone();
        let mut line = Vec::new();
        while line.len() < max {
            let attacker_to_move = pos.turn() == self.attacker;
            let moves = if attacker_to_move {
                pos.check_moves()
            } else {
                pos.legal_moves()
            };
            let mut best: Option<(Pn, Move)> = None;
            for m in moves {
                let mut c = pos.clone();
                c.play_unchecked(m);
                let n = self.node(&c, 0, LEN_INF, 0);
                let Some(v) = self.lookup(&n) else { continue };
                let score = if attacker_to_move { v.pn } else { v.dn };
                if best.is_none_or(|(s, _)| score < s) {
                    best = Some((score, m));
                }
            }
            let Some((_, m)) = best else { break };
            pos.play_unchecked(m);
            line.push(m);
        }
        line
    }
}

/// The path key of a child: the parent's path key mixed with the move and its depth, so
/// equal keys mean (up to collisions) the same move sequence from the root.
pub(crate) fn child_path_key(parent: u64, m: &Move, depth: u32) -> u64 {
    let code: u64 = match *m {
        Move::Normal {
            from, to, promote, ..
        } => (from.index() as u64) | ((to.index() as u64) << 8) | (u64::from(promote) << 16),
        Move::Drop { kind, to } => 0x80 | (kind.index() as u64) | ((to.index() as u64) << 8),
    };
    parent ^ mix(code | (u64::from(depth) << 24))
}

fn mix(mut z: u64) -> u64 {
    // splitmix64 finaliser
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use shogi::{Position, UsiMove};

    use super::{Budget, Searcher};
    use crate::pn::Len;
    use crate::problem::parse_position;
    use crate::table::Table;

    /// The value of `pos` within `horizon`, found from `root`'s attacker on a fresh table,
    /// in the real game and in the one without defender drops.
    fn both_games(root: &Position, pos: &Position, horizon: Len) -> (bool, bool) {
        let mut tt = Table::new(1 << 20);
        let budget = Budget::new(None, None, None, None, Duration::from_secs(1));
        let mut s = Searcher::new(&mut tt, root, budget);
        let real = s.search(pos, 1, horizon, 0);
        let without = s.without_drops(|s| s.search(pos, 1, horizon, 0));
        assert!(real.is_solved() && without.is_solved());
        (real.is_proven(), without.is_proven())
    }

    /// The game without drops is never harder for the attacker: along the recorded lines
    /// of a third of the generated problems (1 to 11 plies), every position that mates
    /// within the plies left in the real game does so without defender drops too, and
    /// some mate sooner there (their defender had only interpositions to put it off).
    #[test]
    fn without_drops_the_attacker_is_never_weaker() {
        let problems = crate::problem::generated_problems();
        let mut shorter = 0;
        for p in problems.iter().step_by(3) {
            let crate::Expected::Mate(n) = p.expected else {
                continue;
            };
            let mut pos = p.position.clone();
            for (ply, &m) in p.solution.iter().enumerate() {
                let left = Len::try_from(n as usize - ply).unwrap();
                let mut tt = Table::new(1 << 20);
                let budget = Budget::new(None, None, None, None, Duration::from_secs(1));
                let mut s = Searcher::new(&mut tt, &p.position, budget);
                let real = s.search(&pos, 0, left, 0);
                let without = s.without_drops(|s| s.search(&pos, 0, left, 0));
                assert!(real.is_proven(), "{}: ply {ply}", p.name);
                assert!(without.is_proven(), "{}: ply {ply}", p.name);
                if left >= 3 {
                    let real = s.search(&pos, 0, left - 2, 0);
                    let without = s.without_drops(|s| s.search(&pos, 0, left - 2, 0));
                    // The recorded length is the shortest: no mate two plies sooner.
                    assert!(real.is_disproven(), "{}: ply {ply}", p.name);
                    shorter += usize::from(without.is_proven());
                }
                pos.play_unchecked(m);
            }
        }
        // Mates that only interpositions put off: the two games do differ here.
        assert!(shorter > 0);
    }

    fn after(pos: &Position, usi: &str) -> Position {
        let m = usi.parse::<UsiMove>().unwrap().to_move(pos).unwrap();
        let mut p = pos.clone();
        p.play_unchecked(m);
        p
    }

    /// A rook's check down the first file of a king walled in by its own lance and pawn:
    /// only drops on 1b-1h answer it, so without drops it is mate, with them not (one
    /// table for both games: neither reads the other's entries). With the pawn gone the
    /// king steps to 2b in both games.
    #[test]
    fn a_defender_without_drops_is_mated_where_only_drops_answer() {
        let root = parse_position("7lk/7p1/9/9/9/9/9/9/7R1 b - 1").unwrap();
        let checked = after(&root, "2i1i");
        assert_eq!(both_games(&root, &checked, 0), (false, true));
        assert_eq!(both_games(&root, &checked, 2), (false, true));
        let open = parse_position("7lk/9/9/9/9/9/9/9/7R1 b - 1").unwrap();
        let checked = after(&open, "2i1i");
        assert_eq!(both_games(&open, &checked, 0), (false, false));
    }
}
