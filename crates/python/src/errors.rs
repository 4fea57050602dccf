//! Rust errors as Python exceptions, with the Rust message.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;

create_exception!(
    masu,
    IllegalMoveError,
    PyValueError,
    "A well-formed move that is not legal in the position (a ValueError)."
);

create_exception!(
    masu.kif,
    LossWarning,
    PyUserWarning,
    "Part of a record that the format it was written in cannot hold, and which was left out \
     (a UserWarning)."
);

/// A `ValueError` with the error's message.
pub(crate) fn value_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// An [`IllegalMoveError`] with the error's message.
pub(crate) fn illegal_move(err: impl std::fmt::Display) -> PyErr {
    IllegalMoveError::new_err(err.to_string())
}

/// A `TypeError` saying what an argument must be and the type it had: `"a move is a Move
/// or USI text, not int"`.
pub(crate) fn wrong_type(expected: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let kind = got
        .get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string());
    PyTypeError::new_err(format!("{expected}, not {kind}"))
}

/// `err` with `place` before its message, of the same exception type: which item of a
/// batch or which move of a line it is about (`"sfens[1] 'bad': invalid board ..."`).
pub(crate) fn placed(py: Python<'_>, err: &PyErr, place: &str) -> PyErr {
    PyErr::from_type(err.get_type(py), format!("{place}: {}", err.value(py)))
}
