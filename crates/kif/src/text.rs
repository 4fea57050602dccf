//! Text helpers of the KIF and KI2 readers and writers: side marks, blanks, display widths
//! and line splitting (numerals and piece names are masu-shogi's).

use shogi::Color;

/// The side a mark stands for: ▲ ☗ ▼ for Black, △ ☖ ▽ for White.
pub(crate) fn side_mark(c: char) -> Option<Color> {
    match c {
        '▲' | '☗' | '▼' => Some(Color::Black),
        '△' | '☖' | '▽' => Some(Color::White),
        _ => None,
    }
}

/// Display width as Japanese writers count it: full-width characters take two columns.
pub(crate) fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// The number of characters of a short text such as a move line's number and side mark
/// (`str::chars().count()` is made for long texts and cost a twentieth of lexing a move
/// line): its bytes other than UTF-8 continuation bytes.
pub(crate) fn chars_in(s: &str) -> usize {
    s.bytes().filter(|&b| (b as i8) >= -0x40).count()
}

/// Ideographic and ASCII blanks that writers use for padding.
pub(crate) fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{3000}')
}

/// `s` without the blanks of [`is_blank`] at either end, on the bytes of UTF-8 text (U+3000
/// is E3 80 80).
pub(crate) fn trim_blanks(s: &[u8]) -> &[u8] {
    let mut s = trim_start_blanks(s);
    while let [rest @ .., b' ' | b'\t'] | [rest @ .., 0xE3, 0x80, 0x80] = s {
        s = rest;
    }
    s
}

/// `s` without the blanks of [`is_blank`] at its start, on the bytes of UTF-8 text.
pub(crate) fn trim_start_blanks(mut s: &[u8]) -> &[u8] {
    while let [b' ' | b'\t', rest @ ..] | [0xE3, 0x80, 0x80, rest @ ..] = s {
        s = rest;
    }
    s
}

/// Splits text into lines at `\n`, `\r\n` or a lone `\r`, without the line ends.
pub(crate) fn lines(text: &str) -> Lines<'_> {
    Lines(text)
}

/// As [`lines`], for a text of mostly short lines (CSA's moves `+7776FU` and times `T12`):
/// a line end within the first eight bytes is found without a vector search, whose setup
/// costs more than such a line.
pub(crate) fn short_lines(text: &str) -> Lines<'_, true> {
    Lines(text)
}

/// The lines of a text, from [`lines`] (or [`short_lines`]: `SHORT`).
#[derive(Debug, Clone)]
pub(crate) struct Lines<'a, const SHORT: bool = false>(&'a str);

impl<'a, const SHORT: bool> Iterator for Lines<'a, SHORT> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.0;
        if rest.is_empty() {
            return None;
        }
        let end = if SHORT {
            short_line_end(rest)
        } else {
            line_end(rest)
        };
        Some(self.take_line(end))
    }
}

/// Where the first line of `text` ends (its first `\n` or `\r`, or the end).
pub(crate) fn line_end(text: &str) -> usize {
    // Line ends are ASCII, never part of a multi-byte character: search bytes, many at a
    // time.
    memchr::memchr2(b'\n', b'\r', text.as_bytes()).unwrap_or(text.len())
}

/// As [`line_end`], the first eight bytes tested as one word first.
fn short_line_end(text: &str) -> usize {
    if let Some(word) = text.as_bytes().first_chunk::<8>() {
        let ends = line_ends_in(u64::from_le_bytes(*word));
        if ends != 0 {
            return (ends.trailing_zeros() / 8) as usize;
        }
    }
    line_end(text)
}

/// The high bit of each byte of `word` that may be `\n` or `\r` (a zero-byte test): the
/// lowest one set is the first that is; any after it may be wrong.
fn line_ends_in(word: u64) -> u64 {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    let zero = |x: u64| x.wrapping_sub(ONES) & !x;
    (zero(word ^ (ONES * u64::from(b'\n'))) | zero(word ^ (ONES * u64::from(b'\r')))) & (ONES << 7)
}

impl<'a, const SHORT: bool> Lines<'a, SHORT> {
    /// The text after the lines taken.
    pub(crate) fn rest(&self) -> &'a str {
        self.0
    }

    /// The next line, whose end (the first line end, or the end of the text) is `end`
    /// bytes into [`Lines::rest`].
    pub(crate) fn take_line(&mut self, end: usize) -> &'a str {
        let (line, after) = cut_line(self.0, end);
        self.0 = after;
        line
    }
}

/// `text` cut at `end`, the place of its first `\n` or `\r` (or its length): the line
/// before it and the text after its line end (`\r\n` taken as one).
pub(crate) fn cut_line(text: &str, end: usize) -> (&str, &str) {
    let bytes = text.as_bytes();
    let skip = match (bytes.get(end), bytes.get(end + 1)) {
        (Some(b'\r'), Some(b'\n')) => 2,
        (Some(_), _) => 1,
        (None, _) => 0,
    };
    (&text[..end], &text[end + skip..])
}

/// The lines of a value written on lines of its own (a comment, a header): split where
/// [`lines`] splits a text, but an empty value, or a line break at its end, gives an
/// empty last line, so that nothing of the value is lost.
pub(crate) fn value_lines(value: &str) -> ValueLines<'_> {
    ValueLines(Some(value))
}

/// The lines of a value, from [`value_lines`]: `None` once the last is taken.
#[derive(Debug, Clone)]
pub(crate) struct ValueLines<'a>(Option<&'a str>);

impl<'a> Iterator for ValueLines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.0?;
        let end = line_end(rest);
        if end == rest.len() {
            self.0 = None;
            return Some(rest);
        }
        let (line, after) = cut_line(rest, end);
        self.0 = Some(after);
        Some(line)
    }
}

/// Writes `n` right-aligned in `width` columns, padded with `fill` (`' '` or `'0'`): a
/// writer's numbers without the formatting machinery, which cost a record's writing a
/// fifth of its time.
pub(crate) fn push_number(out: &mut String, n: u64, width: usize, fill: char) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for _ in digits.len() - at..width {
        out.push(fill);
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends() {
        let v: Vec<_> = lines("a\r\nb\rc\n\nd").collect();
        assert_eq!(v, vec!["a", "b", "c", "", "d"]);
        assert_eq!(lines("a\n\r\n").collect::<Vec<_>>(), vec!["a", ""]);
        assert_eq!(lines("").next(), None);
        let v: Vec<_> = value_lines("a\r\nb\rc\n").collect();
        assert_eq!(v, vec!["a", "b", "c", ""]);
        assert_eq!(value_lines("").collect::<Vec<_>>(), vec![""]);
        assert_eq!(width("７六歩(77)"), 10);
    }

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for n in [0, 7, 10, 59, 99, 100, 1234, 99_999, u64::MAX] {
            for width in [0, 1, 2, 4] {
                let mut out = String::new();
                push_number(&mut out, n, width, ' ');
                assert_eq!(out, format!("{n:>width$}"));
                out.clear();
                push_number(&mut out, n, width, '0');
                assert_eq!(out, format!("{n:0width$}"));
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn value_lines_split_as_before(text in "([a手]{0,3}[\r\n]{0,3}){0,5}") {
            let split: Vec<&str> = text.split("\r\n").flat_map(|l| l.split(['\n', '\r'])).collect();
            proptest::prop_assert_eq!(value_lines(&text).collect::<Vec<_>>(), split);
        }
    }

    #[test]
    fn short_lines_are_the_texts_lines() {
        // Line ends before, at and after the first word.
        for text in [
            "",
            "a\r\nb\rc\n\nd",
            "+7776FU\nT12\r\n'** 30\n/\nPI",
            "0123456\r\nf",
            "01234567\r\n",
            "01234567",
            "'** 30 +7776FU -3334FU +2726FU\r+7776FU",
            "\u{3000}\u{3000}\u{3000}\n",
        ] {
            let short: Vec<_> = short_lines(text).collect();
            assert_eq!(short, lines(text).collect::<Vec<_>>(), "{text:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn short_lines_are_the_texts_lines_for_any_text(text in "([a+\u{300d}手]{0,12}[\r\n]{0,2}){0,4}") {
            let short: Vec<_> = short_lines(&text).collect();
            proptest::prop_assert_eq!(short, lines(&text).collect::<Vec<_>>());
        }
    }

    #[test]
    fn trimming_blank_bytes_is_trimming_blank_characters() {
        for s in [
            "",
            " ",
            "\u{3000}",
            " \t1:2\u{3000} ",
            "\u{3000}a\u{3000}b\u{3000}",
            "あ",
            "\u{3001}",
        ] {
            let trimmed = trim_blanks(s.as_bytes());
            assert_eq!(trimmed, s.trim_matches(is_blank).as_bytes(), "{s:?}");
        }
    }
}
