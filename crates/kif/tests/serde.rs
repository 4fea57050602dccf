//! `serde` for `Record`: every corpus record round-trips through JSON with its node ids and
//! child order, deep trees do not overflow the stack, and bad data is refused with an error.
#![cfg(feature = "serde")]
#![allow(clippy::expect_used)] // test fixtures: a broken one should fail loudly

mod common;

use masu_kif::shogi::{Position, UsiMove};
use masu_kif::{Format, Mode, NodeId, NodeKind, Record, Special, read_bytes_as};

/// The record after a JSON round trip, checked to be equal node for node, ids included.
fn round_trip(name: &str, record: &Record) {
    let json = serde_json::to_string(record).unwrap_or_else(|e| panic!("{name}: {e}"));
    let back: Record = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(&back, record, "{name}");
    assert_eq!(back.tree.len(), record.tree.len(), "{name}");
    for (a, b) in back.tree.nodes().iter().zip(record.tree.nodes()) {
        assert_eq!(a.parent(), b.parent(), "{name}");
        assert_eq!(a.children(), b.children(), "{name}");
        assert_eq!(a, b, "{name}");
    }
}

#[test]
fn every_corpus_record_round_trips() {
    let mut count = 0;
    for (folder, format) in [
        ("kif", Format::Kif),
        ("ki2", Format::Ki2),
        ("csa", Format::Csa),
        ("jkf", Format::Jkf),
    ] {
        for (name, bytes) in common::folder(folder) {
            if name.ends_with(".md") || name.ends_with(".tsv") {
                continue;
            }
            let Ok(parsed) = read_bytes_as(&bytes, format, Mode::Lenient) else {
                continue;
            };
            round_trip(&name, &parsed.record);
            count += 1;
        }
    }
    assert!(count >= 150, "only {count} corpus records read");
}

fn usi(record: &Record, id: NodeId, text: &str) -> masu_kif::shogi::Move {
    let pos = record.position_at(id).expect("replays");
    text.parse::<UsiMove>()
        .expect("usi")
        .to_move(&pos)
        .expect("legal")
}

/// A record with variations, a promoted variation, a special, an unknown special that
/// spells a known word, a foul and annotations.
fn branching() -> Record {
    let mut r = Record::from_usi("position startpos moves 7g7f 3c3d 2g2f").expect("usi");
    r.headers.push("棋戦", "test");
    let first = r.tree.main_line().next().expect("a move");
    let a = r
        .push_move(first, usi(&r, first, "8c8d"))
        .expect("after a move");
    let b = r
        .push_move(first, usi(&r, first, "4a3b"))
        .expect("after a move");
    assert!(r.tree.promote(b));
    r.tree.push(a, NodeKind::Special(Special::Resign));
    r.tree
        .push(b, NodeKind::Special(Special::Other("投了".into())));
    let pos = r.position_at(a).expect("replays");
    // The rook jumps over its own pawn: a foul, kept as recorded.
    let (from, to) = ("2h".parse().expect("square"), "2c".parse().expect("square"));
    let foul = masu_kif::RecordedMove {
        mv: masu_kif::shogi::Move::Normal {
            from,
            to,
            kind: pos.piece_at(from).expect("rook").kind,
            capture: pos.piece_at(to).map(|p| p.kind),
            promote: false,
        },
        illegal: true,
    };
    let f = r.tree.push(a, NodeKind::Move(foul)).expect("pushed");
    assert!(r.tree.promote(f));
    r.tree[f].comments.push("反則".into());
    r.tree[a].bookmarks.push("mark".into());
    r.tree[a].trailer = Some("まで3手で投了".into());
    r.tree[a].time = Some(masu_kif::MoveTime {
        spent: Some(std::time::Duration::from_millis(16_250)),
        total: None,
    });
    r.program_comments.push("# program".into());
    r
}

#[test]
fn variations_fouls_and_child_order_round_trip() {
    let r = branching();
    round_trip("branching", &r);
    let json = serde_json::to_string(&r).expect("json");
    assert!(json.contains(r#""illegal":true"#), "{json}");
    assert!(json.contains(r#""children":["#), "{json}");
    assert!(json.contains(r#"{"other":"投了"}"#), "{json}");
}

#[test]
fn fouls_dropping_a_kind_no_hand_holds_round_trip() {
    // A bishop dropped promoted side up (馬打) and a king "dropped" ((00) as origin): USI
    // has no text for either, and the base kind's `B*5e` would read back as a bishop.
    for (kif, text) in [
        ("   1 ５五馬打\n", "+B*5e"),
        ("   1 ７六歩(77)\n   2 ４二玉(00)\n", "K*4b"),
    ] {
        let kif = format!("手合割：平手\n手数----指手---------消費時間--\n{kif}");
        let parsed = read_bytes_as(kif.as_bytes(), Format::Kif, Mode::Lenient).expect("reads");
        let foul = parsed.record.tree.main_line().last().expect("a move");
        let NodeKind::Move(m) = &parsed.record.tree[foul].kind else {
            panic!("{text}: not a move");
        };
        assert!(m.illegal, "{text}");
        round_trip(text, &parsed.record);
        let json = serde_json::to_string(&parsed.record).expect("json");
        assert!(
            json.contains(&format!(r#""move":"{text}","illegal":true"#)),
            "{json}"
        );
    }
    // Unflagged, such a drop is an illegal move like any other.
    let json = r#"{"headers":[],"start":{"sfen":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","handicap":null},"nodes":[{},{"parent":0,"move":"+B*5e"}]}"#;
    refused(json, "illegal usi move");
}

#[test]
fn a_deep_variation_chain_round_trips() {
    // 100,001 nodes in one line: the two rooks step aside and back, over and over.
    let mut r = Record::new();
    let moves = ["2h1h", "8b9b", "1h2h", "9b8b"];
    let mut pos = Position::startpos();
    let mut at = r.tree.root();
    for i in 0..100_000 {
        let mv = moves[i % 4]
            .parse::<UsiMove>()
            .expect("usi")
            .to_move(&pos)
            .expect("legal");
        pos.play_unchecked(mv);
        at = r.push_move(at, mv).expect("a move follows a move");
    }
    let json = serde_json::to_string(&r).expect("json");
    let back: Record = serde_json::from_str(&json).expect("read back");
    assert_eq!(back.tree.len(), 100_001);
    assert_eq!(back, r);
}

fn refused(json: &str, what: &str) {
    let e = serde_json::from_str::<Record>(json).expect_err(json);
    assert!(e.to_string().contains(what), "{e}");
}

const START: &str = r#""start":{"sfen":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","handicap":null}"#;

#[test]
fn bad_data_is_refused() {
    let doc = |nodes: &str| format!(r#"{{"headers":[],{START},"nodes":[{nodes}]}}"#);
    serde_json::from_str::<Record>(&doc(r#"{},{"parent":0,"move":"7g7f"}"#)).expect("valid");
    refused(
        &doc(r#"{},{"parent":2,"move":"7g7f"},{"parent":0,"move":"7g7f"}"#),
        "does not come before",
    );
    refused(
        &doc(r#"{},{"parent":1,"move":"7g7f"}"#),
        "does not come before",
    );
    refused(
        &doc(r#"{},{"parent":9,"move":"7g7f"}"#),
        "does not come before",
    );
    refused(&doc(r#"{},{"move":"7g7f"}"#), "no parent");
    refused(&doc(r#"{},{"parent":0,"move":"7g7e"}"#), "move 7g7e");
    refused(
        &doc(r#"{},{"parent":0,"move":"7g7e","illegal":true},{"parent":1,"move":"3c3d"}"#),
        "a special or a foul",
    );
    serde_json::from_str::<Record>(&doc(
        r#"{},{"parent":0,"move":"7g7e","illegal":true},{"parent":1,"special":{"word":"反則勝ち"}}"#,
    ))
    .expect("a foul ended by its special");
    refused(
        &doc(r#"{},{"parent":0,"special":{"word":"投了"}},{"parent":1,"special":{"word":"投了"}}"#),
        "which is a special",
    );
    refused(
        &doc(r#"{},{"parent":0,"special":{"word":"投了"}},{"parent":1,"move":"3c3d"}"#),
        "a special or a foul",
    );
    refused(
        &doc(r#"{},{"parent":0,"special":{"word":"降参"}}"#),
        "unknown special",
    );
    refused(&doc(r#"{},{"parent":0}"#), "not exactly one");
    refused(&doc(r#"{"parent":0}"#), "root");
    refused(&doc(""), "no root");
    refused(
        &doc(r#"{"children":[1,1]},{"parent":0,"move":"7g7f"},{"parent":0,"move":"2g2f"}"#),
        "listed twice",
    );
    refused(
        &doc(r#"{"children":[2]},{"parent":0,"move":"7g7f"},{"parent":0,"move":"2g2f"}"#),
        "wrong number",
    );
    refused(
        r#"{"headers":[],"start":{"sfen":"lnsgkgsnl/9 b - 1","handicap":null},"nodes":[{}]}"#,
        "",
    );
    refused(
        r#"{"headers":[],"start":{"sfen":"4k4/9/9/9/9/9/9/9/4K3K b - 1","handicap":null},"nodes":[{},{"parent":0,"move":"5i5h"}]}"#,
        "invalid start position",
    );
    // A handicap name the board contradicts: the writers would print the name, not the
    // board, and write another start.
    let named = START.replace(r#""handicap":null"#, r#""handicap":"二枚落ち""#);
    refused(
        &format!(r#"{{"headers":[],{named},"nodes":[{{}}]}}"#),
        "is not the position of its sfen",
    );
    let even = START.replace(r#""handicap":null"#, r#""handicap":"平手""#);
    serde_json::from_str::<Record>(&format!(r#"{{"headers":[],{even},"nodes":[{{}}]}}"#))
        .expect("the name of the board's position");
}

#[test]
fn children_are_put_in_the_listed_order() {
    let json = format!(
        r#"{{"headers":[],{START},"nodes":[{{"children":[3,1,2]}},{{"parent":0,"move":"7g7f"}},{{"parent":0,"move":"2g2f"}},{{"parent":0,"move":"5g5f"}}]}}"#
    );
    let record: Record = serde_json::from_str(&json).expect("valid");
    let order: Vec<usize> = record.tree[record.tree.root()]
        .children()
        .iter()
        .map(|id| id.index())
        .collect();
    assert_eq!(order, [3, 1, 2]);
    round_trip("listed order", &record);
}

/// A `handicap` set by hand that names another position than the setup is written as the
/// writers take it, not at all: the JSON reads back (reading refuses a name that contradicts
/// the board) with the setup as the start.
#[test]
fn a_handicap_that_is_not_the_setup_is_not_written() {
    let mut record =
        Record::from_usi("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b").expect("usi");
    record.start.handicap = Some(masu_kif::Handicap::Even);
    let json = serde_json::to_string(&record).expect("writes");
    let back: Record = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(back.start.setup, record.start.setup);
    assert_eq!(back.start.handicap, None);
}
