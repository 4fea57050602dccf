//! A foul (an illegal move) recorded in KI2 writes back as text that names the same foul.
//! KI2 gives no origin square, so the writer picks words that fit no legal move; without
//! them a pinned gold's step to a square where a gold drop is legal read back as the drop.
//! A foul no words name (a piece that cannot reach the square) keeps its KIF origin.

use masu_kif::{Mode, NodeKind, Record, ki2};

/// Up to White's 30th move: White's gold on 4a is pinned by the dragon on 1a against the
/// king on 5a, and White holds a gold.
const OPENING: &str = "\
▲２六歩    △８四歩    ▲２五歩    △４二金    ▲７六歩    △３四歩
▲７八金    △８五歩    ▲２四歩    △同　歩    ▲同　飛    △８六歩
▲同　歩    △同　飛    ▲５八玉    △８八角成  ▲同　銀    △３三角
▲２一飛成  △８八角成  ▲６八角    △８三飛    ▲８八金    △同飛成
▲３一龍    △４一金    ▲１一龍    △７九龍    ▲３三香
";

/// The last move of the main line: USI and whether it is a recorded foul.
fn last_move(record: &Record) -> (String, bool) {
    let mut id = masu_kif::NodeId::ROOT;
    while let Some(&next) = record.tree[id].children().first() {
        id = next;
    }
    match &record.tree[id].kind {
        NodeKind::Move(m) => (m.mv.to_string(), m.illegal),
        other => panic!("the line ends in {other:?}"),
    }
}

#[test]
fn a_pinned_gold_moving_up_is_a_foul_written_with_its_movement_word() {
    let text = format!("{OPENING}△４二金上\n");
    let read = ki2::read_str(&text, Mode::Lenient).unwrap();
    assert_eq!(last_move(&read.record), ("4a4b".to_owned(), true));
    assert!(!read.warnings.is_empty(), "a foul is reported");
    assert!(ki2::read_str(&text, Mode::Strict).is_err());

    let written = ki2::to_string(&read.record);
    assert!(written.contains("△４二金上"), "{written}");
    let back = ki2::read_str(&written, Mode::Lenient).unwrap();
    assert_eq!(back.record.tree, read.record.tree);
}

#[test]
fn the_same_text_without_the_word_is_the_legal_drop() {
    let read = ki2::read_str(&format!("{OPENING}△４二金\n"), Mode::Strict).unwrap();
    assert_eq!(last_move(&read.record), ("G*4b".to_owned(), false));
}

#[test]
fn words_that_fit_no_piece_are_not_read_as_a_foul() {
    // `寄` (sideways): the only gold that reaches 4b moves up. The line stops before it.
    let read = ki2::read_str(&format!("{OPENING}△４二金寄\n"), Mode::Lenient).unwrap();
    assert_eq!(last_move(&read.record), ("L*3c".to_owned(), false));
    assert!(!read.warnings.is_empty());
}

#[test]
fn a_foul_no_words_name_is_written_with_its_origin() {
    // A pawn from 1c to 9d: no pawn move reaches 9d from 1c, and `△９四歩` alone is the
    // legal 9c9d. The reader takes a KIF origin in a KI2 row.
    let text = "▲２六歩    △９四歩(13)\n";
    let read = ki2::read_str(text, Mode::Lenient).unwrap();
    assert_eq!(last_move(&read.record), ("1c9d".to_owned(), true));
    let written = ki2::to_string(&read.record);
    assert!(written.contains("△９四歩(13)"), "{written}");
    let back = ki2::read_str(&written, Mode::Lenient).unwrap();
    assert_eq!(back.record.tree, read.record.tree);
}

/// An ambiguous move and the moves dropped after it say each part once and what it is:
/// both golds reach 5h from the start (`▲５八金` without 右 or 左).
#[test]
fn an_ambiguous_move_says_so_once() {
    let read = ki2::read_str("▲５八金 △３四歩\n", Mode::Lenient).unwrap();
    let messages: Vec<String> = read.warnings.iter().map(ToString::to_string).collect();
    assert!(messages.len() >= 2, "{messages:?}");
    let first = &messages[0];
    assert!(first.contains("ambiguous move"), "{messages:?}");
    assert!(first.contains("several legal moves fit"), "{messages:?}");
    assert_eq!(first.matches("ambiguous move").count(), 1, "{messages:?}");
    assert!(
        messages[1..]
            .iter()
            .all(|m| m.contains("after an unreadable or illegal move")),
        "{messages:?}"
    );
}
