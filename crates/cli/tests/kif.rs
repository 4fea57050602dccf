//! `masu kif list | check | convert`, run as a user would on the corpus of masu-kif.
// Helpers outside #[test] functions unwrap too: a failure there is a test failure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;

use common::{masu, masu_err, masu_ok};

fn corpus(rel: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../kif/tests/data/corpus")
        .join(rel);
    path.to_str().unwrap().to_owned()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("masu-kif-{}-{name}", std::process::id()))
}

#[test]
fn list_gives_one_row_per_record_in_every_layout() {
    let file = corpus("kif/kfjs__20081220kyoochi.kif");
    let json = masu_ok(&["kif", "list", &file, "--json"]);
    assert_eq!(json.lines().count(), 1);
    for field in [
        "\"black\":\"糸谷哲郎\"",
        "\"white\":\"深浦康市\"",
        "\"handicap\":\"香落ち\"",
        "\"plies\":\"142\"",
        "\"result\":\"投了\"",
        "\"date\":\"2008/12/20(土)\"",
    ] {
        assert!(json.contains(field), "{field} missing: {json}");
    }
    let csv = masu_ok(&["kif", "list", &file, "--csv"]);
    assert_eq!(
        csv.lines().next(),
        Some("file,date,event,black,white,handicap,plies,result")
    );
    assert!(
        csv.lines().nth(1).unwrap().ends_with(",香落ち,142,投了"),
        "{csv}"
    );
    let table = masu_ok(&["kif", "list", &file]);
    assert_eq!(table.lines().count(), 2);
    assert!(table.contains("糸谷哲郎"));
}

#[test]
fn list_walks_folders() {
    let out = masu_ok(&["kif", "list", &corpus("csa"), "--json"]);
    assert_eq!(out.lines().count(), 36, "the corpus holds 36 CSA files");
}

#[test]
fn check_prints_file_line_col_and_fails_on_errors() {
    let good = corpus("kif/kfjs__20081220kyoochi.kif");
    masu_ok(&["kif", "check", &good]);
    // A composed start (nine pawns on a file) is a warning, not an error.
    let composed = corpus("kif/kfjs__9fu.kif");
    let out = masu(&["kif", "check", &composed]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!("{composed}:9:1: warning: ")),
        "{err}"
    );
    // A move that cannot be played is an error, with its line and column.
    let bad = temp("illegal.kif");
    std::fs::write(
        &bad,
        "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ７六歩(73)\n   3 ２六歩(27)\n",
    )
    .unwrap();
    let err = masu_err(&["kif", "check", bad.to_str().unwrap()]);
    let line = err.lines().next().unwrap();
    assert!(line.starts_with(&format!("{}:4:", bad.display())), "{err}");
    assert!(line.contains(": error: "), "{err}");
    std::fs::remove_file(bad).unwrap();
}

#[test]
fn convert_kif_to_csa_and_back_keeps_the_moves() {
    let file = corpus("kif/kfjs__20081220kyoochi.kif");
    let csa = temp("game.csa");
    let back = temp("game.kif");
    masu_ok(&[
        "kif",
        "convert",
        &file,
        "--to",
        "csa",
        "-o",
        csa.to_str().unwrap(),
    ]);
    masu_ok(&[
        "kif",
        "convert",
        csa.to_str().unwrap(),
        "--to",
        "kif",
        "--encoding",
        "shift_jis",
        "-o",
        back.to_str().unwrap(),
    ]);
    let usi_a = masu_ok(&["kif", "convert", &file, "--to", "usi"]);
    let usi_b = masu_ok(&["kif", "convert", back.to_str().unwrap(), "--to", "usi"]);
    assert_eq!(usi_a, usi_b);
    assert!(usi_a.starts_with("position sfen "), "{usi_a}");
    assert!(
        !std::fs::read(&back).unwrap().is_ascii(),
        "Shift_JIS output is not ASCII"
    );
    std::fs::remove_file(csa).unwrap();
    std::fs::remove_file(back).unwrap();
}

#[test]
fn convert_to_jkf_and_ki2() {
    let file = corpus("kif/kfjs__20081220kyoochi.kif");
    let jkf = masu_ok(&["kif", "convert", &file, "--to", "jkf"]);
    assert!(jkf.trim_start().starts_with('{'));
    let ki2 = masu_ok(&["kif", "convert", &file, "--to", "ki2"]);
    assert!(ki2.contains('▲') || ki2.contains('△'));
}

#[test]
fn bad_input_gives_one_line_errors() {
    let err = masu_err(&["kif", "convert", "/no/such/record.kif", "--to", "csa"]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/no/such/record.kif"), "{err}");
    let file = corpus("kif/kfjs__20081220kyoochi.kif");
    let err = masu_err(&[
        "kif",
        "convert",
        &file,
        "--to",
        "kif",
        "--encoding",
        "latin1",
    ]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("latin1"), "{err}");
    let out = masu(&["kif", "list", "/no/such/record.kif"]);
    assert!(!out.status.success());
}
