//! Square parsing, a placeholder until the move generators have benches of their own.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn parse_squares(c: &mut Criterion) {
    c.bench_function("shogi square parse", |b| {
        b.iter(|| black_box("7g").parse::<shogi::Square>())
    });
}

criterion_group!(benches, parse_squares);
criterion_main!(benches);
