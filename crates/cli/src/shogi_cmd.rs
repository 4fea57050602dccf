//! `masu perft` and `masu moves`: the shogi move generator at work.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use shogi::{Position, SetupMode};

/// Count the leaves of the legal move tree (perft) from a shogi position.
#[derive(Debug, Args)]
// `-1` is a bad depth, not an unknown flag.
#[command(allow_negative_numbers = true)]
pub(crate) struct PerftArgs {
    /// `startpos`, a SFEN (`sfen ...` or the four bare fields) or `position ... moves ...`.
    position: String,
    /// Plies to search, 0 to 64 (a deeper search would exhaust the stack, and no tree that
    /// deep can be counted).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// Print `<usi move> <count>` for every root move first.
    #[arg(long)]
    divide: bool,
    /// Play every move, the leaves included, instead of counting the last ply: the cost of
    /// make and unmake, as an engine's search pays it.
    #[arg(long)]
    make: bool,
    /// Print the time taken and nodes per second to stderr.
    #[arg(long)]
    time: bool,
}

/// The deepest `masu perft`: each ply is a frame of the recursive walk, and thousands of
/// them overflow the main thread's stack (`masu perft startpos 4000` aborted). Perft of a
/// real position is out of reach far below 64 plies.
const MAX_DEPTH: u32 = 64;

/// List every legal move of a shogi position in USI, sorted.
#[derive(Debug, Args)]
pub(crate) struct MovesArgs {
    /// `startpos`, a SFEN (`sfen ...` or the four bare fields) or `position ... moves ...`.
    position: String,
    /// Print one JSON array instead of one move a line.
    #[arg(long)]
    json: bool,
}

/// Reads a position argument in any form `Position::from_sfen` accepts.
fn parse_position(text: &str) -> anyhow::Result<Position> {
    Position::from_sfen_with(text, SetupMode::Strict)
        .with_context(|| format!("invalid position `{text}`"))
}

impl PerftArgs {
    /// The position to count from.
    pub(crate) fn position(&self) -> anyhow::Result<Position> {
        parse_position(&self.position)
    }
}

impl MovesArgs {
    /// The position whose moves are listed.
    pub(crate) fn position(&self) -> anyhow::Result<Position> {
        parse_position(&self.position)
    }
}

pub(crate) fn perft(args: &PerftArgs) -> anyhow::Result<ExitCode> {
    let pos = args.position()?;
    let count = |p: &Position, depth| {
        if args.make {
            shogi::perft_make(p, depth)
        } else {
            shogi::perft(p, depth)
        }
    };
    let start = std::time::Instant::now();
    let mut out = std::io::stdout().lock();
    let total = if args.divide && args.depth > 0 {
        let mut rows: Vec<(String, u64)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                (m.to_usi().to_string(), count(&next, args.depth - 1))
            })
            .collect();
        rows.sort();
        for (usi, count) in &rows {
            writeln!(out, "{usi} {count}")?;
        }
        rows.iter().map(|(_, count)| count).sum()
    } else {
        count(&pos, args.depth)
    };
    writeln!(out, "{total}")?;
    if args.time {
        let secs = start.elapsed().as_secs_f64();
        let mnps = total as f64 / secs.max(1e-9) / 1e6;
        eprintln!(
            "perft {}: {total} nodes in {secs:.3} s ({mnps:.1} Mnps)",
            args.depth
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The legal moves of `pos` in USI, sorted.
pub(crate) fn sorted_usi_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| m.to_usi().to_string())
        .collect();
    moves.sort();
    moves
}

pub(crate) fn moves(args: &MovesArgs) -> anyhow::Result<ExitCode> {
    let pos = args.position()?;
    let moves = sorted_usi_moves(&pos);
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&moves)?)?;
    } else {
        for usi in moves {
            writeln!(out, "{usi}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
