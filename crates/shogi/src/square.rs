//! Squares of the 9x9 board.

use std::fmt;
use std::str::FromStr;

/// One of the 81 squares, named as in USI: file `1`-`9` then rank `a`-`i` (`7g`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The text was not a USI square name such as `7g`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square")]
pub struct ParseSquareError;

impl Square {
    /// The square on `file` (1-9, right to left from Black) and `rank` (1-9, top to bottom).
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + (rank - 1)))
        } else {
            None
        }
    }

    /// The file, 1-9.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// The rank, 1-9.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'1'..=b'9', r @ b'a'..=b'i'] => {
                Square::new(f - b'0', r - b'a' + 1).ok_or(ParseSquareError)
            }
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), char::from(b'a' + self.rank() - 1))
    }
}
