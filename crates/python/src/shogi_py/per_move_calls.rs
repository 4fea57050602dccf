//! `Board.push`, `push_usi`, `push_move16` and `is_legal`: the methods of one argument that
//! a loop written in Python calls for every move, made `METH_O` methods
//! ([`crate::unsafe_speedups::OneArgument`]), which CPython calls without PyO3's argument
//! matching: push + pop 105-119 -> 90-93 ns on the project's machine (MEASUREMENTS.md). Their
//! argument goes by position only.
//!
//! None of them drops a `Py` when it returns normally, as `OneArgument` asks: the `Move`
//! objects they keep go into the board's history.

use std::ffi::CStr;

use pyo3::prelude::*;
use pyo3::types::PyBool;
use shogi::packed::hcp;

use super::{Board, Move};
use crate::errors::illegal_move;
use crate::unsafe_speedups::{OneArgument, add_method};

/// Adds the methods to `Board`.
pub(crate) fn register(py: Python<'_>) -> PyResult<()> {
    add_method::<Push>(py)?;
    add_method::<PushUsi>(py)?;
    add_method::<PushMove16>(py)?;
    add_method::<IsLegal>(py)
}

/// `Board.push(move)`.
struct Push;

impl OneArgument for Push {
    type Class = Board;
    const NAME: &'static CStr = c"push";
    const DOC: &'static CStr = c"push($self, move, /)
--

Plays a `Move` (or USI text). Raises IllegalMoveError when it is not legal here.";

    fn call<'py>(board: &Bound<'py, Board>, mv: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = board.py();
        let mut state = board.get().state_mut(py)?;
        if let Ok(object) = mv.cast::<Move>() {
            let m = object.get().mv;
            let legal = state.is_legal_to_push(&m);
            let m = super::board::checked(state.position(), m, legal)?;
            state.play(m, Some(object.clone().unbind()));
        } else {
            let m = state.resolve(mv)?;
            state.play(m, None);
        }
        Ok(py.None().into_bound(py))
    }
}

/// `Board.push_usi(usi)`.
struct PushUsi;

impl OneArgument for PushUsi {
    type Class = Board;
    const NAME: &'static CStr = c"push_usi";
    const DOC: &'static CStr = c"push_usi($self, usi, /)
--

Plays a USI move (`7g7f`) and returns it as a `Move`. Raises ValueError for text that
is not USI, IllegalMoveError for a move that is not legal here. Play goes on after a
repetition ends the game, as in cshogi; `is_game_over()` tells.";

    fn call<'py>(
        board: &Bound<'py, Board>,
        usi: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = board.py();
        let mut state = board.get().state_mut(py)?;
        let m = state.resolve(usi)?;
        let object = Move::object(py, m, state.position().turn())?;
        state.play(m, Some(object.clone_ref(py)));
        Ok(object.into_bound(py).into_any())
    }
}

/// `Board.push_move16(move16)`.
struct PushMove16;

impl OneArgument for PushMove16 {
    type Class = Board;
    const NAME: &'static CStr = c"push_move16";
    const DOC: &'static CStr = c"push_move16($self, move16, /)
--

Plays cshogi's 16-bit move (`Move.to_move16()`, HCPE's `bestMove16`). Raises
IllegalMoveError when it is not a legal move here.";

    fn call<'py>(
        board: &Bound<'py, Board>,
        code: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = board.py();
        let move16: u16 = code.extract()?;
        let mut state = board.get().state_mut(py)?;
        let m = hcp::move_from16(state.position(), move16).map_err(illegal_move)?;
        state.play(m, None);
        Ok(py.None().into_bound(py))
    }
}

/// `Board.is_legal(move)`.
struct IsLegal;

impl OneArgument for IsLegal {
    type Class = Board;
    const NAME: &'static CStr = c"is_legal";
    const DOC: &'static CStr = c"is_legal($self, move, /)
--

Whether `move` (a `Move` or USI text) is legal here; text that is not USI is not.";

    fn call<'py>(board: &Bound<'py, Board>, mv: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = board.py();
        let legal = match mv.cast::<Move>() {
            // The pins `push` keeps for this position: asking of each legal move, as a
            // filter does, computes them once.
            Ok(object) => board
                .get()
                .state_mut(py)?
                .is_legal_to_push(&object.get().mv),
            Err(_) => board.get().state(py)?.resolve(mv).is_ok(),
        };
        Ok(PyBool::new(py, legal).to_owned().into_any())
    }
}
