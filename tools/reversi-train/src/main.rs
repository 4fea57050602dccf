//! Fits the weights of masu-reversi's trained pattern evaluation
//! (`crates/reversi/src/pattern_weights.bin`); an unpublished tool of the workspace.
//!
//! Two steps, both seeded and single-threaded, so the same arguments give the same file:
//!
//! ```sh
//! # Positions from self-play, each labelled with its exact score by the crate's solver
//! # (twelve files of 6000 games, about 5 CPU minutes each).
//! cargo build --release -p reversi-train
//! for seed in $(seq 1 12); do
//!     target/release/reversi-train generate samples-$seed.bin 6000 $seed
//! done
//! # Least-squares fit of the pattern weights by stochastic gradient descent (the files in
//! # the shell's order: samples-1, samples-10, samples-11, samples-12, samples-2, ...).
//! target/release/reversi-train fit crates/reversi/src/pattern_weights.bin samples-*.bin
//! ```
//!
//! Self-play: a few random opening moves, then a two-ply alpha-beta player with one move in
//! eight chosen at random, so the positions are realistic but varied. From each game two
//! positions are kept, one with 15-19 empty squares and the first one with each of 14 to 10
//! empties, and solved exactly.
//!
//! `match OPENINGS DEPTH` plays alpha-beta players of that depth (exact from 12 empties) with
//! the trained and the classic evaluation against each other from seeded random 8-ply
//! openings, each opening with both colours, and prints the trained side's results.
//!
//! The fit sees every position under all eight symmetries, so the weights come out (nearly)
//! symmetric; a tenth of the games is held out to report the error.

use std::ops::ControlFlow;
use std::time::Instant;

use reversi::bits::legal_moves;
use reversi::training::{INSTANCES, Rng, SCALAR_BASE, UNIT, WEIGHTS, feature_indices};
use reversi::{
    AlphaBetaPlayer, Board, Evaluation, Game, Move, Player, ScoreRule, SolveLimits, SolveOutcome,
    Solver, Square, Symmetry, play_game,
};

type Error = Box<dyn std::error::Error>;

/// One labelled position: the side to move's and the opponent's discs, the exact score, and
/// the game it came from (for the hold-out split).
#[derive(Clone, Copy)]
struct Sample {
    p: u64,
    o: u64,
    score: i8,
    game: u32,
}

const SAMPLE_BYTES: usize = 8 + 8 + 1 + 4;

/// Weight decay per update, relative to the error term.
const DECAY: f32 = 0.05;

/// Passes over the training positions, and the first one's step (which shrinks linearly to a
/// floor of 0.0005): the weights far outnumber the positions, so less fitting helps
/// (crates/reversi/MEASUREMENTS.md, constants).
const EPOCHS: usize = 24;
const STEP: f32 = 0.001;

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["generate", out, games, seed] => generate(out, games.parse()?, seed.parse()?),
        ["fit", out, samples @ ..] if !samples.is_empty() => fit(samples, out),
        ["match", openings, depth] => play_match(openings.parse()?, depth.parse()?),
        _ => Err(
            "usage: reversi-train generate OUT GAMES SEED | fit OUT SAMPLES... | match OPENINGS DEPTH"
                .into(),
        ),
    }
}

/// A random legal move of `board` (which must have one).
fn random_move(board: &Board, rng: &mut Rng) -> Square {
    let moves: Vec<Square> = board.moves().collect();
    moves[rng.below(u32::try_from(moves.len()).unwrap_or(u32::MAX)) as usize]
}

fn generate(out: &str, games: u32, seed: u64) -> Result<(), Error> {
    let mut rng = Rng::new(seed);
    // The classic evaluation, so the positions do not depend on the weights being fitted.
    let mut player = AlphaBetaPlayer::new(2, 0).with_evaluation(Evaluation::Classic);
    let mut solver = Solver::new(64 << 20);
    let mut samples = Vec::new();
    let start = Instant::now();
    for game in 0..games {
        let high = 15 + rng.below(5);
        let targets = [high, 14, 13, 12, 11, 10];
        let opening = 2 + rng.below(8);
        let mut board = Board::new();
        let mut ply = 0;
        for target in targets {
            while board.empty_count() > target && !board.is_game_over() {
                let mv = if !board.has_moves() {
                    Move::Pass
                } else if ply < opening || rng.below(8) == 0 {
                    Move::Play(random_move(&board, &mut rng))
                } else {
                    player.choose(&board).ok_or("no move")?
                };
                board = board.play(mv)?;
                ply += 1;
            }
            if board.is_game_over() {
                break;
            }
            let outcome = solver.solve(&board, SolveLimits::none(), |_| ControlFlow::Continue(()));
            let SolveOutcome::Solved(s) = outcome else {
                return Err("solver stopped without limits".into());
            };
            samples.push(Sample {
                p: board.player(),
                o: board.opponent(),
                score: i8::try_from(s.score)?,
                game,
            });
        }
        if (game + 1) % 500 == 0 {
            eprintln!(
                "{} games, {} positions, {:.0} s",
                game + 1,
                samples.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    let mut bytes = Vec::with_capacity(samples.len() * SAMPLE_BYTES);
    for s in &samples {
        bytes.extend_from_slice(&s.p.to_le_bytes());
        bytes.extend_from_slice(&s.o.to_le_bytes());
        bytes.extend_from_slice(&s.score.to_le_bytes());
        bytes.extend_from_slice(&s.game.to_le_bytes());
    }
    std::fs::write(out, bytes)?;
    eprintln!(
        "{} positions in {:.0} s",
        samples.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn read_samples(path: &str) -> Result<Vec<Sample>, Error> {
    let bytes = std::fs::read(path)?;
    let field = |c: &[u8], at: usize| -> Result<u64, Error> {
        Ok(u64::from_le_bytes(c[at..at + 8].try_into()?))
    };
    bytes
        .chunks_exact(SAMPLE_BYTES)
        .map(|c| {
            Ok(Sample {
                p: field(c, 0)?,
                o: field(c, 8)?,
                score: i8::from_le_bytes([c[16]]),
                game: u32::from_le_bytes(c[17..21].try_into()?),
            })
        })
        .collect()
}

/// What the model reads from one position: the weight indices and the two mobility counts.
struct Features {
    indices: [usize; INSTANCES],
    scalars: usize,
    moves: [f32; 2],
}

fn features(p: u64, o: u64) -> Features {
    let moves = [
        legal_moves(p, o).count_ones() as f32,
        legal_moves(o, p).count_ones() as f32,
    ];
    Features {
        indices: feature_indices(p, o).map(|i| i as usize),
        scalars: SCALAR_BASE,
        moves,
    }
}

fn predict(w: &[f32], f: &Features) -> f32 {
    let patterns: f32 = f.indices.iter().map(|&i| w[i]).sum();
    patterns + w[f.scalars] * f.moves[0] + w[f.scalars + 1] * f.moves[1] + w[f.scalars + 2]
}

/// Root-mean-square error in discs over `samples`.
fn rmse(w: &[f32], samples: &[Sample]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = f64::from(predict(w, &features(s.p, s.o)) - f32::from(s.score));
            e * e
        })
        .sum();
    (sum / samples.len().max(1) as f64).sqrt()
}

fn fit(paths: &[&str], out: &str) -> Result<(), Error> {
    let mut samples = Vec::new();
    for path in paths {
        samples.extend(read_samples(path)?);
    }
    let (test, train): (Vec<Sample>, Vec<Sample>) = samples.iter().partition(|s| s.game % 10 == 0);
    eprintln!(
        "{} training positions, {} held out",
        train.len(),
        test.len()
    );
    // Every training position under every symmetry, in a seeded shuffled order.
    let mut order: Vec<(usize, Symmetry)> = (0..train.len())
        .flat_map(|i| Symmetry::ALL.map(|sym| (i, sym)))
        .collect();
    let mut rng = Rng::new(7);
    let mut w = vec![0f32; WEIGHTS];
    for epoch in 0..EPOCHS {
        for i in (1..order.len()).rev() {
            let bound = u32::try_from(i + 1)?;
            order.swap(i, rng.below(bound) as usize);
        }
        // The step shrinks over the epochs; scalar terms see counts of up to ~20, so a smaller one.
        let lr = STEP * (1.0 - epoch as f32 / EPOCHS as f32) + 0.0005;
        for &(i, sym) in &order {
            let s = train[i];
            let f = features(sym.apply_bits(s.p), sym.apply_bits(s.o));
            let err = predict(&w, &f) - f32::from(s.score);
            for &k in &f.indices {
                // A little weight decay keeps rarely seen configurations near zero.
                w[k] -= lr * (err + DECAY * w[k]);
            }
            w[f.scalars] -= lr * 0.02 * err * f.moves[0];
            w[f.scalars + 1] -= lr * 0.02 * err * f.moves[1];
            w[f.scalars + 2] -= lr * 0.1 * err;
        }
        eprintln!(
            "epoch {epoch}: rmse train {:.2}, held out {:.2} discs",
            rmse(&w, &train),
            rmse(&w, &test)
        );
    }
    // By empty squares: the positions with more empties are the harder ones.
    let by_empties: Vec<String> = (10..20)
        .map(|e| {
            let some: Vec<Sample> = test
                .iter()
                .copied()
                .filter(|s| (!(s.p | s.o)).count_ones() == e)
                .collect();
            format!("{e}: {:.2}", rmse(&w, &some))
        })
        .collect();
    eprintln!("held out by empties: {}", by_empties.join(", "));
    let zero = vec![0f32; w.len()];
    eprintln!(
        "held out with all weights 0: {:.2} discs",
        rmse(&zero, &test)
    );
    let mut bytes = Vec::with_capacity(w.len() * 2);
    for x in w {
        let q = (x * UNIT as f32)
            .round()
            .clamp(f32::from(i16::MIN), f32::from(i16::MAX));
        bytes.extend_from_slice(&(q as i16).to_le_bytes());
    }
    std::fs::write(out, bytes)?;
    Ok(())
}

/// The trained evaluation against the classic one: each opening twice, colours swapped.
fn play_match(openings: u32, depth: u32) -> Result<(), Error> {
    let mut rng = Rng::new(2024);
    let (mut wins, mut draws, mut losses, mut margin) = (0, 0, 0, 0i64);
    for _ in 0..openings {
        let mut game = Game::new();
        while game.moves().len() < 8 && !game.is_over() {
            let board = *game.board();
            let mv = if board.has_moves() {
                Move::Play(random_move(&board, &mut rng))
            } else {
                Move::Pass
            };
            game.play(mv)?;
        }
        for trained_black in [true, false] {
            let mut trained = AlphaBetaPlayer::new(depth, 12).with_evaluation(Evaluation::Pattern);
            let mut classic = AlphaBetaPlayer::new(depth, 12).with_evaluation(Evaluation::Classic);
            let end = if trained_black {
                play_game(&mut trained, &mut classic, game.clone())
            } else {
                play_game(&mut classic, &mut trained, game.clone())
            };
            let black_margin = end.score(ScoreRule::EmptiesToWinner);
            let m = if trained_black {
                black_margin
            } else {
                -black_margin
            };
            margin += i64::from(m);
            match m.signum() {
                1 => wins += 1,
                0 => draws += 1,
                _ => losses += 1,
            }
        }
    }
    eprintln!(
        "trained vs classic, depth {depth}, {} games: {wins} wins, {draws} draws, {losses} losses, \
         mean margin {:+.2}",
        2 * openings,
        margin as f64 / f64::from(2 * openings)
    );
    Ok(())
}
