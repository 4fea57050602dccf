//! Squares and their names.
//!
//! # Examples
//!
//! ```
//! use masu_reversi::Square;
//!
//! let sq: Square = "f5".parse()?;
//! assert_eq!(sq.index(), 37);
//! assert_eq!("F5".parse::<Square>()?, sq);
//! assert_eq!(sq.to_string(), "f5");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Parsing accepts upper-case files (`F5`); printing always uses lower case.

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares, `a1` (index 0) to `h8` (index 63), file first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The text was not a square name such as `f5`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square: expected a file a-h and a rank 1-8, such as f5")]
pub struct ParseSquareError;

impl Square {
    /// All 64 squares in index order.
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with bit index `index` (`a1` = 0, `h8` = 63), or `None` above 63.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a) and `rank` (0 = 1), or `None` off the board.
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The bit index: `a1` = 0, `h1` = 7, `a2` = 8, `h8` = 63.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 (a) to 7 (h).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The one-bit mask of this square.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Parses `a1`..`h8` (files in either case) from bytes.
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`] for anything but a file letter followed by a rank digit.
    pub fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        match s {
            [f, r @ b'1'..=b'8'] => match f.to_ascii_lowercase() {
                f @ b'a'..=b'h' => Ok(Square((r - b'1') * 8 + (f - b'a'))),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.file());
        write!(f, "{file}{}", self.rank() + 1)
    }
}
