//! The two sides and their names.

use std::fmt;
use std::str::FromStr;

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
#[error("invalid color: expected black, white, X or O")]
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
