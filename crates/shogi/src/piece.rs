//! Piece kinds and coloured pieces.

use std::fmt;

use crate::{Bitboard, Color};

/// The 14 kinds of shogi pieces: 8 base kinds and 6 promoted ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// 歩 (fu), `P`.
    Pawn,
    /// 香 (kyō), `L`.
    Lance,
    /// 桂 (kei), `N`.
    Knight,
    /// 銀 (gin), `S`.
    Silver,
    /// 金 (kin), `G`.
    Gold,
    /// 角 (kaku), `B`.
    Bishop,
    /// 飛 (hisha), `R`.
    Rook,
    /// 玉 / 王, `K`.
    King,
    /// と (tokin), `+P`.
    ProPawn,
    /// 成香, `+L`.
    ProLance,
    /// 成桂, `+N`.
    ProKnight,
    /// 成銀, `+S`.
    ProSilver,
    /// 馬 (uma), `+B`: bishop plus one orthogonal step.
    Horse,
    /// 龍 (ryū), `+R`: rook plus one diagonal step.
    Dragon,
}

impl PieceKind {
    /// All 14 kinds in order.
    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The seven kinds a hand can hold, in this order: pawn, lance, knight, silver, gold,
    /// bishop, rook.
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Rook,
    ];

    /// 0..14, in the order of [`PieceKind::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index (0..14).
    #[must_use]
    pub const fn from_index(index: usize) -> Option<PieceKind> {
        if index < 14 {
            Some(PieceKind::ALL[index])
        } else {
            None
        }
    }

    /// The promoted kind, or `None` for gold, king and kinds already promoted.
    #[must_use]
    pub const fn promoted(self) -> Option<PieceKind> {
        match self {
            PieceKind::Pawn => Some(PieceKind::ProPawn),
            PieceKind::Lance => Some(PieceKind::ProLance),
            PieceKind::Knight => Some(PieceKind::ProKnight),
            PieceKind::Silver => Some(PieceKind::ProSilver),
            PieceKind::Bishop => Some(PieceKind::Horse),
            PieceKind::Rook => Some(PieceKind::Dragon),
            _ => None,
        }
    }

    /// The base kind: a promoted kind loses its promotion, others stay as they are.
    #[must_use]
    pub const fn unpromoted(self) -> PieceKind {
        match self {
            PieceKind::ProPawn => PieceKind::Pawn,
            PieceKind::ProLance => PieceKind::Lance,
            PieceKind::ProKnight => PieceKind::Knight,
            PieceKind::ProSilver => PieceKind::Silver,
            PieceKind::Horse => PieceKind::Bishop,
            PieceKind::Dragon => PieceKind::Rook,
            other => other,
        }
    }

    /// Whether this is one of the six promoted kinds.
    #[must_use]
    pub const fn is_promoted(self) -> bool {
        self as u8 >= PieceKind::ProPawn as u8
    }

    /// Whether the kind can promote (pawn, lance, knight, silver, bishop, rook).
    #[must_use]
    pub const fn can_promote(self) -> bool {
        self.promoted().is_some()
    }

    /// Whether a hand can hold this kind (the seven base kinds other than the king).
    #[must_use]
    pub const fn is_hand_kind(self) -> bool {
        (self as u8) < PieceKind::King as u8
    }

    /// How many pieces of this base kind a full set has (18 pawns, 4 lances ... 2 kings);
    /// promoted kinds count with their base kind.
    #[must_use]
    pub const fn max_count(self) -> u8 {
        match self.unpromoted() {
            PieceKind::Pawn => 18,
            PieceKind::Bishop | PieceKind::Rook | PieceKind::King => 2,
            _ => 4,
        }
    }

    /// The squares (行き所のない升) where a piece of this kind and `color` could never move
    /// again, so it must promote on arrival and may not be dropped there: the last rank for
    /// pawns and lances, the last two for knights, none for other kinds.
    #[inline]
    pub(crate) const fn dead_squares(self, color: Color) -> Bitboard {
        let (last, second_last) = match color {
            Color::Black => (Bitboard::rank(1), Bitboard::rank(2)),
            Color::White => (Bitboard::rank(9), Bitboard::rank(8)),
        };
        match self {
            PieceKind::Pawn | PieceKind::Lance => last,
            PieceKind::Knight => Bitboard(last.0 | second_last.0),
            _ => Bitboard::EMPTY,
        }
    }

    /// The SFEN letter of the base kind, uppercase (`P`, `L`, `N`, `S`, `G`, `B`, `R`, `K`);
    /// promoted kinds give their base letter (SFEN writes the `+` separately).
    #[must_use]
    pub const fn to_sfen_char(self) -> char {
        match self.unpromoted() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Gold => 'G',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            _ => 'K',
        }
    }

    /// The base kind of an SFEN letter, either case (`p` and `P` are pawns).
    #[must_use]
    #[inline]
    pub const fn from_sfen_char(c: u8) -> Option<PieceKind> {
        // A table, not a `match`: SFEN parsing looks up every piece letter of the board,
        // and the jump of a `match` over the letters mispredicts on most of them.
        const KINDS: [Option<PieceKind>; 256] = {
            let letters = *b"PLNSGBRK";
            let mut kinds = [None; 256];
            let mut i = 0;
            while i < letters.len() {
                let kind = Some(PieceKind::ALL[i]);
                kinds[letters[i] as usize] = kind;
                kinds[letters[i].to_ascii_lowercase() as usize] = kind;
                i += 1;
            }
            kinds
        };
        KINDS[c as usize]
    }

    /// The SFEN text of this kind for Black: `P` ... `K`, `+P` ... `+R`.
    #[must_use]
    pub const fn to_sfen(self) -> &'static str {
        const NAMES: [&str; 14] = [
            "P", "L", "N", "S", "G", "B", "R", "K", "+P", "+L", "+N", "+S", "+B", "+R",
        ];
        NAMES[self as usize]
    }
}

/// A piece of a given colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    #[must_use]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// Parses SFEN piece text: `P`, `+p`, `k` (uppercase is Black).
    #[must_use]
    pub fn from_sfen(s: &[u8]) -> Option<Piece> {
        let (promoted, letter) = match s {
            [b'+', c] => (true, *c),
            [c] => (false, *c),
            _ => return None,
        };
        let base = PieceKind::from_sfen_char(letter)?;
        let kind = if promoted { base.promoted()? } else { base };
        let color = if letter.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        Some(Piece { color, kind })
    }
}

impl Piece {
    /// The SFEN text (the `Display` form), borrowed: SFEN writing asks it for every piece
    /// of a board, and a White piece's lowercase letters made a string each time.
    pub(crate) const fn sfen_text(self) -> &'static str {
        const WHITE: [&str; 14] = [
            "p", "l", "n", "s", "g", "b", "r", "k", "+p", "+l", "+n", "+s", "+b", "+r",
        ];
        match self.color {
            Color::Black => self.kind.to_sfen(),
            Color::White => WHITE[self.kind as usize],
        }
    }
}

impl fmt::Display for Piece {
    /// SFEN text: `P`, `+R` for Black, `p`, `+r` for White.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.sfen_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_pairs() {
        for kind in PieceKind::ALL {
            if let Some(p) = kind.promoted() {
                assert!(p.is_promoted());
                assert_eq!(p.unpromoted(), kind);
            }
        }
        assert_eq!(PieceKind::Gold.promoted(), None);
        assert_eq!(PieceKind::King.promoted(), None);
    }

    #[test]
    fn sfen_text_round_trips() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                assert_eq!(Piece::from_sfen(piece.to_string().as_bytes()), Some(piece));
            }
        }
        assert_eq!(Piece::from_sfen(b"+G"), None);
        assert_eq!(Piece::from_sfen(b"+k"), None);
    }
}
