//! Numbers as Japanese records write them: files in full-width digits (７), ranks in kanji
//! numerals (六), and hand counts in kanji (`歩十八`).
//!
//! # Examples
//!
//! ```
//! use masu_shogi::numerals::{digit, fullwidth_digit, kanji_count, kanji_numeral, parse_count};
//!
//! assert_eq!((fullwidth_digit(7), kanji_numeral(6)), ('７', '六'));
//! assert_eq!([digit('7'), digit('７'), digit('七')], [Some(7); 3]);
//! assert_eq!(kanji_count(18), "十八");
//! assert_eq!(kanji_count(1), ""); // a single piece has no count
//! assert_eq!(parse_count("十八"), Some(18));
//! assert_eq!(parse_count("１８"), Some(18));
//! ```

const FULLWIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const KANJI_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The full-width digit of a file (1-9): １ ... ９. Numbers outside 1-9 are clamped to it.
#[must_use]
pub fn fullwidth_digit(n: u8) -> char {
    FULLWIDTH_DIGITS[usize::from(n.clamp(1, 9)) - 1]
}

/// The kanji numeral of a rank (1-9): 一 ... 九. Numbers outside 1-9 are clamped to it.
#[must_use]
pub fn kanji_numeral(n: u8) -> char {
    KANJI_NUMERALS[usize::from(n.clamp(1, 9)) - 1]
}

/// A digit 1-9 in any spelling records use: ASCII (7), full width (７) or kanji (七).
#[must_use]
pub fn digit(c: char) -> Option<u8> {
    let i = match c {
        '1'..='9' => u32::from(c) - u32::from('1'),
        '１'..='９' => u32::from(c) - u32::from('１'),
        _ => KANJI_NUMERALS.iter().position(|&k| k == c)? as u32,
    };
    u8::try_from(i + 1).ok()
}

/// A count as hands write it after the piece: nothing for 0 and 1, then 二 ... 九, 十,
/// 十一 ... 十八 (and on past what a hand can hold: 二十, 百, 二百五十五).
#[must_use]
pub fn kanji_count(n: u8) -> String {
    if n < 2 {
        return String::new();
    }
    let mut out = String::new();
    for (value, unit) in [
        (n / 100, Some('百')),
        (n / 10 % 10, Some('十')),
        (n % 10, None),
    ] {
        if value == 0 {
            continue;
        }
        // A lone 1 before 百 or 十 is not written: 十八, not 一十八.
        if value > 1 || unit.is_none() {
            out.push(kanji_numeral(value));
        }
        out.extend(unit);
    }
    out
}

/// Reads a hand count: kanji as [`kanji_count`] writes them (also 一), or ASCII or full-width
/// digits, which some writers use (`18`, `１８`). `None` for anything else or more than 255.
#[must_use]
pub fn parse_count(s: &str) -> Option<u8> {
    let first = s.chars().next()?;
    if first.is_ascii_digit() || ('０'..='９').contains(&first) {
        return s
            .chars()
            .map(|c| match c {
                '0'..='9' => Some(u32::from(c) - u32::from('0')),
                '０'..='９' => Some(u32::from(c) - u32::from('０')),
                _ => None,
            })
            // Checked: a long run of digits must read as too many, not wrap around to a
            // small count.
            .try_fold(0u8, |acc, d| {
                acc.checked_mul(10)?.checked_add(u8::try_from(d?).ok()?)
            });
    }
    // Kanji: an optional multiplier before each of 百 and 十, in that order, then a unit.
    let mut total = 0u32;
    let mut pending: Option<u32> = None;
    let mut last_scale = 1000;
    for c in s.chars() {
        let scale = match c {
            '百' => 100,
            '十' => 10,
            _ => {
                if pending.is_some() {
                    return None;
                }
                pending = Some(u32::from(digit(c)?));
                continue;
            }
        };
        if scale >= last_scale {
            return None;
        }
        last_scale = scale;
        total += pending.take().unwrap_or(1) * scale;
    }
    total += pending.unwrap_or(0);
    u8::try_from(total).ok().filter(|&n| n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_in_three_spellings() {
        assert_eq!(digit('7'), Some(7));
        assert_eq!(digit('７'), Some(7));
        assert_eq!(digit('七'), Some(7));
        assert_eq!(digit('0'), None);
        assert_eq!(digit('十'), None);
        assert_eq!(fullwidth_digit(9), '９');
        assert_eq!(kanji_numeral(1), '一');
        assert_eq!((fullwidth_digit(0), kanji_numeral(10)), ('１', '九'));
    }

    #[test]
    fn counts_as_hands_write_them() {
        let texts: Vec<String> = (0..=18).map(kanji_count).collect();
        assert_eq!(texts[0], "");
        assert_eq!(texts[1], "");
        assert_eq!(texts[2], "二");
        assert_eq!(texts[10], "十");
        assert_eq!(texts[11], "十一");
        assert_eq!(texts[18], "十八");
        assert_eq!(kanji_count(20), "二十");
        assert_eq!(kanji_count(100), "百");
        assert_eq!(kanji_count(255), "二百五十五");
    }

    #[test]
    fn every_count_reads_back() {
        for n in 2..=u8::MAX {
            let text = kanji_count(n);
            assert_eq!(parse_count(&text), Some(n), "{text}");
            assert_eq!(parse_count(&n.to_string()), Some(n));
        }
        assert_eq!(parse_count("一"), Some(1));
        assert_eq!(parse_count("１８"), Some(18));
        for bad in ["", "十九十", "十百", "二三", "九百", "256", "歩", "1二"] {
            assert_eq!(parse_count(bad), None, "{bad}");
        }
        // Too many digits for any integer: too many, never a wrapped small count (4294967297
        // is 2^32 + 1; a kif_read fuzz input had such a BOD hand count).
        for long in [
            "4294967297",
            "00000000000000000000001",
            "１２３４５６７８９０１２",
        ] {
            let expected = long.trim_start_matches('0').parse::<u8>().ok();
            assert_eq!(parse_count(long), expected, "{long}");
        }
    }
}
