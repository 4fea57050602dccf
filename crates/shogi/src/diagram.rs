//! Japanese board diagrams (BOD) as KIF files and Kifu for Windows write them.
//!
//! # Examples
//!
//! ```
//! use masu_shogi::Position;
//!
//! let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G2P 1")?;
//! let expected = "\
//! 後手の持駒：なし
//!   ９ ８ ７ ６ ５ ４ ３ ２ １
//! +---------------------------+
//! | ・ ・ ・ ・v玉 ・ ・ ・ ・|一
//! | ・ ・ ・ ・ ・ ・ ・ ・ ・|二
//! | ・ ・ ・ ・ 歩 ・ ・ ・ ・|三
//! | ・ ・ ・ ・ ・ ・ ・ ・ ・|四
//! | ・ ・ ・ ・ ・ ・ ・ ・ ・|五
//! | ・ ・ ・ ・ ・ ・ ・ ・ ・|六
//! | ・ ・ ・ ・ ・ ・ ・ ・ ・|七
//! | ・ ・ ・ ・ ・ ・ ・ ・ ・|八
//! | ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
//! +---------------------------+
//! 先手の持駒：金\u{3000}歩二\u{3000}
//! ";
//! assert_eq!(pos.to_bod(), expected);
//! assert_eq!(format!("{pos:#}"), expected);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The layout: White's hand, a header of full-width file digits, a frame of `+` and 27 `-`,
//! nine rows of nine cells (` ` or `v` for Black's or White's piece, then the piece; ` ・` for
//! an empty square) closed by the rank numeral, the frame again, Black's hand, `後手番` when
//! White is to move, and optionally `手数＝N  ▲move  まで` after the last move. Hands list
//! 飛 角 金 銀 桂 香 歩 with kanji counts, each followed by an ideographic space, or `なし`.
//! Reading diagrams belongs to the KIF reader.

use std::fmt::{self, Write as _};

use crate::numerals::{fullwidth_digit, kanji_count, kanji_numeral};
use crate::{Color, Hand, Move, PieceKind, Position, Setup, Square};

/// The words for the two sides in a diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SideNames {
    /// 先手 (sente, Black) and 後手 (gote, White), as in even games.
    #[default]
    #[doc(alias = "sente")]
    #[doc(alias = "gote")]
    Even,
    /// 下手 (shitate, Black, the weaker player) and 上手 (uwate, White), as in handicap games.
    #[doc(alias = "shitate")]
    #[doc(alias = "uwate")]
    Handicap,
}

impl SideNames {
    /// The word for `color`: 先手 or 後手, 下手 or 上手.
    #[must_use]
    pub const fn name(self, color: Color) -> &'static str {
        match (self, color) {
            (SideNames::Even, _) => color.japanese_name(),
            (SideNames::Handicap, Color::Black) => "下手",
            (SideNames::Handicap, Color::White) => "上手",
        }
    }
}

/// A board diagram of a position, from [`Setup::bod`] or [`Position::bod`]; its `Display`
/// writes the text.
#[derive(Debug, Clone, Copy)]
pub struct Bod {
    setup: Setup,
    names: SideNames,
    last: Option<(Move, Option<Square>)>,
}

impl Setup {
    /// The board diagram (BOD) of this setup, with 先手/後手 and no last-move line. Any
    /// setup can be drawn, valid or not.
    #[must_use]
    pub fn bod(&self) -> Bod {
        Bod {
            setup: *self,
            names: SideNames::Even,
            last: None,
        }
    }
}

impl Position {
    /// The board diagram (BOD) of this position, with 先手/後手 and no last-move line.
    #[must_use]
    pub fn bod(&self) -> Bod {
        self.to_setup().bod()
    }

    /// The board diagram (BOD) as text; also written by `format!("{pos:#}")`.
    #[must_use]
    pub fn to_bod(&self) -> String {
        self.bod().to_string()
    }
}

impl Bod {
    /// Uses other words for the sides (下手/上手 in handicap games).
    #[must_use]
    pub fn names(mut self, names: SideNames) -> Self {
        self.names = names;
        self
    }

    /// Adds the line `手数＝N  ▲move  まで` for `last`, the move that led to the position;
    /// `previous` is the destination of the move before it (for `同`). N is the move number
    /// of the position minus one.
    #[must_use]
    pub fn last_move(mut self, last: Move, previous: Option<Square>) -> Self {
        self.last = Some((last, previous));
        self
    }

    fn write_hand(&self, f: &mut fmt::Formatter<'_>, color: Color) -> fmt::Result {
        write!(
            f,
            "{}の持駒：{}",
            self.names.name(color),
            hand_text(&self.setup.hands[color])
        )?;
        f.write_str("\n")
    }

    fn write_board(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A character at a time: `write!` for each of the 81 cells cost most of the diagram.
        f.write_str(" ")?;
        for file in (1..=9).rev() {
            f.write_char(' ')?;
            f.write_char(fullwidth_digit(file))?;
        }
        f.write_str("\n+---------------------------+\n")?;
        for rank in 1..=9 {
            f.write_str("|")?;
            for file in (1..=9).rev() {
                match Square::new(file, rank).and_then(|sq| self.setup.piece_at(sq)) {
                    Some(p) => {
                        let mark = if p.color == Color::White { 'v' } else { ' ' };
                        f.write_char(mark)?;
                        f.write_char(p.kind.japanese_char())?;
                    }
                    None => f.write_str(" ・")?,
                }
            }
            f.write_char('|')?;
            f.write_char(kanji_numeral(rank))?;
            f.write_char('\n')?;
        }
        f.write_str("+---------------------------+\n")
    }
}

/// A hand as diagrams write it: `飛　角二　歩十八　`, or `なし`.
fn hand_text(hand: &Hand) -> String {
    if hand.is_empty() {
        return "なし".to_owned();
    }
    let mut out = String::new();
    for kind in PieceKind::HAND.iter().rev() {
        let n = hand.count(*kind);
        if n > 0 {
            out.push(kind.japanese_char());
            out.push_str(&kanji_count(n));
            out.push('\u{3000}');
        }
    }
    out
}

impl fmt::Display for Bod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_hand(f, Color::White)?;
        self.write_board(f)?;
        self.write_hand(f, Color::Black)?;
        let turn = self.setup.turn;
        if turn == Color::White {
            writeln!(f, "{}番", self.names.name(Color::White))?;
        }
        if let Some((m, previous)) = self.last {
            let text = m.to_japanese(!turn).after(previous).with_mark();
            let n = self.setup.ply.saturating_sub(1);
            writeln!(f, "手数＝{n}  {text}  まで")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_list_big_pieces_first() {
        let mut hand = Hand::EMPTY;
        for (kind, n) in [
            (PieceKind::Pawn, 18),
            (PieceKind::Rook, 1),
            (PieceKind::Bishop, 2),
            (PieceKind::Gold, 3),
        ] {
            hand.set(kind, n).unwrap_or_default();
        }
        assert_eq!(hand_text(&hand), "飛　角二　金三　歩十八　");
        assert_eq!(hand_text(&Hand::EMPTY), "なし");
    }
}
