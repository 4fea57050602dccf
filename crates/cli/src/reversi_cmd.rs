//! `masu reversi ...`: perft, the exact endgame solver and terminal games.

use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};
use clap::{Args, Subcommand, ValueEnum};
use reversi::{Board, ParseBoardError, PerftMode, SolveLimits, SolveOutcome, Solver};

/// Reversi (othello): perft, exact endgame solving, games in the terminal.
#[derive(Debug, Args)]
pub(crate) struct ReversiArgs {
    #[command(subcommand)]
    command: ReversiCommand,
}

#[derive(Debug, Subcommand)]
enum ReversiCommand {
    Perft(PerftArgs),
    Solve(SolveArgs),
    Play(crate::reversi_play::PlayArgs),
    Render(RenderArgs),
}

/// Draw a board as SVG: discs, last move, legal moves, counts.
#[derive(Debug, Args)]
struct RenderArgs {
    /// A 64-character board string (side to move `X` unless followed by ` O`; it may begin
    /// with `-`), or a transcript from the start such as `f5d6c3` (its last move is marked).
    #[arg(allow_hyphen_values = true)]
    board: String,
    /// Where to write the SVG (`-` for standard output). A name whose extension names
    /// another format (`board.png`) gets a warning, and the SVG.
    #[arg(short, long)]
    output: std::path::PathBuf,
}

/// Count the leaves of the move tree from the start position, or from `--board`.
///
/// The count, and the time, grow about tenfold a ply: depth 11 (212,258,800 leaves) takes a
/// third of a second of an x86-64 core, each ply more about ten times as long.
#[derive(Debug, Args)]
struct PerftArgs {
    /// Plies to search.
    depth: u32,
    /// How passes count: a pass is a ply (pass1), is free (pass0), or only exact-depth lines count (exact).
    #[arg(long, value_enum, default_value_t = Mode::Pass1)]
    mode: Mode,
    /// The position to count from: a 64-character board string (side to move `X` unless
    /// followed by ` O`), or a transcript from the start such as `f5d6c3`.
    #[arg(long, allow_hyphen_values = true)]
    board: Option<String>,
    /// Print `<move> <count>` for every first move, in square order, before the total (a
    /// forced pass as `pass`).
    #[arg(long)]
    divide: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Mode {
    Pass1,
    Pass0,
    Exact,
}

/// Solve a position exactly: the score with perfect play and a best move.
///
/// The score is the side to move's final disc margin, the empty squares going to the winner
/// (-64 to +64, as FFO scores). Without `--time` the solve runs to the end: under a second
/// at 20 empties, seconds to minutes at 26 to 30 (FFO #50-#58), far longer beyond.
#[derive(Debug, Args)]
struct SolveArgs {
    /// 64 characters a1..h8: `X` black, `O` white, `-` empty (it may begin with `-`); or a
    /// board as masu writes it, the side to move after a blank, in one argument.
    #[arg(allow_hyphen_values = true)]
    board: String,
    /// The side to move: `X` or `black`, `O` or `white`, unless the board argument gives it.
    side: Option<String>,
    /// Stop after this many seconds (no limit by default).
    #[arg(long, allow_hyphen_values = true, value_parser = crate::seconds::parse_seconds)]
    time: Option<Duration>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, value_parser = crate::table_size::parse_table_mib)]
    hash: usize,
    /// Print one JSON object (also when the time limit stops the solve: `score` null,
    /// `stopped`, and the best of the root moves finished with its score as
    /// `lower_bound_move` and `lower_bound`).
    #[arg(long)]
    json: bool,
}

impl ReversiArgs {
    /// Reads the board or transcript argument of `solve`, `render` or `play`.
    pub(crate) fn read_board(&self) -> anyhow::Result<()> {
        match &self.command {
            ReversiCommand::Perft(args) => args.board().map(drop),
            ReversiCommand::Solve(args) => args.board().map(drop),
            ReversiCommand::Play(args) => args.game().map(drop),
            ReversiCommand::Render(args) => args.board().map(drop),
        }
    }
}

impl SolveArgs {
    /// The position to solve: the board string and the side to move.
    fn board(&self) -> anyhow::Result<Board> {
        let text = match &self.side {
            Some(side) => format!("{} {side}", self.board),
            None => self.board.trim().to_owned(),
        };
        match text.parse() {
            // The squares alone, the side neither glued on (`...O`) nor after a blank.
            Err(ParseBoardError::InvalidSide) if !text.contains(char::is_whitespace) => {
                bail!("the side to move is missing: X or O after the board (`{text} X`)")
            }
            parsed => parsed.with_context(|| format!("invalid board `{text}`")),
        }
    }
}

impl RenderArgs {
    /// The board to draw and the last move of a transcript, if one was given.
    fn board(&self) -> anyhow::Result<(Board, Option<reversi::Square>)> {
        board_or_transcript(&self.board)
    }
}

impl PerftArgs {
    /// The position to count from: `--board`, or the start.
    fn board(&self) -> anyhow::Result<Board> {
        match &self.board {
            Some(text) => board_or_transcript(text).map(|(board, _)| board),
            None => Ok(Board::new()),
        }
    }
}

/// A board string, or the board a transcript from the start leads to with its last move
/// played (none for a board string or a transcript of passes).
fn board_or_transcript(text: &str) -> anyhow::Result<(Board, Option<reversi::Square>)> {
    let text = text.trim();
    // Transcripts name squares, so they hold digits; board strings never do.
    if !text.is_empty() && !text.contains(|c: char| c.is_ascii_digit()) {
        return Ok((board_arg(text)?, None));
    }
    let game = reversi::Game::from_transcript(text)
        .with_context(|| format!("invalid transcript `{text}`"))?;
    let last = game.moves().iter().rev().find_map(|m| match m {
        reversi::Move::Play(sq) => Some(*sq),
        reversi::Move::Pass => None,
    });
    Ok((*game.board(), last))
}

pub(crate) fn run(args: &ReversiArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        ReversiCommand::Perft(args) => perft(args),
        ReversiCommand::Solve(args) => solve(args),
        ReversiCommand::Play(args) => crate::reversi_play::run(args),
        ReversiCommand::Render(args) => render(args),
    }
}

fn perft(args: &PerftArgs) -> anyhow::Result<ExitCode> {
    let mode = match args.mode {
        Mode::Pass1 => PerftMode::PassIsPly,
        Mode::Pass0 => PerftMode::PassIsFree,
        Mode::Exact => PerftMode::ExactDepth,
    };
    let board = args.board()?;
    let mut out = std::io::stdout().lock();
    if args.divide {
        for (mv, count) in reversi::perft_divide(&board, args.depth, mode) {
            writeln!(out, "{mv} {count}")?;
        }
    }
    writeln!(out, "{}", reversi::perft(&board, args.depth, mode))?;
    Ok(ExitCode::SUCCESS)
}

fn solve(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let board = args.board()?;
    let limits = SolveLimits {
        nodes: None,
        time: args.time,
    };
    let mut solver = Solver::try_new(args.hash.saturating_mul(1 << 20))
        .with_context(|| format!("--hash {}", args.hash))?;
    let started = std::time::Instant::now();
    let solution = match solver.solve(&board, limits, |_| ControlFlow::Continue(())) {
        SolveOutcome::Solved(solution) => solution,
        SolveOutcome::Stopped { nodes, best } => {
            if args.json {
                // A script reading the JSON gets a row here too: no score, and the best
                // move of the root moves finished, with its score as a lower bound.
                let value = serde_json::json!({
                    "board": board.to_string(),
                    "stopped": "time_limit",
                    "score": null,
                    "best": null,
                    "lower_bound": best.map(|p| p.score),
                    "lower_bound_move": best.map(|p| p.best_move.to_string()),
                    "nodes": nodes,
                    "millis": started.elapsed().as_millis(),
                });
                writeln!(std::io::stdout().lock(), "{value}")?;
            }
            bail!("stopped by the time limit after {nodes} nodes")
        }
    };
    let best = solution.best_move.map(|m| m.to_string());
    let mut out = std::io::stdout().lock();
    if args.json {
        // A finished game has no move: `null`, as the stopped row has and Python's `None`.
        let value = serde_json::json!({
            "board": board.to_string(),
            "score": solution.score,
            "best": best,
            "nodes": solution.nodes,
            "millis": solution.elapsed.as_millis(),
        });
        writeln!(out, "{value}")?;
    } else {
        writeln!(out, "score {:+}", solution.score)?;
        writeln!(out, "best {}", best.as_deref().unwrap_or("none"))?;
        writeln!(out, "nodes {}", solution.nodes)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A board string given on the command line: 64 squares, then the side to move (`X` when
/// left out).
pub(crate) fn board_arg(text: &str) -> anyhow::Result<Board> {
    let text = text.trim();
    let parsed = match text.parse() {
        // The squares alone, the side neither glued on (`...O`) nor after a blank: X.
        Err(ParseBoardError::InvalidSide) if !text.contains(char::is_whitespace) => {
            format!("{text} X").parse()
        }
        parsed => parsed,
    };
    parsed.with_context(|| format!("invalid board `{text}`"))
}

fn render(args: &RenderArgs) -> anyhow::Result<ExitCode> {
    let (board, last_move) = args.board()?;
    let options = reversi::svg::SvgOptions {
        last_move,
        ..reversi::svg::SvgOptions::default()
    };
    crate::output::warn_if_misnamed(&args.output, "SVG");
    crate::output::write(
        &args.output,
        reversi::svg::render(&board, &options).as_bytes(),
    )?;
    Ok(ExitCode::SUCCESS)
}
