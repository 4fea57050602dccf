//! PackedSfen (32 bytes) and PackedSfenValue (40 bytes), byte for byte as YaneuraOu writes
//! them, and YaneuraOu's 16-bit move code.

use std::fmt;
use std::sync::OnceLock;

use super::bits::{self, NONE, Tables, c};
use super::{DecodeError, EncodeError, drop_number, kind_of_drop_number, resolve};
use crate::{Move, Position, Square, UsiMove};

/// A position as PackedSfen: the frame of HCP with YaneuraOu's codes (see the
/// [module docs](super)).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedSfen(pub [u8; 32]);

/// PackedSfen with a training label, 40 bytes little-endian: the position, a score, the
/// move as [`move16`], the ply of the game, the game result and one byte of padding
/// (written 0, ignored when read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedSfenValue {
    /// The position.
    pub sfen: PackedSfen,
    /// The score, from the side to move's point of view.
    pub score: i16,
    /// The move played or searched, as [`move16`] writes it.
    pub best_move: u16,
    /// The ply of the position in its game.
    pub game_ply: u16,
    /// The game result from the side to move's point of view: 1 won, 0 drawn, -1 lost.
    pub game_result: i8,
}

impl PackedSfen {
    /// The size in bytes.
    pub const SIZE: usize = 32;

    /// Encodes `pos` (the move number is not stored).
    ///
    /// # Errors
    ///
    /// [`EncodeError::MissingKing`] when a side has no king.
    pub fn from_position(pos: &Position) -> Result<PackedSfen, EncodeError> {
        bits::encode(pos, &TABLES).map(PackedSfen)
    }

    /// Decodes the position, at move number 1.
    ///
    /// # Errors
    ///
    /// [`DecodeError`] when the bytes are not the PackedSfen of a valid position.
    pub fn to_position(&self) -> Result<Position, DecodeError> {
        bits::decode(&self.0, &TABLES)
    }
}

impl fmt::Debug for PackedSfen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PackedSfen(")?;
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))?;
        f.write_str(")")
    }
}

impl PackedSfenValue {
    /// The size in bytes.
    pub const SIZE: usize = 40;

    /// The 40 bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; 40] {
        let mut out = [0; 40];
        out[..32].copy_from_slice(&self.sfen.0);
        out[32..34].copy_from_slice(&self.score.to_le_bytes());
        out[34..36].copy_from_slice(&self.best_move.to_le_bytes());
        out[36..38].copy_from_slice(&self.game_ply.to_le_bytes());
        out[38] = self.game_result.to_le_bytes()[0];
        out
    }

    /// Reads 40 bytes (any bytes are a record; [`PackedSfen::to_position`] checks the
    /// position).
    #[must_use]
    pub fn from_bytes(bytes: &[u8; 40]) -> PackedSfenValue {
        let mut sfen = [0; 32];
        sfen.copy_from_slice(&bytes[..32]);
        PackedSfenValue {
            sfen: PackedSfen(sfen),
            score: i16::from_le_bytes([bytes[32], bytes[33]]),
            best_move: u16::from_le_bytes([bytes[34], bytes[35]]),
            game_ply: u16::from_le_bytes([bytes[36], bytes[37]]),
            game_result: i8::from_le_bytes([bytes[38]]),
        }
    }
}

/// YaneuraOu's 16-bit move: destination in bits 0-6, origin in bits 7-13 ([`Square::index`];
/// a drop writes the piece number of [`drop_number`] there), bit 14 for
/// a drop, bit 15 for a promotion.
#[must_use]
pub fn move16(m: Move) -> u16 {
    let to = m.to().index() as u16;
    match m {
        Move::Normal { from, promote, .. } => {
            to | ((from.index() as u16) << 7) | (u16::from(promote) << 15)
        }
        Move::Drop { kind, .. } => to | (drop_number(kind) << 7) | (1 << 14),
    }
}

/// The legal move of `pos` that [`move16`] writes as `code`.
///
/// # Errors
///
/// [`DecodeError::Move`] when `code` is no legal move of `pos`.
pub fn move_from16(pos: &Position, code: u16) -> Result<Move, DecodeError> {
    let err = DecodeError::Move(code);
    let to = Square::from_index((code & 0x7f) as u8).ok_or(err.clone())?;
    let origin = (code >> 7) & 0x7f;
    let promote = code & (1 << 15) != 0;
    let usi = if code & (1 << 14) != 0 {
        let kind = kind_of_drop_number(origin).filter(|_| !promote);
        UsiMove::Drop {
            kind: kind.ok_or(err)?,
            to,
        }
    } else {
        let from = Square::from_index(origin as u8).ok_or(err)?;
        UsiMove::Normal { from, to, promote }
    };
    resolve(pos, usi, code)
}

/// The code tables (research notes: YaneuraOu's `sfen_packer` codes).
static TABLES: Tables = Tables {
    board: [
        [
            c(0b1, 4),
            c(0b11, 6),
            c(0b1011, 6),
            c(0b111, 6),
            c(0b1111, 6),
            c(0b1_1111, 8),
            c(0b11_1111, 8),
            NONE,
            c(0b101, 4),
            c(0b1_0011, 6),
            c(0b1_1011, 6),
            c(0b1_0111, 6),
            c(0b101_1111, 8),
            c(0b111_1111, 8),
        ],
        [
            c(0b1001, 4),
            c(0b10_0011, 6),
            c(0b10_1011, 6),
            c(0b10_0111, 6),
            c(0b10_1111, 6),
            c(0b1001_1111, 8),
            c(0b1011_1111, 8),
            NONE,
            c(0b1101, 4),
            c(0b11_0011, 6),
            c(0b11_1011, 6),
            c(0b11_0111, 6),
            c(0b1101_1111, 8),
            c(0b1111_1111, 8),
        ],
    ],
    hand: [
        [
            c(0, 3),
            c(0b1, 5),
            c(0b101, 5),
            c(0b11, 5),
            c(0b111, 5),
            c(0b1111, 7),
            c(0b1_1111, 7),
        ],
        [
            c(0b100, 3),
            c(0b1_0001, 5),
            c(0b1_0101, 5),
            c(0b1_0011, 5),
            c(0b1_0111, 5),
            c(0b100_1111, 7),
            c(0b101_1111, 7),
        ],
    ],
    boxed: [
        c(0b010, 3),
        c(0b0_1001, 5),
        c(0b0_1101, 5),
        c(0b0_1011, 5),
        c(0b1_1011, 5),
        c(0b010_1111, 7),
        c(0b011_1111, 7),
    ],
    lookups: OnceLock::new(),
};

#[cfg(test)]
pub(super) fn tables() -> &'static Tables {
    &TABLES
}
