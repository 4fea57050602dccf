//! Arguments that several modules take the same way: time limits and table sizes.

use std::time::Duration;

use pyo3::prelude::*;

use crate::errors::value_error;

/// A time limit in seconds as a `Duration`: a number from 0 to what a `Duration` holds
/// (about 1.8e19), else ValueError.
pub(crate) fn seconds(time: Option<f64>) -> PyResult<Option<Duration>> {
    time.map(|t| {
        Duration::try_from_secs_f64(t).map_err(|_| {
            value_error(format!(
                "time must be a number of seconds from 0 to 1.8e19, got {t}"
            ))
        })
    })
    .transpose()
}

/// A table size in MiB as bytes: at least 1 MiB and within the address space, else
/// ValueError.
pub(crate) fn table_bytes(hash_mb: usize) -> PyResult<usize> {
    // Each message says what would do.
    let why = match hash_mb.checked_mul(1 << 20) {
        Some(0) => "a table has at least 1 MiB",
        Some(bytes) => return Ok(bytes),
        None => "that many MiB do not fit in the address space",
    };
    Err(value_error(format!(
        "hash_mb {hash_mb} is not a table size: {why}"
    )))
}
