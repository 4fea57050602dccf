#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares, `a1` (index 0) to `h8` (index 63), file first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The text was not a square name such as `f5`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square")]
pub struct ParseSquareError;

impl Square {
    /// The bit index: `a1` = 0, `h1` = 7, `a2` = 8, `h8` = 63.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.0 % 8);
        write!(f, "{file}{}", self.0 / 8 + 1)
    }
}
