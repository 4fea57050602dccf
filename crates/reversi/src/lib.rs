#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
// `unsafe` is denied everywhere but in `dispatch`, which calls CPU-specific kernels after
// checking the CPU and issues the table's prefetch hints (see its docs for the measured gains).
#![deny(unsafe_code)]

pub mod bits;
mod board;
mod color;
#[cfg(target_arch = "x86_64")]
mod dispatch;
mod game;
mod mv;
mod notation;
mod pattern;
mod perft;
pub mod player;
mod rng;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod solve;
mod square;
#[cfg(feature = "svg")]
#[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
pub mod svg;
mod symmetry;
#[cfg(feature = "training")]
#[cfg_attr(docsrs, doc(cfg(feature = "training")))]
pub mod training;

pub use board::{Board, OverlapError, PlayError, ScoreRule};
pub use color::{Color, ParseColorError};
pub use game::{FromMovesError, Game};
pub use mv::{Move, ParseMoveError};
pub use notation::{
    ParseBoardError, ParseTranscriptError, PassStyle, parse_transcript, write_transcript,
};
pub use perft::{PerftMode, perft, perft_divide, perft_portable};
pub use player::{
    AlphaBetaPlayer, Evaluation, GreedyPlayer, MonteCarloPlayer, Player, PlayerError, RandomPlayer,
    play_game,
};
pub use solve::{
    INTERRUPT_INTERVAL, InterruptFn, Progress, Solution, SolveLimits, SolveOutcome, Solver,
    TableError,
};
pub use square::{ParseSquareError, Square};
pub use symmetry::Symmetry;
