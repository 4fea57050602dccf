//! Board diagrams (BOD) against text written by Kifu for Windows.

#![allow(
    clippy::unwrap_used,
    reason = "test fixtures: a broken one should fail loudly"
)]

use masu_shogi::{Game, Handicap, Position, SetupMode, SideNames};

/// Lines 12-24 of `everyday_20211107.kifu` (a tsume problem of the Japan Shogi Association
/// written by Kifu for Windows V6.65, from sugyan/shogi-kifu-converter@688b1ea, MIT), CRLF
/// line ends removed.
const KIFU_FOR_WINDOWS: &str = "\
後手の持駒：飛　金四　銀四　桂二　香二　歩十五　
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・v香 ・ ・|一
| ・ ・ ・ ・ ・ ・v桂v玉 ・|二
| ・ ・ ・ ・ ・ ・ 飛 ・ ・|三
| ・ ・ ・ ・ ・ 香v歩v歩v歩|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：角二　桂　
";

#[test]
fn tsume_diagram_matches_kifu_for_windows() {
    let pos = Position::from_sfen_with(
        "6l2/6nk1/6R2/5Lppp/9/9/9/9/9 b 2BNr4g4s2n2l15p 1",
        SetupMode::Tsume,
    )
    .unwrap();
    assert_eq!(pos.to_bod(), KIFU_FOR_WINDOWS);
    assert_eq!(format!("{pos:#}"), KIFU_FOR_WINDOWS);
    // `{}` stays SFEN.
    assert!(pos.to_string().starts_with("6l2/"));
}

#[test]
fn even_game_diagram() {
    let expected = "\
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂v銀v金v玉v金v銀v桂v香|一
| ・v飛 ・ ・ ・ ・ ・v角 ・|二
|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七
| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：なし
";
    assert_eq!(Position::startpos().to_bod(), expected);
}

#[test]
fn promoted_pieces_use_one_character() {
    let pos = Position::from_sfen("4k4/9/9/9/+P+L+N+S+B+R3/9/9/9/4K4 b - 1").unwrap();
    let row = pos.to_bod().lines().nth(7).unwrap().to_owned();
    assert_eq!(row, "| と 杏 圭 全 馬 龍 ・ ・ ・|五");
}

#[test]
fn handicap_diagram_names_the_sides_and_turn() {
    let pos = Handicap::TwoPieces.position();
    let text = pos.bod().names(SideNames::Handicap).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "上手の持駒：なし");
    assert_eq!(lines[4], "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二");
    assert_eq!(lines[13], "下手の持駒：なし");
    assert_eq!(lines[14], "上手番");
    assert_eq!(lines.len(), 15);
    assert!(pos.to_bod().ends_with("先手の持駒：なし\n後手番\n"));
}

#[test]
fn game_diagram_ends_with_the_last_move() {
    let mut game = Game::new();
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
        game.play_usi(usi).unwrap();
    }
    let text = game.bod().to_string();
    assert!(
        text.ends_with("先手の持駒：角　\n手数＝4  △同　銀  まで\n"),
        "{text}"
    );
    game.undo();
    let text = game.bod().to_string();
    assert!(
        text.ends_with("後手番\n手数＝3  ▲２二角成  まで\n"),
        "{text}"
    );
    assert!(!Game::new().bod().to_string().contains("手数"));
}
