//! [`GilCell`]: the mutable state of a `frozen` Python class, borrowed under the GIL.
//!
//! A mutable `#[pyclass]` guards each method call with an atomic borrow flag: a
//! compare-and-swap to borrow and an atomic subtraction to release, about a fifth of a
//! short method's call on the project's machine (`Board.is_check()` 40 ns, of which the
//! flag took 8). A `frozen` class has no flag; its state lives here instead, in a
//! [`RefCell`] whose plain counter costs next to nothing. The GIL is what makes the plain
//! counter enough: every borrow takes a [`Python`] token, proof that the thread is
//! attached to the interpreter, and with the GIL only one thread is attached at a time.
//!
//! The free-threaded interpreter (`Py_GIL_DISABLED`) lets threads run side by side, so
//! there the cell is a [`Mutex`] taken with `try_lock`: the same results, atomic costs.
//!
//! A borrow that cannot be had (a method of the object running further up the stack, or
//! on another thread of a free-threaded interpreter) is a `RuntimeError`, as with PyO3's
//! own flag.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

#[cfg(not(Py_GIL_DISABLED))]
use std::cell::{Ref, RefCell, RefMut};
#[cfg(Py_GIL_DISABLED)]
use std::sync::{Mutex, MutexGuard, TryLockError};

/// The state of an object, read and changed by one attached thread at a time.
pub(crate) struct GilCell<T> {
    #[cfg(not(Py_GIL_DISABLED))]
    inner: RefCell<T>,
    #[cfg(Py_GIL_DISABLED)]
    inner: Mutex<T>,
}

/// A shared borrow of a [`GilCell`]'s state.
#[cfg(not(Py_GIL_DISABLED))]
pub(crate) type Shared<'a, T> = Ref<'a, T>;
/// An exclusive borrow of a [`GilCell`]'s state.
#[cfg(not(Py_GIL_DISABLED))]
pub(crate) type Exclusive<'a, T> = RefMut<'a, T>;
/// A shared borrow of a [`GilCell`]'s state (the lock: threads run side by side).
#[cfg(Py_GIL_DISABLED)]
pub(crate) type Shared<'a, T> = MutexGuard<'a, T>;
/// An exclusive borrow of a [`GilCell`]'s state.
#[cfg(Py_GIL_DISABLED)]
pub(crate) type Exclusive<'a, T> = MutexGuard<'a, T>;

// Safety: with the GIL (`not(Py_GIL_DISABLED)`), the `RefCell` and its contents are
// touched only through `borrow` and `borrow_mut`, which need a `Python` token: the calling
// thread is attached to the interpreter and so holds the GIL. Two threads never hold it at
// once, and handing it over is a release on one side and an acquire on the other, so the
// non-atomic borrow counter and the value are never accessed concurrently. A `Ref` or
// `RefMut` is `!Send`, so it cannot move into `Python::detach`'s closure; what such a
// closure can capture is a `&T`, which needs `T: Sync` to cross threads and which only
// reads, while a thread that attaches meanwhile finds the counter borrowed and gets an
// error for an exclusive borrow. Without the GIL the cell is a `Mutex`, `Sync` by itself,
// and this impl is not compiled.
#[cfg(not(Py_GIL_DISABLED))]
unsafe impl<T: Send + Sync> Sync for GilCell<T> {}

impl<T> GilCell<T> {
    pub(crate) fn new(value: T) -> GilCell<T> {
        GilCell {
            #[cfg(not(Py_GIL_DISABLED))]
            inner: RefCell::new(value),
            #[cfg(Py_GIL_DISABLED)]
            inner: Mutex::new(value),
        }
    }

    /// The state, to read. A `RuntimeError` while it is being changed.
    #[cfg(not(Py_GIL_DISABLED))]
    #[inline]
    pub(crate) fn borrow<'a>(&'a self, _attached: Python<'_>) -> PyResult<Shared<'a, T>> {
        self.inner.try_borrow().map_err(|_| in_use())
    }

    /// The state, to change. A `RuntimeError` while it is borrowed.
    #[cfg(not(Py_GIL_DISABLED))]
    #[inline]
    pub(crate) fn borrow_mut<'a>(&'a self, _attached: Python<'_>) -> PyResult<Exclusive<'a, T>> {
        self.inner.try_borrow_mut().map_err(|_| in_use())
    }

    /// The state, to read. A `RuntimeError` while another call holds it.
    #[cfg(Py_GIL_DISABLED)]
    pub(crate) fn borrow<'a>(&'a self, _attached: Python<'_>) -> PyResult<Shared<'a, T>> {
        self.lock()
    }

    /// The state, to change. A `RuntimeError` while another call holds it.
    #[cfg(Py_GIL_DISABLED)]
    pub(crate) fn borrow_mut<'a>(&'a self, _attached: Python<'_>) -> PyResult<Exclusive<'a, T>> {
        self.lock()
    }

    #[cfg(Py_GIL_DISABLED)]
    fn lock(&self) -> PyResult<MutexGuard<'_, T>> {
        match self.inner.try_lock() {
            Ok(guard) => Ok(guard),
            // A panic inside a method left the state as it was when it panicked; the
            // borrow flag of a mutable class would not remember the panic either.
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(in_use()),
        }
    }
}

fn in_use() -> PyErr {
    PyRuntimeError::new_err("the object is in use by another call")
}
