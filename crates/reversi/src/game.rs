//! A game: a start position, the moves played, undo, and transcripts.
//!
//! ```
//! use masu_reversi::{Color, Game, Move, PassStyle, PlayError, ScoreRule};
//!
//! let mut game = Game::from_transcript("f5d6c3d3c4f4c5b3c2")?;
//! assert_eq!(game.board().side_to_move(), Color::White);
//! assert_eq!(game.play(Move::Pass), Err(PlayError::PassWithMoves));
//! game.play(Move::Play("e6".parse()?))?;
//! assert_eq!(game.undo(), Some(Move::Play("e6".parse()?)));
//! assert_eq!(game.transcript(PassStyle::Omit), "f5d6c3d3c4f4c5b3c2");
//! assert!(!game.is_over());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use crate::board::{Board, PlayError, ScoreRule};

/// A move of [`Game::from_moves`]'s list that cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("move {} of the list: {error}", ply + 1)]
pub struct FromMovesError {
    /// Index of the move in the list, from 0 (the message counts from 1).
    pub ply: usize,
    /// Why it could not be played.
    pub error: PlayError,
}
use crate::color::Color;
use crate::mv::Move;
use crate::notation::{ParseTranscriptError, PassStyle, replay_transcript, write_transcript};

/// A game in progress or finished: every move is checked, and can be taken back.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Game {
    start: Board,
    /// `boards[i]` is the position before `moves[i]`; the current one is kept separately.
    boards: Vec<Board>,
    moves: Vec<Move>,
    board: Board,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard start.
    #[must_use]
    pub fn new() -> Game {
        Game::from_board(Board::new())
    }

    /// A game from any position.
    #[must_use]
    pub fn from_board(start: Board) -> Game {
        Game {
            start,
            boards: Vec::new(),
            moves: Vec::new(),
            board: start,
        }
    }

    /// A game from the standard start and a transcript (passes written or not).
    ///
    /// # Errors
    ///
    /// [`ParseTranscriptError`] for bad text or an illegal move.
    pub fn from_transcript(text: &str) -> Result<Game, ParseTranscriptError> {
        Game::from_transcript_at(Board::new(), text)
    }

    /// A game from `start` and a transcript.
    ///
    /// # Errors
    ///
    /// [`ParseTranscriptError`] for bad text or an illegal move.
    pub fn from_transcript_at(start: Board, text: &str) -> Result<Game, ParseTranscriptError> {
        let mut game = Game::from_board(start);
        game.board = replay_transcript(&start, text, |before, mv| {
            game.boards.push(before);
            game.moves.push(mv);
        })?;
        Ok(game)
    }

    /// A game from `start` and a list of moves, passes written out.
    ///
    /// # Errors
    ///
    /// [`FromMovesError`]: the index of the first illegal move and why.
    pub fn from_moves(start: Board, moves: &[Move]) -> Result<Game, FromMovesError> {
        let mut game = Game::from_board(start);
        for (ply, &mv) in moves.iter().enumerate() {
            game.play(mv)
                .map_err(|error| FromMovesError { ply, error })?;
        }
        Ok(game)
    }

    /// The current position.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The position the game started from.
    #[must_use]
    pub const fn start(&self) -> &Board {
        &self.start
    }

    /// The moves played so far, passes included.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The positions before each move, oldest first.
    #[must_use]
    pub fn history(&self) -> &[Board] {
        &self.boards
    }

    /// Plays a checked move or pass.
    ///
    /// # Errors
    ///
    /// [`PlayError`]: illegal square, a pass that is not forced, or a move after the end.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        let next = self.board.play(mv)?;
        self.boards.push(self.board);
        self.moves.push(mv);
        self.board = next;
        Ok(())
    }

    /// Takes back the last move and returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.board = self.boards.pop().unwrap_or(self.start);
        Some(mv)
    }

    /// Whether neither side can move.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.board.is_game_over()
    }

    /// The winner of a finished game (`None` for a draw or a game still going).
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        if self.is_over() {
            self.board.winner()
        } else {
            None
        }
    }

    /// Black's score minus white's on the current board.
    #[must_use]
    pub fn score(&self, rule: ScoreRule) -> i32 {
        self.board.score(rule)
    }

    /// The moves as a transcript.
    #[must_use]
    pub fn transcript(&self, style: PassStyle) -> String {
        write_transcript(&self.moves, style)
    }
}
