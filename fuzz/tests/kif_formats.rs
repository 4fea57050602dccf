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

/// Runs `f` and records how long it took under `what`.
fn timed(took: &mut Vec<(String, Duration)>, what: &str, f: impl FnOnce()) {
    let start = Instant::now();
    f();
    took.push((what.to_owned(), start.elapsed()));
}

#[test]
fn ten_megabytes_of_garbage_read_in_linear_time() {
    let mut took = Vec::new();
    let bytes: Vec<u8> = (0..=255).collect();
    let csa_like = b"+-%'TPN$0123456789FUKYHI,\n ";
    for (name, data) in [
        ("random bytes", garbage(1, &bytes)),
        ("CSA-like tokens", garbage(2, csa_like)),
        ("one long line", garbage(3, b"+7776FU,T1,%X,'")),
    ] {
        timed(&mut took, &format!("CSA, {name}"), || {
            let _ = kif::csa::read_bytes(&data, kif::Mode::Lenient);
        });
        timed(&mut took, &format!("JKF, {name}"), || {
            let _ = kif::jkf::read_bytes(&data, kif::Mode::Lenient);
        });
    }
    // Valid JSON that is all problems: ten thousand are reported, then reading stops.
    let mut json = String::from("{\"header\": {}, \"moves\": [{}");
    while json.len() < 10_000_000 {
        json.push_str(",{\"x\":1}");
    }
    json.push_str("]}");
    timed(&mut took, "JKF full of unknown fields", || {
        let p = kif::jkf::read_str(&json, kif::Mode::Lenient);
        assert!(p.is_ok_and(|p| p.warnings.len() <= 10_001));
    });
    let slowest = took.iter().map(|t| t.1).max().unwrap_or_default();
    // Measured: 13-155 ms each on the 2-core machine; a second leaves room for load.
    assert!(slowest < Duration::from_secs(1), "{took:?}");
}
