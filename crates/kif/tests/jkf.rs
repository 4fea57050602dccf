//! JKF: the corpus files read with the agreed main-line length and round trip; every KIF
//! file of the corpus survives KIF -> JKF -> record with its whole tree; the written JSON
//! keeps to the structure of the published schema (json-kifu-format.schema.json).

mod common;

use common::{corpus, folder, reference};

use std::fs;

use masu_kif::{DiagnosticKind, Mode, NodeId, NodeKind, Record, jkf, kif};
use serde_json::Value;

/// The tree as text, depth first, children in order: what must survive a conversion.
fn shape(r: &Record, with_total: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![(NodeId::ROOT, 0usize)];
    while let Some((id, depth)) = stack.pop() {
        let n = &r.tree[id];
        let what = match &n.kind {
            NodeKind::Move(m) => format!("{}{}", m.mv.to_usi(), if m.illegal { "!" } else { "" }),
            NodeKind::Special(s) => s.to_string(),
            NodeKind::Start => "start".to_owned(),
        };
        let t = n
            .time
            .map(|t| (t.spent, if with_total { t.total } else { None }));
        out.push(format!(
            "{depth} {what} {t:?} {:?} {:?}",
            n.comments, n.bookmarks
        ));
        for &c in n.children().iter().rev() {
            stack.push((c, depth + 1));
        }
    }
    out
}

#[test]
fn corpus_files_read_and_round_trip() {
    let reference = reference();
    let files = folder("jkf");
    assert_eq!(files.len(), 3);
    for (name, bytes) in files {
        let p = jkf::read_bytes(&bytes, Mode::Strict).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            Some(&p.record.tree.main_line_len()),
            reference.get(&name),
            "{name}"
        );
        let written = jkf::write(&p.record);
        assert!(written.dropped.is_empty(), "{name}: {:?}", written.dropped);
        let back =
            jkf::read_str(&written.text, Mode::Strict).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back.record, p.record, "{name}");
        check_schema(&written.text);
    }
}

/// The same game as KIF and as JKF (both from json-kifu-format's tests) reads alike.
#[test]
fn kif_and_jkf_of_one_game_agree() {
    let read = |path: &str| fs::read(corpus().join(path)).unwrap_or_default();
    let k = kif::read_bytes(&read("kif/kfjs__ryuou201409020101.kif"), Mode::Strict);
    let j = jkf::read_bytes(&read("jkf/kfjs__ryuou201409020101.jkf"), Mode::Strict);
    let (k, j) = (
        k.unwrap_or_else(|e| panic!("{e}")),
        j.unwrap_or_else(|e| panic!("{e}")),
    );
    assert_eq!(shape(&k.record, true), shape(&j.record, true));
    assert_eq!(k.record.result(), j.record.result());
}

/// Our `relative` words are the ones json-kifu-format's normaliser wrote into its file.
#[test]
fn relative_words_match_json_kifu_format() {
    let path = corpus().join("jkf/kfjs__ryuou201409020101.jkf");
    let text = fs::read_to_string(path).unwrap_or_default();
    let p = jkf::read_str(&text, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    let relatives = |json: &str| -> Vec<(usize, String)> {
        let v: Value = serde_json::from_str(json).unwrap_or(Value::Null);
        let moves = v["moves"].as_array().cloned().unwrap_or_default();
        moves
            .iter()
            .enumerate()
            .filter_map(|(i, m)| Some((i, m["move"]["relative"].as_str()?.to_owned())))
            .collect()
    };
    let theirs = relatives(&text);
    assert_eq!(theirs.len(), 6);
    assert_eq!(relatives(&jkf::to_string(&p.record)), theirs);
}

#[test]
fn every_kif_file_survives_jkf() {
    let mut checked = 0;
    for (name, bytes) in folder("kif") {
        let Ok(p) = kif::read_bytes(&bytes, Mode::Lenient) else {
            continue;
        };
        let written = jkf::write(&p.record);
        check_schema(&written.text);
        // Lenient with no warning: strict reading refuses the recorded fouls of some files.
        let back =
            jkf::read_str(&written.text, Mode::Lenient).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(back.warnings.is_empty(), "{name}: {:?}", back.warnings);
        // Times written with only one part come back with both (the schema wants both).
        let with_total = p.record.tree.nodes().iter().all(|n| {
            n.time
                .is_none_or(|t| t.total.is_some() && t.spent.is_some())
        });
        assert_eq!(
            shape(&back.record, with_total),
            shape(&p.record, with_total),
            "{name}"
        );
        assert_eq!(back.record.headers, p.record.headers, "{name}");
        assert_eq!(back.record.start, p.record.start, "{name}");
        checked += 1;
    }
    assert!(checked >= 84, "{checked}");
}

#[test]
fn errors_point_into_the_json() {
    let text = "{\"header\": {},\n \"moves\": [{},\n  {\"move\": {\"color\": 0, \"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 5}, \"piece\": \"FU\"}},\n  {\"move\": {\"color\": 1, \"from\": {\"x\": 3, \"y\": 3}, \"to\": {\"x\": 3, \"y\": 4}, \"piece\": \"FU\"}}\n]}";
    let e = jkf::read_str(text, Mode::Strict).err();
    let d = e
        .as_ref()
        .and_then(|e| e.diagnostic())
        .cloned()
        .unwrap_or_else(|| panic!("no error"));
    assert_eq!(
        (d.kind, d.line, d.column, d.ply),
        (DiagnosticKind::IllegalMove, 3, 12, Some(1))
    );
    // Lenient: the foul is not the last move, so the line stops there with two warnings.
    let p = jkf::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.warnings.len(), 2);
    // Not JSON at all: the serde_json position.
    let e = jkf::read_str("{\"header\": {},\n \"moves\": [}", Mode::Lenient).err();
    let d = e
        .as_ref()
        .and_then(|e| e.diagnostic())
        .map(|d| (d.line, d.column));
    assert_eq!(d, Some((2, 12)));
    // A start position that breaks the rules is an error at `initial`.
    let two_kings = r#"{"header": {},
 "initial": {"preset": "OTHER", "data": {"color": 0, "hands": [{}, {}], "board": [
  [{"color": 0, "kind": "OU"},{},{},{},{},{},{},{},{"color": 0, "kind": "OU"}],
  [{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],
  [{"color": 1, "kind": "OU"},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],
  [{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]]}},
 "moves": [{}]}"#;
    let e = jkf::read_str(two_kings, Mode::Lenient).err();
    let d = e
        .as_ref()
        .and_then(|e| e.diagnostic())
        .map(|d| (d.kind.clone(), d.line, d.column));
    assert_eq!(d, Some((DiagnosticKind::BadPosition, 2, 13)));
    // No header: JKF requires one.
    let p = jkf::read_str("{\"moves\": [{}]}", Mode::Lenient).map(|p| p.warnings.len());
    assert_eq!(p.ok(), Some(1));
    // A field the schema does not know.
    let p = jkf::read_str(
        "{\"header\": {}, \"moves\": [{}], \"extra\": 1}",
        Mode::Lenient,
    );
    let w = p.map(|p| p.warnings).unwrap_or_default();
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].line, w[0].column), (1, 40));
}

#[test]
fn presets_forks_relative_and_bookmarks() {
    let text = r#"{"header": {}, "initial": {"preset": "KA"}, "moves": [
        {"comments": ["&読み込み時表示", "start"]},
        {"move": {"color": 1, "from": {"x": 5, "y": 1}, "to": {"x": 4, "y": 2}, "piece": "OU"},
         "forks": [[{"move": {"color": 1, "to": {"x": 5, "y": 2}, "piece": "OU", "relative": "C"}}, {"special": "CHUDAN"}]]},
        {"move": {"color": 0, "to": {"x": 7, "y": 6}, "piece": "FU"}},
        {"special": "+ILLEGAL_ACTION"}
    ]}"#;
    let p = jkf::read_str(text, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    let r = &p.record;
    assert_eq!(r.start.handicap, Some(masu_kif::Handicap::Bishop));
    assert_eq!(r.tree[NodeId::ROOT].bookmarks, vec!["読み込み時表示"]);
    assert_eq!(r.tree.variation_starts().len(), 1);
    assert_eq!(r.result(), Some(&masu_kif::Special::IllegalWin));
    let usi = r.usi(r.main_line_end()).unwrap_or_default();
    assert!(usi.ends_with("moves 5a4b 7g7f"), "{usi}");
    let again = jkf::read_str(&jkf::write(r).text, Mode::Strict)
        .map(|p| p.record)
        .ok();
    assert_eq!(again.as_ref(), Some(r));
}

/// The structure of json-kifu-format.schema.json (na2hiro/Kifu-for-JS, JSON Schema 2020-12):
/// allowed and required fields per object, enums, and value types.
fn check_schema(text: &str) {
    let doc: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let top = fields(&doc, &["header", "initial", "moves"], &["header", "moves"]);
    for v in top["header"]
        .as_object()
        .map(|o| o.values().collect::<Vec<_>>())
        .unwrap_or_default()
    {
        assert!(v.is_string());
    }
    if let Some(initial) = top.get("initial").filter(|v| !v.is_null()) {
        let i = fields(initial, &["preset", "data"], &["preset"]);
        let presets = [
            "HIRATE", "KY", "KY_R", "KA", "HI", "HIKY", "2", "3", "4", "5", "5_L", "6", "7_L",
            "7_R", "8", "10", "OTHER",
        ];
        assert!(presets.contains(&i["preset"].as_str().unwrap_or("")));
        if let Some(data) = i.get("data").filter(|v| !v.is_null()) {
            let d = fields(
                data,
                &["color", "board", "hands"],
                &["color", "board", "hands"],
            );
            assert!(matches!(d["color"].as_u64(), Some(0 | 1)));
            let board = d["board"].as_array().cloned().unwrap_or_default();
            assert_eq!(board.len(), 9);
            for col in &board {
                for sq in col.as_array().cloned().unwrap_or_default() {
                    fields(&sq, &["color", "kind"], &[]);
                }
            }
            assert_eq!(d["hands"].as_array().map(Vec::len), Some(2));
        }
    }
    let moves = top["moves"].as_array().cloned().unwrap_or_default();
    assert!(!moves.is_empty());
    for m in &moves[1..] {
        element(m);
    }
}

fn element(e: &Value) {
    let f = fields(e, &["comments", "move", "time", "special", "forks"], &[]);
    if let Some(m) = f.get("move") {
        let m = fields(
            m,
            &[
                "color", "from", "to", "piece", "same", "promote", "capture", "relative",
            ],
            &["color", "to", "piece"],
        );
        fields(&m["to"], &["x", "y"], &["x", "y"]);
        if let Some(from) = m.get("from") {
            fields(from, &["x", "y"], &["x", "y"]);
        }
    }
    if let Some(t) = f.get("time") {
        let t = fields(t, &["now", "total"], &["now", "total"]);
        fields(&t["now"], &["h", "m", "s"], &["m", "s"]);
        fields(&t["total"], &["h", "m", "s"], &["m", "s"]);
    }
    if let Some(s) = f.get("special") {
        let specials = [
            "TORYO",
            "CHUDAN",
            "SENNICHITE",
            "TIME_UP",
            "ILLEGAL_MOVE",
            "+ILLEGAL_ACTION",
            "-ILLEGAL_ACTION",
            "JISHOGI",
            "KACHI",
            "HIKIWAKE",
            "MATTA",
            "TSUMI",
            "FUZUMI",
            "ERROR",
        ];
        let s = s.as_str().unwrap_or("");
        // Our writer leaves the list only for specials JKF has no name for.
        let known_outside = ["封じ手", "不戦勝", "不戦敗", "トライ", "MAX_MOVES"];
        assert!(
            specials.contains(&s) || known_outside.contains(&s) || !s.is_ascii(),
            "{s}"
        );
    }
    for fork in f
        .get("forks")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
    {
        for e in fork.as_array().cloned().unwrap_or_default() {
            element(&e);
        }
    }
}

fn fields<'v>(
    v: &'v Value,
    allowed: &[&str],
    required: &[&str],
) -> &'v serde_json::Map<String, Value> {
    let o = v
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {v}"));
    for k in o.keys() {
        assert!(allowed.contains(&k.as_str()), "field {k} in {v}");
    }
    for k in required {
        assert!(o.contains_key(*k), "missing {k} in {v}");
    }
    o
}

/// An element with neither `move` nor `special` gives its comments to the previous node,
/// but not its time: the previous move keeps its own, and the ignored time is reported.
#[test]
fn a_moveless_element_keeps_the_previous_time() {
    let text = r#"{"header":{},"moves":[{},
        {"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},
         "time":{"now":{"m":0,"s":5},"total":{"h":0,"m":0,"s":5}}},
        {"time":{"now":{"m":1,"s":2},"total":{"h":0,"m":1,"s":2}},"comments":["c"]}]}"#;
    let parsed = jkf::read_str(text, Mode::Lenient).expect("reads");
    let tree = &parsed.record.tree;
    let first = tree.main_line().next().expect("one move");
    let spent = tree[first].time.and_then(|t| t.spent);
    assert_eq!(spent, Some(std::time::Duration::from_secs(5)));
    assert_eq!(tree[first].comments, ["c"]);
    let ignored = |d: &&masu_kif::Diagnostic| {
        d.kind == DiagnosticKind::UnknownLine
            && d.detail
                .as_deref()
                .is_some_and(|t| t.starts_with("the time of"))
    };
    assert_eq!(parsed.warnings.iter().filter(ignored).count(), 1);
}

#[test]
fn what_jkf_cannot_hold_is_reported() {
    // A trailer on the start node (a record with no moves and a `まで` line), and a comment
    // starting with `&`, which JKF holds only as a bookmark.
    let text = "手合割：平手\n*&not a bookmark\n&a bookmark\nまで0手で中断\n";
    let record = kif::read_str(text, Mode::Lenient).expect("reads").record;
    assert!(record.tree[NodeId::ROOT].trailer.is_some());
    let written = jkf::write(&record);
    assert_eq!(
        written.dropped,
        [
            jkf::Dropped::Trailer(NodeId::ROOT),
            jkf::Dropped::CommentAsBookmark(NodeId::ROOT, "&not a bookmark".into()),
        ]
    );
    assert_eq!(
        written.dropped[1].describe(&record),
        "the comment &not a bookmark (JKF holds it as a bookmark) at ply 0"
    );
    let back = jkf::read_str(&written.text, Mode::Lenient)
        .expect("reads")
        .record;
    assert_eq!(
        back.tree[NodeId::ROOT].bookmarks,
        ["not a bookmark", "a bookmark"]
    );
}

#[test]
fn an_unknown_ending_spelled_like_a_known_one_is_reported() {
    // `JISHOGI` in a KIF move row is no KIF word; JKF and CSA read it as 持将棋.
    let text = "手合割：平手\n   1 ７六歩(77)\n   2 JISHOGI\n";
    let record = kif::read_str(text, Mode::Lenient).expect("reads").record;
    let end = record.main_line_end();
    assert_eq!(
        record.tree[end].special(),
        Some(&masu_kif::Special::Other("JISHOGI".into()))
    );
    let written = jkf::write(&record);
    assert_eq!(written.dropped, [jkf::Dropped::SpecialWord(end)]);
    assert_eq!(
        written.dropped[0].describe(&record),
        "the unknown ending JISHOGI as it is at ply 2"
    );
    let csa = masu_kif::csa::write(&record, &masu_kif::csa::WriteOptions::default());
    assert!(
        csa.dropped
            .contains(&masu_kif::csa::Dropped::SpecialWord(end))
    );
    // A word no format knows is written as it is, and reported by none.
    let other = kif::read_str(&text.replace("JISHOGI", "封印"), Mode::Lenient)
        .expect("reads")
        .record;
    assert!(jkf::write(&other).dropped.is_empty());
}

#[test]
fn a_header_value_that_is_no_string_is_left_out_by_name() {
    let text = r#"{"header":{"先手":1,"後手":"b"},"moves":[{}]}"#;
    let parsed = jkf::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parsed.record.headers.raw("後手"), Some("b"));
    assert_eq!(parsed.warnings.len(), 1, "{:?}", parsed.warnings);
    let warning = &parsed.warnings[0];
    // Not "bad move": a header, named.
    assert_eq!(warning.kind, DiagnosticKind::UnknownLine);
    assert!(
        warning.to_string().contains("the header \"先手\" left out"),
        "{warning}"
    );
    assert!(jkf::read_str(text, Mode::Strict).is_err());
}

#[test]
fn a_time_past_what_a_clock_holds_is_a_warning_not_cut_short() {
    let text = r#"{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},"time":{"now":{"m":0,"s":1},"total":{"h":18446744073709551615,"m":0,"s":1}}}]}"#;
    let parsed = jkf::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parsed.record.tree.main_line_len(), 1);
    assert!(
        parsed
            .warnings
            .iter()
            .any(|w| w.kind == DiagnosticKind::BadTime),
        "{:?}",
        parsed.warnings
    );
    assert!(jkf::read_str(text, Mode::Strict).is_err());
}

#[test]
fn a_count_of_no_range_is_a_bad_time_or_hand_of_its_place() {
    // A clock's count that is negative, fractional, past u64 or no number loses the time
    // only: a bad time, which leaves the game as written, not a bad move.
    for count in ["-1", "1.5", "99999999999999999999", r#""5""#] {
        let text = format!(
            r#"{{"header":{{}},"moves":[{{}},{{"move":{{"from":{{"x":7,"y":7}},"to":{{"x":7,"y":6}},"color":0,"piece":"FU"}},"time":{{"now":{{"m":{count},"s":0}}}}}},{{"move":{{"from":{{"x":3,"y":3}},"to":{{"x":3,"y":4}},"color":1,"piece":"FU"}}}}]}}"#
        );
        let parsed = jkf::read_str(&text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(parsed.record.tree.main_line_len(), 2, "{count}");
        let kinds: Vec<_> = parsed.warnings.iter().map(|w| w.kind.clone()).collect();
        assert_eq!(kinds, [DiagnosticKind::BadTime], "{count}");
        assert!(!kinds[0].damages_game());
    }
    // A hand's count out of range spoils the start position: a bad hand.
    let text = r#"{"header":{},"initial":{"preset":"OTHER","data":{"color":0,"board":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{"color":1,"kind":"OU"},{},{},{},{},{},{},{},{}]],"hands":[{"FU":300},{}]}},"moves":[{}]}"#;
    let parsed = jkf::read_str(text, Mode::Lenient);
    let kind = match &parsed {
        Ok(p) => p.warnings.first().map(|w| w.kind.clone()),
        Err(e) => e.diagnostic().map(|d| d.kind.clone()),
    };
    assert_eq!(kind, Some(DiagnosticKind::BadHand), "{parsed:?}");
}
