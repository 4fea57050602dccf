//! The full answer (余詰 and the convention's answer on top of the shortest line) keeps the
//! length the exact level proves, on the generated short problems of `tools/tsume-gen`
//! (1 to 11 plies, big attacker hands, lengths confirmed by an exhaustive search).

#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

mod common;

use common::{generated, verify_line};
use masu_tsume::{
    AnswerLevel, Config, Convention, Expected, Limits, Mate, Problem, Solver, StopReason, Verdict,
};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// The mate a solve at `answer` level finds, within a budget that every level of these
/// problems stays far inside except the slowest full answers.
fn mate(p: &Problem, answer: AnswerLevel) -> Mate {
    mate_within(p, answer, 2_000_000)
}

/// The mate a solve at `answer` level finds within `nodes` in all.
fn mate_within(p: &Problem, answer: AnswerLevel, nodes: u64) -> Mate {
    let verdict = solve_within(p, answer, nodes);
    verdict
        .mate()
        .unwrap_or_else(|| panic!("{}: {verdict:?} at {answer}", p.name))
        .clone()
}

/// The verdict of a solve at `answer` level within `nodes` in all.
fn solve_within(p: &Problem, answer: AnswerLevel, nodes: u64) -> Verdict {
    let config = Config {
        limits: Limits {
            nodes: Some(nodes),
            time: None,
        },
        table_bytes: 16 << 20,
        answer,
        ..Config::default()
    };
    Solver::new(config).solve(&p.position).unwrap()
}

#[test]
fn the_generated_file_reads_whole() {
    let problems = generated();
    assert_eq!(problems.len(), 427);
    assert!(
        problems
            .iter()
            .all(|p| matches!(p.expected, Expected::Mate(1..=11)))
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, rng_seed: RngSeed::Fixed(427), ..ProptestConfig::default() })]

    /// The full answer's length is the exact level's, which is the confirmed length; the
    /// full answer's line and its convention line (when it differs) are mates.
    #[test]
    fn full_answer_keeps_the_exact_length(index in 0usize..427) {
        let problems = generated();
        let p = &problems[index];
        let Expected::Mate(known) = p.expected else { unreachable!() };
        let exact = mate(p, AnswerLevel::Exact);
        let full = mate(p, AnswerLevel::Full);
        prop_assert!(exact.exact && full.exact, "{}", p.name);
        prop_assert_eq!(exact.length, known, "{}", p.name);
        prop_assert_eq!(full.length, exact.length, "{}", p.name);
        prop_assert!(verify_line(&p.position, &full.line).is_ok(), "{}", p.name);
        if let Some(answer) = full.convention.differing() {
            prop_assert!(verify_line(&p.position, &answer.line).is_ok(), "{}", p.name);
            prop_assert!(answer.length >= full.length, "{}", p.name);
        }
    }
}

/// The full answer of the generated problem `name`, checked exact with every alternative
/// decided.
fn decided_full_answer(name: &str) -> Mate {
    let problems = generated();
    let p = problems.iter().find(|p| p.name == name).unwrap();
    let full = mate(p, AnswerLevel::Full);
    assert!(full.exact, "{name}");
    assert_eq!(full.undecided, [], "{name}");
    full
}

/// An alternative check that does not mate within the line's plies is asked first of the
/// defence that refuted it two plies shorter: gen2-9-9's full answer, every check decided
/// and the convention answer worked out, takes 123,037 nodes so and 190,404 without.
#[test]
fn alternatives_refuted_as_two_plies_shorter_are_decided() {
    let problems = generated();
    let p = problems.iter().find(|p| p.name == "gen2-9-9").unwrap();
    let full = mate_within(p, AnswerLevel::Full, 150_000);
    assert!(full.exact);
    assert_eq!(full.undecided, []);
    assert!(
        !matches!(full.convention, Convention::Unknown),
        "{:?}",
        full.convention
    );
}

/// Each alternative check gets nodes enough for the hardest of these problems' root
/// checks (9 plies left): with 20,000 gen2-9-11 left six undecided, and gen1-9-8's 6b7c+,
/// undecided then, mates within the line's plies (余詰).
#[test]
fn the_root_checks_of_nine_plies_are_decided() {
    decided_full_answer("gen2-9-11");
    let full = decided_full_answer("gen1-9-8");
    let root: Vec<String> = full
        .alternatives
        .iter()
        .filter(|a| a.ply == 0)
        .map(|a| a.mv.to_usi().to_string())
        .collect();
    assert!(root.contains(&"6b7c+".to_string()), "{root:?}");
}

/// A node limit that stops the 余詰 search keeps the length proven shortest (it fell back
/// to the first proof's line: "mate in 13, upper bound" for this mate in 7), says the
/// search did not finish, and is kept to (the convention answer is not worked out past it).
#[test]
fn a_limit_in_the_yozume_search_keeps_the_proven_length() {
    let position =
        masu_tsume::parse_position("9/6+p2/4k4/5R3/9/9/9/9/9 b R2B2G3SNL2gs3n3l17p 1").unwrap();
    let p = Problem {
        name: "generated, 7 plies".into(),
        position,
        expected: Expected::Mate(7),
        solution: Vec::new(),
    };
    let cut = mate_within(&p, AnswerLevel::Full, 10_000);
    assert!(cut.exact && cut.length == 7, "{cut:?}");
    assert!(!cut.alternatives_complete);
    assert_eq!(cut.convention, Convention::Unknown);
    // The limit says it stopped the answer (it said nothing).
    assert_eq!(cut.stopped, Some(StopReason::NodeLimit));
    verify_line(&p.position, &cut.line).unwrap();
    let whole = mate(&p, AnswerLevel::Full);
    assert!(whole.alternatives_complete && whole.exact && whole.length == 7);
    assert_eq!(whole.stopped, None);
    assert!(!mate(&p, AnswerLevel::Exact).alternatives_complete);
}

/// A node limit that stops the full answer while the line's own move is searched again
/// (its mate proven from below, no proof line saved) keeps the mate: at 600-1,000 nodes
/// these problems' full answers were "unknown" where the exact level proved them.
#[test]
fn a_limit_in_the_lines_own_move_keeps_the_proven_mate() {
    for (sfen, length) in [
        ("6b2/6r2/6G1k/9/9/7+B1/9/9/9 b R4S3N3L4P3gnl14p 1", 5),
        ("3b5/1k7/9/2R6/3S5/9/9/9/9 b R3GN3L2Pbg3s3nl16p 1", 5),
    ] {
        let p = Problem {
            name: sfen.into(),
            position: masu_tsume::parse_position(sfen).unwrap(),
            expected: Expected::Mate(length),
            solution: Vec::new(),
        };
        let mut proven = 0;
        for nodes in (100..=4_000).step_by(100) {
            let Some(exact) = solve_within(&p, AnswerLevel::Exact, nodes).mate().cloned() else {
                continue;
            };
            proven += 1;
            assert!(exact.exact && exact.length == length, "{sfen} {nodes}");
            let full = mate_within(&p, AnswerLevel::Full, nodes);
            assert!(
                full.exact && full.length == length,
                "{sfen} {nodes}: {full:?}"
            );
            verify_line(&p.position, &full.line).unwrap();
            // No alternative is the line's own move.
            for a in &full.alternatives {
                assert_ne!(Some(&a.mv), full.line.get(a.ply), "{sfen} {nodes}");
            }
        }
        assert!(
            proven >= 20,
            "{sfen}: the exact level proved it at {proven} limits"
        );
    }
}

/// A node limit that stops the shortening after the proof leaves a mate not proven
/// shortest, and says which limit: `stopped` was none, as if the level had stopped there.
/// Without a limit, nothing is said.
#[test]
fn a_limit_in_the_shortening_says_it_stopped_the_answer() {
    let mut cut = 0;
    for p in generated()
        .iter()
        .filter(|p| p.expected == Expected::Mate(11))
        .take(6)
    {
        for nodes in (2_000..=20_000).step_by(2_000) {
            let Verdict::Mate(mate) = solve_within(p, AnswerLevel::Exact, nodes) else {
                continue;
            };
            if !mate.exact {
                assert_eq!(
                    mate.stopped,
                    Some(StopReason::NodeLimit),
                    "{} {nodes}",
                    p.name
                );
                cut += 1;
            }
        }
        assert_eq!(mate(p, AnswerLevel::Exact).stopped, None, "{}", p.name);
    }
    assert!(cut > 0, "no limit fell in a shortening");
}
