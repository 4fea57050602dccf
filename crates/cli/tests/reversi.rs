//! `masu reversi ...`, run as a user would.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "helpers outside #[test] functions unwrap too: a failure there is a test failure"
)]

mod common;

use common::{last_line, masu_err, masu_ok};

#[test]
fn perft_in_the_three_conventions() {
    // Published depth-10 counts (crates/reversi/tests/data/startpos.perft, with sources):
    // the conventions differ once passes and finished games appear.
    assert_eq!(last_line(&masu_ok(&["reversi", "perft", "10"])), "24571284");
    let pass0 = masu_ok(&["reversi", "perft", "10", "--mode", "pass0"]);
    assert_eq!(last_line(&pass0), "24571420");
    let exact = masu_ok(&["reversi", "perft", "10", "--mode", "exact"]);
    assert_eq!(last_line(&exact), "24571056");
}

/// Perft from a position: after `f5`, one of four first moves alike by symmetry, depth 2
/// counts a quarter of the start's depth 3 (56); a board string of the start counts as
/// the start; `--divide` gives each first move's count, in square order, before the total.
#[test]
fn perft_from_a_board_or_a_transcript() {
    assert_eq!(masu_ok(&["reversi", "perft", "3"]).trim(), "56");
    assert_eq!(
        masu_ok(&["reversi", "perft", "2", "--board", "f5"]).trim(),
        "14"
    );
    let start = reversi_start();
    assert_eq!(
        masu_ok(&["reversi", "perft", "3", "--board", &start]).trim(),
        "56"
    );
    let divide = masu_ok(&["reversi", "perft", "2", "--board", "f5", "--divide"]);
    let lines: Vec<&str> = divide.lines().collect();
    assert_eq!(lines, ["f4 5", "d6 5", "f6 4", "14"], "{divide}");
    let err = masu_err(&["reversi", "perft", "2", "--board", "z9"]);
    assert!(err.contains("invalid transcript `z9`"), "{err}");
}

/// The start position as a board string (`X` to move).
fn reversi_start() -> String {
    let mut squares = ["-"; 64];
    for (index, disc) in [(27, "O"), (28, "X"), (35, "X"), (36, "O")] {
        squares[index] = disc;
    }
    squares.concat()
}

#[test]
fn solve_ffo_40() {
    let board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";
    let out = masu_ok(&["reversi", "solve", board, "X"]);
    assert!(out.contains("score +38\n"), "{out}");
    assert!(out.contains("best a2\n"), "{out}");
    let json = masu_ok(&["reversi", "solve", board, "X", "--json"]);
    assert!(
        json.contains("\"score\":38") && json.contains("\"best\":\"a2\""),
        "{json}"
    );
    // A board as masu writes it, its side after a blank, pasted as one argument.
    let pasted = masu_ok(&["reversi", "solve", &format!("{board} X")]);
    assert_eq!(pasted, out);
    // The side as `Color` prints it (it read as `b` and stray text).
    assert_eq!(masu_ok(&["reversi", "solve", board, "black"]), out);
    let err = masu_err(&["reversi", "solve", board]);
    assert!(err.contains("the side to move is missing"), "{err}");
    assert!(err.contains(&format!("(`{board} X`)")), "{err}");
    // The side glued on, as the library reads it (it was refused three ways).
    let glued = format!("{board}X");
    assert_eq!(masu_ok(&["reversi", "solve", &glued]), out);
    let svg = std::env::temp_dir().join(format!("masu-glued-{}.svg", std::process::id()));
    let path = svg.to_string_lossy();
    masu_ok(&["reversi", "render", &glued, "-o", &path]);
    assert!(std::fs::read_to_string(&svg).is_ok_and(|s| s.contains("<svg")));
    let _ = std::fs::remove_file(&svg);
}

#[test]
fn a_stopped_solve_prints_its_json_row_and_fails() {
    // The start position cannot be solved in no time: the JSON row says so, exit 1.
    let board = "---------------------------OX------XO--------------------------- X";
    let out = common::masu(&["reversi", "solve", board, "--time", "0", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let row: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON row");
    assert_eq!(row["stopped"], "time_limit");
    assert_eq!(row["score"], serde_json::Value::Null);
    assert_eq!(row["board"], board);
    assert!(String::from_utf8_lossy(&out.stderr).contains("stopped by the time limit"));
    // A finished game needs no search: answered under the same limit.
    let wipe_out = format!("{}{} O", "X".repeat(30), "-".repeat(34));
    let json = masu_ok(&["reversi", "solve", &wipe_out, "--time", "0", "--json"]);
    let row: serde_json::Value = serde_json::from_str(&json).expect("one JSON row");
    assert_eq!(row["score"], -64, "{json}");
    // No move: null, not the string "none" (the text output's word).
    assert_eq!(row["best"], serde_json::Value::Null, "{json}");
    let text = masu_ok(&["reversi", "solve", &wipe_out]);
    assert!(text.contains("best none\n"), "{text}");
}

#[test]
fn bad_board_is_a_one_line_error() {
    let err = masu_err(&["reversi", "solve", "XO", "X"]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("invalid board"), "{err}");
    // One square short: the error says how many there are.
    let err = masu_err(&["reversi", "solve", &FFO_40_FLIPPED[1..], "X"]);
    assert!(err.contains("63 squares, expected 64"), "{err}");
}

/// FFO #40 with its ranks in reverse order (so a1 is empty): black to move still wins by 38,
/// with a7 (a2 flipped).
const FFO_40_FLIPPED: &str = "------------O--X---OOOOXOOOOOOXXOOXOOOXXOOXXOOOX-OOOOOOXO--OOOOX";

#[test]
fn board_strings_may_begin_with_a_hyphen() {
    // Before `allow_hyphen_values` these failed with "unexpected argument".
    for args in [
        vec!["reversi", "solve", FFO_40_FLIPPED, "X"],
        vec!["reversi", "solve", "--json", FFO_40_FLIPPED, "X"],
        vec!["reversi", "solve", FFO_40_FLIPPED, "X", "--hash", "16"],
    ] {
        let out = masu_ok(&args);
        assert!(out.contains("a7"), "{args:?}: {out}");
        assert!(out.contains("+38") || out.contains("\"score\":38"), "{out}");
    }
    // A single leading hyphen (b1 white).
    let single = format!("-O{}", &FFO_40_FLIPPED[2..]);
    let out = masu_ok(&["reversi", "solve", &single, "X"]);
    assert!(out.starts_with("score "), "{out}");

    let svg = masu_ok(&["reversi", "render", FFO_40_FLIPPED, "-o", "-"]);
    assert!(svg.starts_with("<svg"), "{svg}");
    let with_side = format!("{FFO_40_FLIPPED} O");
    let svg = masu_ok(&["reversi", "render", &with_side, "--output", "-"]);
    assert!(svg.starts_with("<svg"), "{svg}");

    let out = masu_ok(&[
        "reversi",
        "play",
        "--board",
        FFO_40_FLIPPED,
        "--black",
        "greedy",
        "--white",
        "greedy",
    ]);
    assert!(out.lines().nth(1) == Some("  a b c d e f g h"), "{out}");
    assert!(out.contains("Black plays "), "{out}");
    let err = masu_err(&["reversi", "play", "--board", &FFO_40_FLIPPED[1..]]);
    assert!(err.contains("63 squares, expected 64"), "{err}");
}

#[test]
fn a_table_larger_than_memory_is_a_one_line_error() {
    // 2^20 MiB, a terabyte: the process aborted on allocation before this was checked.
    let board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";
    let err = masu_err(&["reversi", "solve", board, "X", "--hash", "1048576"]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--hash") && err.contains("bytes"), "{err}");
    // usize::MAX MiB: its bytes overflow, so the size is said in MiB, as asked.
    let too_many = usize::MAX.to_string();
    let err = masu_err(&["reversi", "solve", board, "X", "--hash", &too_many]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!("{too_many} MiB does not fit in the address space")),
        "{err}"
    );
    // No table is a usage error, as USI_Hash and Python's hash_mb start at 1.
    let err = masu_err(&["reversi", "solve", board, "X", "--hash", "0"]);
    assert!(err.contains("at least 1 MiB"), "{err}");
}

#[test]
fn computer_players_finish_a_game_and_report_the_score() {
    for (black, white) in [("random", "greedy"), ("montecarlo", "alphabeta")] {
        let out = masu_ok(&[
            "reversi",
            "play",
            "--black",
            black,
            "--white",
            white,
            "--playouts",
            "20",
            "--depth",
            "2",
        ]);
        let lines: Vec<&str> = out.lines().collect();
        let score = lines[lines.len() - 2];
        assert!(
            score.starts_with("Black ") && score.contains(" - White "),
            "{out}"
        );
        let result = lines[lines.len() - 1];
        assert!(
            result.ends_with("draw") || result.contains(" wins by "),
            "{out}"
        );
    }
}

#[test]
fn zero_playouts_or_depth_is_a_usage_error() {
    // Both were taken as 1 without a word.
    for flag in ["--playouts", "--depth"] {
        let err = masu_err(&["reversi", "play", "--black", "greedy", flag, "0"]);
        assert!(
            err.contains(flag) && err.contains("0 is not in 1.."),
            "{err}"
        );
    }
}

#[test]
fn a_human_is_asked_again_after_an_illegal_move_or_pass() {
    let out = common::masu_with_input(
        &["reversi", "play", "--white", "greedy"],
        "zz\na1\npass\nf5\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("a1 is not a legal move"), "{text}");
    assert!(
        text.contains("a pass is allowed only when no move is legal"),
        "{text}"
    );
    assert!(text.contains("Black plays f5"), "{text}");
    // The input ends mid-game: a one-line error, not a panic.
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
}
