//! Round trips over the corpus: every KIF and KI2 file read, written in the same format and
//! read again gives an identical record (KIF with each time's total filled in where the
//! file gave only the time spent, as 81Dojo writes them); KIF -> KI2 -> KIF keeps the moves, variations,
//! results and comments (KI2 has no clock, so times are not compared).

use std::fs;
use std::path::{Path, PathBuf};

use masu_kif::kif::WriteOptions;
use masu_kif::{
    DiagnosticKind, HeaderKey, Mode, NodeId, NodeKind, Parsed, Record, Special, jkf, ki2, kif,
};

fn files(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/corpus")).join(folder);
    let mut v: Vec<_> = fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// `record` with each time's total as the KIF writer fills it in.
fn filled(record: &Record) -> Record {
    let mut record = record.clone();
    record.tree.fill_totals();
    record
}

fn name(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// The tree without clocks, as text per node (kind, comments, bookmarks), in id order of a
/// depth-first walk, so records built in different orders compare by shape.
fn shape(record: &Record) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![record.tree.root()];
    while let Some(id) = stack.pop() {
        let node = &record.tree[id];
        let kind = match &node.kind {
            NodeKind::Move(m) => format!("{} {}", m.mv.to_usi(), m.illegal),
            NodeKind::Special(s) => s.to_string(),
            NodeKind::Start => "start".to_owned(),
        };
        out.push(format!(
            "{} {kind} {:?} {:?}",
            node.ply(),
            node.comments,
            node.bookmarks
        ));
        stack.extend(node.children().iter().rev());
    }
    out
}

#[test]
fn kif_to_kif() {
    let mut failures = Vec::new();
    let mut count = 0;
    for path in files("kif") {
        let bytes = fs::read(&path).unwrap_or_default();
        let Ok(first) = kif::read_bytes(&bytes, Mode::Lenient) else {
            continue;
        };
        count += 1;
        for options in [
            WriteOptions::default(),
            WriteOptions {
                non_promotion: true,
                ..WriteOptions::default()
            },
        ] {
            let text = kif::write(&first.record, &options);
            match kif::read_str(&text, Mode::Lenient) {
                Ok(second)
                    if second.record == filled(&first.record)
                        && second.warnings.len() <= first.warnings.len() => {}
                Ok(second) => failures.push(format!(
                    "{}: records differ ({} vs {} warnings)\n{text}",
                    name(&path),
                    first.warnings.len(),
                    second.warnings.len()
                )),
                Err(e) => failures.push(format!("{}: {e}\n{text}", name(&path))),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(count, 85);
}

#[test]
fn ki2_to_ki2() {
    let mut failures = Vec::new();
    let mut count = 0;
    for path in files("ki2") {
        let bytes = fs::read(&path).unwrap_or_default();
        let Ok(first) = ki2::read_bytes(&bytes, Mode::Lenient) else {
            continue;
        };
        count += 1;
        let text = ki2::to_string(&first.record);
        match ki2::read_str(&text, Mode::Lenient) {
            Ok(second)
                if second.record == first.record
                    && second.warnings.len() <= first.warnings.len() => {}
            Ok(_) => failures.push(format!("{}: records differ\n{text}", name(&path))),
            Err(e) => failures.push(format!("{}: {e}\n{text}", name(&path))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(count, 26);
}

#[test]
fn kif_to_ki2_to_kif_keeps_moves_results_comments() {
    let mut failures = Vec::new();
    for path in files("kif") {
        let bytes = fs::read(&path).unwrap_or_default();
        let Ok(first) = kif::read_bytes(&bytes, Mode::Lenient) else {
            continue;
        };
        let text = ki2::to_string(&first.record);
        match ki2::read_str(&text, Mode::Lenient) {
            Ok(second) if shape(&second.record) == shape(&first.record) => {}
            Ok(second) => failures.push(format!(
                "{}: shapes differ\n{:?}\n{:?}\n{text}",
                name(&path),
                shape(&first.record),
                shape(&second.record)
            )),
            Err(e) => failures.push(format!("{}: {e}\n{text}", name(&path))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// An unknown word that itself begins with a side mark (`△△` reads as `△` played by the
/// second player) reads back as the same word, whichever side moves.
#[test]
fn unknown_word_beginning_with_a_side_mark() {
    for (moves, ply) in [("   1 ▲△\n", 1), ("   1 ７六歩(77)\n   2 △▲☖\n", 2)] {
        let text = format!("手合割：平手\n手数----指手--\n{moves}");
        let first = kif::read_str(&text, Mode::Lenient).expect("reads");
        let end = first.record.main_line_end();
        let word = first.record.tree[end].special().expect("a special").clone();
        assert_eq!(first.record.tree[end].ply(), ply);
        assert!(word.kif_word().starts_with(['△', '▲']), "{word:?}");
        let written = kif::to_string(&first.record);
        let back = kif::read_str(&written, Mode::Lenient).expect("written KIF reads");
        assert_eq!(back.record.tree, first.record.tree, "{written}");
        let kinds = |p: &masu_kif::Parsed| {
            p.warnings
                .iter()
                .map(|d| d.kind.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(kinds(&back), [DiagnosticKind::UnknownSpecial], "{written}");
        assert_eq!(kinds(&first), kinds(&back));
    }
}

/// Specials another format keeps verbatim that a bare KIF word cannot hold (blanks, `(`,
/// move text, a known word, nothing at all, brackets) are written in `「…」` and read back
/// as the same words; comments of several lines come back line by line.
#[test]
fn kif_holds_any_special_word_and_comment_lines() {
    let words = [
        "FOO BAR",
        "76FU",
        "７六歩",
        "同　歩",
        "x(y",
        "投了",
        "",
        "「a」",
        "a」b",
        "「",
        "△",
        "中断!",
    ];
    for word in words {
        let json = format!(
            r#"{{"header":{{}},"moves":[{{"comments":["one\ntwo"]}},{{"special":{}}}]}}"#,
            serde_json_string(word)
        );
        // The word itself, even a known one (a record built in code may hold `Other("投了")`).
        let (written, back, _) = special_through_kif(&json, word);
        let end = back.record.main_line_end();
        let special = back.record.tree[end].special().cloned();
        assert_eq!(special, Some(Special::Other(word.to_owned())), "{written}");
        assert_eq!(
            back.record.tree[NodeId::ROOT].comments,
            ["one", "two"],
            "{written}"
        );
        let kinds: Vec<_> = back.warnings.iter().map(|d| d.kind.clone()).collect();
        assert!(
            kinds.iter().all(|k| *k == DiagnosticKind::UnknownSpecial),
            "{kinds:?}\n{written}"
        );
    }
}

/// A move line cannot hold a line break: one in a special's word is written as a space.
#[test]
fn line_breaks_in_a_special_word_become_spaces() {
    let json = r#"{"header":{},"moves":[{},{"special":"CHUDAN"}]}"#;
    // With a blank of its own, and with nothing else that a bare word cannot hold.
    for (word, read_back) in [("a\rb\nc\r\nd e", "a b c  d e"), ("ab\rcd", "ab cd")] {
        let (written, back, record) = special_through_kif(json, word);
        let end = back.record.main_line_end();
        assert_eq!(
            back.record.tree[end].special(),
            Some(&Special::Other(read_back.into())),
            "{written}"
        );
        assert_eq!(back.record.tree.len(), record.tree.len(), "{written}");
    }
}

/// The JKF record `json` with its closing special replaced by `Other(word)`, written as
/// KIF: the text, what it reads back as, and the record written.
fn special_through_kif(json: &str, word: &str) -> (String, Parsed, Record) {
    let mut record = jkf::read_str(json, Mode::Lenient)
        .unwrap_or_else(|e| panic!("JKF reads: {e}"))
        .record;
    let end = record.main_line_end();
    record.tree[end].kind = NodeKind::Special(Special::Other(word.to_owned()));
    let written = kif::to_string(&record);
    let back = kif::read_str(&written, Mode::Lenient)
        .unwrap_or_else(|e| panic!("written KIF reads: {e}\n{written}"));
    (written, back, record)
}

/// A JSON string literal of `s`.
fn serde_json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Headers a KIF header line cannot hold (a key that reads as a bookmark, a comment or a
/// hand, a key with a colon, a value with a line break) are written as program comments:
/// the tree and the start read back unchanged and the text is kept. A lone carriage return
/// in a comment breaks it into lines as readers break it.
#[test]
fn kif_keeps_headers_it_cannot_hold_as_program_comments() {
    let json = r#"{"header":{"&x":"1","*y":"2","先手の持駒":"飛","a：b":"c","棋戦":"one\n*two","場所":"ok"},
        "moves":[{"comments":["a\rb"]},{"special":"CHUDAN"}]}"#;
    let first = jkf::read_str(json, Mode::Lenient)
        .expect("JKF reads")
        .record;
    let written = kif::to_string(&first);
    let back = kif::read_str(&written, Mode::Lenient)
        .expect("written KIF reads")
        .record;
    assert_eq!(back.start, first.start, "{written}");
    assert_eq!(back.tree[NodeId::ROOT].comments, ["a", "b"], "{written}");
    assert!(back.tree[NodeId::ROOT].bookmarks.is_empty(), "{written}");
    assert_eq!(back.headers.entries().len(), 1, "{written}");
    assert_eq!(back.headers.entries()[0].value, "ok");
    let kept = back.program_comments.join("\n");
    for text in [
        "&x：1",
        "*y：2",
        "先手の持駒：飛",
        "a：b：c",
        "棋戦：one",
        "*two",
    ] {
        assert!(kept.contains(text), "{text} not in {kept:?}\n{written}");
    }
}

/// A bookmark written before the comments of its position (`&` then `*`, an order no
/// corpus file has: Kifu for Windows and ShogiHome write a position's comment lines, then
/// its bookmark) is written after them: a node holds its comments and its bookmarks apart.
/// The record reads back as itself, and the text written is the writers' normal form:
/// written again, it is the same text.
#[test]
fn bookmarks_are_written_after_the_comments_of_their_position() {
    let text = "手合割：平手\n手数----指手--\n&読み込み時表示\n*開始前\n   1 ７六歩(77)\n\
                &a\n*one\n&b\n*two\n#program\n   2 ３四歩(33)\n";
    let first = kif::read_str(text, Mode::Strict).expect("reads").record;
    assert_eq!(first.tree[NodeId::ROOT].bookmarks, ["読み込み時表示"]);
    assert_eq!(first.tree[NodeId::ROOT].comments, ["開始前"]);
    let written = kif::to_string(&first);
    let lines = trimmed(&written);
    assert!(
        lines.contains("手数----指手--\n*開始前\n&読み込み時表示\n   1 ７六歩(77)\n"),
        "{written}"
    );
    assert!(
        lines.contains("   1 ７六歩(77)\n*one\n*two\n&a\n&b\n#program\n   2 "),
        "{written}"
    );
    reads_back_as_written(&first, &written);
    // KI2 writes a position's annotations in the same order.
    let ki2_text = ki2::to_string(&first);
    assert!(
        ki2_text.contains("\n*one\n*two\n&a\n&b\n#program\n"),
        "{ki2_text}"
    );
    let back = ki2::read_str(&ki2_text, Mode::Strict).expect("written KI2 reads");
    assert_eq!(back.record, first, "{ki2_text}");
}

/// Header lines after the moves (`終了日時：…` after the last move) are the record's
/// headers, after those of the header area in the order read, and are written in the
/// header area, where Kifu for Windows writes `終了日時` (the spec's example)
/// and ShogiHome rewrites them: their text is kept, their place is not. The record reads
/// back as itself.
#[test]
fn headers_after_the_moves_are_written_in_the_header_area() {
    let text = "開始日時：2020/01/01 10:00\n手合割：平手\n手数----指手--\n   1 ７六歩(77)\n\
                備考：between moves\n   2 ３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n\
                終了日時：2020/01/01 12:00\n";
    let first = kif::read_str(text, Mode::Strict).expect("reads");
    assert!(first.warnings.is_empty(), "{:?}", first.warnings);
    let first = first.record;
    assert_eq!(
        first.headers.get(HeaderKey::EndTime),
        Some("2020/01/01 12:00")
    );
    let keys: Vec<&str> = first
        .headers
        .entries()
        .iter()
        .map(|h| h.key.as_str())
        .collect();
    assert_eq!(keys, ["開始日時", "手合割", "備考", "終了日時"]);
    assert_eq!(first.tree.main_line_len(), 2);
    let written = kif::to_string(&first);
    let head = written.split("手数----").next().unwrap_or_default();
    assert!(
        head.ends_with("備考：between moves\n終了日時：2020/01/01 12:00\n"),
        "{written}"
    );
    let lines = trimmed(&written);
    assert!(
        lines.ends_with("   3 投了\nまで2手で後手の勝ち\n"),
        "{written}"
    );
    reads_back_as_written(&first, &written);
    // KI2 reads and writes them alike.
    let ki2_text = "開始日時：2020/01/01 10:00\n手合割：平手\n▲７六歩\n備考：between moves\n\
                    △３四歩\nまで2手で後手の勝ち\n終了日時：2020/01/01 12:00\n";
    let ki2_first = ki2::read_str(ki2_text, Mode::Strict)
        .expect("KI2 reads")
        .record;
    assert_eq!(ki2_first.headers, first.headers);
    let written = ki2::to_string(&ki2_first);
    let head = written.split('▲').next().unwrap_or_default().trim_end();
    assert!(
        head.ends_with("備考：between moves\n終了日時：2020/01/01 12:00"),
        "{written}"
    );
    let back = ki2::read_str(&written, Mode::Strict).expect("written KI2 reads");
    assert_eq!(back.record, ki2_first, "{written}");
}

/// `text` without the blanks that pad its lines.
/// `written`, the KIF of `record`, reads back as `record`, and written again it is the
/// same text: the writers' normal form.
fn reads_back_as_written(record: &Record, written: &str) {
    let back = kif::read_str(written, Mode::Strict)
        .unwrap_or_else(|e| panic!("written KIF does not read: {e}\n{written}"));
    assert_eq!(&back.record, record, "{written}");
    assert_eq!(kif::to_string(&back.record), written);
}

fn trimmed(text: &str) -> String {
    text.lines()
        .map(|l| format!("{}\n", l.trim_end()))
        .collect()
}
