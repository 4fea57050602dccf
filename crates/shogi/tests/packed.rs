//! HCP and PackedSfen round trips over positions reached by seeded random move sequences
//! from the even game, handicaps and drop-heavy starts.

#![allow(clippy::unwrap_used)] // test helpers: a broken fixture should fail loudly

mod common;

use masu_shogi::Position;
use masu_shogi::packed::{Hcp, PackedSfen, hcp, psfen};
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
}
