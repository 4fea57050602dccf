//! The crate's only `unsafe` code: two ways around a cost of PyO3's on the calls Python
//! code makes most often, each measured (crates/python/MEASUREMENTS.md) and each with
//! its `// Safety:` argument.
//!
//! - [`GilCell`]: the state of a `frozen` class behind a plain borrow counter instead of
//!   the atomic flag of a mutable class.
//! - [`OneArgument`] and [`add_method`]: methods of one argument that CPython calls
//!   directly (`METH_O`) instead of through PyO3's general argument matching.

#![allow(unsafe_code)]

mod gil_cell;
mod one_argument;

pub(crate) use gil_cell::{Exclusive, GilCell, Shared};
pub(crate) use one_argument::{OneArgument, add_method};
