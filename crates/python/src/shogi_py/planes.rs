//! Writing piece planes ([`shogi::planes`]) into a numpy array a caller owns.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use shogi::planes::PIECE_PLANES;

use crate::errors::value_error;

/// The entries the planes take at the start of the array.
const ENTRIES: usize = PIECE_PLANES * 81;

/// Sets `entries` of `features` (a numpy float32 array of at least [`ENTRIES`] entries, in
/// its C order) to 1.0, the others left as they are.
pub(crate) fn set_ones(features: &Bound<'_, PyAny>, entries: &[usize]) -> PyResult<()> {
    // Through the buffer protocol where the ABI has it (CPython 3.11 and later): a C-ordered
    // writable float32 array is written in place at once.
    #[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
    if let Ok(buffer) = pyo3::buffer::PyBuffer::<f32>::get(features)
        && let Some(cells) = buffer.as_mut_slice(features.py())
    {
        if cells.len() < ENTRIES {
            return Err(too_small(cells.len()));
        }
        for &entry in entries {
            cells[entry].set(1.0);
        }
        return Ok(());
    }
    // Any other array, and the older ABI: numpy's own `put` on the flat index.
    let size = float32_size(features, "features")?;
    if size < ENTRIES {
        return Err(too_small(size));
    }
    features.call_method1("put", (entries.to_vec(), 1.0_f32))?;
    Ok(())
}

fn too_small(size: usize) -> PyErr {
    value_error(format!(
        "features has {size} entries, fewer than the {ENTRIES} of {PIECE_PLANES} planes of 9x9"
    ))
}

/// The number of entries of `array`, a numpy float32 array (TypeError for no numpy array,
/// ValueError for another dtype; `name` names the argument).
fn float32_size(array: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    let dtype = array
        .getattr("dtype")
        .map_err(|_| PyTypeError::new_err(format!("{name} must be a numpy float32 array")))?;
    let dtype_name: String = dtype.str()?.extract()?;
    if dtype_name != "float32" {
        return Err(value_error(format!(
            "{name} must be a float32 array, not {dtype_name}"
        )));
    }
    array.getattr("size")?.extract()
}

/// Writes `values` into `array` (a numpy float32 array of exactly `values.len()` entries, in
/// its C order), every entry, through numpy (any memory order, any build); `name` names the
/// argument in errors.
pub(crate) fn write_all(array: &Bound<'_, PyAny>, values: &[f32], name: &str) -> PyResult<()> {
    let size = float32_size(array, name)?;
    if size != values.len() {
        return Err(value_error(format!(
            "{name} has {size} entries, not the {} of {} planes of 9x9",
            values.len(),
            values.len() / 81
        )));
    }
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    let numpy = array.py().import("numpy")?;
    let source = numpy
        .call_method1(
            "frombuffer",
            (pyo3::types::PyBytes::new(array.py(), &bytes), "float32"),
        )?
        .call_method1("reshape", (array.getattr("shape")?,))?;
    numpy.call_method1("copyto", (array, source))?;
    Ok(())
}
