//! `masu.shogi.LegalMoves`: the legal moves of a position as a sequence that makes `Move`
//! objects only for the items asked for (`len()` and `random.choice()` stay cheap).

use std::sync::OnceLock;

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyIterator, PyList, PySlice, PyString, PyType};

use super::Move;
use super::board::needs_tsume_mode;
use super::mv::Interner;
use crate::errors::{value_error, wrong_type};
use crate::pickle::{Reduced, reduce_with};
use crate::usi_text::UsiTexts;

/// The legal moves of a position: a read-only sequence of `Move` (`len()`, indexing and
/// slices, iteration, `in`, `index` and `count` with a `Move` or USI text; registered as a
/// `collections.abc.Sequence` by `masu.shogi`). Made by `Board.legal_moves`; it does not
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

    /// The place of `item` (a `Move`, or USI text as written) among the moves
    /// `start..stop`.
    fn position_of(&self, item: &Bound<'_, PyAny>, start: usize, stop: usize) -> Option<usize> {
        let moves = self.moves().get(start..stop)?;
        let found = if let Ok(m) = item.cast::<Move>() {
            let wanted = m.get().mv;
            moves.iter().position(|&m| m == wanted)
        } else {
            // The text's move compared, not each move's text made and compared: a text
            // that does not read back to itself (`7G7F`, if the parser took it) is no
            // move's text.
            let text = item.extract::<String>().ok()?;
            let usi = text.parse::<shogi::UsiMove>().ok()?;
            let mut buf = [0; 6];
            if usi.encode(&mut buf) != text {
                return None;
            }
            moves.iter().position(|m| m.to_usi() == usi)
        };
        found.map(|i| start + i)
    }

    fn at(&self, i: usize) -> Move {
        Move {
            mv: self.moves()[i],
            color: self.position.turn(),
        }
    }
}

/// The IndexError of an index past the moves.
fn past_the_end() -> PyErr {
    PyIndexError::new_err("legal move index out of range")
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

    /// The move at `index` (negative from the end), or a list of the moves of a slice (as
    /// a list's slice is a list). Raises IndexError past the end, TypeError for any other
    /// index.
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let len = self.moves().len();
        // An int first: `random.choice` and loops index one by one.
        if let Ok(index) = index.extract::<isize>() {
            let i = if index < 0 {
                index + len as isize
            } else {
                index
            };
            return match usize::try_from(i) {
                Ok(i) if i < len => Ok(Interner::lock().get(py, self.at(i))?.into_any()),
                _ => Err(past_the_end()),
            };
        }
        let Ok(slice) = index.cast::<PySlice>() else {
            // An int too large for an index is past the end, as for a list.
            return Err(if index.cast::<PyInt>().is_ok() {
                past_the_end()
            } else {
                wrong_type("legal move indices are integers or slices", index)
            });
        };
        let span = slice.indices(len as isize)?;
        let mut interner = Interner::lock();
        let chosen = (0..span.slicelength).map(|k| {
            let i = span.start + k as isize * span.step;
            Interned(interner.get(py, self.at(i as usize)))
        });
        Ok(PyList::new(py, chosen)?.into_any().unbind())
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
        self.position_of(item, 0, self.moves().len()).is_some()
    }

    /// The place of the move `item` (a `Move` or USI text) in the list, looked for from
    /// `start` up to `stop` (negative from the end, as `list.index` takes them). Raises
    /// ValueError when it is not there.
    #[pyo3(signature = (item, start = 0, stop = None))]
    fn index(&self, item: &Bound<'_, PyAny>, start: isize, stop: Option<isize>) -> PyResult<usize> {
        let len = self.moves().len();
        // Clamped to the list, as a list clamps them.
        let clamp = |i: isize| {
            let i = if i < 0 { i + len as isize } else { i };
            i.clamp(0, len as isize) as usize
        };
        let (start, stop) = (clamp(start), stop.map_or(len, clamp));
        self.position_of(item, start, stop).ok_or_else(|| {
            let shown = item
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string());
            value_error(format!("{shown} is not in the legal moves"))
        })
    }

    /// How many times the move `item` (a `Move` or USI text) is in the list: 1 or 0.
    fn count(&self, item: &Bound<'_, PyAny>) -> usize {
        usize::from(self.__contains__(item))
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
