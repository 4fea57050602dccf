//! Every serializable type reads back as the value written, for values other than the
//! defaults: a field that the serialized form drops shows as a value that compares unequal.

#![cfg(feature = "serde")]

mod common;

use std::fmt::Debug;

use common::{Xorshift, random_walk};
use masu_shogi::{
    Color, DeclarationRule, DrawReason, Game, Hand, Handicap, MAX_MOVE_NUMBER, Outcome, Piece,
    PieceKind, Position, Setup, SetupMode, Square, UsiMove, WinReason,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` after a trip through JSON, or why it did not read back.
fn reads_back<T>(value: &T) -> Result<(), String>
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let json = serde_json::to_string(value).map_err(|e| format!("{value:?}: {e}"))?;
    let back = serde_json::from_str::<T>(&json).map_err(|e| format!("{json}: {e}"))?;
    if back == *value {
        return Ok(());
    }
    // Written again, the value read shows what the form kept; the debug forms, what differs
    // when the form kept it all (a field it does not write).
    let again = serde_json::to_string(&back).map_err(|e| format!("{back:?}: {e}"))?;
    Err(format!(
        "{json} read back as {again} ({back:?}, not {value:?})"
    ))
}

fn assert_reads_back<T>(value: &T)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    reads_back(value).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn every_square_color_kind_piece_handicap_and_rule() {
    Square::ALL.iter().for_each(assert_reads_back);
    Color::ALL.iter().for_each(assert_reads_back);
    PieceKind::ALL.iter().for_each(assert_reads_back);
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            assert_reads_back(&Piece::new(color, kind));
        }
    }
    Handicap::ALL.iter().for_each(assert_reads_back);
    for rule in [DeclarationRule::Points27, DeclarationRule::Points24] {
        assert_reads_back(&rule);
    }
}

/// An outcome is written as its text, which a unit test of `outcome.rs` reads back for
/// every outcome; one of each shape here.
#[test]
fn outcomes() {
    for winner in Color::ALL {
        for reason in [WinReason::Try, WinReason::EnteringKing] {
            assert_reads_back(&Outcome::Win { winner, reason });
        }
    }
    for reason in [DrawReason::MoveLimit, DrawReason::EnteringKing] {
        assert_reads_back(&Outcome::Draw { reason });
    }
}

#[test]
fn every_usi_move() {
    for from in Square::ALL {
        for to in Square::ALL.into_iter().filter(|&to| to != from) {
            for promote in [false, true] {
                assert_reads_back(&UsiMove::Normal { from, to, promote });
            }
        }
    }
    // Drops of every kind, a foul's drop of a kind no hand holds among them.
    for kind in PieceKind::ALL {
        for to in Square::ALL {
            assert_reads_back(&UsiMove::Drop { kind, to });
        }
    }
}

/// A hand of up to as many pieces of each kind as a set has.
fn hand(counts: [u8; 7]) -> Hand {
    let mut hand = Hand::EMPTY;
    for (kind, n) in PieceKind::HAND.into_iter().zip(counts) {
        hand.set(kind, n % (kind.max_count() + 1))
            .unwrap_or_else(|e| panic!("{kind:?} x{n}: {e}"));
    }
    hand
}

proptest! {
    #![proptest_config(Config {
        cases: 256,
        rng_seed: RngSeed::Fixed(0x7365_7264),
        ..Config::default()
    })]

    #[test]
    fn hands(counts in any::<[u8; 7]>()) {
        reads_back(&hand(counts)).map_err(TestCaseError::fail)?;
    }

    /// A setup holds no invariant: any pieces on any squares, any hands a set allows, any
    /// side to move and move number.
    #[test]
    fn setups(
        seed in any::<u64>(),
        counts in any::<[[u8; 7]; 2]>(),
        white in any::<bool>(),
        ply in 0..=MAX_MOVE_NUMBER,
    ) {
        let mut rng = Xorshift::new(seed);
        let mut setup = Setup::default();
        let mut choices: Vec<Option<Piece>> = vec![None; 28];
        for color in Color::ALL {
            choices.extend(PieceKind::ALL.map(|kind| Some(Piece::new(color, kind))));
        }
        for square in &mut setup.board {
            *square = rng.pick(&choices);
        }
        setup.hands[Color::Black] = hand(counts[0]);
        setup.hands[Color::White] = hand(counts[1]);
        setup.turn = if white { Color::White } else { Color::Black };
        setup.ply = ply;
        reads_back(&setup).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn positions(seed in any::<u64>(), plies in 0usize..120) {
        reads_back(&random_walk(Position::startpos(), seed, plies))
            .map_err(TestCaseError::fail)?;
    }

    /// Mate problems' positions (no attacker king, the rest of the set in the defender's
    /// hand, as `SetupMode::Tsume` makes them) read back, and so do their games.
    #[test]
    fn tsume_positions_and_games(seed in any::<u64>(), plies in 0usize..12) {
        let problem = Position::from_sfen_with(TSUME_PROBLEM, SetupMode::Tsume)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        reads_back(&random_walk(problem.clone(), seed, plies)).map_err(TestCaseError::fail)?;
        let mut game = Game::from_position(problem);
        let mut rng = Xorshift::new(seed);
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(rng.pick(&moves));
        }
        reads_back(&game).map_err(TestCaseError::fail)?;
    }

    /// Games from any handicap, under either rule, of random moves, perhaps resigned at
    /// some move and perhaps played on after that.
    #[test]
    fn games(
        seed in any::<u64>(),
        handicap in 0..Handicap::ALL.len(),
        points24 in any::<bool>(),
        plies in 0usize..80,
        resign_at in proptest::option::of(0usize..80),
        played_on in 0usize..4,
    ) {
        let rule = if points24 { DeclarationRule::Points24 } else { DeclarationRule::Points27 };
        let mut game = Game::from_handicap(Handicap::ALL[handicap]).with_declaration_rule(rule);
        let mut rng = Xorshift::new(seed);
        for ply in 0..plies {
            if resign_at == Some(ply) && !game.is_over() {
                game.resign(game.position().turn()).map_err(|e| TestCaseError::fail(e.to_string()))?;
                for _ in 0..played_on {
                    let moves = game.position().legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    game.play_unchecked(rng.pick(&moves));
                }
                break;
            }
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.is_over() {
                break;
            }
            game.play_unchecked(rng.pick(&moves));
        }
        reads_back(&game).map_err(TestCaseError::fail)?;
    }
}

/// A mate in one: Black has no king, White's king on 5a, a pawn on 5c and a gold in hand.
const TSUME_PROBLEM: &str = "4k4/9/4P4/9/9/9/9/9/9 b G 1";

/// A SFEN without the attacker's king reads as a mate problem's only when it is one as
/// written: with pieces missing besides the king it is refused, not filled up.
#[test]
fn a_kingless_position_reads_only_as_written() {
    let json = |sfen: &str| format!("\"{sfen}\"");
    let err = serde_json::from_str::<Position>(&json(TSUME_PROBLEM))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("missing king"), "{err}");
    let problem =
        Position::from_sfen_with(TSUME_PROBLEM, SetupMode::Tsume).unwrap_or_else(|e| panic!("{e}"));
    let back: Position = serde_json::from_str(&json(&problem.to_sfen()))
        .unwrap_or_else(|e| panic!("{}: {e}", problem.to_sfen()));
    assert_eq!(back, problem);
}
