//! Tsume solving: the 15-ply edge case, the 29-ply two-king problem (White attacks) and
//! 将棋図巧第98番 (37 plies), each to its proven shortest length, and the bundled default
//! set. The famous long problems are an ignored test (`cargo test -p masu-tsume --release
//! --test famous -- --ignored --nocapture`, table in the masu-tsume README);
//! `tools/tsume/side_by_side.py` runs a problem file through this solver and
//! cshogi's DfPn (and KomoringHeights, when built) in one run, as one table.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tsume::{Config, Solver, Verdict, bundled, parse_position};

fn solve_exact(solver: &mut Solver, sfen: &str, length: u32) {
    let Ok(pos) = parse_position(sfen) else {
        panic!("{sfen}")
    };
    let verdict = solver.solve(black_box(&pos));
    let Ok(Verdict::Mate(m)) = verdict else {
        panic!("{sfen}: {verdict:?}")
    };
    assert!(m.exact && m.length == length, "{sfen}: {m:?}");
}

fn bench_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("tsume_solve");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    let mut solver = Solver::new(Config {
        table_bytes: 64 << 20,
        ..Config::default()
    });
    group.bench_function("edge_15ply", |b| {
        b.iter(|| {
            solve_exact(
                &mut solver,
                "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1",
                15,
            )
        });
    });
    group.bench_function("maou_29ply_two_kings", |b| {
        b.iter(|| {
            solve_exact(
                &mut solver,
                "l2+P5/2k4+L1/2n1p2B1/p1pp1spN1/4Ps3/PlPP2P2/1P1Sb4/1KG2+p3/LN7 w R2GPrgsn4p 1",
                29,
            );
        });
    });
    let mut large = Solver::new(Config {
        table_bytes: 256 << 20,
        ..Config::default()
    });
    group.bench_function("zukou_98_exact", |b| {
        b.iter(|| {
            solve_exact(&mut large, "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1", 37);
        });
    });
    group.bench_function("bundled", |b| {
        b.iter(|| {
            for p in bundled::problems() {
                let Ok(pos) = parse_position(p.sfen) else {
                    panic!("{}", p.name)
                };
                let Ok(v) = solver.solve(&pos) else {
                    panic!("{}", p.name)
                };
                assert!(p.expected.is_answered_by(&v), "{}", p.name);
            }
        });
    });
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
