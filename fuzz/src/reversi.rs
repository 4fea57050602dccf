//! Reversi targets: the transcript and board-string parsers, random move sequences through
//! `Game`, and the exact solver on arbitrary positions.

use std::ops::ControlFlow;

use reversi::{
    Board, Color, Game, Move, PassStyle, ScoreRule, Solution, SolveLimits, SolveOutcome, Solver,
    Square, Symmetry, parse_transcript, write_transcript,
};

/// Transcripts: parsing never panics; a parsed transcript replays, and writes back to text that
/// parses to the same moves, passes written or left out (a final one is written anyway).
pub fn check_reversi_transcript(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(moves) = parse_transcript(&Board::new(), text) else {
        return;
    };
    let written = write_transcript(&moves, PassStyle::Write);
    assert_eq!(
        parse_transcript(&Board::new(), &written).ok().as_deref(),
        Some(&moves[..])
    );
    let game =
        Game::from_transcript(text).unwrap_or_else(|e| panic!("parsed but not replayed: {e}"));
    assert_eq!(game.moves(), &moves[..]);
    let omitted = parse_transcript(&Board::new(), &write_transcript(&moves, PassStyle::Omit));
    assert_eq!(omitted.ok().as_deref(), Some(&moves[..]));
}

/// Board strings: parsing never panics; a parsed board prints back to a string that parses to
/// the same board, its rules queries agree with each other, and its picture at any square
/// size draws each disc.
pub fn check_reversi_board(data: &[u8]) {
    let Ok(board) = Board::from_ascii(data) else {
        return;
    };
    assert_eq!(board.to_string().parse::<Board>(), Ok(board));
    assert_eq!(board.player() & board.opponent(), 0);
    for sq in Square::ALL {
        let legal = board.legal_moves() & sq.bit() != 0;
        assert_eq!(board.flips(sq) != 0, legal);
        assert_eq!(
            board.play(Move::Play(sq)).is_ok(),
            legal && !board.is_game_over()
        );
    }
    assert_eq!(board.play(Move::Pass).is_ok(), board.must_pass());
    let (canonical, sym) = board.canonical();
    assert_eq!(board.transform(sym), canonical);
    // Its picture, at a square size taken from the discs (any u32): a disc for each disc.
    let options = reversi::svg::SvgOptions {
        square_size: (board.player() ^ (board.opponent() >> 32)) as u32,
        last_move: board.moves().next(),
        ..reversi::svg::SvgOptions::default()
    };
    let svg = reversi::svg::render(&board, &options);
    let discs = (board.player() | board.opponent()).count_ones() as usize;
    assert_eq!(svg.matches("class=\"disc ").count(), discs);
}

/// Random move sequences: each byte picks a square (legal or not) or a pass; `Game` must
/// accept exactly the legal ones, keep its invariants, and undo back to the start.
pub fn check_reversi_game(data: &[u8]) {
    let mut game = Game::new();
    for &byte in data {
        let board = *game.board();
        let mv = if byte >= 64 {
            Move::Pass
        } else {
            Move::Play(Square::ALL[usize::from(byte)])
        };
        let legal = board.is_legal(mv) && !board.is_game_over();
        assert_eq!(game.play(mv).is_ok(), legal, "{board} {mv}");
        if !legal {
            assert_eq!(*game.board(), board);
        }
        let now = game.board();
        assert_eq!(now.player() & now.opponent(), 0);
        assert_eq!(
            now.transform(Symmetry::Rotate90)
                .transform(Symmetry::Rotate270),
            *now
        );
    }
    let played = game.moves().len();
    for _ in 0..played {
        assert!(game.undo().is_some());
    }
    assert_eq!(*game.board(), Board::new());
    assert_eq!(game.undo(), None);
}

/// Most empty squares of a solver input: enough for the table, its prefetch hints (from 10
/// empties) and the enhanced transposition cut-offs, few enough to solve in milliseconds.
const SOLVE_EMPTIES: u32 = 13;
/// Up to this many empties the solver's score is checked against a plain negamax.
const NEGAMAX_EMPTIES: u32 = 8;

/// The exact solver on arbitrary positions (the first 16 bytes pick the discs and the empty
/// squares, at most `SOLVE_EMPTIES` of them; the next byte the side to move): dispatched and
/// portable searches agree, the score lies in -64..=64, the best move is legal and its child
/// solves to minus the score, and with few empties the score is the plain negamax's.
pub fn check_reversi_solve(data: &[u8]) {
    let Some(board) = solver_input(data) else {
        return;
    };
    let mut solver = Solver::new(1 << 20);
    let solution = solved(solver.solve(&board, SolveLimits::none(), |_| ControlFlow::Continue(())));
    let portable =
        solved(solver.solve_portable(&board, SolveLimits::none(), |_| ControlFlow::Continue(())));
    assert_eq!(solution.score, portable.score, "{board}");
    assert!((-64..=64).contains(&solution.score), "{board}");
    match solution.best_move {
        None => assert!(board.is_game_over(), "{board}"),
        Some(mv) => {
            let child = board
                .play(mv)
                .unwrap_or_else(|e| panic!("{board} {mv}: {e}"));
            let reply =
                solved(solver.solve(&child, SolveLimits::none(), |_| ControlFlow::Continue(())));
            assert_eq!(solution.score, -reply.score, "{board} {mv}");
        }
    }
    if board.empty_count() <= NEGAMAX_EMPTIES {
        assert_eq!(solution.score, negamax(&board), "{board}");
    }
}

/// A position with at most `SOLVE_EMPTIES` empty squares from the input's first 17 bytes.
fn solver_input(data: &[u8]) -> Option<Board> {
    let word = |i: usize| Some(u64::from_le_bytes(data.get(i..i + 8)?.try_into().ok()?));
    let (discs, mut empty) = (word(0)?, word(8)?);
    while empty.count_ones() > SOLVE_EMPTIES {
        empty &= empty - 1;
    }
    let side = if data.get(16)? & 1 == 0 {
        Color::Black
    } else {
        Color::White
    };
    Board::from_bitboards(discs & !empty, !discs & !empty, side).ok()
}

fn solved(outcome: SolveOutcome) -> Solution {
    match outcome {
        SolveOutcome::Solved(solution) => solution,
        SolveOutcome::Stopped { .. } => panic!("a solve without limits stopped"),
    }
}

/// The final score for the side to move, empties to the winner.
fn final_score(board: &Board) -> i32 {
    let black = board.score(ScoreRule::EmptiesToWinner);
    if board.side_to_move() == Color::Black {
        black
    } else {
        -black
    }
}

/// The exact score by trying every line, over the public rules only.
fn negamax(board: &Board) -> i32 {
    if board.is_game_over() {
        return final_score(board);
    }
    if board.must_pass() {
        return -negamax(&board.pass_unchecked());
    }
    board
        .moves()
        .map(|sq| -negamax(&board.play_unchecked(sq)))
        .max()
        .unwrap_or_else(|| unreachable!("a side that need not pass has a move"))
}
