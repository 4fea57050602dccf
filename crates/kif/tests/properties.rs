//! Random legal games, with variations, comments, bookmarks, clocks and a result, written in
//! each format and read back: KIF gives the identical record, KI2 the identical tree without
//! the clocks (KI2 cannot hold them), USI the identical position.

use std::time::Duration;

use masu_kif::shogi::{Move, Position};
use masu_kif::{
    Handicap, HeaderKey, Mode, MoveTime, NodeId, NodeKind, Record, Special, StartPosition, ki2, kif,
};
use proptest::prelude::*;

/// A fixed-seed generator driven by proptest's seed, so every case is reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const COMMENTS: &[&str] = &[
    "好手",
    "*評価値=120",
    "角道を開ける　次は▲２二角成",
    "?!",
    "",
];
const SPECIALS: &[Special] = &[
    Special::Resign,
    Special::Interrupt,
    Special::Repetition,
    Special::TimeUp,
    Special::Mate,
    Special::SealedMove,
];

/// Plays up to `len` random legal moves after `from`, annotating them; returns the last node.
fn grow(record: &mut Record, rng: &mut Rng, from: NodeId, len: usize, clock: bool) -> NodeId {
    let Ok(mut pos) = record.position_at(from) else {
        return from;
    };
    let mut at = from;
    for _ in 0..len {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let taken: Vec<Move> = record.tree[at]
            .children()
            .iter()
            .filter_map(|&c| record.tree[c].recorded_move().map(|m| m.mv))
            .collect();
        let fresh: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| !taken.contains(m))
            .collect();
        if fresh.is_empty() {
            break;
        }
        let mv = fresh[rng.below(fresh.len())];
        // `at` is the root or a move: a move follows it.
        let Some(next) = record.push_move(at, mv) else {
            break;
        };
        at = next;
        pos.play_unchecked(mv);
        annotate(record, rng, at, clock);
    }
    if rng.below(3) == 0 {
        let special = SPECIALS[rng.below(SPECIALS.len())].clone();
        if let Some(id) = record.tree.push(at, NodeKind::Special(special)) {
            annotate(record, rng, id, clock);
            at = id;
        }
    }
    at
}

fn annotate(record: &mut Record, rng: &mut Rng, id: NodeId, clock: bool) {
    let ply = record.tree[id].ply();
    let node = &mut record.tree[id];
    if clock {
        let spent = rng.below(4000) as u64;
        node.time = Some(MoveTime {
            spent: Some(Duration::from_secs(spent)),
            total: Some(Duration::from_secs(spent + u64::from(ply) * 7)),
        });
    }
    if rng.below(4) == 0 {
        node.comments
            .push(COMMENTS[rng.below(COMMENTS.len())].to_owned());
    }
    if rng.below(10) == 0 {
        node.bookmarks.push(format!("しおり{ply}"));
    }
}

fn random_record(seed: u64, len: usize, branches: usize, clock: bool) -> Record {
    let mut rng = Rng(seed);
    let handicap = Handicap::ALL[rng.below(4) * rng.below(2) * 5 % Handicap::ALL.len()];
    let mut record = Record::with_start(StartPosition::handicap(handicap));
    record
        .headers
        .set(HeaderKey::Handicap, handicap.japanese_name());
    record.headers.set(HeaderKey::Black, "先手さん");
    record.headers.push("対局ID", "12345");
    if rng.below(2) == 0 {
        record.tree[NodeId::ROOT]
            .comments
            .push("開始局面".to_owned());
    }
    grow(&mut record, &mut rng, NodeId::ROOT, len, clock);
    for _ in 0..branches {
        let line: Vec<NodeId> = record.tree.main_line().collect();
        let Some(&at) = line.get(rng.below(line.len())) else {
            break;
        };
        let Some(parent) = record.tree[at].parent() else {
            continue;
        };
        if record.tree[parent].special().is_none() {
            let n = 1 + rng.below(len / 2 + 1);
            grow(&mut record, &mut rng, parent, n, clock);
        }
    }
    record
}

/// The tree without clocks and trailers.
fn shape(record: &Record) -> masu_kif::MoveTree {
    let mut tree = record.tree.clone();
    let ids: Vec<NodeId> = tree.ids().collect();
    for id in ids {
        tree[id].time = None;
        tree[id].trailer = None;
    }
    tree
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x006b_6966_5f6b_6932),
        ..ProptestConfig::default()
    })]

    #[test]
    fn kif_reads_back_identical(seed in any::<u64>(), len in 0usize..80, branches in 0usize..5) {
        let record = random_record(seed, len, branches, true);
        let text = kif::to_string(&record);
        let back = kif::read_str(&text, Mode::Strict);
        prop_assert!(back.is_ok(), "{:?}\n{text}", back.err());
        let back = back.map(|p| p.record).ok();
        prop_assert_eq!(back.as_ref(), Some(&record), "{}", text);
    }

    #[test]
    fn ki2_reads_back_the_same_tree(seed in any::<u64>(), len in 0usize..80, branches in 0usize..5) {
        let record = random_record(seed, len, branches, false);
        let text = ki2::to_string(&record);
        let back = ki2::read_str(&text, Mode::Strict);
        prop_assert!(back.is_ok(), "{:?}\n{text}", back.err());
        let back = back.map(|p| p.record).ok();
        prop_assert_eq!(back.as_ref().map(shape), Some(shape(&record)), "{}", text);
        prop_assert_eq!(back.map(|r| r.headers), Some(record.headers.clone()));
    }

    #[test]
    fn usi_sets_up_the_same_position(seed in any::<u64>(), len in 0usize..80, pick in any::<usize>()) {
        let record = random_record(seed, len, 2, false);
        let nodes: Vec<NodeId> = record
            .tree
            .ids()
            .filter(|&id| record.tree[id].special().is_none())
            .collect();
        let id = nodes[pick % nodes.len()];
        let usi = record.usi(id).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let pos: Position = usi.parse().map_err(|e| TestCaseError::fail(format!("{usi}: {e}")))?;
        let expected = record.position_at(id).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(pos.to_string(), expected.to_string(), "{}", usi);
    }
}
