//! Tsume target: problem lines of any bytes, solved under a tiny budget.

use tsume::{Config, Limits, Problem, Solver, Verdict};

/// A problem line never makes the parser or the solver panic, an error's column is within
/// the line, and any mate the solver reports is a legal line of checks that ends in
/// checkmate, on one thread or (inputs of odd length) two.
pub fn check_problem_line(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let problem = match Problem::from_line(text, 1) {
        Ok(problem) => problem,
        Err(err) => {
            let columns = 1..=text.chars().count() + 1;
            assert!(columns.contains(&err.column()), "{err} in {text:?}");
            return;
        }
    };
    // Odd lengths on two threads, with the helper at work from the start; the main line is
    // published to it every 1,024 nodes, so those solves get 3,000 nodes instead of 300.
    let threads = 1 + data.len() % 2;
    let mut solver = Solver::new(Config {
        limits: Limits {
            nodes: Some(if threads == 1 { 300 } else { 3_000 }),
            time: None,
        },
        table_bytes: 1 << 16,
        threads,
        helpers_after_nodes: 0,
        ..Config::default()
    });
    let Ok(Verdict::Mate(mate)) = solver.solve(&problem.position) else {
        return;
    };
    let attacker = problem.position.turn();
    let mut pos = problem.position.clone();
    for m in &mate.line {
        assert!(pos.is_legal(m), "{m} in {pos}");
        assert!(
            pos.turn() != attacker || pos.gives_check(m),
            "{m} does not check in {pos}"
        );
        pos.play_unchecked(*m);
    }
    assert!(
        pos.turn() != attacker && pos.is_checkmate(),
        "{text}: line does not mate"
    );
}
