use super::*;
use crate::{Handicap, NodeKind};

fn read(text: &str) -> Parsed {
    read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn minimal_game() {
    let p = read(
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:16/00:00:16)\n   2 ３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n",
    );
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    assert_eq!(p.record.tree.main_line_len(), 2);
    assert_eq!(p.record.result(), Some(&Special::Resign));
    assert_eq!(p.record.start.handicap, Some(Handicap::Even));
    // The trailer every writer writes for this ending is not kept: the special says it,
    // and the writers write it again.
    let end = p.record.main_line_end();
    assert_eq!(p.record.tree[end].trailer, None);
    let written = crate::kif::to_string(&p.record);
    assert!(
        written.ends_with("投了        \nまで2手で後手の勝ち\n"),
        "{written}"
    );
}

#[test]
fn illegal_move_is_reported_with_candidates() {
    let p = read("   1 ７五歩(77)\n   2 ３四歩(33)\n");
    assert_eq!(p.record.tree.main_line_len(), 1);
    let kinds: Vec<_> = p.warnings.iter().map(|d| d.kind.clone()).collect();
    assert_eq!(
        kinds,
        vec![DiagnosticKind::IllegalMove, DiagnosticKind::Dropped]
    );
    assert_eq!(p.warnings[0].line, 1);
    assert_eq!(p.warnings[0].column, 6);
    assert_eq!(p.warnings[0].candidates, Vec::<String>::new());
    assert!(read_str("   1 ７五歩(77)\n   2 ３四歩(33)\n", Mode::Strict).is_err());
}

#[test]
fn recorded_foul_is_kept() {
    // A pawn moving two squares stands for any foul: kept, flagged, and not reported when a
    // 反則 special or a comment explains it; reported when nothing does.
    let p = read("   1 ７五歩(77)\n*反則手にて終局\n");
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let p = read("   1 ７五歩(77)\n");
    let kinds: Vec<_> = p.warnings.iter().map(|d| d.kind.clone()).collect();
    assert_eq!(kinds, vec![DiagnosticKind::RecordedFoul]);
    assert!(read_str("   1 ７五歩(77)\n", Mode::Strict).is_err());
    let p = read("   1 ７五歩(77)\n   2 反則勝ち\n");
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let first = p
        .record
        .tree
        .main_line()
        .next()
        .unwrap_or(crate::NodeId::ROOT);
    match &p.record.tree[first].kind {
        NodeKind::Move(m) => assert!(m.illegal),
        other => panic!("{other:?}"),
    }
    assert_eq!(p.record.result(), Some(&Special::IllegalWin));
}

// The regressions below were found by mutating corpus files and checking the fuzz
// property (read, write, read again gives the same record).

#[test]
fn no_move_after_a_special_or_foul_through_a_variation() {
    let p = read("   1 ７六歩(77)\n   2 投了\n\n変化：3手\n   3 ２六歩(27)\n");
    assert_eq!(p.record.tree.len(), 3);
    assert_eq!(p.warnings[0].kind, DiagnosticKind::BadVariation);
    let p = read("   1 ７五歩(77)\n\n変化：2手\n   2 ３四歩(33)\n");
    assert_eq!(p.record.tree.len(), 2);
}

#[test]
fn words_that_exclude_the_legal_move_are_not_a_foul() {
    // `引` (backward) on a pawn: the one pawn that reaches the square moves forward, so
    // the text fits nothing; it must not be kept as an "illegal" copy of a legal move.
    let p = read("   1 ７六歩引(77\n");
    assert_eq!(p.record.tree.len(), 1);
    assert_eq!(p.warnings[0].kind, DiagnosticKind::IllegalMove);
}

#[test]
fn trailer_before_the_moves_and_empty_move_lines_survive_writing() {
    let p = read("まで0手で中断\n   1 ７六歩(77)\n   2 ( 0:01/00:00:01)\n");
    let text = crate::kif::to_string(&p.record);
    assert_eq!(read(&text).record, p.record, "{text}");
    assert_eq!(
        p.warnings.last().map(|d| d.kind.clone()),
        Some(DiagnosticKind::BadMove)
    );
}

#[test]
fn a_clock_field_past_59_is_a_bad_time_not_seconds() {
    let p = read("   1 ７六歩(77)   ( 0:99/00:00:99)\n   2 ３四歩(33)   ( 0:01/00:00:01)\n");
    assert_eq!(p.record.tree.main_line_len(), 2);
    let first = p.record.tree.main_line().next();
    assert_eq!(first.and_then(|id| p.record.tree[id].time), None);
    let [w] = p.warnings.as_slice() else {
        panic!("{:?}", p.warnings);
    };
    assert_eq!(w.kind, DiagnosticKind::BadTime);
    assert_eq!((w.line, w.column), (1, 16));
    assert!(w.to_string().contains("( 0:99/00:00:99)"), "{w}");
}

#[test]
fn text_with_nothing_of_a_record_is_said_to_hold_none() {
    use crate::DiagnosticKind::{NoRecord, UnknownLine};
    // An empty file, blank lines, a byte-order mark alone, text of another kind: the even
    // game is assumed, and said (an error in strict reading, as an empty CSA file is).
    for (text, kinds) in [
        ("", &[NoRecord][..]),
        ("\u{FEFF}", &[NoRecord]),
        ("  \r\n\u{3000}\n\n", &[NoRecord]),
        ("hello world\n", &[UnknownLine, NoRecord]),
    ] {
        let p = read(text);
        let found: Vec<_> = p.warnings.iter().map(|d| d.kind.clone()).collect();
        assert_eq!(found, kinds, "{text:?}");
        let no_record = p.warnings.last().unwrap_or_else(|| panic!("{text:?}"));
        assert_eq!((no_record.line, no_record.column), (1, 1));
        assert!(no_record.kind.damages_game());
        assert_eq!(
            p.record.start.position().map(|p| p.to_string()).ok(),
            Some(shogi::Position::startpos().to_string())
        );
        assert!(read_str(text, Mode::Strict).is_err(), "{text:?}");
        let ki2 = crate::ki2::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            ki2.warnings.last().map(|d| &d.kind),
            Some(&NoRecord),
            "{text:?}"
        );
    }
    // One line of a record is enough: a header, the declaration, a comment, a move.
    for text in [
        "手合割：平手\n",
        "#KIF version=2.0 encoding=UTF-8\n",
        "*a comment\n",
        "   1 ７六歩(77)\n",
        "hello world\n   1 ７六歩(77)\n",
    ] {
        let p = read(text);
        assert!(
            p.warnings.iter().all(|d| d.kind != NoRecord),
            "{text:?}: {:?}",
            p.warnings
        );
    }
    let ki2 = crate::ki2::read_str("▲７六歩\n", Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ki2.record.tree.main_line_len(), 1);
}

#[test]
fn a_wrong_move_number_keeps_its_move_and_says_so() {
    // 0 is no ply's number (and no variation's start); a number past the range of any is
    // still a move line's: each move is read as the next one, the number reported.
    for (number, said) in [
        ("5", "expected move 2, found 5"),
        ("0", "expected move 2, found 0"),
        (
            "4294967295",
            "expected move 2, found a number past any move's",
        ),
        (
            "99999999999999999999999",
            "expected move 2, found a number past any move's",
        ),
    ] {
        let p = read(&format!(
            "   1 ７六歩(77)\n{number:>4} ３四歩(33)\n   3 ２六歩(27)\n"
        ));
        assert_eq!(p.record.tree.main_line_len(), 3, "{number}");
        let [w] = p.warnings.as_slice() else {
            panic!("{number}: {:?}", p.warnings);
        };
        assert_eq!(w.kind, DiagnosticKind::MoveNumber, "{number}");
        assert_eq!(w.line, 2, "{number}");
        assert!(w.to_string().contains(said), "{w}");
    }
}
