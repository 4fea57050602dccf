//! Reversi perft depth 11 from the start (mode 1: a pass is a ply, a finished game is a leaf;
//! 212,258,800 leaves, Aart Bik / Egaroucid), masu side by side with the crates.io peers
//! othello, rust_reversi_core and magpie. Every engine counts the last ply in bulk (the
//! popcount of the move mask), and every run asserts the published count.
//!
//! "masu-reversi" dispatches at run time to kernels compiled for POPCNT/LZCNT/BMI/AVX2;
//! "masu-reversi portable kernel" forces the baseline code, so the two rows show the gain.
//!
//! Set `REVERSI_PERFT_DEPTH` to bench another depth (1-13) on a slow machine.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use magpie::othello::{Board as MagpieBoard, Stone};
use reversi::{Board, PerftMode, perft, perft_portable};
use rust_reversi_core::board::Board as RrcBoard;

/// Mode 1 counts from the notes (Egaroucid table, Aart Bik 2009).
const LEAVES: [u64; 14] = [
    1,
    4,
    12,
    56,
    244,
    1_396,
    8_200,
    55_092,
    390_216,
    3_005_288,
    24_571_284,
    212_258_800,
    1_939_886_636,
    18_429_641_748,
];

fn othello_perft(game: &othello::Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.available_moves();
    if moves == 0 {
        let mut passed = game.clone();
        passed.pass_move();
        return if passed.available_moves() == 0 {
            1
        } else {
            othello_perft(&passed, depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut sum = 0;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        if let Some(next) = game.make_move(sq) {
            sum += othello_perft(&next, depth - 1);
        }
    }
    sum
}

fn rrc_perft(board: &mut RrcBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.get_legal_moves();
    if moves == 0 {
        if board.is_game_over() {
            return 1;
        }
        let mut passed = board.clone();
        return match passed.do_pass() {
            Ok(()) => rrc_perft(&mut passed, depth - 1),
            Err(_) => 1,
        };
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut sum = 0;
    let mut m = moves;
    while m != 0 {
        // rust_reversi_core numbers square i as bit 63 - i.
        let pos = 63 - m.trailing_zeros() as usize;
        m &= m - 1;
        let mut next = board.clone();
        if next.do_move(pos).is_ok() {
            sum += rrc_perft(&mut next, depth - 1);
        }
    }
    sum
}

fn magpie_perft(board: &MagpieBoard, stone: Stone, passed: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves_for(stone);
    if moves.is_empty() {
        return if passed || board.moves_for(stone.flip()).is_empty() {
            1
        } else {
            magpie_perft(board, stone.flip(), true, depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(moves.count_set());
    }
    moves
        .hot_bits()
        .map(|pos| {
            let mut next = board.clone();
            next.play(stone, pos);
            magpie_perft(&next, stone.flip(), false, depth - 1)
        })
        .sum()
}

fn depth() -> u32 {
    std::env::var("REVERSI_PERFT_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .filter(|d| (1..=13).contains(d))
        .unwrap_or(11)
}

fn bench_perft(c: &mut Criterion) {
    let depth = depth();
    let expected = LEAVES[depth as usize];
    let mut group = c.benchmark_group(format!("reversi_perft_d{depth}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    group.bench_function("masu-reversi", |b| {
        b.iter(|| {
            assert_eq!(
                perft(black_box(&Board::new()), depth, PerftMode::PassIsPly),
                expected
            )
        });
    });
    group.bench_function("othello", |b| {
        b.iter(|| {
            assert_eq!(
                othello_perft(black_box(&othello::Game::default()), depth),
                expected
            )
        });
    });
    group.bench_function("rust_reversi_core", |b| {
        b.iter(|| assert_eq!(rrc_perft(black_box(&mut RrcBoard::new()), depth), expected));
    });
    group.bench_function("magpie", |b| {
        b.iter(|| {
            assert_eq!(
                magpie_perft(
                    black_box(&MagpieBoard::standard()),
                    Stone::Black,
                    false,
                    depth
                ),
                expected
            )
        });
    });
    group.bench_function("masu-reversi portable kernel", |b| {
        b.iter(|| {
            assert_eq!(
                perft_portable(black_box(&Board::new()), depth, PerftMode::PassIsPly),
                expected
            )
        });
    });
    group.bench_function("masu-reversi exact-depth", |b| {
        b.iter(|| perft(black_box(&Board::new()), depth, PerftMode::ExactDepth));
    });
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
