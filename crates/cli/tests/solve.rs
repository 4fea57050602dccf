//! `masu solve`, run as a user would.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "helpers outside #[test] functions unwrap too: a failure there is a test failure"
)]

mod common;

use std::time::{Duration, Instant};

use common::{last_line, masu_err, masu_ok, masu_with_input};

#[test]
fn bundled_problems_are_all_answered_as_expected() {
    let out = masu_ok(&["solve"]);
    let summary = last_line(&out);
    let words: Vec<&str> = summary.split(' ').collect();
    assert_eq!(
        words[1..],
        ["of", words[2], "problems", "answered", "as", "expected"],
        "{out}"
    );
    let total: usize = words[2].parse().unwrap();
    assert_eq!(words[0], words[2], "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with('#')).count(),
        total,
        "{out}"
    );
    assert!(!out.contains("NOT AS EXPECTED"), "{out}");
}

#[test]
fn json_lines_carry_the_documented_fields() {
    let sfen = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    let out = masu_ok(&["solve", sfen, "--json"]);
    assert_eq!(out.lines().count(), 1);
    for field in [
        "\"sfen\":",
        "\"verdict\":\"mate\"",
        "\"length\":1",
        "\"line\":[\"G*5b\"]",
        // No gold on the board reaches 5b: the drop is written without 打, as KI2 does.
        "\"line_ki2\":[\"▲５二金\"]",
        "\"convention\":\"same\"",
        "\"nodes\":",
        "\"millis\":",
    ] {
        assert!(out.contains(field), "{field} missing in {out}");
    }
}

/// The Japanese line tells apart two golds that reach the same square, as KI2 does.
#[test]
fn the_japanese_line_names_which_gold_moves() {
    let sfen = "4k4/9/3G1G3/9/9/9/9/9/9 b 2r2b2g4s4n4l18p 1";
    let out = masu_ok(&["solve", sfen]);
    assert!(
        out.contains("ki2  ▲５二金右") || out.contains("ki2  ▲５二金左"),
        "{out}"
    );
}

/// `--within`: a mate in three is "no mate within 1", and found exact within 5.
#[test]
fn a_length_limit_is_applied() {
    let sfen = "9/8k/9/8P/9/9/9/9/9 b 2G 1";
    let out = masu_ok(&["solve", sfen, "--within", "1", "--json"]);
    assert!(out.contains("\"verdict\":\"no_mate_within\""), "{out}");
    assert!(out.contains("\"within\":1"), "{out}");
    let out = masu_ok(&["solve", sfen, "--within", "1"]);
    assert!(out.contains("no mate within 1 ply"), "{out}");
    let out = masu_ok(&["solve", sfen, "--within", "5", "--json"]);
    assert!(out.contains("\"verdict\":\"mate\""), "{out}");
    assert!(out.contains("\"length\":3"), "{out}");
    assert!(out.contains("\"exact\":true"), "{out}");
}

/// A file's known lengths are checked against `--within`: "no mate within 1" is the
/// expected answer for a mate in three and for a problem without a mate, and a limit of
/// 3 finds the mate in three.
#[test]
fn known_lengths_agree_with_a_length_limit() {
    let mate3 = "9/8k/9/8P/9/9/9/9/9 b 2G 1";
    // Checks that only repeat: no mate, and within one ply no mate either.
    let perpetual = "6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1";
    let (dir, file) = problem_file(
        "within",
        &format!("{mate3}\t3\t\tmate in three\n{perpetual}\t-1\t\tno mate\n"),
    );
    let path = file.to_str().unwrap();
    let out = masu_ok(&["solve", path, "--within", "1"]);
    assert!(out.contains("no mate within 1 ply, as expected"), "{out}");
    assert!(
        out.contains("2 of 2 problems answered as expected"),
        "{out}"
    );
    let out = masu_ok(&["solve", path, "--within", "3"]);
    assert!(
        out.contains("2 of 2 problems answered as expected"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An answer that is not the expected one fails the command with status 1; status 2 is for
/// arguments that do not parse.
#[test]
fn an_unexpected_answer_exits_1() {
    let (dir, file) = problem_file("unexpected", "9/8k/9/8P/9/9/9/9/9 b 2G 1\t5\n");
    let out = common::masu(&["solve", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("0 of 1 problem answered as expected"),
        "{stdout}"
    );
    assert_eq!(
        common::masu(&["solve", "--level", "fast"]).status.code(),
        Some(2)
    );
    // A negative number is a bad value, not an unknown flag.
    let err = masu_err(&["solve", "--time", "-1"]);
    assert!(err.contains("invalid value '-1' for '--time"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// King 1a boxed in by a gold and a pawn, the bishop checking through 2b: minimax 3 plies
/// (the pawn interposition counted), by convention 1. Promoting or not mates alike: 余詰 on
/// the last move, marked so in both outputs.
#[test]
fn alternatives_of_both_answers_are_reported() {
    let sfen = "4B3k/6G2/8P/9/9/9/9/9/9 b 2rb3g4s4n4l17p 1";
    let out = masu_ok(&["solve", sfen, "--json"]);
    for field in [
        "\"length\":3",
        "\"alternatives\":[{",
        "\"convention\":\"differs\"",
        "\"convention_length\":1",
        "\"convention_line\":[\"5a3c\"]",
        "\"convention_alternatives\":[{\"last\":true,\"move\":\"5a3c+\",\"ply\":0}]",
        "\"undecided\":[]",
        "\"convention_undecided\":[]",
        "\"convention_alternatives_complete\":true",
    ] {
        assert!(out.contains(field), "{field} missing in {out}");
    }
    let out = masu_ok(&["solve", sfen]);
    assert!(out.contains("  by convention: mate in 1: 5a3c\n"), "{out}");
    assert!(
        out.contains("  余詰 by convention: last move 5a3c+\n"),
        "{out}"
    );
}

#[test]
fn problem_files_keep_input_order() {
    let mate1 = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    let startpos = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let (dir, file) = problem_file(
        "order",
        &format!("# two problems\n{startpos}\t-1\t\tno mate\n{mate1}\t1\tG*5b\tmate in one\n"),
    );
    let out = masu_ok(&["solve", file.to_str().unwrap(), "--json"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].contains("\"verdict\":\"no_mate\""), "{out}");
    assert!(lines[1].contains("\"verdict\":\"mate\""), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unreadable_input_is_a_one_line_error() {
    let err = masu_err(&["solve", "/no/such/file.sfen"]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/no/such/file.sfen"), "{err}");
}

#[test]
fn a_kif_record_is_solved_from_its_start_position() {
    let kif = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../kif/tests/data/corpus/kif/tsumemi__1.kif"
    );
    let out = masu_ok(&["solve", kif, "--json"]);
    assert!(out.contains("\"verdict\":\"mate\""), "{out}");
    assert!(out.contains("\"length\":3"), "{out}");
    assert!(out.contains("\"name\":\"tsumemi__1.kif\""), "{out}");
}

#[test]
fn a_mistyped_problem_line_is_an_error_not_a_record_of_the_even_game() {
    // Read leniently as a record, any text is one of the even game: the file's problems
    // would be lost and the start position solved instead.
    let (dir, file) = problem_file("words", "hello\n");
    let err = masu_err(&["solve", file.to_str().unwrap()]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("neither problem lines (line "), "{err}");
    assert!(err.contains("standard 平手 position"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Problem lines are read as they are solved: a line that does not read ends the batch at
/// its place, the results before it written and nothing after it solved.
#[test]
fn a_mistyped_problem_line_ends_the_batch_at_its_place() {
    let mate1 = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    let (dir, file) = problem_file("typo", &format!("{mate1}\t1\nxx\n{mate1}\t1\n"));
    let out = common::masu(&["solve", file.to_str().unwrap(), "--jobs", "2"]);
    assert!(!out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let heads: Vec<&str> = stdout.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(heads.len(), 1, "{stdout}");
    assert!(
        heads[0].starts_with("#1: mate in 1, as expected"),
        "{stdout}"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("problems.sfen: line 2, column 1: bad position"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn positions_without_an_expected_answer_are_summed_up_by_verdict() {
    let mate1 = "4k4/9/4P4/9/9/9/9/9/9 b G 1";
    let startpos = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let out = masu_ok(&["solve", mate1, startpos, mate1]);
    assert_eq!(
        last_line(&out),
        "3 problems: 2 mates, 1 without a mate, 0 undecided",
        "{out}"
    );
    let kotobuki =
        "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1";
    let out = masu_ok(&["solve", kotobuki, "--nodes", "1000"]);
    assert_eq!(
        last_line(&out),
        "1 problem: 0 mates, 0 without a mate, 1 undecided"
    );
}

#[test]
fn problems_piped_in_are_read_as_a_file_is() {
    let mate1 = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    let out = masu_with_input(&["solve", "-", "--json"], &format!("{mate1}\t1\n"));
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("\"verdict\":\"mate\""), "{stdout}");
    let out = masu_with_input(&["solve", "-"], "hello\n");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("masu: standard input: neither problem lines"),
        "{err}"
    );
    let err = masu_err(&["solve", env!("CARGO_MANIFEST_DIR")]);
    assert!(
        err.ends_with("is a directory: give the problem files in it\n"),
        "{err}"
    );
}

/// Writes `text` to a problem file in a fresh temporary directory; returns both (the
/// caller removes the directory).
fn problem_file(name: &str, text: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("masu-solve-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("problems.sfen");
    std::fs::write(&file, text).unwrap();
    (dir, file)
}

#[test]
fn a_table_that_cannot_be_had_is_a_one_line_error() {
    let sfen = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    // 1 PiB: more than any machine has.
    let err = masu_err(&["solve", sfen, "--hash", "1073741824"]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("masu: --hash "), "{err}");
    assert!(err.contains("table of"), "{err}");
    // usize::MAX MiB: its bytes overflow, so the size is said in MiB, as asked.
    let too_many = usize::MAX.to_string();
    let err = masu_err(&["solve", sfen, "--hash", &too_many]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!("{too_many} MiB does not fit in the address space")),
        "{err}"
    );
    let err = masu_err(&["solve", sfen, "--hash", "0"]);
    assert!(err.contains("at least 1 MiB"), "{err}");
}

#[test]
fn the_answer_level_is_chosen() {
    // The first proof is not proven shortest; the exact level proves it; the full answer
    // adds the convention answer and 余詰.
    let sfen = "9/8k/9/8P/9/9/9/9/9 b 2G 1";
    let proof = masu_ok(&["solve", sfen, "--level", "proof", "--json"]);
    assert!(proof.contains("\"exact\":false"), "{proof}");
    assert!(proof.contains("\"convention\":\"unknown\""), "{proof}");
    let exact = masu_ok(&["solve", sfen, "--level", "exact", "--json"]);
    assert!(exact.contains("\"exact\":true"), "{exact}");
    assert!(exact.contains("\"convention\":\"unknown\""), "{exact}");
    assert!(exact.contains("\"alternatives\":[]"), "{exact}");
    // The text says "not worked out" only where the convention answer was asked for: at
    // the full level, when a limit stopped it (this 13-ply mate's needs 1,178 nodes).
    for level in ["proof", "short", "exact"] {
        let text = masu_ok(&["solve", sfen, "--level", level]);
        assert!(!text.contains("by convention"), "{level}: {text}");
    }
    let cut = "+P8/9/2S6/1+P7/kN7/9/SL7/9/9 b 2r2b4g2s3n3l16p 1";
    let text = masu_ok(&["solve", cut, "--nodes", "100"]);
    assert!(text.contains("mate in 13 ["), "{text}");
    assert!(text.contains("by convention: not worked out"), "{text}");
    for full in [
        masu_ok(&["solve", sfen, "--level", "full", "--json"]),
        masu_ok(&["solve", sfen, "--json"]),
    ] {
        assert!(full.contains("\"exact\":true"), "{full}");
        assert!(full.contains("\"convention\":\"same\""), "{full}");
        assert!(full.contains("\"move\":\"G*2b\""), "{full}");
    }
    // A batch checked at the proof level agrees with the known lengths.
    let (dir, file) = problem_file(
        "levels.tsv",
        "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1\t15\t\tshortest 15\n",
    );
    let out = masu_ok(&["solve", file.to_str().unwrap(), "--level", "proof"]);
    assert!(out.contains("(upper bound), as expected"), "{out}");
    std::fs::remove_dir_all(dir).unwrap();
    let err = masu_err(&["solve", sfen, "--level", "fast"]);
    assert!(
        err.contains("expected proof, short, exact or full"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn threads_search_one_problem() {
    // The 15-ply problem on two threads: the same proven length as on one.
    let sfen = "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1";
    for threads in ["1", "2"] {
        let out = masu_ok(&["solve", sfen, "--threads", threads, "--json"]);
        assert!(out.contains("\"length\":15"), "{threads}: {out}");
        assert!(out.contains("\"exact\":true"), "{threads}: {out}");
    }
    let err = masu_err(&["solve", sfen, "--threads", "0"]);
    assert!(err.contains("--threads"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // Jobs as threads: 1 to 1024 (5,000 took half a minute for one short problem).
    for jobs in ["0", "5000"] {
        let err = masu_err(&["solve", sfen, "--jobs", jobs]);
        assert!(err.contains("--jobs"), "{jobs}: {err}");
    }
    let out = masu_ok(&["solve", sfen, "--jobs", "1024", "--json"]);
    assert!(out.contains("\"length\":15"), "{out}");
    assert!(out.contains("\"stopped\":null"), "{out}");
    // Why a search stopped, spelled as the serde form and Python spell it.
    let out = masu_ok(&["solve", sfen, "--nodes", "1", "--json"]);
    assert!(out.contains("\"verdict\":\"unknown\""), "{out}");
    assert!(out.contains("\"stopped\":\"node_limit\""), "{out}");
}

#[test]
fn a_position_after_some_moves_is_solved() {
    let sfen = "9/8k/9/8P/9/9/9/9/9 b 2G 1";
    let out = masu_ok(&["solve", sfen, "--after", "G*1c 1b1a", "--json"]);
    assert!(out.contains("\"length\":1"), "{out}");
    assert!(out.contains("\"line\":[\"G*1b\"]"), "{out}");
    assert!(out.contains("\"proof_nodes\":"), "{out}");
    for (after, message) in [
        ("G*1c zz", "move 2 `zz`: invalid usi move"),
        ("G*1c 2b1a", "move 2 `2b1a`: illegal usi move"),
    ] {
        let err = masu_err(&["solve", sfen, "--after", after]);
        assert!(err.contains(message), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn a_time_that_is_not_a_duration_is_a_one_line_error() {
    let sfen = "9/8k/9/8P/9/9/9/9/9 b 2G 1";
    let board = "XO-O--XO-XOOOOOO-OXOOOXO-XOXOXOO-XXOXOOO--XXOXOO--OOXXOO-OOOXX-- X";
    for time in ["--time=-1", "--time=nan", "--time=inf", "--time=1e30"] {
        let err = masu_err(&["solve", sfen, time]);
        assert!(
            err.contains("a number of seconds from 0 to 1.8e19"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        // The same for reversi (it panicked).
        let err = masu_err(&["reversi", "solve", board, time]);
        assert!(
            err.contains("a number of seconds from 0 to 1.8e19"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Output to a reader that went away (`masu solve | head -1`) ends the command quietly:
/// it printed "masu: Broken pipe (os error 32)".
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_masu"))
        .args(["solve", "--level", "exact"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The bundled problems take a while to solve: the pipe is closed before the first
    // line is written.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.is_empty(), "{err}");
    assert!(out.status.success());
}

/// A problem file is read in the encodings records are (a Shift_JIS file of named
/// problems), and bytes no encoding reads are named by line and column.
#[test]
fn problem_files_in_shift_jis_and_undecodable_bytes() {
    let line = "9/8k/9/8P/9/9/9/9/9 b 2G 1\t3\t\t".as_bytes();
    // 三手詰 in Shift_JIS.
    let sjis = [line, b"\x8e\x4f\x8e\xe8\x8b\x6c\n"].concat();
    let dir = std::env::temp_dir().join(format!("masu-sjis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sjis.tsv");
    std::fs::write(&file, &sjis).unwrap();
    let out = masu_ok(&["solve", file.to_str().unwrap(), "--json"]);
    assert!(out.contains("\"name\":\"三手詰\""), "{out}");
    assert!(out.contains("\"length\":3"), "{out}");
    let bad = [line, b"\xe4\xb8\x89\n", line, b"\xff\xff\xff\n"].concat();
    std::fs::write(&file, &bad).unwrap();
    let err = masu_err(&["solve", file.to_str().unwrap()]);
    assert!(err.contains("line 2, column 31"), "{err}");
    // UTF-16 is said as such.
    std::fs::write(&file, b"\xff\xfe9\x00/\x00").unwrap();
    let err = masu_err(&["solve", file.to_str().unwrap()]);
    assert!(err.contains("UTF-16"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A mate in 1 is exact at the proof level too: it read `mate in 1 (upper bound)`.
#[test]
fn a_mate_in_one_is_exact_at_the_proof_level() {
    let sfen = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    let out = masu_ok(&["solve", sfen, "--level", "proof", "--json"]);
    assert!(out.contains("\"exact\":true"), "{out}");
    let out = masu_ok(&["solve", sfen, "--level", "proof"]);
    assert!(out.starts_with("#1: mate in 1 ["), "{out}");
}

/// A node limit that stops the 余詰 search after the mate is proven names itself, in the
/// JSON's `stopped` (it was null for a mate) and in the text; without the limit, nothing.
#[test]
fn a_limit_that_cut_a_mates_answer_says_so() {
    let sfen = "9/6+p2/4k4/5R3/9/9/9/9/9 b R2B2G3SNL2gs3n3l17p 1";
    let json = masu_ok(&["solve", sfen, "--nodes", "10000", "--json"]);
    for field in [
        "\"verdict\":\"mate\"",
        "\"alternatives_complete\":false",
        "\"stopped\":\"node_limit\"",
    ] {
        assert!(json.contains(field), "{field} missing in {json}");
    }
    let text = masu_ok(&["solve", sfen, "--nodes", "10000"]);
    assert!(
        text.contains("  stopped: node limit (the answer is what was proven by then)"),
        "{text}"
    );
    let whole = masu_ok(&["solve", sfen, "--json"]);
    assert!(whole.contains("\"stopped\":null"), "{whole}");
}

/// `--jobs` and `--threads` take masu-tsume's `MAX_THREADS`, the one limit the library and
/// Python hold to too (the command had a 1,024 of its own), and the help says it.
#[test]
fn jobs_and_threads_stop_at_the_librarys_limit() {
    let sfen = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    let max = tsume::MAX_THREADS.to_string();
    let above = (tsume::MAX_THREADS + 1).to_string();
    for flag in ["--jobs", "--threads"] {
        masu_ok(&["solve", sfen, flag, &max]);
        let err = masu_err(&["solve", sfen, flag, &above]);
        assert!(err.contains(&format!("1..={max}")), "{err}");
    }
    let help = masu_ok(&["solve", "--help"]);
    assert!(help.contains(&format!("1 to {max}")), "{help}");
}

/// A mate in 1, and a position searched for a long time without an answer (no mate found
/// within seconds): a batch whose later problem is slow.
const QUICK: &str = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
const SLOW: &str = "9/9/9/9/4k4/9/9/9/9 b 2R2B 1";

/// Runs `masu` with `args` and returns the first `lines` lines of its standard output as
/// soon as they are written, and whether they came before `within` while it was still
/// running (it is killed after).
fn first_lines_while_running(args: &[&str], lines: usize, within: Duration) -> (String, bool) {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_masu"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("masu runs: {e}"));
    let stdout = child
        .stdout
        .take()
        .unwrap_or_else(|| panic!("a piped stdout"));
    let mut text = String::new();
    let mut reader = std::io::BufReader::new(stdout);
    for _ in 0..lines {
        reader
            .read_line(&mut text)
            .unwrap_or_else(|e| panic!("masu's output: {e}"));
    }
    let running = start.elapsed() < within
        && child
            .try_wait()
            .unwrap_or_else(|e| panic!("masu's status: {e}"))
            .is_none();
    let _ = child.kill();
    let _ = child.wait();
    (text, running)
}

/// Each result is written as soon as it and every earlier one are solved, in text and in
/// JSON: the first problem's answer is there while the second is still searched (the
/// whole batch was written at its end, and Ctrl-C lost it all).
#[test]
fn results_are_written_as_they_are_solved() {
    // Well before the second problem's time limit.
    let within = Duration::from_secs(10);
    let args = ["solve", QUICK, SLOW, "--time", "20", "--hash", "8"];
    let (text, running) = first_lines_while_running(&args, 4, within);
    assert!(running, "{text}");
    assert!(text.starts_with("#1: mate in 1 ["), "{text}");
    assert!(text.ends_with("  ki2  ▲５二金\n"), "{text}");
    let json_args = [&args[..], &["--json"]].concat();
    let (json, running) = first_lines_while_running(&json_args, 1, within);
    assert!(running, "{json}");
    assert!(json.contains("\"verdict\":\"mate\""), "{json}");
}

/// With several jobs, a result done ahead of an earlier one waits for it: the input order
/// holds, and the summary comes last.
#[test]
fn results_keep_the_input_order_across_jobs() {
    let out = masu_ok(&[
        "solve", SLOW, QUICK, "--time", "1", "--hash", "8", "--jobs", "2",
    ]);
    let heads: Vec<&str> = out.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(heads.len(), 2, "{out}");
    assert!(heads[0].starts_with("#1: unknown (time limit)"), "{out}");
    assert!(heads[1].starts_with("#2: mate in 1"), "{out}");
    assert_eq!(
        last_line(&out),
        "2 problems: 1 mate, 0 without a mate, 1 undecided"
    );
}

/// Problem lines piped in are solved as they come: the first line's result is written
/// while standard input is still open (all of it was read before the first solve, so a
/// generator's problems got no answer until it ended).
#[test]
fn problems_piped_in_are_solved_before_the_input_ends() {
    use std::io::{BufRead, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_masu"))
        .args(["solve", "-", "--jobs", "2", "--hash", "8"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{QUICK}").unwrap();
    stdin.flush().unwrap();
    let stdout = child.stdout.take().unwrap();
    // Read on a thread of its own: a missing line fails the test after a while instead of
    // holding it for ever.
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let read = std::io::BufReader::new(stdout).read_line(&mut line);
        let _ = sender.send(read.map(|_| line));
    });
    let first = receiver.recv_timeout(Duration::from_secs(30));
    // Standard input is closed only now.
    drop(stdin);
    let status = child.wait().unwrap();
    let first = first.unwrap_or_else(|e| panic!("no result while the input was open: {e}"));
    assert!(first.unwrap().starts_with("#1: mate in 1 ["));
    assert!(status.success());
}
