//! Makes PyO3's configuration flags (`Py_GIL_DISABLED` for the free-threaded interpreter)
//! visible to this crate's `#[cfg]`s: `gil_cell` depends on it.

fn main() {
    pyo3_build_config::use_pyo3_cfgs();
}
