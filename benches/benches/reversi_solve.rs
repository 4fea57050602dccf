//! Exact endgame solving of FFO #40 (20 empties, black to move: +38 with a2), from an empty
//! table each time: "ffo40" runs `Solver::solve` (on x86-64 CPUs with AVX2 and BMI2, the copy of
//! the search compiled for them, chosen at run time), "ffo40 portable" `Solver::solve_portable`
//! (the same search compiled for the baseline target), so the pair shows the dispatch's gain.
//! `cargo test -p masu-reversi --release --test ffo -- --ignored` covers #41-#59 (see the crate's
//! MEASUREMENTS.md for the times).

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use reversi::{Board, Move, SolveLimits, SolveOutcome, Solver, Square};

const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

fn bench_solve(c: &mut Criterion) {
    let Ok(board) = FFO_40.parse::<Board>() else {
        panic!("FFO #40 board string")
    };
    let Ok(a2) = "a2".parse::<Square>() else {
        panic!("square")
    };
    let mut group = c.benchmark_group("reversi_solve");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    let mut solver = Solver::new(64 << 20);
    for (name, portable) in [("ffo40", false), ("ffo40 portable", true)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                solver.clear();
                let board = black_box(&board);
                let outcome = if portable {
                    solver.solve_portable(board, SolveLimits::none(), |_| ControlFlow::Continue(()))
                } else {
                    solver.solve(board, SolveLimits::none(), |_| ControlFlow::Continue(()))
                };
                let SolveOutcome::Solved(s) = outcome else {
                    panic!("stopped without limits")
                };
                assert_eq!((s.score, s.best_move), (38, Some(Move::Play(a2))));
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
