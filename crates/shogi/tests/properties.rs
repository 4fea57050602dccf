//! Property tests over positions reached by seeded random move sequences from the even game
//! and from handicap and drop-heavy start positions, plus a differential test against
//! `shogi_legality_lite`, an independent table-free move generator.

#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a broken fixture should fail loudly"
)]

mod common;

use std::collections::BTreeSet;

use masu_shogi::{
    Bitboard, Color, Move, MoveList, PieceKind, Position, SetupMode, Square, attacks, planes,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use shogi_core::ToUsi;
use shogi_usi_parser::FromUsi;

const STARTS: [&str; 5] = [
    "startpos",
    // Two-piece handicap (二枚落ち): White moves first.
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    // Lance handicap (香落ち).
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    // Nine pawns in each hand: nifu and pawn-drop mate everywhere.
    "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1",
    // 指し手生成祭り.
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
];

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x6d61_7375),
        ..Config::default()
    }
}

/// A position after up to `plies` moves chosen by a xorshift generator seeded with `seed`.
fn playout(start: usize, seed: u64, plies: usize) -> Position {
    common::random_walk(Position::from_sfen(STARTS[start]).unwrap(), seed, plies)
}

fn arb_position() -> impl Strategy<Value = Position> {
    (0..STARTS.len(), any::<u64>(), 0usize..120).prop_map(|(s, seed, n)| playout(s, seed, n))
}

/// Every board move the pieces' attack patterns allow (with both promotion flags) and every
/// drop of every hand kind on every square: a superset of the legal moves.
fn pseudo_moves(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let mut out = Vec::new();
    for from in pos.pieces(us) {
        let piece = pos.piece_at(from).unwrap();
        let targets = attacks::attacks(piece, from, pos.occupied()) & !pos.pieces(us);
        for to in targets {
            for promote in [false, true] {
                out.push(Move::Normal {
                    from,
                    to,
                    kind: piece.kind,
                    capture: pos.piece_at(to).map(|p| p.kind),
                    promote,
                });
            }
        }
    }
    for kind in PieceKind::ALL {
        for to in Square::ALL {
            out.push(Move::Drop { kind, to });
        }
    }
    out
}

fn usi_set(moves: impl IntoIterator<Item = String>) -> BTreeSet<String> {
    moves.into_iter().collect()
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn legal_moves_of_a_kind_to_a_square_are_the_legal_moves_that_fit(pos in arb_position()) {
        let legal = pos.legal_moves();
        // By origin, a promotion first, the drop last.
        let order = |m: &Move| match *m {
            Move::Normal { from, promote, .. } => (0, from.index(), !promote),
            Move::Drop { .. } => (1, 0, false),
        };
        for kind in PieceKind::ALL {
            for to in Square::ALL {
                let mut want: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| m.kind() == kind && m.to() == to)
                    .collect();
                want.sort_by_key(order);
                prop_assert_eq!(pos.legal_moves_of(kind, to), want, "{:?} to {} in {}", kind, to, pos);
            }
        }
    }

    #[test]
    fn legal_moves_contain_exactly_the_legal_moves(pos in arb_position()) {
        let legal = pos.legal_moves();
        for m in &legal {
            prop_assert!(pos.is_legal(m), "{} listed but not is_legal in {}", m, pos);
        }
        let (pins, others) = (pos.pins(), Position::startpos().pins());
        for m in pseudo_moves(&pos) {
            prop_assert_eq!(pos.is_legal(&m), legal.contains(&m), "{} in {}", m, pos);
            prop_assert_eq!(pos.check_legal(&m).is_ok(), pos.is_legal(&m), "{} in {}", m, pos);
            prop_assert_eq!(pos.check_legal_with(&m, &pins), pos.check_legal(&m), "{} in {}", m, pos);
            prop_assert_eq!(pos.check_legal_with(&m, &others), pos.check_legal(&m), "{} in {}", m, pos);
        }
        prop_assert_eq!(pos.count_legal_moves(), legal.len());
        // The groups hand out the moves in the list's order (a search that stops at the
        // first move that does something relies on it to find the same one).
        let mut by_origin = Vec::new();
        let _ = pos.for_each_legal(|moves| {
            let before = by_origin.len();
            moves.for_each(|m| by_origin.push(m));
            assert_eq!(moves.len(), by_origin.len() - before, "PieceMoves::len of {:?}", moves.from);
            std::ops::ControlFlow::Continue(())
        });
        prop_assert_eq!(&by_origin[..], &legal[..]);
        let distinct: BTreeSet<String> = legal.iter().map(|m| m.to_string()).collect();
        prop_assert_eq!(distinct.len(), legal.len());
    }

    #[test]
    fn a_null_move_is_the_position_with_the_turn_passed(pos in arb_position()) {
        let Some(passed) = pos.null_move() else {
            prop_assert!(pos.in_check());
            return Ok(());
        };
        let mut setup = pos.to_setup();
        setup.turn = !setup.turn;
        setup.ply += 1;
        let built = Position::from_setup(setup, SetupMode::Strict);
        prop_assert_eq!(built.as_ref(), Ok(&passed), "{}", pos);
        prop_assert_eq!(passed.key(), built.map(|b| b.key()).unwrap_or(0));
        let mut in_place = pos.clone();
        in_place.play_null_unchecked();
        prop_assert_eq!(&in_place, &passed);
        in_place.undo_null_unchecked();
        prop_assert_eq!(&in_place, &pos);
    }

    #[test]
    fn random_moves_are_legal_iff_listed(pos in arb_position(), raw in prop::collection::vec((0u8..81, 0u8..81, 0usize..14, any::<bool>(), any::<bool>()), 64)) {
        let (legal, pins) = (pos.legal_moves(), pos.pins());
        for (a, b, k, promote, drop) in raw {
            let (from, to) = (Square::from_index(a).unwrap(), Square::from_index(b).unwrap());
            let kind = PieceKind::ALL[k];
            let m = if drop {
                Move::Drop { kind, to }
            } else {
                Move::Normal { from, to, kind, capture: pos.piece_at(to).map(|p| p.kind), promote }
            };
            prop_assert_eq!(pos.is_legal(&m), legal.contains(&m), "{} in {}", m, pos);
            prop_assert_eq!(pos.check_legal(&m).is_ok(), pos.is_legal(&m), "{} in {}", m, pos);
            prop_assert_eq!(pos.is_legal_with(&m, &pins), pos.is_legal(&m), "{} in {}", m, pos);
        }
    }

    #[test]
    fn play_then_undo_is_the_identity(pos in arb_position()) {
        let mut p = pos.clone();
        for m in pos.legal_moves() {
            let undo = p.play_unchecked(m);
            let mover = !p.turn();
            if let Some(k) = p.king_square(mover) {
                prop_assert!(p.attackers_to(k, p.turn()).is_empty(), "{} leaves check in {}", m, pos);
            }
            prop_assert_eq!(pos.gives_check(&m), p.in_check(), "gives_check {} in {}", m, pos);
            p.undo_unchecked(m, undo);
            prop_assert_eq!(&p, &pos);
            prop_assert_eq!(p.key(), pos.key());
        }
    }

    #[test]
    fn checkers_are_the_pieces_attacking_the_king(pos in arb_position()) {
        let us = pos.turn();
        let expected: Bitboard = match pos.king_square(us) {
            Some(k) => pos
                .pieces(!us)
                .into_iter()
                .filter(|&sq| {
                    let piece = pos.piece_at(sq).unwrap();
                    attacks::attacks(piece, sq, pos.occupied()).contains(k)
                })
                .collect(),
            None => Bitboard::EMPTY,
        };
        prop_assert_eq!(pos.checkers(), expected, "{}", pos);
        prop_assert_eq!(pos.in_check(), expected.any(), "{}", pos);
    }

    #[test]
    fn sfen_round_trips(pos in arb_position()) {
        let text = pos.to_string();
        let back: Position = text.parse().unwrap();
        prop_assert_eq!(&back, &pos);
        prop_assert_eq!(back.key(), pos.key());
        let line = format!("position sfen {text} moves");
        prop_assert_eq!(Position::from_sfen(&line).unwrap(), pos);
    }

    #[test]
    fn check_moves_are_the_checking_legal_moves(pos in arb_position()) {
        let checks: BTreeSet<String> = pos.check_moves().iter().map(|m| m.to_string()).collect();
        let expected: BTreeSet<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| pos.clone().play(**m).unwrap().in_check())
            .map(|m| m.to_string())
            .collect();
        prop_assert_eq!(checks, expected);
    }

    /// The check list is its drops, kind by kind from `checking_drop_squares` (less the
    /// pawn's that mate), then `check_board_moves_into`'s moves: the parts a mate solver
    /// takes apart give the list, in its order.
    #[test]
    fn check_moves_are_their_drop_squares_then_board_moves(pos in arb_position()) {
        let mut parts = MoveList::new();
        for kind in PieceKind::HAND {
            for to in pos.checking_drop_squares(kind) {
                let m = Move::Drop { kind, to };
                if kind != PieceKind::Pawn || pos.is_legal(&m) {
                    parts.push(m);
                }
            }
        }
        pos.check_board_moves_into(&mut parts);
        prop_assert_eq!(&parts[..], &pos.check_moves()[..], "{}", pos);
    }

    #[test]
    fn same_moves_as_shogi_legality_lite(pos in arb_position()) {
        let partial = shogi_core::PartialPosition::from_usi(&format!("sfen {pos}")).unwrap();
        let theirs = usi_set(
            shogi_legality_lite::all_legal_moves_partial(&partial)
                .into_iter()
                .map(|m| m.to_usi_owned()),
        );
        let ours = usi_set(pos.legal_moves().iter().map(|m| m.to_string()));
        prop_assert_eq!(ours, theirs, "{}", pos);
        prop_assert_eq!(pos.is_checkmate(), pos.in_check() && pos.legal_moves().is_empty());
    }
}

#[test]
fn hand_dominance_matches_counts() {
    let pos = playout(3, 7, 40);
    let (b, w) = (*pos.hand(Color::Black), *pos.hand(Color::White));
    let expected = PieceKind::HAND.iter().all(|&k| b.count(k) >= w.count(k));
    assert_eq!(b.dominates(w), expected);
    assert!(Bitboard::FULL.count() == 81);
}

proptest! {
    #![proptest_config(config(256))]

    /// The position seen from the other side is a position of the same game: its legal
    /// moves, checks and mate are the original's, each move rotated, and two turns give
    /// the position back.
    #[test]
    fn a_rotated_position_has_the_rotated_moves(pos in arb_position()) {
        let rotated = Position::from_setup(pos.to_setup().rotated(), SetupMode::Strict).unwrap();
        prop_assert_eq!(rotated.turn(), !pos.turn());
        let mut expected: Vec<Move> = pos.legal_moves().iter().map(Move::rotated).collect();
        let mut got = rotated.legal_moves().to_vec();
        expected.sort();
        got.sort();
        prop_assert_eq!(got, expected, "{}", pos);
        prop_assert_eq!(rotated.in_check(), pos.in_check());
        prop_assert_eq!(rotated.is_checkmate(), pos.is_checkmate());
        let back = Position::from_setup(rotated.to_setup().rotated(), SetupMode::Strict).unwrap();
        prop_assert_eq!(back.to_sfen(), pos.to_sfen());
    }

    /// dlshogi's input and labels are the side to move's view, so the position seen from
    /// the other side (the other side to move) gives the same input, and each rotated move
    /// played by the other side the same label.
    #[test]
    fn a_rotated_position_has_the_same_network_input(pos in arb_position()) {
        let rotated = Position::from_setup(pos.to_setup().rotated(), SetupMode::Strict).unwrap();
        let input = |pos: &Position| {
            let mut features1 = Box::new([0.0; planes::FEATURES1_LEN]);
            let mut features2 = Box::new([0.0; planes::FEATURES2_LEN]);
            planes::input_features(pos, &mut features1, &mut features2);
            (features1, features2)
        };
        prop_assert!(input(&rotated) == input(&pos), "{}", pos);
        let mut labels = BTreeSet::new();
        for mv in pos.legal_moves().iter() {
            let label = planes::move_label(*mv, pos.turn());
            prop_assert!(label < planes::MOVE_LABELS);
            prop_assert_eq!(planes::move_label(mv.rotated(), rotated.turn()), label);
            // Two legal moves share a label only as one kind's drop and a board move can't.
            labels.insert(label);
        }
        prop_assert_eq!(labels.len(), pos.legal_moves().len(), "{}", pos);
    }
}
