//! `masu perft` and `masu moves`, run as a user would.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "helpers outside #[test] functions unwrap too: a failure there is a test failure"
)]

mod common;

use common::{last_line, masu_err, masu_ok};

#[test]
fn perft_startpos_prints_the_published_count_last() {
    assert_eq!(last_line(&masu_ok(&["perft", "startpos", "4"])), "719731");
}

#[test]
fn perft_accepts_bare_sfen_and_position_lines() {
    let bare = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    assert_eq!(last_line(&masu_ok(&["perft", bare, "3"])), "25470");
    let sfen = format!("sfen {bare}");
    assert_eq!(last_line(&masu_ok(&["perft", &sfen, "2"])), "900");
    let line = "position startpos moves 7g7f";
    assert_eq!(last_line(&masu_ok(&["perft", line, "1"])), "30");
}

#[test]
fn perft_make_plays_every_move_and_counts_the_same() {
    let out = masu_ok(&["perft", "startpos", "3", "--make", "--divide", "--time"]);
    assert_eq!(last_line(&out), "25470");
    assert_eq!(
        out.lines().count(),
        31,
        "30 root moves and the total: {out}"
    );
}

#[test]
fn perft_divide_lists_root_moves_that_sum_to_the_total() {
    let out = masu_ok(&["perft", "startpos", "3", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 31);
    let sum: u64 = lines[..30]
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 25_470);
    assert!(lines.iter().any(|l| l.starts_with("7g7f ")));
}

#[test]
fn moves_lists_sorted_usi_moves_and_json() {
    let out = masu_ok(&["moves", "startpos"]);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 30);
    assert!(moves.windows(2).all(|w| w[0] < w[1]));
    let json = masu_ok(&["moves", "startpos", "--json"]);
    assert!(json.starts_with("[\"1g1f\",") && json.contains("\"7g7f\""));
}

#[test]
fn malformed_sfen_and_illegal_moves_are_one_line_errors() {
    let err = masu_err(&["perft", "lnsgkgsnl/9 b - 1", "1"]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("invalid position"), "{err}");
    let err = masu_err(&["moves", "position startpos moves 7g7e"]);
    assert!(err.contains("7g7e"), "{err}");
}

/// A depth past 64 is a usage error: `masu perft startpos 4000` overflowed the stack and
/// aborted. A negative depth is a bad depth, not an unknown flag.
#[test]
fn perft_depth_is_bounded_and_a_negative_one_is_a_bad_value() {
    // White is mated: without the bound the count is 0 at once, at any depth.
    let mated = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1";
    assert_eq!(last_line(&masu_ok(&["perft", mated, "64"])), "0");
    for (position, depth) in [(mated, "65"), ("startpos", "4000"), (mated, "4294967295")] {
        let out = common::masu(&["perft", position, depth]);
        assert_eq!(out.status.code(), Some(2), "depth {depth}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("is not in 0..=64"), "{err}");
    }
    let out = common::masu(&["perft", "startpos", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("invalid value '-1' for '<DEPTH>'"), "{err}");
}

#[test]
fn a_mate_problem_without_the_attackers_king_reads_with_tsume() {
    let problem = "4k4/9/9/9/9/9/9/9/9 b G 1";
    // Refused as a game, with the option that reads it named (not the library's Rust API).
    for args in [
        &["moves", problem][..],
        &["perft", problem, "1"],
        &["render", problem, "-o", "-"],
    ] {
        let err = masu_err(args);
        assert!(
            err.contains("a king is missing (a mate problem: add --tsume)"),
            "{err}"
        );
        assert!(!err.contains("SetupMode"), "{err}");
    }
    // A gold dropped on any of the 80 empty squares.
    let moves = masu_ok(&["moves", "--tsume", problem]);
    assert_eq!(moves.lines().count(), 80);
    assert!(moves.lines().all(|m| m.starts_with("G*")));
    assert_eq!(
        last_line(&masu_ok(&["perft", "--tsume", problem, "1"])),
        "80"
    );
    // The defender holds the rest of the set (2R 2B 3G 4S 4N 4L 18P) and drops it.
    let after = format!("position sfen {problem} moves G*1i");
    let replies = masu_ok(&["moves", "--tsume", &after]);
    for drop in ["R*5e", "B*5e", "G*5e", "S*5e", "N*5e", "L*5e", "P*5e"] {
        assert!(replies.lines().any(|m| m == drop), "{drop}: {replies}");
    }
    let svg = masu_ok(&["render", "--tsume", &after, "-o", "-"]);
    assert!(svg.starts_with("<svg"));
    // A fault besides the missing king is reported as it is.
    let err = masu_err(&["moves", "4k4/9/9/9/9/9/9/9/9 b G10 1"]);
    assert!(!err.contains("--tsume"), "{err}");
}
