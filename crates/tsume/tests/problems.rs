//! Every problem with a known length, solved exactly under a node budget, each line
//! checked move by move; the no-mate cases; budgets, cancellation and bad input.

#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use common::{load, solver, solver_with, verify_line};
use masu_tsume::{
    AnswerLevel, Config, Expected, Limits, Problem, SolveError, Solver, StopReason, Verdict,
    parse_position,
};

/// Solves `p` and checks the verdict against its expected answer.
fn check(p: &Problem, nodes: u64) {
    let mut s = solver(nodes);
    let verdict = s.solve(&p.position).unwrap();
    match p.expected {
        Expected::Mate(n) => {
            let Verdict::Mate(m) = &verdict else {
                panic!("{}: {verdict:?}", p.position)
            };
            assert!(
                m.exact,
                "{}: length {} not proven shortest",
                p.position, m.length
            );
            assert_eq!(m.length, n, "{}", p.position);
            assert_eq!(m.line.len() as u32, n);
            verify_line(&p.position, &m.line).unwrap_or_else(|e| panic!("{}: {e}", p.position));
            if let Some(c) = m.convention.differing() {
                verify_line(&p.position, &c.line)
                    .unwrap_or_else(|e| panic!("{} (convention): {e}", p.position));
                assert!(c.length <= m.length);
            }
        }
        Expected::NoMate => assert_eq!(verdict, Verdict::NoMate, "{}", p.position),
        Expected::Unknown => {}
    }
    assert!(s.stats().table_used <= s.stats().table_capacity);
}

#[test]
fn shogiboardq_3ply() {
    for p in load("shogiboardq_3ply_30.txt") {
        check(&p, 100_000);
    }
}

#[test]
fn shogiboardq_7ply() {
    for p in load("shogiboardq_7ply_30.txt") {
        check(&p, 200_000);
    }
}

#[test]
fn shogiboardq_13ply() {
    for p in load("shogiboardq_13ply_30.txt") {
        check(&p, 500_000);
    }
}

/// The short edge cases (the 29- and 39-ply anchors are in the ignored tests below).
#[test]
fn edge_cases() {
    for p in load("edge_cases.tsv").iter().filter(|p| {
        matches!(p.expected, Expected::Mate(n) if n <= 15) || p.expected == Expected::NoMate
    }) {
        check(p, 1_000_000);
    }
}

/// The mates of known length in the 13-ply file and the edge cases, with their lengths.
fn known_mates() -> impl Iterator<Item = (Problem, u32)> {
    ["shogiboardq_13ply_30.txt", "edge_cases.tsv"]
        .into_iter()
        .flat_map(load)
        .filter_map(|p| match p.expected {
            Expected::Mate(n) => Some((p, n)),
            _ => None,
        })
}

/// Proof-level answers (no shortening) with a table so small that its entries are
/// replaced all the time: the stored lengths then disagree most, and the line written
/// from them must still be a mate within the reported bound that never repeats.
#[test]
fn proof_lines_hold_with_a_tiny_table() {
    let mut mates = 0;
    for (p, n) in known_mates() {
        let mut s = Solver::new(Config {
            limits: Limits {
                nodes: Some(2_000_000),
                time: None,
            },
            table_bytes: 64 << 10,
            answer: AnswerLevel::Proof,
            ..Config::default()
        });
        match s.solve(&p.position).unwrap() {
            Verdict::Mate(m) => {
                assert!(m.length >= n, "{}: {} < {n}", p.position, m.length);
                assert!(m.line.len() as u32 <= m.length, "{}", p.position);
                verify_line(&p.position, &m.line).unwrap_or_else(|e| panic!("{}: {e}", p.position));
                mates += 1;
            }
            Verdict::Unknown { .. } => {}
            v => panic!("{}: {v:?}", p.position),
        }
    }
    assert!(mates >= 30, "only {mates} mates written");
}

#[test]
fn start_position_has_no_mate() {
    let pos =
        parse_position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap();
    assert_eq!(solver(10_000).solve(&pos).unwrap(), Verdict::NoMate);
}

/// A rook and a pawn can check forever but never mate: repetition is the attacker's loss.
#[test]
fn perpetual_check_is_no_mate() {
    let pos = parse_position("6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1").unwrap();
    assert_eq!(solver(100_000).solve(&pos).unwrap(), Verdict::NoMate);
}

#[test]
fn missing_defender_king_is_an_error() {
    use masu_tsume::shogi::{Position, Setup, SetupMode};
    let setup = Setup::from_sfen("9/9/9/9/9/9/9/9/4K4 b G 1").unwrap();
    let pos = Position::from_setup(setup, SetupMode::Tsume)
        .or_else(|e| e.ignore_missing_king())
        .unwrap();
    assert_eq!(solver(10).solve(&pos), Err(SolveError::NoDefenderKing));
}

#[test]
fn node_limit_gives_unknown() {
    let p = &load("edge_cases.tsv")[5];
    let v = solver(50).solve(&p.position).unwrap();
    assert!(
        matches!(
            v,
            Verdict::Unknown {
                reason: StopReason::NodeLimit
            } | Verdict::Mate(_)
        ),
        "{v:?}"
    );
}

/// Limits past what the clock holds are no limits, not an overflow (a time of `1e19`
/// seconds from Python or the command line panicked).
#[test]
fn limits_of_any_size_are_limits() {
    let p = parse_position("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
    let mut s = Solver::new(Config {
        limits: Limits {
            nodes: Some(u64::MAX),
            time: Some(std::time::Duration::MAX),
        },
        progress: Some(Arc::new(|_: &masu_tsume::Progress| {})),
        progress_interval: std::time::Duration::MAX,
        table_bytes: 1 << 20,
        ..Config::default()
    });
    let v = s.solve(&p).unwrap();
    assert!(matches!(&v, Verdict::Mate(m) if m.length == 1), "{v:?}");
}

#[test]
fn cancellation_stops_the_search() {
    let flag = Arc::new(AtomicBool::new(true));
    let p = &load("famous_long.tsv")[0];
    let mut s = Solver::new(Config {
        cancel: Some(flag.clone()),
        table_bytes: 1 << 20,
        ..Config::default()
    });
    assert_eq!(
        s.solve(&p.position).unwrap(),
        Verdict::Unknown {
            reason: StopReason::Cancelled
        }
    );
    // The request was for that solve: the flag is clear again and the next solve runs.
    assert!(!flag.load(std::sync::atomic::Ordering::Relaxed));
    let short = parse_position("9/8k/9/8P/9/9/9/9/9 b 2G 1").unwrap();
    assert_eq!(s.solve(&short).unwrap().mate().map(|m| m.length), Some(3));
}

/// An interrupt check is asked on the thread that called the solve, whether the search
/// runs there (the 39-ply problem of `edge_cases.tsv` bounded to 37 plies, a disproof of
/// a minute) or on a thread of its own (寿 unbounded, whose lines soon pass the
/// calling thread's 64 plies), and its `true` stops the solve.
#[test]
fn an_interrupt_is_asked_on_the_calling_thread_and_stops_the_solve() {
    let kotobuki = famous("将棋図巧 第100番 (寿)");
    let chains = parse_position("9/1+R+N1kP2S/6pn1/9/9/5+B3/1R2S4/3p5/9 b NPb4g2sn4l14p 1");
    let short = parse_position("9/8k/9/8P/9/9/9/9/9 b 2G 1").unwrap();
    let caller = std::thread::current().id();
    let asked = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&asked);
    let elsewhere = Arc::new(AtomicBool::new(false));
    let seen_elsewhere = Arc::clone(&elsewhere);
    let mut s = Solver::new(Config {
        // Without the interrupt, a limit ends the test.
        limits: Limits {
            nodes: None,
            time: Some(std::time::Duration::from_secs(10)),
        },
        table_bytes: 16 << 20,
        interrupt: Some(Arc::new(move || {
            if std::thread::current().id() != caller {
                seen_elsewhere.store(true, Ordering::Relaxed);
            }
            // Stop at the second question: a search of 50 ms to 100 ms.
            counter.fetch_add(1, Ordering::Relaxed) >= 1
        })),
        ..Config::default()
    });
    for within in [Some(37), None] {
        asked.store(0, Ordering::Relaxed);
        let verdict = match within {
            Some(plies) => s.solve_within(chains.as_ref().unwrap(), plies),
            None => s.solve(&kotobuki.position),
        };
        let reason = StopReason::Cancelled;
        // Not the verdict itself in the message: a mate's line can run to 600 plies.
        assert!(
            verdict.unwrap() == Verdict::Unknown { reason },
            "{within:?}"
        );
        assert_eq!(asked.load(Ordering::Relaxed), 2, "{within:?}");
        assert!(s.stats().elapsed < std::time::Duration::from_secs(5));
    }
    assert!(!elsewhere.load(Ordering::Relaxed));
    // The stop was for those solves: the next one runs.
    assert_eq!(s.solve(&short).unwrap().mate().map(|m| m.length), Some(3));
}

/// A panic in the interrupt check, asked on the calling thread while the search runs on a
/// thread of its own (寿, whose lines soon pass the calling thread's 64 plies), comes back
/// from the solve at once: the search was told nothing and ran on to its end.
#[test]
fn a_panic_in_the_interrupt_check_stops_the_search_on_its_own_thread() {
    let kotobuki = famous("将棋図巧 第100番 (寿)");
    let (sender, answers) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut s = Solver::new(Config {
            // Without the fix, a limit ends the test's thread.
            limits: Limits {
                nodes: None,
                time: Some(std::time::Duration::from_secs(60)),
            },
            table_bytes: 16 << 20,
            interrupt: Some(Arc::new(|| panic!("an interrupt check that panics"))),
            ..Config::default()
        });
        let _ = sender.send(s.solve(&kotobuki.position).is_ok());
    });
    // The solving thread panicked: its sender is gone without an answer.
    let done = answers.recv_timeout(std::time::Duration::from_secs(20));
    assert_eq!(done, Err(std::sync::mpsc::RecvTimeoutError::Disconnected));
}

#[test]
fn config_and_solver_are_shared_across_threads() {
    fn shared<T: Clone + Send + Sync>() {}
    fn sync<T: Send + Sync>() {}
    shared::<Config>();
    sync::<Solver>();
}

#[test]
fn progress_is_reported() {
    let calls = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let seen = Arc::clone(&calls);
    let p = &load("famous_long.tsv")[0];
    let mut s = Solver::new(Config {
        limits: Limits {
            nodes: Some(300_000),
            time: None,
        },
        table_bytes: 16 << 20,
        progress: Some(Arc::new(move |pr| {
            assert!(pr.nodes > 0);
            seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        })),
        progress_interval: std::time::Duration::from_millis(1),
        ..Config::default()
    });
    let v = s.solve(&p.position).unwrap();
    assert!(!matches!(v, Verdict::NoMate));
    assert!(calls.load(std::sync::atomic::Ordering::Relaxed) > 0);
    assert_eq!(
        s.stats().table_bytes,
        s.stats().table_capacity * (s.stats().table_bytes / s.stats().table_capacity)
    );
}

/// The short level shortens the proof's line and proves it shortest when the search two
/// plies below finishes within its budget: never longer than the proof level's answer nor
/// shorter than the known length, the known length whenever it says it is exact (on
/// these short problems, always).
#[test]
fn short_level_between_proof_and_exact() {
    let mut shortened = 0;
    for (p, n) in known_mates().filter(|&(_, n)| n <= 15) {
        let proof = mate_at(&p.position, AnswerLevel::Proof, 1_000_000, 64 << 20);
        let short = mate_at(&p.position, AnswerLevel::Short, 1_000_000, 64 << 20);
        assert!(short.length <= proof.length, "{}", p.position);
        assert!(short.exact, "{}: {} not proven", p.position, short.length);
        assert_eq!(short.length, n, "{}", p.position);
        verify_line(&p.position, &short.line).unwrap_or_else(|e| panic!("{}: {e}", p.position));
        shortened += usize::from(proof.length > n);
    }
    // The proof alone is longer than the shortest on some of them: the level did work.
    assert!(shortened >= 5, "only {shortened} shortened");
}

/// 寿 (611 plies) at the short level: its published line in seconds, without the proof
/// that nothing is shorter. `cargo test -p masu-tsume --release -- --ignored`
#[test]
#[ignore = "about five seconds, 1 GiB of memory"]
fn kotobuki_short_level_writes_611() {
    famous_short_line("将棋図巧 第100番", 611, 100_000_000, 1 << 30);
}

/// ミクロコスモス (1525 plies) at the short level, with a 4 GiB table.
#[test]
#[ignore = "about a minute, 4 GiB of memory"]
fn microcosmos_short_level_writes_1525() {
    famous_short_line("ミクロコスモス", 1525, 300_000_000, 4 << 30);
}

/// The 29-ply two-king problem (White attacks). `cargo test -p masu-tsume --release -- --ignored`
#[test]
#[ignore = "about ten seconds"]
fn edge_case_29_ply_two_kings() {
    check(&load("edge_cases.tsv")[6], 50_000_000);
}

/// The "39-ply" chain-interposition problem. 39 is its published answer, which does not
/// count futile interpositions (無駄合); the minimax length counts every defence and is
/// longer: after the published first seven moves, the defender's 2c3d (ply 8, a side line
/// of the published answer) holds out for exactly 39 more plies, 47 in all. This test
/// proves the 47 shortest (a mate within 47, no mate within 45) and checks the line.
/// With a 4 GiB table.
#[test]
#[ignore = "about a minute, 4 GiB of memory"]
fn edge_case_39_ply_chain_interpositions() {
    let p = &load("edge_cases.tsv")[7];
    let m = exact_with_table(&p.position, 300_000_000, 4 << 30);
    assert!(m.exact);
    assert_eq!(m.length, 47);
    verify_line(&p.position, &m.line).unwrap();
    let after_2c3d = "7b6b 5b4c 8b9c 4c3d 1b2c 3d2c N*1e 2c3d";
    let line: Vec<String> = m.line.iter().map(|mv| mv.to_usi().to_string()).collect();
    assert_eq!(line[..8].join(" "), after_2c3d);
}

/// 乱 (451 plies): proven shortest at its published length, which is its minimax length
/// too (the longest defence has no futile interposition), with a 4 GiB table; the line is
/// checked move by move.
#[test]
#[ignore = "about six minutes, 4 GiB of memory"]
fn ran_451_proven_shortest() {
    famous_proven_shortest("乱", 451, 1_500_000_000, 4 << 30);
}

/// ミクロコスモス (Microcosmos, 1525 plies): proven shortest at its published length with
/// an 8 GiB table; the line is checked move by move.
#[test]
#[ignore = "about five minutes, 8 GiB of memory"]
fn microcosmos_1525_proven_shortest() {
    famous_proven_shortest("ミクロコスモス (Microcosmos)", 1525, 1_000_000_000, 8 << 30);
}

/// 新桃花源 (1205 plies by convention): proven shortest at 1215 plies in minimax (its
/// published answer does not count futile interpositions) with an 8 GiB table; the line is
/// checked move by move.
#[test]
#[ignore = "about twelve minutes, 8 GiB of memory"]
fn shin_toukagen_1215_proven_shortest() {
    famous_proven_shortest("新桃花源", 1215, 2_000_000_000, 8 << 30);
}

/// The problem of `famous_long.tsv` whose name starts with `name`.
fn famous(name: &str) -> Problem {
    load("famous_long.tsv")
        .into_iter()
        .find(|p| p.name.starts_with(name))
        .unwrap_or_else(|| panic!("no problem named {name}"))
}

/// Solves the problem of `famous_long.tsv` named `name` at the exact level and checks that
/// its length is proven to be `length`, and its line move by move.
fn famous_proven_shortest(name: &str, length: u32, nodes: u64, table_bytes: usize) {
    let p = famous(name);
    let m = exact_with_table(&p.position, nodes, table_bytes);
    assert!(m.exact);
    assert_eq!(m.length, length);
    verify_line(&p.position, &m.line).unwrap();
}

/// The short level on a long problem: a line of the published length, written out and
/// checked move by move (not proven shortest: the search below it runs out of its budget).
fn famous_short_line(name: &str, length: u32, nodes: u64, table_bytes: usize) {
    let p = famous(name);
    let m = mate_at(&p.position, AnswerLevel::Short, nodes, table_bytes);
    assert_eq!(m.length, length);
    assert_eq!(m.line.len() as u32, length);
    verify_line(&p.position, &m.line).unwrap();
}

/// The exact-level answer of a long problem with a table of `table_bytes`.
fn exact_with_table(
    pos: &masu_tsume::shogi::Position,
    nodes: u64,
    table_bytes: usize,
) -> masu_tsume::Mate {
    mate_at(pos, AnswerLevel::Exact, nodes, table_bytes)
}

/// A mate in 1 is the shortest there is: exact at every level, the proof level too (it was
/// "mate in 1 (upper bound)" there), whether or not a length limit was asked for.
#[test]
fn a_mate_in_one_is_exact_at_every_level() {
    let pos = parse_position("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").unwrap();
    for level in AnswerLevel::ALL {
        let mate = mate_at(&pos, level, 100_000, 1 << 20);
        assert_eq!((mate.length, mate.exact), (1, true), "{level}");
        assert_eq!(Verdict::Mate(mate).to_string(), "mate in 1", "{level}");
        let mut solver = Solver::new(Config {
            table_bytes: 1 << 20,
            answer: level,
            ..Config::default()
        });
        let within = solver.solve_within(&pos, 5).unwrap();
        assert_eq!(within.to_string(), "mate in 1", "{level}");
    }
    // A longer mate stays an upper bound at the proof level.
    let pos = parse_position("9/8k/9/8P/9/9/9/9/9 b 2G 1").unwrap();
    let mate = mate_at(&pos, AnswerLevel::Proof, 100_000, 1 << 20);
    assert!(!mate.exact, "{mate:?}");
}

/// The answer at `level` within `nodes`, with a table of `table_bytes`; panics without a
/// mate.
fn mate_at(
    pos: &masu_tsume::shogi::Position,
    level: AnswerLevel,
    nodes: u64,
    table_bytes: usize,
) -> masu_tsume::Mate {
    let mut solver = Solver::new(Config {
        limits: Limits {
            nodes: Some(nodes),
            time: None,
        },
        table_bytes,
        answer: level,
        ..Config::default()
    });
    match solver.solve(pos).unwrap() {
        Verdict::Mate(m) => m,
        other => panic!("no mate found: {other:?}"),
    }
}

/// 将棋図巧第98番 (bare king): proven shortest at 37 plies counting every interposition,
/// and the work's known flaw found as an alternative mate (余詰): the third move may drop
/// a gold on 2b as well as a silver.
#[test]
fn zukou_98_is_exact_and_shows_its_known_alternative() {
    let p = load("famous_long.tsv")
        .into_iter()
        .find(|p| p.name.contains("第98番"))
        .unwrap();
    let Verdict::Mate(m) = solver_with(20_000_000, 256).solve(&p.position).unwrap() else {
        panic!("no mate found")
    };
    assert!(m.exact);
    assert_eq!(m.length, 37);
    verify_line(&p.position, &m.line).unwrap();
    let mut third: Vec<String> = m
        .alternatives
        .iter()
        .filter(|a| a.ply == 2)
        .map(|a| a.mv.to_usi().to_string())
        .chain(std::iter::once(m.line[2].to_usi().to_string()))
        .collect();
    third.sort();
    assert_eq!(third, ["G*2b", "S*2b"]);
}

/// The mate-in-three leaf search gives the same exact answers.
#[test]
fn mate_in_three_leaves_agree() {
    for p in load("shogiboardq_7ply_30.txt").iter().take(10) {
        let mut s = Solver::new(Config {
            limits: Limits {
                nodes: Some(500_000),
                time: None,
            },
            table_bytes: 16 << 20,
            leaf_search: masu_tsume::LeafSearch::MateInThree,
            ..Config::default()
        });
        let Verdict::Mate(m) = s.solve(&p.position).unwrap() else {
            panic!("{}", p.position)
        };
        assert!(m.exact);
        assert_eq!(Expected::Mate(m.length), p.expected);
        verify_line(&p.position, &m.line).unwrap();
    }
}

/// A solve searches on the calling thread while its lines stay short, then on a thread
/// of its own: on a thread with a small stack, short problems are solved exactly and a
/// long one's search goes on past the calling thread's depth (its budget ends it, not
/// the depth).
#[test]
fn a_small_stack_holds_short_searches_and_long_ones_move_off_it() {
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            for p in load("shogiboardq_7ply_30.txt").iter().take(10) {
                check(p, 200_000);
            }
            let kotobuki = famous("将棋図巧 第100番 (寿)");
            let mut s = solver_with(50_000, 16);
            let verdict = s.solve(&kotobuki.position).unwrap();
            let reason = StopReason::NodeLimit;
            assert_eq!(verdict, Verdict::Unknown { reason });
            assert!(s.stats().nodes >= 50_000);
        })
        .unwrap()
        .join()
        .unwrap();
}
