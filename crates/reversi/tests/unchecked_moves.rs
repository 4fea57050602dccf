//! A move played unchecked anywhere, even on a disc, gives a board of one disc a square,
//! which the solver and the players take: on an opponent's disc it made a square both
//! sides' (65 discs from the start), and the solver's pattern indices went out of bounds.
#![allow(clippy::unwrap_used, reason = "test code")]

use std::ops::ControlFlow;

use masu_reversi::{AlphaBetaPlayer, Board, Color, Player, SolveLimits, Solver, Square};

#[test]
fn an_unchecked_move_on_any_square_gives_a_board_every_search_takes() {
    let endgame: Board = "XO-O--XO-XOOOOOO-OXOOOXO-XOXOXOO-XXOXOOO--XXOXOO--OOXXOO-OOOXX-- X"
        .parse()
        .unwrap();
    let mut solver = Solver::new(1 << 20);
    for board in [Board::new(), endgame] {
        for sq in Square::ALL {
            let after = board.play_unchecked(sq);
            let (black, white) = (after.discs(Color::Black), after.discs(Color::White));
            assert_eq!(black & white, 0, "{board} {sq}");
            assert_eq!(
                after.color_on(sq),
                Some(board.side_to_move()),
                "{board} {sq}"
            );
            assert_eq!(
                after.count(Color::Black) + after.count(Color::White) + after.empty_count(),
                64
            );
            if after.empty_count() <= 14 {
                let limits = SolveLimits {
                    nodes: Some(2_000_000),
                    time: None,
                };
                let _ = solver.solve(&after, limits, |_| ControlFlow::Continue(()));
            }
            let _ = AlphaBetaPlayer::new(3, 0).choose(&after);
        }
    }
}
