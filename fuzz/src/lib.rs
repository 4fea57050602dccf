//! The bodies of the fuzz targets, as plain functions: `fuzz_targets/*.rs` hand libFuzzer's
//! input to them, and the tests in `tests/` replay the committed corpora through them on stable.

use std::fs;
use std::path::Path;

pub mod cli;
pub mod common;
mod cross_format;
pub mod kif;
pub mod kif_formats;
pub mod kif_records;
pub mod reversi;
pub mod shogi;
pub mod tsume;
pub mod usi_engine;

/// Runs `check` on every file of `corpus/<target>/`; panics if the corpus is empty or missing.
pub fn replay_corpus(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut count = 0;
    for entry in entries {
        let path = entry
            .map(|e| e.path())
            .unwrap_or_else(|e| panic!("{target}: {e}"));
        let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Name the input that fails, so that it can be replayed on its own.
        if std::panic::catch_unwind(|| check(&data)).is_err() {
            panic!("{target}: {} fails (message above)", path.display());
        }
        count += 1;
    }
    assert!(count > 0, "empty corpus for {target}");
}
