use super::*;

fn read(text: &str) -> Parsed {
    read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn game_with_result_from_trailer() {
    let p =
        read("先手：a\n後手：b\n\n▲７六歩    △３四歩    ▲２二角成\n△同　銀\nまで4手で後手の勝ち\n");
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    assert_eq!(p.record.tree.main_line_len(), 4);
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
    assert_eq!(p.record.tree.main_line_len(), 0);
    assert_eq!(p.warnings.len(), 1);
    let d = &p.warnings[0];
    assert_eq!(d.kind, DiagnosticKind::AmbiguousMove);
    assert_eq!(d.candidates, vec!["4i5h".to_owned(), "6i5h".to_owned()]);
    let p = read("▲５八金右\n");
    assert!(p.warnings.is_empty());
    assert_eq!(p.record.tree.main_line_len(), 1);
}

#[test]
fn a_move_that_could_promote_without_a_promotion_word_is_reported() {
    // After ▲７六歩 △３四歩 the bishop takes on 2b and may promote there.
    let opening = "▲７六歩    △３四歩\n";
    let p = read(&format!("{opening}▲２二角\n"));
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    let d = &p.warnings[0];
    assert_eq!(d.kind, DiagnosticKind::NoPromotionWord);
    assert_eq!((d.line, d.column), (2, 1));
    assert_eq!(d.ply, Some(3));
    // Read as the convention reads it: the bishop stays a bishop.
    let last = p.record.main_line_end();
    let mv = p.record.tree[last]
        .recorded_move()
        .map(|m| m.mv.to_usi().to_string());
    assert_eq!(mv.as_deref(), Some("8h2b"));
    for said in ["▲２二角不成", "▲２二角生", "▲２二角成"] {
        let p = read(&format!("{opening}{said}\n"));
        assert!(p.warnings.is_empty(), "{said}: {:?}", p.warnings);
    }
    // A move that cannot promote needs no word; strict reading refuses the unsaid one.
    assert!(read("▲７六歩\n").warnings.is_empty());
    let strict = read_str(&format!("{opening}▲２二角\n"), Mode::Strict);
    assert!(strict.is_err());
}

#[test]
fn side_mark_mismatch_is_reported() {
    let p = read("△７六歩\n");
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(p.warnings[0].kind, DiagnosticKind::SideMark);
}
