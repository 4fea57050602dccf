//! Record formats.

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

impl Format {
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

    /// The format of a record, decided by its contents: JSON is JKF; CSA statements (`V2`,
    /// `PI`, `P1`..`P9`, `N+`, `+7776FU`, `%TORYO` ...) are CSA; numbered move lines or the
    /// `手数----指手` header are KIF; ▲/△ moves are KI2. `hint` (say, from the file extension)
    /// decides only when the contents do not, and KIF is the last resort.
    #[must_use]
    pub fn detect(bytes: &[u8], hint: Option<Format>) -> Format {
        let text = encoding::decode(bytes, None).map_or_else(
            |_| encoding::decode_with(bytes, TextEncoding::ShiftJis).text,
            |d| d.text,
        );
        detect_text(&text).or(hint).unwrap_or(Format::Kif)
    }
}
