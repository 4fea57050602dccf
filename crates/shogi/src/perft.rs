//! Perft: counting the leaves of the legal move tree, the standard move-generator test.

use crate::{MoveList, Position};

/// The number of legal move sequences of `depth` plies from `pos` (1 at depth 0).
///
/// The last ply is counted per origin with [`PieceMoves::len`](crate::PieceMoves::len),
/// without building moves.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut pos = pos.clone();
            perft_inner(&mut pos, depth)
        }
    }
}

fn perft_inner(pos: &mut Position, depth: u32) -> u64 {
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let mut nodes = 0;
    // The list lives here and is iterated by reference: returning or moving it would copy
    // all 593 slots.
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    for &m in &moves {
        let undo = pos.play_unchecked(m);
        nodes += perft_inner(pos, depth - 1);
        pos.undo_unchecked(m, undo);
    }
    nodes
}

/// As [`perft`], but playing every move, including those of the last ply (slower; a check
/// that make and unmake agree with the counting path).
#[must_use]
pub fn perft_make(pos: &Position, depth: u32) -> u64 {
    let mut pos = pos.clone();
    perft_make_inner(&mut pos, depth)
}

fn perft_make_inner(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    // The list lives here and is iterated by reference: returning or moving it would copy
    // all 593 slots.
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    for &m in &moves {
        let undo = pos.play_unchecked(m);
        nodes += perft_make_inner(pos, depth - 1);
        pos.undo_unchecked(m, undo);
    }
    nodes
}
