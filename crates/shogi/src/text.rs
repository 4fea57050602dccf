//! `Display` and `FromStr` of the vocabulary types, in the letters SFEN uses (the table of
//! forms is on the crate's front page).
//!
//! ```
//! use masu_shogi::{Color, Hand, Piece, PieceKind};
//!
//! assert_eq!("w".parse::<Color>()?, Color::White);
//! assert_eq!(format!("{:#}", Color::White), "後手");
//! assert_eq!("+R".parse::<PieceKind>()?, PieceKind::Dragon);
//! assert_eq!(PieceKind::Dragon.to_string(), "+R");
//! assert_eq!(format!("{:#}", PieceKind::Dragon), "龍");
//! assert_eq!("+r".parse::<Piece>()?, Piece::new(Color::White, PieceKind::Dragon));
//! let hand: Hand = "G2P".parse()?;
//! assert_eq!(hand.count(PieceKind::Pawn), 2);
//! assert_eq!(hand.to_string(), "G2P");
//! assert_eq!(format!("{hand:#}"), "g2p");
//! assert_eq!(Hand::EMPTY.to_string(), "-");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Hands are written in SFEN's order (rook, bishop, gold, silver, knight, lance, pawn) with
//! a count before a letter when more than one; the parser takes the kinds in any order, each
//! once, in one case for the whole text.

use std::fmt;
use std::str::FromStr;

use crate::{Color, Hand, Piece, PieceKind};

/// The text was not a colour (`b` or `w`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid color: expected b or w")]
pub struct ParseColorError;

/// The text was not an SFEN piece (`P`, `+r`, ...).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid piece: expected an sfen piece such as P, +r or k")]
pub struct ParsePieceError;

/// The text was not an SFEN hand (`R2P`, `-`, ...).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid hand at byte {at}")]
pub struct ParseHandError {
    /// Byte offset of the first character that does not fit.
    pub at: usize,
}

impl PieceKind {
    /// The English name, lower case: `pawn`, `lance`, `knight`, `silver`, `gold`, `bishop`,
    /// `rook`, `king`, `tokin`, `promoted lance`, `promoted knight`, `promoted silver`,
    /// `horse`, `dragon` (as error messages write it).
    #[must_use]
    pub const fn name(self) -> &'static str {
        const NAMES: [&str; 14] = [
            "pawn",
            "lance",
            "knight",
            "silver",
            "gold",
            "bishop",
            "rook",
            "king",
            "tokin",
            "promoted lance",
            "promoted knight",
            "promoted silver",
            "horse",
            "dragon",
        ];
        NAMES[self as usize]
    }
}

impl Color {
    /// The English name, lower case: `black` or `white` (as error messages write it).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    /// `b` or `w` as SFEN writes the side to move; `{:#}` gives `先手` or `後手`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(self.japanese_name())
        } else {
            write!(f, "{}", self.to_sfen_char())
        }
    }
}

impl FromStr for Color {
    type Err = ParseColorError;

    /// `b` or `w`.
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s {
            "b" => Ok(Color::Black),
            "w" => Ok(Color::White),
            _ => Err(ParseColorError),
        }
    }
}

impl fmt::Display for PieceKind {
    /// The SFEN text of the kind for Black (`P`, `+R`); `{:#}` gives the Japanese name
    /// (`歩`, `龍`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(self.japanese_name())
        } else {
            f.write_str(self.to_sfen())
        }
    }
}

impl FromStr for PieceKind {
    type Err = ParsePieceError;

    /// SFEN piece text in either case: `P`, `+r`, `k`.
    fn from_str(s: &str) -> Result<PieceKind, ParsePieceError> {
        Piece::from_sfen(s.as_bytes())
            .map(|p| p.kind)
            .ok_or(ParsePieceError)
    }
}

impl FromStr for Piece {
    type Err = ParsePieceError;

    /// SFEN piece text: uppercase is Black (`P`, `+R`), lowercase White (`p`, `+r`).
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        Piece::from_sfen(s.as_bytes()).ok_or(ParsePieceError)
    }
}

impl fmt::Display for Hand {
    /// SFEN letters as Black's hand is written (`R2P`), `-` for an empty hand; `{:#}` writes
    /// them in lower case, as White's hand is written. A hand of more pieces of a kind than a
    /// set has ([`Hand::UNLIMITED`], a count built bit by bit) is written with its counts,
    /// which `parse` refuses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for kind in PieceKind::HAND.iter().rev() {
            let n = self.count(*kind);
            if n > 1 {
                write!(f, "{n}")?;
            }
            if n > 0 {
                let letter = kind.to_sfen_char();
                let letter = if f.alternate() {
                    letter.to_ascii_lowercase()
                } else {
                    letter
                };
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Hand {
    type Err = ParseHandError;

    /// SFEN hand letters of one side, in one case, each kind once, in any order (`R2P`,
    /// `2pr`), or `-` for the empty hand. A count is 2 up to the number of pieces of the
    /// kind in a set, without leading zeros (SFEN never writes 1).
    fn from_str(s: &str) -> Result<Hand, ParseHandError> {
        let text = s.as_bytes();
        if text == b"-" {
            return Ok(Hand::EMPTY);
        }
        let upper = text.iter().find(|c| c.is_ascii_alphabetic());
        let upper = upper.is_some_and(u8::is_ascii_uppercase);
        let mut hand = Hand::EMPTY;
        let mut count: Option<u8> = None;
        for (at, &c) in text.iter().enumerate() {
            let err = ParseHandError { at };
            if c.is_ascii_digit() {
                let n = count.unwrap_or(0) * 10 + (c - b'0');
                if n == 0 || n > 18 {
                    return Err(err);
                }
                count = Some(n);
                continue;
            }
            let kind = PieceKind::from_sfen_char(c)
                .filter(|&k| k.is_hand_kind() && hand.count(k) == 0)
                .filter(|_| c.is_ascii_uppercase() == upper)
                .ok_or(err.clone())?;
            let n = match count.take() {
                Some(1) => return Err(ParseHandError { at: at - 1 }),
                Some(n) => n,
                None => 1,
            };
            hand.set(kind, n).map_err(|_| err)?;
        }
        if count.is_some() || text.is_empty() {
            return Err(ParseHandError { at: text.len() });
        }
        Ok(hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_round_trips() {
        for color in Color::ALL {
            assert_eq!(color.to_string().parse(), Ok(color));
            for kind in PieceKind::ALL {
                assert_eq!(kind.to_string().parse(), Ok(kind));
                let piece = Piece::new(color, kind);
                assert_eq!(piece.to_string().parse(), Ok(piece));
            }
        }
        let mut hand = Hand::EMPTY;
        for kind in PieceKind::HAND {
            hand.set(kind, kind.max_count()).unwrap();
            assert_eq!(hand.to_string().parse(), Ok(hand));
            assert_eq!(format!("{hand:#}").parse(), Ok(hand));
        }
        assert_eq!(hand.to_string(), "2R2B4G4S4N4L18P");
    }

    #[test]
    fn bad_text_is_refused() {
        for bad in ["", "B", "x", "bw"] {
            assert_eq!(bad.parse::<Color>(), Err(ParseColorError), "{bad}");
        }
        for bad in ["", "+G", "+k", "X", "PP", "+"] {
            assert_eq!(bad.parse::<Piece>(), Err(ParsePieceError), "{bad}");
        }
        let cases = [
            ("", 0),
            ("K", 0),
            ("Pp", 1),
            ("19P", 1),
            ("2", 1),
            ("3R", 1),
            ("1P", 0),
        ];
        for (bad, at) in cases
            .into_iter()
            .chain([("PP", 1), ("02P", 0), ("2P3P", 3)])
        {
            assert_eq!(bad.parse::<Hand>(), Err(ParseHandError { at }), "{bad}");
        }
    }
}
