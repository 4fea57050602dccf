//! What the record formats call the standard start positions ([`Handicap`], from masu-shogi):
//! the CSA `PI` removals and the JKF preset names.

pub use shogi::Handicap;

/// The handicap, its CSA `PI` removals and its JKF `initial.preset` name.
const TABLE: [(Handicap, &str, &str); 16] = [
    (Handicap::Even, "", "HIRATE"),
    (Handicap::Lance, "11KY", "KY"),
    (Handicap::RightLance, "91KY", "KY_R"),
    (Handicap::Bishop, "22KA", "KA"),
    (Handicap::Rook, "82HI", "HI"),
    (Handicap::RookLance, "82HI11KY", "HIKY"),
    (Handicap::TwoPieces, "82HI22KA", "2"),
    (Handicap::ThreePieces, "82HI22KA11KY", "3"),
    (Handicap::FourPieces, "82HI22KA11KY91KY", "4"),
    (Handicap::FivePieces, "82HI22KA11KY91KY81KE", "5"),
    (Handicap::LeftFivePieces, "82HI22KA11KY91KY21KE", "5_L"),
    (Handicap::SixPieces, "82HI22KA11KY91KY21KE81KE", "6"),
    (
        Handicap::LeftSevenPieces,
        "82HI22KA11KY91KY21KE81KE31GI",
        "7_L",
    ),
    (
        Handicap::RightSevenPieces,
        "82HI22KA11KY91KY21KE81KE71GI",
        "7_R",
    ),
    (
        Handicap::EightPieces,
        "82HI22KA11KY91KY21KE81KE31GI71GI",
        "8",
    ),
    (
        Handicap::TenPieces,
        "82HI22KA11KY91KY21KE81KE31GI71GI41KI61KI",
        "10",
    ),
];

fn row(handicap: Handicap) -> &'static (Handicap, &'static str, &'static str) {
    // Every handicap has a row (tested below); the even game's is the fallback.
    TABLE
        .iter()
        .find(|row| row.0 == handicap)
        .unwrap_or(&TABLE[0])
}

/// The CSA `PI` line (`PI82HI22KA`).
pub(crate) fn csa_pi(handicap: Handicap) -> String {
    format!("PI{}", row(handicap).1)
}

/// The JKF `initial.preset` name (`HIRATE`, `KY`, `7_L`, ...).
pub(crate) fn jkf_preset(handicap: Handicap) -> &'static str {
    row(handicap).2
}

/// The handicap a JKF preset names.
pub(crate) fn from_jkf_preset(preset: &str) -> Option<Handicap> {
    TABLE.iter().find(|row| row.2 == preset).map(|row| row.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_handicap_has_one_row() {
        for h in Handicap::ALL {
            assert_eq!(TABLE.iter().filter(|row| row.0 == h).count(), 1, "{h}");
            assert_eq!(from_jkf_preset(jkf_preset(h)), Some(h));
        }
        assert_eq!(csa_pi(Handicap::Even), "PI");
        assert_eq!(csa_pi(Handicap::TwoPieces), "PI82HI22KA");
        assert_eq!(jkf_preset(Handicap::LeftSevenPieces), "7_L");
    }

    /// The start positions KIF, CSA and JKF files mean by each name (White's missing pieces
    /// seen from Black; handicap games start with White to move).
    #[test]
    fn positions_are_the_ones_record_files_mean() {
        let expected = [
            (
                Handicap::Even,
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            ),
            (
                Handicap::Lance,
                "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::RightLance,
                "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::Bishop,
                "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::Rook,
                "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::RookLance,
                "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::TwoPieces,
                "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::ThreePieces,
                "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::FourPieces,
                "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::FivePieces,
                "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::LeftFivePieces,
                "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::SixPieces,
                "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::LeftSevenPieces,
                "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::RightSevenPieces,
                "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::EightPieces,
                "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            (
                Handicap::TenPieces,
                "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
        ];
        for (h, sfen) in expected {
            assert_eq!(h.setup().to_sfen(), sfen, "{h}");
        }
        assert_eq!(Handicap::from_name("平手　　"), Some(Handicap::Even));
        assert_eq!(Handicap::from_name("その他"), None);
    }
}
