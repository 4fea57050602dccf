//! The two players.

/// A side: Black (先手, sente) moves first in an even game, White (後手, gote) second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// 先手: `b` in SFEN, `+` in CSA.
    Black,
    /// 後手: `w` in SFEN, `-` in CSA.
    White,
}

impl Color {
    /// The other side.
    #[must_use]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}
