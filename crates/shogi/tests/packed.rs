//! HCP and PackedSfen round trips over positions reached by seeded random move sequences
//! from the even game, handicaps and drop-heavy starts.

#![allow(clippy::unwrap_used)] // test helpers: a broken fixture should fail loudly

mod common;

use masu_shogi::Position;
use masu_shogi::packed::{DecodeError, Hcp, Hcpe, PackedSfen, PackedSfenValue, hcp, psfen};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

const STARTS: [&str; 4] = [
    "startpos",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1",
    // Six-piece handicap: the piece box holds six pieces for the whole game.
    "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
];

/// The position as decoding gives it: the move number is not stored.
fn at_move_one(pos: &Position) -> Position {
    let mut setup = pos.to_setup();
    setup.ply = 1;
    Position::from_setup(setup, masu_shogi::SetupMode::Strict).unwrap()
}

proptest! {
    #![proptest_config(Config {
        cases: 256,
        rng_seed: RngSeed::Fixed(0x6863_7065),
        ..Config::default()
    })]

    #[test]
    fn positions_and_moves_round_trip(start in 0..STARTS.len(), seed: u64, plies in 0usize..160) {
        let pos = common::random_walk(Position::from_sfen(STARTS[start]).unwrap(), seed, plies);
        let hcp_bytes = Hcp::from_position(&pos).unwrap();
        prop_assert_eq!(hcp_bytes.to_position().unwrap(), at_move_one(&pos));
        let packed = PackedSfen::from_position(&pos).unwrap();
        prop_assert_eq!(packed.to_position().unwrap(), at_move_one(&pos));
        for m in pos.legal_moves() {
            prop_assert_eq!(hcp::move_from16(&pos, hcp::move16(m)).unwrap(), m);
            prop_assert_eq!(psfen::move_from16(&pos, psfen::move16(m)).unwrap(), m);
        }
    }

    /// A training example converted to the other format and back is the same example,
    /// its move the same move in each code and its result the same game's.
    #[test]
    fn examples_convert_between_the_formats(
        start in 0..STARTS.len(), seed: u64, plies in 0usize..160, pick: usize,
        score: i16, result in -1i8..=1, game_ply: u16,
    ) {
        let pos = common::random_walk(Position::from_sfen(STARTS[start]).unwrap(), seed, plies);
        let moves = pos.legal_moves();
        prop_assume!(!moves.is_empty());
        let m = moves[pick % moves.len()];
        let psv = PackedSfenValue {
            sfen: PackedSfen::from_position(&pos).unwrap(),
            score,
            best_move: psfen::move16(m),
            game_ply,
            game_result: result,
        };
        let hcpe = psv.to_hcpe().unwrap();
        prop_assert_eq!(hcpe.hcp, Hcp::from_position(&pos).unwrap());
        prop_assert_eq!(hcp::move_from16(&pos, hcpe.best_move).unwrap(), m);
        prop_assert_eq!(hcpe.eval, score);
        let black_result = match (result, pos.turn()) {
            (0, _) => Hcpe::DRAW,
            (1, masu_shogi::Color::Black) | (-1, masu_shogi::Color::White) => Hcpe::BLACK_WIN,
            _ => Hcpe::WHITE_WIN,
        };
        prop_assert_eq!(hcpe.game_result, black_result);
        prop_assert_eq!(hcpe.to_psv(game_ply).unwrap(), psv);
    }
}

#[test]
fn examples_that_do_not_convert_are_typed_errors() {
    let pos = Position::startpos();
    let sfen = PackedSfen::from_position(&pos).unwrap();
    let best_move = psfen::move16(pos.parse_usi_move("7g7f").unwrap());
    let psv = PackedSfenValue {
        sfen,
        score: 0,
        best_move,
        game_ply: 1,
        game_result: 2,
    };
    assert_eq!(psv.to_hcpe(), Err(DecodeError::GameResult(2)));
    let psv = PackedSfenValue {
        best_move: 0,
        game_result: 0,
        ..psv
    };
    assert_eq!(psv.to_hcpe(), Err(DecodeError::Move(0)));
    let hcpe = Hcpe {
        hcp: Hcp::from_position(&pos).unwrap(),
        eval: 0,
        best_move: hcp::move16(pos.parse_usi_move("7g7f").unwrap()),
        game_result: -1,
    };
    assert_eq!(hcpe.to_psv(0), Err(DecodeError::GameResult(-1)));
    assert_eq!(
        DecodeError::GameResult(3).to_string(),
        "game result 3 is none of the format's"
    );
    let bad = Hcpe {
        hcp: Hcp([0xff; 32]),
        game_result: 0,
        ..hcpe
    };
    assert!(matches!(bad.to_psv(0), Err(DecodeError::KingSquare { .. })));
}
