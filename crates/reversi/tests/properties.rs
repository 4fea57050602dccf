//! Properties of the bitboard rules against the naive reference in `naive/mod.rs`, over random
//! games (valid by construction) and random disjoint bitboards.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    reason = "test helpers panic on failure"
)]

mod naive;

use masu_reversi::{Board, Color, Game, Move, PassStyle, Square, Symmetry, bits};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// Plays `choices` from the start: each byte picks one legal move (or the forced pass).
fn game_from(choices: &[u8]) -> Game {
    let mut game = Game::new();
    for &c in choices {
        let board = *game.board();
        if board.is_game_over() {
            break;
        }
        let moves: Vec<Square> = board.moves().collect();
        let mv = if moves.is_empty() {
            Move::Pass
        } else {
            Move::Play(moves[usize::from(c) % moves.len()])
        };
        game.play(mv).expect("generated move is legal");
    }
    game
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5eed),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    }
}

fn check_against_naive(p: u64, o: u64) -> Result<(), TestCaseError> {
    prop_assert_eq!(bits::legal_moves(p, o), naive::legal_moves(p, o));
    for sq in 0..64u8 {
        if (p | o) >> sq & 1 == 0 {
            prop_assert_eq!(
                bits::flips(p, o, sq),
                naive::flips(p, o, usize::from(sq)),
                "square {}",
                sq
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn game_positions_match_naive(choices in prop::collection::vec(any::<u8>(), 0..70)) {
        let game = game_from(&choices);
        for board in game.history().iter().chain([game.board()]) {
            check_against_naive(board.player(), board.opponent())?;
        }
    }

    #[test]
    fn random_bitboards_match_naive(a in any::<u64>(), b in any::<u64>()) {
        check_against_naive(a & !b, b & !a)?;
        check_against_naive(a & b, !a & !b & 0x00ff_ffff_ffff_ff00)?;
    }

    #[test]
    fn play_conserves_discs(choices in prop::collection::vec(any::<u8>(), 0..70)) {
        let game = game_from(&choices);
        for (before, mv) in game.history().iter().zip(game.moves()) {
            let after = before.play(*mv).unwrap();
            let mover = before.side_to_move();
            let flipped = mv.square().map_or(0, |sq| before.flips(sq).count_ones());
            let placed = u32::from(mv.square().is_some());
            prop_assert_eq!(after.count(mover), before.count(mover) + flipped + placed);
            prop_assert_eq!(after.count(mover.opposite()) + flipped, before.count(mover.opposite()));
            prop_assert_eq!(after.empty_count() + placed, before.empty_count());
        }
    }

    #[test]
    fn symmetry_commutes_with_play(choices in prop::collection::vec(any::<u8>(), 0..70), s in 0..8usize) {
        let sym = Symmetry::ALL[s];
        let game = game_from(&choices);
        let board = *game.board();
        let t = board.transform(sym);
        prop_assert_eq!(t.legal_moves(), sym.apply_bits(board.legal_moves()));
        for sq in board.moves() {
            let played = board.play(Move::Play(sq)).unwrap().transform(sym);
            prop_assert_eq!(played, t.play(Move::Play(sym.apply_square(sq))).unwrap());
        }
        prop_assert_eq!(t.transform(sym.inverse()), board);
        prop_assert_eq!(t.canonical().0, board.canonical().0);
    }

    #[test]
    fn notation_round_trips(choices in prop::collection::vec(any::<u8>(), 0..70)) {
        let game = game_from(&choices);
        let board = *game.board();
        prop_assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
        let written = Game::from_transcript(&game.transcript(PassStyle::Write)).unwrap();
        prop_assert_eq!(written.moves(), game.moves());
        // Passes left out come back where forced; a pass at the very end is written.
        let omitted = Game::from_transcript(&game.transcript(PassStyle::Omit)).unwrap();
        prop_assert_eq!(omitted.moves(), game.moves());
        prop_assert_eq!(omitted.board(), game.board());
    }

    #[test]
    fn undo_restores_every_position(choices in prop::collection::vec(any::<u8>(), 0..70)) {
        let mut game = game_from(&choices);
        let boards: Vec<Board> = game.history().to_vec();
        for expected in boards.iter().rev() {
            prop_assert!(game.undo().is_some());
            prop_assert_eq!(game.board(), expected);
        }
        prop_assert_eq!(game.undo(), None);
    }

    #[test]
    fn pass_is_legal_exactly_when_forced(choices in prop::collection::vec(any::<u8>(), 0..70)) {
        let board = *game_from(&choices).board();
        let forced = board.legal_moves() == 0 && !board.is_game_over();
        prop_assert_eq!(board.play(Move::Pass).is_ok(), forced);
        prop_assert_eq!(board.is_legal(Move::Pass), forced);
        let total = board.count(Color::Black) + board.count(Color::White) + board.empty_count();
        prop_assert_eq!(total, 64);
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips() {
    let game = game_from(&[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
    let board = *game.board();
    assert_eq!(
        serde_json::from_str::<Board>(&serde_json::to_string(&board).unwrap()).unwrap(),
        board
    );
    assert_eq!(serde_json::to_string(&Move::Pass).unwrap(), "\"pass\"");
    let bad = r#"{"start":"---------------------------OX------XO--------------------------- X","moves":["a1"]}"#;
    assert!(serde_json::from_str::<Game>(bad).is_err());
}
