//! Adversarial records, generated here (nothing committed): a long game, a chain of
//! variations each nested in the one before, a fork of many alternatives, a huge comment,
//! random bytes. Each is written in every format (KIF, KI2, CSA, JKF, USI) and read back,
//! on a thread with a small stack, and the read-back is checked against what was written.
//!
//! The default run uses a tenth of the sizes of issue 23 so that the file stays fast in the
//! test profile; the full sizes (1,000,000 plies, 100,000 levels, 100,000 alternatives,
//! 50 MB, 10 MB of random bytes per format) run with
//! `cargo test -p masu-kif --release --test adversarial -- --ignored`.

mod common;

use common::on_small_stack;
use common::shapes::{self, read_back};
use masu_kif::csa;
use masu_kif::{Format, Mode, Record, jkf, ki2, kif};

/// Writes `record` in every format and checks what reads back: the whole tree from KIF,
/// KI2 (trailers aside) and JKF, the main line from CSA and USI (read leniently, the one
/// diagnostic allowed a shuffle that goes past its fourfold repetition: [`read_back`]). Messages name the format
/// only: the records are too large to print.
fn round_trips(record: &Record, what: &str) {
    let expected = record.tree.moves_to(record.main_line_end());
    on_small_stack(|| {
        for options in [
            masu_kif::kif::WriteOptions::default(),
            masu_kif::kif::WriteOptions {
                non_promotion: true,
                ..masu_kif::kif::WriteOptions::default()
            },
        ] {
            let text = kif::write(record, &options);
            let back = read_back(kif::read_str(&text, Mode::Lenient), &format!("{what}, KIF"));
            assert!(back.tree == record.tree, "{what}: KIF");
            assert_eq!(back.start, record.start, "{what}: KIF");
        }
        let text = ki2::to_string(record);
        let back = read_back(ki2::read_str(&text, Mode::Lenient), &format!("{what}, KI2"));
        assert!(
            shapes::without_trailers(&back.tree) == shapes::without_trailers(&record.tree),
            "{what}: KI2"
        );
        let written = csa::write(record, &csa::WriteOptions::default());
        let back = csa::read_str(&written.text, Mode::Lenient);
        let back = read_back(back, &format!("{what}, CSA"));
        let moves = back.tree.moves_to(back.main_line_end());
        assert!(moves == expected, "{what}: CSA");
        assert_eq!(back.result(), record.result(), "{what}: CSA");
        let text = jkf::write(record).text;
        let back = read_back(jkf::read_str(&text, Mode::Lenient), &format!("{what}, JKF"));
        assert!(back.tree == record.tree, "{what}: JKF");
        let usi = record.usi(record.main_line_end());
        let usi = usi.unwrap_or_else(|e| panic!("{what}, USI: {e}"));
        let back = Record::from_usi(&usi).unwrap_or_else(|e| panic!("{what}, USI: {e}"));
        assert!(
            back.tree.moves_to(back.main_line_end()) == expected,
            "{what}: USI"
        );
    });
}

/// The walks of a tree: clone, equality, hashing, the cursor to the deepest node, drop.
fn walks(record: &Record, what: &str) {
    on_small_stack(|| {
        let copy = record.clone();
        assert!(copy == *record, "{what}: clone");
        let hash = |r: &Record| {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            r.tree.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&copy), hash(record), "{what}: hash");
        let mut cursor = masu_kif::Cursor::new(record).unwrap_or_else(|e| panic!("{e}"));
        let mut steps = 0;
        // Always the last alternative: the deepest way down a chain.
        while let Some(&next) = cursor.alternatives().last() {
            assert!(cursor.enter(next), "{what}: cursor");
            steps += 1;
        }
        let deepest = record.tree.nodes().iter().map(|n| n.ply()).max();
        assert_eq!(Some(steps), deepest.map(|p| p as usize), "{what}: cursor");
        while cursor.back() {}
        assert!(record.tree.variation_starts().len() < record.tree.len());
        drop(copy);
    });
}

fn long_game(plies: usize) {
    let record = shapes::long_game(plies);
    walks(&record, "long game");
    round_trips(&record, "long game");
}

fn deep_chain(depth: usize) {
    let record = shapes::deep_chain(depth);
    walks(&record, "deep chain");
    round_trips(&record, "deep chain");
}

fn wide_fork(width: usize) {
    let record = shapes::wide_fork(width);
    assert_eq!(record.tree[record.tree.root()].children().len(), width);
    walks(&record, "wide fork");
    round_trips(&record, "wide fork");
}

fn big_comment(bytes: usize) {
    let record = shapes::big_comment(bytes);
    round_trips(&record, "big comment");
}

#[test]
fn a_long_game() {
    long_game(100_000);
}

#[test]
#[ignore = "1,000,000 plies: run with --release -- --ignored"]
fn a_long_game_full_size() {
    long_game(1_000_000);
}

#[test]
fn a_deep_chain_of_variations() {
    deep_chain(10_000);
}

#[test]
#[ignore = "100,000 levels: run with --release -- --ignored"]
fn a_deep_chain_of_variations_full_size() {
    deep_chain(100_000);
}

#[test]
fn a_wide_fork() {
    wide_fork(10_000);
}

#[test]
#[ignore = "100,000 alternatives: run with --release -- --ignored"]
fn a_wide_fork_full_size() {
    wide_fork(100_000);
}

#[test]
fn a_big_comment() {
    big_comment(5_000_000);
}

#[test]
#[ignore = "50 MB: run with --release -- --ignored"]
fn a_big_comment_full_size() {
    big_comment(50_000_000);
}

/// A fixed-seed xorshift generator: the bytes are the same on every run.
fn random_bytes(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// Random bytes through every reader, strict and lenient, with and without NUL bytes (the
/// decoder refuses binary data); whatever reads writes back in its format and reads again
/// as the same tree.
fn random(len: usize) {
    for (seed, nul) in [
        (0x9E37_79B9_7F4A_7C15, true),
        (0x2545_F491_4F6C_DD1D, false),
    ] {
        let mut bytes = random_bytes(len, seed);
        if !nul {
            bytes
                .iter_mut()
                .filter(|b| **b == 0)
                .for_each(|b| *b = b'\n');
        }
        on_small_stack(|| {
            for format in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
                let _ = masu_kif::read_bytes_as(&bytes, format, Mode::Strict);
                let Ok(p) = masu_kif::read_bytes_as(&bytes, format, Mode::Lenient) else {
                    continue;
                };
                let (text, back) = match format {
                    Format::Kif => {
                        let text = kif::to_string(&p.record);
                        let back = kif::read_str(&text, Mode::Lenient);
                        (text, back)
                    }
                    Format::Ki2 => {
                        let text = ki2::to_string(&p.record);
                        let back = ki2::read_str(&text, Mode::Lenient);
                        (text, back)
                    }
                    Format::Csa => {
                        let text = csa::to_string(&p.record);
                        let back = csa::read_str(&text, Mode::Lenient);
                        (text, back)
                    }
                    _ => {
                        let text = jkf::to_string(&p.record);
                        let back = jkf::read_str(&text, Mode::Lenient);
                        (text, back)
                    }
                };
                let back = back.unwrap_or_else(|e| panic!("{format:?}: {e}\n{text}"));
                let moves = |r: &Record| r.tree.moves_to(r.main_line_end());
                assert_eq!(moves(&back.record), moves(&p.record), "{format:?}");
            }
            let _ = masu_kif::read_bytes(&bytes, None, Mode::Lenient);
        });
    }
}

#[test]
fn random_bytes_in_every_format() {
    random(1_000_000);
}

#[test]
#[ignore = "10 MB per format: run with --release -- --ignored"]
fn random_bytes_in_every_format_full_size() {
    random(10_000_000);
}
