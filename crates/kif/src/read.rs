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
        let d = Diagnostic::new(DiagnosticKind::Encoding, 1, "", 1)
            .detail("bytes that no supported encoding decodes were replaced by U+FFFD");
        Sink::new(mode).warn(d.clone())?;
        parsed.warnings.push(d);
    }
    Ok(parsed)
}
