//! Japanese move names as KIF and KI2 write them.

#![allow(
    clippy::unwrap_used,
    reason = "test fixtures: a broken one should fail loudly"
)]

mod common;

use masu_shogi::{Color, Move, PieceKind, Position, Square, UsiMove};

/// Plays `moves` from `sfen` and returns the position before the last one and the last move.
fn last_move(sfen: &str, moves: &str) -> (Position, Move) {
    let mut pos = Position::from_sfen(sfen).unwrap();
    let mut last = None;
    for usi in moves.split_whitespace() {
        if let Some(m) = last.take() {
            pos = pos.play(m).unwrap();
        }
        last = Some(usi.parse::<UsiMove>().unwrap().to_move(&pos).unwrap());
    }
    (pos, last.unwrap())
}

fn kif(sfen: &str, moves: &str) -> (String, String) {
    let (pos, m) = last_move(sfen, moves);
    let j = m.to_japanese(pos.turn());
    (j.to_string(), j.with_origin().to_string())
}

#[test]
fn pawn_push() {
    assert_eq!(
        kif("startpos", "7g7f"),
        ("７六歩".to_owned(), "７六歩(77)".to_owned())
    );
}

#[test]
fn promotion_with_capture() {
    // 角換わり: ▲２二角成(88).
    assert_eq!(
        kif("startpos", "7g7f 3c3d 8h2b+"),
        ("２二角成".to_owned(), "２二角成(88)".to_owned())
    );
}

#[test]
fn same_square_is_written_dou() {
    // △同　銀(31) recaptures on 2b; the promoted bishop that moved there was 馬.
    let (pos, m) = last_move("startpos", "7g7f 3c3d 8h2b+ 3a2b");
    let text = m.to_japanese(pos.turn()).after(Some(Square::SQ_2B));
    assert_eq!(text.to_string(), "同　銀");
    assert_eq!(text.with_origin().to_string(), "同　銀(31)");
    // A different previous destination writes the square.
    let text = m.to_japanese(pos.turn()).after(Some(Square::SQ_7F));
    assert_eq!(text.to_string(), "２二銀");
}

#[test]
fn promoted_piece_keeps_its_promoted_name() {
    let (pos, m) = last_move("startpos", "7g7f 3c3d 8h2b+ 4a3b 2b1a");
    assert_eq!(
        m.to_japanese(pos.turn()).with_origin().to_string(),
        "１一馬(22)"
    );
}

#[test]
fn drops_are_written_uchi_without_origin() {
    let (pos, m) = last_move("4k4/9/9/9/9/9/9/9/4K4 b B 1", "B*5e");
    let j = m.to_japanese(pos.turn());
    assert_eq!(j.to_string(), "５五角打");
    assert_eq!(j.with_origin().to_string(), "５五角打");
    assert_eq!(j.with_non_promotion().to_string(), "５五角打");
}

#[test]
fn non_promotion_is_written_only_when_promotion_was_possible() {
    // A silver entering the zone without promoting: ２三銀不成(34).
    let sfen = "4k4/9/9/7S1/9/9/9/9/4K4 b - 1";
    let (pos, m) = last_move(sfen, "2d2c");
    let j = m.to_japanese(pos.turn());
    assert_eq!(j.to_string(), "２三銀");
    assert_eq!(
        j.with_non_promotion().with_origin().to_string(),
        "２三銀不成(24)"
    );
    let (pos, m) = last_move(sfen, "2d2c+");
    assert_eq!(
        m.to_japanese(pos.turn()).with_non_promotion().to_string(),
        "２三銀成"
    );
    // Outside the zone, or a gold: nothing to say.
    let (pos, m) = last_move(sfen, "2d3e");
    assert_eq!(
        m.to_japanese(pos.turn()).with_non_promotion().to_string(),
        "３五銀"
    );
    let (pos, m) = last_move("4k4/9/9/7G1/9/9/9/9/4K4 b - 1", "2d2c");
    assert_eq!(
        m.to_japanese(pos.turn()).with_non_promotion().to_string(),
        "２三金"
    );
    // White's zone is ranks 7-9: a White silver leaving it may promote.
    let (pos, m) = last_move("4k4/9/9/9/9/9/7s1/9/4K4 w - 1", "2g3f");
    assert_eq!(
        m.to_japanese(pos.turn()).with_non_promotion().to_string(),
        "３六銀不成"
    );
}

#[test]
fn side_marks_and_names() {
    let (pos, m) = last_move("startpos", "7g7f 3c3d");
    assert_eq!(m.to_japanese(pos.turn()).with_mark().to_string(), "△３四歩");
    assert_eq!(Color::Black.japanese_name(), "先手");
    assert_eq!(Color::White.japanese_name(), "後手");
    assert_eq!(Color::Black.japanese_mark(), '▲');
}

#[test]
fn piece_names() {
    let names = [
        "歩", "香", "桂", "銀", "金", "角", "飛", "玉", "と", "成香", "成桂", "成銀", "馬", "龍",
    ];
    for (kind, name) in PieceKind::ALL.into_iter().zip(names) {
        assert_eq!(kind.japanese_name(), name);
        assert_eq!(PieceKind::from_japanese(name), Some(kind));
        let c = kind.japanese_char().to_string();
        assert_eq!(PieceKind::from_japanese(&c), Some(kind));
    }
    let board: String = PieceKind::ALL.iter().map(|k| k.japanese_char()).collect();
    assert_eq!(board, "歩香桂銀金角飛玉と杏圭全馬龍");
    assert_eq!(PieceKind::from_japanese("王"), Some(PieceKind::King));
    assert_eq!(PieceKind::from_japanese("竜"), Some(PieceKind::Dragon));
    assert_eq!(PieceKind::from_japanese("成歩"), Some(PieceKind::ProPawn));
    assert_eq!(PieceKind::from_japanese("成金"), None);
    assert_eq!(PieceKind::from_japanese("成角"), None);
    assert_eq!(PieceKind::from_japanese("成"), None);
    assert_eq!(PieceKind::from_japanese("歩兵"), None);
    assert_eq!(
        PieceKind::from_japanese_prefix("成銀(44)"),
        Some((PieceKind::ProSilver, 6))
    );
}

#[test]
fn squares_in_japanese() {
    for sq in Square::ALL {
        assert_eq!(Square::from_japanese(&format!("{sq:#}")), Some(sq));
    }
    assert_eq!(format!("{:#}", Square::SQ_7G), "７七");
    assert_eq!(Square::from_japanese("76"), Some(Square::SQ_7F));
    assert_eq!(Square::from_japanese("７６"), Some(Square::SQ_7F));
    assert_eq!(Square::from_japanese("七六"), Some(Square::SQ_7F));
    assert_eq!(Square::from_japanese("０六"), None);
    assert_eq!(Square::from_japanese("７六歩"), None);
    assert_eq!(Square::from_japanese("７"), None);
}

mod properties {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, RngSeed};
    use std::collections::HashSet;

    proptest! {
        #![proptest_config(Config {
            cases: 64,
            rng_seed: RngSeed::Fixed(0x6a61_7061),
            ..Config::default()
        })]

        /// With the origin and 不成 written, the text names one legal move: no two legal
        /// moves of a position share it.
        #[test]
        fn kif_text_with_origin_is_unique(seed in any::<u64>(), plies in 0usize..80) {
            let start = masu_shogi::Handicap::ALL[(seed % 16) as usize].position();
            let pos = crate::common::random_walk(start, seed, plies);
            let moves = pos.legal_moves();
            let texts: HashSet<String> = moves
                .iter()
                .map(|m| m.to_japanese(pos.turn()).with_origin().with_non_promotion().to_string())
                .collect();
            prop_assert_eq!(texts.len(), moves.len());
            for m in &moves {
                let text = m.to_japanese(pos.turn()).to_string();
                let to = Square::from_japanese(&text.chars().take(2).collect::<String>());
                prop_assert_eq!(to, Some(m.to()));
                let (kind, _) = PieceKind::from_japanese_prefix(&text[6..]).unwrap();
                prop_assert_eq!(kind, m.kind());
            }
        }
    }
}

/// KI2 words tell a move apart from every piece of its kind that reaches the square, a
/// pinned one too, as shogi-kifu-converter's test record `simple.ki2` does: readers that
/// look at no pins (rsshogi, shogi-kifu-converter) take a bare `５九銀` for ambiguous, and
/// a bare `４七金` for the pinned gold's move rather than the drop.
#[test]
fn pinned_rivals_are_told_apart_too() {
    let ki2 = |sfen: &str, usi: &str| {
        let pos = Position::from_sfen(sfen).unwrap();
        let m = pos.parse_usi_move(usi).unwrap();
        let words = pos.move_words(&m);
        // Among the legal moves alone, the words still name the move.
        let legal = pos.legal_moves_of(m.kind(), m.to());
        assert_eq!(words.select(pos.turn(), &legal), [m]);
        pos.japanese_move(&m, None).to_string()
    };
    // The silver on 4h is pinned to the king on 4g by the dragon on 4i (skc's simple.ki2).
    let silvers = "ln1gg1+L1p/1s1k1g1+R1/p1pppp3/6p2/8B/2P3Pp1/P2PPK2P/3S1S3/L4+rSNL b BN2Pgn2p 55";
    assert_eq!(ki2(silvers, "6h5i"), "５九銀左");
    // The gold on 5h is pinned by the rook on 5a: the drop is the only legal gold to 4g.
    let pinned_gold = "4r3k/9/9/9/9/9/9/4G4/4K4 b G 1";
    assert_eq!(ki2(pinned_gold, "G*4g"), "４七金打");
    // Without the pin the same words as before.
    assert_eq!(ki2("4k4/9/9/9/9/9/9/4G4/4K4 b G 1", "G*4g"), "４七金打");
    assert_eq!(ki2("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*4g"), "４七金");
}
