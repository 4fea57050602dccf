//! Replays the corpora of the game-record targets, and checks that reading is linear: 10 MB
//! of garbage (random bytes, and random lines of record fragments) reads in well under a
//! second.

use std::time::{Duration, Instant};

use kif::{Mode, Parsed, ReadError, ki2};

#[test]
fn kif_read() {
    masu_fuzz::replay_corpus("kif_read", masu_fuzz::kif::check_kif_read);
}

#[test]
fn ki2_read() {
    masu_fuzz::replay_corpus("ki2_read", masu_fuzz::kif::check_ki2_read);
}

#[test]
fn kif_move() {
    masu_fuzz::replay_corpus("kif_move", masu_fuzz::kif::check_kif_move);
}

/// A fixed-seed xorshift generator: the inputs are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

const SIZE: usize = 10 * 1024 * 1024;

/// Random bytes; `nul` keeps NUL bytes (binary data, refused by the decoder) or replaces them.
fn random_bytes(nul: bool) -> Vec<u8> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..SIZE)
        .map(|_| match rng.next() as u8 {
            0 if !nul => b'\n',
            b => b,
        })
        .collect()
}

/// Lines picked at random from pieces of real records, so that every reader path runs.
fn random_lines() -> Vec<u8> {
    const PIECES: &[&str] = &[
        "   1 ７六歩(77)   ( 0:16/00:00:16)+\n",
        "   2 ３四歩(33)\n",
        "   3 同　角成(88)\n",
        "  99 投了\n",
        "変化：1手\n",
        "変化：3手\n",
        "変化：200手\n",
        "*コメント\n",
        "&しおり\n",
        "まで3手で先手の勝ち\n",
        "▲７六歩    △３四歩    ▲２二角成    △同　銀\n",
        "▲５八金右△同　歩▲２八銀左引",
        "手合割：平手\n",
        "| ・ ・ ・ ・ ・ ・ ・v歩v玉|一\n",
        "後手の持駒：飛二　角二　金三　歩十七\n",
        "\n",
        "#KIF version=2.0 encoding=UTF-8\n",
        "\u{3000}\u{3000}",
        "(((((",
    ];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut out = Vec::with_capacity(SIZE + 64);
    while out.len() < SIZE {
        let piece = PIECES[(rng.next() % PIECES.len() as u64) as usize];
        out.extend_from_slice(piece.as_bytes());
    }
    out
}

/// The most a read of ten megabytes may take. What it guards against is a cost that grows
/// faster than the input (ten megabytes read quadratically take hours); the slowest input
/// takes 0.5-0.9 s on the 2-core machine, more with other builds beside it, so a second
/// failed a loaded run.
const LIMIT: Duration = Duration::from_secs(3);

/// Reads `input` and checks the time: the best of up to three runs under [`LIMIT`].
fn timed(what: &str, input: &[u8], read: fn(&[u8], Mode) -> Result<Parsed, ReadError>) {
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let start = Instant::now();
        let result = read(input, Mode::Lenient);
        let elapsed = start.elapsed();
        drop(result);
        best = best.min(elapsed);
        if best < LIMIT {
            break;
        }
    }
    eprintln!("{what}: {} bytes in {best:?}", input.len());
    assert!(best < LIMIT, "{what}: {best:?}");
}

#[test]
fn ten_megabytes_of_garbage_read_in_linear_time() {
    let bytes = random_bytes(true);
    assert!(
        kif::kif::read_bytes(&bytes, Mode::Lenient).is_err(),
        "binary data"
    );
    timed("KIF, random bytes", &bytes, kif::kif::read_bytes);
    let bytes = random_bytes(false);
    let lines = random_lines();
    timed(
        "KIF, random bytes without NUL",
        &bytes,
        kif::kif::read_bytes,
    );
    timed("KI2, random bytes without NUL", &bytes, ki2::read_bytes);
    timed("KIF, random lines", &lines, kif::kif::read_bytes);
    timed("KI2, random lines", &lines, ki2::read_bytes);
    let long_line: Vec<u8> = "▲５八金右".repeat(SIZE / 15).into_bytes();
    timed("KI2, one long line", &long_line, ki2::read_bytes);
}
