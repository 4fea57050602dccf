//! KI2 states a line's ending only in its `まで` trailer. An ending no rule knows comes back
//! as that special (a main line that ended in one lost it, and a variation at the same ply
//! took its place), and a trailer kept from the middle of a KIF line is not written where a
//! KI2 reader would end the line at it.

#![allow(clippy::expect_used)] // test fixtures: a broken one should fail loudly

use masu_kif::{DiagnosticKind, Mode, NodeKind, Record, Special, ki2, kif};

fn kif(moves: &str) -> Record {
    let text = format!("手合割：平手\n手数----指手---------消費時間--\n{moves}");
    kif::read_str(&text, Mode::Lenient).expect("reads").record
}

/// The record written as KI2 and read back.
fn through_ki2(record: &Record) -> Record {
    let text = ki2::to_string(record);
    ki2::read_str(&text, Mode::Lenient)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .record
}

fn main_line(record: &Record) -> Vec<String> {
    let tree = &record.tree;
    tree.main_line()
        .map(|id| match tree[id].special() {
            Some(special) => special.kif_word().to_owned(),
            None => tree[id]
                .recorded_move()
                .map(|m| m.mv.to_string())
                .unwrap_or_default(),
        })
        .collect()
}

#[test]
fn an_ending_no_rule_knows_keeps_its_place_before_a_variation() {
    let record = kif("   1 ７六歩(77)\n   2 封印\n\n変化：2手\n   2 ３四歩(33)\n");
    assert_eq!(main_line(&record), ["7g7f", "封印"]);
    let back = through_ki2(&record);
    assert_eq!(main_line(&back), ["7g7f", "封印"]);
    // The variation is still one: 3c3d beside the special (the trailer is kept as read).
    let first = back.tree.main_line().next().expect("a move");
    let second = back.tree[first]
        .children()
        .get(1)
        .copied()
        .expect("a variation");
    assert_eq!(
        back.tree[second]
            .recorded_move()
            .map(|m| m.mv.to_string())
            .as_deref(),
        Some("3c3d")
    );
    assert_eq!(back.tree.len(), record.tree.len());
    let parsed = ki2::read_str("▲７六歩\nまで1手で封印\n", Mode::Lenient).expect("reads");
    assert_eq!(
        parsed
            .record
            .tree
            .main_line()
            .filter_map(|id| parsed.record.tree[id].special().cloned())
            .collect::<Vec<_>>(),
        [Special::Other("封印".into())]
    );
    assert!(
        parsed
            .warnings
            .iter()
            .any(|d| d.kind == DiagnosticKind::UnknownSpecial)
    );
}

#[test]
fn a_result_stated_in_the_middle_of_a_line_does_not_end_it_in_ki2() {
    // A KIF record with a `まで` line between its moves keeps it on the move before.
    let record = kif("   1 ７六歩(77)\nまで1手で中断\n   2 ３四歩(33)\n   3 ２六歩(27)\n");
    assert_eq!(main_line(&record), ["7g7f", "3c3d", "2g2f"]);
    let back = through_ki2(&record);
    assert_eq!(main_line(&back), ["7g7f", "3c3d", "2g2f"]);
}

#[test]
fn every_ending_a_kif_record_holds_comes_back_from_ki2() {
    // Known endings KI2 had no wording for (待った, エラー, トライ) and unknown words that
    // would not read back bare (empty, a known wording, blanks at an end, a line break).
    let known = [
        "待った",
        "エラー",
        "トライ",
        "中断",
        "持将棋",
        "千日手",
        "反則勝ち",
    ];
    for word in known {
        let record = kif(&format!("   1 ７六歩(77)\n   2 {word}\n"));
        let back = through_ki2(&record);
        assert_eq!(main_line(&back), main_line(&record), "{word}");
        assert_ne!(main_line(&back)[1], "", "{word}");
    }
    for word in ["", "先手の勝ち", "中断", " 空白 ", "「括弧」", "二\n行"] {
        let mut record = kif("   1 ７六歩(77)\n");
        let first = record.tree.main_line().next().expect("a move");
        record
            .tree
            .push(first, NodeKind::Special(Special::Other(word.to_owned())))
            .expect("a node");
        let back = through_ki2(&record);
        let expected = word.replace('\n', " ");
        assert_eq!(main_line(&back), ["7g7f", expected.as_str()], "{word:?}");
    }
}

#[test]
fn a_line_break_in_an_ending_is_named_as_left_out() {
    let mut record = kif("   1 ７六歩(77)\n");
    let first = record.tree.main_line().next().expect("a move");
    record
        .tree
        .push(
            first,
            NodeKind::Special(Special::Other("二\n行".to_owned())),
        )
        .expect("a node");
    for format in [masu_kif::Format::Kif, masu_kif::Format::Ki2] {
        assert_eq!(
            record.left_out_by(format),
            ["the line breaks in the unknown ending \"二\\n行\" at ply 2"],
            "{format}"
        );
    }
}

#[test]
fn a_trailer_that_names_the_loser_as_the_winner_is_reported() {
    // (text, the ending read, the result's winner, whether the trailer is reported).
    let black = Some(masu_kif::shogi::Color::Black);
    let white = Some(masu_kif::shogi::Color::White);
    let cases = [
        // KI2: the trailer alone says how the line ends. A winner named who would lose
        // that ending leaves the result unsaid; the trailer is kept as read.
        (
            "▲７六歩\nまで1手で先手の勝ち\n",
            Some(Special::Resign),
            black,
            false,
        ),
        ("▲７六歩\nまで1手で後手の勝ち\n", None, None, true),
        (
            "▲７六歩\nまで1手で後手の反則負け\n",
            Some(Special::IllegalLoss),
            black,
            false,
        ),
        ("▲７六歩\nまで1手で先手の反則負け\n", None, None, true),
        (
            "▲７六歩 △投了\nまで1手で後手の勝ち\n",
            Some(Special::Resign),
            black,
            true,
        ),
        // 上手 is 後手 (White), 下手 先手, whoever moves first. Where White moves first,
        // 先手 and 後手 name no side for sure (cshogi calls 上手, who moves first, 先手):
        // not checked.
        (
            "手合割：香落ち\n△３四歩\nまで1手で先手の勝ち\n",
            Some(Special::Resign),
            white,
            false,
        ),
        (
            "手合割：香落ち\n△３四歩\nまで1手で後手の勝ち\n",
            Some(Special::Resign),
            white,
            false,
        ),
        (
            "手合割：香落ち\n△３四歩\nまで1手で上手の勝ち\n",
            Some(Special::Resign),
            white,
            false,
        ),
        (
            "手合割：香落ち\n△３四歩\nまで1手で下手の勝ち\n",
            None,
            None,
            true,
        ),
        // KIF: the move line's ending stands; a trailer of the other winner is reported.
        (
            "手数----指手--\n   1 ７六歩(77)\n   2 投了\nまで1手で先手の勝ち\n",
            Some(Special::Resign),
            black,
            false,
        ),
        (
            "手数----指手--\n   1 ７六歩(77)\n   2 投了\nまで1手で後手の勝ち\n",
            Some(Special::Resign),
            black,
            true,
        ),
    ];
    for (text, ending, winner, reported) in cases {
        let parsed = masu_kif::read_str(text, None, Mode::Lenient).expect("reads");
        let record = &parsed.record;
        assert_eq!(record.result(), ending.as_ref(), "{text}");
        assert_eq!(record.winner(), winner, "{text}");
        let kinds: Vec<_> = parsed.warnings.iter().map(|d| d.kind.clone()).collect();
        let want: &[DiagnosticKind] = if reported {
            &[DiagnosticKind::TrailerMismatch]
        } else {
            &[]
        };
        assert_eq!(kinds, want, "{text}");
        if reported {
            let message = parsed.warnings[0].to_string();
            assert!(message.contains("the trailer names"), "{message}");
        }
        // A trailer that disagrees is kept as read, so written back as read.
        let end = &record.tree[record.main_line_end()];
        assert!(end.trailer.is_some() || !reported, "{text}");
        // Written as KI2 and read back: the same ending.
        let back = through_ki2(record);
        assert_eq!(back.result(), record.result(), "{text}");
        assert_eq!(back.winner(), record.winner(), "{text}");
    }
}
