//! Records of adversarial shapes, built with the `Record` API from legal moves: a long
//! game, a chain of variations each nested in the one before, a fork of many alternatives,
//! a huge comment. Shared by the adversarial tests and the `kif_scaling` bench.

// Every move here follows the root or a move: a shape that could not be built should fail
// loudly.
#![allow(clippy::expect_used)]

use masu_kif::shogi::{Move, Position, UsiMove};
use masu_kif::{DiagnosticKind, MoveTree, NodeId, NodeKind, Parsed, ReadError, Record, Special};

/// The kings step forward and back: every move legal in its position, as long as wanted.
/// By the rules the game ends at ply 12, the fourth occurrence of the start position; a
/// record may go on past it ([`read_back`]).
const SHUFFLE: [&str; 4] = ["5i5h", "5a5b", "5h5i", "5b5a"];

/// The record read back from the text written of a shape. Its kings' shuffle goes on past
/// the fourfold repetition that ends the game, which a reader reports once
/// ([`DiagnosticKind::AfterRepetition`]) and a strict reading refuses: the text is read
/// leniently (`read`), and any other diagnostic, or that one twice, fails.
pub(crate) fn read_back(read: Result<Parsed, ReadError>, what: &str) -> Record {
    let parsed = read.unwrap_or_else(|e| panic!("{what}: {e}"));
    let other = parsed
        .warnings
        .iter()
        .find(|d| d.kind != DiagnosticKind::AfterRepetition);
    assert!(other.is_none(), "{what}: {other:?}");
    assert!(parsed.warnings.len() <= 1, "{what}: {:?}", parsed.warnings);
    parsed.record
}

/// A pawn step each side can always play while the kings shuffle: the alternatives.
const PAWN: [&str; 2] = ["1g1f", "1c1d"];

fn resolve(pos: &Position, usi: &str) -> Move {
    let usi: UsiMove = usi.parse().unwrap_or_else(|e| panic!("{usi}: {e:?}"));
    usi.to_move(pos)
        .unwrap_or_else(|e| panic!("{usi} in {pos}: {e}"))
}

/// A main line of `plies` king moves.
pub(crate) fn long_game(plies: usize) -> Record {
    let mut record = Record::new();
    let mut pos = Position::startpos();
    let mut at = NodeId::ROOT;
    for ply in 0..plies {
        let mv = resolve(&pos, SHUFFLE[ply % 4]);
        pos.play_unchecked(mv);
        at = record.push_move(at, mv).expect("a move follows a move");
    }
    record
}

/// `depth` variations, each inside the one before: at every ply the line goes on through a
/// variation (the king move) while its main continuation is a pawn step that ends there.
pub(crate) fn deep_chain(depth: usize) -> Record {
    let mut record = Record::new();
    let mut pos = Position::startpos();
    let mut at = NodeId::ROOT;
    for ply in 0..depth {
        let pawn = resolve(&pos, PAWN[ply % 2]);
        record.push_move(at, pawn).expect("a move follows a move");
        let mv = resolve(&pos, SHUFFLE[ply % 4]);
        pos.play_unchecked(mv);
        at = record.push_move(at, mv).expect("a move follows a move");
    }
    record
}

/// Specials a KI2 trailer can state, cycled through by [`wide_fork`].
const SPECIALS: [Special; 6] = [
    Special::Resign,
    Special::Interrupt,
    Special::Repetition,
    Special::Impasse,
    Special::TimeUp,
    Special::SealedMove,
];

/// `width` alternatives for the first move: every legal move of the start position, then
/// specials (a node cannot have two children with the same move: readers merge them).
pub(crate) fn wide_fork(width: usize) -> Record {
    let mut record = Record::new();
    let pos = Position::startpos();
    for mv in pos.legal_moves().into_iter().take(width) {
        record
            .push_move(NodeId::ROOT, mv)
            .expect("a move follows the root");
    }
    for i in record.tree.len() - 1..width {
        let special = SPECIALS[i % SPECIALS.len()].clone();
        record.tree.push(NodeId::ROOT, NodeKind::Special(special));
    }
    record
}

/// A short game whose second move carries one comment of `bytes` bytes (one line).
pub(crate) fn big_comment(bytes: usize) -> Record {
    let mut record = long_game(4);
    let text = "長い棋譜コメント、".repeat(bytes / 27 + 1);
    let second = record.tree.main_line().nth(1).unwrap_or(NodeId::ROOT);
    record.tree[second].comments.push(text);
    record
}

/// The tree as KI2 reads it back: KI2 states results in `まで` trailers, which its reader
/// keeps on the special.
pub(crate) fn without_trailers(tree: &MoveTree) -> MoveTree {
    let mut tree = tree.clone();
    let ids: Vec<_> = tree.ids().collect();
    for id in ids {
        tree[id].trailer = None;
    }
    tree
}
