//! `masu render`: an SVG picture of a shogi position.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use shogi::svg::{SvgOptions, render};
use shogi::{Game, Move, Position};

/// Draw a shogi position as SVG: board, both hands, side to move, last move highlighted.
#[derive(Debug, Args)]
pub(crate) struct RenderArgs {
    /// `startpos`, a SFEN, or `position ... moves ...` (the last move is highlighted).
    position: String,
    /// Draw the position after this many of the moves instead of after all of them.
    #[arg(long)]
    ply: Option<usize>,
    /// Where to write the SVG (`-` for standard output).
    #[arg(short, long)]
    output: PathBuf,
}

pub(crate) fn run(args: &RenderArgs) -> anyhow::Result<ExitCode> {
    let game = Game::from_usi(&args.position)
        .with_context(|| format!("invalid position `{}`", args.position))?;
    let (pos, last) = position_at(game.start(), game.moves(), args.ply)?;
    let svg = render(
        &pos,
        &SvgOptions {
            last_move: last,
            ..SvgOptions::default()
        },
    );
    crate::output::write(&args.output, svg.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The position after the first `ply` moves (all when `None`) and the move that led to it.
pub(crate) fn position_at(
    start: &Position,
    moves: &[Move],
    ply: Option<usize>,
) -> anyhow::Result<(Position, Option<Move>)> {
    let count = ply.unwrap_or(moves.len());
    if count > moves.len() {
        bail!(
            "--ply {count} is past the last move ({} moves)",
            moves.len()
        );
    }
    let mut pos = start.clone();
    for &m in &moves[..count] {
        pos.play_unchecked(m);
    }
    Ok((pos, count.checked_sub(1).map(|i| moves[i])))
}
