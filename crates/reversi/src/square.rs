//! Squares, colours and moves, with their text forms.
//!
//! # Examples
//!
//! ```
//! use masu_reversi::{Move, Square};
//!
//! let sq: Square = "f5".parse()?;
//! assert_eq!(sq.index(), 37);
//! assert_eq!("F5".parse::<Square>()?, sq);
//! assert_eq!("pass".parse::<Move>()?, Move::Pass);
//! assert_eq!(Move::Play(sq).to_string(), "f5");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Parsing accepts upper-case files (`F5`) and, for a pass, `pass`, `PASS`, `ps`, `PS` and `--`;
//! printing always uses lower case and `pass`.

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

/// A side: black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player (`X` in board strings).
    Black,
    /// The second player (`O` in board strings).
    White,
}

impl Color {
    /// The other side.
    #[must_use]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The board-string letter: `X` for black, `O` for white.
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// Parses `black` or `white`, or a board string's side letter (`X`, `B` or `*` for black,
    /// `O` or `W` for white), in any case, from bytes.
    ///
    /// # Errors
    ///
    /// [`ParseColorError`] for anything else.
    pub fn from_ascii(s: &[u8]) -> Result<Color, ParseColorError> {
        if s.eq_ignore_ascii_case(b"black") {
            return Ok(Color::Black);
        }
        if s.eq_ignore_ascii_case(b"white") {
            return Ok(Color::White);
        }
        match s {
            [c] => match c.to_ascii_uppercase() {
                b'X' | b'B' | b'*' => Ok(Color::Black),
                b'O' | b'W' => Ok(Color::White),
                _ => Err(ParseColorError),
            },
            _ => Err(ParseColorError),
        }
    }
}

/// The text was not a colour: `black`, `white`, or a board string's side letter.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid color")]
pub struct ParseColorError;

/// `black` or `white`; `FromStr` reads these back, and the board-string letters too.
///
/// ```
/// use masu_reversi::Color;
///
/// assert_eq!(Color::White.to_string(), "white");
/// assert_eq!("black".parse::<Color>()?, Color::Black);
/// assert_eq!("O".parse::<Color>()?, Color::White);
/// assert!("red".parse::<Color>().is_err());
/// # Ok::<_, masu_reversi::ParseColorError>(())
/// ```
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

impl FromStr for Color {
    type Err = ParseColorError;

    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        Color::from_ascii(s.as_bytes())
    }
}

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
#[error("invalid move")]
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
