//! The frame HCP and PackedSfen share: the 256-bit stream, and encoding and decoding a
//! position with a format's code tables.

use std::sync::OnceLock;

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
    /// The board's and the rest's codes as lookups (`OnceLock::new()` in a table).
    pub(super) lookups: OnceLock<Lookups>,
}

/// An empty square.
const EMPTY: Code = c(0, 1);

/// Bits written from the least significant bit of byte 0, a code at a time into 64-bit
/// words (a word, not a bit, per step: encoding is a third of converting an example).
struct Writer {
    /// The stream's four words, and one that a code past the end would spill into.
    words: [u64; 5],
    at: usize,
}

impl Writer {
    /// Appends the low `len` bits of `bits` (at most 8).
    fn put(&mut self, bits: u8, len: u8) {
        let (word, shift) = (self.at / 64, self.at % 64);
        let bits = u64::from(bits) & ((1 << len) - 1);
        if let Some(w) = self.words.get_mut(word) {
            *w |= bits << shift;
        }
        if shift + usize::from(len) > 64
            && let Some(w) = self.words.get_mut(word + 1)
        {
            *w |= bits >> (64 - shift);
        }
        self.at += usize::from(len);
    }

    fn bytes(&self) -> [u8; 32] {
        let mut out = [0; 32];
        for (chunk, word) in out.chunks_exact_mut(8).zip(self.words) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        out
    }
}

/// A code set read by table: for each 8-bit window of the stream (its first bit the
/// lowest), the index of the code it starts with and that code's length (0: none).
#[derive(Debug)]
pub(super) struct Lookup([(u8, u8); 256]);

impl Lookup {
    /// The lookup of a prefix-free `codes` (every code at most 8 bits).
    fn new(codes: &[Code]) -> Lookup {
        let mut entries = [(0, 0); 256];
        for (i, code) in codes.iter().enumerate().filter(|(_, c)| c.len > 0) {
            let mask = (1usize << code.len) - 1;
            for (window, entry) in entries.iter_mut().enumerate() {
                if window & mask == usize::from(code.bits) {
                    *entry = (i as u8, code.len);
                }
            }
        }
        Lookup(entries)
    }
}

/// The two code sets of a format as lookups, made on the first decoding.
#[derive(Debug)]
pub(super) struct Lookups {
    board: Lookup,
    rest: Lookup,
}

/// The stream read a code at a time, by table.
struct Reader {
    /// The 32 bytes and two zero bytes, so that a window near the end reads no further.
    bytes: [u8; 34],
    at: usize,
}

impl Reader {
    fn new(stream: &[u8; 32]) -> Reader {
        let mut bytes = [0; 34];
        bytes[..32].copy_from_slice(stream);
        Reader { bytes, at: 0 }
    }

    /// The next eight bits, the first the lowest (zeros past the end of the stream).
    fn window(&self) -> u8 {
        let i = (self.at / 8).min(32);
        let pair = u16::from_le_bytes([self.bytes[i], self.bytes[i + 1]]);
        (pair >> (self.at % 8)) as u8
    }

    /// The next `len` bits (at most 8); `None` past the end of the stream.
    fn take(&mut self, len: u8) -> Option<u8> {
        if self.at + usize::from(len) > 256 {
            return None;
        }
        let value = self.window() & (((1u16 << len) - 1) as u8);
        self.at += usize::from(len);
        Some(value)
    }

    /// The index of the code of `lookup` that starts here, read past it.
    fn code(&mut self, lookup: &Lookup) -> Result<usize, DecodeError> {
        let (index, len) = lookup.0[usize::from(self.window())];
        if len == 0 || self.at + usize::from(len) > 256 {
            return Err(DecodeError::Code { bit: self.at });
        }
        self.at += usize::from(len);
        Ok(usize::from(index))
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
        words: [0; 5],
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
    Ok(w.bytes())
}

/// Reads a position written with `tables` (move number 1).
pub(super) fn decode(bytes: &[u8; 32], tables: &Tables) -> Result<Position, DecodeError> {
    let lookups = tables.lookups.get_or_init(|| Lookups {
        board: Lookup::new(&board_codes(tables)),
        rest: Lookup::new(&rest_codes(tables)),
    });
    let mut r = Reader::new(bytes);
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
    for sq in Square::ALL {
        let piece = if sq == black_king {
            Some(Piece::new(Color::Black, PieceKind::King))
        } else if sq == white_king {
            Some(Piece::new(Color::White, PieceKind::King))
        } else {
            let i = r.code(&lookups.board)?;
            BOARD_PIECES[i].inspect(|p| bump(&mut count, p.kind))
        };
        setup.board[sq.index()] = piece;
    }
    let mut hands = [[0u8; 7]; 2];
    while r.at < 256 {
        let i = r.code(&lookups.rest)?;
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

fn king_square(r: &mut Reader, color: Color) -> Result<Square, DecodeError> {
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
