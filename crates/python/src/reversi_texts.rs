//! The text of a reversi move as a Python string made once and shared: `Board.legal_moves`,
//! `Board.moves` and `Board.undo` hand out the same `str` objects for the same squares
//! instead of formatting a new string for each move on each call.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;
use reversi::{Move, Square};

/// The strings of the 64 squares by index, then `pass`.
static TEXTS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// Where `pass` is in [`TEXTS`].
const PASS: usize = 64;

/// The text of `m`: `d3`, `pass`.
pub(crate) fn move_text(py: Python<'_>, m: Move) -> Bound<'_, PyString> {
    let texts = TEXTS.get_or_init(py, || {
        (0..64)
            .filter_map(Square::new)
            .map(Move::Play)
            .chain([Move::Pass])
            .map(|m| PyString::new(py, &m.to_string()).unbind())
            .collect()
    });
    let index = match m {
        Move::Play(sq) => usize::from(sq.index()),
        Move::Pass => PASS,
    };
    texts[index].bind(py).clone()
}
