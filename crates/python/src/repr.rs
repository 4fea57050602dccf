//! `__repr__` fields written as Python writes them (`'text'`, `None`, `['a', 'b']`), not as
//! Rust's `Debug` does (`"text"`, `Some(3)`).

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;

/// Python's `repr()` of `value` converted to a Python object.
pub(crate) fn py_repr<'py, T>(py: Python<'py>, value: T) -> PyResult<String>
where
    T: IntoPyObject<'py>,
{
    Ok(value.into_bound_py_any(py)?.repr()?.to_string())
}
