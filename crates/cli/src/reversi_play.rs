//! `masu reversi play`: a game in the terminal between humans and computer players.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::bail;
use clap::{Args, ValueEnum};
use reversi::{
    AlphaBetaPlayer, Board, Color, Game, GreedyPlayer, MonteCarloPlayer, Move, Player,
    RandomPlayer, ScoreRule,
};

/// Play a game in the terminal: the board is drawn, legal moves listed, moves typed as `f5`.
#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    /// Who plays Black (moves first).
    #[arg(long, value_enum, default_value_t = Who::Human)]
    black: Who,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = Who::Alphabeta)]
    white: Who,
    /// Seed of the random and Monte-Carlo players (the same seed, the same game).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Playouts per legal move of the Monte-Carlo player, 1 or more.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    playouts: u32,
    /// Search depth of the alpha-beta player in plies, 1 or more (it solves exactly from 14
    /// empties).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// Start from this 64-character board string instead of the standard start (side to
    /// move `X` unless followed by ` O`; it may begin with `-`).
    #[arg(long, allow_hyphen_values = true)]
    board: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Who {
    Human,
    Random,
    Greedy,
    Montecarlo,
    Alphabeta,
}

/// A seat at the board: a person at the terminal or a computer player.
enum Seat {
    Human,
    Computer(Box<dyn Player>),
}

impl PlayArgs {
    fn seat(&self, who: Who, color: Color) -> Seat {
        // Each side gets its own seed so that two random players do not mirror each other.
        let seed = self
            .seed
            .wrapping_mul(2)
            .wrapping_add(u64::from(color == Color::White));
        match who {
            Who::Human => Seat::Human,
            Who::Random => Seat::Computer(Box::new(RandomPlayer::new(seed))),
            Who::Greedy => Seat::Computer(Box::new(GreedyPlayer)),
            Who::Montecarlo => Seat::Computer(Box::new(MonteCarloPlayer::new(self.playouts, seed))),
            Who::Alphabeta => Seat::Computer(Box::new(AlphaBetaPlayer::new(self.depth, 14))),
        }
    }
}

impl PlayArgs {
    /// The game to play on: from `--board`, or from the start.
    pub(crate) fn game(&self) -> anyhow::Result<Game> {
        Ok(match &self.board {
            Some(text) => Game::from_board(crate::reversi_cmd::board_arg(text)?),
            None => Game::new(),
        })
    }
}

pub(crate) fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let mut seats = [
        args.seat(args.black, Color::Black),
        args.seat(args.white, Color::White),
    ];
    let mut game = args.game()?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    while !game.is_over() {
        let board = *game.board();
        writeln!(out, "\n{board:#}")?;
        let side = board.side_to_move();
        let mv = match &mut seats[usize::from(side == Color::White)] {
            Seat::Computer(player) => match player.choose(&board) {
                Some(mv) => mv,
                None => break,
            },
            Seat::Human => match ask_move(&mut input, &mut out, &board)? {
                Some(mv) => mv,
                None => bail!("the game was left unfinished (end of input)"),
            },
        };
        writeln!(out, "{} plays {mv}", name(side))?;
        game.play(mv)?;
    }
    let board = *game.board();
    writeln!(out, "\n{board:#}")?;
    writeln!(
        out,
        "Black {} - White {}",
        board.count(Color::Black),
        board.count(Color::White)
    )?;
    let result = match game.winner() {
        Some(color) => format!(
            "{} wins by {}",
            name(color),
            game.score(ScoreRule::EmptiesToWinner).abs()
        ),
        None => "draw".to_owned(),
    };
    writeln!(out, "{result}")?;
    Ok(ExitCode::SUCCESS)
}

fn name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Asks until a legal move is typed: a square, or `pass` only when no square is legal.
/// `None` at the end of input.
fn ask_move(
    input: &mut impl BufRead,
    out: &mut impl Write,
    board: &Board,
) -> anyhow::Result<Option<Move>> {
    let legal: Vec<String> = board.moves().map(|sq| sq.to_string()).collect();
    loop {
        if legal.is_empty() {
            write!(
                out,
                "{} has no move: type pass> ",
                name(board.side_to_move())
            )?;
        } else {
            write!(
                out,
                "{} to move ({}): ",
                name(board.side_to_move()),
                legal.join(" ")
            )?;
        }
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let text = line.trim().to_ascii_lowercase();
        match text.parse::<Move>() {
            Ok(mv) if board.is_legal(mv) => return Ok(Some(mv)),
            Ok(Move::Pass) => writeln!(out, "a pass is allowed only when no move is legal")?,
            Ok(mv) => writeln!(out, "{mv} is not a legal move")?,
            Err(_) => writeln!(
                out,
                "type a square such as {}",
                legal.first().map_or("pass", String::as_str)
            )?,
        }
    }
}
