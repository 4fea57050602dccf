//! `Record::outcome`, `Record::winner` and `Record::game_at` on records that end in each way.

#![allow(clippy::unwrap_used)] // test helpers: a broken fixture should fail loudly

use masu_kif::shogi::{Color, DrawReason, Outcome, WinReason};
use masu_kif::{Mode, NodeId, NodeKind, Record, ReplayError, Special, kif};

fn record(moves: &str, special: Option<Special>) -> Record {
    let mut record = Record::from_usi(&format!("position startpos moves {moves}")).unwrap();
    if let Some(special) = special {
        let end = record.main_line_end();
        record.tree.push(end, NodeKind::Special(special)).unwrap();
    }
    record
}

#[test]
fn each_special_has_its_outcome() {
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    let draw = |reason| Some(Outcome::Draw { reason });
    // After two moves Black is to move at the special; after three, White.
    let cases = [
        (
            "7g7f 3c3d",
            Special::Resign,
            win(Color::White, WinReason::Resignation),
        ),
        (
            "7g7f 3c3d 2g2f",
            Special::Resign,
            win(Color::Black, WinReason::Resignation),
        ),
        (
            "7g7f 3c3d",
            Special::TimeUp,
            win(Color::White, WinReason::Time),
        ),
        (
            "7g7f 3c3d",
            Special::IllegalWin,
            win(Color::Black, WinReason::IllegalMove),
        ),
        (
            "7g7f 3c3d",
            Special::IllegalLoss,
            win(Color::White, WinReason::IllegalMove),
        ),
        (
            "7g7f 3c3d",
            Special::Declaration,
            win(Color::Black, WinReason::EnteringKing),
        ),
        (
            "7g7f 3c3d",
            Special::Repetition,
            draw(DrawReason::Repetition),
        ),
        (
            "7g7f 3c3d",
            Special::Impasse,
            draw(DrawReason::EnteringKing),
        ),
        ("7g7f 3c3d", Special::MaxMoves, draw(DrawReason::MoveLimit)),
        ("7g7f 3c3d", Special::Interrupt, None),
    ];
    for (moves, special, outcome) in cases {
        let r = record(moves, Some(special.clone()));
        assert_eq!(r.outcome(), outcome, "{moves} {special}");
        assert_eq!(
            r.winner(),
            outcome.and_then(Outcome::winner),
            "{moves} {special}"
        );
    }
}

#[test]
fn a_mate_without_a_special_is_read_from_the_moves() {
    // A record that stops without a result has no outcome.
    let kif = "手合割：平手\n\
               手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
    let r = kif::read_str(kif, Mode::Strict).unwrap().record;
    assert_eq!(r.outcome(), None);
    // A mate from a composed position, with no closing word.
    let mut r = Record::from_usi("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b").unwrap();
    assert_eq!(
        r.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
    // A 投了 recorded after the mate does not change who won.
    let end = r.main_line_end();
    r.tree
        .push(end, NodeKind::Special(Special::Resign))
        .unwrap();
    assert_eq!(r.winner(), Some(Color::Black));
}

#[test]
fn games_replay_any_node() {
    let mut r = record("7g7f 3c3d 8h2b+", Some(Special::Resign));
    let game = r.game().unwrap();
    assert_eq!(game.moves().len(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    // A variation at move 2: its game has the variation's moves.
    let first = r.tree.main_line().next().unwrap();
    let pos = r.position_at(first).unwrap();
    let alt = r
        .push_move(first, pos.parse_usi_move("8c8d").unwrap())
        .unwrap();
    let game = r.game_at(alt).unwrap();
    assert_eq!(game.to_usi(), "position startpos moves 7g7f 8c8d");
    assert_eq!(r.game_at(NodeId::ROOT).unwrap().moves().len(), 0);
    // The line after a node excludes it.
    assert_eq!(r.tree.line_after(first).count(), 3);
    // A move that is not legal where it stands.
    let bad = r
        .push_move(alt, pos.parse_usi_move("3c3d").unwrap())
        .unwrap();
    assert_eq!(r.game_at(bad), Err(ReplayError::Illegal { ply: 3 }));
}
