//! The `masu` Python package: the compiled module `masu._masu`, whose submodules the pure
//! Python modules `masu.shogi`, `masu.kif`, `masu.tsume` and `masu.reversi` re-export.
//!
//! Build it with `pip install ./crates/python` (maturin). The Rust crates hold every rule;
//! this crate only converts arguments, results and errors, and releases the GIL around
//! long work.

mod args;
mod errors;
mod file_bytes;
mod kif_py;
mod kif_training_py;
mod pickle;
mod record_lists;
mod record_notes;
mod repr;
mod reversi_py;
mod shared_texts;
mod shogi_py;
mod slots;
mod tsume_py;
mod unsafe_speedups;
mod usi_text;
mod wait;

use pyo3::prelude::*;

/// Every Rust allocation of the extension goes to mimalloc (Python's own objects stay with
/// Python's allocator). A record read is hundreds of small strings and nodes, made on
/// rayon's threads by `read_many` and freed later on Python's: measured in
/// MEASUREMENTS.md ("mimalloc"), both are cheaper there than in the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The compiled part of masu: shogi, game records, training data, the tsume solver and
/// reversi.
#[pymodule]
fn _masu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    add_submodule(m, "shogi", shogi_py::register)?;
    add_submodule(m, "kif", kif_py::register)?;
    add_submodule(m, "tsume", tsume_py::register)?;
    add_submodule(m, "reversi", reversi_py::register)?;
    Ok(())
}

fn add_submodule(
    parent: &Bound<'_, PyModule>,
    name: &str,
    register: fn(&Bound<'_, PyModule>) -> PyResult<()>,
) -> PyResult<()> {
    let module = PyModule::new(parent.py(), name)?;
    register(&module)?;
    parent.add_submodule(&module)
}
