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

create_exception!(
    masu.kif,
    ReadError,
    PyValueError,
    "A record that cannot be read, or, read strictly, the first problem in it (a \
     ValueError); for training data also a record that reads but cannot be used. `line` and \
     `column` (1-based, the column in characters) say where, `kind` what, as \
     `ReadWarning.kind` names it; each is `None` where there is no place (bytes of no text \
     encoding: `kind` is `encoding`) or no diagnostic (for training data, a position that \
     cannot be played from or encoded)."
);

/// Where a record's reading failed and how (`ReadError`'s attributes).
pub(crate) struct ReadPlace {
    pub(crate) line: Option<usize>,
    pub(crate) column: Option<usize>,
    pub(crate) kind: Option<&'static str>,
}

impl ReadPlace {
    /// No place and no kind.
    pub(crate) const NONE: ReadPlace = ReadPlace {
        line: None,
        column: None,
        kind: None,
    };

    /// The place and kind of masu-kif's error.
    pub(crate) fn of(err: &kif::ReadError) -> ReadPlace {
        match err.diagnostic() {
            Some(d) => ReadPlace::at(d),
            None => ReadPlace {
                kind: Some(kif::DiagnosticKind::Encoding.name()),
                ..ReadPlace::NONE
            },
        }
    }

    /// The place and kind of a diagnostic.
    pub(crate) fn at(d: &kif::Diagnostic) -> ReadPlace {
        ReadPlace {
            line: Some(d.line),
            column: Some(d.column),
            kind: Some(d.kind.name()),
        }
    }
}

/// A [`ReadError`] with `message` and `place` as its attributes.
pub(crate) fn read_error(py: Python<'_>, message: String, place: &ReadPlace) -> PyErr {
    let err = ReadError::new_err(message);
    let value = err.value(py);
    // The attributes of a new exception object of our own type can be set; were one
    // refused, the error would still be the right type with the right message.
    let _ = value.setattr("line", place.line);
    let _ = value.setattr("column", place.column);
    let _ = value.setattr("kind", place.kind);
    err
}

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
