//! What every reader returns.

use crate::encoding::{Decoded, Rule, TextEncoding};
use crate::{Diagnostic, Record};

/// A record read from text, with the warnings met on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The record.
    pub record: Record,
    /// Everything the reader could not take as written (empty for a clean file). In
    /// [`crate::Mode::Strict`] reading fails on the first one instead.
    pub warnings: Vec<Diagnostic>,
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
