//! `masu`: every masu library at work from the command line.

use clap::Parser;

/// Shogi and reversi tools: perft, tsume solving, game records, a USI mate engine.
#[derive(Debug, Parser)]
#[command(name = "masu", version, about)]
struct Cli {}

fn main() -> anyhow::Result<()> {
    let _cli = Cli::parse();
    Ok(())
}
