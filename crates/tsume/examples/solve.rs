//! Solves every problem of a problem file and prints one line per problem.
//!
//! `cargo run --release -p masu-tsume --example solve -- FILE [NODE_LIMIT] [TABLE_MB] [SECONDS]`
//!
//! `TSUME_LEVEL=proof|exact` stops after the proof or the shortest length (default: the
//! full answer); `TSUME_AFTER="m1 m2 ..."` solves the position after these USI moves.

use std::time::Duration;

use masu_tsume::{Config, Expected, Limits, Solver, Verdict, parse_problems};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .ok_or("usage: solve FILE [NODE_LIMIT] [TABLE_MB] [SECONDS]")?;
    let nodes = args.get(2).and_then(|s| s.parse().ok());
    let mb: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(256);
    let secs: Option<u64> = args.get(4).and_then(|s| s.parse().ok());
    let text = std::fs::read_to_string(path)?;
    let problems = parse_problems(&text)?;
    let mut solver = Solver::new(Config {
        limits: Limits {
            nodes,
            time: secs.map(Duration::from_secs),
        },
        table_bytes: mb << 20,
        answer: match std::env::var("TSUME_LEVEL").as_deref() {
            Ok("proof") => masu_tsume::AnswerLevel::Proof,
            Ok("exact") => masu_tsume::AnswerLevel::Exact,
            _ => masu_tsume::AnswerLevel::Full,
        },
        ..Config::default()
    });
    // TSUME_AFTER="m1 m2 ...": solve the position after these USI moves instead.
    let after = std::env::var("TSUME_AFTER").unwrap_or_default();
    for (i, p) in problems.iter().enumerate() {
        let mut pos = p.position.clone();
        for usi in after.split_whitespace() {
            let mv = usi.parse::<masu_tsume::shogi::UsiMove>()?;
            let mv = mv.to_move(&pos)?;
            pos.play_unchecked(mv);
        }
        let verdict = solver.solve(&pos)?;
        let st = solver.stats();
        let got = match &verdict {
            Verdict::Mate(m) => format!(
                "mate {}{} conv {:?} alts [{}] undecided [{}] line {}{}",
                m.length,
                if m.exact { "" } else { "?" },
                m.convention.length(m.length),
                plies(&m.alternatives),
                plies(&m.undecided),
                usi_line(&m.line),
                m.convention
                    .differing()
                    .map(|c| format!(
                        " conv_alts [{}] conv_undecided [{}]{} conv_line {}",
                        plies(&c.alternatives),
                        plies(&c.undecided),
                        if c.alternatives_complete {
                            ""
                        } else {
                            " (incomplete)"
                        },
                        usi_line(&c.line)
                    ))
                    .unwrap_or_default()
            ),
            Verdict::NoMate => "nomate".to_string(),
            Verdict::Unknown { reason } => format!("unknown {reason:?}"),
            _ => "other".to_string(),
        };
        let want = match p.expected {
            Expected::Mate(n) => n.to_string(),
            Expected::NoMate => "-1".to_string(),
            Expected::Unknown => "?".to_string(),
        };
        eprintln!(
            "{i}\t{}\twant {want}\t{:.3}s\tnodes {} (proof {})\tTT {}/{}\t{got}",
            p.name,
            st.elapsed.as_secs_f64(),
            st.nodes,
            st.proof_nodes,
            st.table_used,
            st.table_capacity
        );
    }
    Ok(())
}

fn usi_line(line: &[masu_tsume::shogi::Move]) -> String {
    line.iter()
        .map(|m| m.to_usi().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn plies(alternatives: &[masu_tsume::Alternative]) -> String {
    alternatives
        .iter()
        .map(|a| format!("{}:{}", a.ply, a.mv.to_usi()))
        .collect::<Vec<_>>()
        .join(" ")
}
