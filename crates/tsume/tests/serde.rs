//! Answers written as JSON and read back (the `serde` feature).

#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

use masu_tsume::{Config, Expected, Limits, Solution, Solver, StopReason, Verdict, parse_position};

fn solve(sfen: &str) -> Solution {
    let position = parse_position(sfen).unwrap();
    let mut solver = Solver::new(Config {
        limits: Limits {
            nodes: Some(1_000_000),
            time: None,
        },
        table_bytes: 16 << 20,
        ..Config::default()
    });
    let verdict = solver.solve(&position).unwrap();
    Solution::new(position, verdict)
}

fn round_trip(solution: &Solution) -> Solution {
    let json = serde_json::to_string(solution).unwrap();
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

#[test]
fn mates_with_a_differing_convention_answer_round_trip() {
    // Minimax 5, by convention 1: a convention answer of its own.
    let solution = solve("8k/3B2G2/8P/9/9/9/9/9/9 b - 1");
    let mate = solution.verdict.mate().unwrap();
    assert!(mate.convention.differing().is_some(), "{mate:?}");
    assert_eq!(round_trip(&solution), solution);
}

#[test]
fn mates_with_alternatives_round_trip() {
    // The bundled mate in 15 has 余詰 on its main line.
    let solution = solve("7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1");
    assert_eq!(round_trip(&solution), solution);
}

#[test]
fn verdicts_without_a_mate_round_trip() {
    let position = parse_position("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
    for verdict in [
        Verdict::NoMate,
        Verdict::NoMateWithin { plies: 7 },
        Verdict::Unknown {
            reason: StopReason::TimeLimit,
        },
    ] {
        // The serde form names the verdict as `Verdict::kind` does (the CLI's JSON uses it).
        let json = serde_json::to_value(&verdict).unwrap();
        assert_eq!(json["kind"], verdict.kind());
        let solution = Solution::new(position.clone(), verdict);
        assert_eq!(round_trip(&solution), solution);
    }
}

#[test]
fn the_json_form_is_plain() {
    let solution = solve("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    let json = serde_json::to_value(&solution).unwrap();
    assert_eq!(json["verdict"]["kind"], "mate");
    assert_eq!(solution.verdict.kind(), "mate");
    assert_eq!(json["verdict"]["length"], 1);
    assert_eq!(json["verdict"]["line"], serde_json::json!(["G*5b"]));
    assert_eq!(json["verdict"]["convention"]["kind"], "same");
    let unknown = serde_json::to_value(Verdict::Unknown {
        reason: StopReason::NodeLimit,
    })
    .unwrap();
    assert_eq!(
        unknown,
        serde_json::json!({"kind": "unknown", "reason": "node_limit"})
    );
    assert_eq!(
        serde_json::to_value(Expected::Mate(3)).unwrap(),
        serde_json::json!({"mate": 3})
    );
}

#[test]
fn stop_reasons_are_their_kinds() {
    for reason in StopReason::ALL {
        let json = serde_json::to_value(reason).unwrap();
        assert_eq!(json, reason.kind());
        assert_eq!(serde_json::from_value::<StopReason>(json).unwrap(), reason);
    }
    assert!(serde_json::from_value::<StopReason>("node limit".into()).is_err());
}

#[test]
fn an_illegal_move_is_refused_when_read() {
    let json = r#"{"position": "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
        "verdict": {"kind": "mate", "length": 1, "exact": true, "line": ["G*5a"],
        "leftover": "-", "convention": {"kind": "same"}, "alternatives": [], "undecided": []}}"#;
    let err = serde_json::from_str::<Solution>(json).unwrap_err();
    assert!(err.to_string().contains("move 1 of the line"), "{err}");
}

/// A mate read back is a mate: lengths that do not fit the line, a line that does not end
/// in checkmate, or an alternative that is no other check are refused, not taken on trust.
#[test]
fn a_mate_that_is_no_mate_is_refused_when_read() {
    let mate = |length: u32, line: &str, alternatives: &str| {
        format!(
            r#"{{"position": "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
            "verdict": {{"kind": "mate", "length": {length}, "exact": true, "line": [{line}],
            "leftover": "-", "convention": {{"kind": "same"}}, "alternatives": [{alternatives}],
            "undecided": []}}}}"#
        )
    };
    assert!(serde_json::from_str::<Solution>(&mate(1, r#""G*5b""#, "")).is_ok());
    for (json, why) in [
        (mate(99, "", ""), "odd number"),
        (
            mate(3, r#""G*5b""#, ""),
            "a line of 1 moves for a mate of length 3",
        ),
        (mate(1, r#""G*4b""#, ""), "does not end in checkmate"),
        (mate(1, r#""G*1i""#, ""), "gives no check"),
        (
            mate(
                1,
                r#""G*5b""#,
                r#"{"ply": 0, "move": "G*5b", "last": true}"#,
            ),
            "not another check",
        ),
        (
            mate(
                1,
                r#""G*5b""#,
                r#"{"ply": 0, "move": "G*9a", "last": true}"#,
            ),
            "not another check",
        ),
    ] {
        let err = serde_json::from_str::<Solution>(&json).unwrap_err();
        assert!(err.to_string().contains(why), "{why}: {err}");
    }
}

#[test]
fn a_position_of_a_few_pieces_reads_back_as_written() {
    // Both kings and a gold in hand, the rest of the set nowhere: a position as a game
    // reads it, which reading as a tsume position would fill with the defender's hand.
    let sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    let position = masu_tsume::shogi::Position::from_sfen(sfen).unwrap();
    let solution = Solution::new(position, Verdict::NoMate);
    let back = round_trip(&solution);
    assert_eq!(back.position.to_sfen(), sfen);
    assert_eq!(back, solution);
    // Without the attacker's king it is a tsume position, as before.
    let tsume = parse_position("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
    let solution = Solution::new(tsume, Verdict::NoMate);
    assert_eq!(round_trip(&solution), solution);
}
