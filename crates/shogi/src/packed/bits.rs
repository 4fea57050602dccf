//! The frame HCP and PackedSfen share: the 256-bit stream, and encoding and decoding a
//! position with a format's code tables.

use super::{DecodeError, EncodeError};
use crate::{ByColor, Color, Hand, Piece, PieceKind, Position, Setup, SetupMode, Square};

/// A prefix code: `len` bits of `bits`, written from the least significant bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Code {
    pub(super) bits: u8,
    pub(super) len: u8,
}

/// Shorthand for the tables.
pub(super) const fn c(bits: u8, len: u8) -> Code {
    Code { bits, len }
}

/// No code (kings are written as squares, not codes).
pub(super) const NONE: Code = c(0, 0);

/// The code tables of one format.
#[derive(Debug)]
pub(super) struct Tables {
    /// Pieces on the board, by colour and [`PieceKind::index`] (the king entries unused).
    pub(super) board: [[Code; 14]; 2],
    /// Pieces in hand, by colour and hand kind.
    pub(super) hand: [[Code; 7]; 2],
    /// Pieces in the piece box (on neither the board nor a hand), by hand kind.
    pub(super) boxed: [Code; 7],
}

/// An empty square.
const EMPTY: Code = c(0, 1);

/// Bits written from the least significant bit of byte 0.
struct Writer {
    bytes: [u8; 32],
    at: usize,
}

impl Writer {
    fn put(&mut self, bits: u8, len: u8) {
        for i in 0..len {
            if (bits >> i) & 1 == 1
                && let Some(byte) = self.bytes.get_mut(self.at / 8)
            {
                *byte |= 1 << (self.at % 8);
            }
            self.at += 1;
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8; 32],
    at: usize,
}

impl Reader<'_> {
    fn bit(&mut self) -> Option<u8> {
        let byte = self.bytes.get(self.at / 8)?;
        let bit = (byte >> (self.at % 8)) & 1;
        self.at += 1;
        Some(bit)
    }

    fn take(&mut self, len: u8) -> Option<u8> {
        let mut value = 0;
        for i in 0..len {
            value |= self.bit()? << i;
        }
        Some(value)
    }

    /// Reads bits until they form one of `codes`' entries; its index.
    fn code(&mut self, codes: &[Code]) -> Result<usize, DecodeError> {
        let start = self.at;
        let err = DecodeError::Code { bit: start };
        let (mut value, mut len) = (0u8, 0u8);
        while len < 8 {
            value |= self.bit().ok_or(err.clone())? << len;
            len += 1;
            if let Some(i) = codes.iter().position(|c| c.len == len && c.bits == value) {
                return Ok(i);
            }
        }
        Err(err)
    }
}

/// Writes `pos` with `tables`.
pub(super) fn encode(pos: &Position, tables: &Tables) -> Result<[u8; 32], EncodeError> {
    let king = |color| {
        pos.king_square(color)
            .ok_or(EncodeError::MissingKing(color))
    };
    let (black_king, white_king) = (king(Color::Black)?, king(Color::White)?);
    let mut w = Writer {
        bytes: [0; 32],
        at: 0,
    };
    w.put(pos.turn().index() as u8, 1);
    w.put(black_king.index() as u8, 7);
    w.put(white_king.index() as u8, 7);
    let mut held = [0u8; 7];
    for sq in Square::ALL {
        match pos.piece_at(sq) {
            Some(p) if p.kind == PieceKind::King => {}
            Some(p) => {
                held[p.kind.unpromoted().index()] += 1;
                let code = tables.board[p.color.index()][p.kind.index()];
                w.put(code.bits, code.len);
            }
            None => w.put(EMPTY.bits, EMPTY.len),
        }
    }
    for color in Color::ALL {
        for (kind, n) in pos.hand(color).iter() {
            held[kind.index()] += n;
            let code = tables.hand[color.index()][kind.index()];
            (0..n).for_each(|_| w.put(code.bits, code.len));
        }
    }
    for kind in PieceKind::HAND {
        let code = tables.boxed[kind.index()];
        (held[kind.index()]..kind.max_count()).for_each(|_| w.put(code.bits, code.len));
    }
    debug_assert_eq!(w.at, 256, "a full set always takes 256 bits");
    Ok(w.bytes)
}

/// Reads a position written with `tables` (move number 1).
pub(super) fn decode(bytes: &[u8; 32], tables: &Tables) -> Result<Position, DecodeError> {
    let mut r = Reader { bytes, at: 0 };
    let mut setup = Setup::default();
    if r.take(1) == Some(1) {
        setup.turn = Color::White;
    }
    let black_king = king_square(&mut r, Color::Black)?;
    let white_king = king_square(&mut r, Color::White)?;
    if black_king == white_king {
        return Err(DecodeError::KingsOnOneSquare(black_king));
    }
    let mut count = [0u8; 7];
    let board_codes = board_codes(tables);
    for sq in Square::ALL {
        let piece = if sq == black_king {
            Some(Piece::new(Color::Black, PieceKind::King))
        } else if sq == white_king {
            Some(Piece::new(Color::White, PieceKind::King))
        } else {
            let i = r.code(&board_codes)?;
            BOARD_PIECES[i].inspect(|p| bump(&mut count, p.kind))
        };
        setup.board[sq.index()] = piece;
    }
    let rest = rest_codes(tables);
    let mut hands = [[0u8; 7]; 2];
    while r.at < 256 {
        let i = r.code(&rest)?;
        let kind = PieceKind::HAND[i % 7];
        bump(&mut count, kind);
        if i < 14 {
            hands[i / 7][i % 7] = hands[i / 7][i % 7].saturating_add(1);
        }
    }
    check_material(&count)?;
    setup.hands = ByColor::new_with(|color| hand_of(&hands[color.index()]));
    Ok(Position::from_setup(setup, SetupMode::Strict)?)
}

fn king_square(r: &mut Reader<'_>, color: Color) -> Result<Square, DecodeError> {
    let value = r.take(7).unwrap_or(u8::MAX);
    Square::from_index(value).ok_or(DecodeError::KingSquare { color, value })
}

fn bump(count: &mut [u8; 7], kind: PieceKind) {
    let slot = &mut count[kind.unpromoted().index()];
    *slot = slot.saturating_add(1);
}

fn check_material(count: &[u8; 7]) -> Result<(), DecodeError> {
    for kind in PieceKind::HAND {
        let (n, expected) = (count[kind.index()], kind.max_count());
        if n != expected {
            return Err(DecodeError::Material {
                kind,
                count: n,
                expected,
            });
        }
    }
    Ok(())
}

fn hand_of(counts: &[u8; 7]) -> Hand {
    let mut hand = Hand::EMPTY;
    for kind in PieceKind::HAND {
        // Counts were checked against a set, so this cannot fail.
        let _ = hand.set(kind, counts[kind.index()]);
    }
    hand
}

/// The pieces of [`board_codes`]' entries, in the same order.
const BOARD_PIECES: [Option<Piece>; 27] = {
    let mut pieces = [None; 27];
    let mut i = 0;
    while i < 26 {
        let color = if i < 13 { Color::Black } else { Color::White };
        pieces[i + 1] = Some(Piece::new(color, non_king(i % 13)));
        i += 1;
    }
    pieces
};

/// The `i`-th of the 13 kinds other than the king, in [`PieceKind::ALL`] order.
const fn non_king(i: usize) -> PieceKind {
    PieceKind::ALL[if i < 7 { i } else { i + 1 }]
}

/// Empty, then Black's 13 non-king kinds, then White's.
fn board_codes(tables: &Tables) -> [Code; 27] {
    let mut codes = [EMPTY; 27];
    for i in 0..13 {
        let kind = non_king(i).index();
        codes[i + 1] = tables.board[0][kind];
        codes[i + 14] = tables.board[1][kind];
    }
    codes
}

/// Black's hand codes, White's, then the piece box's, each in [`PieceKind::HAND`] order.
fn rest_codes(tables: &Tables) -> [Code; 21] {
    let mut codes = [NONE; 21];
    codes[..7].copy_from_slice(&tables.hand[0]);
    codes[7..14].copy_from_slice(&tables.hand[1]);
    codes[14..].copy_from_slice(&tables.boxed);
    codes
}

/// Whether no code of a group is a prefix of another (for the tables' tests).
#[cfg(test)]
pub(super) fn prefix_free(tables: &Tables) -> bool {
    let free = |codes: &[Code]| {
        codes.iter().enumerate().all(|(i, a)| {
            codes.iter().enumerate().all(|(j, b)| {
                i == j || a.len > b.len || (b.bits & ((1u16 << a.len) - 1) as u8) != a.bits
            })
        })
    };
    free(&board_codes(tables)) && free(&rest_codes(tables))
}
