//! Record formats.

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
}
