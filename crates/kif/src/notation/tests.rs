//! Golden KI2 notation: the JSA examples (棋譜の表記方法) and the multi-candidate cases of
//! cshogi PR #57, each as a position and the expected text of every candidate move.

use shogi::{Position, UsiMove};

use super::*;

fn ki2(sfen: &str, usi: &str) -> String {
    let pos: Position = sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let mv = usi
        .parse::<UsiMove>()
        .ok()
        .and_then(|u| u.to_move(&pos).ok())
        .unwrap_or_else(|| panic!("{usi} in {sfen}"));
    let text = KifMove::ki2(&pos, &mv, None).to_string();
    // The text must read back as the move.
    let back: KifMove = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back.to_move(&pos, None), Ok(mv), "{text}");
    text
}

#[test]
fn golds_side_by_side() {
    // Golds on 6九 5九 4九, all able to go to 5八.
    let sfen = "4k4/9/9/9/9/9/9/K8/3GGG3 b - 1";
    assert_eq!(ki2(sfen, "6i5h"), "５八金左");
    assert_eq!(ki2(sfen, "5i5h"), "５八金直");
    assert_eq!(ki2(sfen, "4i5h"), "５八金右");
}

#[test]
fn movement_word_first() {
    // Golds on 6八 and 4九 going to 5八: 寄 (sideways) and 上 (up).
    let sfen = "4k4/9/9/9/9/9/9/K2G5/5G3 b - 1";
    assert_eq!(ki2(sfen, "6h5h"), "５八金寄");
    assert_eq!(ki2(sfen, "4i5h"), "５八金上");
}

#[test]
fn dragons_never_straight() {
    // Horses on 9一 and 8一 both going back to 8二: 左 (from 9一) and 右 (from 8一).
    let sfen = "+B+B7/9/9/9/9/9/9/9/K6k1 b - 1";
    assert_eq!(ki2(sfen, "9a8b"), "８二馬左");
    assert_eq!(ki2(sfen, "8a8b"), "８二馬右");
}

#[test]
fn drops_say_uchi_only_when_needed() {
    let sfen = "4k4/9/9/9/9/9/9/9/K8 b G 1";
    assert_eq!(ki2(sfen, "G*5e"), "５五金");
    let sfen = "4k4/9/9/9/9/5G3/9/9/K8 b G 1";
    assert_eq!(ki2(sfen, "G*5e"), "５五金打");
    assert_eq!(ki2(sfen, "4f5e"), "５五金");
}

#[test]
fn promotion_words() {
    let sfen = "4k4/9/9/4S4/9/9/9/9/K8 b - 1";
    assert_eq!(ki2(sfen, "5d5c+"), "５三銀成");
    assert_eq!(ki2(sfen, "5d5c"), "５三銀不成");
    let sfen = "4k4/9/9/9/4S4/9/9/9/K8 b - 1";
    assert_eq!(ki2(sfen, "5e5d"), "５四銀");
}

#[test]
fn three_silvers() {
    // Silvers on 3九, 1九 and 3七 (cshogi #57 style): to 2八 from 3七 is 引 (the only one
    // moving back); 3九 and 1九 both go up, and 左 alone would also fit 3七: 左上; 1九 is
    // the only piece on the right: 右.
    let sfen = "4k4/9/9/9/9/9/6S2/K8/6S1S b - 1";
    assert_eq!(ki2(sfen, "3g2h"), "２八銀引");
    assert_eq!(ki2(sfen, "3i2h"), "２八銀左上");
    assert_eq!(ki2(sfen, "1i2h"), "２八銀右");
}

#[test]
fn white_sees_the_board_from_the_other_side() {
    // White golds on 6一 and 4一 going to 5二: for White, 4一 is on the left.
    let sfen = "3g1g3/9/k8/9/9/9/9/9/K8 w - 1";
    assert_eq!(ki2(sfen, "4a5b"), "５二金左");
    assert_eq!(ki2(sfen, "6a5b"), "５二金右");
}

#[test]
fn same_square() {
    let pos = Position::startpos();
    let mv = "7g7f"
        .parse::<UsiMove>()
        .ok()
        .and_then(|u| u.to_move(&pos).ok());
    let mv = mv.unwrap_or_else(|| panic!("7g7f"));
    assert_eq!(
        KifMove::ki2(&pos, &mv, Square::new(7, 6)).to_string(),
        "同　歩"
    );
    assert_eq!(KifMove::kif(&mv, None).to_string(), "７六歩(77)");
}
