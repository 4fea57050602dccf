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

/// Ideographic and ASCII blanks that writers use for padding.
pub(crate) fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{3000}')
}

/// Splits text into lines at `\n`, `\r\n` or a lone `\r`, without the line ends.
pub(crate) fn lines(text: &str) -> Lines<'_> {
    Lines(text)
}

/// The lines of a text, from [`lines`].
#[derive(Debug, Clone)]
pub(crate) struct Lines<'a>(&'a str);

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.0;
        if rest.is_empty() {
            return None;
        }
        // Line ends are ASCII, never part of a multi-byte character: search bytes.
        let bytes = rest.as_bytes();
        let end = bytes
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        let skip = match (bytes.get(end), bytes.get(end + 1)) {
            (Some(b'\r'), Some(b'\n')) => 2,
            (Some(_), _) => 1,
            (None, _) => 0,
        };
        self.0 = &rest[end + skip..];
        Some(&rest[..end])
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
        assert_eq!(width("７六歩(77)"), 10);
    }
}
