//! The record corpus of `tests/data/corpus` (real files from public projects, see its
//! SOURCES.md) and the main-line lengths the best peer parsers agree on.
#![allow(
    dead_code,
    reason = "each test binary uses its own subset of these helpers"
)]

pub(crate) mod shapes;

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

/// The corpus folder.
pub(crate) fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus")
}

/// `folder/file` -> reference main-line length (`ref_plies.tsv`).
pub(crate) fn reference() -> BTreeMap<String, usize> {
    let tsv = fs::read_to_string(corpus().join("ref_plies.tsv")).unwrap_or_default();
    tsv.lines()
        .skip(1)
        .filter_map(|l| {
            let mut f = l.split('\t');
            let file = f.next()?.to_owned();
            let plies = f.nth(1)?.parse().ok()?;
            Some((file, plies))
        })
        .collect()
}

/// Every file of one corpus folder (`kif`, `ki2`, `csa`, `jkf`), sorted, as
/// (`folder/file`, bytes).
pub(crate) fn folder(name: &str) -> Vec<(String, Vec<u8>)> {
    let mut paths: Vec<PathBuf> = fs::read_dir(corpus().join(name))
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let file = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            (format!("{name}/{file}"), fs::read(&p).unwrap_or_default())
        })
        .collect()
}

/// Runs `f` on a thread with a small stack: a reader, writer or walk that recursed on the
/// depth of a tree or the length of a line would overflow it.
pub(crate) fn on_small_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn_scoped(s, f)
            .unwrap_or_else(|e| panic!("{e}"))
            .join()
            .unwrap_or_else(|_| panic!("the thread panicked"))
    })
}
