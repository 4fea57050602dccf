//! `masu`: every masu library at work from the command line.

mod kif_cmd;
mod output;
mod render;
mod reversi_cmd;
mod reversi_play;
mod shogi_cmd;
mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Shogi and reversi tools: perft, legal moves, tsume solving, game records, a USI mate engine.
#[derive(Debug, Parser)]
#[command(name = "masu", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Perft(shogi_cmd::PerftArgs),
    Moves(shogi_cmd::MovesArgs),
    Solve(solve::SolveArgs),
    Render(render::RenderArgs),
    Kif(kif_cmd::KifArgs),
    Reversi(reversi_cmd::ReversiArgs),
    /// Speak USI on stdin/stdout: a mate engine for shogi GUIs (`go mate`).
    Usi,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) if !err.use_stderr() => err.exit(),
        Err(err) => {
            // One line naming the problem, as for every other error.
            let text = err.to_string();
            let first = text.lines().next().unwrap_or_default();
            eprintln!(
                "masu: {} (see masu --help)",
                first.trim_start_matches("error: ")
            );
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Perft(args) => shogi_cmd::perft(&args),
        Command::Moves(args) => shogi_cmd::moves(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Kif(args) => kif_cmd::run(&args),
        Command::Reversi(args) => reversi_cmd::run(&args),
        Command::Usi => masu::usi::run(std::io::stdin().lock(), Box::new(std::io::stdout()))
            .map(|()| ExitCode::SUCCESS)
            .map_err(Into::into),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("masu: {err:#}");
            ExitCode::FAILURE
        }
    }
}
