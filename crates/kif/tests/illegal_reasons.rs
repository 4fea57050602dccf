//! An illegal move's error says the rule it breaks (masu-shogi's `IllegalMoveReason`), in
//! KIF, KI2 and CSA move text alike, and so does the diagnostic of a read.

use masu_kif::csa::CsaMove;
use masu_kif::shogi::{IllegalMoveReason, Position};
use masu_kif::{KifMove, KifMoveError, Mode, kif};

fn position(sfen: &str) -> Position {
    sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// Black's pawn on 5g, one in hand: a second pawn on file 5 is 二歩.
const NIFU: &str = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";

/// Black's king on 5i, White's rook on 5h beside it: the king cannot step along rank h.
const ROOK_BESIDE: &str = "4k4/9/9/9/9/9/9/4r4/4K4 b - 1";

/// The reason of an `Illegal` error, and its message.
fn reason_of(result: Result<masu_kif::shogi::Move, KifMoveError>) -> (IllegalMoveReason, String) {
    match result {
        Err(e @ KifMoveError::Illegal { reason, .. }) => (reason, e.to_string()),
        other => panic!("not an illegal move: {other:?}"),
    }
}

fn kif_move(text: &str) -> KifMove {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_kif_or_ki2_move_says_the_rule_it_breaks() {
    let (reason, message) = reason_of(kif_move("５五歩打").to_move(&position(NIFU), None));
    assert_eq!(reason, IllegalMoveReason::TwoPawns(5));
    assert_eq!(message, "illegal move: two pawns on file 5 (nifu)");
    // KIF, with its origin: built from the board, then checked.
    let pos = position(ROOK_BESIDE);
    let (reason, message) = reason_of(kif_move("４八玉(59)").to_move(&pos, None));
    assert_eq!(reason, IllegalMoveReason::KingInCheck);
    assert_eq!(message, "illegal move: the move leaves the king in check");
    // KI2, without one: the one king that reaches the square, which no legal move fits.
    let (reason, _) = reason_of(kif_move("４八玉").to_move(&pos, None));
    assert_eq!(reason, IllegalMoveReason::KingInCheck);
}

#[test]
fn a_csa_move_says_the_rule_it_breaks() {
    let csa: CsaMove = "+5948OU".parse().unwrap_or_else(|e| panic!("{e}"));
    let (reason, message) = reason_of(csa.to_move(&position(ROOK_BESIDE)));
    assert_eq!(reason, IllegalMoveReason::KingInCheck);
    assert_eq!(message, "illegal move: the move leaves the king in check");
}

#[test]
fn the_diagnostic_of_an_illegal_move_says_the_rule() {
    // Said before the error did: pinned so that the two keep saying the same.
    let text = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５五歩打\n";
    let Err(e) = kif::read_str(text, Mode::Strict) else {
        panic!("read");
    };
    let first = e.to_string();
    assert!(
        first.starts_with("line 3, column 6: illegal move at ply 3: no pawn in hand"),
        "{first}"
    );
}
