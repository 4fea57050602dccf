//! HCP (HuffmanCodedPos, 32 bytes) and HCPE (38 bytes), byte for byte as cshogi and dlshogi
//! write them, and their 16-bit move code.

use std::fmt;
use std::sync::OnceLock;

use super::bits::{self, NONE, Tables, c};
use super::{DecodeError, EncodeError, drop_number, kind_of_drop_number, resolve};
use crate::{Move, Position, Square, UsiMove};

/// A position as HCP: 256 bits, the side to move, both king squares, a Huffman code per
/// square, then the hands and the piece box (see the [module docs](super)).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hcp(pub [u8; 32]);

/// HCP with a training label, 38 bytes little-endian: the position, an evaluation, the
/// best move as [`move16`], the game result and one byte of padding (written 0, ignored
/// when read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hcpe {
    /// The position.
    pub hcp: Hcp,
    /// The evaluation, from the side to move's point of view.
    pub eval: i16,
    /// The best move, as [`move16`] writes it.
    pub best_move: u16,
    /// 0 for a draw, 1 when Black won the game, 2 when White did ([`Hcpe::DRAW`],
    /// [`Hcpe::BLACK_WIN`], [`Hcpe::WHITE_WIN`]).
    pub game_result: i8,
}

impl Hcp {
    /// The size in bytes.
    pub const SIZE: usize = 32;

    /// Encodes `pos` (the move number is not stored).
    ///
    /// # Errors
    ///
    /// [`EncodeError::MissingKing`] when a side has no king.
    pub fn from_position(pos: &Position) -> Result<Hcp, EncodeError> {
        bits::encode(pos, &TABLES).map(Hcp)
    }

    /// Decodes the position, at move number 1.
    ///
    /// # Errors
    ///
    /// [`DecodeError`] when the bytes are not the HCP of a valid position.
    pub fn to_position(&self) -> Result<Position, DecodeError> {
        bits::decode(&self.0, &TABLES)
    }
}

impl fmt::Debug for Hcp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Hcp(")?;
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))?;
        f.write_str(")")
    }
}

impl Hcpe {
    /// The size in bytes.
    pub const SIZE: usize = 38;
    /// [`Hcpe::game_result`] of a drawn game.
    pub const DRAW: i8 = 0;
    /// [`Hcpe::game_result`] of a game Black won.
    pub const BLACK_WIN: i8 = 1;
    /// [`Hcpe::game_result`] of a game White won.
    pub const WHITE_WIN: i8 = 2;

    /// The 38 bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; 38] {
        let mut out = [0; 38];
        out[..32].copy_from_slice(&self.hcp.0);
        out[32..34].copy_from_slice(&self.eval.to_le_bytes());
        out[34..36].copy_from_slice(&self.best_move.to_le_bytes());
        out[36] = self.game_result.to_le_bytes()[0];
        out
    }

    /// Reads 38 bytes (any bytes are a record; [`Hcp::to_position`] checks the position).
    #[must_use]
    pub fn from_bytes(bytes: &[u8; 38]) -> Hcpe {
        let mut hcp = [0; 32];
        hcp.copy_from_slice(&bytes[..32]);
        Hcpe {
            hcp: Hcp(hcp),
            eval: i16::from_le_bytes([bytes[32], bytes[33]]),
            best_move: u16::from_le_bytes([bytes[34], bytes[35]]),
            game_result: i8::from_le_bytes([bytes[36]]),
        }
    }
}

/// cshogi's 16-bit move: destination in bits 0-6, origin in bits 7-13 ([`Square::index`]; a
/// drop writes 80 + the piece number of [`drop_number`]), promotion in bit 14.
///
/// The code names a legal move or any move USI can write; a drop of a kind no hand holds
/// (a recorded foul such as `+B*5e`) has no code of its own and gets a board move's
/// (`9i5e`'s), so a code is a key for such moves only with the kind beside it.
#[must_use]
pub fn move16(m: Move) -> u16 {
    let to = m.to().index() as u16;
    match m {
        Move::Normal { from, promote, .. } => {
            to | ((from.index() as u16) << 7) | (u16::from(promote) << 14)
        }
        Move::Drop { kind, .. } => to | ((80 + drop_number(kind)) << 7),
    }
}

/// The legal move of `pos` that [`move16`] writes as `code`.
///
/// # Errors
///
/// [`DecodeError::Move`] when `code` is no legal move of `pos`.
pub fn move_from16(pos: &Position, code: u16) -> Result<Move, DecodeError> {
    resolve(pos, usi_move_from16(code)?, code)
}

/// The move `code` names as [`move16`] writes it, without a position to check it in: what a
/// label of the move needs ([`crate::planes::move_label`]).
///
/// # Errors
///
/// [`DecodeError::Move`] when `code` is no move's: a destination or origin off the board and
/// its drops, an origin that is the destination, a promoting drop, bit 15 set.
pub fn usi_move_from16(code: u16) -> Result<UsiMove, DecodeError> {
    let err = DecodeError::Move(code);
    let to = Square::from_index((code & 0x7f) as u8).ok_or(err.clone())?;
    let origin = ((code >> 7) & 0x7f) as u8;
    let promote = code & (1 << 14) != 0;
    if code & (1 << 15) != 0 {
        return Err(err);
    }
    match Square::from_index(origin) {
        // A piece that stays where it is makes no move (`0x0000` is no move at all).
        Some(from) if from == to => Err(err),
        Some(from) => Ok(UsiMove::Normal { from, to, promote }),
        None if !promote => {
            // `origin` is 81..=127 here.
            let kind = kind_of_drop_number(u16::from(origin) - 80).ok_or(err)?;
            Ok(UsiMove::Drop { kind, to })
        }
        None => Err(err),
    }
}

/// The code tables (research notes: the Huffman codes of Apery's `HuffmanCodedPos`).
static TABLES: Tables = Tables {
    board: [
        [
            c(0b1, 4),
            c(0b11, 6),
            c(0b111, 6),
            c(0b1011, 6),
            c(0b1111, 6),
            c(0b11111, 8),
            c(0b11_1111, 8),
            NONE,
            c(0b1001, 4),
            c(0b10_0011, 6),
            c(0b10_0111, 6),
            c(0b10_1011, 6),
            c(0b1001_1111, 8),
            c(0b1011_1111, 8),
        ],
        [
            c(0b101, 4),
            c(0b1_0011, 6),
            c(0b1_0111, 6),
            c(0b1_1011, 6),
            c(0b10_1111, 6),
            c(0b101_1111, 8),
            c(0b111_1111, 8),
            NONE,
            c(0b1101, 4),
            c(0b11_0011, 6),
            c(0b11_0111, 6),
            c(0b11_1011, 6),
            c(0b1101_1111, 8),
            c(0b1111_1111, 8),
        ],
    ],
    hand: [
        [
            c(0, 3),
            c(0b1, 5),
            c(0b11, 5),
            c(0b101, 5),
            c(0b111, 5),
            c(0b1_1111, 7),
            c(0b11_1111, 7),
        ],
        [
            c(0b100, 3),
            c(0b1_0001, 5),
            c(0b1_0011, 5),
            c(0b1_0101, 5),
            c(0b1_0111, 5),
            c(0b101_1111, 7),
            c(0b111_1111, 7),
        ],
    ],
    boxed: [
        c(0b010, 3),
        c(0b0_1001, 5),
        c(0b0_1011, 5),
        c(0b0_1101, 5),
        c(0b1_1101, 5),
        c(0b000_1111, 7),
        c(0b010_1111, 7),
    ],
    lookups: OnceLock::new(),
};

#[cfg(test)]
pub(super) fn tables() -> &'static Tables {
    &TABLES
}
