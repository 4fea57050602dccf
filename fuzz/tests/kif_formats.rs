//! Replays the corpora of the CSA and JKF targets, and checks that hostile input costs
//! time in proportion to its size.

use std::time::{Duration, Instant};

#[test]
fn csa_from_bytes() {
    masu_fuzz::replay_corpus(
        "csa_from_bytes",
        masu_fuzz::kif_formats::check_csa_from_bytes,
    );
}

#[test]
fn jkf_from_bytes() {
    masu_fuzz::replay_corpus(
        "jkf_from_bytes",
        masu_fuzz::kif_formats::check_jkf_from_bytes,
    );
}

/// 10 MB from a fixed linear congruential generator, with the given share of line breaks
/// and commas so the readers see many short and a few very long lines.
fn garbage(seed: u64, alphabet: &[u8]) -> Vec<u8> {
    let mut x = seed;
    (0..10_000_000)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            alphabet[(x >> 33) as usize % alphabet.len()]
        })
        .collect()
}

fn timed(what: &str, f: impl FnOnce()) {
    let start = Instant::now();
    f();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(2), "{what}: {took:?}");
}

#[test]
fn ten_megabytes_of_garbage_read_in_linear_time() {
    let bytes: Vec<u8> = (0..=255).collect();
    let csa_like = b"+-%'TPN$0123456789FUKYHI,\n ";
    for (name, data) in [
        ("random bytes", garbage(1, &bytes)),
        ("CSA-like tokens", garbage(2, csa_like)),
        ("one long line", garbage(3, b"+7776FU,T1,%X,'")),
    ] {
        timed(name, || {
            let _ = kif::csa::read_bytes(&data, kif::Mode::Lenient);
        });
        timed(name, || {
            let _ = kif::jkf::read_bytes(&data, kif::Mode::Lenient);
        });
    }
    // Valid JSON that is all problems: ten thousand are reported, then reading stops.
    let mut json = String::from("{\"header\": {}, \"moves\": [{}");
    while json.len() < 10_000_000 {
        json.push_str(",{\"x\":1}");
    }
    json.push_str("]}");
    timed("JKF full of unknown fields", || {
        let p = kif::jkf::read_str(&json, kif::Mode::Lenient);
        assert!(p.is_ok_and(|p| p.warnings.len() <= 10_001));
    });
}

/// Poor man's fuzzing on stable: every seed of both corpora, mutated by a fixed generator
/// (byte flips, insertions of format tokens, deletions, splices). Run with
/// `cargo test -p masu-fuzz --test kif_formats -- --ignored` (`MUTATIONS=n` inputs per
/// target, 20,000 by default).
#[test]
#[ignore = "a few minutes; run before a release"]
fn mutated_seeds() {
    let tokens: [&[u8]; 14] = [
        b"+7776FU",
        b",T",
        b"%TORYO",
        b"'*",
        b"\n",
        b"PI",
        b"P+00AL",
        b"-",
        b"\"forks\": [[",
        b"\"move\": {",
        b"}",
        b"]",
        b"\"special\": \"",
        b",",
    ];
    let mut x: u64 = 7;
    let mut next = move |n: usize| {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (x >> 33) as usize % n.max(1)
    };
    for (target, check) in [
        (
            "csa_from_bytes",
            masu_fuzz::kif_formats::check_csa_from_bytes as fn(&[u8]),
        ),
        (
            "jkf_from_bytes",
            masu_fuzz::kif_formats::check_jkf_from_bytes,
        ),
    ] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(target);
        let seeds: Vec<Vec<u8>> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| std::fs::read(e.path()).unwrap_or_default())
            .collect();
        let rounds = std::env::var("MUTATIONS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(20_000);
        for _ in 0..rounds {
            let mut data = seeds[next(seeds.len())].clone();
            for _ in 0..1 + next(4) {
                let at = next(data.len() + 1);
                match next(4) {
                    0 if at < data.len() => data[at] ^= 1 << next(8),
                    1 => {
                        let t = tokens[next(tokens.len())];
                        data.splice(at..at, t.iter().copied());
                    }
                    2 if at < data.len() => {
                        let end = (at + 1 + next(16)).min(data.len());
                        data.drain(at..end);
                    }
                    _ => {
                        let other = &seeds[next(seeds.len())];
                        let from = next(other.len());
                        let len = next(64).min(other.len() - from);
                        data.splice(at..at, other[from..from + len].iter().copied());
                    }
                }
            }
            let result = std::panic::catch_unwind(|| check(&data));
            assert!(
                result.is_ok(),
                "{target}: {:?}",
                String::from_utf8_lossy(&data)
            );
        }
    }
}
