//! How reading and writing scale with the shape of a record: a chain of variations each
//! nested in the one before, a fork of many alternatives, a long game, each at three
//! sizes, in KIF, KI2, CSA and JKF. The time per node (criterion's throughput in elements)
//! should stay flat as the size grows; issue 23 found the JKF writer, the JKF reader and
//! `ki2::to_string` quadratic. Every text is read back and checked once before timing.
//!
//! `cargo bench -p masu-benches --bench kif_scaling`

// The shapes are the adversarial tests' own, written against the crate's package name.
extern crate kif as masu_kif;

#[path = "../../crates/kif/tests/common/shapes.rs"]
#[allow(dead_code)] // The huge comment is the tests' alone.
mod shapes;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kif::{Mode, Record, csa, jkf, ki2};

#[derive(Debug, Clone, Copy)]
enum Format {
    Kif,
    Ki2,
    Csa,
    Jkf,
}

const FORMATS: [Format; 4] = [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf];

fn write(format: Format, record: &Record) -> String {
    match format {
        Format::Kif => kif::kif::to_string(record),
        Format::Ki2 => ki2::to_string(record),
        Format::Csa => csa::to_string(record),
        Format::Jkf => jkf::to_string(record),
    }
}

/// Reads leniently: the kings' shuffle of the shapes goes on past the fourfold repetition
/// that ends the game, the one diagnostic allowed (`shapes::read_back`).
fn read(format: Format, text: &str) -> Record {
    let parsed = match format {
        Format::Kif => kif::kif::read_str(text, Mode::Lenient),
        Format::Ki2 => ki2::read_str(text, Mode::Lenient),
        Format::Csa => csa::read_str(text, Mode::Lenient),
        Format::Jkf => jkf::read_str(text, Mode::Lenient),
    };
    shapes::read_back(parsed, &format!("{format:?}"))
}

/// What reads back: the tree (KI2: trailers aside), or the main line from CSA.
fn check(format: Format, record: &Record, back: &Record) {
    let same = match format {
        Format::Kif | Format::Jkf => back.tree == record.tree,
        Format::Ki2 => {
            shapes::without_trailers(&back.tree) == shapes::without_trailers(&record.tree)
        }
        Format::Csa => {
            back.tree.moves_to(back.main_line_end()) == record.tree.moves_to(record.main_line_end())
        }
    };
    assert!(same, "{format:?} does not read back");
}

fn shape(c: &mut Criterion, name: &str, build: fn(usize) -> Record, sizes: [usize; 3]) {
    let mut group = c.benchmark_group(format!("kif_scaling/{name}"));
    group.sample_size(10);
    for size in sizes {
        let record = build(size);
        group.throughput(Throughput::Elements(record.tree.len() as u64));
        for format in FORMATS {
            let text = write(format, &record);
            check(format, &record, &read(format, &text));
            let id = |what: &str| BenchmarkId::new(format!("{format:?} {what}"), size);
            group.bench_with_input(id("write"), &record, |b, r| {
                b.iter(|| write(format, black_box(r)).len());
            });
            group.bench_with_input(id("read"), &text, |b, t| {
                b.iter(|| read(format, black_box(t)).tree.len());
            });
        }
    }
    group.finish();
}

fn deep_chain(c: &mut Criterion) {
    shape(
        c,
        "deep_chain",
        shapes::deep_chain,
        [1_000, 10_000, 100_000],
    );
}

fn wide_fork(c: &mut Criterion) {
    shape(c, "wide_fork", shapes::wide_fork, [1_000, 10_000, 100_000]);
}

fn long_game(c: &mut Criterion) {
    shape(
        c,
        "long_game",
        shapes::long_game,
        [10_000, 100_000, 1_000_000],
    );
}

criterion_group!(benches, deep_chain, wide_fork, long_game);
criterion_main!(benches);
