//! Moves: a disc on a square, or a pass.
//!
//! # Examples
//!
//! ```
//! use masu_reversi::{Move, Square};
//!
//! let sq: Square = "f5".parse()?;
//! assert_eq!("pass".parse::<Move>()?, Move::Pass);
//! assert_eq!("F5".parse::<Move>()?, Move::Play(sq));
//! assert_eq!(Move::Play(sq).to_string(), "f5");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Parsing accepts a square name (either case) and, for a pass, `pass`, `PASS`, `ps`, `PS` and
//! `--`; printing always uses lower case and `pass`.

use std::fmt;
use std::str::FromStr;

use crate::square::Square;

/// A move: a disc placed on a square, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a disc on the square.
    Play(Square),
    /// Pass: legal only when the side to move has no move and the game is not over.
    Pass,
}

/// The text was neither a square name nor a pass.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid move: expected a square such as f5, or pass")]
pub struct ParseMoveError;

impl Move {
    /// Parses a square name or a pass (`pass`, `ps`, `--`, any case) from bytes.
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`] for anything else.
    pub fn from_ascii(s: &[u8]) -> Result<Move, ParseMoveError> {
        if s.eq_ignore_ascii_case(b"pass") || s.eq_ignore_ascii_case(b"ps") || s == b"--" {
            return Ok(Move::Pass);
        }
        Square::from_ascii(s)
            .map(Move::Play)
            .map_err(|_| ParseMoveError)
    }

    /// The square played, or `None` for a pass.
    #[must_use]
    pub const fn square(self) -> Option<Square> {
        match self {
            Move::Play(sq) => Some(sq),
            Move::Pass => None,
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(sq) => sq.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl From<Square> for Move {
    fn from(sq: Square) -> Move {
        Move::Play(sq)
    }
}
