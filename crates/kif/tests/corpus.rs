//! Every KIF and KI2 file of the corpus (tests/data/corpus, 150 real files from public
//! projects, see its SOURCES.md) reads with the main-line length the best peer parsers
//! agree on (`ref_plies.tsv`, from tsshogi and json-kifu-format).
//!
//! `kfjs__9fu.kif` / `.ki2` start from a composed position with nine pawns on one file and a
//! pawn on its last rank: it is read (records hold compositions) with one warning saying so.
//! All 85 KIF and 26 KI2 files read at the reference length.
//!
//! Where peers disagree: `kfjs__fork-test.kif` repeats move 5 without a `変化` header; we
//! read the repeat as a variation (as tsshogi does), with a warning. `mog__kif_game_012.kif`
//! writes `123 中断` after `122 投了`; the main line ends with the resignation and the
//! second special is reported (json-kifu-format also ignores it; tsshogi makes a variation),
//! and so is its trailer `まで122手で中断`, which disagrees with the resignation.

mod common;

use common::{corpus, reference};

use std::fs;

use masu_kif::{DiagnosticKind, Mode, Parsed, ki2, kif};

/// Warnings a clean reading of these real files may carry, per file.
fn allowed(file: &str, kind: &DiagnosticKind) -> bool {
    match kind {
        DiagnosticKind::MoveNumber => file.ends_with("fork-test.kif"),
        DiagnosticKind::BadPosition => file.contains("kfjs__9fu."),
        DiagnosticKind::AfterSpecial | DiagnosticKind::TrailerMismatch => {
            file.ends_with("mog__kif_game_012.kif")
        }
        _ => false,
    }
}

fn read(folder: &str, parse: fn(&[u8]) -> Result<Parsed, String>) -> (usize, Vec<String>) {
    let reference = reference();
    let mut ok = 0;
    let mut failures = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(corpus().join(folder))
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for path in entries {
        let name = format!(
            "{folder}/{}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        let bytes = fs::read(&path).unwrap_or_default();
        let parsed = match parse(&bytes) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let plies = parsed.record.tree.main_line_len();
        let expected = reference.get(&name).copied();
        let bad: Vec<_> = parsed
            .warnings
            .iter()
            .filter(|d| !allowed(&name, &d.kind))
            .collect();
        if Some(plies) == expected && bad.is_empty() {
            ok += 1;
        } else {
            failures.push(format!(
                "{name}: {plies} plies (expected {expected:?}); {}",
                bad.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("; ")
            ));
        }
    }
    (ok, failures)
}

fn kif_bytes(bytes: &[u8]) -> Result<Parsed, String> {
    kif::read_bytes(bytes, Mode::Lenient).map_err(|e| e.to_string())
}

#[test]
fn kif_files() {
    let (ok, failures) = read("kif", kif_bytes);
    assert!(
        failures.is_empty(),
        "{ok} ok, failures:\n{}",
        failures.join("\n")
    );
    assert_eq!(ok, 85);
}

fn ki2_bytes(bytes: &[u8]) -> Result<Parsed, String> {
    ki2::read_bytes(bytes, Mode::Lenient).map_err(|e| e.to_string())
}

#[test]
fn ki2_files() {
    let (ok, failures) = read("ki2", ki2_bytes);
    assert!(
        failures.is_empty(),
        "{ok} ok, failures:\n{}",
        failures.join("\n")
    );
    assert_eq!(ok, 26);
}
