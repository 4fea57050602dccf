//! Targets of the game-record readers: no panic on any bytes, and whatever reads as a record
//! writes and reads back as the same record, and comes back equal from its serde form.

use kif::{KifMove, Mode, ki2};

/// KIF bytes: reading never panics; a record that reads writes back (in KIF, plain and with
/// `不成`) and reads again as the same record, each time with its mover's total.
pub fn check_kif_read(data: &[u8]) {
    let Ok(first) = kif::kif::read_bytes(data, Mode::Lenient) else {
        return;
    };
    check_strict_agrees(&first, kif::kif::read_bytes(data, Mode::Strict));
    crate::kif_formats::check_serde_holds(&first.record);
    for options in [
        kif::kif::WriteOptions::default(),
        kif::kif::WriteOptions {
            non_promotion: true,
            ..kif::kif::WriteOptions::default()
        },
    ] {
        let text = kif::kif::write(&first.record, &options);
        let second = kif::kif::read_str(&text, Mode::Lenient);
        let second = second.unwrap_or_else(|e| panic!("written KIF does not read: {e}\n{text}"));
        // Each time's total as the writer fills it in where the record has none.
        let mut expected = first.record.clone();
        expected.tree.fill_totals();
        assert_eq!(second.record, expected, "KIF round trip\n{text}");
    }
    crate::cross_format::check_ki2_holds(&first.record);
    crate::cross_format::check_jkf_holds(&first.record);
    crate::cross_format::check_csa_holds(&first.record);
}

/// KI2 bytes: reading never panics; a record that reads is held by KIF, and writes back
/// as KI2 that reads as the same tree, and writes again to the very same text (KI2 cannot
/// hold clocks, so those are compared by the KIF writer only). KI2 states a line's ending
/// in its `まで` trailer only: a line that ended in a word of its move rows (`△投了`), or
/// in a trailer that does not say its ending (which the reader reports), reads back with
/// the trailer the writer put in, so trailers of endings are left out of the tree
/// comparison.
pub fn check_ki2_read(data: &[u8]) {
    let Ok(first) = ki2::read_bytes(data, Mode::Lenient) else {
        return;
    };
    check_strict_agrees(&first, ki2::read_bytes(data, Mode::Strict));
    crate::kif_formats::check_kif_holds(&first.record);
    crate::cross_format::check_jkf_holds(&first.record);
    crate::cross_format::check_csa_holds(&first.record);
    crate::kif_formats::check_serde_holds(&first.record);
    if has_time(&first.record) {
        return;
    }
    let text = ki2::to_string(&first.record);
    let second = ki2::read_str(&text, Mode::Lenient);
    let second = second.unwrap_or_else(|e| panic!("written KI2 does not read: {e}\n{text}"));
    assert_eq!(
        without_ending_trailers(&second.record.tree),
        without_ending_trailers(&first.record.tree),
        "KI2 round trip\n{text}"
    );
    assert_eq!(ki2::to_string(&second.record), text, "KI2 written twice");
}

/// A strict reading of what read leniently as `lenient`: it succeeds exactly when the
/// lenient one has no warning and kept no illegal move (a foul the record states, which a
/// lenient reading keeps without one), with the same record; it fails at one of the
/// lenient reading's warnings (its line, column and kind), or at such a foul.
pub fn check_strict_agrees(lenient: &kif::Parsed, strict: Result<kif::Parsed, kif::ReadError>) {
    let kept_foul = has_illegal_move(&lenient.record);
    match strict {
        Ok(strict) => {
            assert!(
                lenient.warnings.is_empty(),
                "strict read passed what lenient warned of: {:?}",
                lenient.warnings
            );
            assert!(!kept_foul, "strict read kept an illegal move");
            assert_eq!(
                strict.record, lenient.record,
                "strict and lenient records differ"
            );
        }
        Err(e) => {
            let Some(d) = e.diagnostic() else {
                panic!("strict read failed without a diagnostic where lenient read: {e}");
            };
            let warned = lenient
                .warnings
                .iter()
                .any(|w| (w.line, w.column, &w.kind) == (d.line, d.column, &d.kind));
            let foul = kept_foul && d.kind == kif::DiagnosticKind::IllegalMove;
            assert!(
                warned || foul,
                "strict read failed at {d} where lenient did not warn: {:?}",
                lenient.warnings
            );
        }
    }
}

/// Whether the record keeps an illegal move (a recorded foul).
pub(crate) fn has_illegal_move(record: &kif::Record) -> bool {
    let nodes = record.tree.nodes();
    nodes
        .iter()
        .any(|n| n.recorded_move().is_some_and(|m| m.illegal))
}

/// The tree with the trailers of its special nodes removed.
fn without_ending_trailers(tree: &kif::MoveTree) -> kif::MoveTree {
    let mut tree = tree.clone();
    let ids: Vec<kif::NodeId> = tree
        .ids()
        .filter(|&id| tree[id].special().is_some())
        .collect();
    for id in ids {
        tree[id].trailer = None;
    }
    tree
}

fn has_time(record: &kif::Record) -> bool {
    record.tree.nodes().iter().any(|n| n.time.is_some())
}

/// Move text: parsing never panics, and parsed text prints as text that parses back the same.
pub fn check_kif_move(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = text.parse::<KifMove>() {
        let printed = m.to_string();
        assert_eq!(
            printed.parse::<KifMove>().ok(),
            Some(m),
            "{text} -> {printed}"
        );
    }
    if let Ok((m, used)) = KifMove::parse_prefix(text) {
        assert!(used <= text.len() && text.is_char_boundary(used));
        let _ = m.to_move(&shogi::Position::startpos(), None);
    }
}
