//! The lines of a CSA text, split where [`crate::text::lines`] splits a text, the short
//! lines of moves and times found without a vector search.

/// The lines of a text, without their line ends (`\n`, `\r\n` or a lone `\r`).
#[derive(Debug, Clone)]
pub(crate) struct Lines<'a>(&'a str);

/// The lines of `text`.
pub(crate) fn lines(text: &str) -> Lines<'_> {
    Lines(text)
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        (!self.0.is_empty()).then(|| {
            let (line, after) = crate::text::cut_line(self.0, line_end(self.0));
            self.0 = after;
            line
        })
    }
}

/// The place of the first `\n` or `\r` of `text`, or its length. Line ends are ASCII,
/// never part of a multi-byte character: bytes are searched. Most CSA lines are a move
/// (`+7776FU`) or a time (`T12`), ended within the first eight bytes, sooner than a vector
/// search's setup pays for itself: those are tested as one word, the rest searched as
/// [`crate::text::line_end`] searches.
fn line_end(text: &str) -> usize {
    if let Some(word) = text.as_bytes().first_chunk::<8>() {
        let ends = line_ends(u64::from_le_bytes(*word));
        if ends != 0 {
            return (ends.trailing_zeros() / 8) as usize;
        }
    }
    crate::text::line_end(text)
}

/// The high bit of each byte of `word` that may be `\n` or `\r` (a zero-byte test): the
/// lowest one set is the first that is; any after it may be wrong.
fn line_ends(word: u64) -> u64 {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    let zero = |x: u64| x.wrapping_sub(ONES) & !x;
    (zero(word ^ (ONES * u64::from(b'\n'))) | zero(word ^ (ONES * u64::from(b'\r')))) & (ONES << 7)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_the_texts_lines() {
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
            let ours: Vec<_> = lines(text).collect();
            assert_eq!(
                ours,
                crate::text::lines(text).collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn lines_are_the_texts_lines_for_any_text(text in "([a+\u{300d}手]{0,12}[\r\n]{0,2}){0,4}") {
            let ours: Vec<_> = lines(&text).collect();
            proptest::prop_assert_eq!(ours, crate::text::lines(&text).collect::<Vec<_>>());
        }
    }
}
