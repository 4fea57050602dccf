//! A record file's bytes in a buffer the thread keeps from one file to the next.
//!
//! `std::fs::read` asks the file's size first and allocates a vector for each file: with a
//! few kilobytes a record, those two cost as much as the rest of opening and reading it
//! (five system calls against three here, about a microsecond each on a virtual machine).
//! Reading into a buffer the thread already has needs neither.

use std::cell::RefCell;
use std::io::{ErrorKind, Read};
use std::path::Path;

/// The buffer's first size: most records fit.
const FIRST: usize = 64 * 1024;
/// A buffer grown past this for a large file is let go after it, not kept by the thread.
const KEEP: usize = 1024 * 1024;

thread_local! {
    /// Zeroed once when it grows: the bytes past a file's end are the last files' or zero.
    static BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Calls `f` with the bytes of the file at `path`.
///
/// `f` must not read a file this way itself (the buffer is in use). Tested from Python
/// (`test_kif.py`: records of sizes around the buffer's, read from paths and from bytes).
pub(crate) fn with_file_bytes<R>(path: &Path, f: impl FnOnce(&[u8]) -> R) -> std::io::Result<R> {
    BUFFER.with_borrow_mut(|buffer| {
        let mut file = std::fs::File::open(path)?;
        let mut len = 0;
        loop {
            if len == buffer.len() {
                buffer.resize((buffer.len() * 2).max(FIRST), 0);
            }
            match file.read(&mut buffer[len..]) {
                Ok(0) => break,
                Ok(n) => len += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        let result = f(&buffer[..len]);
        if buffer.len() > KEEP {
            *buffer = Vec::new();
        }
        Ok(result)
    })
}
