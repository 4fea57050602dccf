//! Handicap start positions (手合割) against published SFENs.
//!
//! The SFENs are those of the KIF specification's handicap list as written by Kifu for
//! Windows / Kifu-for-JS, CSA `PI` lines and JKF presets (see shared notes, kif-format §2.4);
//! python-shogi, cshogi and rsshogi agree. lishogi's shogiops disagrees on 三枚落ち only
//! (it removes the 9一 lance); the KIF and CSA (`PI82HI22KA11KY`) tables remove 1一.

use masu_shogi::{Color, Handicap, Position, SetupMode};

const REST: &str = "ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

/// (name, English name, White's first two ranks as published).
const PUBLISHED: [(&str, &str, &str); 16] = [
    ("平手", "even", "lnsgkgsnl/1r5b1"),
    ("香落ち", "lance", "lnsgkgsn1/1r5b1"),
    ("右香落ち", "right lance", "1nsgkgsnl/1r5b1"),
    ("角落ち", "bishop", "lnsgkgsnl/1r7"),
    ("飛車落ち", "rook", "lnsgkgsnl/7b1"),
    ("飛香落ち", "rook-lance", "lnsgkgsn1/7b1"),
    ("二枚落ち", "2-piece", "lnsgkgsnl/9"),
    ("三枚落ち", "3-piece", "lnsgkgsn1/9"),
    ("四枚落ち", "4-piece", "1nsgkgsn1/9"),
    ("五枚落ち", "5-piece", "2sgkgsn1/9"),
    ("左五枚落ち", "left 5-piece", "1nsgkgs2/9"),
    ("六枚落ち", "6-piece", "2sgkgs2/9"),
    ("左七枚落ち", "left 7-piece", "2sgkg3/9"),
    ("右七枚落ち", "right 7-piece", "3gkgs2/9"),
    ("八枚落ち", "8-piece", "3gkg3/9"),
    ("十枚落ち", "10-piece", "4k4/9"),
];

#[test]
fn every_handicap_matches_its_published_sfen() {
    for (h, (name, english, top)) in Handicap::ALL.into_iter().zip(PUBLISHED) {
        let turn = if h == Handicap::Even { "b" } else { "w" };
        let sfen = format!("{top}/{REST} {turn} - 1");
        assert_eq!(h.position().to_string(), sfen, "{name}");
        assert_eq!(h.setup().to_sfen(), sfen, "{name}");
        assert_eq!(h.japanese_name(), name);
        assert_eq!(h.english_name(), english);
    }
}

#[test]
fn white_moves_first_in_every_handicap() {
    assert_eq!(Handicap::Even.position().turn(), Color::Black);
    assert_eq!(Handicap::Even.position(), Position::startpos());
    for h in &Handicap::ALL[1..] {
        assert_eq!(h.position().turn(), Color::White, "{h}");
    }
}

#[test]
fn setups_pass_validation() {
    // `position()` skips validation; every setup must pass it anyway.
    for h in Handicap::ALL {
        let checked = Position::from_setup(h.setup(), SetupMode::Strict);
        assert_eq!(checked.ok(), Some(h.position()), "{h}");
    }
}

#[test]
fn removed_piece_counts() {
    let counts = [0, 1, 1, 1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7, 8, 10];
    for (h, n) in Handicap::ALL.into_iter().zip(counts) {
        assert_eq!(h.removed_squares().count(), n, "{h}");
        assert_eq!(h.position().pieces(Color::White).count(), 20 - n as u32);
        assert_eq!(h.position().pieces(Color::Black).count(), 20);
    }
}

#[test]
fn names_parse_both_languages() {
    for h in Handicap::ALL {
        assert_eq!(h.to_string().parse::<Handicap>(), Ok(h));
        assert_eq!(h.english_name().parse::<Handicap>(), Ok(h));
        assert_eq!(h.english_name().to_uppercase().parse::<Handicap>(), Ok(h));
    }
    // Kifu for Windows pads the value with ideographic spaces.
    assert_eq!("平手　　".parse::<Handicap>(), Ok(Handicap::Even));
    // その他 ("other") names no position; 九枚落ち is not in the KIF list.
    assert!("その他".parse::<Handicap>().is_err());
    assert!("九枚落ち".parse::<Handicap>().is_err());
    assert!("".parse::<Handicap>().is_err());
}

#[test]
fn handicap_games_can_be_played() {
    // 八枚落ち: White's first move, then Black answers.
    let pos = Handicap::EightPieces.position();
    let moves = pos.legal_moves();
    assert!(!moves.is_empty());
    let after = pos.play(moves[0]).unwrap();
    assert_eq!(after.turn(), Color::Black);
}

#[test]
fn start_positions_are_recognised() {
    for h in Handicap::ALL {
        let mut setup = h.setup();
        assert_eq!(Handicap::of(&setup), Some(h));
        // The move number does not matter; the side to move does.
        setup.ply = 7;
        assert_eq!(Handicap::of(&setup), Some(h));
        setup.turn = !setup.turn;
        assert_eq!(Handicap::of(&setup), None);
    }
    let after = Position::from_sfen("position startpos moves 7g7f").unwrap();
    assert_eq!(Handicap::of(&after.to_setup()), None);
}
