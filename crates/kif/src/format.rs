//! Record formats.

use std::fmt;
use std::str::FromStr;

use crate::detect::detect_text;
use crate::encoding::{self, TextEncoding};

/// A record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// KIF (`.kif` Shift_JIS, `.kifu` UTF-8): one numbered move a line.
    Kif,
    /// KI2: moves with relative words (右 左 直 上 寄 引) instead of origins.
    Ki2,
    /// CSA: the computer-shogi association's line format.
    Csa,
    /// JKF: JSON Kifu Format.
    Jkf,
}

/// The text is not the name of a record format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown record format (expected kif, ki2, csa or jkf)")]
pub struct ParseFormatError;

impl Format {
    /// The four formats.
    pub const ALL: [Format; 4] = [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf];

    /// The name, as [`Display`](fmt::Display) writes it: `KIF`, `KI2`, `CSA`, `JKF`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Kif => "KIF",
            Format::Ki2 => "KI2",
            Format::Csa => "CSA",
            Format::Jkf => "JKF",
        }
    }

    /// The format a file extension suggests (a hint only: contents decide).
    #[must_use]
    pub fn from_extension(ext: &str) -> Option<Format> {
        match ext.to_ascii_lowercase().as_str() {
            "kif" | "kifu" => Some(Format::Kif),
            "ki2" | "ki2u" => Some(Format::Ki2),
            "csa" => Some(Format::Csa),
            "jkf" | "json" => Some(Format::Jkf),
            _ => None,
        }
    }

    /// The encoding pure-ASCII bytes of this format are taken to be in (every candidate
    /// decodes them alike; this is what [`crate::Decoding`] reports): Shift_JIS, the
    /// convention of KIF, KI2 and CSA files, and UTF-8 for JKF, which is JSON.
    pub(crate) fn ascii_encoding(self) -> TextEncoding {
        match self {
            Format::Kif | Format::Ki2 | Format::Csa => TextEncoding::ShiftJis,
            Format::Jkf => TextEncoding::Utf8,
        }
    }

    /// The format of a record, decided by its contents: JSON is JKF; a `#KIF` or `#KI2`
    /// declaration line is KIF or KI2; CSA statements (`V2`, `PI`, `P1`..`P9`, `N+`,
    /// `+7776FU`, `%TORYO` ...) are CSA; numbered move lines or the `手数----指手` header are
    /// KIF; ▲/△ moves are KI2 (the first line that tells decides). `hint` (say, from the
    /// file extension) decides only when the contents do not, and KIF is the last resort.
    #[must_use]
    pub fn detect(bytes: &[u8], hint: Option<Format>) -> Format {
        let text = encoding::decode(bytes, None).map_or_else(
            |_| encoding::decode_with(bytes, TextEncoding::ShiftJis).text,
            |d| d.text,
        );
        detect_text(&text).or(hint).unwrap_or(Format::Kif)
    }
}

impl fmt::Display for Format {
    /// The name: `KIF`, `KI2`, `CSA`, `JKF`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = ParseFormatError;

    /// A format by its name in any case (`kif`, `KI2`, `Csa`, `jkf`).
    ///
    /// ```
    /// use masu_kif::Format;
    ///
    /// assert_eq!("ki2".parse(), Ok(Format::Ki2));
    /// assert_eq!(Format::Csa.to_string(), "CSA");
    /// assert!("kifu".parse::<Format>().is_err()); // an extension: Format::from_extension
    /// ```
    fn from_str(s: &str) -> Result<Format, ParseFormatError> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .ok_or(ParseFormatError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_in_any_case() {
        for format in Format::ALL {
            let name = format.to_string();
            assert_eq!(name.parse(), Ok(format));
            assert_eq!(name.to_ascii_lowercase().parse(), Ok(format));
            assert_eq!(Format::from_extension(&name), Some(format));
        }
        for bad in ["", "kif ", "json", "sfen"] {
            assert_eq!(bad.parse::<Format>(), Err(ParseFormatError), "{bad}");
        }
        assert_eq!(
            ParseFormatError.to_string(),
            "unknown record format (expected kif, ki2, csa or jkf)"
        );
    }
}
