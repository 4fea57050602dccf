//! The standard start positions (手合割): even game and the 15 handicaps.

use std::fmt;

/// A standard start position by its 手合割 name. In every handicap game White (上手, the
/// stronger player) moves first; "left" and "right" are seen from 上手.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Handicap {
    /// 平手: even game.
    Even,
    /// 香落ち: 上手 without the 1一 lance.
    Lance,
    /// 右香落ち: without the 9一 lance.
    RightLance,
    /// 角落ち: without the bishop.
    Bishop,
    /// 飛車落ち: without the rook.
    Rook,
    /// 飛香落ち: without rook and 1一 lance.
    RookLance,
    /// 二枚落ち: without rook and bishop.
    TwoPieces,
    /// 三枚落ち: 二枚 and the 1一 lance.
    ThreePieces,
    /// 四枚落ち: 二枚 and both lances.
    FourPieces,
    /// 五枚落ち: 四枚 and the 8一 knight.
    FivePieces,
    /// 左五枚落ち: 四枚 and the 2一 knight.
    LeftFivePieces,
    /// 六枚落ち: 四枚 and both knights.
    SixPieces,
    /// 左七枚落ち: 六枚 and the 3一 silver.
    LeftSevenPieces,
    /// 右七枚落ち: 六枚 and the 7一 silver.
    RightSevenPieces,
    /// 八枚落ち: 六枚 and both silvers.
    EightPieces,
    /// 十枚落ち: 八枚 and both golds.
    TenPieces,
}

/// Name, White's first rank in SFEN, White's second rank, CSA `PI` removals, JKF preset.
type Row = (
    Handicap,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

const TABLE: [Row; 16] = [
    (Handicap::Even, "平手", "lnsgkgsnl", "1r5b1", "", "HIRATE"),
    (
        Handicap::Lance,
        "香落ち",
        "lnsgkgsn1",
        "1r5b1",
        "11KY",
        "KY",
    ),
    (
        Handicap::RightLance,
        "右香落ち",
        "1nsgkgsnl",
        "1r5b1",
        "91KY",
        "KY_R",
    ),
    (Handicap::Bishop, "角落ち", "lnsgkgsnl", "1r7", "22KA", "KA"),
    (Handicap::Rook, "飛車落ち", "lnsgkgsnl", "7b1", "82HI", "HI"),
    (
        Handicap::RookLance,
        "飛香落ち",
        "lnsgkgsn1",
        "7b1",
        "82HI11KY",
        "HIKY",
    ),
    (
        Handicap::TwoPieces,
        "二枚落ち",
        "lnsgkgsnl",
        "9",
        "82HI22KA",
        "2",
    ),
    (
        Handicap::ThreePieces,
        "三枚落ち",
        "lnsgkgsn1",
        "9",
        "82HI22KA11KY",
        "3",
    ),
    (
        Handicap::FourPieces,
        "四枚落ち",
        "1nsgkgsn1",
        "9",
        "82HI22KA11KY91KY",
        "4",
    ),
    (
        Handicap::FivePieces,
        "五枚落ち",
        "2sgkgsn1",
        "9",
        "82HI22KA11KY91KY81KE",
        "5",
    ),
    (
        Handicap::LeftFivePieces,
        "左五枚落ち",
        "1nsgkgs2",
        "9",
        "82HI22KA11KY91KY21KE",
        "5_L",
    ),
    (
        Handicap::SixPieces,
        "六枚落ち",
        "2sgkgs2",
        "9",
        "82HI22KA11KY91KY21KE81KE",
        "6",
    ),
    (
        Handicap::LeftSevenPieces,
        "左七枚落ち",
        "2sgkg3",
        "9",
        "82HI22KA11KY91KY21KE81KE31GI",
        "7_L",
    ),
    (
        Handicap::RightSevenPieces,
        "右七枚落ち",
        "3gkgs2",
        "9",
        "82HI22KA11KY91KY21KE81KE71GI",
        "7_R",
    ),
    (
        Handicap::EightPieces,
        "八枚落ち",
        "3gkg3",
        "9",
        "82HI22KA11KY91KY21KE81KE31GI71GI",
        "8",
    ),
    (
        Handicap::TenPieces,
        "十枚落ち",
        "4k4",
        "9",
        "82HI22KA11KY91KY21KE81KE31GI71GI41KI61KI",
        "10",
    ),
];

impl Handicap {
    /// All 16 standard positions, even game first.
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

    fn row(self) -> &'static Row {
        &TABLE[self as usize]
    }

    /// The handicap a 手合割 value names, ignoring the padding writers add (`平手　　`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Handicap> {
        let name = name.trim_matches([' ', '\u{3000}', '\t']);
        TABLE.iter().find(|row| row.1 == name).map(|row| row.0)
    }

    /// The 手合割 name (`香落ち`).
    #[must_use]
    pub fn name(self) -> &'static str {
        self.row().1
    }

    /// The SFEN of the start position (`... w - 1` for handicaps).
    #[must_use]
    pub fn sfen(self) -> String {
        let (_, _, back, second, _, _) = *self.row();
        let turn = if self == Handicap::Even { 'b' } else { 'w' };
        format!("{back}/{second}/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL {turn} - 1")
    }

    /// The CSA `PI` line (`PI82HI22KA`).
    #[must_use]
    pub fn csa_pi(self) -> String {
        format!("PI{}", self.row().4)
    }

    /// The JKF `initial.preset` name (`HIRATE`, `KY`, `7_L`, ...).
    #[must_use]
    pub fn jkf_preset(self) -> &'static str {
        self.row().5
    }

    /// The handicap a JKF preset names.
    #[must_use]
    pub fn from_jkf_preset(preset: &str) -> Option<Handicap> {
        TABLE.iter().find(|row| row.5 == preset).map(|row| row.0)
    }
}

impl fmt::Display for Handicap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_enum_order() {
        for (i, h) in Handicap::ALL.iter().enumerate() {
            assert_eq!(TABLE[i].0, *h);
            assert_eq!(Handicap::from_name(h.name()), Some(*h));
            assert_eq!(Handicap::from_jkf_preset(h.jkf_preset()), Some(*h));
        }
        assert_eq!(Handicap::from_name("平手　　"), Some(Handicap::Even));
        assert_eq!(Handicap::from_name("その他"), None);
    }

    #[test]
    fn sfen_rows_have_nine_files() {
        for h in Handicap::ALL {
            let sfen = h.sfen();
            for row in sfen.split(' ').next().unwrap_or("").split('/') {
                let files: u32 = row.chars().map(|c| c.to_digit(10).unwrap_or(1)).sum();
                assert_eq!(files, 9, "{h}: {row}");
            }
        }
        assert_eq!(
            Handicap::LeftSevenPieces.sfen(),
            "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        );
    }
}
