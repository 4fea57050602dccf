//! For every position on the corpus main lines and every legal move there, the KI2 text
//! the writer gives reads back as that move (the JSA relative words are complete and
//! unambiguous), and so does the KIF text.

use std::fs;
use std::path::Path;

use masu_kif::{KifMove, Mode, Parsed, ReadError, ki2, kif};

type Reader = fn(&[u8], Mode) -> Result<Parsed, ReadError>;

#[test]
fn every_legal_move_reads_back() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/corpus"));
    let readers: [(&str, Reader); 2] = [("kif", kif::read_bytes), ("ki2", ki2::read_bytes)];
    let mut positions = 0;
    let mut moves = 0;
    let mut failures = Vec::new();
    let mut entries: Vec<_> = readers
        .iter()
        .flat_map(|&(folder, read)| {
            fs::read_dir(root.join(folder))
                .map(|d| {
                    d.filter_map(Result::ok)
                        .map(|e| (e.path(), read))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (path, read) in entries {
        let bytes = fs::read(&path).unwrap_or_default();
        let Ok(parsed) = read(&bytes, Mode::Lenient) else {
            continue;
        };
        let record = parsed.record;
        let mut nodes = vec![record.tree.root()];
        nodes.extend(record.tree.main_line());
        for id in nodes {
            let Ok(pos) = record.position_at(id) else {
                continue;
            };
            let last_to = record.tree[id].recorded_move().map(|m| m.mv.to());
            positions += 1;
            for mv in pos.legal_moves() {
                moves += 1;
                for km in [KifMove::ki2(&pos, &mv, last_to), KifMove::kif(&mv, last_to)] {
                    let text = km.to_string();
                    let back = text.parse::<KifMove>().map_err(|e| e.to_string());
                    let back =
                        back.and_then(|k| k.to_move(&pos, last_to).map_err(|e| e.to_string()));
                    if back != Ok(mv) {
                        failures.push(format!(
                            "{} {pos} {}: {text} -> {back:?}",
                            path.display(),
                            mv.to_usi()
                        ));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures, first:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    // All 111 KIF and KI2 files: 5,962 positions, 489,605 legal moves.
    assert_eq!((positions, moves), (5_962, 489_605));
    eprintln!("{positions} positions, {moves} legal moves");
}
