//! The check of an error chain, shared by masu-shogi's and masu-kif's `error_chains` tests
//! (masu-kif includes this file by its path).

use std::error::Error;

/// Walks `err`'s `source()` chain and fails if a message there is already part of an
/// earlier one.
pub(crate) fn says_each_part_once(err: &(dyn Error + 'static)) {
    let mut messages: Vec<String> = Vec::new();
    let mut next = Some(err);
    while let Some(e) = next {
        let message = e.to_string();
        if let Some(earlier) = messages.iter().find(|m| m.contains(&message)) {
            panic!("{message:?} is said again after {earlier:?}");
        }
        messages.push(message);
        next = e.source();
    }
}

/// The error of `result`, which must be one.
pub(crate) fn error<T: std::fmt::Debug, E: Error + 'static>(result: Result<T, E>) -> E {
    match result {
        Ok(value) => panic!("expected an error, got {value:?}"),
        Err(err) => err,
    }
}
