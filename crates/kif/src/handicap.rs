//! What the record formats call the standard start positions ([`Handicap`], from masu-shogi):
//! the CSA `PI` line, derived from the pieces each handicap removes, and the JKF preset names.

use std::fmt::Write as _;

pub use shogi::Handicap;
use shogi::Setup;

use crate::csa::codes;

/// The handicaps and their JKF `initial.preset` names.
const JKF_PRESETS: [(Handicap, &str); 16] = [
    (Handicap::Even, "HIRATE"),
    (Handicap::Lance, "KY"),
    (Handicap::RightLance, "KY_R"),
    (Handicap::Bishop, "KA"),
    (Handicap::Rook, "HI"),
    (Handicap::RookLance, "HIKY"),
    (Handicap::TwoPieces, "2"),
    (Handicap::ThreePieces, "3"),
    (Handicap::FourPieces, "4"),
    (Handicap::FivePieces, "5"),
    (Handicap::LeftFivePieces, "5_L"),
    (Handicap::SixPieces, "6"),
    (Handicap::LeftSevenPieces, "7_L"),
    (Handicap::RightSevenPieces, "7_R"),
    (Handicap::EightPieces, "8"),
    (Handicap::TenPieces, "10"),
];

/// The CSA `PI` line: `PI` and, for each piece the handicap removes, its square and CSA code
/// (`PI82HI22KA`).
pub(crate) fn csa_pi(handicap: Handicap) -> String {
    let start = Setup::startpos();
    let mut line = "PI".to_owned();
    for sq in handicap.removed_squares() {
        if let Some(piece) = start.piece_at(sq) {
            let _ = write!(
                line,
                "{}{}{}",
                sq.file(),
                sq.rank(),
                codes::code(piece.kind)
            );
        }
    }
    line
}

/// The JKF `initial.preset` name (`HIRATE`, `KY`, `7_L`, ...).
pub(crate) fn jkf_preset(handicap: Handicap) -> &'static str {
    // Every handicap has a row (tested below); the even game's is the fallback.
    JKF_PRESETS
        .iter()
        .find(|row| row.0 == handicap)
        .map_or(JKF_PRESETS[0].1, |row| row.1)
}

/// The handicap a JKF preset names.
pub(crate) fn from_jkf_preset(preset: &str) -> Option<Handicap> {
    JKF_PRESETS
        .iter()
        .find(|row| row.1 == preset)
        .map(|row| row.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mode, csa};

    /// The `PI` lines of the CSA standard (and of every CSA writer), in [`Handicap::ALL`]
    /// order.
    const PUBLISHED_PI: [&str; 16] = [
        "PI",
        "PI11KY",
        "PI91KY",
        "PI22KA",
        "PI82HI",
        "PI82HI11KY",
        "PI82HI22KA",
        "PI82HI22KA11KY",
        "PI82HI22KA11KY91KY",
        "PI82HI22KA11KY91KY81KE",
        "PI82HI22KA11KY91KY21KE",
        "PI82HI22KA11KY91KY21KE81KE",
        "PI82HI22KA11KY91KY21KE81KE31GI",
        "PI82HI22KA11KY91KY21KE81KE71GI",
        "PI82HI22KA11KY91KY21KE81KE31GI71GI",
        "PI82HI22KA11KY91KY21KE81KE31GI71GI41KI61KI",
    ];

    #[test]
    fn every_pi_line_is_the_published_one_and_reads_back() {
        for (h, published) in Handicap::ALL.into_iter().zip(PUBLISHED_PI) {
            assert_eq!(csa_pi(h), published, "{h}");
            let turn = if h == Handicap::Even { '+' } else { '-' };
            let parsed = csa::read_str(&format!("V2.2\n{published}\n{turn}\n"), Mode::Strict)
                .unwrap_or_else(|e| panic!("{h}: {e}"));
            assert_eq!(parsed.record.start.setup, h.setup(), "{h}");
            assert_eq!(parsed.record.start.handicap, Some(h), "{h}");
        }
    }

    #[test]
    fn every_handicap_has_one_jkf_preset() {
        for h in Handicap::ALL {
            assert_eq!(
                JKF_PRESETS.iter().filter(|row| row.0 == h).count(),
                1,
                "{h}"
            );
            assert_eq!(from_jkf_preset(jkf_preset(h)), Some(h));
        }
        assert_eq!(jkf_preset(Handicap::LeftSevenPieces), "7_L");
        assert_eq!(from_jkf_preset("OTHER"), None);
    }
}
