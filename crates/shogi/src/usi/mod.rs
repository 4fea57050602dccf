//! USI move notation: `7g7f`, `8h2b+`, `P*5e`; what an engine says in USI (its `info`
//! lines, `bestmove` and `checkmate` answers: [`Info`], [`BestMove`], [`MateAnswer`]); and
//! its options, declared and set ([`EngineOption`], [`SetOption`]).
//!
//! # Examples
//!
//! ```
//! use masu_shogi::{Position, UsiMove};
//!
//! let usi: UsiMove = "7g7f".parse()?;
//! assert_eq!(usi.to_string(), "7g7f");
//! let pos = Position::startpos();
//! let m = usi.to_move(&pos)?;
//! assert_eq!(m.to_usi(), usi);
//! assert!("7g7e".parse::<UsiMove>()?.to_move(&pos).is_err());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The parser is strict: no surrounding spaces, lowercase square letters, uppercase drop
//! letters, `+` only after a board move.

use std::fmt;
use std::str::FromStr;

mod engine;
mod option;
mod words;

pub use engine::{
    BestMove, Bound, EngineLineProblem, Info, MateAnswer, ParseEngineLineError, Score,
};
pub use option::{EngineOption, OptionKind, SetOption};

use crate::{IllegalMoveReason, Move, PieceKind, Position, Square};

/// A move as USI writes it, without the context of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UsiMove {
    /// `7g7f` or `8h2b+`.
    Normal {
        /// Origin square.
        from: Square,
        /// Destination square.
        to: Square,
        /// The trailing `+`.
        promote: bool,
    },
    /// `P*5e`.
    Drop {
        /// The dropped kind.
        kind: PieceKind,
        /// Destination square.
        to: Square,
    },
}

/// What a USI move looks like, as the errors of a text that is none say it.
pub(crate) const MOVE_FORMS: &str = "a move such as 7g7f, 8h2b+ or P*5e";

/// The text was not a USI move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid usi move: expected {MOVE_FORMS}")]
pub struct ParseUsiMoveError;

/// The USI move is not legal in the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal usi move {usi}: {reason}")]
pub struct IllegalUsiMoveError {
    /// The move that was tried.
    pub usi: UsiMove,
    /// Why it is illegal.
    pub reason: IllegalMoveReason,
}

impl UsiMove {
    /// Parses a USI move from bytes.
    ///
    /// # Errors
    ///
    /// [`ParseUsiMoveError`] unless the input is exactly one USI move.
    pub fn from_ascii(s: &[u8]) -> Result<UsiMove, ParseUsiMoveError> {
        let square = |b: &[u8]| Square::from_ascii(b).map_err(|_| ParseUsiMoveError);
        match s {
            [k, b'*', to @ ..] if k.is_ascii_uppercase() => {
                let kind = PieceKind::from_sfen_char(*k)
                    .filter(|k| k.is_hand_kind())
                    .ok_or(ParseUsiMoveError)?;
                Ok(UsiMove::Drop {
                    kind,
                    to: square(to)?,
                })
            }
            [a, b, c, d] => Ok(UsiMove::Normal {
                from: square(&[*a, *b])?,
                to: square(&[*c, *d])?,
                promote: false,
            }),
            [a, b, c, d, b'+'] => Ok(UsiMove::Normal {
                from: square(&[*a, *b])?,
                to: square(&[*c, *d])?,
                promote: true,
            }),
            _ => Err(ParseUsiMoveError),
        }
    }

    /// Reads what [`UsiMove::encode`] writes: a USI move, or a drop of a kind no hand holds
    /// (`+B*5b`, `K*4b`, fouls a game record may state), which USI has no text for and
    /// [`UsiMove::from_ascii`] refuses. For stored records, not for engines.
    ///
    /// # Errors
    ///
    /// [`ParseUsiMoveError`] unless the input is exactly one such move.
    pub fn from_encoded(s: &str) -> Result<UsiMove, ParseUsiMoveError> {
        if let Ok(m) = UsiMove::from_ascii(s.as_bytes()) {
            return Ok(m);
        }
        let (kind, to) = s.split_once('*').ok_or(ParseUsiMoveError)?;
        let kind = match kind.as_bytes() {
            [b'+', c] if c.is_ascii_uppercase() => {
                PieceKind::from_sfen_char(*c).and_then(PieceKind::promoted)
            }
            [c] if c.is_ascii_uppercase() => PieceKind::from_sfen_char(*c),
            _ => None,
        };
        Ok(UsiMove::Drop {
            kind: kind.ok_or(ParseUsiMoveError)?,
            to: Square::from_ascii(to.as_bytes()).map_err(|_| ParseUsiMoveError)?,
        })
    }

    /// The destination square.
    #[must_use]
    pub const fn to(&self) -> Square {
        match *self {
            UsiMove::Normal { to, .. } | UsiMove::Drop { to, .. } => to,
        }
    }

    /// Resolves the move in `pos`: fills in the moving and captured kinds and checks legality.
    ///
    /// # Errors
    ///
    /// [`IllegalUsiMoveError`], with the rule broken, when the move is not legal in `pos`.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalUsiMoveError> {
        let err = |reason| IllegalUsiMoveError { usi: *self, reason };
        let m = match *self {
            UsiMove::Normal { from, to, promote } => {
                let piece = pos
                    .piece_at(from)
                    .ok_or(err(IllegalMoveReason::NoPiece(from)))?;
                Move::Normal {
                    from,
                    to,
                    kind: piece.kind,
                    capture: pos.piece_at(to).map(|p| p.kind),
                    promote,
                }
            }
            UsiMove::Drop { kind, to } => Move::Drop { kind, to },
        };
        pos.check_legal(&m).map(|()| m).map_err(err)
    }
}

impl FromStr for UsiMove {
    type Err = ParseUsiMoveError;

    fn from_str(s: &str) -> Result<UsiMove, ParseUsiMoveError> {
        UsiMove::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for UsiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.encode(&mut [0; 6]))
    }
}

impl UsiMove {
    /// Writes the move's USI text into `buf` and returns it (`7g7f`, `8h2b+`, `P*5e`): the
    /// text without an allocation or the formatting machinery, for writers of many moves.
    ///
    /// A drop of a kind no hand holds has no USI text: a piece dropped promoted side up or
    /// a king, fouls a game record may state. It is written with the kind's SFEN, `+B*5b`
    /// or `K*4b`, so that it is not mistaken for the drop of the base kind; the USI parser
    /// does not read it.
    ///
    /// ```
    /// use masu_shogi::{PieceKind, Square, UsiMove};
    ///
    /// let m: UsiMove = "8h2b+".parse()?;
    /// assert_eq!(m.encode(&mut [0; 6]), "8h2b+");
    /// let foul = UsiMove::Drop { kind: PieceKind::Horse, to: "5b".parse::<Square>()? };
    /// assert_eq!(foul.encode(&mut [0; 6]), "+B*5b");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn encode<'b>(&self, buf: &'b mut [u8; 6]) -> &'b str {
        let square = |sq: Square| [b'0' + sq.file(), b'a' + sq.rank() - 1];
        let len = match *self {
            UsiMove::Normal { from, to, promote } => {
                buf[..2].copy_from_slice(&square(from));
                buf[2..4].copy_from_slice(&square(to));
                buf[4] = b'+';
                4 + usize::from(promote)
            }
            UsiMove::Drop { kind, to } => {
                // `P` for a pawn, `+B` for a horse (a foul): one or two ASCII bytes.
                let letters = kind.to_sfen().as_bytes();
                let n = letters.len();
                buf[..n].copy_from_slice(letters);
                buf[n] = b'*';
                buf[n + 1..n + 3].copy_from_slice(&square(to));
                n + 3
            }
        };
        // Only ASCII was written.
        std::str::from_utf8(&buf[..len]).unwrap_or_default()
    }
}

impl From<Move> for UsiMove {
    fn from(m: Move) -> UsiMove {
        m.to_usi()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for text in ["7g7f", "8h2b+", "P*5e", "R*1a", "1a9i"] {
            assert_eq!(text.parse::<UsiMove>().unwrap().to_string(), text);
        }
        for bad in [
            "", "7g7", "7g7f+ ", "K*5e", "p*5e", "+P*5e", "7g7f=", "P*5j", "7g7f++",
        ] {
            assert!(bad.parse::<UsiMove>().is_err(), "{bad}");
        }
        // What `encode` writes for fouls reads back from_encoded; nothing else more.
        for bad in [
            "", "p*5e", "+p*5e", "+G*5e", "+K*5e", "++P*5e", "+P*5j", "+P5e",
        ] {
            assert!(UsiMove::from_encoded(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn encoded_text_is_what_the_squares_and_letters_print() {
        for from in Square::ALL {
            for to in Square::ALL {
                for promote in [false, true] {
                    let m = UsiMove::Normal { from, to, promote };
                    let want = format!("{from}{to}{}", if promote { "+" } else { "" });
                    assert_eq!(m.encode(&mut [0; 6]), want);
                    assert_eq!(want.parse::<UsiMove>(), Ok(m));
                }
            }
        }
        for kind in PieceKind::ALL {
            for to in Square::ALL {
                let drop = UsiMove::Drop { kind, to };
                let want = format!("{}*{to}", kind.to_sfen());
                assert_eq!(drop.encode(&mut [0; 6]), want);
                // Only the kinds a hand holds have USI text; the others (fouls) print
                // apart from them and do not parse.
                assert_eq!(
                    want.parse::<UsiMove>().ok(),
                    kind.is_hand_kind().then_some(drop)
                );
                assert_eq!(UsiMove::from_encoded(&want), Ok(drop));
            }
        }
    }
}
