//! Methods of one argument that CPython calls the way it calls its own (`METH_O`).
//!
//! PyO3 gives every method with arguments one convention: a vector of arguments and the
//! names of those given by keyword, matched against a description of the parameters. On
//! the project's machine that and PyO3's entry point took about 15 ns of each
//! `Board.push(move)` (push + pop 105-119 ns, 90-93 without), and a search written in
//! Python pushes once per node. CPython hands a `METH_O`
//! method its one argument as it is. PyO3 makes no such methods, so [`add_method`] adds
//! them to a class PyO3 has made: a C function for each method ([`call`], one instance
//! for each [`OneArgument`] type) in a method descriptor set on the class under the
//! method's name. Such a method takes its argument by position only.
//!
//! The C function enters Rust as PyO3's own entry points do, without their bookkeeping
//! of the interpreter's attachment (a thread-local count and its reference pool): see
//! [`call`] for what that leaves out and why the methods here do not need it.

use std::ffi::CStr;
use std::panic::{self, AssertUnwindSafe};

use pyo3::PyClass;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::pyclass::boolean_struct::True;

/// A method of one positional argument, to be called through `METH_O`.
///
/// What [`OneArgument::call`] runs must not drop a `Py` (an unbound reference) when it
/// returns normally: see [`call`]. A `Bound` may be dropped, and an error may hold
/// anything.
pub(crate) trait OneArgument {
    /// The class the method belongs to: frozen, so that a shared reference reaches its
    /// state without PyO3's borrow flag.
    type Class: PyClass<Frozen = True> + Sync;
    /// The method's name.
    const NAME: &'static CStr;
    /// The docstring, opening with the signature in CPython's form
    /// (`"push($self, move, /)\n--\n\n"`), from which `inspect.signature` reads it.
    const DOC: &'static CStr;

    /// The method: `this` called with `argument`.
    fn call<'py>(
        this: &Bound<'py, Self::Class>,
        argument: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>>;
}

/// Adds `M` to its class, replacing any attribute of that name. Called while the module
/// is made, once in a process (PyO3 refuses to make a module twice).
pub(crate) fn add_method<M: OneArgument>(py: Python<'_>) -> PyResult<()> {
    let class = py.get_type::<M::Class>();
    // A method descriptor keeps a pointer to its definition for as long as it lives,
    // which is as long as the class: the definition is leaked, once per method.
    let definition: &'static mut ffi::PyMethodDef = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: M::NAME.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunction: call::<M>,
        },
        ml_flags: ffi::METH_O,
        ml_doc: M::DOC.as_ptr(),
    }));
    // Safety: `class` is a live type object (a `Bound` holds a reference to it) and
    // `definition` lives for the rest of the process. The function returns a new
    // reference or null with an exception set, which `from_owned_ptr_or_err` takes as it
    // is.
    let descriptor = unsafe {
        let raw = ffi::PyDescr_NewMethod(class.as_type_ptr(), definition);
        Bound::from_owned_ptr_or_err(py, raw)?
    };
    class.setattr(M::NAME.to_string_lossy().as_ref(), descriptor)
}

/// The C function CPython calls for `M`: `this` is the object the method was called on,
/// `argument` the one argument; returns a new reference, or null with an exception set.
///
/// PyO3's own entry points count, in a thread-local, that the thread is attached to the
/// interpreter, and on entry release the references that were dropped while it was not
/// (PyO3's reference pool). This one keeps no count, so inside it PyO3 takes the thread
/// as unattached unless a PyO3 call further up the stack counted it: a `Py` dropped
/// there would go to the pool, released at PyO3's next call rather than at once. So
/// [`OneArgument::call`] drops no `Py` on its normal return, and an error is raised, and
/// a panic turned into one, inside `Python::attach`, which counts the attachment (the
/// parts of a raised error drop as `Py`).
///
/// # Safety
///
/// CPython calls it through the method descriptor made by [`add_method`], with the GIL
/// held (or the thread attached, on a free-threaded interpreter), `this` a borrowed
/// reference to an instance of `M::Class` (the descriptor refuses others with TypeError
/// before calling) and `argument` a borrowed reference to an object.
unsafe extern "C" fn call<M: OneArgument>(
    this: *mut ffi::PyObject,
    argument: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
        // Safety: CPython calls this with the thread attached (above).
        let py = unsafe { Python::assume_attached() };
        // Safety: both are borrowed references CPython keeps alive for the call, and
        // `this` is an instance of `M::Class`, checked by the method descriptor.
        // Borrowed, not owned: no reference counts change.
        let (this, argument) = unsafe {
            (
                Borrowed::from_ptr(py, this).cast_unchecked::<M::Class>(),
                Borrowed::from_ptr(py, argument),
            )
        };
        M::call(&this, &argument).map(Bound::into_ptr)
    }));
    match outcome {
        Ok(Ok(result)) => result,
        Ok(Err(error)) => {
            Python::attach(|py| error.restore(py));
            std::ptr::null_mut()
        }
        Err(payload) => {
            let message = crate::wait::panic_message(&*payload)
                .unwrap_or("a panic in masu")
                .to_owned();
            Python::attach(|py| PanicException::new_err(message).restore(py));
            std::ptr::null_mut()
        }
    }
}
