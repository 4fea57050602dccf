//! Replays every committed corpus file through its target's check function, so the
//! targets' invariants are tested on stable without libFuzzer.

use std::fs;
use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut count = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        check(&fs::read(&path).unwrap());
        count += 1;
    }
    assert!(count > 0, "empty corpus for {target}");
}

#[test]
fn square_from_ascii() {
    replay("square_from_ascii", masu_fuzz::check_square_from_ascii);
}
