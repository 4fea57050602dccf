//! What the errors say: each names what was wrong and what is expected instead.

use masu_reversi::{Board, Color, Game, Move, Square};

/// The message of `result`'s error.
fn message<T: std::fmt::Debug, E: std::fmt::Display>(result: Result<T, E>) -> String {
    match result {
        Ok(value) => panic!("expected an error, got {value:?}"),
        Err(err) => err.to_string(),
    }
}

#[test]
fn parse_errors_say_what_is_expected() {
    assert_eq!(
        message("i9".parse::<Square>()),
        "invalid square: expected a file a-h and a rank 1-8, such as f5"
    );
    assert_eq!(
        message("zz".parse::<Move>()),
        "invalid move: expected a square such as f5, or pass"
    );
    assert_eq!(
        message("red".parse::<Color>()),
        "invalid color: expected black, white, X or O"
    );
    let bad_square = format!("{}?{} X", "-".repeat(10), "-".repeat(53));
    assert_eq!(
        message(bad_square.parse::<Board>()),
        "invalid square character at index 10: expected X, O or -"
    );
    assert_eq!(
        message(Game::from_transcript("1. f5")),
        "invalid move text at byte 0: expected a square such as f5, or pass (no move numbers)"
    );
}

#[test]
fn an_illegal_move_says_why_a_move_can_be_illegal() {
    // a1 is empty but flips nothing; d4 is taken: one variant, one message for both.
    for (text, square) in [("f5a1", "a1"), ("f5d4", "d4")] {
        assert_eq!(
            message(Game::from_transcript(text)),
            format!(
                "move 2 (byte 2): illegal move {square}: the square is taken or the disc \
                 would flip nothing"
            )
        );
    }
}

/// A list of moves that does not play is an error type of its own, which `?` turns into a
/// boxed error (a tuple did not), naming the move by its place from 1.
#[test]
fn a_list_of_moves_that_does_not_play_is_an_error() -> Result<(), Box<dyn std::error::Error>> {
    let moves = [Move::Play("f5".parse()?), Move::Pass];
    let err = Game::from_moves(Board::new(), &moves).err();
    let boxed: Option<Box<dyn std::error::Error>> = err.map(Into::into);
    assert_eq!(
        boxed.map(|e| e.to_string()).as_deref(),
        Some("move 2 of the list: illegal pass: a move is available")
    );
    let game = Game::from_moves(Board::new(), &moves[..1])?;
    assert_eq!(game.moves().len(), 1);
    Ok(())
}
