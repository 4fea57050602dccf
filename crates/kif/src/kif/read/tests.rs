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
    assert_eq!(p.record.tree.main_line_moves(), 2);
    assert_eq!(p.record.result(), Some(&Special::Resign));
    assert_eq!(p.record.start.handicap, Some(Handicap::Even));
    let end = p.record.main_line_end();
    assert_eq!(
        p.record.tree[end].trailer.as_deref(),
        Some("まで2手で後手の勝ち")
    );
}

#[test]
fn illegal_move_is_reported_with_candidates() {
    let p = read("   1 ７五歩(77)\n   2 ３四歩(33)\n");
    assert_eq!(p.record.tree.main_line_moves(), 1);
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
