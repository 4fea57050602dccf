//! The syntax phase of KIF (and of the KIF-like header area of KI2): every line is
//! classified into a [`Line`], with no board and no legality.
//!
//! ```
//! use masu_kif::kif::{Line, MoveBody, classify};
//!
//! let Line::Move(m) = classify("   1 ７六歩(77)   ( 0:16/00:00:16)+") else { panic!() };
//! assert_eq!(m.number, 1);
//! assert!(matches!(m.body, MoveBody::Move(_)));
//! assert!(m.has_variations);
//! assert_eq!(classify("変化：3手"), Line::Variation(3));
//! ```

use std::time::Duration;

use shogi::Color;

use crate::movetext::{KifMove, ParseKifMoveError};
use crate::record::{MoveTime, Special};
use crate::text;

mod usual;

/// One classified line.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Line<'a> {
    /// An empty or all-blank line.
    Blank,
    /// `#…`: a program comment, or the `#KIF … encoding=` declaration (text after `#`).
    ProgramComment(&'a str),
    /// `key：value` (full-width or ASCII colon).
    Header {
        /// Up to the first colon.
        key: &'a str,
        /// After it, verbatim.
        value: &'a str,
    },
    /// `先手の持駒：…` (also 下手, 後手, 上手): the hand part after the colon.
    Hand {
        /// Whose hand.
        color: Color,
        /// The pieces, as written.
        pieces: &'a str,
    },
    /// A board diagram row `|v香v桂 ・…|一`: the text between the bars.
    BoardRow(&'a str),
    /// The diagram frame (`+---…+`) or file header (`  ９ ８ ７ …`).
    BoardFrame,
    /// `先手番` / `後手番` (also 下手番, 上手番).
    Turn(Color),
    /// `手数----指手---------消費時間--` and its variants.
    MoveHeader,
    /// A numbered move or special.
    Move(MoveLine<'a>),
    /// `*…`: a comment line (text after the first `*`).
    Comment(&'a str),
    /// `&…`: a bookmark (text after `&`).
    Bookmark(&'a str),
    /// `変化：N手`.
    Variation(u32),
    /// `変化：` followed by something that is not a move number in range and `手`: the text
    /// after `変化`.
    BadVariation(&'a str),
    /// `まで…`: the whole line.
    Trailer(&'a str),
    /// Anything else.
    Other(&'a str),
}

/// A numbered line of the move list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveLine<'a> {
    /// The move number as written.
    pub number: u32,
    /// The side mark before the move, if one was written.
    pub side: Option<Color>,
    /// The move or special.
    pub body: MoveBody<'a>,
    /// 1-based character column where the body starts.
    pub body_column: usize,
    /// The first time field.
    pub time: Option<MoveTime>,
    /// Further time fields (IS-SHOGI writes the same one twice).
    pub extra_times: Vec<MoveTime>,
    /// A `+` at the end: later `変化` blocks hold alternatives to this move.
    pub has_variations: bool,
    /// Text after the move that is neither a time field nor `+`, with its 1-based column.
    pub rest: Option<(&'a str, usize)>,
}

impl MoveLine<'_> {
    /// A move line to read into ([`classify_into`]).
    const BLANK: MoveLine<'static> = MoveLine {
        number: 0,
        side: None,
        body: MoveBody::Unknown(""),
        body_column: 0,
        time: None,
        extra_times: Vec::new(),
        has_variations: false,
        rest: None,
    };
}

/// What a move line holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveBody<'a> {
    /// A move.
    Move(KifMove),
    /// A known special word.
    Special(Special),
    /// A word that is neither a move nor a known special; written `「…」` when it has blanks
    /// or would read as one of those, and then read without the brackets.
    Unknown(&'a str),
    /// Move text that starts like a move but does not parse.
    Bad(ParseKifMoveError),
}

/// Classifies one line (without its line end).
#[must_use]
pub fn classify(line: &str) -> Line<'_> {
    let mut out = Line::Blank;
    classify_into(line, &mut out);
    out
}

/// The line at the start of `text` (the rest of a record) when it is told apart there
/// without the general classification, read into `out`: a comment line, or a move line of
/// the usual shape whose end its reading finds ([`usual::move_line_at`]). Its length, none
/// for any other line (`out` then unspecified).
pub(crate) fn known_line<'a>(text: &'a str, out: &mut Line<'a>) -> Option<usize> {
    match text.as_bytes().first() {
        // As `classify_into` tells it.
        Some(b'*') => {
            let end = text::line_end(text);
            *out = Line::Comment(&text[1..end]);
            Some(end)
        }
        _ => usual::move_line_at(text, out),
    }
}

/// [`classify`] into `out`, where the reader keeps it, each part written in place: a line
/// (or a move) returned is copied to its place by loads wider than the stores that had
/// just written it, a stalled load at every move line (MEASUREMENTS.md).
pub(crate) fn classify_into<'a>(line: &'a str, out: &mut Line<'a>) {
    // Comment lines, most of a commented record's, at once by their first byte (as
    // `other_line` tells them).
    if let Some(b'*') = line.as_bytes().first() {
        *out = Line::Comment(&line[1..]);
        return;
    }
    let trimmed = trim_start(line);
    // Before the tests of the first character below, none of which a line passes whose
    // first non-blank character is a digit.
    if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
        *out = Line::Move(MoveLine::BLANK);
        if let Line::Move(m) = out
            && (usual::move_line(line, m) || move_line(line, trimmed, m))
        {
            return;
        }
    }
    *out = other_line(line, trimmed);
}

/// [`classify`] of a line that is not a numbered move; `trimmed` is `line` without its
/// leading blanks.
fn other_line<'a>(line: &'a str, trimmed: &'a str) -> Line<'a> {
    // `trimmed` starts at the first non-blank character: empty, the line is all blanks.
    if trimmed.is_empty() {
        return Line::Blank;
    }
    if let Some(first) = line.chars().next() {
        match first {
            '#' => return Line::ProgramComment(&line[1..]),
            '*' => return Line::Comment(&line[1..]),
            '&' => return Line::Bookmark(&line[1..]),
            '|' => return board_row(line),
            '+' if line.starts_with("+--") => return Line::BoardFrame,
            _ => {}
        }
    }
    if let Some(l) = keyword_line(line, trimmed) {
        return l;
    }
    header_line(line)
}

/// `s` without its leading blanks ([`text::is_blank`]), by bytes.
fn trim_start(s: &str) -> &str {
    let rest = text::trim_start_blanks(s.as_bytes()).len();
    &s[s.len() - rest..]
}

fn board_row(line: &str) -> Line<'_> {
    let inner = &line[1..];
    match inner.rfind('|') {
        Some(end) => Line::BoardRow(&inner[..end]),
        None => Line::BoardRow(inner),
    }
}

fn keyword_line<'a>(line: &'a str, trimmed: &'a str) -> Option<Line<'a>> {
    // Every keyword below starts with one of these characters (the hands and turns at the
    // start of the line itself): a header line (`開始日時：…`) is told apart by its first
    // character, not compared with each keyword (a `memcmp` call each, 4 % of reading the
    // header lines).
    if !trimmed.starts_with(['変', 'ま', '手', '９']) && !line.starts_with(['先', '下', '後', '上'])
    {
        return None;
    }
    if let Some(rest) = trimmed.strip_prefix("変化") {
        // A colon makes it a variation header, whatever follows; without one it is a
        // header of another name or free text.
        let colon = rest
            .trim_start_matches(text::is_blank)
            .starts_with(['：', ':']);
        return match variation(rest) {
            Some(n) => Some(Line::Variation(n)),
            None if colon => Some(Line::BadVariation(rest)),
            None => None,
        };
    }
    if trimmed.starts_with("まで") {
        return Some(Line::Trailer(line));
    }
    if trimmed.starts_with("手数--") || trimmed.starts_with("手数―") {
        return Some(Line::MoveHeader);
    }
    if trimmed.starts_with('９') && trimmed.contains('１') && !trimmed.contains(['：', ':']) {
        return Some(Line::BoardFrame);
    }
    for (prefix, color) in [
        ("先手", Color::Black),
        ("下手", Color::Black),
        ("後手", Color::White),
        ("上手", Color::White),
    ] {
        let Some(rest) = line.strip_prefix(prefix) else {
            continue;
        };
        if let Some(pieces) = rest
            .strip_prefix("の持駒")
            .or_else(|| rest.strip_prefix("の持ち駒"))
        {
            let pieces = pieces.trim_start_matches(['：', ':']);
            return Some(Line::Hand { color, pieces });
        }
        if rest.trim_end_matches(text::is_blank) == "番" {
            return Some(Line::Turn(color));
        }
    }
    None
}

fn header_line(line: &str) -> Line<'_> {
    match colon(line) {
        Some(at) if at > 0 && !line[..at].contains([' ', '\u{3000}']) => {
            let sep = if line[at..].starts_with('：') { 3 } else { 1 };
            Line::Header {
                key: &line[..at],
                value: &line[at + sep..],
            }
        }
        _ => Line::Other(line),
    }
}

/// The byte offset of the first `:` or `：` (U+FF1A, bytes EF BC 9A), by a byte search.
fn colon(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    b.iter().enumerate().find_map(|(i, &c)| {
        (c == b':' || (c == 0xEF && b.get(i + 1) == Some(&0xBC) && b.get(i + 2) == Some(&0x9A)))
            .then_some(i)
    })
}

/// `：N手` after `変化`, blanks and ASCII colon tolerated, digits in any width.
fn variation(rest: &str) -> Option<u32> {
    let rest = rest.trim_start_matches(text::is_blank);
    let rest = rest.strip_prefix(['：', ':'])?;
    let rest = rest.trim_start_matches(text::is_blank);
    let mut n: u32 = 0;
    let mut end = rest.len();
    for (i, c) in rest.char_indices() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            '０'..='９' => c as u32 - '０' as u32,
            _ => {
                end = i;
                break;
            }
        };
        n = n.checked_mul(10)?.checked_add(d)?;
    }
    let after = rest[end..].trim_start_matches(text::is_blank);
    (end > 0 && after.starts_with('手')).then_some(n)
}

/// Reads a numbered line into `m` (a line starting with a digit); false if it is none.
fn move_line<'a>(line: &'a str, trimmed: &'a str, m: &mut MoveLine<'a>) -> bool {
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return false;
    }
    // A number past the range is still a move line's (its move read, the number reported
    // as wrong), not a line of no kind that would drop the move.
    let number = trimmed[..digits].parse().unwrap_or(u32::MAX);
    let after = &trimmed[digits..];
    let body = trim_start(after);
    if body.len() == after.len() && !body.is_empty() {
        return false; // `59手` and the like: not a numbered move
    }
    let mut at = line.len() - body.len();
    let mut side = None;
    if let Some(c) = body
        .chars()
        .next()
        .filter(|&c| text::side_mark(c).is_some())
    {
        side = text::side_mark(c);
        at += c.len_utf8();
    }
    m.number = number;
    m.side = side;
    m.body_column = text::chars_in(&line[..at]) + 1;
    let used = move_body(&line[at..], &mut m.body);
    tail(line, at + used, m);
    true
}

/// Reads the move or special at the start of `s` into `body` (written in place, not
/// returned, for the reason given in [`classify`]); returns the bytes it took.
fn move_body<'a>(s: &'a str, body: &mut MoveBody<'a>) -> usize {
    // `「…」`: a word our writer could not write bare (one with blanks, or that would read
    // as a move, a known special or a side mark), up to the last `」` of the line.
    if let Some(inner) = s.strip_prefix('「')
        && let Some(end) = inner.rfind('」')
    {
        *body = MoveBody::Unknown(&inner[..end]);
        return '「'.len_utf8() + end + '」'.len_utf8();
    }
    let starts_like_move =
        || s.starts_with('同') || s.chars().next().and_then(shogi::numerals::digit).is_some();
    *body = MoveBody::Move(KifMove::BLANK);
    let read = match body {
        MoveBody::Move(m) => m.read_prefix(s),
        _ => Ok(0), // not reached: set just above
    };
    match read {
        Ok(used) => used,
        Err(e) if starts_like_move() => {
            *body = MoveBody::Bad(e);
            s.find(|c: char| text::is_blank(c)).unwrap_or(s.len())
        }
        Err(e) => {
            let end = s
                .find(|c: char| text::is_blank(c) || c == '(')
                .unwrap_or(s.len());
            let word = &s[..end];
            if word.is_empty() {
                *body = MoveBody::Bad(ParseKifMoveError {
                    expected: "a move or a special word",
                    ..e
                });
                return 0;
            }
            *body = match Special::from_kif(word) {
                Some(sp) => MoveBody::Special(sp),
                None => MoveBody::Unknown(word),
            };
            end
        }
    }
}

/// Time fields and the `+` marker after the move.
fn tail<'a>(line: &'a str, mut at: usize, m: &mut MoveLine<'a>) {
    loop {
        let rest = text::trim_start_blanks(&line.as_bytes()[at..]);
        at = line.len() - rest.len();
        match rest.first() {
            None => return,
            Some(b'(') => {
                if let Some((t, close)) = time_field(rest) {
                    if m.time.is_none() {
                        m.time = Some(t);
                    } else {
                        m.extra_times.push(t);
                    }
                    at += close + 1;
                    continue;
                }
            }
            Some(b'+') if m.rest.is_none() => {
                m.has_variations = true;
                at += 1;
                continue;
            }
            Some(_) => {}
        }
        let column = text::chars_in(&line[..at]) + 1;
        m.rest = Some((line[at..].trim_end_matches(text::is_blank), column));
        return;
    }
}

/// The time field at the start of `rest` (at a `(`), up to the first `)`, and the offset of
/// that `)`.
fn time_field(rest: &[u8]) -> Option<(MoveTime, usize)> {
    // Kifu for Windows' `( 0:01/00:00:01)` by its places first: its `)` is the first, the
    // field holding none (the search for it, a byte at a time, cost as much as reading the
    // field).
    if let Some([inner @ .., b')']) = rest.get(1..16)
        && let Some(t) = kifu_for_windows_time(inner)
    {
        return Some((t, 15));
    }
    let close = rest.iter().position(|&b| b == b')')?;
    Some((time(&rest[1..close])?, close))
}

/// `m:ss/h:mm:ss` inside the parentheses; blanks anywhere, total optional.
fn time(inner: &[u8]) -> Option<MoveTime> {
    usual_time(inner).or_else(|| any_time(inner))
}

/// [`time`] of any shape.
fn any_time(inner: &[u8]) -> Option<MoveTime> {
    let slash = inner.iter().position(|&b| b == b'/')?;
    let spent = clock(&inner[..slash])?;
    let total = text::trim_blanks(&inner[slash + 1..]);
    let total = if total.is_empty() {
        None
    } else {
        Some(clock(total)?)
    };
    Some(MoveTime {
        spent: Some(spent),
        total,
    })
}

/// [`time`] of the shape writers give it, ` 0:01/00:00:01`: spaces, then two clocks of
/// digits and colons around a slash, fields of at most 8 digits. One pass over the bytes
/// (the general reading finds the slash, then reads each clock after trimming it); none
/// for any other shape, which the general reading answers (a property test holds the two
/// to the same answers).
fn usual_time(inner: &[u8]) -> Option<MoveTime> {
    if let Some(t) = kifu_for_windows_time(inner) {
        return Some(t);
    }
    let start = inner.iter().position(|&b| b != b' ')?;
    let mut clocks = [0u64; 2];
    let mut clock = 0;
    let (mut field, mut digits, mut colons) = (0u64, 0, 0);
    for &b in &inner[start..] {
        // A field ends at a colon, at the slash (the first clock's last) or at the end.
        let ends_field = digits > 0 && (colons == 0 || field < 60);
        match b {
            b'0'..=b'9' if digits < 8 => {
                field = field * 10 + u64::from(b - b'0');
                digits += 1;
                continue;
            }
            b':' if ends_field && colons < 2 => colons += 1,
            b'/' if ends_field && colons > 0 && clock == 0 => colons = 0,
            _ => return None,
        }
        clocks[clock] = clocks[clock] * 60 + field;
        (field, digits) = (0, 0);
        clock += usize::from(b == b'/');
    }
    if clock != 1 || digits == 0 || colons == 0 || field >= 60 {
        return None;
    }
    clocks[1] = clocks[1] * 60 + field;
    Some(MoveTime {
        spent: Some(Duration::from_secs(clocks[0])),
        total: Some(Duration::from_secs(clocks[1])),
    })
}

/// [`time`] of Kifu for Windows' own ` 0:01/00:00:01` (five in six time fields of the
/// corpus), by the places of its digits, without a branch a byte; none for any other.
fn kifu_for_windows_time(inner: &[u8]) -> Option<MoveTime> {
    kifu_for_windows_secs(inner).map(|(spent, total)| move_time(spent, total))
}

/// The seconds spent and in total of [`kifu_for_windows_time`], a pair of numbers that
/// comes back in registers (the `MoveTime`, returned through memory, was read back with a
/// stalled load at every move line).
pub(super) fn kifu_for_windows_secs(inner: &[u8]) -> Option<(u32, u32)> {
    let [
        b' ',
        m,
        b':',
        s1,
        s2,
        b'/',
        h1,
        h2,
        b':',
        n1,
        n2,
        b':',
        t1,
        t2,
    ] = *inner
    else {
        return None;
    };
    // Every place a digit, the tens of seconds and minutes below 6 (a field below 60),
    // tested together: a branch for each took as many instructions as the rest.
    let [m, s1, s2, h1, h2, n1, n2, t1, t2] =
        [m, s1, s2, h1, h2, n1, n2, t1, t2].map(|b| u32::from(b.wrapping_sub(b'0')));
    let digits = [m, s2, h1, h2, n2, t2].iter().fold(0, |a, &d| a.max(d)) < 10;
    if !digits || s1.max(n1).max(t1) >= 6 {
        return None;
    }
    let spent = m * 60 + s1 * 10 + s2;
    let total = (h1 * 10 + h2) * 3600 + (n1 * 10 + n2) * 60 + t1 * 10 + t2;
    Some((spent, total))
}

/// A time field's seconds spent and in total.
pub(super) fn move_time(spent: u32, total: u32) -> MoveTime {
    MoveTime {
        spent: Some(Duration::from_secs(spent.into())),
        total: Some(Duration::from_secs(total.into())),
    }
}

/// `m:ss` or `h:mm:ss`, fields of any width, blanks around them, every field after the
/// first below 60 (`0:99` is no clock: Kifu for Windows and our writer never write one, and
/// reading it as 99 seconds would hide a damaged field). (On bytes: the clock of
/// every move line was a tenth of reading a KIF file as string splits.)
fn clock(s: &[u8]) -> Option<Duration> {
    // Digits and colons between the blanks, as writers put them, in one pass; anything
    // else (blanks inside) goes the long way, which gives the same answer for these.
    let mut secs: u64 = 0;
    let mut field: u64 = 0;
    let mut digits = 0;
    let mut fields = 0;
    for &b in text::trim_blanks(s) {
        match b {
            b'0'..=b'9' => {
                field = field.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
                digits += 1;
            }
            b':' if digits > 0 && (fields == 0 || field < 60) => {
                secs = secs.checked_mul(60)?.checked_add(field)?;
                (field, digits) = (0, 0);
                fields += 1;
            }
            _ => return clock_with_blanks(s),
        }
    }
    if digits == 0 {
        return clock_with_blanks(s);
    }
    if field >= 60 {
        return None;
    }
    secs = secs.checked_mul(60)?.checked_add(field)?;
    (1..=2).contains(&fields).then(|| Duration::from_secs(secs))
}

/// [`clock`] of fields with blanks around them.
fn clock_with_blanks(s: &[u8]) -> Option<Duration> {
    let mut secs: u64 = 0;
    let mut fields = 0;
    for part in text::trim_blanks(s).split(|&b| b == b':') {
        let part = text::trim_blanks(part);
        if part.is_empty() || !part.iter().all(u8::is_ascii_digit) {
            return None;
        }
        // Any width the writer gives a `Duration` (up to `u64::MAX` seconds); beyond, none.
        let n = part.iter().try_fold(0u64, |n, &d| {
            n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        })?;
        if fields > 0 && n >= 60 {
            return None;
        }
        secs = secs.checked_mul(60)?.checked_add(n)?;
        fields += 1;
    }
    (2..=3).contains(&fields).then(|| Duration::from_secs(secs))
}

/// Whether a special's word reads back as itself when written bare after the move number:
/// no side mark before it, no blank or `(` in it, and neither a move nor a known special.
pub(crate) fn is_bare_word(word: &str) -> bool {
    !word.starts_with(|c| text::side_mark(c).is_some()) && {
        let mut body = MoveBody::Unknown("");
        let used = move_body(word, &mut body);
        matches!(body, MoveBody::Unknown(w) if w == word && used == word.len())
    }
}

#[cfg(test)]
mod tests;
