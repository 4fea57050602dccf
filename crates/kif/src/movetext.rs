//! Move text of KIF and KI2, as syntax: `７六歩(77)`, `同　銀(88)`, `２三歩打`, `５八金右`,
//! `２八銀左引`, `８二飛成`, `２二角不成(88)`.
//!
//! [`KifMove`] is what the text says, without a board; [`KifMove::to_move`] resolves it in a
//! position. The reader accepts, beyond the spec:
//!
//! - destinations in ASCII, full-width or kanji digits (`７六`, `76`, `７６`);
//! - `同`, `同　`, `同 ` and a destination before `同` (`７六同歩`);
//! - piece names 成銀/全, 成桂/圭, 成香/杏, 龍/竜, 玉/王;
//! - promotion words `成`, `不成`, `生`; drops `打`, `打(00)` and a bare `(00)`;
//! - KI2 relative words 右 左 直 and movement words 上 寄 引 (`行`, `入` as synonyms of `上`)
//!   in any order before the promotion word.
//!
//! ```
//! use masu_kif::KifMove;
//!
//! let m: KifMove = "同　銀(88)".parse()?;
//! assert!(m.same && m.to.is_none());
//! assert_eq!(m.to_string(), "同　銀(88)");
//! let m: KifMove = "５八金右".parse()?;
//! assert_eq!(m.to_string(), "５八金右");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write as _};
use std::str::FromStr;

use shogi::numerals::digit;
pub use shogi::{Motion, Relative};
use shogi::{MoveWords, PieceKind, Square};

use crate::text;

/// A move as written, before it meets a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KifMove {
    /// The destination, when written.
    pub to: Option<Square>,
    /// `同`: the destination is the previous move's.
    pub same: bool,
    /// The piece as written, before any promotion (`成銀` is [`PieceKind::ProSilver`]).
    pub piece: PieceKind,
    /// KI2 relative word.
    pub relative: Option<Relative>,
    /// KI2 movement word.
    pub motion: Option<Motion>,
    /// `成` is `Some(true)`, `不成`/`生` is `Some(false)`, nothing is `None`.
    pub promotion: Option<bool>,
    /// `打` (or a KIF `(00)` origin).
    pub drop: bool,
    /// The KIF origin `(77)`.
    pub from: Option<Square>,
}

/// Move text that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad move text at character {column}: expected {expected}")]
pub struct ParseKifMoveError {
    /// 1-based character offset in the move text.
    pub column: usize,
    /// What could stand there.
    pub expected: &'static str,
}

struct Cursor<'a> {
    /// The whole text, for the columns of errors.
    s: &'a str,
    /// What is left of it: stepped over a character at a time without slicing `s` again
    /// (a slice checks its bounds and the character boundary, which took a tenth of
    /// lexing a move line).
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    fn new(s: &'a str) -> Cursor<'a> {
        Cursor { s, rest: s }
    }

    /// The byte offset of `rest` in `s`.
    fn at(&self) -> usize {
        self.s.len() - self.rest.len()
    }

    /// Goes back (or forward) to byte offset `at` of `s`, a character boundary.
    fn set_at(&mut self, at: usize) {
        self.rest = &self.s[at..];
    }

    fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    fn rest(&self) -> &'a str {
        self.rest
    }

    fn bump(&mut self) -> Option<char> {
        let mut chars = self.rest.chars();
        let c = chars.next()?;
        self.rest = chars.as_str();
        Some(c)
    }

    fn eat(&mut self, word: &str) -> bool {
        match self.rest.strip_prefix(word) {
            Some(after) => {
                self.rest = after;
                true
            }
            None => false,
        }
    }

    fn error(&self, expected: &'static str) -> ParseKifMoveError {
        ParseKifMoveError {
            column: text::chars_in(&self.s[..self.at()]) + 1,
            expected,
        }
    }
}

impl KifMove {
    /// Parses move text at the start of `s`; returns the move and the bytes it took (time
    /// fields and other trailing text are left to the caller).
    ///
    /// # Errors
    ///
    /// The text is not a move: the error says where and what was expected.
    pub fn parse_prefix(s: &str) -> Result<(KifMove, usize), ParseKifMoveError> {
        let mut m = KifMove::BLANK;
        let used = m.read_prefix(s)?;
        Ok((m, used))
    }

    /// A move to read into ([`KifMove::read_prefix`]).
    pub(crate) const BLANK: KifMove = KifMove {
        to: None,
        same: false,
        piece: PieceKind::Pawn,
        relative: None,
        motion: None,
        promotion: None,
        drop: false,
        from: None,
    };

    /// [`KifMove::parse_prefix`] into `self`, where the KIF lexer keeps it: a move
    /// returned was copied there by loads wider than the stores that had just written it,
    /// a stalled load at every move line (MEASUREMENTS.md). `self` is unspecified after an
    /// error.
    pub(crate) fn read_prefix(&mut self, s: &str) -> Result<usize, ParseKifMoveError> {
        let mut c = Cursor::new(s);
        let (to, same) = destination(&mut c)?;
        let (piece, len) = PieceKind::from_japanese_prefix(c.rest()).ok_or_else(|| {
            c.error("a piece name (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)")
        })?;
        c.rest = &c.rest[len..];
        *self = KifMove {
            to,
            same,
            piece,
            ..KifMove::BLANK
        };
        modifiers(&mut c, self);
        origin(&mut c, self)?;
        Ok(c.at())
    }

    /// The KI2 form of the same move (no origin).
    #[must_use]
    pub fn without_origin(mut self) -> KifMove {
        self.from = None;
        self
    }

    /// The words after the piece: relative, movement, promotion and `打`.
    #[must_use]
    pub fn words(&self) -> MoveWords {
        MoveWords {
            relative: self.relative,
            motion: self.motion,
            promotion: self.promotion,
            drop: self.drop,
        }
    }
}

fn destination(c: &mut Cursor<'_>) -> Result<(Option<Square>, bool), ParseKifMoveError> {
    if c.eat("同") {
        while c.peek().is_some_and(text::is_blank) {
            c.bump();
        }
        return Ok((None, true));
    }
    // Errors point at the character that is not what they expected, not past it.
    let start = c.at();
    // A full-width file (７, bytes EF BC 97) by bytes; other spellings through `digit`.
    let file = match *c.rest.as_bytes() {
        [0xEF, 0xBC, f @ 0x91..=0x99, ..] => {
            c.rest = &c.rest[3..];
            Some(f - 0x90)
        }
        _ => c.bump().and_then(digit),
    };
    let Some(file) = file else {
        c.set_at(start);
        return Err(c.error("a destination (７六) or 同"));
    };
    let rank_at = c.at();
    let Some(rank) = c.bump().and_then(digit) else {
        c.set_at(rank_at);
        return Err(c.error("a rank (一 to 九)"));
    };
    let Some(to) = Square::new(file, rank) else {
        c.set_at(start);
        return Err(c.error("a square"));
    };
    let same = c.eat("同");
    if same {
        while c.peek().is_some_and(text::is_blank) {
            c.bump();
        }
    }
    Ok((Some(to), same))
}

fn modifiers(c: &mut Cursor<'_>, m: &mut KifMove) {
    loop {
        // No word is ASCII: `(77)`, a blank or the end stops without decoding a character.
        if c.rest.as_bytes().first().is_none_or(u8::is_ascii) {
            return;
        }
        if c.eat("不成") {
            m.promotion = Some(false);
            continue;
        }
        match c.peek() {
            Some('右') => m.relative = Some(Relative::Right),
            Some('左') => m.relative = Some(Relative::Left),
            Some('直') => m.relative = Some(Relative::Straight),
            Some('上' | '行' | '入') => m.motion = Some(Motion::Up),
            Some('寄') => m.motion = Some(Motion::Sideways),
            Some('引') => m.motion = Some(Motion::Down),
            Some('成') => m.promotion = Some(true),
            Some('生') => m.promotion = Some(false),
            Some('打') => m.drop = true,
            _ => return,
        }
        c.bump();
    }
}

fn origin(c: &mut Cursor<'_>, m: &mut KifMove) -> Result<(), ParseKifMoveError> {
    // The usual `(77)` and `(00)` by bytes; the rest (full-width digits, errors) below.
    if let [b'(', f @ b'0'..=b'9', r @ b'0'..=b'9', b')', ..] = *c.rest.as_bytes() {
        let (f, r) = (f - b'0', r - b'0');
        let from = Square::new(f, r);
        if from.is_some() || (f, r) == (0, 0) {
            m.from = from;
            m.drop |= from.is_none();
            c.rest = &c.rest[4..];
            return Ok(());
        }
    }
    let Some(open @ ('(' | '（')) = c.peek() else {
        return Ok(());
    };
    let start = c.at();
    // Where an error points: just inside the parenthesis (3 bytes wide when full-width).
    let inside = start + open.len_utf8();
    c.bump();
    let a = c.bump();
    let b = c.bump();
    let close = c.bump();
    if !matches!(close, Some(')' | '）')) {
        // Not an origin (a time field without a separating space, say): leave it.
        c.set_at(start);
        return Ok(());
    }
    match (a.and_then(ascii_digit), b.and_then(ascii_digit)) {
        (Some(0), Some(0)) => m.drop = true,
        (Some(f), Some(r)) => m.from = Square::new(f, r),
        _ => {
            c.set_at(inside);
            return Err(c.error("an origin such as (77) or (00)"));
        }
    }
    if m.from.is_none() && !m.drop {
        c.set_at(inside);
        return Err(c.error("an origin such as (77) or (00)"));
    }
    Ok(())
}

fn ascii_digit(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        '０'..='９' => Some((c as u32 - '０' as u32) as u8),
        _ => None,
    }
}

impl FromStr for KifMove {
    type Err = ParseKifMoveError;

    /// Parses a whole move text; trailing text is an error.
    fn from_str(s: &str) -> Result<KifMove, ParseKifMoveError> {
        let (m, len) = KifMove::parse_prefix(s)?;
        if len == s.len() {
            Ok(m)
        } else {
            let mut c = Cursor::new(s);
            c.set_at(len);
            Err(c.error("the end of the move"))
        }
    }
}

/// Writes a destination as `７六`, or `同　` for the same square.
pub(crate) fn write_destination(out: &mut String, to: Option<Square>, same: bool) {
    match (to, same) {
        (Some(sq), false) => {
            let _ = write!(out, "{sq:#}");
        }
        (Some(sq), true) => {
            write_destination(out, Some(sq), false);
            out.push('同');
        }
        (None, _) => out.push_str("同　"),
    }
}

impl fmt::Display for KifMove {
    /// KIF/KI2 text in the spelling writers use (`同　`, `成銀`, `不成`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(24);
        write_destination(&mut out, self.to, self.same);
        out.push_str(self.piece.japanese_name());
        out.extend(self.relative.map(Relative::kanji));
        out.extend(self.motion.map(Motion::kanji));
        out.push_str(match self.promotion {
            Some(true) => "成",
            Some(false) => "不成",
            None => "",
        });
        if self.drop {
            out.push('打');
        }
        if let Some(from) = self.from {
            out.push('(');
            out.push(char::from(b'0' + from.file()));
            out.push(char::from(b'0' + from.rank()));
            out.push(')');
        }
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> KifMove {
        match s.parse() {
            Ok(m) => m,
            Err(e) => panic!("{s}: {e}"),
        }
    }

    #[test]
    fn kif_spellings() {
        let m = parse("７六歩(77)");
        assert_eq!((m.to, m.from), (Square::new(7, 6), Square::new(7, 7)));
        assert_eq!(parse("76歩(77)"), m);
        assert_eq!(parse("７６歩(77)"), m);
        let m = parse("同　銀(88)");
        assert!(m.same && m.to.is_none() && m.piece == PieceKind::Silver);
        assert_eq!(parse("同銀(88)"), m);
        assert_eq!(parse("同 銀(88)"), m);
        let m = parse("２三歩打");
        assert!(m.drop && m.from.is_none());
        assert_eq!(parse("２三歩打(00)"), m);
        assert_eq!(parse("２三歩(00)"), m);
        let m = parse("２二角不成(88)");
        assert_eq!(m.promotion, Some(false));
        assert_eq!(parse("２二角生(88)").promotion, Some(false));
        assert_eq!(parse("２二角成(88)").promotion, Some(true));
        assert_eq!(parse("４四全(45)").piece, PieceKind::ProSilver);
        assert_eq!(parse("４四成銀(45)").piece, PieceKind::ProSilver);
        let m = parse("７六同歩");
        assert!(m.same && m.to == Square::new(7, 6));
    }

    #[test]
    fn ki2_words() {
        let m = parse("２八銀左引");
        assert_eq!(
            (m.relative, m.motion),
            (Some(Relative::Left), Some(Motion::Down))
        );
        assert_eq!(parse("５八金直").relative, Some(Relative::Straight));
        assert_eq!(parse("３三桂行").motion, Some(Motion::Up));
        assert_eq!(parse("３三桂入").motion, Some(Motion::Up));
        assert_eq!(parse("２八龍寄").motion, Some(Motion::Sideways));
    }

    #[test]
    fn display_roundtrips() {
        for s in [
            "７六歩(77)",
            "同　銀(88)",
            "２三歩打",
            "２二角不成(88)",
            "１一成香(12)",
            "５八金右",
            "２八銀左引",
            "７六同歩",
        ] {
            assert_eq!(parse(s).to_string(), s);
        }
    }

    #[test]
    fn errors_point_at_the_problem() {
        // At the character that is not what was expected, not past it.
        let e = "７x歩".parse::<KifMove>().err();
        assert_eq!(e.map(|e| e.column), Some(2));
        let e = "金".parse::<KifMove>().err();
        assert_eq!(e.map(|e| e.column), Some(1));
        let e = "十六歩".parse::<KifMove>().err();
        assert_eq!(
            e.map(|e| (e.column, e.expected)),
            Some((1, "a destination (７六) or 同"))
        );
        let e = "７六駒".parse::<KifMove>().err();
        assert_eq!(e.map(|e| e.column), Some(3));
        let e = "７六歩(7x)".parse::<KifMove>().err();
        assert_eq!(e.map(|e| e.column), Some(5));
        // A full-width parenthesis (found by the kif_move fuzz target: the error's column
        // was taken one byte into it, inside the character).
        let e = "５五角（打成)".parse::<KifMove>().err();
        assert_eq!(e.map(|e| e.column), Some(5));
        let e = "７六歩（7x）".parse::<KifMove>().err();
        assert_eq!(e.map(|e| e.column), Some(5));
        let (m, len) = KifMove::parse_prefix("７六歩(77)   ( 0:01/00:00:01)")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((m.piece, len), (PieceKind::Pawn, 13));
    }
}
