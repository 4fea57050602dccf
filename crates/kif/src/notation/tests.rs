//! Golden KI2 notation: the JSA examples (棋譜の表記方法) and the multi-candidate cases of
//! cshogi PR #57, each as a position and the expected text of every candidate move.

use shogi::{Position, Relative, UsiMove};

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

/// Every placement of two or three pieces of one kind around 5五 (both colours; gold,
/// silver, tokin; two dragons or horses also from afar): each move to 5五 gets a text that
/// reads back as that move, with a relative word only when there are rivals and never
/// `直` for 竜・馬.
#[test]
fn generated_multi_candidate_table() {
    use shogi::{Color, Piece, PieceKind, Setup};
    let near: Vec<Square> = [
        (6, 4),
        (5, 4),
        (4, 4),
        (6, 5),
        (4, 5),
        (6, 6),
        (5, 6),
        (4, 6),
    ]
    .iter()
    .filter_map(|&(f, r)| Square::new(f, r))
    .collect();
    let far: Vec<Square> = [(5, 1), (1, 5), (9, 9), (5, 9), (9, 5), (1, 1)]
        .iter()
        .filter_map(|&(f, r)| Square::new(f, r))
        .collect();
    let target = Square::new(5, 5).unwrap_or(Square::SQ_7G);
    let mut checked = 0;
    for color in [Color::Black, Color::White] {
        for (kind, sizes) in [
            (PieceKind::Gold, &[2, 3][..]),
            (PieceKind::Silver, &[2, 3][..]),
            (PieceKind::ProPawn, &[2, 3][..]),
            (PieceKind::Dragon, &[2][..]),
            (PieceKind::Horse, &[2][..]),
        ] {
            let squares: Vec<Square> = if kind.is_promoted() && kind != PieceKind::ProPawn {
                near.iter().chain(&far).copied().collect()
            } else {
                near.clone()
            };
            for &size in sizes {
                for combo in combinations(&squares, size) {
                    let mut setup = Setup {
                        turn: color,
                        ..Setup::default()
                    };
                    for &sq in &combo {
                        setup.board[sq.index()] = Some(Piece::new(color, kind));
                    }
                    // Kings in the corners of the 2nd and 8th ranks, out of the way.
                    for (sq, c) in [((9, 8), Color::Black), ((1, 2), Color::White)] {
                        if let Some(sq) = Square::new(sq.0, sq.1) {
                            setup.board[sq.index()] = Some(Piece::new(c, PieceKind::King));
                        }
                    }
                    let Ok(pos) = Position::from_setup(setup, shogi::SetupMode::Strict) else {
                        continue;
                    };
                    let moves: Vec<_> = pos
                        .legal_moves()
                        .into_iter()
                        .filter(|m| m.to() == target && m.kind() == kind)
                        .collect();
                    for mv in &moves {
                        let km = KifMove::ki2(&pos, mv, None);
                        let back = km.to_string().parse::<KifMove>().ok();
                        assert_eq!(
                            back.map(|k| k.to_move(&pos, None)),
                            Some(Ok(*mv)),
                            "{km} {pos}"
                        );
                        let sources: std::collections::BTreeSet<_> =
                            moves.iter().filter_map(|m| m.from()).collect();
                        if sources.len() == 1 {
                            assert!(km.relative.is_none() && km.motion.is_none(), "{km} {pos}");
                        }
                        if matches!(kind, PieceKind::Dragon | PieceKind::Horse) {
                            assert_ne!(km.relative, Some(Relative::Straight), "{km} {pos}");
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 1_000, "{checked}");
}

fn combinations(items: &[Square], k: usize) -> Vec<Vec<Square>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}
