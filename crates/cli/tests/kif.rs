//! `masu kif list | check | convert`, run as a user would on the corpus of masu-kif.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "helpers outside #[test] functions unwrap too: a failure there is a test failure"
)]

mod common;

use std::path::PathBuf;

use common::{masu, masu_err, masu_ok, masu_with_bytes};

fn corpus(rel: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../kif/tests/data/corpus")
        .join(rel);
    path.to_str().unwrap().to_owned()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("masu-kif-{}-{name}", std::process::id()))
}

/// `masu kif convert FILE ARGS...` of a file `name` holding `text`: its path, whether it
/// succeeded, its stdout (lossy: it may be Shift_JIS) and its stderr.
fn convert_text(name: &str, text: &str, args: &[&str]) -> (String, bool, String, String) {
    let file = temp(name);
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap().to_owned();
    let mut all = vec!["kif", "convert", &path];
    all.extend_from_slice(args);
    let out = common::masu(&all);
    std::fs::remove_file(&file).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (
        path,
        out.status.success(),
        stdout,
        String::from_utf8(out.stderr).unwrap(),
    )
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
        "\"plies\":142,",
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

/// Every field of `masu kif list --json` that holds a number is a JSON number: `plies` was
/// the string "142", which a script had to convert before comparing.
#[test]
fn list_json_gives_numbers_as_numbers() {
    let file = corpus("kif/kfjs__20081220kyoochi.kif");
    let json = masu_ok(&["kif", "list", &file, "--json"]);
    let row: serde_json::Value = serde_json::from_str(json.trim_end()).unwrap();
    let row = row.as_object().unwrap();
    assert_eq!(row["plies"], serde_json::json!(142), "{json}");
    for (key, value) in row {
        match key.as_str() {
            "plies" => assert!(value.is_u64(), "{key}: {value}"),
            _ => assert!(value.is_string(), "{key}: {value}"),
        }
    }
    assert_eq!(row.len(), 8, "{json}");
}

/// What a record does not say (a header it lacks, no result) is `null` in `masu kif list
/// --json`, where it was `""`, the value of a header written empty, which stays `""`.
#[test]
fn list_json_gives_null_for_what_a_record_does_not_say() {
    let row = |text: &str| -> serde_json::Value {
        let run = masu_with_bytes(&["kif", "list", "--json", "-"], text.as_bytes());
        assert_eq!(run.status.code(), Some(0), "{text}");
        serde_json::from_slice(&run.stdout).unwrap()
    };
    let csa = row("V2.2\nN+A\nPI\n+\n+7776FU\n");
    assert_eq!(
        csa,
        serde_json::json!({
            "file": "-", "date": null, "event": null, "black": "A", "white": null,
            "handicap": "平手", "plies": 1, "result": null,
        })
    );
    let kif = row("棋戦：\n先手：B\n手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 投了\n");
    assert_eq!(
        (&kif["event"], &kif["black"], &kif["white"], &kif["result"]),
        (
            &serde_json::json!(""),
            &serde_json::json!("B"),
            &serde_json::Value::Null,
            &serde_json::json!("投了")
        )
    );
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
fn convert_names_what_the_target_format_cannot_hold_in_words() {
    // Kifu for Windows output: times on every move, a program comment.
    let file = corpus("kif/shogihome__conversion_input_sub01_kif-sjis.kif");
    let notes = |target: &str| {
        let out = common::masu(&["kif", "convert", &file, "--to", target]);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let csa = notes("csa");
    // The 手合割 header names the start CSA's `PI` line writes: nothing lost.
    assert!(!csa.contains("手合割"), "{csa}");
    assert!(
        csa.contains("cannot hold the total time at plies 1 to 12 (12 moves)\n"),
        "{csa}"
    );
    let ki2 = notes("ki2");
    assert!(ki2.contains("cannot hold the times of 12 moves\n"), "{ki2}");
    let jkf = notes("jkf");
    assert!(jkf.contains("cannot hold the program comment "), "{jkf}");
    for text in [csa, ki2, jkf] {
        assert!(!text.contains("NodeId"), "{text}");
    }
}

/// `--to usi` names what a `position` command cannot hold, as the CSA and JKF targets
/// do: the headers, comments, times, variations and the resignation went without a word.
#[test]
fn convert_to_usi_names_what_it_leaves_out() {
    let kif = "先手：A\n後手：B\n手合割：平手\n*before the game\n   1 ７六歩(77)   ( 0:01/00:00:01)\n*a comment\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 投了\n\n変化：2手\n   2 ８四歩(83)\n";
    let (_, ok, out, err) = convert_text("usi_notes.kif", kif, &["--to", "usi"]);
    assert!(ok, "{err}");
    assert_eq!(out, "position startpos moves 7g7f 3c3d\n");
    let note = "masu: note: the target format cannot hold";
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            format!("{note} the headers 先手, 後手"),
            format!("{note} the comments before the first move"),
            format!("{note} the time at plies 1 to 2 (2 moves)"),
            format!("{note} the comments at ply 1"),
            format!("{note} the variation starting at ply 2"),
            format!("{note} the ending 投了 at ply 3"),
        ],
        "{err}"
    );
    // Moves alone: nothing to say.
    let (_, ok, _, err) = convert_text("usi_plain.kif", "   1 ７六歩(77)\n", &["--to", "usi"]);
    assert!(ok && err.is_empty(), "{err}");
}

#[test]
fn convert_to_kif_notes_the_fractions_of_a_second_it_cannot_hold() {
    let csa = "V3.0\nPI\n+\n+7776FU\nT1.250\n-3334FU\nT2\n%TORYO\n";
    let (_, ok, _, err) = convert_text("millis.csa", csa, &["--to", "kif"]);
    assert!(ok, "{err}");
    assert_eq!(
        err,
        "masu: note: the target format cannot hold the fractions of a second in the times of 1 move\n"
    );
}

#[test]
fn convert_says_what_the_reader_left_out_and_fails() {
    // The second move does not read (no piece on ７七 any more): it was left out of the
    // output without a word and the status was 0.
    let kif = "   1 ７六歩(77)\n   2 ７五歩(77)\n";
    let (path, ok, out, err) = convert_text("left_out.kif", kif, &["--to", "csa"]);
    assert!(!ok, "{err}");
    assert!(out.ends_with("+7776FU\n"), "{out}");
    assert_eq!(
        err,
        format!(
            "{path}:2:6: error: illegal move at ply 2: no piece of the side to move on the origin square\n"
        )
    );
}

#[test]
fn convert_notes_a_character_shift_jis_writes_as_another() {
    // `¥` goes out as 0x5C, which reads back as `\`.
    let kif = "棋戦：¥杯\n   1 ７六歩(77)\n";
    let args = ["--to", "kif", "--encoding", "shift_jis"];
    let (_, ok, _, err) = convert_text("yen.kif", kif, &args);
    assert!(ok, "{err}");
    assert!(err.contains("writes the character ¥ at line "), "{err}");
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
fn convert_to_usi_writes_the_legal_prefix_of_a_game_lost_by_a_foul() {
    // Issue 23: move 27 of this game is illegal (the record ends `28 反則勝ち`); converting
    // to USI failed with "illegal move at ply 27".
    let file = corpus("kif/mog__kif_game_017.kif");
    let out = masu(&["kif", "convert", &file, "--to", "usi"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let usi = String::from_utf8(out.stdout).unwrap();
    let moves = usi.trim_end().split(' ').skip(3).count();
    assert!(usi.starts_with("position startpos moves "), "{usi}");
    assert_eq!(moves, 26, "{usi}");
    // One warning; what else USI cannot hold is in notes.
    let warnings: Vec<&str> = stderr.lines().filter(|l| !l.contains(" note: ")).collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    assert!(
        warnings[0].contains("warning") && warnings[0].contains("ply 27"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("the foul"),
        "the foul is said once: {stderr}"
    );
}

#[test]
fn a_record_piped_in_reads_as_its_file_does() {
    let file = corpus("kif/kfjs__20081220kyoochi.kif");
    let bytes = std::fs::read(&file).unwrap();
    for command in [
        &["kif", "convert", "-", "--to", "usi"][..],
        &["kif", "list", "-"],
    ] {
        let piped = masu_with_bytes(command, &bytes);
        assert!(piped.status.success(), "{piped:?}");
        let from_file: Vec<&str> = command
            .iter()
            .map(|&a| if a == "-" { &file } else { a })
            .collect();
        // The list's columns are as wide as the file's name: compare the words.
        let expected = masu_ok(&from_file).replace(&file, "-");
        let got = String::from_utf8(piped.stdout).unwrap();
        assert_eq!(
            got.split_whitespace().collect::<Vec<_>>(),
            expected.split_whitespace().collect::<Vec<_>>()
        );
    }
    let checked = masu_with_bytes(&["kif", "check", "-"], b"\xff\xfe\x00 not a record");
    assert!(!checked.status.success());
    assert!(
        String::from_utf8_lossy(&checked.stderr).starts_with("-:"),
        "{checked:?}"
    );
}

/// A diagnostic of a record read from standard input names it `-` in every command, as
/// `masu kif check -` does: `convert` and `render` said `standard input:4:6: error: ...`,
/// which tools that read `file:line:col` lines take for a file of that name. Sentences
/// for people still say `standard input`.
#[test]
fn a_diagnostic_names_standard_input_as_check_does() {
    let kif = "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ７五歩(77)\n";
    let expected =
        "-:4:6: error: illegal move at ply 2: no piece of the side to move on the origin square\n";
    for args in [
        &["kif", "check", "-"][..],
        &["kif", "convert", "-", "--to", "csa"],
        &["render", "-", "-o", "-"],
    ] {
        let run = masu_with_bytes(args, kif.as_bytes());
        assert_eq!(run.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8(run.stderr).unwrap();
        assert_eq!(err, expected, "{args:?}");
    }
    let two = b"V2.2\nPI\n+\n+7776FU\n/\nV2.2\nPI\n+\n+2726FU\n";
    let run = masu_with_bytes(&["kif", "convert", "-", "--to", "usi"], two);
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(
        err.starts_with("masu: standard input holds 2 records"),
        "{err}"
    );
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

/// Converts the corpus game to `name` with `extra` arguments and returns the written bytes.
fn convert_to_file(name: &str, target: &str, extra: &[&str]) -> Vec<u8> {
    let file = corpus("kif/kfjs__20081220kyoochi.kif");
    let out = temp(name);
    let mut args = vec!["kif", "convert", &file, "--to", target];
    args.extend_from_slice(extra);
    args.extend(["-o", out.to_str().unwrap()]);
    masu_ok(&args);
    let bytes = std::fs::read(&out).unwrap();
    std::fs::remove_file(out).unwrap();
    bytes
}

/// The text of Shift_JIS bytes, failing on anything that is not Shift_JIS (or is UTF-8).
fn shift_jis_text(bytes: &[u8]) -> String {
    assert!(
        std::str::from_utf8(bytes).is_err(),
        "UTF-8 where Shift_JIS was due"
    );
    let decoded = kif::encoding::decode(bytes, None).unwrap();
    assert_eq!(decoded.encoding, kif::encoding::TextEncoding::ShiftJis);
    assert!(!decoded.had_errors);
    decoded.text.into_owned()
}

/// CSA written to `game.kif` is written as asked, with a one-line warning and status 0: it
/// was written without a word, and a program that reads `.kif` as KIF then failed on it.
/// A name of the format written (`.csa`; `.kifu` for KIF, `.json` for JKF) gets none.
#[test]
fn convert_warns_of_an_output_named_for_another_format() {
    let file = corpus("kif/kfjs__20081220kyoochi.kif");
    for (name, target, named) in [
        ("misnamed.kif", "csa", Some("KIF")),
        ("misnamed.CSA", "usi", Some("CSA")),
        ("misnamed.json", "kif", Some("JKF")),
        ("named.csa", "csa", None),
        ("named.kifu", "kif", None),
        ("named.json", "jkf", None),
        ("named.txt", "usi", None),
    ] {
        let out = temp(name);
        let path = out.to_str().unwrap();
        let run = masu(&["kif", "convert", &file, "--to", target, "-o", path]);
        assert_eq!(run.status.code(), Some(0), "{name}");
        let err = String::from_utf8(run.stderr).unwrap();
        let warning = named.map(|named| {
            let written = target.to_uppercase();
            format!("masu: warning: writing {written} to {path}, whose extension names {named}")
        });
        let warnings: Vec<&str> = err.lines().filter(|l| l.contains("warning")).collect();
        assert_eq!(
            warnings,
            Vec::from_iter(warning.as_deref()),
            "{name}: {err}"
        );
        assert!(std::fs::metadata(&out).unwrap().len() > 0, "{name}");
        std::fs::remove_file(out).unwrap();
    }
    // Written as CSA all the same (in Shift_JIS, as the name `.kif` means).
    let written = convert_to_file("misnamed-csa.kif", "csa", &[]);
    assert!(String::from_utf8_lossy(&written).contains("\nPI11KY\n"));
}

#[test]
fn convert_writes_kif_and_ki2_files_in_shift_jis() {
    for (name, target, declaration) in [
        (
            "enc-game.kif",
            "kif",
            Some("#KIF version=2.0 encoding=Shift_JIS"),
        ),
        (
            "enc-game.ki2",
            "ki2",
            Some("#KI2 version=2.0 encoding=Shift_JIS"),
        ),
        (
            "ENC-GAME.KIF",
            "kif",
            Some("#KIF version=2.0 encoding=Shift_JIS"),
        ),
    ] {
        let text = shift_jis_text(&convert_to_file(name, target, &[]));
        assert!(text.contains("糸谷哲郎"), "{name}: {text}");
        if let Some(declaration) = declaration {
            assert_eq!(text.lines().next(), Some(declaration), "{name}");
        }
    }
}

#[test]
fn convert_writes_kifu_ki2u_jkf_and_csa_files_in_utf8() {
    for (name, target, declaration) in [
        (
            "enc-game.kifu",
            "kif",
            Some("#KIF version=2.0 encoding=UTF-8"),
        ),
        (
            "enc-game.ki2u",
            "ki2",
            Some("#KI2 version=2.0 encoding=UTF-8"),
        ),
        ("enc-game.jkf", "jkf", None),
        ("enc-game.txt", "csa", Some("'CSA encoding=UTF-8")),
        // As Python's Record.write: cshogi's CSA reader takes UTF-8 alone.
        ("enc-game.csa", "csa", Some("'CSA encoding=UTF-8")),
    ] {
        let bytes = convert_to_file(name, target, &[]);
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.contains("糸谷哲郎"), "{name}: {text}");
        if let Some(declaration) = declaration {
            assert_eq!(text.lines().next(), Some(declaration), "{name}");
        }
    }
}

#[test]
fn encoding_option_overrides_the_file_name() {
    let bytes = convert_to_file("utf8.kif", "kif", &["--encoding", "utf-8"]);
    let text = String::from_utf8(bytes).unwrap();
    assert!(
        text.starts_with("#KIF version=2.0 encoding=UTF-8\n"),
        "{text}"
    );
    let bytes = convert_to_file("sjis.kifu", "kif", &["--encoding", "shift_jis"]);
    let text = shift_jis_text(&bytes);
    assert!(text.starts_with("#KIF version=2.0 encoding=Shift_JIS\n"));
    // Standard output stays UTF-8 whatever the format.
    let file = corpus("kif/kfjs__20081220kyoochi.kif");
    let out = masu_ok(&["kif", "convert", &file, "--to", "kif"]);
    assert!(
        out.starts_with("#KIF version=2.0 encoding=UTF-8\n"),
        "{out}"
    );
    let err = masu_err(&[
        "kif",
        "convert",
        &file,
        "--to",
        "jkf",
        "--encoding",
        "shift_jis",
    ]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("UTF-8 only"), "{err}");
}

#[test]
fn characters_shift_jis_lacks_are_an_error_naming_them() {
    let source = temp("emoji.kifu");
    std::fs::write(
        &source,
        "先手：☗名人😀\n後手：b\n手数----指手--\n   1 ７六歩(77)\n",
    )
    .unwrap();
    let out = temp("emoji.kif");
    let err = masu_err(&[
        "kif",
        "convert",
        source.to_str().unwrap(),
        "--to",
        "kif",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(err.lines().count(), 1, "{err}");
    for part in [
        "Shift_JIS cannot hold '☗' (U+2617) at line 2, column 4",
        "'😀' (U+1F600) at line 2, column 7 of the KIF output",
        "--encoding utf-8",
    ] {
        assert!(err.contains(part), "{part} missing: {err}");
    }
    assert!(!out.exists(), "nothing is written");
    masu_ok(&[
        "kif",
        "convert",
        source.to_str().unwrap(),
        "--to",
        "kif",
        "--encoding",
        "utf-8",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        String::from_utf8(std::fs::read(&out).unwrap())
            .unwrap()
            .contains("☗名人😀")
    );
    std::fs::remove_file(source).unwrap();
    std::fs::remove_file(out).unwrap();
}

/// A `.kif` masu writes is Shift_JIS, and masu reads it back by detection, with its
/// declaration line and without it.
#[test]
fn a_kif_written_by_masu_reads_back_as_shift_jis() {
    let file = corpus("kif/kfjs__20081220kyoochi.kif");
    let written = temp("back.kif");
    masu_ok(&[
        "kif",
        "convert",
        &file,
        "--to",
        "kif",
        "-o",
        written.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&written).unwrap();
    let declared = kif::encoding::decode(&bytes, None).unwrap();
    assert_eq!(
        (declared.encoding, declared.rule),
        (
            kif::encoding::TextEncoding::ShiftJis,
            kif::encoding::Rule::Declaration
        )
    );
    let undeclared = temp("back-undeclared.kif");
    let first_line_end = bytes.iter().position(|&b| b == b'\n').unwrap();
    std::fs::write(&undeclared, &bytes[first_line_end + 1..]).unwrap();
    let sniffed = kif::encoding::decode(&bytes[first_line_end + 1..], None).unwrap();
    assert_eq!(
        (sniffed.encoding, sniffed.rule),
        (
            kif::encoding::TextEncoding::ShiftJis,
            kif::encoding::Rule::ShiftJisValid
        )
    );
    let usi = masu_ok(&["kif", "convert", &file, "--to", "usi"]);
    for path in [&written, &undeclared] {
        let path = path.to_str().unwrap();
        masu_ok(&["kif", "check", path]);
        assert_eq!(masu_ok(&["kif", "convert", path, "--to", "usi"]), usi);
        let listed = masu_ok(&["kif", "list", path, "--json"]);
        assert!(listed.contains("\"black\":\"糸谷哲郎\""), "{listed}");
    }
    std::fs::remove_file(written).unwrap();
    std::fs::remove_file(undeclared).unwrap();
}

/// `masu kif training` writes what masu-kif's `training` makes of each record, in the order
/// given, and names a record it cannot use (a mate problem without the attacker's king).
#[test]
fn training_data_is_each_record_s_entries_in_order() {
    let games = [
        corpus("kif/kfjs__20081220kyoochi.kif"),
        corpus("csa/skc__floodgate.csa"),
    ];
    let problem = corpus("kif/tsumemi__1.kif");
    let records: Vec<kif::Record> = games
        .iter()
        .map(|f| {
            let bytes = std::fs::read(f).unwrap();
            kif::read_bytes(&bytes, None, kif::Mode::Lenient)
                .unwrap()
                .record
        })
        .collect();
    let hcpe: Vec<u8> = records
        .iter()
        .flat_map(|r| kif::training::hcpe(r).unwrap())
        .flat_map(|e| e.to_bytes())
        .collect();
    let psv: Vec<u8> = records
        .iter()
        .flat_map(|r| kif::training::psv(r).unwrap())
        .flat_map(|e| e.to_bytes())
        .collect();
    for (to, expected) in [("hcpe", hcpe), ("psv", psv)] {
        let out = temp(&format!("training.{to}"));
        let path = out.to_str().unwrap();
        let run = masu(&[
            "kif", "training", &games[0], &problem, &games[1], "--to", to, "-o", path,
        ]);
        assert_eq!(run.status.code(), Some(1), "the problem is left out");
        let err = String::from_utf8(run.stderr).unwrap();
        assert!(
            err.contains("tsumemi__1.kif: the position before move 1: the black king is missing"),
            "{err}"
        );
        assert!(err.contains("positions from 2 of 3 records"), "{err}");
        assert_eq!(std::fs::read(&out).unwrap(), expected, "{to}");
        assert!(expected.len() > 100 * 38);
        std::fs::remove_file(&out).unwrap();
    }
}

/// `masu kif training --min-moves --min-rating --ending` takes the records masu-kif's
/// `training::Filter` takes, and says how many it left out.
#[test]
fn training_data_takes_the_records_chosen() {
    let unrated = corpus("kif/kfjs__20081220kyoochi.kif");
    let floodgate = corpus("csa/skc__floodgate.csa");
    let entries = |file: &str| -> Vec<u8> {
        let bytes = std::fs::read(file).unwrap();
        let record = kif::read_bytes(&bytes, None, kif::Mode::Lenient)
            .unwrap()
            .record;
        kif::training::hcpe(&record)
            .unwrap()
            .iter()
            .flat_map(|e| e.to_bytes())
            .collect()
    };
    // Floodgate's game: 125 moves, players rated 3,382 and 3,613; the other: 142 moves,
    // unrated. Both end in a resignation.
    let (rated, longer) = (entries(&floodgate), entries(&unrated));
    let out = temp("chosen.hcpe");
    let path = out.to_str().unwrap();
    let cases: [(&[&str], &[u8], &str); 4] = [
        (
            &["--min-rating", "3300"],
            &rated,
            "from 1 of 2 records (1 left out",
        ),
        (
            &["--ending", "%TORYO", "--min-moves", "130"],
            &longer,
            "from 1 of 2 records (1 left out",
        ),
        (
            &["--ending", "千日手"],
            &[],
            "0 HCPE positions from 0 of 2 records (2 left out",
        ),
        (
            &["--min-rating", "3400"],
            &[],
            "from 0 of 2 records (2 left out",
        ),
    ];
    for (choice, expected, said) in cases {
        let mut args = vec![
            "kif", "training", &unrated, &floodgate, "--to", "hcpe", "-o", path,
        ];
        args.extend_from_slice(choice);
        let run = masu(&args);
        let err = String::from_utf8(run.stderr).unwrap();
        assert_eq!(run.status.code(), Some(0), "{choice:?}: {err}");
        assert!(err.contains(said), "{choice:?}: {err}");
        assert_eq!(std::fs::read(&out).unwrap(), expected, "{choice:?}");
    }
    std::fs::remove_file(&out).unwrap();
    let run = masu(&[
        "kif", "training", &floodgate, "--to", "hcpe", "-o", path, "--ending", "%BOGUS",
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        String::from_utf8(run.stderr)
            .unwrap()
            .contains("names no end of a game")
    );
    let run = masu(&[
        "kif",
        "training",
        &floodgate,
        "--to",
        "hcpe",
        "-o",
        path,
        "--min-rating",
        "NaN",
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        String::from_utf8(run.stderr)
            .unwrap()
            .contains("is no rating")
    );
}

/// An output that cannot be written (its folder is not there) fails before a record is
/// read: the records were read and converted first, minutes for a large set, and only
/// then did the write fail. The input here cannot be read either; it is never tried.
#[test]
fn training_fails_on_an_unwritable_output_before_reading() {
    let out = temp("no-such-folder").join("games.hcpe");
    let path = out.to_str().unwrap();
    let input = "/no/such/records.kif";
    let run = masu(&["kif", "training", input, "--to", "hcpe", "-o", path]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8(run.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!("masu: cannot write {path}: ")),
        "{err}"
    );
    assert!(!err.contains(input), "the input was read: {err}");
    assert!(!out.parent().unwrap().exists());
}

/// An existing output file is replaced whole: it is opened before the records are read,
/// without truncating, and cut to the data when it is written.
#[test]
fn training_replaces_a_longer_existing_output() {
    let game = corpus("csa/skc__floodgate.csa");
    let out = temp("replaced.hcpe");
    let path = out.to_str().unwrap();
    std::fs::write(&out, vec![0xAA; 1 << 16]).unwrap();
    masu_ok(&["kif", "training", &game, "--to", "hcpe", "-o", path]);
    let written = std::fs::read(&out).unwrap();
    assert_eq!(written.len() % 38, 0);
    assert!(written.len() < 1 << 16 && !written.is_empty());
    std::fs::remove_file(&out).unwrap();
}

/// `masu kif training` takes every record of a CSA file that holds several (`/` between).
#[test]
fn training_data_takes_every_record_of_a_file() {
    let one = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%TORYO\n";
    let two = "V2.2\nPI\n+\n+2726FU\n-8384FU\n%TORYO\n";
    let both = temp("two_games.csa");
    std::fs::write(&both, format!("{one}/\n{two}")).unwrap();
    let expected: Vec<u8> = [one, two]
        .iter()
        .flat_map(|text| {
            let record = kif::csa::read_str(text, kif::Mode::Strict).unwrap().record;
            kif::training::hcpe(&record).unwrap()
        })
        .flat_map(|e| e.to_bytes())
        .collect();
    let out = temp("two_games.hcpe");
    let run = masu(&[
        "kif",
        "training",
        both.to_str().unwrap(),
        "--to",
        "hcpe",
        "-o",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8(run.stderr).unwrap();
    assert_eq!(run.status.code(), Some(0), "{err}");
    assert!(
        err.contains("5 HCPE positions from 2 of 2 records"),
        "{err}"
    );
    assert_eq!(std::fs::read(&out).unwrap(), expected);
    std::fs::remove_file(&out).unwrap();
    std::fs::remove_file(&both).unwrap();
}

/// `masu kif list` gives a row for every record of a CSA file that holds several, and
/// `masu kif check` checks each, a diagnostic at its line of the file.
#[test]
fn list_and_check_take_every_record_of_a_file() {
    let both = temp("list_two_games.csa");
    std::fs::write(
        &both,
        "V2.2\nN+A\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nN+B\nPI\n+\n+2726FU\n-3334FU\n+2625FU\n+2524FU\n%TORYO\n",
    )
    .unwrap();
    let path = both.to_str().unwrap();
    let run = masu(&["kif", "list", "--csv", path]);
    assert_eq!(run.status.code(), Some(0));
    let rows: Vec<String> = String::from_utf8(run.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|row| row.split(',').skip(3).take(5).collect::<Vec<_>>().join(","))
        .collect();
    // The second game stops at its illegal move (Black twice): three plies, no result.
    assert_eq!(rows, ["A,,平手,1,投了", "B,,平手,3,"]);
    let run = masu(&["kif", "check", path]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(
        err.contains(&format!("{path}:15:1: error: illegal move at ply 4")),
        "{err}"
    );
    std::fs::remove_file(&both).unwrap();
}

/// `masu kif convert` of a CSA file of several records writes them all as CSA, and refuses
/// a target that holds one record (rather than write the first and drop the rest).
#[test]
fn convert_keeps_every_record_of_a_file() {
    let text = "V2.2\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n-3334FU\n%TORYO\n";
    let both = temp("convert_two_games.csa");
    std::fs::write(&both, text).unwrap();
    let path = both.to_str().unwrap();
    let run = masu(&["kif", "convert", path, "--to", "csa"]);
    assert_eq!(run.status.code(), Some(0));
    let written = String::from_utf8(run.stdout).unwrap();
    let back: Vec<String> = kif::csa::read_all_str(&written, kif::Mode::Strict)
        .unwrap()
        .iter()
        .map(|p| p.record.usi(p.record.main_line_end()).unwrap())
        .collect();
    assert_eq!(
        back,
        [
            "position startpos moves 7g7f",
            "position startpos moves 2g2f 3c3d"
        ]
    );
    let run = masu(&["kif", "convert", path, "--to", "kif"]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains("holds 2 records and a KIF file one"), "{err}");
    std::fs::remove_file(&both).unwrap();
}

/// A record whose read dropped moves (here an illegal move 3 and the resignation after it)
/// gives no training data: its examples would be labelled a draw. It is named and the exit
/// status is 1.
#[test]
fn training_data_leaves_out_a_record_read_damaged() {
    let damaged = temp("damaged.csa");
    std::fs::write(
        &damaged,
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2277UM\n-8384FU\n%TORYO\n",
    )
    .unwrap();
    let out = temp("damaged.hcpe");
    let run = masu(&[
        "kif",
        "training",
        damaged.to_str().unwrap(),
        "--to",
        "hcpe",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(
        err.contains("damaged.csa: the record as read is not the game written: line 6"),
        "{err}"
    );
    assert!(
        err.contains("0 HCPE positions from 0 of 1 records"),
        "{err}"
    );
    std::fs::remove_file(&damaged).unwrap();
    std::fs::remove_file(&out).unwrap();
}

/// The decoding of a CSA file of several records is the file's: its diagnostic is printed
/// once, not once for each record.
#[test]
fn check_and_convert_print_a_diagnostic_of_the_file_once() {
    let two = b"V2.2\nN+A\xff\xfe\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nN+B\nPI\n+\n+2726FU\n%TORYO\n";
    for args in [
        &["kif", "check", "-"][..],
        &["kif", "convert", "-", "--to", "csa"],
    ] {
        let run = masu_with_bytes(args, two);
        assert_eq!(run.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8(run.stderr).unwrap();
        assert_eq!(
            err.matches("undecodable bytes").count(),
            1,
            "{args:?}: {err}"
        );
    }
}

/// A record left out of training data is named on one line, as every error is: the
/// reader's message quoted the source line on a second one.
#[test]
fn training_names_a_damaged_record_on_one_line() {
    let kif = "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ９九玉(59)\n   4 ８四歩(83)\n";
    let run = masu_with_bytes(
        &["kif", "training", "-", "--to", "hcpe", "-o", "-"],
        kif.as_bytes(),
    );
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8(run.stderr).unwrap();
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "masu: standard input: the record as read is not the game written: line 5, column 6: illegal move at ply 3: the mover's own piece stands on 9i; the record goes on after it",
            "masu: 0 HCPE positions from 0 of 1 records",
        ],
        "{err}"
    );
}

/// A link to a folder above it is not followed round: the record was listed (and made
/// into training data) once for every level until the system's link limit, 41 times.
#[cfg(unix)]
#[test]
fn a_folder_is_walked_once_however_many_links_lead_to_it() {
    let top = temp("linked");
    let sub = top.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::copy(
        corpus("kif/kfjs__20081220kyoochi.kif"),
        sub.join("game.kif"),
    )
    .unwrap();
    std::os::unix::fs::symlink("..", sub.join("up")).unwrap();
    let top_path = top.to_str().unwrap();
    let out = masu_ok(&["kif", "list", "--csv", top_path]);
    assert_eq!(out.lines().count(), 2, "the header and one row: {out}");
    let hcpe = top.join("games.hcpe");
    let run = masu(&[
        "kif",
        "training",
        top_path,
        "--to",
        "hcpe",
        "-o",
        hcpe.to_str().unwrap(),
    ]);
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains("from 1 of 1 records"), "{err}");
    std::fs::remove_dir_all(&top).unwrap();
}

/// A negative `--min-rating` is a rating (floodgate's go below zero): it was refused as an
/// "unexpected argument '-300'". A negative `--min-moves` is a bad value of it.
#[test]
fn training_takes_a_negative_minimum_rating() {
    let csa = "V2.2\n'black_rate:A:-120\n'white_rate:B:-450\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";
    let args = [
        "kif",
        "training",
        "-",
        "--to",
        "psv",
        "-o",
        "-",
        "--min-rating",
    ];
    for (rating, taken) in [("-300", "0 of 1 records"), ("-500", "1 of 1 records")] {
        let mut all = args.to_vec();
        all.push(rating);
        let run = masu_with_bytes(&all, csa.as_bytes());
        let err = String::from_utf8(run.stderr).unwrap();
        assert_eq!(run.status.code(), Some(0), "{rating}: {err}");
        assert!(err.contains(taken), "{rating}: {err}");
    }
    let err = masu_err(&[&args[..7], &["--min-moves", "-1"]].concat());
    assert!(
        err.contains("invalid value '-1' for '--min-moves <N>'"),
        "{err}"
    );
}

/// An empty `.kif` or one of plain text passed `masu kif check` as an even game without
/// moves, and `training` counted it as a record.
#[test]
fn a_file_with_nothing_of_a_record_is_an_error() {
    for (name, bytes) in [("empty.kif", &b""[..]), ("notes.kif", b"hello world\n")] {
        let path = temp(name);
        std::fs::write(&path, bytes).unwrap();
        let file = path.to_str().unwrap();
        let run = masu(&["kif", "check", file]);
        assert_eq!(run.status.code(), Some(1), "{name}");
        let err = String::from_utf8(run.stderr).unwrap();
        assert!(
            err.contains(&format!("{file}:1:1: error: no record: ")),
            "{name}: {err}"
        );
        let run = masu(&["kif", "training", file, "--to", "hcpe", "-o", "-"]);
        assert_eq!(run.status.code(), Some(1), "{name}");
        assert!(run.stdout.is_empty(), "{name}");
        std::fs::remove_file(&path).unwrap();
    }
}

/// A game that goes on past a fourfold repetition passed `masu kif check` without a word:
/// a warning at the first move after it (the moves are kept), an error with `--strict`.
#[test]
fn check_warns_of_moves_after_a_fourfold_repetition() {
    let shuffle = ["+5958OU", "-5152OU", "+5859OU", "-5251OU"];
    let mut text = String::from("V2.2\nPI\n+\n");
    for i in 0..12 {
        text.push_str(shuffle[i % 4]);
        text.push('\n');
    }
    text.push_str("+7776FU\n%TORYO\n");
    let path = temp("repeated.csa");
    std::fs::write(&path, text).unwrap();
    let file = path.to_str().unwrap();
    let run = masu(&["kif", "check", file]);
    let err = String::from_utf8(run.stderr).unwrap();
    assert_eq!(run.status.code(), Some(0), "{err}");
    assert_eq!(
        err.trim_end(),
        format!(
            "{file}:16:1: warning: move after the game ended by repetition at ply 13: \
             the position after ply 12 occurred a fourth time: draw by repetition"
        )
    );
    let err = masu_err(&["kif", "check", "--strict", file]);
    assert!(
        err.starts_with(&format!("{file}:16:1: error: move after the game ended")),
        "{err}"
    );
    std::fs::remove_file(&path).unwrap();
}

/// `check` takes folders as `list` and `training` do (it took files only).
#[test]
fn check_walks_folders() {
    let top = temp("checked");
    std::fs::create_dir_all(top.join("sub")).unwrap();
    std::fs::copy(
        corpus("kif/kfjs__20081220kyoochi.kif"),
        top.join("good.kif"),
    )
    .unwrap();
    std::fs::write(top.join("sub/bad.csa"), "V2.2\nPI\n+\n+7775FU\n-3334FU\n").unwrap();
    std::fs::write(top.join("notes.txt"), "not a record").unwrap();
    let run = masu(&["kif", "check", top.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8(run.stderr).unwrap();
    let bad = top.join("sub/bad.csa");
    assert!(
        err.starts_with(&format!("{}:4:1: error: illegal move", bad.display())),
        "{err}"
    );
    assert!(
        !err.contains("good.kif") && !err.contains("notes.txt"),
        "{err}"
    );
    std::fs::remove_dir_all(&top).unwrap();
}

/// Every record file of masu-kif's corpus, sorted.
fn corpus_record_files() -> Vec<String> {
    fn walk(dir: &std::path::Path, files: &mut Vec<String>) {
        let entries =
            std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
        for entry in entries {
            let path = entry
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
                .path();
            let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if path.is_dir() {
                walk(&path, files);
            } else if kif::Format::from_extension(extension).is_some() {
                files.push(path.to_string_lossy().into_owned());
            }
        }
    }
    let mut files = Vec::new();
    walk(std::path::Path::new(&corpus("")), &mut files);
    files.sort();
    files
}

/// The training data masu-kif makes of the records in `bytes` (`to`: `hcpe` or `psv`),
/// read as `masu` reads a file named `name`; nothing for a record it cannot use.
fn training_data(name: &str, bytes: &[u8], to: &str) -> Vec<u8> {
    let hint = std::path::Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .and_then(kif::Format::from_extension);
    let Ok(records) = kif::read_all_bytes(bytes, hint, kif::Mode::Lenient) else {
        return Vec::new();
    };
    let mut data = Vec::new();
    for parsed in &records {
        let Ok(record) = kif::training::game_of(parsed) else {
            continue;
        };
        match to {
            "hcpe" => {
                if let Ok(entries) = kif::training::hcpe(record) {
                    data.extend(entries.iter().flat_map(|e| e.to_bytes()));
                }
            }
            _ => {
                if let Ok(examples) = kif::training::psv(record) {
                    data.extend(examples.iter().flat_map(|e| e.to_bytes()));
                }
            }
        }
    }
    data
}

/// The training data of the files at `paths`, in order.
fn training_data_of_files(paths: &[String], to: &str) -> Vec<u8> {
    paths
        .iter()
        .flat_map(|path| {
            let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
            training_data(path, &bytes, to)
        })
        .collect()
}

/// The corpus forward, then backward: more files than `masu kif training` converts at a
/// time (256), so the data is written in several chunks.
fn corpus_there_and_back() -> Vec<String> {
    let forward = corpus_record_files();
    assert!(forward.len() > 128, "{} files", forward.len());
    forward
        .iter()
        .chain(forward.iter().rev())
        .cloned()
        .collect()
}

/// `masu kif training` of more files than it converts at a time writes what masu-kif makes
/// of each record, in the order given, as it did when it held the whole output until the
/// end; the summary counts every record.
#[test]
fn training_data_of_many_files_is_each_record_s_entries_in_order() {
    let files = corpus_there_and_back();
    for to in ["hcpe", "psv"] {
        let out = temp(&format!("corpus.{to}"));
        let path = out.to_str().unwrap();
        let mut args = vec!["kif", "training", "--to", to, "-o", path];
        args.extend(files.iter().map(String::as_str));
        let run = masu(&args);
        let err = String::from_utf8(run.stderr).unwrap();
        // The mate problems and damaged records of the corpus are named and left out.
        assert_eq!(run.status.code(), Some(1), "{err}");
        let expected = training_data_of_files(&files, to);
        let written = std::fs::read(&out).unwrap();
        assert!(written == expected, "{to}: the data differs");
        let size = if to == "hcpe" { 38 } else { 40 };
        let records = common::last_line(&err);
        assert!(
            records.starts_with(&format!("masu: {} ", expected.len() / size)),
            "{err}"
        );
        assert!(records.ends_with(" of 300 records"), "{err}");
        std::fs::remove_file(&out).unwrap();
    }
}

/// `masu kif training` writes each chunk of files as it is done, to a file and to standard
/// output: the first chunk's data is there while the last input, standard input, is still
/// open. It held every byte until the last record was read.
#[test]
fn training_writes_its_output_as_it_goes() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    let game = b"V2.2\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%TORYO\n";
    let files = corpus_there_and_back();
    let mut expected = training_data_of_files(&files, "hcpe");
    expected.extend(training_data("-", game, "hcpe"));
    let file = temp("streamed.hcpe");
    for output in ["-", file.to_str().unwrap()] {
        let mut args = vec!["kif", "training", "--to", "hcpe", "-o", output];
        args.extend(files.iter().map(String::as_str));
        args.push("-");
        let mut child = Command::new(env!("CARGO_BIN_EXE_masu"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(game).unwrap();
        let (first, data) = std::sync::mpsc::channel();
        let mut stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut bytes = vec![0; 1];
            if stdout.read_exact(&mut bytes).is_ok() {
                let _ = first.send(());
                let _ = stdout.read_to_end(&mut bytes);
            }
            bytes
        });
        let deadline = Instant::now() + Duration::from_secs(120);
        let written = || match output {
            "-" => data.try_recv().is_ok(),
            path => std::fs::metadata(path).is_ok_and(|m| m.len() > 0),
        };
        while !written() {
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("-o {output}: nothing written while standard input was open");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(stdin);
        let run = child.wait_with_output().unwrap();
        let streamed = reader.join().unwrap();
        assert_eq!(run.status.code(), Some(1), "{output}");
        let data = if output == "-" {
            streamed
        } else {
            std::fs::read(&file).unwrap()
        };
        assert!(data == expected, "-o {output}: the data differs");
    }
    std::fs::remove_file(&file).unwrap();
}

/// A failure to write the output (a full disk) ends the command at once, named on one
/// line, with exit status 1 and no summary: the data is not all there.
#[cfg(target_os = "linux")]
#[test]
fn training_stops_at_a_write_error() {
    let game = corpus("csa/skc__floodgate.csa");
    let run = masu(&["kif", "training", &game, "--to", "hcpe", "-o", "/dev/full"]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8(run.stderr).unwrap();
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        ["masu: cannot write /dev/full: No space left on device (os error 28)"],
        "{err}"
    );
}
