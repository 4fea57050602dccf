//! masu-tsume: solve a problem and read the verdict.

use masu_tsume::{Config, Limits, Solver, Verdict, parse_position};

pub(crate) fn run() -> crate::Result {
    let pos = parse_position("4k4/9/4P4/9/9/9/9/9/9 b G 1", 1)?;
    let mut solver = Solver::new(Config {
        limits: Limits { nodes: Some(100_000), ..Limits::default() },
        table_bytes: 1 << 20,
        ..Config::default()
    });
    let Verdict::Mate(mate) = solver.solve(&pos)? else {
        return Err("no mate found".into());
    };
    assert_eq!(mate.length, 1);
    assert_eq!(mate.line[0].to_usi().to_string(), "G*5b");
    Ok(())
}
