//! `masu render`: an SVG picture of a shogi position.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use shogi::svg::{SvgOptions, render};
use shogi::{Game, Move, Position};

/// Draw a shogi position as SVG: board, both hands, side to move, last move highlighted.
///
/// What the reader of a record file doubted or left out is printed as `masu kif check`
/// prints it; the exit status is 1 when it left out part of the game (a move that does not
/// read), though the picture of the moves read is written.
#[derive(Debug, Args)]
// `--ply -1` is a bad ply, not an unknown flag.
#[command(allow_negative_numbers = true)]
pub(crate) struct RenderArgs {
    /// `startpos`, a SFEN, `position ... moves ...`, or a record file (KIF, KI2, CSA, JKF;
    /// `-`: standard input) whose main line is played; the last move is highlighted.
    position: String,
    /// Draw the position after this many of the moves instead of after all of them.
    #[arg(long)]
    ply: Option<usize>,
    /// Where to write the SVG (`-` for standard output). A name whose extension names
    /// another format (`board.png`) gets a warning, and the SVG.
    #[arg(short, long)]
    output: PathBuf,
    /// Read a position given as text as a mate problem, as `masu solve` does: the attacker
    /// may have no king, and the pieces on neither the board nor a hand are in the
    /// defender's hand (a record file says itself what it holds).
    #[arg(long)]
    tsume: bool,
}

impl RenderArgs {
    /// Reads the position argument when it is text, not a record file.
    pub(crate) fn read_position_text(&self) -> anyhow::Result<()> {
        if names_a_file(Path::new(&self.position)) {
            return Ok(());
        }
        let (start, moves) = game_from_text(&self.position, self.tsume)?;
        position_at(&start, &moves, self.ply).map(drop)
    }
}

pub(crate) fn run(args: &RenderArgs) -> anyhow::Result<ExitCode> {
    let path = Path::new(&args.position);
    let (start, moves, damaged) = if names_a_file(path) {
        record_main_line(path)?
    } else {
        let (start, moves) = game_from_text(&args.position, args.tsume)?;
        (start, moves, false)
    };
    let (pos, last) = position_at(&start, &moves, args.ply)?;
    let svg = render(
        &pos,
        &SvgOptions {
            last_move: last,
            ..SvgOptions::default()
        },
    );
    crate::output::warn_if_misnamed(&args.output, "SVG");
    crate::output::write(&args.output, svg.as_bytes())?;
    Ok(if damaged {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Whether the position argument names a file to read rather than a position: an existing
/// file or folder, `-`, or a name ending in a record extension (`game.kif`, which then
/// fails as a file that cannot be read, not as a position that does not parse).
fn names_a_file(path: &Path) -> bool {
    crate::input::is_file(path) || path.is_dir() || crate::input::format_hint(path).is_some()
}

/// The start position and moves of `startpos`, a SFEN or `position ... moves ...` (a mate
/// problem when `tsume`).
fn game_from_text(text: &str, tsume: bool) -> anyhow::Result<(Position, Vec<Move>)> {
    let game = crate::shogi_cmd::read_position_arg(text, tsume, Game::from_usi_with)?;
    Ok((game.start().clone(), game.moves().to_vec()))
}

/// The start position and main-line moves of a record file (a recorded foul is left out:
/// it cannot be played); of its first record when it holds several, with a note. The
/// reader's diagnostics are printed; whether it left out part of the game.
fn record_main_line(path: &Path) -> anyhow::Result<(Position, Vec<Move>, bool)> {
    if path.is_dir() {
        bail!("{} is a folder: give a record file in it", path.display());
    }
    let records = crate::input::read_records(path, kif::Mode::Lenient)?;
    if records.len() > 1 {
        crate::stderr::line(format_args!(
            "masu: note: {} holds {} records: drawing the first",
            crate::input::name(path),
            records.len()
        ));
    }
    let parsed = records
        .into_iter()
        .next()
        .ok_or_else(|| anyhow::anyhow!("{}: no record", crate::input::name(path)))?;
    let file = crate::input::location_name(path);
    let damaged = crate::kif_cmd::report_all(&file, std::slice::from_ref(&parsed)) > 0;
    let record = parsed.record;
    let start = record.start.position()?;
    let moves = record
        .tree
        .moves_to(record.main_line_end())
        .into_iter()
        .filter(|m| !m.illegal)
        .map(|m| m.mv)
        .collect();
    Ok((start, moves, damaged))
}

/// The position after the first `ply` moves (all when `None`) and the move that led to it.
pub(crate) fn position_at(
    start: &Position,
    moves: &[Move],
    ply: Option<usize>,
) -> anyhow::Result<(Position, Option<Move>)> {
    let count = ply.unwrap_or(moves.len());
    if count > moves.len() {
        let plural = if moves.len() == 1 { "" } else { "s" };
        bail!(
            "--ply {count} is past the last move (there {} {} move{plural})",
            if moves.len() == 1 { "is" } else { "are" },
            moves.len()
        );
    }
    let mut pos = start.clone();
    for &m in &moves[..count] {
        pos.play_unchecked(m);
    }
    Ok((pos, count.checked_sub(1).map(|i| moves[i])))
}
