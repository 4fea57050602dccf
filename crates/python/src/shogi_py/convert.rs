//! Training examples converted between YaneuraOu's PackedSfenValue and dlshogi's HCPE in
//! bulk, in parallel with the GIL released (`masu_shogi::packed`'s `to_hcpe` and `to_psv` for
//! each). The numpy side is in `masu/shogi.py`.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyByteArray;
use rayon::prelude::*;
use shogi::packed::{DecodeError, Hcpe, PackedSfenValue};

use crate::errors::value_error;

/// The converted bytes and how many examples were left out.
type Converted<'py> = (Bound<'py, PyByteArray>, usize);

/// Converts the PackedSfenValue examples in `data` (40 bytes each) to HCPE (38 bytes each).
/// An example that does not convert raises ValueError naming its index, or with
/// `skip_errors` is left out and counted.
#[pyfunction]
pub(crate) fn psv_to_hcpe_bytes<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
    skip_errors: bool,
) -> PyResult<Converted<'py>> {
    convert(py, &data, skip_errors, "psvs", |bytes: &[u8; 40]| {
        PackedSfenValue::from_bytes(bytes)
            .to_hcpe()
            .map(|e| e.to_bytes())
    })
}

/// Converts the HCPE examples in `data` (38 bytes each) to PackedSfenValue (40 bytes each,
/// `gamePly` 0: HCPE does not store it), as [`psv_to_hcpe_bytes`] the other way.
#[pyfunction]
pub(crate) fn hcpe_to_psv_bytes<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
    skip_errors: bool,
) -> PyResult<Converted<'py>> {
    convert(py, &data, skip_errors, "hcpes", |bytes: &[u8; 38]| {
        Hcpe::from_bytes(bytes).to_psv(0).map(|e| e.to_bytes())
    })
}

/// Examples converted between two appends to the output.
const BATCH: usize = 1 << 16;

/// Runs `each` over the `IN`-byte examples of `data` on rayon's threads, the GIL released.
fn convert<'py, const IN: usize, const OUT: usize>(
    py: Python<'py>,
    data: &[u8],
    skip_errors: bool,
    name: &str,
    each: impl Fn(&[u8; IN]) -> Result<[u8; OUT], DecodeError> + Sync,
) -> PyResult<Converted<'py>> {
    let (examples, rest) = data.as_chunks::<IN>();
    if !rest.is_empty() {
        return Err(value_error(format!(
            "{} bytes are not a whole number of {IN}-byte examples",
            data.len()
        )));
    }
    // A batch at a time, so that the results waiting to be appended stay small beside an
    // input of millions of examples.
    let converted = py.detach(|| {
        let mut out = Vec::with_capacity(examples.len() * OUT);
        let mut skipped = 0;
        for (batch_index, batch) in examples.chunks(BATCH).enumerate() {
            let results: Vec<_> = batch.par_iter().map(&each).collect();
            for (i, result) in results.into_iter().enumerate() {
                match result {
                    Ok(bytes) => out.extend_from_slice(&bytes),
                    Err(_) if skip_errors => skipped += 1,
                    Err(e) => return Err((batch_index * BATCH + i, e)),
                }
            }
        }
        Ok((out, skipped))
    });
    let (out, skipped) =
        converted.map_err(|(index, e)| value_error(format!("{name}[{index}]: {e}")))?;
    Ok((PyByteArray::new(py, &out), skipped))
}
