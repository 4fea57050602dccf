//! What a reader reports of the move lines it drops after an unreadable or illegal move:
//! each dropped line once, as dropped, and nothing about its number or side mark (they
//! are measured against a line that stopped before them, so every one would look wrong).
//! Comments written among the dropped moves are theirs: dropped with them, each reported,
//! never put on the last move read.

use masu_kif::{DiagnosticKind, Mode, NodeId, Parsed, Record, csa, jkf, ki2, kif};

/// The diagnostics of a lenient reading, as (kind, line).
fn kinds(parsed: &Parsed) -> Vec<(DiagnosticKind, usize)> {
    parsed
        .warnings
        .iter()
        .map(|d| (d.kind.clone(), d.line))
        .collect()
}

fn read_kif(text: &str) -> Parsed {
    kif::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"))
}

fn read_ki2(text: &str) -> Parsed {
    ki2::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"))
}

fn read_csa(text: &str) -> Parsed {
    csa::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"))
}

/// Six moves, numbered and marked as written, the third one `ply3`.
fn six_moves(ply3: &str) -> String {
    format!(
        "   1 ▲７六歩(77)\n   2 △３四歩(33)\n   3 ▲{ply3}\n   4 △８四歩(83)\n   5 ▲２五歩(26)\n   6 △８五歩(84)\n"
    )
}

#[test]
fn kif_lines_dropped_after_an_illegal_move_are_reported_once_each() {
    use DiagnosticKind::{Dropped, IllegalMove};
    // `２五歩(27)`: a pawn two squares on, kept as a possible foul until the record goes
    // on; the ply after it is 4, so the lines numbered 5 and 6 did read as misnumbered.
    let p = read_kif(&six_moves("２五歩(27)"));
    let want = vec![(IllegalMove, 3), (Dropped, 4), (Dropped, 5), (Dropped, 6)];
    assert_eq!(kinds(&p), want, "{:#?}", p.warnings);
    // `７四歩(77)`: no pawn on 7g any more, the block breaks at ply 3; the lines numbered
    // 4 to 6 did read as misnumbered, and those marked △ as marked for the wrong side.
    let p = read_kif(&six_moves("７四歩(77)"));
    assert_eq!(kinds(&p), want, "{:#?}", p.warnings);
    assert_eq!(p.record.tree.main_line_len(), 2);
    // Strict reading still stops at the move itself.
    let strict = kif::read_str(&six_moves("７四歩(77)"), Mode::Strict);
    assert_eq!(
        strict.err().and_then(|e| e.diagnostic().map(|d| d.line)),
        Some(3)
    );
}

#[test]
fn a_lower_number_after_a_broken_line_still_starts_a_variation() {
    // The move number check that is dropped is the one that would complain; the one that
    // reads a lower number as the start of a variation still works after a break.
    let p = read_kif(&format!("{}   2 △８四歩(83)\n", six_moves("７四歩(77)")));
    let found: Vec<_> = kinds(&p).into_iter().map(|(k, _)| k).collect();
    assert_eq!(found.last(), Some(&DiagnosticKind::MoveNumber), "{found:?}");
    // The root, ７六歩, and ３四歩 with ８四歩 beside it.
    assert_eq!(p.record.tree.len(), 4);
}

#[test]
fn kif_lines_after_a_special_say_so_and_nothing_of_their_numbers() {
    use DiagnosticKind::AfterSpecial;
    let p = read_kif("   1 ▲７六歩(77)\n   2 △投了\n   3 ▲２六歩(27)\n   4 △８四歩(83)\n");
    assert_eq!(kinds(&p), vec![(AfterSpecial, 3), (AfterSpecial, 4)]);
}

#[test]
fn csa_and_jkf_moves_dropped_after_an_illegal_move_are_not_reported_as_the_wrong_side() {
    use DiagnosticKind::{Dropped, IllegalMove};
    // `+7774FU`: no pawn on 7g any more; the moves after it, each of the right side, did
    // read as every other one marked for the wrong side.
    let text = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+7774FU\n-8384FU\n+2625FU\n-8485FU\n";
    let p = read_csa(text);
    let want = vec![(IllegalMove, 6), (Dropped, 7), (Dropped, 8), (Dropped, 9)];
    assert_eq!(kinds(&p), want, "{:#?}", p.warnings);
    let mv = |color: u8, from: (u8, u8), to: (u8, u8)| {
        format!(
            r#"{{"move":{{"color":{color},"piece":"FU","from":{{"x":{},"y":{}}},"to":{{"x":{},"y":{}}}}}}}"#,
            from.0, from.1, to.0, to.1
        )
    };
    let moves = [
        mv(0, (7, 7), (7, 6)),
        mv(1, (3, 3), (3, 4)),
        mv(0, (7, 7), (7, 4)),
        mv(1, (8, 3), (8, 4)),
        mv(0, (2, 7), (2, 6)),
    ];
    let text = format!(r#"{{"header":{{}},"moves":[{{}},{}]}}"#, moves.join(","));
    let p = jkf::read_str(&text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let found: Vec<_> = kinds(&p).into_iter().map(|(k, _)| k).collect();
    assert_eq!(found, [IllegalMove, Dropped, Dropped], "{:#?}", p.warnings);
}

#[test]
fn ki2_rows_dropped_after_an_illegal_move_are_reported_once_each() {
    use DiagnosticKind::{AfterSpecial, Dropped, IllegalMove};
    // `▲７四歩`: no pawn reaches 7d; the rest of its row and each row after it is dropped.
    let p = read_ki2("▲７六歩    △３四歩    ▲７四歩    △８四歩\n▲２六歩    △８五歩\n");
    let want = vec![(IllegalMove, 1), (Dropped, 1), (Dropped, 2)];
    assert_eq!(kinds(&p), want, "{:#?}", p.warnings);
    // A row after a special says so, once a token, with no word of its side marks.
    let p = read_ki2("▲７六歩    △投了\n△３四歩    ▲２六歩\n");
    let want = vec![(AfterSpecial, 2), (AfterSpecial, 2)];
    assert_eq!(kinds(&p), want, "{:#?}", p.warnings);
}

/// The comments of every node that has any, in tree order.
fn comments(record: &Record) -> Vec<Vec<String>> {
    record
        .tree
        .nodes()
        .iter()
        .map(|node| node.comments.clone())
        .filter(|c| !c.is_empty())
        .collect()
}

#[test]
fn kif_comments_after_dropped_moves_are_dropped_with_them_and_reported() {
    use DiagnosticKind::{Dropped, IllegalMove};
    // Move 3 names an empty origin; the comment after it and the notes after move 4 are
    // theirs, not ３四歩's. The variation's comment is read: its move is.
    let text = "   1 ７六歩(77)\n   2 ３四歩(33)\n*on 2\n   3 ７四歩(77)\n*on 3\n   4 ８四歩(83)\n*on 4\n&mark 4\n#program 4\n\n変化：3手\n   3 ２六歩(27)\n*on 3 again\n";
    let p = read_kif(text);
    let want = vec![
        (IllegalMove, 4),
        (Dropped, 5),
        (Dropped, 6),
        (Dropped, 7),
        (Dropped, 8),
        (Dropped, 9),
    ];
    assert_eq!(kinds(&p), want, "{:#?}", p.warnings);
    let third = &p.warnings[1];
    assert_eq!((third.line, third.column), (5, 1));
    assert_eq!(
        third.to_string().lines().next(),
        Some(
            "line 5, column 1: dropped: a comment after a move not read: it is that move's, not the last move read"
        )
    );
    let second = p.record.tree.main_line().nth(1).unwrap_or(NodeId::ROOT);
    let node = &p.record.tree[second];
    assert_eq!(node.comments, ["on 2"]);
    assert!(node.bookmarks.is_empty() && node.program_comments.is_empty());
    assert_eq!(
        comments(&p.record),
        [vec!["on 2".to_owned()], vec!["on 3 again".to_owned()]]
    );
    // Strict reading still stops at the move.
    let strict = kif::read_str(text, Mode::Strict);
    assert_eq!(
        strict.err().and_then(|e| e.diagnostic().map(|d| d.line)),
        Some(4)
    );
}

#[test]
fn a_kif_trailer_after_a_dropped_move_is_dropped_with_it_as_ki2s_is() {
    use DiagnosticKind::{Dropped, IllegalMove};
    // `まで3手で先手の勝ち` counts move 3, which was not read: it is not ３四歩's result.
    let kif = read_kif("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７四歩(77)\nまで3手で先手の勝ち\n");
    let ki2 = read_ki2("▲７六歩    △３四歩\n▲７四歩\nまで3手で先手の勝ち\n");
    for (p, want) in [
        (&kif, vec![(IllegalMove, 3), (Dropped, 4)]),
        (&ki2, vec![(IllegalMove, 2), (Dropped, 3)]),
    ] {
        assert_eq!(kinds(p), want, "{:#?}", p.warnings);
        let last = p.record.main_line_end();
        assert_eq!(p.record.tree[last].trailer, None);
        assert_eq!(p.record.tree.main_line_len(), 2);
    }
    // After a move read, the trailer is the line's.
    let whole = read_kif("   1 ７六歩(77)\nまで1手で中断\n");
    let last = whole.record.main_line_end();
    assert_eq!(
        whole.record.tree[last].trailer.as_deref(),
        Some("まで1手で中断")
    );
}

#[test]
fn a_comment_after_a_kept_foul_stays_on_the_foul() {
    // The illegal move is kept (a possible recorded foul): the comment after it is its.
    let p = read_kif("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２五歩(27)\n*反則\n");
    assert!(p.warnings.is_empty(), "{:#?}", p.warnings);
    let foul = p.record.main_line_end();
    assert_eq!(p.record.tree[foul].comments, ["反則"]);
}

#[test]
fn ki2_comments_after_dropped_moves_are_dropped_with_them_and_reported() {
    use DiagnosticKind::{Dropped, IllegalMove};
    let p = read_ki2("▲７六歩    △３四歩\n*on 2\n▲７四歩    △８四歩\n*on 4\n");
    let want = vec![(IllegalMove, 3), (Dropped, 3), (Dropped, 4)];
    assert_eq!(kinds(&p), want, "{:#?}", p.warnings);
    assert_eq!(comments(&p.record), [vec!["on 2".to_owned()]]);
}

#[test]
fn csa_comments_after_dropped_moves_are_dropped_with_them_and_reported() {
    use DiagnosticKind::{Dropped, IllegalMove};
    let text = "V2.2\nPI\n+\n+7776FU\n-3334FU\n'*on 2\n+7774FU\n'*on 3\n-8384FU\n'on 4\n";
    let p = read_csa(text);
    let want = vec![(IllegalMove, 7), (Dropped, 8), (Dropped, 9), (Dropped, 10)];
    assert_eq!(kinds(&p), want, "{:#?}", p.warnings);
    assert_eq!(comments(&p.record), [vec!["on 2".to_owned()]]);
    let last = p.record.main_line_end();
    assert!(p.record.tree[last].program_comments.is_empty());
}
