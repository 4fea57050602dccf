//! `Position::mate_in_1` and `Position::mate_in` against a brute-force search over every
//! legal move, on random positions built around a king (many of them with a mate, some with
//! the attacker in check), and on published mate-in-1 and mate-in-3 problems.

#![allow(clippy::unwrap_used)] // test helpers: a broken fixture should fail loudly

use masu_shogi::{Color, Move, Piece, PieceKind, Position, Setup, SetupMode, Square};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x6d61_7465),
        ..Config::default()
    }
}

/// Whether the side to move has just been checkmated.
fn is_mated(pos: &Position) -> bool {
    pos.in_check() && pos.legal_moves().is_empty()
}

/// The legal moves of the side to move that check, found by playing every legal move.
fn brute_checks(pos: &Position) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| pos.clone().play(m).unwrap().in_check())
        .collect()
}

/// Whether the side to move mates within `depth` (odd) plies with checks only, by brute
/// force over the legal moves.
fn brute_mates(pos: &Position, depth: u32) -> bool {
    brute_checks(pos).into_iter().any(|m| {
        let after = pos.clone().play(m).unwrap();
        is_mated(&after)
            || (depth > 1
                && after
                    .legal_moves()
                    .into_iter()
                    .all(|e| brute_mates(&after.clone().play(e).unwrap(), depth - 2)))
    })
}

/// A sparse position around White's king near the top edge: a few pieces of either side
/// close to it, Black's hand, (mostly) Black's king, and White pieces anywhere, which may be
/// checking Black's king.
fn arb_position() -> impl Strategy<Value = Position> {
    let near = (
        proptest::bool::weighted(0.75),
        0usize..14,
        -2i8..=2,
        0i8..=3,
    );
    let far = (0usize..14, 0u8..81);
    (
        (1u8..=9, 1u8..=2),
        proptest::option::weighted(0.8, 0u8..81),
        proptest::collection::vec(near, 1..7),
        proptest::collection::vec(far, 1..4),
        proptest::collection::vec((0usize..7, 1u8..3), 1..4),
    )
        .prop_filter_map(
            "not a valid position",
            |((file, rank), own_king, near, far, hand)| {
                let mut setup = Setup::default();
                // Without Black's king, a tsume position: White holds every other piece in hand.
                let mode = if own_king.is_some() {
                    SetupMode::Strict
                } else {
                    SetupMode::Tsume
                };
                let king = Square::new(file, rank)?;
                setup.set_piece(king, Some(Piece::new(Color::White, PieceKind::King)));
                if let Some(k) = own_king.and_then(Square::from_index).filter(|&k| k != king) {
                    setup.set_piece(k, Some(Piece::new(Color::Black, PieceKind::King)));
                }
                let near = near.into_iter().filter_map(|(black, kind, df, dr)| {
                    let sq =
                        Square::new(file.checked_add_signed(df)?, rank.checked_add_signed(dr)?)?;
                    Some((if black { Color::Black } else { Color::White }, kind, sq))
                });
                let far = far
                    .into_iter()
                    .filter_map(|(kind, sq)| Some((Color::White, kind, Square::from_index(sq)?)));
                for (color, kind, sq) in near.chain(far) {
                    let kind = PieceKind::ALL[kind];
                    if kind != PieceKind::King && setup.piece_at(sq).is_none() {
                        setup.set_piece(sq, Some(Piece::new(color, kind)));
                    }
                }
                for (kind, n) in hand {
                    let _ = setup.hands.black.set(PieceKind::HAND[kind], n);
                }
                Position::from_setup(setup, mode).ok()
            },
        )
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn mate_in_1_agrees_with_brute_force(pos in arb_position()) {
        let found = pos.mate_in_1();
        prop_assert_eq!(found.is_some(), brute_mates(&pos, 1), "{}", pos);
        if let Some(m) = found {
            prop_assert!(is_mated(&pos.clone().play(m).unwrap()), "{} {}", pos, m);
        }
    }
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn mate_in_3_agrees_with_brute_force(pos in arb_position()) {
        prop_assume!(pos.mate_in_1().is_none());
        let found = pos.mate_in(3);
        prop_assert_eq!(found.is_some(), brute_mates(&pos, 3), "{}", pos);
        if let Some(m) = found {
            let after = pos.clone().play(m).unwrap();
            prop_assert!(after.in_check());
            for e in after.legal_moves() {
                prop_assert!(after.clone().play(e).unwrap().mate_in_1().is_some(), "{} {}", pos, m);
            }
        }
    }
}

/// The random positions above do hold mates, in about the share the properties need to mean
/// something (and some with the attacker in check).
#[test]
fn random_positions_hold_mates() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::new(config(1));
    let (mut mates, mut attacker_in_check) = (0, 0);
    for _ in 0..400 {
        let pos = arb_position().new_tree(&mut runner).unwrap().current();
        if pos.mate_in_1().is_some() {
            mates += 1;
            attacker_in_check += usize::from(pos.in_check());
        }
    }
    assert!(mates >= 25, "{mates} of 400");
    assert!(attacker_in_check >= 1, "{attacker_in_check} of {mates}");
    eprintln!(
        "{mates} mates in 1 in 400 positions, {attacker_in_check} with the attacker in check"
    );
}

/// The mate-in-3 problems of `tests/data/shogiboardq_3ply_30.txt` (`SFEN moves m1 m2 m3`,
/// a unique main line): no mate in 1, and the mate in 3 starts with the published move.
#[test]
fn published_mates_in_3() {
    let text = include_str!("data/shogiboardq_3ply_30.txt");
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (sfen, moves) = line.split_once(" moves ").unwrap();
        let pos = Position::from_sfen_with(sfen, SetupMode::Tsume).unwrap();
        let first = moves.split_whitespace().next().unwrap();
        assert_eq!(pos.mate_in_1(), None, "{sfen}");
        assert_eq!(
            pos.mate_in(3).map(|m| m.to_string()).as_deref(),
            Some(first),
            "{sfen}"
        );
        count += 1;
    }
    assert_eq!(count, 30);
}

/// The short rows of `tests/data/edge_cases.tsv` (`SFEN<TAB>N<TAB>...`): mates in 1 and 3,
/// colours reversed, and positions with no mate at all.
#[test]
fn edge_cases() {
    let text = include_str!("data/edge_cases.tsv");
    let mut count = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split('\t');
        let (sfen, length) = (fields.next().unwrap(), fields.next().unwrap());
        let pos = Position::from_sfen_with(sfen, SetupMode::Tsume).unwrap();
        match length {
            "1" => assert!(pos.mate_in_1().is_some(), "{sfen}"),
            "3" => {
                assert_eq!(pos.mate_in_1(), None, "{sfen}");
                assert!(pos.mate_in(3).is_some(), "{sfen}");
            }
            "-1" => assert_eq!(pos.mate_in(3), None, "{sfen}"),
            _ => continue,
        }
        count += 1;
    }
    assert_eq!(count, 6);
}

/// The attacker in check: a mate that ignores the check is illegal; an evasion that mates
/// is found.
#[test]
fn mate_while_in_check() {
    // Black's king on 1i is checked by the rook on 1e. The dragon takes it and checks along
    // the file; the gold on 3b covers 2a and 2b.
    let pos = Position::from_sfen("8k/6G2/9/9/7+Rr/9/9/9/8K b - 1").unwrap();
    assert!(pos.in_check());
    assert_eq!(
        pos.mate_in_1().map(|m| m.to_string()).as_deref(),
        Some("2e1e")
    );
    // The same gold-drop mate as in the docs, but Black's king is in check from 9i: none.
    let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/r3K4 b G 1").unwrap();
    assert!(pos.in_check());
    assert_eq!(pos.mate_in_1(), None);
}

/// A pawn drop that would mate is illegal, so it is no mate in 1.
#[test]
fn pawn_drop_mate_is_not_a_mate() {
    // White's king on 1a, hemmed in by its knight and silver; P*1b would mate (protected by the
    // gold on 2c).
    let pos = Position::from_sfen("7nk/7s1/7G1/9/9/9/9/9/K8 b P 1").unwrap();
    assert_eq!(pos.mate_in_1(), None);
}
