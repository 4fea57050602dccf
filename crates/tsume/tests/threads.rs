//! Two threads answer as one: the same verdicts, proven lengths and "proven shortest"
//! flags on the generated problems and the bundled ones, each line a mate; the memory
//! asked for is shared out, not doubled.

#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

mod common;

use common::{generated, load, verify_line};
use masu_tsume::{
    AnswerLevel, Config, HELPERS_AFTER_NODES, Limits, MAX_THREADS, Problem, Solver, Verdict,
};

fn solver(threads: usize, answer: AnswerLevel) -> Solver {
    Solver::new(Config {
        limits: Limits {
            nodes: Some(2_000_000),
            time: None,
        },
        table_bytes: 32 << 20,
        answer,
        threads,
        // The helpers join at once: these problems take far fewer nodes than the default.
        helpers_after_nodes: 0,
        ..Config::default()
    })
}

/// What must not depend on the threads: the verdict's kind, and of a mate its length,
/// whether it is proven shortest and its convention length.
fn outline(v: &Verdict) -> (String, Option<(u32, bool, Option<u32>)>) {
    let kind = match v {
        Verdict::Mate(_) => "mate".to_owned(),
        other => format!("{other:?}"),
    };
    let mate = v.mate().map(|m| {
        let convention = m.convention.differing().map(|c| c.length);
        (m.length, m.exact, convention)
    });
    (kind, mate)
}

/// Solves every problem on one thread and on two, and compares.
fn same_answers(problems: &[Problem], answer: AnswerLevel) {
    let mut one = solver(1, answer);
    let mut two = solver(2, answer);
    for p in problems {
        let alone = one.solve(&p.position).unwrap();
        let helped = two.solve(&p.position).unwrap();
        let (a, b) = (outline(&alone), outline(&helped));
        match (a.1, b.1) {
            (Some((_, true, _)), Some((_, true, _))) | (None, None) => {
                assert_eq!(a, b, "{} {}", p.name, p.position);
            }
            // A length not proven shortest by one of them (its exact phase ran out of nodes):
            // the same verdict, and a proven shortest length no longer than the other bound.
            (Some((n, exact_n, _)), Some((m, exact_m, _))) => {
                assert_eq!(a.0, b.0, "{} {}", p.name, p.position);
                let shortest = if exact_n {
                    Some(n)
                } else {
                    exact_m.then_some(m)
                };
                assert!(
                    shortest.is_none_or(|s| s <= n.min(m)),
                    "{}: {a:?} {b:?}",
                    p.name
                );
            }
            _ => panic!("{} {}: {a:?} {b:?}", p.name, p.position),
        }
        if let Some(m) = helped.mate() {
            verify_line(&p.position, &m.line).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        }
    }
}

#[test]
fn two_threads_answer_as_one_on_the_generated_problems() {
    same_answers(&generated(), AnswerLevel::Exact);
}

#[test]
fn two_threads_answer_as_one_on_the_bundled_problems() {
    let mut problems = load("shogiboardq_3ply_30.txt");
    problems.extend(load("shogiboardq_7ply_30.txt"));
    problems.extend(load("shogiboardq_13ply_30.txt"));
    problems.extend(load("edge_cases.tsv"));
    same_answers(&problems, AnswerLevel::Full);
}

/// The proof level's line is a mate of at most the proven bound on two threads too.
#[test]
fn a_proof_on_two_threads_writes_a_mating_line() {
    let mut two = solver(2, AnswerLevel::Proof);
    for p in generated().iter().step_by(7) {
        let verdict = two.solve(&p.position).unwrap();
        let m = verdict
            .mate()
            .unwrap_or_else(|| panic!("{}: {verdict:?}", p.name));
        assert!(m.line.len() as u32 <= m.length, "{}", p.name);
        verify_line(&p.position, &m.line).unwrap_or_else(|e| panic!("{}: {e}", p.name));
    }
}

/// Two threads keep to the memory asked for: the main search's table takes seven eighths
/// of it, the helper's the rest.
#[test]
fn two_threads_share_the_memory_asked_for() {
    let p = load("shogiboardq_13ply_30.txt").remove(0);
    let mut one = solver(1, AnswerLevel::Exact);
    let mut two = solver(2, AnswerLevel::Exact);
    one.solve(&p.position).unwrap();
    two.solve(&p.position).unwrap();
    assert_eq!(one.stats().table_bytes, 32 << 20);
    assert_eq!(two.stats().table_bytes, 32 << 20);
    assert_eq!(one.stats().table_capacity, two.stats().table_capacity);
}

/// With the default [`Config::helpers_after_nodes`], a search shorter than that runs as on
/// one thread: the helper gets no line, so it searches nothing and hands nothing over,
/// and the node count is the same from run to run.
#[test]
fn helpers_wait_for_the_main_search() {
    // 63,563 nodes on one thread: the main line is published some sixty times.
    let p = load("famous_long.tsv")
        .into_iter()
        .find(|p| p.name == "二上詰将棋金剛篇(a)")
        .unwrap();
    let nodes = |helpers_after_nodes| {
        let mut two = Solver::new(Config {
            table_bytes: 32 << 20,
            answer: AnswerLevel::Proof,
            threads: 2,
            helpers_after_nodes,
            ..Config::default()
        });
        two.solve(&p.position).unwrap();
        two.stats().nodes
    };
    let alone = nodes(HELPERS_AFTER_NODES);
    assert!(alone < HELPERS_AFTER_NODES, "{alone}");
    assert_eq!(nodes(HELPERS_AFTER_NODES), alone);
    assert_eq!(nodes(u64::MAX), alone);
}

/// A thread count past [`MAX_THREADS`] is taken as that many: every thread has a table,
/// and `usize::MAX` of them were made until memory ran out.
#[test]
fn more_threads_than_the_most_are_the_most() {
    let p = load("shogiboardq_3ply_30.txt").remove(0);
    let (sender, answers) = std::sync::mpsc::channel();
    let mut tables = Vec::new();
    for threads in [MAX_THREADS, usize::MAX] {
        let (sender, position) = (sender.clone(), p.position.clone());
        std::thread::spawn(move || {
            let mut solver = solver(threads, AnswerLevel::Exact);
            let length = solver.solve(&position).map(|v| v.mate().map(|m| m.length));
            let _ = sender.send((length, solver.stats().table_capacity));
        });
        let (length, capacity) = answers
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap_or_else(|e| panic!("{threads} threads: no answer: {e}"));
        assert_eq!(length, Ok(Some(3)), "{threads} threads");
        tables.push(capacity);
    }
    assert_eq!(tables[0], tables[1]);
}

/// A panic in the main search (here the caller's progress callback) comes back from the
/// solve as a panic: the helper threads, told to stop only when the main search returned,
/// searched on, and the solve waited for them for ever.
#[test]
fn a_panic_in_the_main_search_stops_the_helpers() {
    let p = load("famous_long.tsv").remove(0);
    let (sender, answers) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut solver = Solver::new(Config {
            table_bytes: 16 << 20,
            threads: 2,
            helpers_after_nodes: 0,
            progress: Some(std::sync::Arc::new(|_: &masu_tsume::Progress| {
                panic!("a progress callback that panics")
            })),
            progress_interval: std::time::Duration::ZERO,
            ..Config::default()
        });
        let _ = sender.send(solver.solve(&p.position).is_ok());
    });
    // The solving thread panicked: its sender is gone without an answer.
    let done = answers.recv_timeout(std::time::Duration::from_secs(30));
    assert_eq!(done, Err(std::sync::mpsc::RecvTimeoutError::Disconnected));
}
