//! What every reader returns.

use crate::diag::{DiagnosticKind, Mode, ReadError, Sink};
use crate::encoding::{self, Decoded, Rule, TextEncoding};
use crate::{Diagnostic, Format, Record};

/// A record read from text, with the warnings met on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The record.
    pub record: Record,
    /// Everything the reader could not take as written (empty for a clean file). In
    /// [`crate::Mode::Strict`] reading fails on the first one instead.
    pub warnings: Vec<Diagnostic>,
    /// The format read (from [`crate::read_bytes`], the one [`Format::detect`] would name).
    pub format: Format,
    /// How the bytes were decoded (`None` when the reader was given text).
    pub decoding: Option<Decoding>,
}

/// How bytes were decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Decoding {
    /// The encoding.
    pub encoding: TextEncoding,
    /// The rule that chose it.
    pub rule: Rule,
    /// The bytes started with a UTF-8 byte-order mark.
    pub bom: bool,
}

impl From<&Decoded<'_>> for Decoding {
    fn from(d: &Decoded<'_>) -> Decoding {
        Decoding {
            encoding: d.encoding,
            rule: d.rule,
            bom: d.bom,
        }
    }
}

/// Decodes `bytes` (pure ASCII taken in `format`'s encoding), reads the text with
/// `read_str`, and records how the bytes were decoded. Undecodable bytes are a warning,
/// never silent.
pub(crate) fn read_decoded(
    bytes: &[u8],
    format: Format,
    mode: Mode,
    read_str: fn(&str, Mode) -> Result<Parsed, ReadError>,
) -> Result<Parsed, ReadError> {
    let decoded = encoding::decode(bytes, Some(format.ascii_encoding()))?;
    let parsed = read_str(&decoded.text, mode)?;
    with_decoding(parsed, &decoded, mode)
}

/// Notes how `parsed` was decoded, with a warning when bytes had to be replaced.
pub(crate) fn with_decoding(
    mut parsed: Parsed,
    decoded: &Decoded<'_>,
    mode: Mode,
) -> Result<Parsed, ReadError> {
    parsed.decoding = Some(Decoding::from(decoded));
    if decoded.had_errors {
        let (line, line_text, column) = first_replacement(&decoded.text);
        let replaced = encoding::replacements(&decoded.text);
        let d = Diagnostic::new(DiagnosticKind::Encoding, line, line_text, column).detail(format!(
            "{replaced} undecodable byte sequence(s) in {} replaced by U+FFFD; the first \
                 is here",
            decoded.encoding.name()
        ));
        Sink::new(mode).warn(d.clone())?;
        parsed.warnings.push(d);
    }
    Ok(parsed)
}

/// Where the first replacement character of a decoded text is: its line (1-based, lines
/// as the readers count them), that line's text and the 1-based column in characters;
/// line 1, column 1 when there is none.
fn first_replacement(text: &str) -> (usize, &str, usize) {
    crate::text::lines(text)
        .enumerate()
        .find_map(|(index, line)| {
            let at = line.find('\u{FFFD}')?;
            Some((index + 1, line, line[..at].chars().count() + 1))
        })
        .unwrap_or((1, "", 1))
}
