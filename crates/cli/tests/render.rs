//! `masu render`, checked structurally: the SVG parses as XML and holds the right pieces.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "helpers outside #[test] functions unwrap too: a failure there is a test failure"
)]

mod common;

use common::{masu_err, masu_ok, masu_with_bytes};

/// Elements whose class list holds every one of `classes`.
fn count_class(svg: &str, classes: &[&str]) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| {
            let list: Vec<&str> = n.attribute("class").unwrap_or("").split(' ').collect();
            classes.iter().all(|c| list.contains(c))
        })
        .count()
}

#[test]
fn start_position_has_forty_pieces_twenty_a_side() {
    let svg = masu_ok(&["render", "startpos", "-o", "-"]);
    assert_eq!(count_class(&svg, &["piece"]), 40);
    assert_eq!(count_class(&svg, &["piece", "black"]), 20);
    assert_eq!(count_class(&svg, &["piece", "white"]), 20);
    assert_eq!(count_class(&svg, &["lastmove"]), 0);
}

#[test]
fn a_capture_moves_a_piece_to_the_hand_and_marks_the_last_move() {
    let line = "position startpos moves 7g7f 3c3d 8h2b+";
    let svg = masu_ok(&["render", line, "-o", "-"]);
    // 39 pieces on the board and the captured bishop drawn in Black's hand.
    assert_eq!(count_class(&svg, &["piece"]), 40);
    assert_eq!(count_class(&svg, &["piece", "white"]), 19);
    assert_eq!(count_class(&svg, &["piece", "black", "promoted"]), 1);
    assert_eq!(count_class(&svg, &["lastmove"]), 2);
    assert!(svg.contains('馬'));
    let before = masu_ok(&["render", line, "--ply", "2", "-o", "-"]);
    assert_eq!(count_class(&before, &["piece", "white"]), 20);
}

#[test]
fn writes_the_file_it_is_told_to() {
    let path = std::env::temp_dir().join(format!("masu-render-{}.svg", std::process::id()));
    masu_ok(&["render", "startpos", "-o", path.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(count_class(&svg, &["piece"]), 40);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn bad_input_is_a_one_line_error() {
    let err = masu_err(&["render", "position startpos moves 7g7e", "-o", "-"]);
    assert_eq!(err.lines().count(), 1, "{err}");
    let err = masu_err(&["render", "startpos", "--ply", "3", "-o", "-"]);
    assert!(err.contains("--ply 3"), "{err}");
}

#[test]
fn reversi_boards_and_transcripts_render() {
    let svg = masu_ok(&["reversi", "render", "f5d6c3", "-o", "-"]);
    assert_eq!(count_class(&svg, &["disc"]), 7);
    assert_eq!(count_class(&svg, &["disc", "black"]), 5);
    assert_eq!(count_class(&svg, &["lastmove"]), 1);
    let board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";
    let svg = masu_ok(&["reversi", "render", board, "-o", "-"]);
    let discs = board.chars().filter(|c| *c != '-').count();
    assert_eq!(count_class(&svg, &["disc"]), discs);
    let err = masu_err(&["reversi", "render", "f5f5", "-o", "-"]);
    assert!(err.contains("invalid transcript"), "{err}");
}

#[test]
fn a_record_file_renders_at_any_ply() {
    let kif = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../kif/tests/data/corpus/kif/kfjs__20081220kyoochi.kif"
    );
    // 香落ち: White starts without the lance on 1a.
    let svg = masu_ok(&["render", kif, "--ply", "0", "-o", "-"]);
    assert_eq!(count_class(&svg, &["piece", "white"]), 19);
    assert_eq!(count_class(&svg, &["lastmove"]), 0);
    let end = masu_ok(&["render", kif, "-o", "-"]);
    // The last move marks its destination (and its origin unless it was a drop).
    assert!(count_class(&end, &["lastmove"]) >= 1);
    let err = masu_err(&["render", kif, "--ply", "999", "-o", "-"]);
    assert!(err.contains("--ply 999"), "{err}");
    // Piped in, the same record.
    let piped = masu_with_bytes(&["render", "-", "-o", "-"], &std::fs::read(kif).unwrap());
    assert_eq!(String::from_utf8(piped.stdout).unwrap(), end);
}

#[test]
fn a_file_of_several_records_renders_its_first_and_says_so() {
    let two = b"V2.2\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n%TORYO\n";
    let run = masu_with_bytes(&["render", "-", "-o", "-"], two);
    assert!(run.status.success());
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains("holds 2 records: drawing the first"), "{err}");
    let first = masu_ok(&["render", "position startpos moves 7g7f", "-o", "-"]);
    assert_eq!(String::from_utf8(run.stdout).unwrap(), first);
}

/// `--ply -1` is a bad value of `--ply`, not an unexpected argument.
#[test]
fn a_negative_ply_is_a_bad_value() {
    let err = masu_err(&["render", "startpos", "--ply", "-1", "-o", "-"]);
    assert!(
        err.contains("invalid value '-1' for '--ply <PLY>'"),
        "{err}"
    );
}

/// A record whose read left moves out (an illegal move 5 and the move after it) is drawn
/// as read, with the reader's errors printed as `masu kif check` prints them and exit
/// status 1: the picture was drawn after four moves without a word, status 0.
#[test]
fn a_record_read_damaged_is_drawn_and_said_so() {
    let kif = "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 ９九玉(59)\n   6 ８四歩(83)\n";
    let run = masu_with_bytes(&["render", "-", "-o", "-"], kif.as_bytes());
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(
        err.starts_with("-:7:6: error: illegal move at ply 5"),
        "{err}"
    );
    let four = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b";
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        masu_ok(&["render", four, "-o", "-"])
    );
}

/// A record file that is not there, or a folder, is said to be one: both were "invalid
/// position `game.kif`: invalid board at byte 1".
#[test]
fn a_missing_record_file_or_a_folder_is_named_as_such() {
    let missing = std::env::temp_dir().join(format!("masu-render-{}-none.kif", std::process::id()));
    let err = masu_err(&["render", missing.to_str().unwrap(), "-o", "-"]);
    assert!(err.starts_with("masu: cannot read "), "{err}");
    assert!(!err.contains("invalid position"), "{err}");
    let dir = std::env::temp_dir();
    let err = masu_err(&["render", dir.to_str().unwrap(), "-o", "-"]);
    assert!(err.contains("is a folder"), "{err}");
    // Text that is neither is still read as a position.
    let err = masu_err(&["render", "nothing", "-o", "-"]);
    assert!(err.contains("invalid position `nothing`"), "{err}");
}

/// SVG written to a file named for another format (`board.png`) is written as asked, with
/// a one-line warning and status 0: it was written without a word, and an image viewer
/// then failed on it. A `.svg` name, or standard output, gets no warning.
#[test]
fn an_output_named_for_another_format_is_warned_of() {
    let dir = std::env::temp_dir();
    let pid = std::process::id();
    let png = dir.join(format!("masu-render-{pid}-board.png"));
    let svg = dir.join(format!("masu-render-{pid}-board.svg"));
    let run = common::masu(&["render", "startpos", "-o", png.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(0));
    let err = String::from_utf8(run.stderr).unwrap();
    assert_eq!(
        err,
        format!(
            "masu: warning: writing SVG to {}, whose extension names PNG\n",
            png.display()
        )
    );
    let written = std::fs::read_to_string(&png).unwrap();
    assert_eq!(count_class(&written, &["piece"]), 40);
    let run = common::masu(&["render", "startpos", "-o", svg.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(0));
    assert!(run.stderr.is_empty(), "{run:?}");
    let run = common::masu(&["reversi", "render", "f5", "-o", png.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(0));
    assert!(
        String::from_utf8(run.stderr)
            .unwrap()
            .contains("writing SVG to"),
    );
    std::fs::remove_file(png).unwrap();
    std::fs::remove_file(svg).unwrap();
}
