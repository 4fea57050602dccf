//! The pieces `Board.set_pieces` and `Board.drop_move` take from Python, in the forms the
//! `pieces` and `pieces_in_hand` properties give them.

use pyo3::prelude::*;
use pyo3::types::PyString;
use shogi::{Hand, Piece, PieceKind};

use crate::errors::{value_error, wrong_type};

/// The kind a drop takes, from its SFEN letter.
pub(super) fn hand_kind(piece: &str) -> PyResult<PieceKind> {
    match piece.as_bytes() {
        &[c] if c.is_ascii_uppercase() => PieceKind::from_sfen_char(c).filter(|k| k.is_hand_kind()),
        _ => None,
    }
    .ok_or_else(|| {
        value_error(format!(
            "a piece to drop is P, L, N, S, G, B or R, not {piece:?}"
        ))
    })
}

/// The board of `pieces`: 81 SFEN pieces or `None`, in square index order.
pub(super) fn board_of(pieces: &Bound<'_, PyAny>) -> PyResult<[Option<Piece>; 81]> {
    let pieces: Vec<Bound<'_, PyAny>> = match pieces.cast::<PyString>() {
        Ok(_) => None,
        Err(_) => pieces.try_iter().ok(),
    }
    .ok_or_else(|| wrong_type("pieces is a list of 81 pieces", pieces))?
    .collect::<PyResult<_>>()?;
    let mut board = [None; 81];
    if pieces.len() != board.len() {
        return Err(value_error(format!(
            "pieces holds {} squares, not 81",
            pieces.len()
        )));
    }
    for (i, (square, item)) in board.iter_mut().zip(&pieces).enumerate() {
        if item.is_none() {
            continue;
        }
        // cshogi's lists hold piece codes: say what masu's hold.
        let text: String = item.extract().map_err(|_| {
            wrong_type(
                &format!("pieces[{i}]: a piece is an SFEN letter (\"P\", \"+r\", as Board.pieces gives it) or None"),
                item,
            )
        })?;
        let piece = Piece::from_sfen(text.as_bytes())
            .ok_or_else(|| value_error(format!("square {i}: {text:?} is no SFEN piece")))?;
        *square = Some(piece);
    }
    Ok(board)
}

/// A hand of `counts` in the order pawn, lance, knight, silver, gold, bishop, rook.
pub(super) fn hand_of(counts: &[u32]) -> PyResult<Hand> {
    let kinds = PieceKind::HAND;
    if counts.len() != kinds.len() {
        return Err(value_error(format!(
            "a hand holds 7 counts (pawn, lance, knight, silver, gold, bishop, rook), not {}",
            counts.len()
        )));
    }
    let mut hand = Hand::EMPTY;
    for (&kind, &n) in kinds.iter().zip(counts) {
        // Past a set's count either way: `set` says so.
        let n = u8::try_from(n).unwrap_or(u8::MAX);
        hand.set(kind, n).map_err(value_error)?;
    }
    Ok(hand)
}
