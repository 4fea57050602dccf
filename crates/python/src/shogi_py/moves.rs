//! `masu.shogi.LegalMoves`: the legal moves of a position as a sequence that makes `Move`
//! objects only for the items asked for (`len()` and `random.choice()` stay cheap).

use std::sync::OnceLock;

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList, PyString, PyType};

use super::Move;
use super::board::needs_tsume_mode;
use super::mv::Interner;
use crate::errors::value_error;
use crate::pickle::{Reduced, reduce_with};
use crate::usi_text::UsiTexts;

/// The legal moves of a position: a read-only sequence of `Move` (`len()`, indexing,
/// iteration, `in` with a `Move` or USI text). Made by `Board.legal_moves`; it does not
/// change when the board does.
#[pyclass(module = "masu.shogi", frozen, sequence, skip_from_py_object)]
pub(crate) struct LegalMoves {
    /// The position, copied: the moves are generated when first asked for, and `len()`
    /// before that counts them without building the list (a perft's leaves, a
    /// `len(board.legal_moves)` loop: 258 against 331 ns at a middle-game position).
    position: shogi::Position,
    moves: OnceLock<Vec<shogi::Move>>,
}

impl LegalMoves {
    pub(crate) fn new(position: &shogi::Position) -> LegalMoves {
        LegalMoves {
            position: position.clone(),
            moves: OnceLock::new(),
        }
    }

    /// The moves, generated on the first call.
    fn moves(&self) -> &[shogi::Move] {
        self.moves.get_or_init(|| {
            // Filled in place: `legal_moves()` returns the 593-slot list by value, a copy
            // of several kilobytes for a few dozen moves.
            let mut list = shogi::MoveList::new();
            self.position.legal_moves_into(&mut list);
            list.to_vec()
        })
    }

    fn at(&self, i: usize) -> Move {
        Move {
            mv: self.moves()[i],
            color: self.position.turn(),
        }
    }
}

/// An interned `Move` object, or the error of making one, as `PyList::new` takes items.
struct Interned(PyResult<Py<Move>>);

impl<'py> IntoPyObject<'py> for Interned {
    type Target = Move;
    type Output = Bound<'py, Move>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        self.0.map(|object| object.into_bound(py))
    }
}

#[pymethods]
impl LegalMoves {
    /// The number of moves: the list's length once made, else counted without making it
    /// (`list()` asks before it iterates, so it counts and then lists).
    fn __len__(&self) -> usize {
        self.moves
            .get()
            .map_or_else(|| self.position.count_legal_moves(), Vec::len)
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Py<Move>> {
        let len = self.moves().len() as isize;
        let i = if index < 0 { index + len } else { index };
        if (0..len).contains(&i) {
            Interner::lock().get(py, self.at(i as usize))
        } else {
            Err(PyIndexError::new_err("legal move index out of range"))
        }
    }

    /// Iterates over a list of the moves, made at once: one call per move less than an
    /// iterator object of our own, and one lock of the interned moves. The moves are kept:
    /// `list()` asks the length again after it has the iterator.
    /// The objects go straight into the list, without a vector of them in between.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let color = self.position.turn();
        let mut interner = Interner::lock();
        let objects = self
            .moves()
            .iter()
            .map(|&mv| Interned(interner.get(py, Move { mv, color })));
        PyList::new(py, objects)?.try_iter()
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        if let Ok(m) = item.cast::<Move>() {
            return self.moves().contains(&m.get().mv);
        }
        // The text's move compared, not each move's text made and compared: a text that
        // does not read back to itself (`7G7F`, if the parser took it) is no move's text.
        let mut buf = [0; 6];
        item.extract::<String>().is_ok_and(|text| {
            text.parse::<shogi::UsiMove>().is_ok_and(|usi| {
                usi.encode(&mut buf) == text && self.moves().iter().any(|m| m.to_usi() == usi)
            })
        })
    }

    /// Pickles as the SFEN of the position.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, (String, bool)> {
        let position = &slf.get().position;
        reduce_with(slf, (position.to_sfen(), needs_tsume_mode(position)))
    }

    /// The legal moves of a pickled position (`tsume`: a mate problem's, read so). Raises
    /// ValueError for bad SFEN.
    #[classmethod]
    fn _from_state(_class: &Bound<'_, PyType>, state: (String, bool)) -> PyResult<LegalMoves> {
        let (sfen, tsume) = state;
        let mode = if tsume {
            shogi::SetupMode::Tsume
        } else {
            shogi::SetupMode::Strict
        };
        let position = shogi::Position::from_sfen_with(&sfen, mode).map_err(value_error)?;
        Ok(LegalMoves::new(&position))
    }

    /// The moves in USI, in list order: the shared strings of `Move.usi()` (a new string
    /// for each move, decoded from one made by `to_string`, cost three times as much).
    fn usi<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyString>> {
        let mut texts = UsiTexts::lock();
        self.moves().iter().map(|&m| texts.get(py, m)).collect()
    }

    fn __repr__(&self) -> String {
        let texts: Vec<String> = self.moves().iter().map(ToString::to_string).collect();
        format!("<LegalMoves {}>", texts.join(" "))
    }
}
