//! Fixed-size binary positions for training data: HCP and HCPE as cshogi and dlshogi write
//! them, PackedSfen and PackedSfenValue as YaneuraOu writes them, and the 16-bit move codes
//! each uses.
//!
//! Both position formats are a 256-bit stream written from the least significant bit of the
//! first byte: the side to move (1 bit, 0 for Black), Black's and White's king squares (7
//! bits each, [`Square::index`] numbering), a prefix code for each of the other 79 squares
//! in [`Square::ALL`] order, then Black's hand, White's hand and the pieces on neither
//! (the piece box), each piece a code of its own. Every piece of a set is written once, so
//! the stream is always exactly 256 bits. The two formats differ only in their code tables.
//! Neither stores the move number: decoding gives move number 1.
//!
//! A labelled example moves between the two families with [`PackedSfenValue::to_hcpe`] and
//! [`Hcpe::to_psv`]: the position re-encoded, the move in the other code, the game result
//! turned between the side to move's view and the board's.
//!
//! # Examples
//!
//! ```
//! use masu_shogi::Position;
//! use masu_shogi::packed::{Hcp, Hcpe, PackedSfen, hcp};
//!
//! let pos = Position::startpos();
//! let packed = Hcp::from_position(&pos)?;
//! assert_eq!(packed.to_position()?, pos);
//! let m = "7g7f".parse::<masu_shogi::UsiMove>()?.to_move(&pos)?;
//! let record = Hcpe { hcp: packed, eval: 35, best_move: hcp::move16(m), game_result: 1 };
//! assert_eq!(Hcpe::from_bytes(&record.to_bytes()), record);
//! assert_eq!(hcp::move_from16(&pos, record.best_move)?, m);
//! assert_eq!(PackedSfen::from_position(&pos)?.to_position()?, pos);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod bits;
mod convert;
pub mod hcp;
pub mod psfen;
#[cfg(test)]
mod tests;

pub use hcp::{Hcp, Hcpe};
pub use psfen::{PackedSfen, PackedSfenValue};

use crate::{Color, PositionError, Square};

/// A position that a 256-bit format cannot hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// The format stores both kings' squares; a position without one (a tsume attacker
    /// without a king) has no encoding.
    #[error("the {} king is missing", color_name(*.0))]
    MissingKing(Color),
}

/// Bytes that are not a packed position or move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// A king square field is not a square (81 and above).
    #[error("the {} king square field holds {value}, not a square", color_name(*color))]
    KingSquare {
        /// Whose king.
        color: Color,
        /// The 7-bit value read.
        value: u8,
    },
    /// Both king square fields name the same square.
    #[error("both kings stand on {0}")]
    KingsOnOneSquare(Square),
    /// The bits at this offset start no code of the format's tables, or the stream ends
    /// inside one.
    #[error("no piece code at bit {bit}")]
    Code {
        /// Offset in the 256-bit stream.
        bit: usize,
    },
    /// The codes do not add up to one set of pieces.
    #[error("the codes hold {count} {}s, a set has {expected}", .kind.name())]
    Material {
        /// The base kind miscounted.
        kind: crate::PieceKind,
        /// How many the codes hold (board, hands and piece box).
        count: u8,
        /// How many a set has.
        expected: u8,
    },
    /// The pieces decode, but not to a valid position.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A 16-bit move that is not legal in the position.
    #[error("move code {0:#06x} is not a legal move here")]
    Move(u16),
    /// A game result field that holds a value the format does not use.
    #[error("game result {0} is none of the format's")]
    GameResult(i8),
    /// A position decoded from one format that the other cannot hold when an example is
    /// converted ([`PackedSfenValue::to_hcpe`], [`Hcpe::to_psv`]): a side without a king,
    /// which neither format decodes to, so a conversion never meets it.
    #[error(transparent)]
    Encode(#[from] EncodeError),
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The piece number both move codes give a dropped kind: pawn 1, lance 2, knight 3, silver
/// 4, bishop 5, rook 6, gold 7 (cshogi's and YaneuraOu's piece order, gold after rook).
#[must_use]
pub const fn drop_number(kind: crate::PieceKind) -> u16 {
    use crate::PieceKind::{Bishop, Gold, Knight, Lance, Pawn, Rook, Silver};
    match kind {
        Pawn => 1,
        Lance => 2,
        Knight => 3,
        Silver => 4,
        Bishop => 5,
        Rook => 6,
        Gold => 7,
        _ => 0,
    }
}

/// The hand kind of a [`drop_number`].
const fn kind_of_drop_number(number: u16) -> Option<crate::PieceKind> {
    use crate::PieceKind::{Bishop, Gold, Knight, Lance, Pawn, Rook, Silver};
    match number {
        1 => Some(Pawn),
        2 => Some(Lance),
        3 => Some(Knight),
        4 => Some(Silver),
        5 => Some(Bishop),
        6 => Some(Rook),
        7 => Some(Gold),
        _ => None,
    }
}

/// The legal move `usi` in `pos`, or [`DecodeError::Move`] with the code it came from.
fn resolve(
    pos: &crate::Position,
    usi: crate::UsiMove,
    code: u16,
) -> Result<crate::Move, DecodeError> {
    usi.to_move(pos).map_err(|_| DecodeError::Move(code))
}
