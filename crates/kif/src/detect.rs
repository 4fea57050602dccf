//! Telling the four formats apart by their contents ([`Format::detect`]), and reading
//! whichever it is.
//!
//! # Examples
//!
//! ```
//! use masu_kif::{Format, Mode};
//!
//! let csa = b"V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";
//! assert_eq!(Format::detect(csa, None), Format::Csa);
//! let parsed = masu_kif::read_bytes(csa, None, Mode::Lenient)?;
//! assert_eq!(parsed.record.tree.main_line_len(), 2);
//!
//! let ki2 = "手合割：平手\n▲７六歩    △３四歩\n".as_bytes();
//! assert_eq!(Format::detect(ki2, Some(Format::Kif)), Format::Ki2);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use crate::encoding::{self, Rule};
use crate::{Format, Mode, Parsed, ReadError, csa, jkf, ki2, kif, read};

/// Reads one record of any format from bytes, detecting the format with [`Format::detect`]
/// (`hint` breaks ties) and the encoding as each reader does.
///
/// # Errors
///
/// [`ReadError`] as the chosen reader reports it.
pub fn read_bytes(bytes: &[u8], hint: Option<Format>, mode: Mode) -> Result<Parsed, ReadError> {
    let (decoded, format) = decode_and_detect(bytes, hint)?;
    let parsed = text_reader(format)(&decoded.text, mode)?;
    read::with_decoding(parsed, &decoded, mode)
}

/// The decoded text of `bytes` and its format (`hint` breaking ties, KIF without one).
/// Decoded once, for the detection and the reader both (decoding was a sixth of the
/// reading time when each did it).
fn decode_and_detect(
    bytes: &[u8],
    hint: Option<Format>,
) -> Result<(encoding::Decoded<'_>, Format), ReadError> {
    let mut decoded = encoding::decode(bytes, None)?;
    let format = format_of(&decoded.text, hint);
    if decoded.rule == Rule::Ascii {
        // What the format's own reader would have said of pure ASCII.
        decoded.encoding = format.ascii_encoding();
    }
    Ok((decoded, format))
}

/// The format `text` shows, `hint` breaking ties, KIF when neither says.
fn format_of(text: &str, hint: Option<Format>) -> Format {
    detect_text(text).or(hint).unwrap_or(Format::Kif)
}

/// Reads one record of any format from text already decoded (a `String` from a web
/// request, a text box, a database), detecting the format as [`read_bytes`] does (`hint`
/// breaks ties). [`Parsed::decoding`] is `None`: there were no bytes to decode.
///
/// ```
/// use masu_kif::{Format, Mode};
///
/// let parsed = masu_kif::read_str("手合割：平手\n   1 ７六歩(77)\n", None, Mode::Lenient)?;
/// assert_eq!((parsed.format, parsed.record.tree.main_line_len()), (Format::Kif, 1));
/// assert!(parsed.decoding.is_none());
/// # Ok::<_, masu_kif::ReadError>(())
/// ```
///
/// # Errors
///
/// [`ReadError`] as the chosen reader reports it.
pub fn read_str(text: &str, hint: Option<Format>, mode: Mode) -> Result<Parsed, ReadError> {
    text_reader(format_of(text, hint))(text, mode)
}

/// Reads every record of the bytes, as [`read_bytes`] reads one: a CSA file may hold several,
/// separated by `/` lines (where [`read_bytes`] reads the first and warns of the others),
/// any other file gives one. The text is decoded once for all of them; for a file too long
/// to hold its records at once, [`csa::Records`] gives them one at a time.
///
/// ```
/// let csa = b"V2.2\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n-3334FU\n%TORYO\n";
/// let records = masu_kif::read_all_bytes(csa, None, masu_kif::Mode::Strict)?;
/// let moves: Vec<usize> = records.iter().map(|p| p.record.tree.main_line_len()).collect();
/// assert_eq!(moves, [1, 2]);
/// # Ok::<_, masu_kif::ReadError>(())
/// ```
///
/// # Errors
///
/// [`ReadError`]: the first record that fails, as [`read_bytes`] reports it.
pub fn read_all_bytes(
    bytes: &[u8],
    hint: Option<Format>,
    mode: Mode,
) -> Result<Vec<Parsed>, ReadError> {
    let (decoded, format) = decode_and_detect(bytes, hint)?;
    match format {
        Format::Csa => {
            let records = csa::read_all_with_lines(&decoded.text, mode)?;
            csa::with_decoding_each(records, &decoded, mode)
        }
        other => Ok(vec![read::with_decoding(
            text_reader(other)(&decoded.text, mode)?,
            &decoded,
            mode,
        )?]),
    }
}

/// Reads every record of text already decoded, as [`read_all_bytes`] reads bytes.
///
/// # Errors
///
/// [`ReadError`]: the first record that fails, as [`read_str`] reports it.
pub fn read_all_str(
    text: &str,
    hint: Option<Format>,
    mode: Mode,
) -> Result<Vec<Parsed>, ReadError> {
    match format_of(text, hint) {
        Format::Csa => csa::read_all_str(text, mode),
        other => Ok(vec![text_reader(other)(text, mode)?]),
    }
}

/// Reads one record of a known format from bytes.
///
/// # Errors
///
/// [`ReadError`] as that format's reader reports it.
pub fn read_bytes_as(bytes: &[u8], format: Format, mode: Mode) -> Result<Parsed, ReadError> {
    read::read_decoded(bytes, format, mode, text_reader(format))
}

/// The reader of `format`'s decoded text.
fn text_reader(format: Format) -> fn(&str, Mode) -> Result<Parsed, ReadError> {
    match format {
        Format::Kif => kif::read_str,
        Format::Ki2 => ki2::read_str,
        Format::Csa => csa::read_str,
        Format::Jkf => jkf::read_str,
    }
}

/// The format the contents of a decoded record show, if they show one.
pub(crate) fn detect_text(text: &str) -> Option<Format> {
    let body = text.trim_start_matches('\u{feff}').trim_start();
    if body.starts_with('{') {
        return Some(Format::Jkf);
    }
    let mut ki2_moves = false;
    for line in str_lines(body).map(str::trim) {
        // The declaration Kifu for Windows (and masu) writes first: `#KIF version=2.0
        // encoding=UTF-8`. It settles the format even when a header or comment before the
        // moves looks like a CSA statement.
        if line.starts_with("#KIF") {
            return Some(Format::Kif);
        }
        if line.starts_with("#KI2") {
            return Some(Format::Ki2);
        }
        if is_kif_line(line) {
            return Some(Format::Kif);
        }
        if is_csa_statement(line) {
            return Some(Format::Csa);
        }
        ki2_moves |= line.starts_with(['▲', '△', '☗', '☖']);
    }
    ki2_moves.then_some(Format::Ki2)
}

/// `手数----指手--...` or a numbered move line: `   1 ７六歩(77)`.
/// The lines of `text` as `str::lines` gives them (split at `\n`, a `\r` before it
/// dropped, a last line's kept), each end found by the `memchr` crate's vector search:
/// `str::lines` uses the standard library's scalar one, which was 8 % of reading a KIF
/// file's header lines.
fn str_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let Some(end) = memchr::memchr(b'\n', rest.as_bytes()) else {
            return Some(std::mem::take(&mut rest));
        };
        let line = &rest[..end];
        rest = &rest[end + 1..];
        Some(line.strip_suffix('\r').unwrap_or(line))
    })
}

fn is_kif_line(line: &str) -> bool {
    if line.starts_with("手数") && line.contains("指手") {
        return true;
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && line[digits..].starts_with([' ', '\u{3000}']) && {
        let rest = line[digits..].trim_start();
        rest.starts_with(|c: char| !c.is_ascii()) && !rest.starts_with(['▲', '△'])
    }
}

/// A line only CSA writes: version, start position rows, names, moves or specials.
fn is_csa_statement(line: &str) -> bool {
    let b = line.as_bytes();
    match b {
        [b'V', b'2', ..] | [b'P', b'I', ..] | [b'N', b'+' | b'-', ..] => true,
        [b'P', b'1'..=b'9', rest @ ..] => rest.len() >= 3 && rest.iter().all(u8::is_ascii),
        // A move ends at its piece code, or goes on with `,` to the next statement
        // (`+7776FU,T12`): a KIF header named `+7776FEVENT` is not one.
        [b'+' | b'-', f, r, tf, tr, k1, k2, rest @ ..] => {
            [f, r, tf, tr].iter().all(|d| d.is_ascii_digit())
                && k1.is_ascii_uppercase()
                && k2.is_ascii_uppercase()
                && rest.first().is_none_or(|&c| c == b',')
        }
        [b'%', rest @ ..] => rest
            .first()
            .is_some_and(|c| c.is_ascii_uppercase() || *c == b'+' || *c == b'-'),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_is_told_by_contents_not_by_the_hint() {
        let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n";
        let ki2 = "手合割：平手\n▲７六歩    △３四歩\n";
        let csa = "'CSA\nV2.2\nN+a\nN-b\nPI\n+\n";
        let jkf = "  {\"header\":{},\"moves\":[{}]}";
        for hint in [
            None,
            Some(Format::Kif),
            Some(Format::Ki2),
            Some(Format::Csa),
            Some(Format::Jkf),
        ] {
            assert_eq!(Format::detect(kif.as_bytes(), hint), Format::Kif);
            assert_eq!(Format::detect(ki2.as_bytes(), hint), Format::Ki2);
            assert_eq!(Format::detect(csa.as_bytes(), hint), Format::Csa);
            assert_eq!(Format::detect(jkf.as_bytes(), hint), Format::Jkf);
        }
    }

    #[test]
    fn lines_are_str_lines() {
        for text in [
            "",
            "\n",
            "a",
            "a\n",
            "a\r\nb\r\n\r\n",
            "foo\r\nbar\n\nbaz\r",
            "a\rb\n\r",
            "\r\r\n\n",
            "手数\r\n１\n",
        ] {
            let ours: Vec<_> = str_lines(text).collect();
            assert_eq!(ours, text.lines().collect::<Vec<_>>(), "{text:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn lines_are_str_lines_of_any_text(text in "[a\r\n手 ]{0,12}") {
            let ours: Vec<_> = str_lines(&text).collect();
            proptest::prop_assert_eq!(ours, text.lines().collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_declaration_settles_the_format() {
        // A header before the moves that starts like a CSA move (`+7776FE...`), in a KIF
        // record masu writes (the declaration first), or in one without the declaration.
        let kif =
            "#KIF version=2.0 encoding=UTF-8\n+7776FEVENT：x\n手数----指手--\n   1 ７六歩(77)\n";
        let ki2 = "#KI2 version=2.0 encoding=UTF-8\n+7776FEVENT：x\n▲７六歩\n";
        for hint in [None, Some(Format::Csa)] {
            assert_eq!(Format::detect(kif.as_bytes(), hint), Format::Kif);
            assert_eq!(Format::detect(ki2.as_bytes(), hint), Format::Ki2);
            let bare = kif
                .split_once('\n')
                .map(|(_, rest)| rest)
                .unwrap_or_default();
            assert_eq!(Format::detect(bare.as_bytes(), hint), Format::Kif);
        }
        // CSA moves alone, or with the next statement after a comma, are still CSA.
        assert_eq!(Format::detect(b"+7776FU\n", None), Format::Csa);
        assert_eq!(Format::detect(b"+7776FU,T12\n", None), Format::Csa);
    }

    #[test]
    fn shift_jis_kif_is_detected() {
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode("先手：a\n   1 ７六歩(77)\n");
        assert_eq!(Format::detect(&bytes, None), Format::Kif);
    }

    #[test]
    fn the_hint_decides_only_headers_without_moves() {
        let headers = "開始日時：2024/01/01\n";
        assert_eq!(
            Format::detect(headers.as_bytes(), Some(Format::Ki2)),
            Format::Ki2
        );
        assert_eq!(Format::detect(headers.as_bytes(), None), Format::Kif);
    }

    /// `read_bytes` decodes once for detection and reading: it must say what detecting
    /// first and then reading the bytes as that format says, down to the encoding
    /// reported for pure ASCII (Shift_JIS for CSA, UTF-8 for JKF).
    #[test]
    fn reading_any_format_equals_detecting_then_reading() {
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("先手：a\n   1 ７六歩(77)\n");
        let (euc, _, _) = encoding_rs::EUC_JP.encode("先手：a\n▲７六歩    △３四歩\n");
        let inputs: [&[u8]; 8] = [
            "手合割：平手\n   1 ７六歩(77)\n   2 投了\n".as_bytes(),
            "\u{feff}手合割：平手\n▲７六歩    △３四歩\n".as_bytes(),
            b"V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n",
            b"{\"header\":{},\"moves\":[{},{\"move\":{\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}}]}",
            &sjis,
            &euc,
            b"\x00\x81\xff binary",
            b"",
        ];
        for bytes in inputs {
            for hint in [None, Some(Format::Ki2), Some(Format::Jkf)] {
                let format = Format::detect(bytes, hint);
                let read = read_bytes(bytes, hint, Mode::Lenient);
                assert_eq!(
                    read,
                    read_bytes_as(bytes, format, Mode::Lenient),
                    "{bytes:?}"
                );
                if let Ok(parsed) = read {
                    assert_eq!(parsed.format, format, "{bytes:?}");
                }
            }
        }
    }
}
