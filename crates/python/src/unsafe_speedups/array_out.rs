//! Numpy arrays of the caller's, written by rayon's threads at once.
//!
//! PyO3 lends a buffer's memory as cells, for the one thread holding the GIL to write.
//! `masu.dlshogi.hcpe_decode_with_value` writes 38 KB of network input per example into
//! the caller's arrays; decoding into Rust memory on rayon's threads and copying that into
//! the arrays spent more time copying (and faulting in the fresh memory) than decoding
//! (crates/python/MEASUREMENTS.md). [`fill`] lends the arrays' memory as slices to the
//! decoding threads instead; `make_input_features` of one board writes through it too
//! (without the copy of its 38 KB through the stack).
//!
//! The free-threaded interpreter (`Py_GIL_DISABLED`) runs Python threads side by side, which
//! may touch the arrays meanwhile: there [`fill`] is not built, and the callers copy.

use std::ops::Range;

use pyo3::buffer::{Element, PyBuffer};
use pyo3::prelude::*;

use crate::errors::value_error;

/// A writable, C-contiguous numpy array (or any buffer) of `T`, held exported: its memory
/// stays where it is until this is dropped.
pub(crate) struct ArrayOut<T: Element> {
    buffer: PyBuffer<T>,
    name: &'static str,
}

impl<T: Element> ArrayOut<T> {
    /// `array`'s buffer; ValueError (naming the argument `name`) unless it holds `T`s, C
    /// contiguous and writable.
    pub(crate) fn get(array: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Self> {
        let buffer = PyBuffer::<T>::get(array).map_err(|e| value_error(format!("{name}: {e}")))?;
        if buffer.readonly() || !buffer.is_c_contiguous() {
            return Err(value_error(format!(
                "{name} must be a writable array in C order"
            )));
        }
        Ok(ArrayOut { buffer, name })
    }

    /// The argument's name.
    pub(crate) fn name(&self) -> &'static str {
        self.name
    }

    /// The number of entries.
    pub(crate) fn len(&self) -> usize {
        self.buffer.item_count()
    }

    /// The addresses of its bytes.
    fn bytes(&self) -> Range<usize> {
        let start = self.buffer.buf_ptr() as usize;
        start..start + self.buffer.len_bytes()
    }
}

/// Calls `write` with the memory of the float32 arrays `floats` and the int64 arrays
/// `ints`, in their orders, the GIL held throughout. ValueError, nothing written, when
/// two of the arrays share memory.
///
/// `write` is `Send`, so it holds no `Python` token: it cannot release the GIL nor run
/// Python code through one, and it must not attach to the interpreter any other way.
pub(crate) fn fill<R>(
    _attached: Python<'_>,
    floats: &mut [ArrayOut<f32>],
    ints: &mut [ArrayOut<i64>],
    write: impl FnOnce(Vec<&mut [f32]>, Vec<&mut [i64]>) -> R + Send,
) -> PyResult<R> {
    let mut ranges: Vec<(Range<usize>, &str)> = floats
        .iter()
        .map(|a| (a.bytes(), a.name))
        .chain(ints.iter().map(|a| (a.bytes(), a.name)))
        .collect();
    ranges.sort_by_key(|(range, _)| range.start);
    for pair in ranges.windows(2) {
        if pair[0].0.end > pair[1].0.start && !pair[0].0.is_empty() && !pair[1].0.is_empty() {
            return Err(value_error(format!(
                "{} and {} share memory",
                pair[0].1, pair[1].1
            )));
        }
    }
    let floats = floats.iter_mut().map(|a| slice(&mut a.buffer)).collect();
    let ints = ints.iter_mut().map(|a| slice(&mut a.buffer)).collect();
    Ok(write(floats, ints))
}

/// The memory of `buffer` as a slice, for as long as `buffer` is borrowed.
fn slice<T: Element>(buffer: &mut PyBuffer<T>) -> &mut [T] {
    let len = buffer.item_count();
    if len == 0 {
        return &mut [];
    }
    // Safety:
    // - The pointer is the buffer's, valid for `len` entries of `T` (`PyBuffer::get`
    //   checked the item size and the alignment for `T`, `ArrayOut::get` C contiguity, so
    //   the entries are the `len` at the pointer one after the other) and initialized (any
    //   bit pattern is an `f32` or an `i64`, the only `T`s `fill` takes).
    // - The exporter keeps the memory where it is while the buffer is exported (numpy
    //   refuses to resize an array with exports), that is until `buffer` is dropped, which
    //   its `&mut` borrow here prevents for the slice's life.
    // - Nothing else reads or writes the memory while the slice lives: `fill` lends each
    //   array once, after checking that no two of them overlap; Python code, which could
    //   reach the array, does not run, since the GIL stays held by the calling thread (the
    //   free-threaded build has no such GIL and leaves this module's `fill` out) and
    //   `write` has no token to release it or run code with.
    unsafe { std::slice::from_raw_parts_mut(buffer.buf_ptr().cast::<T>(), len) }
}
