//! The exact solver against a plain negamax over the public rules, on random positions with
//! few empties: self-play positions (realistic) and random disc placements (lopsided ones,
//! with wipe-outs and +64 wins, included), through both the dispatched and the portable code.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    reason = "test helpers panic on failure"
)]

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use masu_reversi::{Board, Color, Game, Move, ScoreRule, SolveLimits, SolveOutcome, Solver};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// Most empties in a generated position: the negamax below visits every line.
const MAX_EMPTIES: u32 = 9;

/// The side to move's final score with best play, empties to the winner, by full search.
fn negamax(board: &Board) -> i32 {
    if board.is_game_over() {
        let black = board.score(ScoreRule::EmptiesToWinner);
        return if board.side_to_move() == Color::Black {
            black
        } else {
            -black
        };
    }
    if board.must_pass() {
        return -negamax(&board.pass().unwrap());
    }
    board
        .moves()
        .map(|sq| -negamax(&board.play_unchecked(sq)))
        .max()
        .expect("a side that need not pass has a move")
}

/// Plays `choices` from the start (each byte picks a legal move) until `MAX_EMPTIES` or fewer
/// squares are empty, then continues to `stop_at` empties or the end of the game.
fn self_play(choices: &[u8], stop_at: u32) -> Board {
    let mut game = Game::new();
    let mut picks = choices.iter().cycle();
    while !game.board().is_game_over() && game.board().empty_count() > stop_at {
        let board = *game.board();
        let moves: Vec<_> = board.moves().collect();
        let mv = if moves.is_empty() {
            Move::Pass
        } else {
            Move::Play(moves[usize::from(*picks.next().unwrap()) % moves.len()])
        };
        game.play(mv).unwrap();
    }
    *game.board()
}

/// A board with the squares of `empties` empty and every other square black where `owner` has
/// a one bit, white where it has a zero.
fn placed(owner: u64, empties: u64, side: Color) -> Board {
    let black = owner & !empties;
    let white = !owner & !empties;
    Board::from_colors(black, white, side).unwrap()
}

fn solve(board: &Board, portable: bool) -> (i32, Option<Move>) {
    let mut solver = Solver::new(1 << 20);
    let no_stop = |_: &_| ControlFlow::Continue(());
    let outcome = if portable {
        solver.solve_portable(board, SolveLimits::none(), no_stop)
    } else {
        solver.solve(board, SolveLimits::none(), no_stop)
    };
    match outcome {
        SolveOutcome::Solved(s) => (s.score, s.best_move),
        SolveOutcome::Stopped { .. } => panic!("stopped without limits"),
    }
}

/// The solver's score equals the negamax, and its move (if any) is legal and reaches it.
fn check(board: &Board) -> Result<(), TestCaseError> {
    let expected = negamax(board);
    for portable in [false, true] {
        let (score, best) = solve(board, portable);
        prop_assert_eq!(score, expected, "{} (portable: {})", board, portable);
        match best {
            None => prop_assert!(board.is_game_over()),
            Some(mv) => {
                let child = board.play(mv);
                prop_assert!(child.is_ok(), "illegal best move {} on {}", mv, board);
                prop_assert_eq!(-negamax(&child.unwrap()), expected, "move {}", mv);
            }
        }
    }
    Ok(())
}

/// For positions too large for the negamax: the solver's score is the best of its children's
/// scores, each solved on its own (a different root, so different pre-pass windows and table
/// contents), and its move reaches it.
fn check_by_children(board: &Board) -> Result<(), TestCaseError> {
    let (score, best) = solve(board, false);
    let by_children = if board.is_game_over() {
        negamax(board)
    } else if board.must_pass() {
        -solve(&board.pass().unwrap(), false).0
    } else {
        board
            .moves()
            .map(|sq| -solve(&board.play_unchecked(sq), false).0)
            .max()
            .unwrap()
    };
    prop_assert_eq!(score, by_children, "{}", board);
    if let Some(mv) = best {
        prop_assert_eq!(
            -solve(&board.play(mv).unwrap(), false).0,
            score,
            "move {}",
            mv
        );
    }
    Ok(())
}

/// Every square black where `owner` has a one bit, white where it has a zero, except the
/// empty ones; a `bias` of 1-3 ANDs in rotated copies of `owner`, so black holds far fewer
/// discs and wipe-outs and +64 wins become common.
fn biased(owner: u64, bias: u32, empty_squares: &BTreeSet<u8>, white_to_move: bool) -> Board {
    let owner = (0..bias).fold(owner, |o, i| o & o.rotate_left(7 + 13 * i));
    let empties = empty_squares.iter().fold(0u64, |e, &sq| e | 1 << sq);
    let side = if white_to_move {
        Color::White
    } else {
        Color::Black
    };
    placed(owner, empties, side)
}

/// A self-play position with a wipe-out among its moves: once the best root move reaches +64,
/// no later move can beat it, and the pre-pass used to search them with a window beyond the
/// scores (a cut there returned -66, which then failed an assertion). The generated positions
/// below did not hit this; this one did.
#[test]
fn wipe_out_at_the_root_is_solved() {
    let board: Board = "XOX-----XXO-----XXXOOOO-XXXXOOO-XXXXXOOOXXXXOXO-XXXXOOO-XXXX--OX X"
        .parse()
        .unwrap();
    for portable in [false, true] {
        let (score, best) = solve(&board, portable);
        assert_eq!(score, 64);
        // The move found leads to a position the opponent loses by 64.
        assert_eq!(solve(&board.play(best.unwrap()).unwrap(), portable).0, -64);
    }
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 192,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x50_1e),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn self_play_endgames_match_negamax(
        choices in prop::collection::vec(any::<u8>(), 1..80),
        stop_at in 0..=MAX_EMPTIES,
    ) {
        check(&self_play(&choices, stop_at))?;
    }

    #[test]
    fn the_score_is_the_final_score_for_the_side_to_move(
        choices in prop::collection::vec(any::<u8>(), 1..80),
        stop_at in 0..=MAX_EMPTIES,
    ) {
        let board = self_play(&choices, stop_at);
        let (score, _) = solve(&board, false);
        let mut end = board;
        while let (_, Some(mv)) = solve(&end, false) {
            end = end.play(mv).unwrap();
        }
        let side = board.side_to_move();
        prop_assert_eq!(score, end.score_for(side, ScoreRule::EmptiesToWinner));
        // `Board::score` is Black's point of view.
        let black = if side == Color::Black { score } else { -score };
        prop_assert_eq!(black, end.score(ScoreRule::EmptiesToWinner));
    }

    #[test]
    fn random_placements_match_negamax(
        owner in any::<u64>(),
        bias in 0u32..4,
        empty_squares in prop::collection::btree_set(0u8..64, 0..=MAX_EMPTIES as usize),
        white_to_move in any::<bool>(),
    ) {
        check(&biased(owner, bias, &empty_squares, white_to_move))?;
    }

    #[test]
    fn larger_placements_match_their_children(
        owner in any::<u64>(),
        bias in 0u32..4,
        empty_squares in prop::collection::btree_set(0u8..64, 10..=16),
        white_to_move in any::<bool>(),
    ) {
        check_by_children(&biased(owner, bias, &empty_squares, white_to_move))?;
    }

    #[test]
    fn near_wipe_outs_match_their_children(
        opponent_squares in prop::collection::btree_set(0u8..64, 1..=12),
        empty_squares in prop::collection::btree_set(0u8..64, 10..=16),
    ) {
        // The side to move holds every other square: several root moves may win by 64, and
        // the ones after the first must not be searched beyond the scores.
        let opponent = opponent_squares.iter().fold(0u64, |e, &sq| e | 1 << sq);
        let empties = empty_squares.iter().fold(0u64, |e, &sq| e | 1 << sq) & !opponent;
        let board = Board::from_bitboards(!opponent & !empties, opponent, Color::Black).unwrap();
        check_by_children(&board)?;
    }
}
