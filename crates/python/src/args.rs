//! Arguments that several modules take the same way: counts, time limits and table sizes.

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

/// A count as Python passes it: an `int` read wider than any count, so that one below 0 or
/// past its type reaches [`count`] (a ValueError saying what is taken) instead of PyO3's
/// conversion (an OverflowError saying only that it does not fit). Only an `int` beyond
/// ±2**127, which no one means as a count, still raises OverflowError.
pub(crate) type Int = i128;

/// An unsigned type a count is kept in, and its largest value for the messages.
pub(crate) trait Count: TryFrom<Int> {
    /// The largest value.
    const MAX: u128;
}

macro_rules! counts {
    ($($t:ty),*) => {$(
        impl Count for $t {
            const MAX: u128 = <$t>::MAX as u128;
        }
    )*};
}

counts!(u32, u64, usize);

/// `value` of the argument `name` as a `T` from `least`, else ValueError saying what is
/// taken ("depth is a whole number from 1 to 4294967295, got 0").
pub(crate) fn count_from<T: Count>(name: &str, value: Int, least: u32) -> PyResult<T> {
    let taken = value >= Int::from(least);
    match T::try_from(value) {
        Ok(count) if taken => Ok(count),
        _ => Err(value_error(format!(
            "{name} is a whole number from {least} to {}, got {value}",
            T::MAX
        ))),
    }
}

/// `value` of the argument `name` as a `T` from 0, else ValueError saying so.
pub(crate) fn count<T: Count>(name: &str, value: Int) -> PyResult<T> {
    count_from(name, value, 0)
}

/// An optional count of the argument `name` (`None`: no limit), as [`count`] reads it.
pub(crate) fn optional_count<T: Count>(name: &str, value: Option<Int>) -> PyResult<Option<T>> {
    value.map(|v| count(name, v)).transpose()
}

/// A table size in MiB as bytes: at least 1 MiB and within the address space, else
/// ValueError.
pub(crate) fn table_bytes(hash_mb: Int) -> PyResult<usize> {
    // 0 is answered below with what would do; a size below it or past the type here.
    let hash_mb: usize = match hash_mb {
        0 => 0,
        mib => count_from("hash_mb", mib, 1)?,
    };
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
