//! The Python objects of a record's main-line lists, made once.
//!
//! `Record.comments`, `.times` and `.scores` are new lists on each access, so that a caller
//! may change one without changing the record or what the next access returns. Making their
//! items is what costs (a Python string of Japanese text, a pair of floats: 30-100 ns an
//! item, some 25 µs for the comments of a 400-move game), and a loop that reads
//! `record.comments[i]` move by move paid it on each access. The items are made once, at
//! the first access, and kept (a record is immutable); each access puts references to them
//! into new lists.

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

/// The items of each list, made at its first access.
pub(crate) struct MainLineObjects {
    /// Every comment line in order, and where each entry's lines end.
    pub(crate) comments: PyOnceLock<(Vec<Py<PyAny>>, Vec<usize>)>,
    pub(crate) times: PyOnceLock<Vec<Py<PyAny>>>,
    pub(crate) scores: PyOnceLock<Vec<Py<PyAny>>>,
}

impl Default for MainLineObjects {
    fn default() -> MainLineObjects {
        MainLineObjects {
            comments: PyOnceLock::new(),
            times: PyOnceLock::new(),
            scores: PyOnceLock::new(),
        }
    }
}

impl PartialEq for MainLineObjects {
    /// Made from the record, so not part of its value: every two are equal.
    fn eq(&self, _: &MainLineObjects) -> bool {
        true
    }
}

/// A new list of the items in `cell`, made by `items` at the first call.
pub(crate) fn list<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    cell: &PyOnceLock<Vec<Py<PyAny>>>,
    items: impl FnOnce() -> Vec<T>,
) -> PyResult<Bound<'py, PyList>> {
    let items = cell.get_or_try_init(py, || objects(py, items()))?;
    PyList::new(py, items.iter().map(|item| item.bind(py)))
}

/// A new list of new lists of the item rows in `cell`, made by `rows` at the first call:
/// an inner list the caller changes is its own too.
pub(crate) fn nested_list<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    cell: &PyOnceLock<(Vec<Py<PyAny>>, Vec<usize>)>,
    rows: impl FnOnce() -> Vec<Vec<T>>,
) -> PyResult<Bound<'py, PyList>> {
    let (items, ends) = cell.get_or_try_init(py, || -> PyResult<_> {
        let rows = rows();
        let mut ends = Vec::with_capacity(rows.len());
        let mut items = Vec::new();
        for row in rows {
            items.extend(objects(py, row)?);
            ends.push(items.len());
        }
        Ok((items, ends))
    })?;
    let mut start = 0;
    let lists = ends
        .iter()
        .map(|&end| {
            let row = &items[start..end];
            start = end;
            PyList::new(py, row.iter().map(|item| item.bind(py)))
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, lists)
}

fn objects<'py, T: IntoPyObject<'py>>(py: Python<'py>, items: Vec<T>) -> PyResult<Vec<Py<PyAny>>> {
    items.into_iter().map(|item| item.into_py_any(py)).collect()
}
