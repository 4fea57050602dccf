//! Perft: counting the leaves of the legal move tree, the standard move-generator test.

use crate::{MoveList, Position};

/// The number of legal move sequences of `depth` plies from `pos` (1 at depth 0).
///
/// The last ply is counted per origin with [`PieceMoves::len`](crate::PieceMoves::len),
/// without building moves.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    walk(&mut pos.clone(), depth, LastPly::Counted)
}

/// As [`perft`], but playing every move, including those of the last ply (slower; a check
/// that make and unmake agree with the counting path).
#[must_use]
pub fn perft_make(pos: &Position, depth: u32) -> u64 {
    walk(&mut pos.clone(), depth, LastPly::Played)
}

/// How the last ply of a perft is taken.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LastPly {
    /// Counted from the destination sets, no move built.
    Counted,
    /// Every move built, played and undone.
    Played,
}

fn walk(pos: &mut Position, depth: u32, last: LastPly) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && last == LastPly::Counted {
        return pos.count_legal_moves() as u64;
    }
    let mut nodes = 0;
    // The list lives here and is iterated by reference: returning or moving it would copy
    // all 593 slots.
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    for &m in &moves {
        let undo = pos.play_unchecked(m);
        nodes += walk(pos, depth - 1, last);
        pos.undo_unchecked(m, undo);
    }
    nodes
}
