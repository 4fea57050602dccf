//! `masu perft` and `masu moves`: the shogi move generator at work.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};
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
    /// Read the position as a mate problem, as `masu solve` does: the attacker may have no
    /// king, and the pieces on neither the board nor a hand are in the defender's hand.
    #[arg(long)]
    tsume: bool,
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
    /// Read the position as a mate problem, as `masu solve` does: the attacker may have no
    /// king, and the pieces on neither the board nor a hand are in the defender's hand.
    #[arg(long)]
    tsume: bool,
}

/// Reads a position argument with `read`, as a mate problem when `tsume` (`--tsume`). A
/// position refused as a game that reads as a mate problem lacks the attacker's king: the
/// message says to add `--tsume` (the library's own hint names its Rust API).
pub(crate) fn read_position_arg<T, E>(
    text: &str,
    tsume: bool,
    read: impl Fn(&str, SetupMode) -> Result<T, E>,
) -> anyhow::Result<T>
where
    E: std::error::Error + Send + Sync + 'static,
{
    let context = || format!("invalid position `{text}`");
    if tsume {
        return read(text, SetupMode::Tsume).with_context(context);
    }
    read(text, SetupMode::Strict).or_else(|err| {
        if read(text, SetupMode::Tsume).is_ok() {
            bail!(
                "{}: a king is missing (a mate problem: add --tsume)",
                context()
            );
        }
        Err(anyhow::Error::new(err).context(context()))
    })
}

impl PerftArgs {
    /// The position to count from.
    pub(crate) fn position(&self) -> anyhow::Result<Position> {
        read_position_arg(&self.position, self.tsume, Position::from_sfen_with)
    }
}

impl MovesArgs {
    /// The position whose moves are listed.
    pub(crate) fn position(&self) -> anyhow::Result<Position> {
        read_position_arg(&self.position, self.tsume, Position::from_sfen_with)
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
        crate::stderr::line(format_args!(
            "perft {}: {total} nodes in {secs:.3} s ({mnps:.1} Mnps)",
            args.depth
        ));
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
