//! Pickling: each class that pickles rebuilds itself with a `_from_state` class method, and
//! its `__reduce__` returns that method with the state. Pickle saves a method bound to a
//! class as `getattr(class, name)`, so the class is found by its module and name, as a
//! class with a public constructor would be.

use pyo3::PyClass;
use pyo3::prelude::*;

/// What `__reduce__` returns: the class method and the arguments it is called with.
pub(crate) type Reduced<'py, S> = PyResult<(Bound<'py, PyAny>, (S,))>;

/// `(type(obj)._from_state, (state,))`: unpickling calls `_from_state(state)`.
pub(crate) fn reduce_with<'py, T: PyClass, S>(obj: &Bound<'py, T>, state: S) -> Reduced<'py, S> {
    Ok((obj.as_any().get_type().getattr("_from_state")?, (state,)))
}
