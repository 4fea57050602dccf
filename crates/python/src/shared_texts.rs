//! Texts handed to Python as strings made once and shared, instead of a new string
//! formatted for each item on each call: a reversi move's (`Board.legal_moves`, `.moves`,
//! `.undo()`) and a shogi piece's (`Board.pieces`, `Board.piece`).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;
use reversi::{Move, Square};
use shogi::{Color, Piece, PieceKind};

/// A table of shared strings, made at its first use.
type Table = PyOnceLock<Vec<Py<PyString>>>;

/// The strings of the 64 reversi squares by index, then `pass`.
static REVERSI_MOVES: Table = PyOnceLock::new();

/// Where `pass` is in [`REVERSI_MOVES`].
const PASS: usize = 64;

/// The SFEN strings of the shogi pieces: Black's 14 kinds by index, then White's.
static PIECES: Table = PyOnceLock::new();

/// The string at `index` of `table`, whose texts `texts` gives when it is made.
fn shared<'py, T: ToString>(
    py: Python<'py>,
    table: &Table,
    texts: impl FnOnce() -> Vec<T>,
    index: usize,
) -> Bound<'py, PyString> {
    let strings = table.get_or_init(py, || {
        texts()
            .iter()
            .map(|t| PyString::new(py, &t.to_string()).unbind())
            .collect()
    });
    strings[index].bind(py).clone()
}

/// The text of a reversi move: `d3`, `pass`.
pub(crate) fn reversi_move(py: Python<'_>, m: Move) -> Bound<'_, PyString> {
    let index = match m {
        Move::Play(sq) => usize::from(sq.index()),
        Move::Pass => PASS,
    };
    let moves = || {
        let squares = (0..64).filter_map(Square::new).map(Move::Play);
        squares.chain([Move::Pass]).collect()
    };
    shared(py, &REVERSI_MOVES, moves, index)
}

/// The SFEN text of a shogi piece: `P`, `+r`.
pub(crate) fn piece(py: Python<'_>, p: Piece) -> Bound<'_, PyString> {
    let index = p.color.index() * PieceKind::ALL.len() + p.kind.index();
    let pieces = || {
        let kinds = |color| PieceKind::ALL.map(|kind| Piece::new(color, kind));
        Color::ALL.iter().flat_map(|&color| kinds(color)).collect()
    };
    shared(py, &PIECES, pieces, index)
}
