//! Players: legal moves only, reproducible with a seed, and stronger players beat weaker ones.
#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use masu_reversi::{
    AlphaBetaPlayer, Board, Color, Game, GreedyPlayer, InterruptFn, MonteCarloPlayer, Move, Player,
    RandomPlayer, ScoreRule, play_game,
};

/// Plays `games` games with `strong` taking black and white in turn; returns its wins.
fn wins(strong: &mut dyn Player, weak: &mut dyn Player, games: u32) -> u32 {
    (0..games)
        .filter(|g| {
            let (game, color) = if g % 2 == 0 {
                (play_game(strong, weak, Game::new()), Color::Black)
            } else {
                (play_game(weak, strong, Game::new()), Color::White)
            };
            game.winner() == Some(color)
        })
        .count() as u32
}

/// Every answer along a game must be legal (checked by `Game::play`, which errors otherwise).
fn plays_legally(player: &mut dyn Player) {
    let mut game = Game::new();
    let mut other = RandomPlayer::new(99);
    while !game.is_over() {
        let board = *game.board();
        let mv = if board.side_to_move() == Color::Black {
            player.choose(&board)
        } else {
            other.choose(&board)
        };
        game.play(mv.unwrap()).unwrap();
    }
    assert_eq!(player.choose(game.board()), None);
}

#[test]
fn every_player_plays_legal_moves() {
    plays_legally(&mut RandomPlayer::new(1));
    plays_legally(&mut GreedyPlayer);
    plays_legally(&mut MonteCarloPlayer::new(8, 2));
    plays_legally(&mut AlphaBetaPlayer::new(2, 8));
}

#[test]
fn forced_pass_is_returned() {
    // White to move has no move; black does: white must pass.
    let board: Board = "XO-------------------------------------------------------------- O"
        .parse()
        .unwrap();
    assert!(board.must_pass());
    assert_eq!(GreedyPlayer.choose(&board), Some(Move::Pass));
    assert_eq!(RandomPlayer::new(0).choose(&board), Some(Move::Pass));
}

#[test]
fn same_seed_same_game() {
    let a = play_game(
        &mut RandomPlayer::new(5),
        &mut MonteCarloPlayer::new(4, 6),
        Game::new(),
    );
    let b = play_game(
        &mut RandomPlayer::new(5),
        &mut MonteCarloPlayer::new(4, 6),
        Game::new(),
    );
    assert_eq!(a.moves(), b.moves());
    let c = play_game(
        &mut RandomPlayer::new(8),
        &mut MonteCarloPlayer::new(4, 6),
        Game::new(),
    );
    assert_ne!(a.moves(), c.moves());
}

#[test]
fn stronger_players_win() {
    assert!(
        wins(
            &mut MonteCarloPlayer::new(32, 3),
            &mut RandomPlayer::new(4),
            10
        ) >= 8
    );
    assert!(
        wins(
            &mut AlphaBetaPlayer::new(3, 10),
            &mut RandomPlayer::new(5),
            10
        ) >= 9
    );
    assert!(wins(&mut AlphaBetaPlayer::new(3, 10), &mut GreedyPlayer, 4) >= 3);
}

#[test]
fn alpha_beta_solves_the_endgame_exactly() {
    // FFO #40 minus nothing: 20 empties, black's only winning-by-38 move is a2.
    let board: Board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
        .parse()
        .unwrap();
    let mut player = AlphaBetaPlayer::new(1, 20);
    assert_eq!(
        player.choose(&board),
        Some(Move::Play("a2".parse().unwrap()))
    );
    let end = play_game(
        &mut AlphaBetaPlayer::new(1, 20),
        &mut AlphaBetaPlayer::new(1, 20),
        Game::from_board(board),
    );
    assert_eq!(end.score(ScoreRule::EmptiesToWinner), 38);
}

#[test]
fn an_interrupt_stops_a_deep_alpha_beta_search_with_a_legal_move() {
    // Depth 30 from the opening would not end in a lifetime; the check answers `true` on
    // its third question, a few milliseconds in.
    let (check, asked) = true_on_the_third_question();
    let mut player = AlphaBetaPlayer::new(30, 14);
    player.set_interrupt(Some(check));
    chooses_a_legal_move_at_once(&mut player);
    assert!(asked.load(Ordering::Relaxed) >= 3);
    // The exact solve, asked at 20 empties with a deep solve set: stopped the same way.
    let mut game = Game::new();
    let mut random = RandomPlayer::new(7);
    while game.board().empty_count() > 24 {
        let mv = random.choose(game.board()).unwrap();
        game.play(mv).unwrap();
    }
    let mut solver_player = AlphaBetaPlayer::new(4, 60);
    solver_player.set_interrupt(Some(Arc::new(|| true)));
    let board = *game.board();
    let started = Instant::now();
    let answer = solver_player.choose(&board);
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(game.play(answer.unwrap()).is_ok());
}

#[test]
fn an_interrupt_stops_a_monte_carlo_player_with_a_legal_move() {
    // A billion playouts a move would take hours; the check stops them on its third
    // question, after a few thousand.
    let (check, asked) = true_on_the_third_question();
    let mut player = MonteCarloPlayer::new(1_000_000_000, 1);
    player.set_interrupt(Some(check));
    chooses_a_legal_move_at_once(&mut player);
    assert_eq!(asked.load(Ordering::Relaxed), 3);
    // Without a check, a few playouts a move decide as before.
    assert!(MonteCarloPlayer::new(8, 1).choose(&Board::new()).is_some());
}

/// An interrupt check that answers `true` from its third question on, and its count of
/// questions.
fn true_on_the_third_question() -> (InterruptFn, Arc<AtomicU32>) {
    let asked = Arc::new(AtomicU32::new(0));
    let counter = Arc::clone(&asked);
    let check: InterruptFn = Arc::new(move || counter.fetch_add(1, Ordering::Relaxed) >= 2);
    (check, asked)
}

/// `player` answers a legal move of the opening within seconds.
fn chooses_a_legal_move_at_once(player: &mut dyn Player) {
    let board = Board::new();
    let started = Instant::now();
    let Some(Move::Play(sq)) = player.choose(&board) else {
        panic!("a move to play")
    };
    assert!(board.moves().any(|m| m == sq));
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// 0 playouts or depth 0 is a mistake the checked constructors name; `new` takes it as 1.
#[test]
fn zero_playouts_or_depth_is_an_error_of_try_new() {
    use masu_reversi::PlayerError;

    assert_eq!(
        MonteCarloPlayer::try_new(0, 1).err(),
        Some(PlayerError::NoPlayouts)
    );
    assert_eq!(
        AlphaBetaPlayer::try_new(0, 14).err(),
        Some(PlayerError::NoDepth)
    );
    assert_eq!(
        PlayerError::NoDepth.to_string(),
        "depth is a whole number from 1, got 0"
    );
    assert_eq!(
        PlayerError::NoPlayouts.to_string(),
        "playouts is a whole number from 1, got 0"
    );
    let board = Board::new();
    let mut checked = MonteCarloPlayer::try_new(1, 7).unwrap();
    assert_eq!(
        checked.choose(&board),
        MonteCarloPlayer::new(0, 7).choose(&board)
    );
    let mut checked = AlphaBetaPlayer::try_new(1, 14).unwrap();
    assert_eq!(
        checked.choose(&board),
        AlphaBetaPlayer::new(0, 14).choose(&board)
    );
}
