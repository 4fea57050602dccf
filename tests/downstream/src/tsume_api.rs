//! masu-tsume: solve a problem, read the verdict, check it against a known answer.

use masu_tsume::{
    Config, Expected, Limits, ParseProblemError, SolveError, Solution, Solver, TableError,
    Verdict, parse_position,
};

/// Whether `T` can be shared between threads.
fn is_sync<T: Send + Sync>() {}

pub(crate) fn run() -> crate::Result {
    let pos = parse_position("4k4/9/4P4/9/9/9/9/9/9 b G 1")?;
    let config = Config {
        limits: Limits { nodes: Some(100_000), ..Limits::default() },
        table_bytes: 1 << 20,
        ..Config::default()
    };
    let mut solver = Solver::try_new(config.clone())?;
    let verdict = solver.solve(&pos)?;
    assert_eq!(verdict.to_string(), "mate in 1");
    let Verdict::Mate(mate) = &verdict else {
        return Err("no mate found".into());
    };
    assert_eq!(mate.line[0].to_usi().to_string(), "G*5b");
    let expected: Expected = "1".parse()?;
    assert!(expected.is_answered_by(&verdict));
    assert_eq!(expected.to_string(), "1");
    is_sync::<Config>();
    is_sync::<Solver>();
    crate::is_error::<ParseProblemError>();
    crate::is_error::<SolveError>();
    crate::is_error::<TableError>();
    let solution = Solution::new(pos, verdict);
    assert_eq!(solution.line_usi(), "G*5b");
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&solution)?;
        assert_eq!(serde_json::from_str::<Solution>(&json)?.line_usi(), "G*5b");
    }
    Ok(())
}
