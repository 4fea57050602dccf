//! `Solver::solve_within`: mates of at most N plies, against problems of known length.

#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

mod common;

use common::{load, solver, verify_line};
use masu_tsume::{Expected, Problem, Verdict, parse_position};

/// Every generated problem: a limit of its length gives its mate, exact, with a checked
/// line; a limit two plies shorter gives "no mate within" (each has no shorter mate).
fn check_limits(problems: &[Problem], nodes: u64) {
    for p in problems {
        let Expected::Mate(n) = p.expected else {
            continue;
        };
        let mut s = solver(nodes);
        let Verdict::Mate(m) = s.solve_within(&p.position, n).unwrap() else {
            panic!("{}: no mate within {n}", p.position)
        };
        assert!(m.exact, "{}", p.position);
        assert_eq!(m.length, n, "{}", p.position);
        verify_line(&p.position, &m.line).unwrap_or_else(|e| panic!("{}: {e}", p.position));
        if n >= 3 {
            assert_eq!(
                s.solve_within(&p.position, n - 2).unwrap(),
                Verdict::NoMateWithin { plies: n - 2 },
                "{}",
                p.position
            );
        }
    }
}

#[test]
fn generated_problems_at_their_length_and_two_plies_short() {
    for file in [
        "shogiboardq_3ply_30.txt",
        "shogiboardq_7ply_30.txt",
        "shogiboardq_13ply_30.txt",
    ] {
        check_limits(&load(file), 500_000);
    }
}

/// A looser limit still finds the shortest mate: the length is proven as without one.
#[test]
fn a_loose_limit_finds_the_shortest_mate() {
    let problems = load("shogiboardq_7ply_30.txt");
    for p in &problems[..10] {
        let Verdict::Mate(m) = solver(500_000).solve_within(&p.position, 21).unwrap() else {
            panic!("{}: no mate within 21", p.position)
        };
        assert_eq!((m.length, m.exact), (7, true), "{}", p.position);
    }
}

/// Without any check there is no mate at any length; with checks that only repeat, none
/// within the limit (the verdict never claims more than was searched).
#[test]
fn no_mate_cases() {
    let start =
        parse_position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap();
    assert_eq!(
        solver(10_000).solve_within(&start, 9).unwrap(),
        Verdict::NoMate
    );
    let perpetual = parse_position("6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1").unwrap();
    let v = solver(100_000).solve_within(&perpetual, 15).unwrap();
    assert!(
        matches!(v, Verdict::NoMate | Verdict::NoMateWithin { plies: 15 }),
        "{v:?}"
    );
}

/// A limit of zero plies, or one far beyond any horizon, is still answered.
#[test]
fn extreme_limits() {
    let pos = parse_position("9/8k/9/8P/9/9/9/9/9 b 2G 1").unwrap();
    assert_eq!(
        solver(10_000).solve_within(&pos, 0).unwrap(),
        Verdict::NoMateWithin { plies: 0 }
    );
    let Verdict::Mate(m) = solver(10_000).solve_within(&pos, u32::MAX).unwrap() else {
        panic!("a mate in three")
    };
    assert_eq!((m.length, m.exact), (3, true));
}
