//! The famous long problems (`tests/data/famous_long.tsv`), one row each: the measured
//! table of the README. Ignored by default:
//!
//! ```sh
//! TSUME_NODES=50000000 TSUME_SECONDS=600 TSUME_TABLE_MB=1024 cargo test -p masu-tsume --release --test famous -- --ignored --nocapture
//! ```
//!
//! `TSUME_ONLY=<substring>` picks problems by name. A reported mate is checked move by move
//! and, when proven shortest, its convention length (futile interpositions not counted) must
//! match a recorded length; "no mate" fails the test for every problem but the one recorded
//! as having none (-1), and a mate fails it for that one.

#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

mod common;

use std::time::Duration;

use common::{load, verify_line};
use masu_tsume::{Config, Expected, Limits, Solver, Verdict};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore = "minutes per problem"]
fn famous_long_problems() {
    let seconds = env_or("TSUME_SECONDS", 60);
    let nodes = std::env::var("TSUME_NODES")
        .ok()
        .and_then(|s| s.parse::<u64>().ok());
    let table_mb = env_or("TSUME_TABLE_MB", 1024) as usize;
    let only = std::env::var("TSUME_ONLY").unwrap_or_default();
    eprintln!("| problem | known | found | exact | nodes | time (s) | TT MB |");
    eprintln!("|---|---|---|---|---|---|---|");
    for p in load("famous_long.tsv")
        .iter()
        .filter(|p| p.name.contains(&only))
    {
        let mut solver = Solver::new(Config {
            limits: Limits {
                nodes,
                time: Some(Duration::from_secs(seconds)),
            },
            table_bytes: table_mb << 20,
            ..Config::default()
        });
        let verdict = solver.solve(&p.position).unwrap();
        let st = solver.stats();
        let known = match p.expected {
            Expected::Mate(n) => n.to_string(),
            Expected::NoMate => "no mate".to_string(),
            _ => "?".to_string(),
        };
        let (found, exact) = match &verdict {
            Verdict::Mate(m) => {
                verify_line(&p.position, &m.line).unwrap();
                assert_ne!(
                    p.expected,
                    Expected::NoMate,
                    "{}: a mate in a disproven problem",
                    p.name
                );
                if let (Expected::Mate(n), true) = (p.expected, m.exact) {
                    // Recorded lengths are the published ones, which do not count futile
                    // interpositions: the convention answer's, where it differs.
                    // Not worked out (its budget ran out): the published length can only
                    // be no longer than the minimax one.
                    match m.convention.length(m.length) {
                        Some(published) => assert_eq!(published, n, "{}", p.name),
                        None => assert!(n <= m.length, "{}", p.name),
                    }
                }
                (m.length.to_string(), if m.exact { "yes" } else { "no" })
            }
            Verdict::NoMate if p.expected == Expected::NoMate => ("no mate".to_string(), "-"),
            Verdict::NoMate => panic!("{}: no mate reported for a problem with a mate", p.name),
            Verdict::Unknown { reason } => (format!("unknown ({reason})"), "-"),
            _ => ("?".to_string(), "-"),
        };
        eprintln!(
            "| {} | {known} | {found} | {exact} | {} | {:.1} | {} |",
            p.name,
            st.nodes,
            st.elapsed.as_secs_f64(),
            st.table_bytes >> 20
        );
    }
}
