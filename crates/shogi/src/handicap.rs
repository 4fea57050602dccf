//! Standard start positions by name (手合割): the even game and the handicaps of KIF.
//!
//! # Examples
//!
//! ```
//! use masu_shogi::{Color, Handicap};
//!
//! let h: Handicap = "二枚落ち".parse()?;
//! assert_eq!(h, Handicap::TwoPieces);
//! assert_eq!(h.english_name(), "2-piece");
//! let pos = h.position();
//! assert_eq!(pos.turn(), Color::White); // 上手 moves first
//! assert_eq!(
//!     pos.to_string(),
//!     "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
//! );
//! assert_eq!("right lance".parse::<Handicap>()?, Handicap::RightLance);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The names are the 16 position names of the KIF format's `手合割` line (its seventeenth
//! value, `その他`, means "the board diagram that follows" and is not a position). In a
//! handicap game the stronger player, 上手, plays White, gives up the pieces and moves first.
//! "Left" and "right" are seen from 上手: the left lance (香落ち) stands on 1一.

use std::fmt;
use std::str::FromStr;

use crate::{ByColor, Color, Hand, Position, Setup, Square};

/// A standard start position by its 手合割 name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Handicap {
    /// 平手: the even game, Black moves first.
    Even,
    /// 香落ち: White without the 1一 lance.
    Lance,
    /// 右香落ち: White without the 9一 lance.
    RightLance,
    /// 角落ち: White without the bishop.
    Bishop,
    /// 飛車落ち: White without the rook.
    Rook,
    /// 飛香落ち: White without the rook and the 1一 lance.
    RookLance,
    /// 二枚落ち: White without rook and bishop.
    TwoPieces,
    /// 三枚落ち: 二枚落ち and the 1一 lance.
    ThreePieces,
    /// 四枚落ち: 二枚落ち and both lances.
    FourPieces,
    /// 五枚落ち: 四枚落ち and the 8一 knight.
    FivePieces,
    /// 左五枚落ち: 四枚落ち and the 2一 knight.
    LeftFivePieces,
    /// 六枚落ち: 四枚落ち and both knights.
    SixPieces,
    /// 左七枚落ち: 六枚落ち and the 3一 silver.
    LeftSevenPieces,
    /// 右七枚落ち: 六枚落ち and the 7一 silver.
    RightSevenPieces,
    /// 八枚落ち: 六枚落ち and both silvers.
    EightPieces,
    /// 十枚落ち: 八枚落ち and both golds (White keeps only king and pawns).
    TenPieces,
}

/// The text is not a handicap name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown handicap name: expected a 手合割 name such as 平手 or 二枚落ち, or an English one \
     such as even or 2-piece"
)]
pub struct ParseHandicapError;

/// (file, rank) of White's pieces removed in each handicap.
const ROOK: (u8, u8) = (8, 2);
const BISHOP: (u8, u8) = (2, 2);
const LANCE_1: (u8, u8) = (1, 1);
const LANCE_9: (u8, u8) = (9, 1);
const KNIGHT_2: (u8, u8) = (2, 1);
const KNIGHT_8: (u8, u8) = (8, 1);
const SILVER_3: (u8, u8) = (3, 1);
const SILVER_7: (u8, u8) = (7, 1);
const GOLD_4: (u8, u8) = (4, 1);
const GOLD_6: (u8, u8) = (6, 1);

impl Handicap {
    /// All 16 named positions, the even game first, in the order of the KIF specification.
    pub const ALL: [Handicap; 16] = [
        Handicap::Even,
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPieces,
        Handicap::ThreePieces,
        Handicap::FourPieces,
        Handicap::FivePieces,
        Handicap::LeftFivePieces,
        Handicap::SixPieces,
        Handicap::LeftSevenPieces,
        Handicap::RightSevenPieces,
        Handicap::EightPieces,
        Handicap::TenPieces,
    ];

    /// The Japanese name as KIF writes it on the `手合割` line (`香落ち`).
    #[must_use]
    pub const fn japanese_name(self) -> &'static str {
        match self {
            Handicap::Even => "平手",
            Handicap::Lance => "香落ち",
            Handicap::RightLance => "右香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPieces => "二枚落ち",
            Handicap::ThreePieces => "三枚落ち",
            Handicap::FourPieces => "四枚落ち",
            Handicap::FivePieces => "五枚落ち",
            Handicap::LeftFivePieces => "左五枚落ち",
            Handicap::SixPieces => "六枚落ち",
            Handicap::LeftSevenPieces => "左七枚落ち",
            Handicap::RightSevenPieces => "右七枚落ち",
            Handicap::EightPieces => "八枚落ち",
            Handicap::TenPieces => "十枚落ち",
        }
    }

    /// The English name as lishogi writes it, lowercase (`lance`, `right lance`, `2-piece`).
    #[must_use]
    pub const fn english_name(self) -> &'static str {
        match self {
            Handicap::Even => "even",
            Handicap::Lance => "lance",
            Handicap::RightLance => "right lance",
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::RookLance => "rook-lance",
            Handicap::TwoPieces => "2-piece",
            Handicap::ThreePieces => "3-piece",
            Handicap::FourPieces => "4-piece",
            Handicap::FivePieces => "5-piece",
            Handicap::LeftFivePieces => "left 5-piece",
            Handicap::SixPieces => "6-piece",
            Handicap::LeftSevenPieces => "left 7-piece",
            Handicap::RightSevenPieces => "right 7-piece",
            Handicap::EightPieces => "8-piece",
            Handicap::TenPieces => "10-piece",
        }
    }

    /// White's pieces taken off the even-game board, as (file, rank).
    const fn removed(self) -> &'static [(u8, u8)] {
        match self {
            Handicap::Even => &[],
            Handicap::Lance => &[LANCE_1],
            Handicap::RightLance => &[LANCE_9],
            Handicap::Bishop => &[BISHOP],
            Handicap::Rook => &[ROOK],
            Handicap::RookLance => &[ROOK, LANCE_1],
            Handicap::TwoPieces => &[ROOK, BISHOP],
            Handicap::ThreePieces => &[ROOK, BISHOP, LANCE_1],
            Handicap::FourPieces => &[ROOK, BISHOP, LANCE_1, LANCE_9],
            Handicap::FivePieces => &[ROOK, BISHOP, LANCE_1, LANCE_9, KNIGHT_8],
            Handicap::LeftFivePieces => &[ROOK, BISHOP, LANCE_1, LANCE_9, KNIGHT_2],
            Handicap::SixPieces => &[ROOK, BISHOP, LANCE_1, LANCE_9, KNIGHT_2, KNIGHT_8],
            Handicap::LeftSevenPieces => {
                &[ROOK, BISHOP, LANCE_1, LANCE_9, KNIGHT_2, KNIGHT_8, SILVER_3]
            }
            Handicap::RightSevenPieces => {
                &[ROOK, BISHOP, LANCE_1, LANCE_9, KNIGHT_2, KNIGHT_8, SILVER_7]
            }
            Handicap::EightPieces => &[
                ROOK, BISHOP, LANCE_1, LANCE_9, KNIGHT_2, KNIGHT_8, SILVER_3, SILVER_7,
            ],
            Handicap::TenPieces => &[
                ROOK, BISHOP, LANCE_1, LANCE_9, KNIGHT_2, KNIGHT_8, SILVER_3, SILVER_7, GOLD_4,
                GOLD_6,
            ],
        }
    }

    /// The squares of the pieces White gives up (empty for the even game).
    pub fn removed_squares(self) -> impl Iterator<Item = Square> {
        self.removed()
            .iter()
            .filter_map(|&(file, rank)| Square::new(file, rank))
    }

    /// The start position as plain data: the even-game board without the removed pieces,
    /// White to move in every handicap, move number 1.
    #[must_use]
    pub fn setup(self) -> Setup {
        let mut setup = Setup::startpos();
        for sq in self.removed_squares() {
            setup.set_piece(sq, None);
        }
        if self != Handicap::Even {
            setup.turn = Color::White;
        }
        setup
    }

    /// The start position.
    #[must_use]
    pub fn position(self) -> Position {
        // Every setup is the even game minus some of White's pieces: valid by construction,
        // and the tests build each one through `Position::from_setup` as well.
        Position::from_setup_unchecked(&self.setup())
    }

    /// The standard start position `setup` shows, if any: same board, hands and side to
    /// move (the move number is ignored). A KIF writer uses it for the `手合割` line.
    #[must_use]
    pub fn of(setup: &Setup) -> Option<Handicap> {
        // The side to move and the empty hands first: only the even game has Black to move,
        // and a setup that is no standard start (a board diagram) was compared with the
        // board of every one.
        let empty_hands = setup.hands == ByColor::<Hand>::default();
        Handicap::ALL.into_iter().find(|&h| {
            let turn = if h == Handicap::Even {
                Color::Black
            } else {
                Color::White
            };
            setup.turn == turn && empty_hands && h.setup().board == setup.board
        })
    }

    /// The handicap whose Japanese or English name is `name`, ignoring surrounding blanks
    /// (Kifu for Windows pads `平手　　` with ideographic spaces) and ASCII case.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Handicap> {
        let name = name.trim_matches([' ', '\t', '\u{3000}']);
        Handicap::ALL
            .into_iter()
            .find(|h| h.japanese_name() == name || h.english_name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Handicap {
    /// The Japanese name (`香落ち`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.japanese_name())
    }
}

impl FromStr for Handicap {
    type Err = ParseHandicapError;

    /// As [`Handicap::from_name`].
    fn from_str(s: &str) -> Result<Handicap, ParseHandicapError> {
        Handicap::from_name(s).ok_or(ParseHandicapError)
    }
}
