//! Criterion benches for the masu crates live in `benches/`; this library is empty on purpose
//! so that `cargo bench -p masu-benches` has a package to attach them to.
