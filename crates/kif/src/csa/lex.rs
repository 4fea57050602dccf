//! The syntax phase of CSA: a line becomes statements, with no board.
//!
//! A line that starts with `'` is one comment. Any other line holds statements joined by
//! `,` (`+7776FU,T12`); a `'` after a comma starts a comment that runs to the end of the line
//! (`%KACHI,'* -5000 win`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use shogi::{Color, Move, PieceKind, Position, Square};

use super::codes;
use crate::{KifMove, KifMoveError};

/// A CSA move as written: `+7776FU` (side, origin or `00` for a drop, destination, and the
/// piece *after* the move, so `+8822UM` is a bishop promoting).
///
/// ```
/// use masu_kif::csa::CsaMove;
/// use masu_kif::shogi::{Color, PieceKind};
///
/// let m: CsaMove = "-0055KA".parse()?;
/// assert_eq!((m.color, m.from, m.piece), (Color::White, None, PieceKind::Bishop));
/// assert_eq!(m.to_string(), "-0055KA");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CsaMove {
    /// The side that moves (`+` Black, `-` White).
    pub color: Color,
    /// The origin; `None` for a drop (`00`).
    pub from: Option<Square>,
    /// The destination.
    pub to: Square,
    /// The piece after the move.
    pub piece: PieceKind,
}

/// CSA text that does not parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("bad CSA text at character {column}: expected {expected}")]
pub struct ParseCsaError {
    /// 1-based character offset in the statement.
    pub column: usize,
    /// What could stand there.
    pub expected: &'static str,
}

fn err(column: usize, expected: &'static str) -> ParseCsaError {
    ParseCsaError { column, expected }
}

/// A square from two ASCII digits; `Ok(None)` for `00`.
fn square(b: &[u8], column: usize) -> Result<Option<Square>, ParseCsaError> {
    let digit = |i: usize| {
        b.get(i)
            .filter(|c| c.is_ascii_digit())
            .map(|c| c - b'0')
            .ok_or(err(column + i, "a digit"))
    };
    let (file, rank) = (digit(0)?, digit(1)?);
    if (file, rank) == (0, 0) {
        return Ok(None);
    }
    Square::new(file, rank)
        .map(Some)
        .ok_or(err(column, "a square 11-99 or 00"))
}

/// A piece code at `b[0..2]`.
pub(crate) fn piece(b: &[u8], column: usize) -> Result<PieceKind, ParseCsaError> {
    b.first_chunk::<2>()
        .and_then(|&c| codes::kind_of(c))
        .ok_or(err(
            column,
            "a piece code FU KY KE GI KI KA HI OU TO NY NK NG UM RY",
        ))
}

impl CsaMove {
    /// Parses `+7776FU`.
    ///
    /// # Errors
    ///
    /// [`ParseCsaError`] with the column of the first character that does not fit.
    // Inlined into the lexer: its `Result` returned through memory was read back with a
    // stalled load at every move (MEASUREMENTS.md).
    #[inline]
    pub fn from_ascii(s: &[u8]) -> Result<CsaMove, ParseCsaError> {
        let color = s
            .first()
            .and_then(|&c| codes::color(c))
            .ok_or(err(1, "`+` or `-`"))?;
        let from = square(&s[1..], 2)?;
        let to = square(s.get(3..).unwrap_or_default(), 4)?.ok_or(err(4, "a square 11-99"))?;
        let piece = piece(s.get(5..).unwrap_or_default(), 6)?;
        if s.len() > 7 {
            return Err(err(8, "the end of the move"));
        }
        if from.is_none() && !piece.is_hand_kind() {
            return Err(err(6, "a piece that can be dropped"));
        }
        Ok(CsaMove {
            color,
            from,
            to,
            piece,
        })
    }
}

impl CsaMove {
    /// The CSA form of `mv` played by `color` (cshogi's `move_to_csa`, with the sign): the
    /// piece is written as it stands after the move.
    ///
    /// ```
    /// use masu_kif::csa::CsaMove;
    /// use masu_kif::shogi::Position;
    ///
    /// let mut pos = Position::startpos();
    /// let m = pos.play_usi("7g7f")?;
    /// assert_eq!(CsaMove::from_move(&m, masu_kif::shogi::Color::Black).to_string(), "+7776FU");
    /// pos.play_usi("3c3d")?;
    /// let m = pos.play_usi("8h2b+")?;
    /// // Without the sign, as cshogi writes it:
    /// assert_eq!(&CsaMove::from_move(&m, masu_kif::shogi::Color::Black).to_string()[1..], "8822UM");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_move(mv: &Move, color: Color) -> CsaMove {
        CsaMove {
            color,
            from: mv.from(),
            to: mv.to(),
            piece: mv.kind_after(),
        }
    }
}

impl CsaMove {
    /// The legal move of `pos` this text names: a CSA client's reading of the server's
    /// `+7776FU`. A promotion is read from the piece after the move.
    ///
    /// ```
    /// use masu_kif::csa::CsaMove;
    /// use masu_kif::shogi::Position;
    ///
    /// let pos = Position::startpos();
    /// let m = "+7776FU".parse::<CsaMove>()?.to_move(&pos)?;
    /// assert_eq!(m.to_usi().to_string(), "7g7f");
    /// assert!("-3334FU".parse::<CsaMove>()?.to_move(&pos).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`KifMoveError::WrongSide`] when the sign is not the side to move's, otherwise as
    /// [`KifMove::to_move`]: no such piece there, or an illegal move.
    pub fn to_move(&self, pos: &Position) -> Result<Move, KifMoveError> {
        if self.color != pos.turn() {
            return Err(KifMoveError::WrongSide);
        }
        self.to_kif_move().to_move(pos, None)
    }

    /// The move as the move text of KIF with an origin: resolved, and checked, the same way.
    pub(crate) fn to_kif_move(self) -> KifMove {
        KifMove {
            to: Some(self.to),
            same: false,
            piece: self.piece,
            relative: None,
            motion: None,
            promotion: None,
            drop: self.from.is_none(),
            from: self.from,
        }
    }
}

impl FromStr for CsaMove {
    type Err = ParseCsaError;

    fn from_str(s: &str) -> Result<CsaMove, ParseCsaError> {
        CsaMove::from_ascii(s.as_bytes())
    }
}

impl CsaMove {
    /// Writes the statement's seven ASCII characters (`+7776FU`) a character or a code at a
    /// time, without the formatting machinery: the CSA writer writes one for every move,
    /// and `Display` is this.
    pub(crate) fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let sq = |s: Option<Square>| s.map_or((0, 0), |s| (s.file(), s.rank()));
        let (ff, fr) = sq(self.from);
        let (tf, tr) = sq(Some(self.to));
        out.write_char(codes::sign(self.color))?;
        for digit in [ff, fr, tf, tr] {
            out.write_char(char::from(b'0' + digit))?;
        }
        out.write_str(codes::code(self.piece))
    }
}

impl fmt::Display for CsaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// One statement of a CSA line.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Statement<'a> {
    /// `V2.2`, `V3.0`: the version (without the `V`).
    Version(&'a str),
    /// `N+name` / `N-name`: a player.
    Name {
        /// Whose name.
        color: Color,
        /// The name as written.
        name: &'a str,
    },
    /// `$KEY:value`: game information.
    Info {
        /// The key without `$`.
        key: &'a str,
        /// The value as written.
        value: &'a str,
    },
    /// `PI` and the squares and pieces removed from the even game (`82HI22KA`).
    Handicap(&'a str),
    /// `P1` .. `P9`: a board row, nine cells of three characters.
    Row {
        /// The rank, 1-9.
        rank: u8,
        /// The cells as written.
        cells: &'a str,
    },
    /// `P+` / `P-`: pieces put on squares or in hand (`00`), `00AL` for the rest.
    Pieces {
        /// Whose pieces.
        color: Color,
        /// The list as written (`99KY89KE00KI`).
        list: &'a str,
    },
    /// `+` / `-` alone: the side to move first.
    Turn(Color),
    /// A move.
    Move(CsaMove),
    /// `T12` / `T12.345`: the time spent on the preceding move.
    Time(Duration),
    /// `%TORYO` and the other terminal words (without `%`).
    Special(&'a str),
    /// `'*text`: a comment on the position (V3; `'**` engine lines keep their second `*`).
    Comment(&'a str),
    /// `'text`: a comment for people, which programs ignore.
    ProgramComment(&'a str),
    /// `/`: the next record of the file starts.
    Separator,
    /// A statement that does not parse.
    Bad(ParseCsaError),
    /// A time that does not parse (`T-5`, `Tabc`, more seconds than fit in 64 bits).
    BadTime(ParseCsaError),
    /// A move that does not parse (`+7776XX`, `-3334fu`): a statement that starts with `+`
    /// or `-` and is more than a turn line.
    BadMove(ParseCsaError),
}

/// A statement and its 1-based character column in the line.
pub type Located<'a> = (usize, Statement<'a>);

/// Splits a line into statements. Blank statements (an empty line, a trailing comma) give
/// nothing. Lines of players, information, positions and the version (`N`, `$`, `P`, `V`)
/// are one statement each, commas included (`$EVENT:Cup, final`): CSA joins only moves,
/// times and specials with `,`.
#[must_use]
pub fn statements(line: &str) -> Vec<Located<'_>> {
    split(line)
        .into_iter()
        .map(|p| (p.column, p.statement))
        .collect()
}

/// A statement with its place: 1-based character column and byte range in the line.
#[derive(Debug)]
pub(crate) struct Part<'a> {
    pub(crate) column: usize,
    pub(crate) range: std::ops::Range<usize>,
    pub(crate) statement: Statement<'a>,
}

pub(crate) fn split(line: &str) -> Vec<Part<'_>> {
    let mut out = Vec::new();
    let Ok(()) = for_each_part(line, |part| {
        out.push(part);
        Ok::<(), std::convert::Infallible>(())
    });
    out
}

/// Calls `f` with each statement of [`split`] in turn (a reader takes them as they come
/// instead of from a list), stopping at its first error.
pub(crate) fn for_each_part<'a, E>(
    line: &'a str,
    mut f: impl FnMut(Part<'a>) -> Result<(), E>,
) -> Result<(), E> {
    // Nearly every line is one move, time, special or comment with nothing around it
    // (`+7776FU`, `T12`, `'** 30 ...`): told by its first and last bytes and the absence of
    // a comma, it is the whole line, without the trims and pattern tests below.
    let whole = |statement| Part {
        column: 1,
        range: 0..line.len(),
        statement,
    };
    match (line.as_bytes().first(), line.as_bytes().last()) {
        (Some(b'\''), _) => return f(whole(comment_statement(&line[1..]))),
        (Some(b'+' | b'-' | b'T' | b'%'), Some(last))
            if !matches!(last, b' ' | b'\t') && !has_comma(line.as_bytes()) =>
        {
            return f(whole(statement(line)));
        }
        _ => {}
    }
    let body = line.trim_start_matches([' ', '\t']);
    let lead = line.len() - body.len();
    if body.starts_with(['N', '$', 'P', 'V']) {
        let text = if body.starts_with('P') {
            body.trim_end_matches([' ', '\t'])
        } else {
            body
        };
        return f(Part {
            column: lead + 1,
            range: lead..lead + text.len(),
            statement: statement(text),
        });
    }
    let mut at = 0;
    let mut column = 1;
    while at < line.len() {
        let rest = &line[at..];
        if let Some(comment) = rest.strip_prefix('\'') {
            return f(Part {
                column,
                range: at..line.len(),
                statement: comment_statement(comment),
            });
        }
        let end = memchr::memchr(b',', rest.as_bytes()).unwrap_or(rest.len());
        let part = &rest[..end];
        let trimmed = part.trim_start_matches([' ', '\t']);
        let lead = part.len() - trimmed.len();
        let trimmed = trimmed.trim_end_matches([' ', '\t']);
        if !trimmed.is_empty() {
            f(Part {
                column: column + lead,
                range: at + lead..at + lead + trimmed.len(),
                statement: statement(trimmed),
            })?;
        }
        if end == rest.len() {
            break;
        }
        column += part.chars().count() + 1;
        at += end + 1;
    }
    Ok(())
}

/// Whether `b` holds a comma: a move or time (`+7776FU`, `T12`) is looked at byte by byte,
/// shorter than a vector search's setup.
fn has_comma(b: &[u8]) -> bool {
    if b.len() <= 16 {
        b.contains(&b',')
    } else {
        memchr::memchr(b',', b).is_some()
    }
}

fn comment_statement(text: &str) -> Statement<'_> {
    match text.strip_prefix('*') {
        Some(c) => Statement::Comment(c),
        None => Statement::ProgramComment(text),
    }
}

fn statement(s: &str) -> Statement<'_> {
    let b = s.as_bytes();
    let bad = |column, expected| Statement::Bad(err(column, expected));
    match b[0] {
        b'V' => Statement::Version(&s[1..]),
        b'N' => match b.get(1).and_then(|&c| codes::color(c)) {
            Some(color) => Statement::Name {
                color,
                name: &s[2..],
            },
            None => bad(2, "`+` or `-` after `N`"),
        },
        b'$' => match s.find(':') {
            Some(at) => Statement::Info {
                key: &s[1..at],
                value: &s[at + 1..],
            },
            None => bad(s.chars().count() + 1, "`:` after the key"),
        },
        b'P' => position_line(s),
        b'+' | b'-' if b.len() == 1 => Statement::Turn(codes::color(b[0]).unwrap_or(Color::Black)),
        b'+' | b'-' => match CsaMove::from_ascii(b) {
            Ok(m) => Statement::Move(m),
            Err(e) => Statement::BadMove(e),
        },
        b'T' => match time(&s[1..]) {
            Some(d) => Statement::Time(d),
            None => Statement::BadTime(err(2, "seconds (`12`, V3 `12.345`)")),
        },
        b'%' => Statement::Special(&s[1..]),
        b'/' if b.len() == 1 => Statement::Separator,
        _ => bad(1, "a CSA statement (V N $ P + - T % ' /)"),
    }
}

fn position_line(s: &str) -> Statement<'_> {
    let b = s.as_bytes();
    match b.get(1) {
        Some(b'I') => Statement::Handicap(&s[2..]),
        Some(&d @ b'1'..=b'9') => Statement::Row {
            rank: d - b'0',
            cells: &s[2..],
        },
        Some(&c @ (b'+' | b'-')) => Statement::Pieces {
            color: codes::color(c).unwrap_or(Color::Black),
            list: &s[2..],
        },
        _ => Statement::Bad(err(2, "`I`, a rank 1-9, `+` or `-` after `P`")),
    }
}

/// Seconds with an optional fraction (`12`, `12.345`); at most nine fraction digits. Read
/// on bytes: a time line follows nearly every move, and splitting it as a string (a
/// character search, two `str::parse`) was a fifth of lexing it.
pub(crate) fn time(s: &str) -> Option<Duration> {
    let b = s.as_bytes();
    let (whole, frac) = match b.iter().position(|&c| c == b'.') {
        Some(point) => (&b[..point], Some(&b[point + 1..])),
        None => (b, None),
    };
    let secs = number(whole)?;
    let nanos = match frac {
        Some(f) if f.len() <= 9 => number(f)? * 10u64.pow(9 - f.len() as u32),
        Some(_) => return None,
        None => 0,
    };
    Some(Duration::new(secs, u32::try_from(nanos).ok()?))
}

/// The value of one or more ASCII digits, unless it overflows.
fn number(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u64, |n, &c| {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n.checked_mul(10)?.checked_add(u64::from(d))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(line: &str) -> Vec<Statement<'_>> {
        statements(line).into_iter().map(|(_, s)| s).collect()
    }

    #[test]
    fn joined_statements_and_trailing_comments() {
        let m = "+7776FU".parse::<CsaMove>().ok();
        assert_eq!(
            kinds("+7776FU,T12"),
            vec![
                Statement::Move(m.unwrap_or_else(|| unreachable!())),
                Statement::Time(Duration::from_secs(12))
            ]
        );
        assert_eq!(
            kinds("%KACHI,'* -5000 win, really"),
            vec![
                Statement::Special("KACHI"),
                Statement::Comment(" -5000 win, really")
            ]
        );
        assert_eq!(
            kinds("'** 113 -3334FU"),
            vec![Statement::Comment("* 113 -3334FU")]
        );
        assert_eq!(kinds("'a, b"), vec![Statement::ProgramComment("a, b")]);
        assert!(kinds("").is_empty());
        let cols: Vec<usize> = statements("-3334FU,T6,%TORYO")
            .iter()
            .map(|s| s.0)
            .collect();
        assert_eq!(cols, vec![1, 9, 12]);
        // A line of one statement and the same statement with blanks around it.
        for line in ["T12", "T12 ", "\tT12", "%TORYO", "%TORYO\t", "-3334FU"] {
            let parts = split(line);
            let [part] = &parts[..] else {
                unreachable!("{line:?}")
            };
            let lead = line.len() - line.trim_start().len();
            assert_eq!(part.column, lead + 1, "{line:?}");
            assert_eq!(&line[part.range.clone()], line.trim(), "{line:?}");
        }
    }

    #[test]
    fn times_with_milliseconds() {
        assert_eq!(time("12.345"), Some(Duration::from_millis(12_345)));
        assert_eq!(time("0.5"), Some(Duration::from_millis(500)));
        assert_eq!(time("7"), Some(Duration::from_secs(7)));
        assert_eq!(time(""), None);
        assert_eq!(time("1."), None);
        assert_eq!(time("-1"), None);
    }

    /// [`time`] as it was read by string splits.
    fn time_by_splits(s: &str) -> Option<Duration> {
        let (whole, frac) = match s.split_once('.') {
            Some((w, f)) => (w, Some(f)),
            None => (s, None),
        };
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
        if !digits(whole) || frac.is_some_and(|f| !digits(f) || f.len() > 9) {
            return None;
        }
        let frac = frac.unwrap_or_default();
        let secs: u64 = whole.parse().ok()?;
        let nanos = if frac.is_empty() {
            0
        } else {
            let n: u32 = frac.parse().ok()?;
            n * 10u32.pow(9 - frac.len() as u32)
        };
        Some(Duration::new(secs, nanos))
    }

    proptest::proptest! {
        #[test]
        fn times_read_as_string_splits_read_them(s in "[0-9]{0,21}([.][0-9]{0,11}){0,2}[+a ]{0,1}") {
            proptest::prop_assert_eq!(time(&s), time_by_splits(&s));
        }
    }

    #[test]
    fn times_at_the_limits() {
        for s in [
            "18446744073709551615",
            "18446744073709551616",
            "1.999999999",
            "1.0000000001",
            "+1",
            "1.+5",
        ] {
            assert_eq!(time(s), time_by_splits(s), "{s}");
        }
    }

    #[test]
    fn move_errors_have_columns() {
        let e = |s: &str| s.parse::<CsaMove>().err().map(|e| e.column);
        assert_eq!(e("+7x76FU"), Some(3));
        assert_eq!(e("+7776XX"), Some(6));
        assert_eq!(e("+0055TO"), Some(6));
        assert_eq!(e("+7700FU"), Some(4));
        assert_eq!(e("+7776FUU"), Some(8));
        assert_eq!(e("+77"), Some(4));
        assert_eq!(
            "+8822UM"
                .parse::<CsaMove>()
                .map(|m| m.to_string())
                .ok()
                .as_deref(),
            Some("+8822UM")
        );
    }

    #[test]
    fn position_lines() {
        assert_eq!(kinds("PI82HI22KA"), vec![Statement::Handicap("82HI22KA")]);
        assert_eq!(
            kinds("P-00AL"),
            vec![Statement::Pieces {
                color: Color::White,
                list: "00AL"
            }]
        );
        assert!(matches!(
            kinds("P2 * -HI *")[0],
            Statement::Row { rank: 2, .. }
        ));
        assert_eq!(kinds("-"), vec![Statement::Turn(Color::White)]);
        assert_eq!(kinds("/"), vec![Statement::Separator]);
        assert_eq!(
            kinds("$EVENT:Cup, final "),
            vec![Statement::Info {
                key: "EVENT",
                value: "Cup, final "
            }]
        );
        assert_eq!(
            kinds("N+a,b"),
            vec![Statement::Name {
                color: Color::Black,
                name: "a,b"
            }]
        );
    }
}
