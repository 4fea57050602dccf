//! SFEN: reading and writing positions, and USI `position` lines.
//!
//! # Examples
//!
//! ```
//! use masu_shogi::{Position, Square};
//!
//! let pos: Position = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".parse()?;
//! assert_eq!(pos, Position::startpos());
//! assert_eq!(pos.to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
//!
//! let after = Position::from_sfen("position startpos moves 7g7f 3c3d")?;
//! assert_eq!(after.ply(), 3);
//! assert!(after.piece_at(Square::SQ_7F).is_some());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Accepted forms, separated by any ASCII whitespace:
//! - `<board> <side> <hands> [<move number>]` (the move number defaults to 1, and is at most
//!   [`MAX_MOVE_NUMBER`]);
//! - the same after `sfen`;
//! - `startpos`;
//! - any of these after `position`, and followed by `moves <usi>...`.
//!
//! Hands may list kinds in any order and in either case group; a count (`2`..`18`) precedes
//! its letter. Output is canonical: hands in the order `RBGSNLP` then `rbgsnlp`.
//!
//! Reading is lenient where the meaning is plain, as other programs' writers differ: digits
//! of a rank may follow each other (`54` is nine empty squares), a kind may appear twice in
//! a hand (`2P3P` is five pawns), and a move number may have leading zeros. The position
//! never differs from what the text says; writing gives the canonical form.
//!
//! ```
//! use masu_shogi::Position;
//!
//! let lenient = Position::from_sfen("4k4/9/54/9/9/9/9/9/4K4 b 2P3P 007")?;
//! assert_eq!(lenient.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b 5P 7");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::{Color, Hand, Piece, PieceKind, Position, PositionError, Setup, SetupMode, UsiMove};

/// The largest move number SFEN reading takes, 2,147,483,647: the largest a 32-bit signed
/// integer holds (other programs' move counters), and far enough from the end of `u32` that
/// no game played on from it makes [`Position::ply`] wrap around.
pub const MAX_MOVE_NUMBER: u32 = i32::MAX.unsigned_abs();

/// What is wrong in the board field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// A character that is not a piece letter, `+`, a digit 1-9 or `/`.
    InvalidPiece,
    /// A rank with more than nine squares.
    RankTooLong,
    /// A rank with fewer than nine squares.
    RankTooShort,
    /// Not exactly nine ranks.
    WrongRankCount,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BoardError::InvalidPiece => {
                "invalid piece (expected an sfen piece such as P, +r or k, a digit 1-9 or /)"
            }
            BoardError::RankTooLong => "rank too long (expected nine squares)",
            BoardError::RankTooShort => "rank too short (expected nine squares)",
            BoardError::WrongRankCount => "not nine ranks (expected nine, separated by /)",
        })
    }
}

impl std::error::Error for BoardError {}

/// The text is not valid SFEN; `at` fields are byte offsets into the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSfenError {
    /// Nothing but whitespace.
    #[error("empty sfen")]
    Empty,
    /// The board field.
    #[error("invalid board at byte {at}: {error}")]
    Board {
        /// Where.
        at: usize,
        /// What.
        error: BoardError,
    },
    /// The side to move is missing or not `b`/`w`.
    #[error("invalid side to move at byte {at} (expected b or w)")]
    Turn {
        /// Where.
        at: usize,
    },
    /// The hands field is missing or malformed (a count beyond a set's is
    /// [`ParseSfenError::HandCount`]).
    #[error("invalid hands at byte {at}")]
    Hand {
        /// Where.
        at: usize,
    },
    /// The hands field gives a side more pieces of a kind than a set has (`99G`, or `3G2G`
    /// counted together): `invalid hands at byte 26: 99 golds: a set has 4`.
    #[error(
        "invalid hands at byte {at}: {count} {}s: a set has {}",
        kind.name(),
        kind.max_count()
    )]
    HandCount {
        /// Where: the letter of the piece whose count goes beyond a set's.
        at: usize,
        /// The kind.
        kind: PieceKind,
        /// How many the field gives the side (repeated letters counted together).
        count: u8,
    },
    /// The move number is not a number from 0 to [`MAX_MOVE_NUMBER`].
    #[error("invalid move number at byte {at} (a number from 0 to 2147483647)")]
    MoveNumber {
        /// Where.
        at: usize,
    },
    /// Text after the position that is not `moves ...`.
    #[error("unexpected text at byte {at}")]
    Trailing {
        /// Where.
        at: usize,
    },
    /// A word after `moves` is not a USI move.
    #[error(
        "invalid usi move #{index} at byte {at} (expected {})",
        crate::usi::MOVE_FORMS
    )]
    Move {
        /// Where.
        at: usize,
        /// The move's number in the list, from 1.
        index: usize,
    },
    /// A move after `moves` is not legal where it is played.
    #[error("illegal move #{index} {usi} at byte {at}: {reason}")]
    IllegalMove {
        /// Where.
        at: usize,
        /// The move's number in the list, from 1.
        index: usize,
        /// The move.
        usi: UsiMove,
        /// The rule it breaks.
        reason: crate::IllegalMoveReason,
    },
    /// The position is well-formed text but breaks the rules.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl ParseSfenError {
    /// The byte offset into the text where the error is; `None` for an empty text and for
    /// a position that reads but breaks the rules (no one place is wrong). A reader of a
    /// line that holds a SFEN adds it to where the SFEN starts to say the column.
    ///
    /// ```
    /// use masu_shogi::Position;
    ///
    /// let err = Position::from_sfen("9/9/9/9/9/9/9/9/9 x - 1").expect_err("bad side");
    /// assert_eq!(err.offset(), Some(18));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn offset(&self) -> Option<usize> {
        match self {
            ParseSfenError::Board { at, .. }
            | ParseSfenError::Turn { at }
            | ParseSfenError::Hand { at }
            | ParseSfenError::HandCount { at, .. }
            | ParseSfenError::MoveNumber { at }
            | ParseSfenError::Trailing { at }
            | ParseSfenError::Move { at, .. }
            | ParseSfenError::IllegalMove { at, .. } => Some(*at),
            ParseSfenError::Empty | ParseSfenError::Position(_) => None,
        }
    }
}

/// Splits on ASCII whitespace, keeping byte offsets.
fn words(s: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < s.len() && s[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while i < s.len() && !s[i].is_ascii_whitespace() {
            i += 1;
        }
        (start < i).then(|| (start, &s[start..i]))
    })
}

/// A parsed SFEN line: the setup, and any moves with their byte offsets.
#[derive(Debug, Clone)]
struct SfenLine {
    setup: Setup,
    moves: Vec<(usize, UsiMove)>,
}

fn parse_line(s: &[u8]) -> Result<SfenLine, ParseSfenError> {
    let mut words = words(s).peekable();
    if words.peek().is_some_and(|&(_, w)| w == b"position") {
        words.next();
    }
    let (at, first) = words.next().ok_or(ParseSfenError::Empty)?;
    let setup = match first {
        b"startpos" => Setup::startpos(),
        b"sfen" => {
            let (at, board) = words.next().ok_or(ParseSfenError::Board {
                at: s.len(),
                error: BoardError::WrongRankCount,
            })?;
            parse_fields(at, board, &mut words, s.len())?
        }
        board => parse_fields(at, board, &mut words, s.len())?,
    };
    let mut moves = Vec::new();
    if let Some((at, word)) = words.next() {
        if word != b"moves" {
            return Err(ParseSfenError::Trailing { at });
        }
        for (index, (at, word)) in words.enumerate() {
            let usi = UsiMove::from_ascii(word).map_err(|_| ParseSfenError::Move {
                at,
                index: index + 1,
            })?;
            moves.push((at, usi));
        }
    }
    Ok(SfenLine { setup, moves })
}

fn parse_fields<'a>(
    at: usize,
    board: &[u8],
    words: &mut std::iter::Peekable<impl Iterator<Item = (usize, &'a [u8])>>,
    end: usize,
) -> Result<Setup, ParseSfenError> {
    let mut setup = Setup::default();
    parse_board(at, board, &mut setup)?;
    setup.turn = match words.next() {
        Some((_, b"b")) => Color::Black,
        Some((_, b"w")) => Color::White,
        Some((at, _)) => return Err(ParseSfenError::Turn { at }),
        None => return Err(ParseSfenError::Turn { at: end }),
    };
    let (at, hands) = words.next().ok_or(ParseSfenError::Hand { at: end })?;
    parse_hands(at, hands, &mut setup)?;
    if let Some(&(at, word)) = words.peek()
        && word.first().is_some_and(u8::is_ascii_digit)
    {
        words.next();
        setup.ply = std::str::from_utf8(word)
            .ok()
            .and_then(|w| w.parse().ok())
            .filter(|&n| n <= MAX_MOVE_NUMBER)
            .ok_or(ParseSfenError::MoveNumber { at })?;
    }
    Ok(setup)
}

fn parse_board(at: usize, board: &[u8], setup: &mut Setup) -> Result<(), ParseSfenError> {
    let err = |i: usize, error| ParseSfenError::Board { at: at + i, error };
    let mut rank = 1u8;
    let mut file = 9i8; // the next file to fill, counting down
    let mut promoted = false;
    for (i, &c) in board.iter().enumerate() {
        match c {
            b'/' if !promoted => {
                if file != 0 {
                    return Err(err(i, BoardError::RankTooShort));
                }
                if rank == 9 {
                    return Err(err(i, BoardError::WrongRankCount));
                }
                rank += 1;
                file = 9;
            }
            b'1'..=b'9' if !promoted => {
                file -= (c - b'0') as i8;
                if file < 0 {
                    return Err(err(i, BoardError::RankTooLong));
                }
            }
            b'+' if !promoted => promoted = true,
            _ => {
                let text: &[u8] = if promoted { &[b'+', c] } else { &[c] };
                let piece = Piece::from_sfen(text).ok_or(err(i, BoardError::InvalidPiece))?;
                promoted = false;
                if file < 1 {
                    return Err(err(i, BoardError::RankTooLong));
                }
                let sq =
                    crate::Square::new(file as u8, rank).ok_or(err(i, BoardError::RankTooLong))?;
                setup.board[sq.index()] = Some(piece);
                file -= 1;
            }
        }
    }
    if promoted {
        return Err(err(board.len(), BoardError::InvalidPiece));
    }
    if file != 0 {
        return Err(err(board.len(), BoardError::RankTooShort));
    }
    if rank != 9 {
        return Err(err(board.len(), BoardError::WrongRankCount));
    }
    Ok(())
}

fn parse_hands(at: usize, text: &[u8], setup: &mut Setup) -> Result<(), ParseSfenError> {
    if text == b"-" {
        return Ok(());
    }
    let mut count: Option<u8> = None;
    for (i, &c) in text.iter().enumerate() {
        let err = ParseSfenError::Hand { at: at + i };
        if c.is_ascii_digit() {
            let n = count.unwrap_or(0);
            if (n == 0 && c == b'0') || n >= 10 {
                return Err(err);
            }
            count = Some(n * 10 + (c - b'0'));
            continue;
        }
        let kind = PieceKind::from_sfen_char(c)
            .filter(|k| k.is_hand_kind())
            .ok_or(err.clone())?;
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let hand = &mut setup.hands[color];
        let n = hand.count(kind).saturating_add(count.take().unwrap_or(1));
        hand.set(kind, n).map_err(|_| ParseSfenError::HandCount {
            at: at + i,
            kind,
            count: n,
        })?;
    }
    if count.is_some() {
        return Err(ParseSfenError::Hand {
            at: at + text.len(),
        });
    }
    Ok(())
}

impl Setup {
    /// Parses SFEN (any form of the module docs, without a `moves` list) into a setup,
    /// without checking the rules.
    ///
    /// # Errors
    ///
    /// [`ParseSfenError`] saying what is wrong and where.
    pub fn from_sfen(s: &str) -> Result<Setup, ParseSfenError> {
        let line = parse_line(s.as_bytes())?;
        match line.moves.first() {
            Some(&(at, _)) => Err(ParseSfenError::Trailing { at }),
            None => Ok(line.setup),
        }
    }

    /// The SFEN text: `<board> <side> <hands> <move number>`.
    #[must_use]
    pub fn to_sfen(&self) -> String {
        let mut s = String::with_capacity(96);
        let _ = write_sfen(&mut s, &self.board, &self.hands, self.turn, self.ply);
        s
    }
}

impl Position {
    /// Parses SFEN or a USI `position` line (see the module docs) as a game position, and
    /// plays any moves.
    ///
    /// # Errors
    ///
    /// [`ParseSfenError`] saying what is wrong and where.
    pub fn from_sfen(s: &str) -> Result<Position, ParseSfenError> {
        Position::from_sfen_with(s, SetupMode::Strict)
    }

    /// As [`Position::from_sfen`], checking the setup in `mode`.
    ///
    /// # Errors
    ///
    /// [`ParseSfenError`] saying what is wrong and where.
    pub fn from_sfen_with(s: &str, mode: SetupMode) -> Result<Position, ParseSfenError> {
        Position::from_ascii_with(s.as_bytes(), mode)
    }

    /// As [`Position::from_sfen_with`], from bytes.
    ///
    /// # Errors
    ///
    /// [`ParseSfenError`] saying what is wrong and where.
    pub fn from_ascii_with(s: &[u8], mode: SetupMode) -> Result<Position, ParseSfenError> {
        let line = parse_line(s)?;
        let mut pos = Position::from_setup(line.setup, mode)?;
        for (index, (at, usi)) in line.moves.into_iter().enumerate() {
            let m = usi.to_move(&pos).map_err(|e| ParseSfenError::IllegalMove {
                at,
                index: index + 1,
                usi,
                reason: e.reason,
            })?;
            pos.play_unchecked(m);
        }
        Ok(pos)
    }

    /// The SFEN text: `<board> <side> <hands> <move number>` (same as `to_string()`).
    #[must_use]
    pub fn to_sfen(&self) -> String {
        let mut s = String::with_capacity(96);
        let _ = write_sfen(&mut s, self.board(), self.hands(), self.turn(), self.ply());
        s
    }
}

impl FromStr for Position {
    type Err = ParseSfenError;

    fn from_str(s: &str) -> Result<Position, ParseSfenError> {
        Position::from_sfen(s)
    }
}

impl fmt::Display for Position {
    /// SFEN without the `sfen` prefix; with `{:#}` the Japanese board diagram
    /// ([`Position::to_bod`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.bod().fmt(f);
        }
        write_sfen(f, self.board(), self.hands(), self.turn(), self.ply())
    }
}

fn write_sfen(
    w: &mut impl fmt::Write,
    board: &[Option<Piece>; 81],
    hands: &crate::ByColor<Hand>,
    turn: Color,
    ply: u32,
) -> fmt::Result {
    // Written a character or a piece's text at a time: `write!` goes through the
    // formatting machinery, which cost more than the rest of the writing.
    let digit = |n: u8| char::from(b'0' + n);
    for rank in 1..=9 {
        let mut empty = 0;
        for file in (1..=9).rev() {
            let piece = crate::Square::new(file, rank).and_then(|sq| board[sq.index()]);
            match piece {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        w.write_char(digit(empty))?;
                        empty = 0;
                    }
                    w.write_str(p.sfen_text())?;
                }
            }
        }
        if empty > 0 {
            w.write_char(digit(empty))?;
        }
        if rank < 9 {
            w.write_char('/')?;
        }
    }
    w.write_char(' ')?;
    w.write_char(turn.to_sfen_char())?;
    w.write_char(' ')?;
    if hands.black.is_empty() && hands.white.is_empty() {
        w.write_char('-')?;
    }
    for color in Color::ALL {
        for kind in PieceKind::HAND.iter().rev() {
            let n = hands[color].count(*kind);
            if n > 1 {
                write_number(w, u32::from(n))?;
            }
            if n > 0 {
                w.write_str(Piece::new(color, *kind).sfen_text())?;
            }
        }
    }
    w.write_char(' ')?;
    write_number(w, ply)
}

/// Writes `n` in decimal, a digit at a time: its higher digits first, then its last.
fn write_number(w: &mut impl fmt::Write, n: u32) -> fmt::Result {
    if n >= 10 {
        write_number(w, n / 10)?;
    }
    w.write_char(char::from(b'0' + (n % 10) as u8))
}
