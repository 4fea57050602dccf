//! Work on many files in parallel, its results taken in the order of the files.

use rayon::prelude::*;

/// How many record files are worked on at a time: memory holds the results of one such
/// chunk, enough files to keep every core busy.
pub(crate) const CHUNK_FILES: usize = 256;

/// Runs `work` on `items`, `chunk_len` of them at a time in parallel, and hands each
/// chunk's results, in the order of `items`, to `take` before the next chunk is begun:
/// memory holds one chunk's results however many items there are, and what `take` writes
/// or prints comes in the order given whichever worker finished first.
///
/// # Errors
///
/// The first error of `take`; nothing more is worked on.
pub(crate) fn for_each_chunk<T: Sync, R: Send, E>(
    items: &[T],
    chunk_len: usize,
    work: impl Fn(&T) -> R + Sync,
    mut take: impl FnMut(Vec<R>) -> Result<(), E>,
) -> Result<(), E> {
    for chunk in items.chunks(chunk_len.max(1)) {
        take(chunk.par_iter().map(&work).collect())?;
    }
    Ok(())
}
