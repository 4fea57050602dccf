//! What every reader returns.

use crate::diag::{DiagnosticKind, Mode, ReadError, Sink};
use crate::encoding::{self, Decoded, Rule, TextEncoding};
use std::ops::RangeInclusive;

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
    parsed: Parsed,
    decoded: &Decoded<'_>,
    mode: Mode,
) -> Result<Parsed, ReadError> {
    let marks = Replaced::find(decoded);
    with_decoding_of_lines(parsed, decoded, mode, &marks, 1..=usize::MAX)
}

/// As [`with_decoding`] for the record read from `lines` (1-based) of a file's text, one
/// of its several, given the file's [`Replaced::find`]: the warning only when bytes of
/// those lines had to be replaced, so that one bad byte does not damage every game of the
/// file.
pub(crate) fn with_decoding_of_lines(
    mut parsed: Parsed,
    decoded: &Decoded<'_>,
    mode: Mode,
    marks: &Replaced<'_>,
    lines: RangeInclusive<usize>,
) -> Result<Parsed, ReadError> {
    parsed.decoding = Some(Decoding::from(decoded));
    if let Some((first, replaced)) = marks.in_lines(lines) {
        let d = Diagnostic::new(
            DiagnosticKind::Encoding,
            first.line,
            first.text,
            first.column,
        )
        .detail(format!(
            "{replaced} undecodable byte sequence(s) in {} replaced by U+FFFD; the first \
                 is here",
            decoded.encoding.name()
        ));
        Sink::new(mode).warn(d.clone())?;
        parsed.warnings.push(d);
    }
    Ok(parsed)
}

/// Where a decoded text's replacement characters (U+FFFD) are, found in one pass.
#[derive(Debug)]
pub(crate) struct Replaced<'t> {
    /// Each line that holds any, in order, with the first one's place and their number.
    lines: Vec<(Place<'t>, usize)>,
}

/// A place in a decoded text.
#[derive(Debug, Clone, Copy)]
struct Place<'t> {
    /// 1-based line, as the readers count lines.
    line: usize,
    /// That line's text.
    text: &'t str,
    /// 1-based column, in characters.
    column: usize,
}

impl<'t> Replaced<'t> {
    /// The replacement characters of `decoded`: none unless decoding replaced bytes (a
    /// U+FFFD written in the file is no replacement). Should none be found in its lines,
    /// the text's start stands for them.
    pub(crate) fn find(decoded: &'t Decoded<'_>) -> Replaced<'t> {
        if !decoded.had_errors {
            return Replaced { lines: Vec::new() };
        }
        let text: &'t str = &decoded.text;
        let mut lines: Vec<_> = crate::text::lines(text)
            .enumerate()
            .filter_map(|(index, line)| {
                let at = line.find('\u{FFFD}')?;
                let place = Place {
                    line: index + 1,
                    text: line,
                    column: line[..at].chars().count() + 1,
                };
                Some((place, encoding::replacements(line)))
            })
            .collect();
        if lines.is_empty() {
            let start = Place {
                line: 1,
                text: "",
                column: 1,
            };
            lines.push((start, encoding::replacements(text)));
        }
        Replaced { lines }
    }

    /// The first replacement within `lines` and how many there are there.
    fn in_lines(&self, lines: RangeInclusive<usize>) -> Option<(Place<'t>, usize)> {
        let from = self.lines.partition_point(|(p, _)| p.line < *lines.start());
        let to = self.lines.partition_point(|(p, _)| p.line <= *lines.end());
        let here = self.lines.get(from..to)?;
        let first = here.first()?.0;
        Some((first, here.iter().map(|&(_, n)| n).sum()))
    }
}
