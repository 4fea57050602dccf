#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(unsafe_code)]

pub mod attacks;
mod bitboard;
mod color;
mod diagram;
mod disambiguation;
mod game;
mod hand;
mod handicap;
mod japanese;
mod japanese_line;
mod mv;
pub mod numerals;
mod outcome;
pub mod packed;
mod perft;
mod piece;
pub mod planes;
mod play_usi;
mod position;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
pub mod sfen;
mod square;
#[cfg(feature = "svg")]
#[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
pub mod svg;
mod text;
pub mod usi;
mod zobrist;

pub use bitboard::Bitboard;
pub use color::{ByColor, Color};
pub use diagram::{Bod, SideNames};
pub use disambiguation::{Motion, MoveWords, Relative};
pub use game::{Declaration, DeclarationRule, Game, GameError, ParseGameError, Repetition};
pub use hand::{Hand, HandError};
pub use handicap::{Handicap, ParseHandicapError};
pub use japanese::JapaneseMove;
pub use japanese_line::LineError;
pub use mv::{MAX_LEGAL_MOVES, Move, MoveList};
pub use outcome::{DrawReason, Outcome, ParseOutcomeError, WinReason};
pub use perft::{perft, perft_make};
pub use piece::{Piece, PieceKind};
pub use play_usi::PlayUsiError;
pub use position::{
    IllegalMoveReason, PieceMoves, Pins, PlayError, Position, PositionError, PositionErrorKinds,
    Undo,
};
pub use setup::{Setup, SetupMode};
pub use sfen::{BoardError, MAX_MOVE_NUMBER, ParseSfenError};
pub use square::{ParseSquareError, Square};
pub use text::{ParseColorError, ParseHandError, ParsePieceError};
pub use usi::{IllegalUsiMoveError, ParseUsiMoveError, UsiMove};
pub use zobrist::{KeyBuildHasher, KeyHasher};
