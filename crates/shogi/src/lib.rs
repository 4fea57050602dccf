#![doc = include_str!("../README.md")]
#![deny(unsafe_code)]

pub mod attacks;
mod bitboard;
mod color;
mod diagram;
mod game;
mod hand;
mod handicap;
mod japanese;
mod mv;
pub mod numerals;
mod outcome;
mod perft;
mod piece;
mod position;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
pub mod sfen;
mod square;
#[cfg(feature = "svg")]
pub mod svg;
pub mod usi;
mod zobrist;

pub use bitboard::Bitboard;
pub use color::{ByColor, Color};
pub use diagram::{Bod, SideNames};
pub use game::{Declaration, DeclarationRule, Game, GameError, ParseGameError};
pub use hand::{Hand, HandError};
pub use handicap::{Handicap, ParseHandicapError};
pub use japanese::JapaneseMove;
pub use mv::{MAX_LEGAL_MOVES, Move, MoveList};
pub use outcome::{DrawReason, Outcome, ParseOutcomeError, WinReason};
pub use perft::{perft, perft_make};
pub use piece::{Piece, PieceKind};
pub use position::{PieceMoves, PlayError, Position, PositionError, PositionErrorKinds, Undo};
pub use setup::{Setup, SetupMode};
pub use sfen::{BoardError, ParseSfenError};
pub use square::{ParseSquareError, Square};
pub use usi::{IllegalUsiMoveError, ParseUsiMoveError, UsiMove};
