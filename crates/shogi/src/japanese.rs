//! Japanese names: pieces (歩, 成銀, 龍), squares (７六), sides (先手, ▲) and moves as KIF
//! writes them (`７六歩(77)`, `同　歩`, `２二角成(88)`, `５五角打`, `２四歩不成`).
//!
//! # Examples
//!
//! ```
//! use masu_shogi::{Color, Position, PieceKind, Square, UsiMove};
//!
//! let pos = Position::startpos();
//! let m = "7g7f".parse::<UsiMove>()?.to_move(&pos)?;
//! assert_eq!(m.to_japanese(Color::Black).to_string(), "７六歩");
//! assert_eq!(m.to_japanese(Color::Black).with_origin().to_string(), "７六歩(77)");
//! // The same destination as the previous move is written 同 and an ideographic space.
//! let same = m.to_japanese(Color::Black).after(Some(Square::SQ_7F));
//! assert_eq!(same.to_string(), "同　歩");
//!
//! assert_eq!(PieceKind::ProSilver.japanese_name(), "成銀");
//! assert_eq!(PieceKind::ProSilver.japanese_char(), '全');
//! assert_eq!(PieceKind::from_japanese("竜"), Some(PieceKind::Dragon));
//! assert_eq!(Square::from_japanese("７六"), Some(Square::SQ_7F));
//! assert_eq!(format!("{:#}", Square::SQ_7F), "７六");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! These are the words of the move alone. With the position, [`Position::japanese_move`]
//! adds what tells it apart from the other legal moves (the KI2 words 右 左 直 上 寄 引, and
//! 打 and 不成 only where needed).
//!
//! [`Position::japanese_move`]: crate::Position::japanese_move

use std::fmt;

use crate::numerals::digit;
use crate::{Bitboard, Color, Move, MoveWords, PieceKind, Square};

impl PieceKind {
    /// The name KIF writes on move lines: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍.
    #[must_use]
    pub const fn japanese_name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "歩",
            PieceKind::Lance => "香",
            PieceKind::Knight => "桂",
            PieceKind::Silver => "銀",
            PieceKind::Gold => "金",
            PieceKind::Bishop => "角",
            PieceKind::Rook => "飛",
            PieceKind::King => "玉",
            PieceKind::ProPawn => "と",
            PieceKind::ProLance => "成香",
            PieceKind::ProKnight => "成桂",
            PieceKind::ProSilver => "成銀",
            PieceKind::Horse => "馬",
            PieceKind::Dragon => "龍",
        }
    }

    /// The one-character name used in board diagrams: as [`PieceKind::japanese_name`], but
    /// 杏 圭 全 for the promoted lance, knight and silver.
    #[must_use]
    pub const fn japanese_char(self) -> char {
        match self {
            PieceKind::Pawn => '歩',
            PieceKind::Lance => '香',
            PieceKind::Knight => '桂',
            PieceKind::Silver => '銀',
            PieceKind::Gold => '金',
            PieceKind::Bishop => '角',
            PieceKind::Rook => '飛',
            PieceKind::King => '玉',
            PieceKind::ProPawn => 'と',
            PieceKind::ProLance => '杏',
            PieceKind::ProKnight => '圭',
            PieceKind::ProSilver => '全',
            PieceKind::Horse => '馬',
            PieceKind::Dragon => '龍',
        }
    }

    /// Reads a Japanese piece name at the start of `s`: the kind and how many bytes it took.
    /// Accepts every name of [`PieceKind::japanese_name`] and [`PieceKind::japanese_char`],
    /// plus 王 (king), 竜 (dragon) and 成歩 (tokin).
    #[must_use]
    pub fn from_japanese_prefix(s: &str) -> Option<(PieceKind, usize)> {
        // A plain match: record readers call this once per move.
        let mut chars = s.chars();
        let first = chars.next()?;
        let kind = match first {
            '歩' => PieceKind::Pawn,
            '香' => PieceKind::Lance,
            '桂' => PieceKind::Knight,
            '銀' => PieceKind::Silver,
            '金' => PieceKind::Gold,
            '角' => PieceKind::Bishop,
            '飛' => PieceKind::Rook,
            '玉' | '王' => PieceKind::King,
            'と' => PieceKind::ProPawn,
            '杏' => PieceKind::ProLance,
            '圭' => PieceKind::ProKnight,
            '全' => PieceKind::ProSilver,
            '馬' => PieceKind::Horse,
            '龍' | '竜' => PieceKind::Dragon,
            '成' => {
                let kind = match chars.next()? {
                    '歩' => PieceKind::ProPawn,
                    '香' => PieceKind::ProLance,
                    '桂' => PieceKind::ProKnight,
                    '銀' => PieceKind::ProSilver,
                    _ => return None,
                };
                return Some((kind, 2 * '成'.len_utf8()));
            }
            _ => return None,
        };
        Some((kind, first.len_utf8()))
    }

    /// The kind whose Japanese name is exactly `s` (any spelling of
    /// [`PieceKind::from_japanese_prefix`]).
    #[must_use]
    pub fn from_japanese(s: &str) -> Option<PieceKind> {
        PieceKind::from_japanese_prefix(s)
            .filter(|&(_, len)| len == s.len())
            .map(|(kind, _)| kind)
    }
}

impl Square {
    /// Reads a square as Japanese records write it: a file digit then a rank digit, each in
    /// ASCII, full width or kanji (`７六`, `76`, `７６`, `七六`).
    #[must_use]
    pub fn from_japanese(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let file = digit(chars.next()?)?;
        let rank = digit(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Square::new(file, rank)
    }
}

impl Color {
    /// 先手 for Black, 後手 for White.
    #[must_use]
    pub const fn japanese_name(self) -> &'static str {
        match self {
            Color::Black => "先手",
            Color::White => "後手",
        }
    }

    /// The mark written before a side's moves and names: ▲ for Black, △ for White.
    #[must_use]
    pub const fn japanese_mark(self) -> char {
        match self {
            Color::Black => '▲',
            Color::White => '△',
        }
    }
}

/// A move written in Japanese, from [`Move::to_japanese`]; its `Display` writes the text.
///
/// By default the text is the destination, the piece, `成` for a promotion and `打` for a
/// drop (`７六歩`, `２二角成`, `５五角打`). Options add what KIF and KI2 writers add.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct JapaneseMove {
    m: Move,
    color: Color,
    previous: Option<Square>,
    origin: bool,
    non_promotion: bool,
    mark: bool,
    words: Option<MoveWords>,
}

impl Move {
    /// The Japanese text of this move, played by `color` (needed to tell whether a move
    /// could have promoted).
    #[must_use]
    pub const fn to_japanese(self, color: Color) -> JapaneseMove {
        JapaneseMove {
            m: self,
            color,
            previous: None,
            origin: false,
            non_promotion: false,
            mark: false,
            words: None,
        }
    }
}

impl JapaneseMove {
    /// Writes `同　` (同 and an ideographic space) instead of the destination when it equals
    /// `previous`, the destination of the move before.
    #[must_use]
    pub const fn after(mut self, previous: Option<Square>) -> JapaneseMove {
        self.previous = previous;
        self
    }

    /// Appends the origin of a board move as KIF does: `(77)`, ASCII digits.
    #[must_use]
    pub const fn with_origin(mut self) -> JapaneseMove {
        self.origin = true;
        self
    }

    /// Writes `不成` when the piece could have promoted and did not (KI2 writes it; the KIF
    /// specification leaves it out, though many KIF writers add it).
    #[must_use]
    pub const fn with_non_promotion(mut self) -> JapaneseMove {
        self.non_promotion = true;
        self
    }

    /// Starts with the side's mark, ▲ or △, as KI2 does.
    #[must_use]
    pub const fn with_mark(mut self) -> JapaneseMove {
        self.mark = true;
        self
    }

    /// Writes `words` after the piece instead of the board-free `成` and `打` (and `不成`
    /// of [`JapaneseMove::with_non_promotion`]); [`Position::japanese_move`] sets the words
    /// that tell the move apart.
    ///
    /// [`Position::japanese_move`]: crate::Position::japanese_move
    #[must_use]
    pub const fn with_words(mut self, words: MoveWords) -> JapaneseMove {
        self.words = Some(words);
        self
    }

    /// The words set by [`JapaneseMove::with_words`].
    #[must_use]
    pub const fn words(&self) -> Option<MoveWords> {
        self.words
    }

    /// Whether the move could have promoted: a promotable piece moving into, within or out
    /// of its promotion zone.
    fn could_promote(&self) -> bool {
        match self.m {
            Move::Normal { from, to, kind, .. } => {
                let zone = Bitboard::promotion_zone(self.color);
                kind.can_promote() && (zone.contains(from) || zone.contains(to))
            }
            Move::Drop { .. } => false,
        }
    }
}

impl fmt::Display for JapaneseMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.mark {
            write!(f, "{}", self.color.japanese_mark())?;
        }
        let to = self.m.to();
        if self.previous == Some(to) {
            f.write_str("同\u{3000}")?;
        } else {
            write!(f, "{to:#}")?;
        }
        f.write_str(self.m.kind().japanese_name())?;
        if let Some(words) = self.words {
            return self.write_words(f, words);
        }
        match self.m {
            Move::Normal { from, promote, .. } => {
                if promote {
                    f.write_str("成")?;
                } else if self.non_promotion && self.could_promote() {
                    f.write_str("不成")?;
                }
                if self.origin {
                    write!(f, "({}{})", from.file(), from.rank())?;
                }
            }
            Move::Drop { .. } => f.write_str("打")?,
        }
        Ok(())
    }
}

impl JapaneseMove {
    /// The tail after the piece name when the words are given: 右 左 直, 上 寄 引, 成 or 不成,
    /// 打, then the origin if asked for.
    fn write_words(&self, f: &mut fmt::Formatter<'_>, words: MoveWords) -> fmt::Result {
        use fmt::Write;
        if let Some(relative) = words.relative {
            f.write_char(relative.kanji())?;
        }
        if let Some(motion) = words.motion {
            f.write_char(motion.kanji())?;
        }
        match words.promotion {
            Some(true) => f.write_str("成")?,
            Some(false) => f.write_str("不成")?,
            None => {}
        }
        if words.drop {
            f.write_char('打')?;
        }
        match self.m {
            Move::Normal { from, .. } if self.origin => {
                write!(f, "({}{})", from.file(), from.rank())
            }
            _ => Ok(()),
        }
    }
}
