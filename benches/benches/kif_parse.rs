//! Game-record throughput: KIF and KI2 reading with every move validated, and writing,
//! over the corpus of real files in crates/kif/tests/data/corpus, side by side with the
//! Rust peers on crates.io that read the same files: rsshogi (records feature; validates
//! every move) and shogi-kifu-converter (parses to JKF, then normalizes, which replays the
//! moves with shogi_legality_lite).
//!
//! The groups with peers read the same decoded texts: the files that all three readers
//! accept, so the comparison is like for like; `read_bytes_all` reads every corpus file
//! from its bytes, decoding included. Each bench checks the total main-line plies.

use std::fs;
use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kif::{Mode, ki2};

fn corpus(folder: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/kif/tests/data/corpus")
        .join(folder);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let text = kif::encoding::decode(&bytes, None)
                .map(|d| d.text.into_owned())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path.display().to_string(), text)
        })
        .collect()
}

fn masu_kif(text: &str) -> Option<usize> {
    let p = kif::kif::read_str(text, Mode::Lenient).ok()?;
    Some(p.record.tree.main_line_len())
}

fn masu_ki2(text: &str) -> Option<usize> {
    let p = ki2::read_str(text, Mode::Lenient).ok()?;
    Some(p.record.tree.main_line_len())
}

fn rsshogi_kif(text: &str) -> Option<usize> {
    Some(
        rsshogi::records::parse_kif_str(text)
            .ok()?
            .main_line_ids()
            .len(),
    )
}

fn rsshogi_ki2(text: &str) -> Option<usize> {
    Some(
        rsshogi::records::parse_ki2_str(text)
            .ok()?
            .main_line_ids()
            .len(),
    )
}

fn jkf_plies(jkf: &shogi_kifu_converter::jkf::JsonKifuFormat) -> usize {
    jkf.moves.iter().filter(|m| m.move_.is_some()).count()
}

fn skc_kif(text: &str) -> Option<usize> {
    Some(jkf_plies(
        &shogi_kifu_converter::parser::parse_kif_str(text).ok()?,
    ))
}

fn skc_ki2(text: &str) -> Option<usize> {
    Some(jkf_plies(
        &shogi_kifu_converter::parser::parse_ki2_str(text).ok()?,
    ))
}

type Reader = fn(&str) -> Option<usize>;

/// A reader's result, with a panic (shogi-kifu-converter indexes out of bounds on some
/// variation layouts) counted as a failure.
fn guarded(read: Reader, text: &str) -> Option<usize> {
    std::panic::catch_unwind(|| read(text)).ok().flatten()
}

/// The texts every reader accepts with the same main-line length, and that length summed.
fn common(texts: &[(String, String)], readers: &[(&str, Reader)]) -> (Vec<String>, usize) {
    let mut kept = Vec::new();
    let mut plies = 0;
    let mut accepted = vec![0; readers.len()];
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for (_, text) in texts {
        let counts: Vec<Option<usize>> = readers.iter().map(|(_, r)| guarded(*r, text)).collect();
        for (n, c) in accepted.iter_mut().zip(&counts) {
            *n += usize::from(c.is_some());
        }
        if let Some(&Some(n)) = counts.first()
            && counts.iter().all(|c| *c == Some(n))
        {
            kept.push(text.clone());
            plies += n;
        }
    }
    std::panic::set_hook(hook);
    for ((name, _), n) in readers.iter().zip(accepted) {
        eprintln!("  {name} reads {n} of {} files", texts.len());
    }
    (kept, plies)
}

fn group(c: &mut Criterion, name: &str, folder: &str, readers: &[(&str, Reader)]) {
    let texts = corpus(folder);
    let (kept, plies) = common(&texts, readers);
    let bytes: usize = kept.iter().map(String::len).sum();
    eprintln!(
        "{name}: {} of {} files read alike by all, {bytes} bytes, {plies} plies",
        kept.len(),
        texts.len()
    );
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Bytes(bytes as u64));
    for &(label, read) in readers {
        g.bench_function(label, |b| {
            b.iter(|| {
                let total: usize = kept.iter().map(|t| read(black_box(t)).unwrap_or(0)).sum();
                assert_eq!(total, plies, "{label}");
                total
            });
        });
    }
    g.finish();
}

fn kif_parse(c: &mut Criterion) {
    let readers: [(&str, Reader); 3] = [
        ("masu-kif", masu_kif),
        ("rsshogi", rsshogi_kif),
        ("shogi-kifu-converter", skc_kif),
    ];
    group(c, "kif_parse", "kif", &readers);
}

fn ki2_parse(c: &mut Criterion) {
    let readers: [(&str, Reader); 3] = [
        ("masu-kif", masu_ki2),
        ("rsshogi", rsshogi_ki2),
        ("shogi-kifu-converter", skc_ki2),
    ];
    group(c, "ki2_parse", "ki2", &readers);
}

/// Our reader alone over every file it reads (the peers' common subset leaves some out).
fn kif_parse_all(c: &mut Criterion) {
    let texts = corpus("kif");
    let (kept, plies) = common(&texts, &[("masu-kif", masu_kif as Reader)]);
    assert_eq!(kept.len(), 85);
    let bytes: usize = kept.iter().map(String::len).sum();
    let mut g = c.benchmark_group("kif_parse_all");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("masu-kif", |b| {
        b.iter(|| {
            let total: usize = kept
                .iter()
                .map(|t| masu_kif(black_box(t)).unwrap_or(0))
                .sum();
            assert_eq!(total, plies);
            total
        });
    });
    g.finish();
}

/// Every corpus file of the four formats from its bytes, as a caller with a file in hand
/// reads it: `read_bytes` detects the encoding and the format, decodes and reads.
fn read_bytes_all(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/kif/tests/data/corpus");
    let files: Vec<Vec<u8>> = ["kif", "ki2", "csa", "jkf"]
        .iter()
        .flat_map(|folder| fs::read_dir(root.join(folder)).into_iter().flatten())
        .filter_map(Result::ok)
        .filter_map(|e| fs::read(e.path()).ok())
        .collect();
    assert_eq!(files.len(), 150);
    let read =
        |b: &[u8]| kif::read_bytes(b, None, Mode::Lenient).map(|p| p.record.tree.main_line_len());
    let plies: usize = files.iter().filter_map(|b| read(b).ok()).sum();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut g = c.benchmark_group("read_bytes_all");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("masu-kif", |b| {
        b.iter(|| {
            let total: usize = files.iter().filter_map(|f| read(black_box(f)).ok()).sum();
            assert_eq!(total, plies);
            total
        });
    });
    g.finish();
}

fn kif_write(c: &mut Criterion) {
    let records: Vec<kif::Record> = corpus("kif")
        .iter()
        .filter_map(|(_, t)| kif::kif::read_str(t, Mode::Lenient).ok())
        .map(|p| p.record)
        .collect();
    let bytes: usize = records.iter().map(|r| kif::kif::to_string(r).len()).sum();
    let mut g = c.benchmark_group("kif_write");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("masu-kif", |b| {
        b.iter(|| {
            let total: usize = records
                .iter()
                .map(|r| kif::kif::to_string(black_box(r)).len())
                .sum();
            assert_eq!(total, bytes);
            total
        });
    });
    g.finish();
}

criterion_group!(
    benches,
    kif_parse,
    ki2_parse,
    kif_parse_all,
    read_bytes_all,
    kif_write
);
criterion_main!(benches);
