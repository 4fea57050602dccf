//! Japanese notation vocabulary shared by the KIF and KI2 readers and writers: digits,
//! numerals, piece names, side marks and display widths.

use shogi::Color;

/// Full-width digits １-９ as written for files.
pub(crate) const FULLWIDTH: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// Kanji numerals 一-九 as written for ranks.
pub(crate) const KANJI: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A digit 1-9 in any of the spellings records use: ASCII, full-width or kanji.
pub(crate) fn digit(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '１' as u32) as u8 + 1),
        _ => KANJI.iter().position(|&k| k == c).map(|i| i as u8 + 1),
    }
}

/// A kanji count as written in hands: 一..九, 十, 十一..十八 (and ASCII/full-width digits,
/// which some writers use).
pub(crate) fn count(s: &str) -> Option<u8> {
    let mut chars = s.chars();
    let first = chars.next()?;
    let rest: String = chars.collect();
    if first == '十' {
        return match rest.as_str() {
            "" => Some(10),
            r => {
                let mut it = r.chars();
                let d = digit(it.next()?)?;
                it.next().is_none().then_some(10 + d)
            }
        };
    }
    if first.is_ascii_digit() || ('０'..='９').contains(&first) {
        return s
            .chars()
            .map(|c| {
                c.to_digit(10)
                    .or_else(|| ('０'..='９').contains(&c).then(|| c as u32 - '０' as u32))
            })
            .try_fold(0u32, |acc, d| Some(acc * 10 + d?))
            .and_then(|n| u8::try_from(n).ok());
    }
    let d = digit(first)?;
    rest.is_empty().then_some(d)
}

/// The kanji count written in hands (`二`, `十`, `十八`); `None` for 0 or 1 (not written).
pub(crate) fn count_text(n: u8) -> Option<String> {
    match n {
        0 | 1 => None,
        2..=9 => Some(KANJI[usize::from(n) - 1].to_string()),
        10 => Some("十".to_owned()),
        _ => Some(format!("十{}", KANJI[usize::from(n % 10).max(1) - 1])),
    }
}

/// The side a mark stands for: ▲ ☗ ▼ for Black, △ ☖ ▽ for White.
pub(crate) fn side_mark(c: char) -> Option<Color> {
    match c {
        '▲' | '☗' | '▼' => Some(Color::Black),
        '△' | '☖' | '▽' => Some(Color::White),
        _ => None,
    }
}

/// The mark written for a side.
pub(crate) fn mark(color: Color) -> char {
    match color {
        Color::Black => '▲',
        Color::White => '△',
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
    fn digits_in_all_spellings() {
        assert_eq!(digit('7'), Some(7));
        assert_eq!(digit('７'), Some(7));
        assert_eq!(digit('七'), Some(7));
        assert_eq!(digit('0'), None);
        assert_eq!(digit('十'), None);
    }

    #[test]
    fn counts() {
        for n in 2..=18 {
            let text = count_text(n).unwrap_or_default();
            assert_eq!(count(&text), Some(n), "{text}");
        }
        assert_eq!(count_text(1), None);
        assert_eq!(count("18"), Some(18));
        assert_eq!(count("１８"), Some(18));
        assert_eq!(count("十九十"), None);
    }

    #[test]
    fn line_ends() {
        let v: Vec<_> = lines("a\r\nb\rc\n\nd").collect();
        assert_eq!(v, vec!["a", "b", "c", "", "d"]);
        assert_eq!(width("７六歩(77)"), 10);
    }
}
