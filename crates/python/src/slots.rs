//! Tables of shared Python objects (interned moves, USI strings) behind a lock, their
//! slots made on first use.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// `table` locked (a poisoned lock still serves: the slots hold whole objects or `None`),
/// with `slots` empty slots the first time.
pub(crate) fn locked<T>(
    table: &'static Mutex<Vec<Option<T>>>,
    slots: usize,
) -> MutexGuard<'static, Vec<Option<T>>> {
    let mut guard = table.lock().unwrap_or_else(PoisonError::into_inner);
    if guard.is_empty() {
        guard.resize_with(slots, || None);
    }
    guard
}
