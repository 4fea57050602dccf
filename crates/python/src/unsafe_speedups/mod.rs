//! The crate's only `unsafe` code: three ways around a cost of PyO3's (two on the calls
//! Python code makes most often, one on training batches), each measured
//! (crates/python/MEASUREMENTS.md) and each with its `// Safety:` argument.
//!
//! - [`GilCell`]: the state of a `frozen` class behind a plain borrow counter instead of
//!   the atomic flag of a mutable class.
//! - [`OneArgument`] and [`add_method`]: methods of one argument that CPython calls
//!   directly (`METH_O`) instead of through PyO3's general argument matching.
//! - [`ArrayOut`] and [`fill`]: numpy arrays of the caller's written by several threads at
//!   once instead of by the one holding the GIL.

#![allow(unsafe_code)]

#[cfg(all(any(Py_3_11, not(Py_LIMITED_API)), not(Py_GIL_DISABLED)))]
mod array_out;
mod gil_cell;
mod one_argument;

#[cfg(all(any(Py_3_11, not(Py_LIMITED_API)), not(Py_GIL_DISABLED)))]
pub(crate) use array_out::{ArrayOut, fill};

pub(crate) use gil_cell::{Exclusive, GilCell, Shared};
pub(crate) use one_argument::{OneArgument, add_method};
