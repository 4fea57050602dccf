//! Perft from the command line:
//! `cargo run --release -p masu-shogi --example perft -- [--make] <depth> [sfen]`
//! (`--make` plays every move, leaves included, instead of counting the last ply).

use std::time::Instant;

use masu_shogi::{Position, perft, perft_make};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).peekable();
    let make = args.next_if_eq("--make").is_some();
    let depth: u32 = args.next().unwrap_or_else(|| "5".to_owned()).parse()?;
    let sfen = args.collect::<Vec<_>>().join(" ");
    let pos = if sfen.is_empty() {
        Position::startpos()
    } else {
        Position::from_sfen(&sfen)?
    };
    let start = Instant::now();
    let nodes = if make {
        perft_make(&pos, depth)
    } else {
        perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "perft {depth}: {nodes} nodes in {secs:.3} s ({:.1} Mnps)",
        nodes as f64 / secs / 1e6
    );
    Ok(())
}
