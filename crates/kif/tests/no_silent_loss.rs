//! No silent loss: deleting a move line that another move line follows never gives a clean
//! read. Every such deletion in every corpus KIF file either fails or leaves a diagnostic
//! (the next move is illegal, misnumbered, or a trailer disagrees).

use std::fs;
use std::path::Path;

use masu_kif::kif::{Line, classify};
use masu_kif::{Mode, kif};

#[test]
fn deleting_a_move_line_is_never_silent() {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/corpus/kif"
    ));
    let mut entries: Vec<_> = fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    let mut checked = 0;
    let mut silent = Vec::new();
    for path in entries {
        let bytes = fs::read(&path).unwrap_or_default();
        let Ok(decoded) = masu_kif::encoding::decode(&bytes, None) else {
            continue;
        };
        let text = decoded.text.into_owned();
        let Ok(clean) = kif::read_str(&text, Mode::Lenient) else {
            continue;
        };
        let lines: Vec<&str> = text.lines().collect();
        let is_move = |l: &str| matches!(classify(l), Line::Move(_));
        for i in 0..lines.len().saturating_sub(1) {
            if !is_move(lines[i]) || !is_move(lines[i + 1]) {
                continue;
            }
            let mut cut = lines.clone();
            cut.remove(i);
            let result = kif::read_str(&cut.join("\n"), Mode::Lenient);
            checked += 1;
            // Silent: nothing reported beyond what the intact file already reported.
            let known = |d: &masu_kif::Diagnostic| {
                clean
                    .warnings
                    .iter()
                    .any(|c| c.kind == d.kind && c.line_text == d.line_text)
            };
            if let Ok(p) = result
                && p.warnings.iter().all(known)
            {
                silent.push(format!("{} line {}: {}", path.display(), i + 1, lines[i]));
            }
        }
    }
    assert!(
        silent.is_empty(),
        "{} silent deletions:\n{}",
        silent.len(),
        silent.join("\n")
    );
    // Every move line of the 85 KIF files that another move line follows.
    assert_eq!(checked, 2_915);
}
