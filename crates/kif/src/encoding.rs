//! Text encodings of record files: detection from the bytes, decoding, and encoding back.
//!
//! Detection order: the caller's choice, a byte-order mark, a declaration line (`#KIF
//! version=2.0 encoding=…`, `#KI2 …`, CSA V3 `'CSA encoding=…`, Kifu for Windows CSA
//! `'encoding=…`), strict UTF-8, Shift_JIS (the Windows code page 932 that encoding_rs
//! implements), EUC-JP. The file extension is only a hint, used when the bytes are pure
//! ASCII and any answer decodes them alike. The result names the rule that decided. When
//! none of them decodes every byte, the one that replaces the fewest is taken (Shift_JIS on
//! a tie): a UTF-8 record with one stray byte stays UTF-8 with one replacement character.
//! UTF-16 (a byte-order mark `FF FE` or `FE FF`) is refused with an error that names it.
//!
//! ```
//! use masu_kif::encoding::{decode, Rule, TextEncoding};
//!
//! let sjis = b"\x8a\x4a\x8e\x6e"; // 開始 in Shift_JIS
//! let d = decode(sjis, None)?;
//! assert_eq!(d.text, "開始");
//! assert_eq!((d.encoding, d.rule), (TextEncoding::ShiftJis, Rule::ShiftJisValid));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::fmt;

use encoding_rs::{EUC_JP, Encoding, SHIFT_JIS, UTF_8};

mod shift_jis;

/// An encoding used by record files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TextEncoding {
    /// UTF-8 (`.kifu`, `.ki2u`, most CSA files, JKF); the default for writing.
    #[default]
    Utf8,
    /// Shift_JIS as Windows writes it (CP932, Windows-31J): `.kif`, `.ki2`.
    ShiftJis,
    /// EUC-JP (old CSA logs).
    EucJp,
}

impl TextEncoding {
    fn encoding_rs(self) -> &'static Encoding {
        match self {
            TextEncoding::Utf8 => UTF_8,
            TextEncoding::ShiftJis => SHIFT_JIS,
            TextEncoding::EucJp => EUC_JP,
        }
    }

    /// The name written in declarations (`UTF-8`, `Shift_JIS`, `EUC-JP`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::ShiftJis => "Shift_JIS",
            TextEncoding::EucJp => "EUC-JP",
        }
    }

    /// The encoding a file extension means for record files (case-insensitive): Shift_JIS
    /// for `kif` and `ki2`, as the programs that read those files expect; UTF-8 for `kifu`,
    /// `ki2u`, `jkf`, `json` and `csa` (CSA V3.0 declares its encoding on its first line,
    /// and cshogi's CSA reader takes UTF-8 alone).
    ///
    /// ```
    /// use masu_kif::encoding::TextEncoding;
    ///
    /// assert_eq!(TextEncoding::for_extension("KIF"), Some(TextEncoding::ShiftJis));
    /// assert_eq!(TextEncoding::for_extension("kifu"), Some(TextEncoding::Utf8));
    /// assert_eq!(TextEncoding::for_extension("csa"), Some(TextEncoding::Utf8));
    /// assert_eq!(TextEncoding::for_extension("txt"), None);
    /// ```
    #[must_use]
    pub fn for_extension(extension: &str) -> Option<TextEncoding> {
        match extension.to_ascii_lowercase().as_str() {
            "kif" | "ki2" => Some(TextEncoding::ShiftJis),
            "kifu" | "ki2u" | "jkf" | "json" | "csa" => Some(TextEncoding::Utf8),
            _ => None,
        }
    }

    /// The encoding a declaration label names (case-insensitive: `utf-8`, `UTF8`,
    /// `Shift_JIS`, `SJIS`, `CP932`, `Windows-31J`, `EUC-JP`, ...).
    #[must_use]
    pub fn from_label(label: &str) -> Option<TextEncoding> {
        let label = label.trim();
        if label.eq_ignore_ascii_case("cp932") || label.eq_ignore_ascii_case("utf8") {
            let enc = if label.len() == 5 {
                TextEncoding::ShiftJis
            } else {
                TextEncoding::Utf8
            };
            return Some(enc);
        }
        let enc = Encoding::for_label(label.as_bytes())?;
        [
            TextEncoding::Utf8,
            TextEncoding::ShiftJis,
            TextEncoding::EucJp,
        ]
        .into_iter()
        .find(|e| e.encoding_rs() == enc)
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rule that chose the encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The caller named the encoding.
    Caller,
    /// A UTF-8 byte-order mark.
    Bom,
    /// A declaration line (`#KIF … encoding=`, `'CSA encoding=`, `'encoding=`).
    Declaration,
    /// Pure ASCII: every candidate decodes it alike; the hint (or UTF-8) was taken.
    Ascii,
    /// The bytes are valid UTF-8.
    Utf8Valid,
    /// The bytes are valid Shift_JIS (CP932).
    ShiftJisValid,
    /// The bytes are valid EUC-JP.
    EucJpValid,
    /// Nothing decoded cleanly: the encoding that replaced the fewest sequences with
    /// U+FFFD (Shift_JIS on a tie; lenient decoding).
    Fallback,
}

/// Text decoded from bytes, with the encoding and the rule that chose it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text, without any byte-order mark.
    pub text: Cow<'a, str>,
    /// The encoding the bytes were read in.
    pub encoding: TextEncoding,
    /// Why that encoding.
    pub rule: Rule,
    /// The file started with a UTF-8 byte-order mark.
    pub bom: bool,
    /// A declaration named an encoding that did not decode the bytes (it was overruled).
    pub overruled_declaration: Option<TextEncoding>,
    /// Decoding replaced malformed sequences with U+FFFD (only under [`Rule::Fallback`] or
    /// [`Rule::Caller`]).
    pub had_errors: bool,
}

/// The bytes are not text in any encoding we read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot decode the bytes: {reason}")]
pub struct DecodeError {
    /// Why.
    pub reason: String,
}

/// Decodes record bytes, choosing the encoding as the module docs describe; `hint` (from a
/// file extension) only decides for pure ASCII.
///
/// Bytes that fit no encoding are decoded, with replacement characters, in the encoding
/// that replaces the fewest ([`Rule::Fallback`], `had_errors` set): readers then report
/// where the first one is and the damaged lines.
///
/// # Errors
///
/// The bytes fit no encoding and hold NUL bytes: binary data, not a record; or they start
/// with a UTF-16 byte-order mark.
pub fn decode(bytes: &[u8], hint: Option<TextEncoding>) -> Result<Decoded<'_>, DecodeError> {
    // (Bytes of an odd length are no UTF-16 text whatever they start with.)
    if (bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF"))
        && bytes.len().is_multiple_of(2)
    {
        return Err(DecodeError {
            reason: "UTF-16 text (its byte-order mark): records are read in UTF-8, Shift_JIS \
                     or EUC-JP; save it as UTF-8"
                .to_owned(),
        });
    }
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        let (text, had_errors) = lossy(UTF_8, rest);
        return Ok(decoded(
            text,
            TextEncoding::Utf8,
            Rule::Bom,
            true,
            had_errors,
        ));
    }
    let mut overruled = None;
    if let Some(declared) = declaration(bytes) {
        if let Some(text) = strict(declared, bytes) {
            return Ok(decoded(text, declared, Rule::Declaration, false, false));
        }
        overruled = Some(declared);
    }
    let mut d = sniff(bytes, hint)?;
    d.overruled_declaration = overruled;
    Ok(d)
}

/// Decodes with the caller's encoding; malformed sequences become U+FFFD.
#[must_use]
pub fn decode_with(bytes: &[u8], encoding: TextEncoding) -> Decoded<'_> {
    let bom = encoding == TextEncoding::Utf8 && bytes.starts_with(b"\xEF\xBB\xBF");
    let body = if bom { &bytes[3..] } else { bytes };
    let (text, had_errors) = lossy(encoding.encoding_rs(), body);
    decoded(text, encoding, Rule::Caller, bom, had_errors)
}

fn sniff(bytes: &[u8], hint: Option<TextEncoding>) -> Result<Decoded<'_>, DecodeError> {
    // simdutf8 checks a text several times as fast as `str::from_utf8`; its `compat`
    // form stops at the first invalid sequence, as a Shift_JIS record has one early.
    if bytes.is_ascii() {
        let text = Cow::Borrowed(simdutf8::basic::from_utf8(bytes).unwrap_or_default());
        let enc = hint.unwrap_or(TextEncoding::Utf8);
        return Ok(decoded(text, enc, Rule::Ascii, false, false));
    }
    if let Ok(text) = simdutf8::compat::from_utf8(bytes) {
        return Ok(decoded(
            Cow::Borrowed(text),
            TextEncoding::Utf8,
            Rule::Utf8Valid,
            false,
            false,
        ));
    }
    let sjis = strict(TextEncoding::ShiftJis, bytes);
    let euc = strict(TextEncoding::EucJp, bytes);
    let (text, encoding, rule) = match (sjis, euc) {
        // EUC-JP kanji bytes read as Shift_JIS turn into half-width katakana runs, which game
        // records hardly ever contain.
        (Some(s), Some(e)) if halfwidth_kana(&s) > halfwidth_kana(&e) => {
            (e, TextEncoding::EucJp, Rule::EucJpValid)
        }
        (Some(s), _) => (s, TextEncoding::ShiftJis, Rule::ShiftJisValid),
        (None, Some(e)) => (e, TextEncoding::EucJp, Rule::EucJpValid),
        (None, None) if is_binary(bytes) => {
            return Err(DecodeError {
                reason: "binary data: no text encoding fits and it holds NUL bytes".to_owned(),
            });
        }
        (None, None) => {
            let (text, encoding) = fewest_replacements(bytes);
            return Ok(decoded(text, encoding, Rule::Fallback, false, true));
        }
    };
    Ok(decoded(text, encoding, rule, false, false))
}

/// The bytes decoded in the encoding that replaces the fewest of them with U+FFFD,
/// Shift_JIS on a tie (the encoding of most hand-made records). Each candidate decodes the
/// whole text once: three passes, only for damaged bytes.
fn fewest_replacements(bytes: &[u8]) -> (Cow<'_, str>, TextEncoding) {
    let (sjis, _) = lossy(SHIFT_JIS, bytes);
    let mut best = (replacements(&sjis), sjis, TextEncoding::ShiftJis);
    for encoding in [TextEncoding::Utf8, TextEncoding::EucJp] {
        let (text, _) = lossy(encoding.encoding_rs(), bytes);
        let count = replacements(&text);
        if count < best.0 {
            best = (count, text, encoding);
        }
    }
    (best.1, best.2)
}

/// How many replacement characters (U+FFFD) a decoded text holds.
pub(crate) fn replacements(text: &str) -> usize {
    text.chars().filter(|&c| c == '\u{FFFD}').count()
}

/// Binary data: no text encoding fits and there are NUL bytes, which no record holds.
fn is_binary(bytes: &[u8]) -> bool {
    bytes.contains(&0)
}

fn halfwidth_kana(text: &str) -> usize {
    text.chars()
        .filter(|c| ('\u{FF61}'..='\u{FF9F}').contains(c))
        .count()
}

fn decoded(
    text: Cow<'_, str>,
    encoding: TextEncoding,
    rule: Rule,
    bom: bool,
    had_errors: bool,
) -> Decoded<'_> {
    Decoded {
        text,
        encoding,
        rule,
        bom,
        overruled_declaration: None,
        had_errors,
    }
}

fn strict(encoding: TextEncoding, bytes: &[u8]) -> Option<Cow<'_, str>> {
    if encoding == TextEncoding::ShiftJis {
        // Table decoding, checked against encoding_rs (see `shift_jis`); what it does
        // not take, encoding_rs judges.
        if let Some(text) = shift_jis::decode_strict(bytes) {
            return Some(Cow::Owned(text));
        }
    }
    encoding
        .encoding_rs()
        .decode_without_bom_handling_and_without_replacement(bytes)
}

fn lossy<'a>(encoding: &'static Encoding, bytes: &'a [u8]) -> (Cow<'a, str>, bool) {
    encoding.decode_without_bom_handling(bytes)
}

/// The encoding named by a declaration in the first lines (ASCII-compatible encodings
/// only, so the bytes can be searched before decoding).
fn declaration(bytes: &[u8]) -> Option<TextEncoding> {
    bytes
        .split(|&b| b == b'\n')
        .take(4)
        .find_map(declaration_in_line)
}

fn declaration_in_line(line: &[u8]) -> Option<TextEncoding> {
    let is_decl = line.starts_with(b"#KIF")
        || line.starts_with(b"#KI2")
        || starts_with_ignore_case(line, b"'CSA")
        || starts_with_ignore_case(line, b"'encoding=");
    if !is_decl {
        return None;
    }
    let at = find_ignore_case(line, b"encoding=")? + b"encoding=".len();
    let label: Vec<u8> = line[at..]
        .iter()
        .copied()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'))
        .collect();
    TextEncoding::from_label(std::str::from_utf8(&label).ok()?)
}

/// Whether `line` starts with `prefix`, ASCII letters in either case.
pub(crate) fn starts_with_ignore_case(line: &[u8], prefix: &[u8]) -> bool {
    line.len() >= prefix.len() && line[..prefix.len()].eq_ignore_ascii_case(prefix)
}

fn find_ignore_case(line: &[u8], needle: &[u8]) -> Option<usize> {
    line.windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

/// A character the target encoding cannot hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Unmappable {
    /// The character.
    pub ch: char,
    /// 1-based line of the written text.
    pub line: usize,
    /// 1-based column (characters) in that line.
    pub column: usize,
}

/// Text encoded for writing, with every character the encoding could not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encoded {
    /// The bytes; an unmappable character is written as `?`.
    pub bytes: Vec<u8>,
    /// The characters that were replaced by `?`, in order.
    pub unmappable: Vec<Unmappable>,
    /// The characters written as another character: their customary stand-in
    /// ([`encode_substituting`]), or what the encoding itself writes for them (Shift_JIS
    /// has `¥` read back as `\` and `−` as `－`).
    pub substituted: Vec<Unmappable>,
}

/// Characters Shift_JIS lacks that have a customary stand-in it holds.
const STAND_INS: [(char, char); 3] = [('☗', '▲'), ('☖', '△'), ('〜', '～')];

/// As [`encode`], but a character the encoding lacks is first replaced by its customary
/// stand-in when it has one (`☗`→`▲`, `☖`→`△`, `〜`→`～`); those are listed in
/// [`Encoded::substituted`], the rest still in [`Encoded::unmappable`].
#[must_use]
pub fn encode_substituting(text: &str, encoding: TextEncoding) -> Encoded {
    // Most texts hold no character with a stand-in: they are encoded as they are, without
    // the copy made a character at a time below.
    if encoding == TextEncoding::Utf8 || !contains_any(text, &STAND_INS.map(|(from, _)| from)) {
        return encode(text, encoding);
    }
    let fits = |c: char| {
        let mut buf = [0u8; 4];
        !encoding.encoding_rs().encode(c.encode_utf8(&mut buf)).2
    };
    let mut substituted = Vec::new();
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        for (col, ch) in line.chars().enumerate() {
            let stand_in = STAND_INS.iter().find(|(from, _)| *from == ch).map(|p| p.1);
            match stand_in {
                Some(to) if encoding != TextEncoding::Utf8 && !fits(ch) && fits(to) => {
                    out.push(to);
                    substituted.push(Unmappable {
                        ch,
                        line: i + 1,
                        column: col + 1,
                    });
                }
                _ => out.push(ch),
            }
        }
    }
    let mut encoded = encode(&out, encoding);
    // Then the characters the encoder itself changes (`¥`), in place.
    substituted.append(&mut encoded.substituted);
    substituted.sort_by_key(|u| (u.line, u.column));
    encoded.substituted = substituted;
    encoded
}

/// Encodes text, reporting instead of silently dropping characters the encoding lacks
/// (Shift_JIS has no `☗`, `☖` or emoji).
#[must_use]
pub fn encode(text: &str, encoding: TextEncoding) -> Encoded {
    if encoding == TextEncoding::Utf8 {
        return Encoded {
            bytes: text.as_bytes().to_vec(),
            unmappable: Vec::new(),
            substituted: Vec::new(),
        };
    }
    // Most texts hold nothing to report: one pass of the encoder over the whole text (the
    // encodings are stateless, so it writes what the lines below write one by one).
    if !contains_any(text, &CHANGED_BY_ENCODERS) {
        let (out, _, errors) = encoding.encoding_rs().encode(text);
        if !errors {
            return Encoded {
                bytes: out.into_owned(),
                unmappable: Vec::new(),
                substituted: Vec::new(),
            };
        }
    }
    let mut bytes = Vec::with_capacity(text.len());
    let mut unmappable = Vec::new();
    let mut substituted = Vec::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if !line.is_ascii() {
            substituted.extend(changed_in(line, i + 1, encoding));
        }
        let (out, _, errors) = encoding.encoding_rs().encode(line);
        if !errors {
            bytes.extend_from_slice(&out);
            continue;
        }
        let mut buf = [0u8; 4];
        for (col, ch) in line.chars().enumerate() {
            let (one, _, bad) = encoding.encoding_rs().encode(ch.encode_utf8(&mut buf));
            if bad {
                bytes.push(b'?');
                unmappable.push(Unmappable {
                    ch,
                    line: i + 1,
                    column: col + 1,
                });
            } else {
                bytes.extend_from_slice(&one);
            }
        }
    }
    Encoded {
        bytes,
        unmappable,
        substituted,
    }
}

/// Characters the WHATWG encoders write as another that the text reads back as: `¥` and
/// `‾` as the ASCII `\` and `~` (Shift_JIS and EUC-JP put the yen sign and overline at
/// those bytes), `−` (U+2212) as the full-width `－`.
const CHANGED_BY_ENCODERS: [char; 3] = ['\u{a5}', '\u{203e}', '\u{2212}'];

/// Whether `text` holds any of `chars`, each found by memchr's vector search (`str::contains`
/// of a char array steps through every character, which cost more than encoding them).
fn contains_any(text: &str, chars: &[char]) -> bool {
    let mut buf = [0u8; 4];
    chars.iter().any(|c| {
        let needle = c.encode_utf8(&mut buf).as_bytes();
        memchr::memmem::find(text.as_bytes(), needle).is_some()
    })
}

/// The characters of `line` (line `number` of the text) that `encoding` writes as another
/// character: written so, and listed as substituted.
fn changed_in(line: &str, number: usize, encoding: TextEncoding) -> Vec<Unmappable> {
    if !line.contains(CHANGED_BY_ENCODERS) {
        return Vec::new();
    }
    let mut buf = [0u8; 4];
    line.chars()
        .enumerate()
        .filter(|&(_, ch)| {
            CHANGED_BY_ENCODERS.contains(&ch) && {
                let (bytes, _, bad) = encoding.encoding_rs().encode(ch.encode_utf8(&mut buf));
                let back = encoding.encoding_rs().decode_without_bom_handling(&bytes).0;
                !bad && back.chars().ne(std::iter::once(ch))
            }
        })
        .map(|(col, ch)| Unmappable {
            ch,
            line: number,
            column: col + 1,
        })
        .collect()
}

/// Text that an encoding cannot hold: which characters and where ([`encode_exact`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{encoding} cannot hold {}", unmappable_list(unmappable))]
pub struct EncodeError {
    /// The encoding asked for.
    pub encoding: TextEncoding,
    /// Every character it lacks, in order (never empty).
    pub unmappable: Vec<Unmappable>,
}

/// `'☗' (U+2617) at line 3, column 1 and 2 more times, '😀' (U+1F600) at line 5, column 4`:
/// each distinct character once with its first place, the first five of them.
fn unmappable_list(unmappable: &[Unmappable]) -> String {
    const SHOWN: usize = 5;
    let mut distinct: Vec<(Unmappable, usize)> = Vec::new();
    for u in unmappable {
        match distinct.iter_mut().find(|(first, _)| first.ch == u.ch) {
            Some((_, more)) => *more += 1,
            None => distinct.push((*u, 0)),
        }
    }
    let parts: Vec<String> = distinct
        .iter()
        .take(SHOWN)
        .map(|(u, more)| {
            let again = match more {
                0 => String::new(),
                1 => " and once more".to_owned(),
                n => format!(" and {n} more times"),
            };
            let code = u32::from(u.ch);
            format!(
                "'{}' (U+{code:04X}) at line {}, column {}{again}",
                u.ch, u.line, u.column
            )
        })
        .collect();
    let mut list = parts.join(", ");
    match distinct.len().saturating_sub(SHOWN) {
        0 => {}
        1 => list.push_str(" and 1 other character"),
        n => list.push_str(&format!(" and {n} other characters")),
    }
    list
}

/// Encodes text, failing instead of writing `?` when the encoding lacks a character: the
/// error names every such character with its line and column.
///
/// # Errors
///
/// [`EncodeError`]: `text` holds characters `encoding` cannot (Shift_JIS has no `☗`, `☖`,
/// emoji or most characters outside Japanese).
///
/// # Examples
///
/// ```
/// use masu_kif::encoding::{TextEncoding, encode_exact};
///
/// assert_eq!(encode_exact("歩", TextEncoding::ShiftJis)?, b"\x95\xe0");
/// let err = encode_exact("先手：☗\n", TextEncoding::ShiftJis).unwrap_err();
/// assert_eq!(err.to_string(), "Shift_JIS cannot hold '☗' (U+2617) at line 1, column 4");
/// # Ok::<_, masu_kif::encoding::EncodeError>(())
/// ```
pub fn encode_exact(text: &str, encoding: TextEncoding) -> Result<Vec<u8>, EncodeError> {
    let encoded = encode(text, encoding);
    if encoded.unmappable.is_empty() {
        Ok(encoded.bytes)
    } else {
        Err(EncodeError {
            encoding,
            unmappable: encoded.unmappable,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sjis(text: &str) -> Vec<u8> {
        SHIFT_JIS.encode(text).0.into_owned()
    }

    #[test]
    fn bom_wins() {
        let d = decode("\u{FEFF}先手：a".as_bytes(), None).ok();
        let d = d.as_ref();
        assert_eq!(d.map(|d| d.text.as_ref()), Some("先手：a"));
        assert_eq!(d.map(|d| (d.rule, d.bom)), Some((Rule::Bom, true)));
    }

    #[test]
    fn declaration_decides_and_can_be_overruled() {
        let bytes = sjis("#KIF version=2.0 encoding=Shift_JIS\n先手：羽生\n");
        let d = decode(&bytes, None).ok();
        assert_eq!(d.map(|d| d.rule), Some(Rule::Declaration));
        // A file saved as UTF-8 by an editor that kept the Shift_JIS declaration.
        let utf8 = "#KIF version=2.0 encoding=Shift_JIS\n先手：羽生\n".as_bytes();
        let d = decode(utf8, None).ok();
        assert_eq!(
            d.map(|d| (d.encoding, d.rule, d.overruled_declaration)),
            Some((
                TextEncoding::Utf8,
                Rule::Utf8Valid,
                Some(TextEncoding::ShiftJis)
            ))
        );
        let csa = b"'CSA encoding=UTF-8\nV3.0\n";
        assert_eq!(declaration(csa), Some(TextEncoding::Utf8));
        assert_eq!(
            declaration(b"'encoding=Shift_JIS\r\n"),
            Some(TextEncoding::ShiftJis)
        );
    }

    #[test]
    fn sniffing_order() {
        let bytes = sjis("先手：羽生");
        let d = decode(&bytes, None).ok();
        assert_eq!(d.map(|d| d.encoding), Some(TextEncoding::ShiftJis));
        let euc = EUC_JP.encode("'対局者 山田将棋").0.into_owned();
        let d = decode(&euc, None).ok();
        assert_eq!(
            d.as_ref().map(|d| (d.encoding, d.text.as_ref())),
            Some((TextEncoding::EucJp, "'対局者 山田将棋"))
        );
        let d = decode(b"PI\n+\n", Some(TextEncoding::ShiftJis)).ok();
        assert_eq!(
            d.map(|d| (d.encoding, d.rule)),
            Some((TextEncoding::ShiftJis, Rule::Ascii))
        );
        let d = decode(b"\x81\xff\xff", None).ok();
        assert_eq!(
            d.map(|d| (d.rule, d.had_errors)),
            Some((Rule::Fallback, true))
        );
        assert!(decode(b"\x81\xff\x00", None).is_err());
        assert!(decode(b"PI\x00\n", None).is_ok());
    }

    #[test]
    fn labels() {
        for (label, enc) in [
            ("UTF-8", TextEncoding::Utf8),
            ("utf8", TextEncoding::Utf8),
            ("Shift_JIS", TextEncoding::ShiftJis),
            ("SJIS", TextEncoding::ShiftJis),
            ("CP932", TextEncoding::ShiftJis),
            ("windows-31j", TextEncoding::ShiftJis),
            ("EUC-JP", TextEncoding::EucJp),
        ] {
            assert_eq!(TextEncoding::from_label(label), Some(enc), "{label}");
        }
        assert_eq!(TextEncoding::from_label("latin1"), None);
    }

    #[test]
    fn encoding_reports_unmappable() {
        let e = encode("先手：☗羽生\n後手：☖\n", TextEncoding::ShiftJis);
        let found: Vec<_> = e
            .unmappable
            .iter()
            .map(|u| (u.ch, u.line, u.column))
            .collect();
        assert_eq!(found, vec![('☗', 1, 4), ('☖', 2, 4)]);
        assert_eq!(e.bytes, sjis("先手：?羽生\n後手：?\n"));
        let e = encode_substituting("先手：☗羽生\n後手：☖😀\n", TextEncoding::ShiftJis);
        assert_eq!(e.bytes, sjis("先手：▲羽生\n後手：△?\n"));
        assert_eq!(e.substituted.len(), 2);
        assert_eq!(
            e.unmappable.iter().map(|u| u.ch).collect::<Vec<_>>(),
            vec!['😀']
        );
    }

    #[test]
    fn whole_text_is_encoded_as_its_lines_are() {
        // Encoding a text in one pass must write what encoding it line by line writes.
        let text =
            "#KIF version=2.0\n先手：羽生善治\n   1 ７六歩(77)   ( 0:01/00:00:01)\n*～ ▲△\nabc";
        for enc in [TextEncoding::ShiftJis, TextEncoding::EucJp] {
            let lines: Vec<u8> = text
                .split_inclusive('\n')
                .flat_map(|line| enc.encoding_rs().encode(line).0.into_owned())
                .collect();
            for e in [encode(text, enc), encode_substituting(text, enc)] {
                assert_eq!(e.bytes, lines, "{enc}");
                assert!(e.unmappable.is_empty() && e.substituted.is_empty());
            }
        }
    }

    #[test]
    fn characters_the_encoder_writes_as_others_are_reported() {
        // `¥` went out as 0x5C, read back as `\`, and `−` as `－`, without a word.
        let text = "棋戦：¥100杯\n*差は−3\n";
        for e in [
            encode(text, TextEncoding::ShiftJis),
            encode_substituting(text, TextEncoding::ShiftJis),
        ] {
            let found: Vec<_> = e
                .substituted
                .iter()
                .map(|u| (u.ch, u.line, u.column))
                .collect();
            assert_eq!(found, [('¥', 1, 4), ('−', 2, 4)]);
            assert!(e.unmappable.is_empty());
        }
        assert!(encode(text, TextEncoding::Utf8).substituted.is_empty());
        assert!(
            encode("棋戦：\\100\n", TextEncoding::ShiftJis)
                .substituted
                .is_empty()
        );
    }

    #[test]
    fn exact_encoding_names_what_does_not_fit() {
        assert_eq!(
            encode_exact("▲７六歩\n", TextEncoding::ShiftJis),
            Ok(sjis("▲７六歩\n"))
        );
        assert_eq!(
            encode_exact("☗", TextEncoding::Utf8),
            Ok("☗".as_bytes().to_vec())
        );
        let text = "☗a☗\n☗😀\n中文\u{1F600}\u{1F601}\u{1F602}\u{1F603}\u{1F604}";
        let err = encode_exact(text, TextEncoding::ShiftJis).err();
        let err = err.as_ref();
        assert_eq!(err.map(|e| e.unmappable.len()), Some(9));
        assert_eq!(
            err.map(ToString::to_string).as_deref(),
            Some(
                "Shift_JIS cannot hold '☗' (U+2617) at line 1, column 1 and 2 more times, \
                 '😀' (U+1F600) at line 2, column 2 and once more, \
                 '\u{1F601}' (U+1F601) at line 3, column 4, \
                 '\u{1F602}' (U+1F602) at line 3, column 5, \
                 '\u{1F603}' (U+1F603) at line 3, column 6 and 1 other character"
            )
        );
    }
}
