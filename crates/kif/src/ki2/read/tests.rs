use super::*;

fn read(text: &str) -> Parsed {
    read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn game_with_result_from_trailer() {
    let p =
        read("先手：a\n後手：b\n\n▲７六歩    △３四歩    ▲２二角成\n△同　銀\nまで4手で後手の勝ち\n");
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    assert_eq!(p.record.tree.main_line_moves(), 4);
    assert_eq!(p.record.result(), Some(&Special::Resign));
    // The trailer every writer writes for this ending is not kept: the special says it.
    let end = p.record.main_line_end();
    assert_eq!(p.record.tree[end].trailer, None);
    let written = crate::ki2::to_string(&p.record);
    assert!(
        written.ends_with("△同　銀\nまで4手で後手の勝ち\n"),
        "{written}"
    );
}

#[test]
fn ambiguous_move_lists_candidates() {
    // Both golds can go to 5八 after ▲６八銀 … here simply: from the start, 金 to 5八 has
    // two candidates (6九 and 4九).
    let p = read("▲５八金\n");
    assert_eq!(p.record.tree.main_line_moves(), 0);
    assert_eq!(p.warnings.len(), 1);
    let d = &p.warnings[0];
    assert_eq!(d.kind, DiagnosticKind::AmbiguousMove);
    assert_eq!(d.candidates, vec!["4i5h".to_owned(), "6i5h".to_owned()]);
    let p = read("▲５八金右\n");
    assert!(p.warnings.is_empty());
    assert_eq!(p.record.tree.main_line_moves(), 1);
}

#[test]
fn side_mark_mismatch_is_reported() {
    let p = read("△７六歩\n");
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(p.warnings[0].kind, DiagnosticKind::SideMark);
}
