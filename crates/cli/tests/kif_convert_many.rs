//! `masu kif convert INPUTS... --out-dir DIR`: many record files and folders converted into
//! a folder, run as a user would.
#![allow(
    clippy::unwrap_used,
    reason = "helpers outside #[test] functions unwrap too: a failure there is a test failure"
)]

mod common;

use std::path::{Path, PathBuf};

use common::{masu, masu_err, masu_ok};

fn corpus(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../kif/tests/data/corpus")
        .join(rel)
}

/// A fresh folder for one test, its old contents gone.
fn fresh(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("masu-convert-{}-{name}", std::process::id()));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap();
    }
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Copies the corpus file `rel` to `to`, making the folders above it.
fn copy(rel: &str, to: &Path) {
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(corpus(rel), to).unwrap_or_else(|e| panic!("{rel}: {e}"));
}

fn text(path: &Path) -> String {
    path.to_str().unwrap().to_owned()
}

/// `masu kif convert ARGS...`: its exit status and standard error.
fn convert(args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["kif", "convert"];
    all.extend_from_slice(args);
    let run = masu(&all);
    (run.status.code(), String::from_utf8(run.stderr).unwrap())
}

/// The USI line of the record file at `path`, as a single-file convert gives it.
fn usi_of(path: &Path) -> String {
    masu_ok(&["kif", "convert", &text(path), "--to", "usi"])
}

/// Every file under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, top: &Path, files: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, top, files);
            } else {
                files.push(text(path.strip_prefix(top).unwrap()));
            }
        }
    }
    let mut files = Vec::new();
    if dir.exists() {
        walk(dir, dir, &mut files);
    }
    files.sort();
    files
}

/// A folder tree and a file named itself are written under the output folder at their
/// paths relative to the folder given (the file at its name), with the target's extension;
/// what is not a record file (`notes.txt`) is not read. Each file holds the game its input
/// holds, in the encoding its name means (`.kif` Shift_JIS, `.kifu` UTF-8).
#[test]
fn a_folder_tree_is_converted_at_its_relative_paths() {
    let dir = fresh("tree");
    let top = dir.join("records");
    copy("kif/kfjs__20081220kyoochi.kif", &top.join("a.kif"));
    copy("csa/mog__csa_game_001.csa", &top.join("sub/b.csa"));
    copy("ki2/kfjs__denou3-1.ki2", &top.join("sub/deeper/c.ki2"));
    std::fs::write(top.join("notes.txt"), "not a record").unwrap();
    let alone = dir.join("elsewhere/d.jkf");
    copy("jkf/kfjs__ryuou201409020101.jkf", &alone);
    let out = dir.join("out");
    let (status, err) = convert(&[
        &text(&top),
        &text(&alone),
        "--to",
        "csa",
        "--out-dir",
        &text(&out),
    ]);
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(
        common::last_line(&err),
        "masu: 4 files: 4 converted, 0 failed"
    );
    assert_eq!(
        files_under(&out),
        ["a.csa", "d.csa", "sub/b.csa", "sub/deeper/c.csa"]
    );
    for (input, output) in [
        (top.join("a.kif"), "a.csa"),
        (top.join("sub/b.csa"), "sub/b.csa"),
        (top.join("sub/deeper/c.ki2"), "sub/deeper/c.csa"),
        (alone.clone(), "d.csa"),
    ] {
        assert_eq!(usi_of(&out.join(output)), usi_of(&input), "{output}");
    }
    // KIF files are Shift_JIS by their name; in UTF-8 they are named `.kifu`, which says so.
    let sjis = dir.join("sjis");
    masu_ok(&[
        "kif",
        "convert",
        &text(&top),
        "--to",
        "kif",
        "--out-dir",
        &text(&sjis),
    ]);
    let bytes = std::fs::read(sjis.join("a.kif")).unwrap();
    assert!(std::str::from_utf8(&bytes).is_err(), "Shift_JIS, not UTF-8");
    let utf8 = dir.join("utf8");
    let args = [
        "--to",
        "kif",
        "--encoding",
        "utf-8",
        "--out-dir",
        &text(&utf8),
    ];
    masu_ok(&[&["kif", "convert", &text(&top)][..], &args[..]].concat());
    assert_eq!(
        files_under(&utf8),
        ["a.kifu", "sub/b.kifu", "sub/deeper/c.kifu"]
    );
    assert!(std::str::from_utf8(&std::fs::read(utf8.join("a.kifu")).unwrap()).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file in the output folder is left as it is, named on a line, and its input not read
/// (not an error: a second run converts only the files added since); `--force` replaces it.
#[test]
fn a_file_there_already_is_kept_unless_forced() {
    let dir = fresh("kept");
    let top = dir.join("records");
    copy("kif/kfjs__20081220kyoochi.kif", &top.join("a.kif"));
    copy("csa/mog__csa_game_001.csa", &top.join("b.csa"));
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("a.csa"), "earlier").unwrap();
    let args = [&text(&top), "--to", "csa", "--out-dir", &text(&out)];
    let (status, err) = convert(&args);
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            format!(
                "{}: warning: there already, not overwritten (--force replaces it)",
                out.join("a.csa").display()
            )
            .as_str(),
            "masu: 2 files: 1 converted, 0 failed, 1 not overwritten",
        ]
    );
    assert_eq!(
        std::fs::read_to_string(out.join("a.csa")).unwrap(),
        "earlier"
    );
    assert_eq!(usi_of(&out.join("b.csa")), usi_of(&top.join("b.csa")));
    let (status, err) = convert(&[&args[..], &["--force"][..]].concat());
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(err, "masu: 2 files: 2 converted, 0 failed\n");
    assert_eq!(usi_of(&out.join("a.csa")), usi_of(&top.join("a.kif")));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Two inputs written to one name (`a.kif` and `a.ki2` to `a.csa`), or an output that is
/// another input, are not written, each named as a failed file (the second would replace
/// the first, or be read as it is written); the other files are written.
#[test]
fn output_names_that_clash_are_not_written_and_the_rest_are() {
    let dir = fresh("clash");
    let top = dir.join("records");
    copy("kif/kfjs__20081220kyoochi.kif", &top.join("a.kif"));
    copy("ki2/kfjs__denou3-1.ki2", &top.join("a.ki2"));
    copy("kif/mog__kif_game_001.kif", &top.join("b.kif"));
    let out = dir.join("out");
    let (status, err) = convert(&[&text(&top), "--to", "csa", "--out-dir", &text(&out)]);
    assert_eq!(status, Some(1));
    let not_written = |input: &str, other: &str| {
        format!(
            "{}: error: not written: {} would be written to {} too (convert them apart)",
            top.join(input).display(),
            top.join(other).display(),
            out.join("a.csa").display()
        )
    };
    // Less what CSA cannot hold of b.kif (its total times).
    assert_eq!(
        err.lines()
            .filter(|l| !l.contains(": note: "))
            .collect::<Vec<_>>(),
        [
            not_written("a.ki2", "a.kif").as_str(),
            not_written("a.kif", "a.ki2").as_str(),
            "masu: 3 files: 1 converted, 2 failed",
        ]
    );
    assert_eq!(files_under(&out), ["b.csa"]);
    // The CSA of an earlier run inside the folder read: `b.kif` would be written over it.
    std::fs::remove_file(top.join("a.ki2")).unwrap();
    let inside = top.join("csa");
    copy("csa/mog__csa_game_001.csa", &inside.join("b.csa"));
    let before = std::fs::read(inside.join("b.csa")).unwrap();
    let err = masu_err(&[
        "kif",
        "convert",
        &text(&top),
        "--to",
        "csa",
        "--out-dir",
        &text(&inside),
    ]);
    assert!(
        err.contains(&format!(
            "{}: error: not written: {} is read as an input (write into another folder)",
            top.join("b.kif").display(),
            inside.join("b.csa").display()
        )),
        "{err}"
    );
    assert_eq!(std::fs::read(inside.join("b.csa")).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file that does not read, and one read with moves left out, among good ones: each is
/// named as `masu kif check` names it, in the order of the files, the others are written
/// (the damaged one too, as a single-file convert writes it), and the exit status is 1.
#[test]
fn a_damaged_file_among_good_ones_fails_the_run_and_the_rest_are_written() {
    let dir = fresh("damaged");
    let top = dir.join("records");
    std::fs::create_dir_all(&top).unwrap();
    std::fs::write(top.join("a_bad.csa"), "V2.2\nPI\n+\n+7775FU\n-3334FU\n").unwrap();
    std::fs::write(top.join("b_broken.jkf"), "{not json").unwrap();
    copy("kif/kfjs__20081220kyoochi.kif", &top.join("c_good.kif"));
    let out = dir.join("out");
    let (status, err) = convert(&[&text(&top), "--to", "kif", "--out-dir", &text(&out)]);
    assert_eq!(status, Some(1));
    let bad = text(&top.join("a_bad.csa"));
    let broken = text(&top.join("b_broken.jkf"));
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            format!("{bad}:4:1: error: illegal move at ply 1: a pawn on 7g cannot reach 7e; the record goes on after it")
                .as_str(),
            &format!("{bad}:5:1: error: dropped: after an unreadable or illegal move of this line"),
            &format!(
                "{broken}:1:2: error: unknown line: the text is not JSON (expected a string key)"
            ),
            "masu: 3 files: 2 converted (1 with part of its game left out), 1 failed",
        ],
    );
    assert_eq!(files_under(&out), ["a_bad.kif", "c_good.kif"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--to usi` writes a `.usi` file for each record file, holding the line a single-file
/// convert prints; what USI cannot hold (the headers, comments, times, the ending) is one
/// `note:` line a file, not one for each thing, so that a folder of games is not a flood.
#[test]
fn usi_is_a_file_for_each_record_and_its_notes_one_line() {
    let dir = fresh("usi");
    let top = dir.join("records");
    copy("kif/kfjs__20081220kyoochi.kif", &top.join("a.kif"));
    copy("csa/skc__floodgate.csa", &top.join("b.csa"));
    let out = dir.join("out");
    let (status, err) = convert(&[&text(&top), "--to", "usi", "--out-dir", &text(&out)]);
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(files_under(&out), ["a.usi", "b.usi"]);
    for name in ["a.kif", "b.csa"] {
        let written = std::fs::read_to_string(out.join(name).with_extension("usi")).unwrap();
        assert_eq!(written, usi_of(&top.join(name)), "{name}");
        let file = text(&top.join(name));
        let notes: Vec<&str> = err.lines().filter(|l| l.starts_with(&file)).collect();
        assert_eq!(notes.len(), 1, "{err}");
        assert!(
            notes[0].starts_with(&format!(
                "{file}: note: the target format cannot hold the headers "
            )),
            "{err}"
        );
        assert!(notes[0].contains("; the ending 投了 at ply "), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The characters Shift_JIS writes as others (`¥` as `\\`) are one `note:` line a file too,
/// naming each place in the output.
#[test]
fn characters_written_as_others_are_one_note_line_a_file() {
    let dir = fresh("yen");
    let top = dir.join("records");
    std::fs::create_dir_all(&top).unwrap();
    std::fs::write(
        top.join("yen.kifu"),
        "手合割：平手\n   1 ７六歩(77)\n*¥と¥\n",
    )
    .unwrap();
    let out = dir.join("out");
    let (status, err) = convert(&[&text(&top), "--to", "kif", "--out-dir", &text(&out)]);
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(
        err.lines().next().unwrap(),
        format!(
            "{}: note: Shift_JIS writes characters of the output as others: ¥ at line 5, column 2; ¥ at line 5, column 4",
            top.join("yen.kifu").display()
        )
    );
    assert_eq!(files_under(&out), ["yen.kif"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A CSA file of several games is written whole to CSA, and refused for a format that
/// holds one game, as a single-file convert refuses it; the other files are written.
#[test]
fn a_csa_file_of_several_games_is_converted_to_csa_whole_and_refused_otherwise() {
    let dir = fresh("several");
    let top = dir.join("records");
    std::fs::create_dir_all(&top).unwrap();
    let two = "V2.2\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n-3334FU\n%TORYO\n";
    std::fs::write(top.join("two.csa"), two).unwrap();
    copy("kif/kfjs__20081220kyoochi.kif", &top.join("one.kif"));
    let out = dir.join("kif");
    let (status, err) = convert(&[&text(&top), "--to", "kif", "--out-dir", &text(&out)]);
    assert_eq!(status, Some(1));
    assert!(
        err.contains(&format!(
            "{}: error: holds 2 records and a KIF file one: convert them to CSA (--to csa), which holds them all",
            top.join("two.csa").display()
        )),
        "{err}"
    );
    assert_eq!(
        common::last_line(&err),
        "masu: 2 files: 1 converted, 1 failed"
    );
    assert_eq!(files_under(&out), ["one.kif"]);
    let out = dir.join("csa");
    let (status, err) = convert(&[&text(&top), "--to", "csa", "--out-dir", &text(&out)]);
    assert_eq!(status, Some(0), "{err}");
    let written = std::fs::read_to_string(out.join("two.csa")).unwrap();
    let games = kif::csa::read_all_str(&written, kif::Mode::Strict).unwrap();
    let lines: Vec<String> = games
        .iter()
        .map(|p| p.record.usi(p.record.main_line_end()).unwrap())
        .collect();
    assert_eq!(
        lines,
        [
            "position startpos moves 7g7f",
            "position startpos moves 2g2f 3c3d"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What is said of each file comes in the order of the files, though they are read in
/// parallel: the corpus's CSA and JKF files, each file's lines after the one before it, as
/// `list` orders them.
#[test]
fn lines_come_in_the_order_of_the_files() {
    let inputs = [text(&corpus("csa")), text(&corpus("jkf"))];
    let out = fresh("order");
    let args = ["--to", "usi", "--out-dir", &text(&out)];
    let (status, err) = convert(&[&[inputs[0].as_str(), &inputs[1]][..], &args[..]].concat());
    assert_eq!(status, Some(0), "{err}");
    let listed = masu_ok(&["kif", "list", "--csv", &inputs[0], &inputs[1]]);
    let files: Vec<&str> = listed
        .lines()
        .skip(1)
        .map(|row| row.split(',').next().unwrap())
        .collect();
    let mut last = 0;
    for line in err.lines().filter(|l| !l.starts_with("masu: ")) {
        let index = files
            .iter()
            .position(|f| line.starts_with(&format!("{f}:")))
            .unwrap_or_else(|| panic!("a line of no file: {line}"));
        assert!(index >= last, "{line} after a later file's line");
        last = index;
    }
    assert!(last > 30, "lines of most of the files: {err}");
    std::fs::remove_dir_all(&out).unwrap();
}

/// Standard input is converted alone; many inputs or a folder need `--out-dir`, and
/// `--force` is for it alone: each a one-line error.
#[test]
fn out_dir_is_needed_for_many_inputs_and_refuses_standard_input() {
    let game = text(&corpus("kif/kfjs__20081220kyoochi.kif"));
    let folder = text(&corpus("kif"));
    let err = masu_err(&[
        "kif",
        "convert",
        "-",
        &game,
        "--to",
        "csa",
        "--out-dir",
        "out",
    ]);
    assert!(
        err.starts_with("masu: standard input (-) is converted alone"),
        "{err}"
    );
    let err = masu_err(&["kif", "convert", &folder, "--to", "csa"]);
    assert_eq!(
        err,
        format!(
            "masu: {folder} is a folder: give --out-dir DIR, the folder to write its records into\n"
        )
    );
    let err = masu_err(&["kif", "convert", &game, &game, "--to", "csa", "-o", "x.csa"]);
    assert_eq!(
        err,
        "masu: 2 inputs are written into a folder, a file each: give --out-dir DIR\n"
    );
    let err = masu_err(&["kif", "convert", &game, "--to", "csa", "--force"]);
    assert!(err.contains("--out-dir"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A standard error that is gone (`2>&1 | head` that has quit) loses the warnings, not the
/// work: every file is converted and the exit status is the conversion's. Writing the
/// first warning panicked (exit 101), the files after it never converted.
#[test]
fn a_closed_standard_error_loses_the_warnings_not_the_files() {
    let dir = fresh("closed-stderr");
    let record = "手合割：平手\n先手：a\n後手：b\nnot a line of a record\n\
                  手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 中断\n";
    let mut args = vec!["kif".to_owned(), "convert".to_owned(), "--to".to_owned()];
    args.extend([
        "csa".to_owned(),
        "--out-dir".to_owned(),
        text(&dir.join("out")),
    ]);
    for i in 0..40 {
        let path = dir.join(format!("in/{i:02}.kif"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, record).unwrap();
        args.push(text(&path));
    }
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_masu"))
        .args(&args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert_eq!(files_under(&dir.join("out")).len(), 40);
    std::fs::remove_dir_all(&dir).unwrap();
}
