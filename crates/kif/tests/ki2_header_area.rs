//! A line of a KIF header area that KIF keeps verbatim or as a header, but that a KI2 reader
//! would take for a row of moves (`▲２六歩`), is written in KI2 as a program comment: the
//! record's moves stay its moves.

#![allow(clippy::expect_used)] // test fixtures: a broken one should fail loudly

use masu_kif::{Mode, ki2, kif};

#[test]
fn a_kept_line_that_reads_as_moves_in_ki2_is_written_as_a_comment() {
    let text = "手合割：平手\n▲２六歩    △８四歩\n▲前：x\n手数----指手---------消費時間--\n   1 ７六歩(77)\n";
    let record = kif::read_str(text, Mode::Lenient).expect("reads").record;
    assert!(
        record.other_lines.iter().any(|l| l.starts_with('▲')),
        "{:?}",
        record.other_lines
    );
    let moves = |r: &masu_kif::Record| {
        r.tree
            .moves_to(r.main_line_end())
            .iter()
            .map(|m| m.mv.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(&record), ["7g7f"]);
    let written = ki2::to_string(&record);
    let back = ki2::read_str(&written, Mode::Lenient)
        .expect("reads")
        .record;
    assert_eq!(moves(&back), ["7g7f"], "{written}");
    assert!(written.contains("#▲２六歩"), "{written}");
}
