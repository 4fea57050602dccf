//! Game rules: checkmate, resignation, 千日手, 連続王手の千日手 and 入玉宣言.

#![allow(
    clippy::unwrap_used,
    reason = "test fixtures: a broken one should fail loudly"
)]

mod common;

use masu_shogi::{
    Color, Declaration, DrawReason, Game, GameError, Handicap, Outcome, ParseGameError, Position,
    Repetition, UsiMove, WinReason,
};

fn game(sfen: &str) -> Game {
    Game::from_position(Position::from_sfen(sfen).unwrap())
}

fn play(game: &mut Game, moves: &str) {
    for usi in moves.split_whitespace() {
        game.play_usi(usi).unwrap();
    }
}

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

/// Plays `cycle` (four plies that return to the same position) `n` times, checking that the
/// game goes on until the last ply of the last cycle.
fn repeat(game: &mut Game, cycle: &str, n: usize) {
    for i in 0..n {
        assert_eq!(game.outcome(), None, "ended early, cycle {i}");
        play(game, cycle);
    }
}

// White king 5a, Black rook 4e, Black king 9i; Black to move.
const ROOK_CHASE: &str = "4k4/9/9/9/5R3/9/9/9/K8 b - 1";
// Black checks on every move: 4e5e+ 5a4a 5e4e+ 4a5a.
const CHECKING_CYCLE: &str = "4e5e 5a4a 5e4e 4a5a";

#[test]
fn fourfold_repetition_without_checks_is_a_draw() {
    // The rook shuffles on rank e without checking; the king shuffles on rank a.
    let mut g = game("4k4/9/9/9/8R/9/9/9/K8 b - 1");
    repeat(&mut g, "1e2e 5a6a 2e1e 6a5a", 2);
    play(&mut g, "1e2e 5a6a 2e1e");
    // This position occurred after plies 3, 7 and 11.
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), None);
    // The start position counts as the first occurrence: this is the fourth.
    play(&mut g, "6a5a");
    assert_eq!(g.repetitions(), 4);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert_eq!(g.moves().len(), 12);
}

#[test]
fn third_occurrence_is_not_yet_a_draw() {
    let mut g = game("4k4/9/9/9/8R/9/9/9/K8 b - 1");
    repeat(&mut g, "1e2e 5a6a 2e1e 6a5a", 2);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), None);
}

#[test]
fn perpetual_check_by_black_loses() {
    // The repetition completes after White's king move, with Black (the checker) to move.
    let mut g = game(ROOK_CHASE);
    repeat(&mut g, CHECKING_CYCLE, 3);
    assert_eq!(g.position().turn(), Color::Black);
    assert_eq!(g.outcome(), win(Color::White, WinReason::PerpetualCheck));
}

#[test]
fn perpetual_check_cycle_starting_with_a_king_move() {
    // The first occurrence is a position where White, in check, moves first: the moves since
    // it begin with White's king move, and the repetition completes after Black's check.
    let mut g = game("4k4/9/9/9/4R4/9/9/9/K8 w - 1");
    assert!(g.position().in_check());
    repeat(&mut g, "5a4a 5e4e 4a5a 4e5e", 3);
    assert_eq!(g.position().turn(), Color::White);
    assert_eq!(g.outcome(), win(Color::White, WinReason::PerpetualCheck));
}

#[test]
fn perpetual_check_by_white_loses() {
    // Mirror image: White rook 6e chases Black king 5i.
    let mut g = game("8k/9/9/9/3r5/9/9/9/4K4 w - 1");
    repeat(&mut g, "6e5e 5i6i 5e6e 6i5i", 3);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::PerpetualCheck));
    // And starting from the checked side's king move.
    let mut g = game("8k/9/9/9/4r4/9/9/9/4K4 b - 1");
    repeat(&mut g, "5i6i 5e6e 6i5i 6e5e", 3);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::PerpetualCheck));
}

#[test]
fn checks_only_in_later_cycles_are_a_plain_draw() {
    // The first cycle has quiet rook moves; only the last two check. The rule looks at every
    // move since the first occurrence, so this is 千日手, not 連続王手の千日手.
    let mut g = game(ROOK_CHASE);
    play(&mut g, "4e3e 5a6a 3e4e 6a5a");
    repeat(&mut g, CHECKING_CYCLE, 2);
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.outcome(), Some(Outcome::REPETITION));
}

#[test]
fn fourfold_repetition_is_the_rules_ending_alone() {
    // What record readers ask after every move: the repetition's outcome, at the fourth
    // occurrence only, whatever else ended the game.
    let mut g = game(ROOK_CHASE);
    repeat(&mut g, CHECKING_CYCLE, 2);
    play(&mut g, "4e5e 5a4a 5e4e");
    assert_eq!(g.fourfold_repetition(), None);
    play(&mut g, "4a5a");
    assert_eq!(
        g.fourfold_repetition(),
        win(Color::White, WinReason::PerpetualCheck)
    );
    let mut g = game("4k4/9/9/9/8R/9/9/9/K8 b - 1");
    repeat(&mut g, "1e2e 5a6a 2e1e 6a5a", 2);
    g.resign(Color::White).unwrap();
    play_unchecked(&mut g, "1e2e 5a6a 2e1e 6a5a");
    assert_eq!(g.fourfold_repetition(), Some(Outcome::REPETITION));
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Resignation));
}

/// Plays `moves` with [`Game::play_unchecked`], each checked legal here.
fn play_unchecked(game: &mut Game, moves: &str) {
    for usi in moves.split_whitespace() {
        let m = usi
            .parse::<UsiMove>()
            .unwrap()
            .to_move(game.position())
            .unwrap();
        game.play_unchecked(m);
    }
}

#[test]
fn no_move_after_the_end_and_undo_resumes() {
    let mut g = game(ROOK_CHASE);
    repeat(&mut g, CHECKING_CYCLE, 3);
    let over = g.outcome().unwrap();
    assert_eq!(g.play_usi("4e5e"), Err(GameError::Over(over)));
    assert_eq!(g.resign(Color::Black), Err(GameError::Over(over)));
    assert!(g.undo().is_some());
    assert_eq!(g.outcome(), None);
    assert_eq!(g.repetitions(), 3);
    // Keys included: the position after undo equals one built from scratch.
    assert_eq!(
        g.position().to_string().parse::<Position>().as_ref(),
        Ok(g.position())
    );
}

#[test]
fn unchecked_play_goes_on_after_a_repetition() {
    let mut g = game(ROOK_CHASE);
    repeat(&mut g, CHECKING_CYCLE, 3);
    assert!(g.outcome().is_some());
    let next = "4e5e".parse::<UsiMove>().unwrap();
    g.play_unchecked(next.to_move(g.position()).unwrap());
    // The position after it occurred three times before: still perpetual check.
    assert_eq!(g.moves().len(), 13);
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.outcome(), win(Color::White, WinReason::PerpetualCheck));
    assert!(g.undo().is_some());
    assert_eq!(g.moves().len(), 12);
    // Keys included: the position after undo equals one built from scratch.
    assert_eq!(
        g.position().to_string().parse::<Position>().as_ref(),
        Ok(g.position())
    );
}

#[test]
fn a_resignation_outlives_moves_played_on_and_taken_back() {
    let mut g = Game::new();
    play(&mut g, "7g7f 3c3d");
    g.resign(Color::White).unwrap();
    let resigned = win(Color::Black, WinReason::Resignation);
    g.play_unchecked(
        "2g2f"
            .parse::<UsiMove>()
            .unwrap()
            .to_move(g.position())
            .unwrap(),
    );
    assert_eq!(g.outcome(), resigned);
    assert!(g.undo().is_some()); // the move played on after it
    assert_eq!(g.outcome(), resigned);
    assert!(g.undo().is_some()); // the move before it: the resignation goes too
    assert_eq!(g.outcome(), None);
}

#[test]
fn checkmate_is_a_loss_for_the_side_to_move() {
    let mated = game("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    assert_eq!(mated.outcome(), win(Color::Black, WinReason::Checkmate));
    let mut g = game("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "G*5b");
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Checkmate));
    assert!(g.is_over());
}

#[test]
fn resignation_gives_the_win_to_the_other_side() {
    let mut g = Game::new();
    g.resign(Color::White).unwrap();
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Resignation));
    let mut g = Game::from_handicap(Handicap::TwoPieces);
    play(&mut g, "5c5d");
    g.resign(Color::White).unwrap();
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Resignation));
    // Undo forgets the resignation along with the move.
    assert!(g.undo().is_some());
    assert_eq!(g.outcome(), None);
}

#[test]
fn illegal_moves_are_refused_without_change() {
    let mut g = Game::new();
    let err = g.play_usi("7g7e").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move \"7g7e\": a pawn on 7g cannot reach 7e"
    );
    assert_eq!(g.last_move(), None);
    let m = "7g7f"
        .parse::<UsiMove>()
        .unwrap()
        .to_move(&Position::startpos())
        .unwrap();
    g.play(m).unwrap();
    // The same move is not legal for White.
    let reason = masu_shogi::IllegalMoveReason::NoPiece(m.from().unwrap());
    assert_eq!(g.play(m), Err(GameError::IllegalMove { m, reason }));
    assert_eq!(g.moves(), &[m]);
    assert_eq!(g.undo(), Some(m));
    assert_eq!(g.undo(), None);
    assert_eq!(g.position(), &Position::startpos());
}

// 入玉宣言. Black: king 5c; rooks, bishops (20 points), four golds and two silvers (6) in the
// camp: ten pieces, 26 points, plus the hand.
const BLACK_CAMP: &str = "RRBB5/GGGGSS3/4K4/9/9/9/9/9/4k4 b";
// White's mirror image: king 5g and the same ten pieces on ranks h and i.
const WHITE_CAMP: &str = "4K4/9/9/9/9/9/4k4/3ssgggg/5bbrr w";

#[test]
fn declaration_needs_28_points_for_black() {
    let ok = Position::from_sfen(&format!("{BLACK_CAMP} 2P 1")).unwrap();
    let d = ok.declaration();
    assert_eq!(
        d,
        Declaration {
            color: Color::Black,
            king_in_camp: true,
            pieces_in_camp: 10,
            points: 28,
            in_check: false,
        }
    );
    assert!(d.is_valid());
    let short = Position::from_sfen(&format!("{BLACK_CAMP} P 1")).unwrap();
    assert_eq!(short.declaration().points, 27);
    assert!(!short.declaration().is_valid());
}

#[test]
fn declaration_needs_27_points_for_white() {
    let ok = Position::from_sfen(&format!("{WHITE_CAMP} p 1")).unwrap();
    assert_eq!(ok.declaration().points, 27);
    assert_eq!(ok.declaration().needed(), 27);
    assert!(ok.declaration().is_valid());
    let short = Position::from_sfen(&format!("{WHITE_CAMP} - 1")).unwrap();
    assert_eq!(short.declaration().points, 26);
    assert!(!short.declaration().is_valid());
}

#[test]
fn declaration_needs_ten_pieces_in_the_camp() {
    // Nine pieces (one silver fewer) but 29 points thanks to the hand.
    let pos = Position::from_sfen("RRBB5/GGGGS4/4K4/9/9/9/9/9/4k4 b 4P 1").unwrap();
    let d = pos.declaration();
    assert_eq!((d.pieces_in_camp, d.points), (9, 29));
    assert!(!d.is_valid());
}

#[test]
fn declaration_needs_the_king_in_the_camp() {
    let pos = Position::from_sfen("RRBB5/GGGGSS3/9/4K4/9/9/9/9/4k4 b 2P 1").unwrap();
    assert!(!pos.declaration().king_in_camp);
    assert!(!pos.declaration().is_valid());
}

#[test]
fn declaration_is_refused_in_check() {
    // A White pawn on 5b checks the king on 5c.
    let pos = Position::from_sfen("RRBB5/GGGGpSS2/4K4/9/9/9/9/9/4k4 b 2P 1").unwrap();
    let d = pos.declaration();
    assert!(d.in_check && d.points == 28 && d.pieces_in_camp == 10);
    assert!(!d.is_valid());
}

#[test]
fn promoted_pieces_count_as_their_base() {
    // Dragons and horses count 5, tokins 1.
    let pos = Position::from_sfen("+R+R+B+B5/+P+PGGSS3/4K4/9/9/9/9/9/4k4 b 2P 1").unwrap();
    assert_eq!(pos.declaration().points, 28);
    assert!(pos.declaration().is_valid());
}

#[test]
fn game_declaration_wins_or_is_refused() {
    let mut g = game(&format!("{BLACK_CAMP} 2P 1"));
    assert_eq!(
        g.declare(),
        Ok(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::EnteringKing
        })
    );
    assert_eq!(g.outcome(), win(Color::Black, WinReason::EnteringKing));
    let mut g = game(&format!("{BLACK_CAMP} P 1"));
    assert!(matches!(g.declare(), Err(GameError::InvalidDeclaration(d)) if d.points == 27));
    assert_eq!(g.outcome(), None);
}

#[test]
fn usi_lines_round_trip() {
    let line = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b";
    let g = Game::from_usi(line).unwrap();
    assert_eq!(g.to_usi(), line);
    assert_eq!(g.moves().len(), 4);
    assert_eq!(g.start(), &Position::startpos());
    let handicap = Game::from_usi(
        "sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5c5d",
    )
    .unwrap();
    assert_eq!(
        handicap.to_usi(),
        "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5c5d"
    );
    assert_eq!(Game::new().to_usi(), "position startpos");
    assert!(matches!(
        Game::from_usi("startpos moves 7g7f 7g7f"),
        Err(ParseGameError::Play { index: 2, .. })
    ));
    let bad = Game::from_usi("startpos moves 7g7f x");
    assert!(matches!(&bad, Err(ParseGameError::Move { index: 2, text, .. }) if text == "x"));
    // The message quotes the text, which a long line would otherwise leave to be counted.
    assert_eq!(
        bad.err().map(|e| e.to_string()).as_deref(),
        Some("move 2: invalid usi move \"x\": expected a move such as 7g7f, 8h2b+ or P*5e")
    );
    assert!(matches!(
        Game::from_usi("nonsense"),
        Err(ParseGameError::Sfen(_))
    ));
}

mod properties {
    use super::*;
    use crate::common::Xorshift;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, RngSeed};

    /// Plays up to `plies` random moves (fewer if the game ends), checking after each that
    /// the key-based repetition count equals an exact comparison with the positions `seen`.
    fn play_counting(
        g: &mut Game,
        rng: &mut Xorshift,
        seen: &mut Vec<masu_shogi::Setup>,
        plies: usize,
    ) -> Result<(), TestCaseError> {
        for _ in 0..plies {
            if g.is_over() {
                break;
            }
            let moves = g.position().legal_moves();
            g.play(rng.pick(&moves)).unwrap();
            let now = snapshot(g.position());
            let exact = seen.iter().filter(|s| **s == now).count() + 1;
            prop_assert_eq!(usize::from(g.repetitions()), exact);
            seen.push(now);
        }
        Ok(())
    }

    /// `Game::repetition` against a scan of whole positions: random games in sparse
    /// positions with full hands, where the mover mostly captures what was just dropped or
    /// takes a piece back to where one of its last two moves started (so positions repeat,
    /// and boards come back after captures and drops with other hands). Every answer comes
    /// up.
    #[test]
    fn repetition_matches_a_scan_of_whole_positions() {
        let starts = [
            "4k4/9/9/9/9/9/9/7R1/4K4 w Gp 1",
            "3gk4/9/4p4/9/9/9/4P4/1B5R1/4KG3 b SPsp 1",
            "4k4/9/9/9/9/9/9/9/4K4 b RGPrgp 1",
        ];
        let mut answers = std::collections::HashSet::new();
        for (seed, start) in (0..60u64).flat_map(|seed| starts.map(|start| (seed, start))) {
            let mut g = game(start);
            let mut seen = vec![snapshot(g.position())];
            let mut gave_check = Vec::new();
            let mut rng = Xorshift::new(seed);
            for _ in 0..150 {
                let moves = g.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = match steering_move(&g, &moves) {
                    Some(m) if rng.pick(&[true, true, true, false]) => m,
                    _ => rng.pick(&moves),
                };
                g.play_unchecked(m);
                seen.push(snapshot(g.position()));
                gave_check.push(g.position().in_check());
                for window in [4, 6, 10, 16, usize::MAX] {
                    let expected = scanned_repetition(&seen, &gave_check, window);
                    assert_eq!(
                        g.repetition(window),
                        expected,
                        "{} window {window}",
                        g.to_usi()
                    );
                }
                answers.insert(g.repetition(usize::MAX));
            }
        }
        assert_eq!(answers.len(), 6, "{answers:?}");
    }

    /// A move among `moves` that takes the game back towards an earlier board: a capture of
    /// the piece the opponent just dropped, else a move to where one of the mover's last
    /// two moves started.
    fn steering_move(g: &Game, moves: &[masu_shogi::Move]) -> Option<masu_shogi::Move> {
        let played = g.moves();
        let last = played.last().filter(|m| m.is_drop()).map(|m| m.to());
        let capture = moves
            .iter()
            .find(|m| Some(m.to()) == last && m.is_capture());
        let origins: Vec<_> = played
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .take(2)
            .filter_map(|m| m.from())
            .collect();
        capture
            .or_else(|| {
                moves
                    .iter()
                    .find(|m| m.from().is_some() && origins.contains(&m.to()))
            })
            .copied()
    }

    /// What `Game::repetition(window)` should answer for the positions `seen` (the current
    /// one last), `gave_check[i]` telling whether move `i` checked.
    fn scanned_repetition(
        seen: &[masu_shogi::Setup],
        gave_check: &[bool],
        window: usize,
    ) -> Option<Repetition> {
        let now = seen.len() - 1;
        let current = &seen[now];
        let turn = current.turn;
        for back in (4..=window.min(now)).step_by(2) {
            let then = &seen[now - back];
            if then.board != current.board || then.turn != turn {
                continue;
            }
            if then.hands == current.hands {
                let checked_throughout = |side: Color| {
                    (now - back..now)
                        .filter(|&i| seen[i].turn == side)
                        .all(|i| gave_check[i])
                };
                return Some(
                    match (checked_throughout(turn), checked_throughout(!turn)) {
                        (true, false) => Repetition::Loss,
                        (false, true) => Repetition::Win,
                        _ => Repetition::Draw,
                    },
                );
            }
            if current.hands[turn].dominates(then.hands[turn]) {
                return Some(Repetition::Superior);
            }
            if then.hands[turn].dominates(current.hands[turn]) {
                return Some(Repetition::Inferior);
            }
        }
        None
    }

    /// The exact position without its move number.
    fn snapshot(pos: &Position) -> masu_shogi::Setup {
        let mut setup = pos.to_setup();
        setup.ply = 0;
        setup
    }

    proptest! {
        #![proptest_config(Config {
            cases: 64,
            rng_seed: RngSeed::Fixed(0x6761_6d65),
            ..Config::default()
        })]

        /// In a sparse position random moves repeat often: the key-based count must equal
        /// an exact comparison of board, hands and side to move, and undo must walk back.
        #[test]
        fn repetition_count_matches_exact_comparison(seed in any::<u64>(), start in 0usize..3) {
            let starts = [
                "4k4/9/9/9/5R3/9/9/9/K8 b - 1",
                "4k4/9/9/9/4r4/9/9/9/4K4 b G 1",
                "8k/9/9/9/3r5/9/9/9/4K4 w - 1",
            ];
            let mut g = game(starts[start]);
            let mut seen = vec![snapshot(g.position())];
            let mut rng = Xorshift::new(seed);
            play_counting(&mut g, &mut rng, &mut seen, 200)?;
            // Half taken back, then other moves: the counts follow the undos too.
            for _ in 0..g.moves().len() / 2 {
                g.undo();
                seen.pop();
            }
            play_counting(&mut g, &mut rng, &mut seen, 100)?;
            while g.undo().is_some() {
                seen.pop();
                prop_assert_eq!(&snapshot(g.position()), seen.last().unwrap());
            }
            prop_assert_eq!(g.position(), g.start());
        }

        /// Long histories (the game played on past its fourfold repetition): the count
        /// stays exact as the index of the history doubles its buckets (at 256, 512 and
        /// 1,024 positions) and as moves are taken back across those sizes.
        #[test]
        fn repetition_count_matches_past_the_chains_doubling(seed in any::<u64>()) {
            // Keys stand for positions here (the test above checks them against whole
            // positions); what is checked is the index of the history. Bare kings and a
            // silver: no mate ends the walk.
            let mut g = game("4k4/9/9/9/9/9/9/9/4K4 b S 1");
            let mut seen = vec![g.position().key()];
            let mut rng = Xorshift::new(seed);
            for round in 0..3 {
                for _ in 0..700 {
                    let moves = g.position().legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    g.play_unchecked(rng.pick(&moves));
                    let now = g.position().key();
                    seen.push(now);
                    let exact = seen.iter().filter(|&&k| k == now).count();
                    prop_assert_eq!(usize::from(g.repetitions()), exact.min(255));
                }
                for _ in 0..300 + 100 * round {
                    if g.undo().is_none() {
                        break;
                    }
                    seen.pop();
                    let now = *seen.last().unwrap();
                    let exact = seen.iter().filter(|&&k| k == now).count();
                    prop_assert_eq!(usize::from(g.repetitions()), exact.min(255));
                }
            }
            // 700 plies, 400 after the first undos, 1,100, 800, 1,500 at most, 900 at the end.
            prop_assert_eq!(g.moves().len(), 900);
        }

        /// A game read back from its USI line has the same start, moves and position.
        #[test]
        fn usi_line_round_trip(seed in any::<u64>(), plies in 0usize..120, handicap in 0usize..16) {
            let mut g = Game::from_handicap(masu_shogi::Handicap::ALL[handicap]);
            let mut rng = Xorshift::new(seed);
            for _ in 0..plies {
                if g.is_over() {
                    break;
                }
                let moves = g.position().legal_moves();
                g.play(rng.pick(&moves)).unwrap();
            }
            let line = g.to_usi();
            let back = Game::from_usi(&line).unwrap();
            prop_assert_eq!(back.to_usi(), line);
            prop_assert_eq!(&back, &g);
        }
    }
}
