//! `masu.reversi`: the board, the exact endgame solver, perft and the computer players.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use reversi::{
    AlphaBetaPlayer, Color, Game, GreedyPlayer, MonteCarloPlayer, Move, ParseTranscriptError,
    PassStyle, PerftMode, Player, RandomPlayer, ScoreRule, SolveLimits, SolveOutcome,
};

use crate::args::{Int, count, count_from, optional_count, seconds, table_bytes};
use crate::errors::{illegal_move, value_error, wrong_type};
use crate::pickle::{Reduced, reduce_with};
use crate::repr::py_repr;
use crate::shared_texts;
use crate::wait::{Signals, run_interruptible};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    m.add_class::<Computer>()?;
    m.add_class::<ReversiSolver>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    Ok(())
}

/// A reversi (othello) board with its history.
///
/// `Board()` is the standard start; `Board(text)` reads the 64-character board string of
/// FFO and OBF files (`a1` ... `h8`, `X` black, `O` white, `-` empty) and the side to move.
#[pyclass(module = "masu.reversi", name = "Board", skip_from_py_object)]
#[derive(Clone)]
pub(crate) struct Board {
    game: Game,
}

fn color_index(color: Color) -> u8 {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// IllegalMoveError for a transcript's illegal move, as `Board.play` raises for one (and
/// `masu.shogi` for a `position` line's), ValueError for text that is not a move.
fn transcript_error(err: ParseTranscriptError) -> PyErr {
    match err {
        ParseTranscriptError::Illegal { .. } => illegal_move(err),
        _ => value_error(err),
    }
}

fn parse_move(text: &str) -> PyResult<reversi::Move> {
    text.parse()
        .map_err(|e| value_error(format!("{e}, got {text:?}")))
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (text = None))]
    fn new(text: Option<&str>) -> PyResult<Board> {
        let start = match text {
            None => reversi::Board::new(),
            Some(t) => t.parse().map_err(value_error)?,
        };
        Ok(Board {
            game: Game::from_board(start),
        })
    }

    /// A game from the standard start and a transcript (`f5d6c3...`, passes written or
    /// left out). Raises ValueError for bad text, IllegalMoveError (a ValueError) for an
    /// illegal move.
    #[staticmethod]
    fn from_transcript(transcript: &str) -> PyResult<Board> {
        let game = Game::from_transcript(transcript).map_err(transcript_error)?;
        Ok(Board { game })
    }

    /// The moves played, run together (`f5d6c3`), passes written as `pass` when
    /// `passes` is true and left out otherwise (but for a pass that ends the moves, which
    /// nothing after it would bring back): `from_transcript` reads either back to this
    /// game.
    #[pyo3(signature = (passes = false))]
    fn transcript(&self, passes: bool) -> String {
        let style = if passes {
            PassStyle::Write
        } else {
            PassStyle::Omit
        };
        self.game.transcript(style)
    }

    /// The legal squares of the side to move (`["d3", "c4", ...]`); empty when it must
    /// pass or the game is over.
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyString>> {
        let moves = self.game.board().moves();
        moves
            .map(|sq| shared_texts::reversi_move(py, Move::Play(sq)))
            .collect()
    }

    /// Plays a square (`"f5"`) or a forced `"pass"`. Raises ValueError for bad text,
    /// IllegalMoveError for an illegal move.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        // Extracted here: PyO3's own TypeError would name the argument `r#move`.
        let text = r#move
            .cast::<PyString>()
            .map_err(|_| wrong_type("a move is a str such as \"f5\" or \"pass\"", r#move))?;
        let m = parse_move(&text.to_cow()?)?;
        self.game.play(m).map_err(illegal_move)
    }

    /// Passes (only when the side to move has no move). Raises IllegalMoveError otherwise.
    #[pyo3(name = "pass_")]
    fn pass_move(&mut self) -> PyResult<()> {
        self.game.play(reversi::Move::Pass).map_err(illegal_move)
    }

    /// Takes back the last move (or pass) and returns it. Raises IndexError at the start.
    fn undo<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.game
            .undo()
            .map(|m| shared_texts::reversi_move(py, m))
            .ok_or_else(|| PyIndexError::new_err("no move to take back"))
    }

    /// Whether the side to move has no move but the game goes on.
    fn must_pass(&self) -> bool {
        self.game.board().must_pass()
    }

    /// Whether neither side can move.
    fn is_game_over(&self) -> bool {
        self.game.is_over()
    }

    /// The winner of a finished game: 0 black, 1 white, `None` for a draw or a game going on.
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.game.winner().map(color_index)
    }

    /// Black's discs minus White's; with `empties_to_winner` the empty squares count for
    /// the side ahead (the rule of official results and FFO scores).
    #[pyo3(signature = (empties_to_winner = false))]
    fn score(&self, empties_to_winner: bool) -> i32 {
        let rule = if empties_to_winner {
            ScoreRule::EmptiesToWinner
        } else {
            ScoreRule::Plain
        };
        self.game.score(rule)
    }

    /// The number of discs of each side: (black, white).
    fn discs(&self) -> (u32, u32) {
        let b = self.game.board();
        (b.count(Color::Black), b.count(Color::White))
    }

    /// The side to move: 0 black, 1 white.
    #[getter]
    fn turn(&self) -> u8 {
        color_index(self.game.board().side_to_move())
    }

    /// The moves played, passes included.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyString>> {
        self.game
            .moves()
            .iter()
            .map(|&m| shared_texts::reversi_move(py, m))
            .collect()
    }

    /// Pickles as the start position and the moves, passes written.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, (String, String)> {
        let game = &slf.borrow().game;
        let state = (game.start().to_string(), game.transcript(PassStyle::Write));
        reduce_with(slf, state)
    }

    /// The game of a pickled state. Raises ValueError for bad text, IllegalMoveError for
    /// an illegal move.
    #[classmethod]
    fn _from_state(_class: &Bound<'_, PyType>, state: (String, String)) -> PyResult<Board> {
        let (start, moves) = state;
        let start = start.parse().map_err(value_error)?;
        let game = Game::from_transcript_at(start, &moves).map_err(transcript_error)?;
        Ok(Board { game })
    }

    /// An independent copy, history included.
    fn copy(&self) -> Board {
        self.clone()
    }

    /// The diagram: a line of file letters, the eight ranks, and `X to move` or `O to move`.
    fn diagram(&self) -> String {
        format!("{:#}", self.game.board())
    }

    /// An SVG picture of the position: the last move marked, the legal moves shown
    /// (`legal_moves`), coordinates, `size` pixels a square (8 to 65,536).
    #[pyo3(signature = (size = 40, legal_moves = true))]
    fn to_svg(&self, size: u32, legal_moves: bool) -> String {
        let options = reversi::svg::SvgOptions {
            last_move: self.game.moves().last().and_then(|m| m.square()),
            legal_moves,
            square_size: size,
            ..reversi::svg::SvgOptions::default()
        };
        reversi::svg::render(self.game.board(), &options)
    }

    /// The SVG picture Jupyter shows.
    fn _repr_svg_(&self) -> String {
        self.to_svg(40, true)
    }

    /// Black's and White's discs as 64-bit masks, bit `i` for square `i` (`a1` = 0, `b1` =
    /// 1, ..., `h8` = 63): the input planes of a network, `(mask >> i) & 1`.
    fn bitboards(&self) -> (u64, u64) {
        let b = self.game.board();
        (b.discs(Color::Black), b.discs(Color::White))
    }

    fn __str__(&self) -> String {
        self.game.board().to_string()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.game.board())
    }

    /// Equal when the discs and the side to move are, whatever the histories (as
    /// `masu.shogi.Board` compares positions).
    fn __eq__(&self, other: &Board) -> bool {
        self.game.board() == other.game.board()
    }

    /// None, as `masu.shogi.Board`'s: a board is compared by value and changes, so a hash
    /// of it would lose it from a set or a dict once it moved on; `str(board)` is a key.
    #[classattr]
    #[allow(non_upper_case_globals)]
    const __hash__: Option<()> = None;
}

/// Solves the board exactly: (score for the side to move with empties to the winner, best
/// move or `None` when the game is over). `time` (seconds) and `nodes` limit the search
/// (`nodes` counts the search's nodes, not the shallow searches ordering each one's moves:
/// far from the end a node costs up to a second, so `time` is the limit of the wall
/// time); a limit hit, or Ctrl-C, raises TimeoutError or KeyboardInterrupt. The GIL is
/// released.
/// Each call sets up a table of its own (zeroing `hash_mb` takes milliseconds); a `Solver`
/// keeps one for many calls. `hash_mb` is a whole number from 1, `nodes` from 0;
/// ValueError otherwise.
#[pyfunction]
#[pyo3(signature = (board, hash_mb = 64, nodes = None, time = None))]
fn solve(
    py: Python<'_>,
    board: &Board,
    hash_mb: Int,
    nodes: Option<Int>,
    time: Option<f64>,
) -> PyResult<(i32, Option<String>)> {
    ReversiSolver::new(hash_mb)?.solve(py, board, nodes, time)
}

/// An exact endgame solver that keeps its table from one solve to the next: positions of
/// one game share entries, and a short endgame costs its search, not the zeroing of a new
/// table. Its methods release the GIL; Ctrl-C stops a solve and raises KeyboardInterrupt.
/// One solve at a time: a call while another thread's solve runs raises RuntimeError.
#[pyclass(module = "masu.reversi", name = "Solver")]
pub(crate) struct ReversiSolver {
    solver: reversi::Solver,
    signals: Signals,
    /// The table's size in MiB.
    #[pyo3(get)]
    hash_mb: usize,
}

#[pymethods]
impl ReversiSolver {
    /// A solver with a table of `hash_mb` MiB (a whole number from 1; 16 suits 20-30
    /// empties), reserved now. Raises ValueError for a table that cannot be had.
    #[new]
    #[pyo3(signature = (hash_mb = 64))]
    fn new(hash_mb: Int) -> PyResult<Self> {
        let bytes = table_bytes(hash_mb)?;
        let hash_mb = bytes >> 20;
        let mut solver = reversi::Solver::try_new(bytes).map_err(value_error)?;
        let signals = Signals::default();
        solver.set_interrupt(Some(signals.check()));
        Ok(ReversiSolver {
            solver,
            signals,
            hash_mb,
        })
    }

    /// Solves `board` as `masu.reversi.solve` does, with this solver's table.
    #[pyo3(signature = (board, nodes = None, time = None))]
    fn solve(
        &mut self,
        py: Python<'_>,
        board: &Board,
        nodes: Option<Int>,
        time: Option<f64>,
    ) -> PyResult<(i32, Option<String>)> {
        let limits = SolveLimits {
            nodes: optional_count("nodes", nodes)?,
            time: seconds(time)?,
        };
        let position = *board.game.board();
        let solver = &mut self.solver;
        let outcome = py.detach(|| solver.solve(&position, limits, |_| ControlFlow::Continue(())));
        let answer = match outcome {
            SolveOutcome::Solved(s) => Ok((s.score, s.best_move.map(|m| m.to_string()))),
            SolveOutcome::Stopped { .. } => Err(pyo3::exceptions::PyTimeoutError::new_err(
                "the solve stopped at its limit before an exact score",
            )),
        };
        self.signals.or_raised(answer)
    }

    /// Empties the table.
    fn clear(&mut self) {
        self.solver.clear();
    }

    fn __repr__(&self) -> String {
        format!("Solver(hash_mb={})", self.hash_mb)
    }
}

/// The number of leaves `depth` plies below `board`, a pass counting as a ply and a
/// finished game as one leaf wherever it ends (the common convention). The GIL is
/// released; Ctrl-C stops it and raises KeyboardInterrupt. ValueError for a `depth` below 0.
#[pyfunction]
fn perft(py: Python<'_>, board: &Board, depth: Int) -> PyResult<u64> {
    let depth: u32 = count("depth", depth)?;
    let position = *board.game.board();
    if depth <= PERFT_SUBTREE_PLIES {
        // Milliseconds at most: no thread to watch for Ctrl-C.
        return Ok(py.detach(|| reversi::perft(&position, depth, PerftMode::PassIsPly)));
    }
    let leaves = run_interruptible(py, move |stop| perft_stoppable(&position, depth, &stop))?;
    // `None` only after the stop a signal set, which `run_interruptible` raised.
    leaves.ok_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("perft stopped"))
}

/// Plies a subtree of [`perft_stoppable`] counts in one call: a middle-game subtree of six
/// plies takes milliseconds, so a stop is seen soon, and the calls between cost a
/// fraction of the counting from depth 12 or so on.
const PERFT_SUBTREE_PLIES: u32 = 6;

/// [`reversi::perft`] (`PassIsPly`) in subtrees of [`PERFT_SUBTREE_PLIES`], `stop` read
/// between them: `None` once it is set.
fn perft_stoppable(board: &reversi::Board, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= PERFT_SUBTREE_PLIES || board.is_game_over() {
        return Some(reversi::perft(board, depth, PerftMode::PassIsPly));
    }
    if !board.has_moves() {
        // A forced pass spends a ply.
        return perft_stoppable(&board.pass_unchecked(), depth - 1, stop);
    }
    board
        .moves()
        .map(|sq| perft_stoppable(&board.play_unchecked(sq), depth - 1, stop))
        .sum()
}

/// A computer player: `Computer("random", seed=1)`, `Computer("greedy")`,
/// `Computer("montecarlo", playouts=100, seed=1)` or `Computer("alphabeta", depth=6,
/// solve_empties=14)`. `choose(board)` returns its move. `playouts` and `depth` are whole
/// numbers from 1, `solve_empties` from 0 (0: only a finished game is solved); ValueError
/// otherwise.
#[pyclass(module = "masu.reversi")]
pub(crate) struct Computer {
    player: std::sync::Mutex<Box<dyn Player + Send>>,
    kind: String,
    /// Ctrl-C while an alpha-beta player thinks.
    signals: Signals,
}

#[pymethods]
impl Computer {
    #[new]
    #[pyo3(signature = (kind, seed = 1, playouts = 100, depth = 6, solve_empties = 14))]
    fn new(
        kind: &str,
        seed: u64,
        playouts: Int,
        depth: Int,
        solve_empties: Int,
    ) -> PyResult<Computer> {
        // Every count is read whatever the kind: a bad one is a mistake either way.
        let playouts: u32 = count_from("playouts", playouts, 1)?;
        let depth: u32 = count_from("depth", depth, 1)?;
        let solve_empties: u32 = count("solve_empties", solve_empties)?;
        let signals = Signals::default();
        let player: Box<dyn Player + Send> = match kind {
            "random" => Box::new(RandomPlayer::new(seed)),
            "greedy" => Box::new(GreedyPlayer),
            "montecarlo" => {
                // Millions of playouts take minutes: Ctrl-C must reach them too.
                let mut player = MonteCarloPlayer::try_new(playouts, seed).map_err(value_error)?;
                player.set_interrupt(Some(signals.check()));
                Box::new(player)
            }
            "alphabeta" => {
                // Its search grows exponentially with `depth`: Ctrl-C must reach it.
                let mut player =
                    AlphaBetaPlayer::try_new(depth, solve_empties).map_err(value_error)?;
                player.set_interrupt(Some(signals.check()));
                Box::new(player)
            }
            other => {
                return Err(value_error(format!(
                    "unknown player {other:?}: random, greedy, montecarlo or alphabeta"
                )));
            }
        };
        Ok(Computer {
            player: std::sync::Mutex::new(player),
            kind: kind.to_owned(),
            signals,
        })
    }

    /// The player's move for the side to move (`"pass"` when forced), `None` when the game
    /// is over. The GIL is released while it thinks; Ctrl-C stops an alpha-beta or
    /// Monte-Carlo player (KeyboardInterrupt): a search that grows exponentially with
    /// `depth`, or many playouts.
    fn choose(&self, py: Python<'_>, board: &Board) -> PyResult<Option<String>> {
        let position = *board.game.board();
        let choice = py.detach(|| {
            let mut player = self
                .player
                .lock()
                .map_err(|_| value_error("the player panicked earlier"))?;
            Ok(player.choose(&position).map(|m| m.to_string()))
        });
        self.signals.or_raised(choice)
    }

    /// Chooses and plays a move on `board`; returns it (`None` when the game is over).
    fn play(&self, py: Python<'_>, board: &mut Board) -> PyResult<Option<String>> {
        let choice = self.choose(py, board)?;
        if let Some(text) = &choice {
            board.game.play(parse_move(text)?).map_err(illegal_move)?;
        }
        Ok(choice)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("Computer({})", py_repr(py, &self.kind)?))
    }
}
