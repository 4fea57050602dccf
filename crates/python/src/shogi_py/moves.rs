//! `masu.shogi.LegalMoves`: the legal moves of a position as a sequence that makes `Move`
//! objects only for the items asked for (`len()` and `random.choice()` stay cheap).

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList};

use super::Move;
use super::mv::Interner;

/// The legal moves of a position: a read-only sequence of `Move` (`len()`, indexing,
/// iteration, `in` with a `Move` or USI text). Made by `Board.legal_moves`; it does not
/// change when the board does.
#[pyclass(module = "masu.shogi", frozen, sequence, skip_from_py_object)]
pub(crate) struct LegalMoves {
    moves: Vec<shogi::Move>,
    color: shogi::Color,
}

impl LegalMoves {
    pub(crate) fn new(pos: &shogi::Position) -> LegalMoves {
        // Filled in place: `legal_moves()` returns the 593-slot list by value, a copy of
        // several kilobytes for a few dozen moves.
        let mut list = shogi::MoveList::new();
        pos.legal_moves_into(&mut list);
        LegalMoves {
            moves: list.to_vec(),
            color: pos.turn(),
        }
    }

    fn at(&self, i: usize) -> Move {
        Move {
            mv: self.moves[i],
            color: self.color,
        }
    }
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Py<Move>> {
        let len = self.moves.len() as isize;
        let i = if index < 0 { index + len } else { index };
        if (0..len).contains(&i) {
            Interner::lock().get(py, self.at(i as usize))
        } else {
            Err(PyIndexError::new_err("legal move index out of range"))
        }
    }

    /// Iterates over a list of the moves, made at once: one call per move less than an
    /// iterator object of our own, and one lock of the interned moves.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let mut interner = Interner::lock();
        let mut moves = Vec::with_capacity(self.moves.len());
        for i in 0..self.moves.len() {
            moves.push(interner.get(py, self.at(i))?);
        }
        drop(interner);
        PyList::new(py, moves)?.try_iter()
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        if let Ok(m) = item.cast::<Move>() {
            return self.moves.contains(&m.get().mv);
        }
        item.extract::<String>()
            .is_ok_and(|text| self.moves.iter().any(|m| m.to_string() == text))
    }

    /// The moves in USI, in list order.
    fn usi(&self) -> Vec<String> {
        self.moves.iter().map(ToString::to_string).collect()
    }

    fn __repr__(&self) -> String {
        format!("<LegalMoves {}>", self.usi().join(" "))
    }
}
