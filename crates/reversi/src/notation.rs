//! Board strings and move transcripts.
//!
//! # Examples
//!
//! ```
//! use masu_reversi::{Board, Color, PassStyle, parse_transcript, write_transcript};
//!
//! // The 64-character board string of the FFO and OBF files, a1 b1 ... h8, then the side to move.
//! let text = "---------------------------OX------XO--------------------------- X";
//! let board: Board = text.parse()?;
//! assert_eq!(board, Board::new());
//! assert_eq!(board.to_string(), text);
//!
//! let moves = parse_transcript(&Board::new(), "f5d6c3d3c4")?;
//! assert_eq!(moves.len(), 5);
//! assert_eq!(write_transcript(&moves, PassStyle::Omit), "f5d6c3d3c4");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Board strings accept `X`, `x`, `B`, `b` and `*` for black; `O`, `o`, `W`, `w` for white;
//! `-`, `.` and `_` for empty; then optional spaces, the side (`X`/`B`/`*`/`black` or
//! `O`/`W`/`white`, any case) and an optional `;` (OBF) before trailing spaces. They print as 64 characters, a space, `X` or
//! `O`; `{:#}` prints a diagram instead: a line of file letters, the eight ranks, and `X to
//! move` or `O to move`.
//!
//! Transcripts are square names run together or separated by spaces or commas (move numbers are
//! not accepted). Passes may be written (`pass`, `ps`, `--`) or left out: when the side
//! to move has no move, a pass is inserted before the next square.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, PlayError};
use crate::color::Color;
use crate::mv::Move;
use crate::square::Square;

/// What was wrong with a board string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// The squares are not 64 characters: `squares` is how many square characters lead the
    /// string.
    #[error("board string has {squares} squares, expected 64")]
    Length {
        /// The square characters found before a space, the side or the end.
        squares: usize,
    },
    /// A character that is not a disc or an empty mark, at the given square index.
    #[error("invalid square character at index {0}: expected X, O or -")]
    InvalidSquare(usize),
    /// The side to move is missing or not `X`/`O` (or `B`/`W`, `*`, `black`/`white`).
    #[error("the side to move after the 64 squares is missing or not X, O, black or white")]
    InvalidSide,
    /// Text after the side to move.
    #[error("unexpected text after the side to move")]
    Trailing,
}

/// Whether `c` stands for a square: a disc of either colour or an empty mark.
fn is_square_char(c: u8) -> bool {
    matches!(
        c,
        b'X' | b'x' | b'B' | b'b' | b'*' | b'O' | b'o' | b'W' | b'w' | b'-' | b'.' | b'_'
    )
}

impl Board {
    /// Parses a 64-character board string and side to move (see the module docs).
    ///
    /// ```
    /// use masu_reversi::{Board, ParseBoardError};
    ///
    /// // One empty square too few: the error says how many squares were found.
    /// let short = format!("{} X", "-".repeat(63));
    /// assert_eq!(short.parse::<Board>(), Err(ParseBoardError::Length { squares: 63 }));
    /// assert_eq!(
    ///     ParseBoardError::Length { squares: 63 }.to_string(),
    ///     "board string has 63 squares, expected 64"
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseBoardError`] saying which part is wrong: [`ParseBoardError::Length`] when the
    /// squares are not 64 characters.
    pub fn from_ascii(s: &[u8]) -> Result<Board, ParseBoardError> {
        let s = s.trim_ascii_start();
        let run = s.iter().take_while(|&&c| is_square_char(c)).count();
        if run < 64 {
            return Err(match s.get(run) {
                Some(c) if !c.is_ascii_whitespace() => ParseBoardError::InvalidSquare(run),
                _ => ParseBoardError::Length { squares: run },
            });
        }
        // The side may follow the 64th square without a space, as the string's end; any
        // other square character there, or one with more text after it (`...X X`), makes
        // the board too long.
        let glued_side = || {
            let after = s[65..].trim_ascii();
            Color::from_ascii(&s[64..65]).is_ok() && matches!(after, b"" | b";")
        };
        if run > 65 || (run == 65 && !glued_side()) {
            return Err(ParseBoardError::Length { squares: run });
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, &c) in s[..64].iter().enumerate() {
            match c {
                b'X' | b'x' | b'B' | b'b' | b'*' => black |= 1 << i,
                b'O' | b'o' | b'W' | b'w' => white |= 1 << i,
                _ => {}
            }
        }
        let rest = s[64..].trim_ascii_start();
        // The side is a letter or the word `Color` prints (`black`, `white`); a letter with
        // more text glued on (`Xz`) is a side followed by stray text.
        let word = rest
            .iter()
            .position(|&c| c.is_ascii_whitespace() || c == b';')
            .map_or(rest, |end| &rest[..end]);
        let side_len = if Color::from_ascii(word).is_ok() {
            word.len()
        } else {
            1
        };
        let side = rest
            .get(..side_len)
            .and_then(|c| Color::from_ascii(c).ok())
            .ok_or(ParseBoardError::InvalidSide)?;
        let rest = &rest[side_len..];
        let rest = rest.strip_prefix(b";").unwrap_or(rest);
        if !rest.trim_ascii().is_empty() {
            return Err(ParseBoardError::Trailing);
        }
        // The two masks come from distinct characters, so they cannot overlap.
        Board::from_colors(black, white, side).map_err(|_| ParseBoardError::InvalidSquare(0))
    }

    fn cell_char(&self, sq: Square) -> char {
        self.color_on(sq).map_or('-', Color::to_char)
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        Board::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.fmt_diagram(f);
        }
        let cells: String = Square::ALL.iter().map(|&sq| self.cell_char(sq)).collect();
        write!(f, "{cells} {}", self.side_to_move().to_char())
    }
}

impl Board {
    fn fmt_diagram(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  a b c d e f g h")?;
        for rank in 0..8u8 {
            write!(f, "{}", rank + 1)?;
            for file in 0..8u8 {
                let sq = Square::from_coords(file, rank).ok_or(fmt::Error)?;
                write!(f, " {}", self.cell_char(sq))?;
            }
            writeln!(f)?;
        }
        write!(f, "{} to move", self.side_to_move().to_char())
    }
}

/// Whether written transcripts show passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PassStyle {
    /// Leave out the passes readers re-insert (`f5d6...`): every pass followed by a move.
    /// A pass that ends the moves (a game stopped right after it) is written as `pass`,
    /// since no square follows it to say it was there.
    Omit,
    /// Write each pass as `pass`.
    Write,
}

/// What was wrong with a transcript.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseTranscriptError {
    /// Text that is not a square or a pass, at the given byte offset.
    #[error(
        "invalid move text at byte {0}: expected a square such as f5, or pass (no move numbers)"
    )]
    Syntax(usize),
    /// A move that cannot be played at its place in the game: `ply` counts from 0, the
    /// message from 1 (`f5a1`: `move 2 (byte 2): ...`), passes included, inserted ones too;
    /// `offset` is where its text starts.
    #[error("move {} (byte {offset}): {error}", ply + 1)]
    Illegal {
        /// Index of the move in the game from 0, passes included (those the reader
        /// inserted too).
        ply: usize,
        /// Byte offset of the move's text in the transcript.
        offset: usize,
        /// Why it could not be played.
        error: PlayError,
    },
}

/// Parses a transcript played from `start`, inserting forced passes that are not written.
///
/// # Errors
///
/// [`ParseTranscriptError`] for bad text or a move that is illegal where it stands.
pub fn parse_transcript(start: &Board, text: &str) -> Result<Vec<Move>, ParseTranscriptError> {
    let mut moves = Vec::new();
    replay_transcript(start, text, |_, mv| moves.push(mv))?;
    Ok(moves)
}

/// Plays a transcript from `start` as [`parse_transcript`] reads it, showing `visit` each
/// move (inserted passes too) with the position it is played in; the position at the end.
pub(crate) fn replay_transcript(
    start: &Board,
    text: &str,
    mut visit: impl FnMut(Board, Move),
) -> Result<Board, ParseTranscriptError> {
    let mut board = *start;
    let mut ply = 0;
    for (offset, token) in tokens(text.as_bytes()) {
        let mv = Move::from_ascii(token).map_err(|_| ParseTranscriptError::Syntax(offset))?;
        if mv != Move::Pass && board.must_pass() {
            visit(board, Move::Pass);
            board = board.pass_unchecked();
            ply += 1;
        }
        let next = board
            .play(mv)
            .map_err(|error| ParseTranscriptError::Illegal { ply, offset, error })?;
        visit(board, mv);
        board = next;
        ply += 1;
    }
    Ok(board)
}

/// Splits a transcript into move tokens with their byte offsets: two-character squares, or a
/// pass word, with spaces and commas between tokens ignored.
fn tokens(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < text.len() && (text[i].is_ascii_whitespace() || text[i] == b',') {
            i += 1;
        }
        if i >= text.len() {
            return None;
        }
        let start = i;
        let len = if text[i..].len() >= 4 && text[i..i + 4].eq_ignore_ascii_case(b"pass") {
            4
        } else {
            2
        };
        i = (i + len).min(text.len());
        Some((start, &text[start..i]))
    })
}

/// Writes moves as a transcript, `f5d6c3...`, with or without passes.
#[must_use]
pub fn write_transcript(moves: &[Move], style: PassStyle) -> String {
    let mut out = String::with_capacity(moves.len() * 2);
    for (i, mv) in moves.iter().enumerate() {
        let last = i + 1 == moves.len();
        match (mv, style) {
            (Move::Pass, PassStyle::Omit) if !last => {}
            (Move::Play(sq), _) => {
                // Two characters pushed, not a string formatted for each move.
                out.push(char::from(b'a' + sq.file()));
                out.push(char::from(b'1' + sq.rank()));
            }
            (Move::Pass, _) => out.push_str("pass"),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcripts_write_each_square_as_it_displays() {
        let moves: Vec<Move> = (0..64)
            .filter_map(crate::Square::new)
            .map(Move::Play)
            .collect();
        let shown: String = moves.iter().map(ToString::to_string).collect();
        assert_eq!(write_transcript(&moves, PassStyle::Omit), shown);
        let passes = [Move::Pass, Move::Pass];
        assert_eq!(write_transcript(&passes, PassStyle::Write), "passpass");
        assert_eq!(write_transcript(&passes, PassStyle::Omit), "pass");
    }

    #[test]
    fn obf_line_parses() -> Result<(), ParseBoardError> {
        let line = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X;";
        let b: Board = line.parse()?;
        assert_eq!(b.empty_count(), 20);
        assert_eq!(b.side_to_move(), Color::Black);
        assert_eq!(b.to_string(), &line[..66]);
        Ok(())
    }

    #[test]
    fn a_board_string_of_the_wrong_length_says_how_long_it_is() {
        let length = |squares| Err(ParseBoardError::Length { squares });
        assert_eq!("X".parse::<Board>(), length(1));
        assert_eq!("".parse::<Board>(), length(0));
        for n in [63, 65, 70] {
            assert_eq!(format!("{} X", "-".repeat(n)).parse::<Board>(), length(n));
        }
        // Without a space the side may follow the 64th square; a square character may not.
        assert!(format!("{}O", "-".repeat(64)).parse::<Board>().is_ok());
        assert!(format!("{}O;", "-".repeat(64)).parse::<Board>().is_ok());
        assert_eq!(format!("{}OO", "-".repeat(64)).parse::<Board>(), length(66));
        // A 65th disc with the side after a blank is a board too long, not a glued side.
        assert_eq!(
            format!("{}X X", "-".repeat(64)).parse::<Board>(),
            length(65)
        );
        // Blanks before the board are not squares.
        assert!(format!("  {} X", "-".repeat(64)).parse::<Board>().is_ok());
        // A bad character inside the squares is named by its index, not as a length.
        assert_eq!(
            format!("{}?{} X", "-".repeat(10), "-".repeat(53)).parse::<Board>(),
            Err(ParseBoardError::InvalidSquare(10))
        );
    }

    #[test]
    fn the_side_may_be_written_as_a_color_prints() -> Result<(), ParseBoardError> {
        // `Color` prints `black` and `white` and reads them back: a board string takes them
        // too (they read as `b` or `w` with stray text after it).
        let squares = Board::new().to_string()[..64].to_owned();
        for (side, color) in [("black", Color::Black), ("White", Color::White)] {
            for text in [format!("{squares} {side}"), format!("{squares} {side};")] {
                assert_eq!(text.parse::<Board>()?.side_to_move(), color, "{text}");
            }
        }
        assert_eq!(
            format!("{squares} blue").parse::<Board>(),
            Err(ParseBoardError::Trailing)
        );
        assert_eq!(
            format!("{squares} red").parse::<Board>(),
            Err(ParseBoardError::InvalidSide)
        );
        Ok(())
    }

    #[test]
    fn bad_board_strings_are_errors() {
        let mut s = "-".repeat(64);
        assert_eq!(s.parse::<Board>(), Err(ParseBoardError::InvalidSide));
        s.push_str(" X z");
        assert_eq!(s.parse::<Board>(), Err(ParseBoardError::Trailing));
        s.replace_range(0..1, "?");
        assert_eq!(s.parse::<Board>(), Err(ParseBoardError::InvalidSquare(0)));
    }

    #[test]
    fn a_pass_that_ends_the_moves_is_written_even_when_passes_are_left_out() {
        // After the game's last move, h4, White has no move: the pass is forced, and last.
        let game = "c4c5f6c3d6g7f4g4e3c7f5g5h6h5e6d2e2f7b6e1d8a7a5b8h4";
        let mut moves = parse_transcript(&Board::new(), game).unwrap();
        let board = moves.iter().fold(Board::new(), |b, &m| b.play(m).unwrap());
        assert!(board.must_pass());
        moves.push(Move::Pass);
        let written = write_transcript(&moves, PassStyle::Omit);
        assert_eq!(written, format!("{game}pass"));
        assert_eq!(parse_transcript(&Board::new(), &written), Ok(moves.clone()));
        // Passes followed by a move are left out, as before.
        moves.push("b5".parse().unwrap());
        let written = write_transcript(&moves, PassStyle::Omit);
        assert_eq!(written, format!("{game}b5"));
        assert_eq!(parse_transcript(&Board::new(), &written), Ok(moves));
    }

    #[test]
    fn transcript_errors_say_where() {
        let start = Board::new();
        assert_eq!(
            parse_transcript(&start, "f5 zz"),
            Err(ParseTranscriptError::Syntax(3))
        );
        let err = parse_transcript(&start, "f5 a1").unwrap_err();
        assert!(matches!(
            err,
            ParseTranscriptError::Illegal {
                ply: 1,
                offset: 3,
                ..
            }
        ));
        // The message counts as a reader does: a1 is the second move, at byte 3.
        assert!(err.to_string().starts_with("move 2 (byte 3): "), "{err}");
    }
}
