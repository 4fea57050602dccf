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
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        // Line ends are ASCII, never part of a multi-byte character: search bytes.
        let end = rest
            .bytes()
            .position(|b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        let line = &rest[..end];
        let bytes = rest.as_bytes();
        let skip = match (bytes.get(end), bytes.get(end + 1)) {
            (Some(b'\r'), Some(b'\n')) => 2,
            (Some(_), _) => 1,
            (None, _) => 0,
        };
        rest = &rest[end + skip..];
        Some(line)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends() {
        let v: Vec<_> = lines("a\r\nb\rc\n\nd").collect();
        assert_eq!(v, vec!["a", "b", "c", "", "d"]);
        assert_eq!(width("７六歩(77)"), 10);
    }
}
