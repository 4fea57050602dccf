//! `masu.shogi.Board`: a position with its history, under the names cshogi and
//! python-shogi users know.

use kif::csa::CsaMove;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use shogi::packed::{Hcp, PackedSfen, hcp, psfen};
use shogi::{
    Color, DeclarationRule, Game, Outcome, Pins, Position, Repetition, SetupMode, UsiMove,
};

use super::mv::Interner;
use super::pieces_args::{board_of, hand_kind, hand_of};
use super::{LegalMoves, Move, color_arg, color_index, fill_bytes, fixed_bytes, square_arg};
use crate::args::{Int, count};
use crate::errors::{illegal_move, placed, value_error, wrong_type};
use crate::shared_texts;
use crate::unsafe_speedups::{Exclusive, GilCell, Shared};

/// A shogi board: the position, the moves played since it was set, and the game's end
/// (checkmate, repetition, perpetual check).
///
/// `Board()` is the even-game start; `Board(sfen)` takes SFEN, `startpos`, or a USI
/// `position` line (`sfen ... moves ...`), whose moves become the history.
/// `Board(sfen, tsume=True)` takes a mate problem as `masu.tsume.solve` does: the attacker
/// may have no king, and the pieces on neither the board nor a hand are the defender's.
#[pyclass(module = "masu.shogi", frozen, skip_from_py_object)]
pub(crate) struct Board {
    /// Under the GIL, a borrow of this costs a plain counter where a mutable class's
    /// atomic flag costs a fifth of a short call (`crate::unsafe_speedups::GilCell`).
    state: GilCell<BoardState>,
}

/// What a [`Board`] holds.
pub(crate) struct BoardState {
    pub(crate) game: Game,
    /// The `Move` object pushed for each move of the game (`None` for moves pushed as text
    /// or code): `pop` hands the same object back instead of making one.
    pushed: Vec<Option<Py<Move>>>,
    /// The pins of the position after each number of moves, made when a move is pushed
    /// there and kept while the moves after it are pushed and popped: a loop over the
    /// legal moves checks each against the same pins. Playing a move forgets those of
    /// the positions after it; pins that no longer match their position are not trusted
    /// (`Position::check_legal_with` compares keys).
    pins: Vec<Option<Pins>>,
}

/// `Board.nyugyoku_result`'s codes, cshogi's: no valid declaration, a win, a draw.
pub(crate) const NYUGYOKU_NONE: u8 = 0;
pub(crate) const NYUGYOKU_WIN: u8 = 1;
pub(crate) const NYUGYOKU_DRAW: u8 = 2;
/// The declaration rules by cshogi's codes (`is_nyugyoku` also takes their points, 24 and
/// 27).
pub(crate) const LAW_24: u32 = 0;
pub(crate) const LAW_27: u32 = 1;

/// `m` when `legal`, else IllegalMoveError with the rule `m` breaks in `pos`; a `Move` made
/// for another position whose USI text is a legal move here (it holds the piece it
/// captures, which differs) says so, and which call plays the text's move.
pub(crate) fn checked(pos: &Position, m: shogi::Move, legal: bool) -> PyResult<shogi::Move> {
    if legal {
        return Ok(m);
    }
    let usi = m.to_usi();
    let message = if usi.to_move(pos).is_ok() {
        format!(
            "illegal move {m}: this Move was made for another position (it holds the piece \
             it captures); push_usi(\"{usi}\") plays the move of its text here"
        )
    } else if let Err(reason) = pos.check_legal(&m) {
        format!("illegal move {m}: {reason}")
    } else {
        format!("illegal move {m}")
    };
    Err(illegal_move(message))
}

/// `bytes` as a new `bytes` object, or written into `out` (then `None`).
fn bytes_or_fill<'py>(
    py: Python<'py>,
    bytes: &[u8],
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    match out {
        Some(out) => fill_bytes(out, bytes).map(|()| None),
        None => Ok(Some(PyBytes::new(py, bytes))),
    }
}

/// A move given as a `Move` or USI text, resolved in `pos`: IllegalMoveError when it is
/// not legal there, ValueError for text that is no USI move, TypeError for anything else.
fn resolve_in(pos: &Position, mv: &Bound<'_, PyAny>) -> PyResult<shogi::Move> {
    if let Ok(m) = mv.cast::<Move>() {
        let m = m.get().mv;
        return checked(pos, m, pos.is_legal(&m));
    }
    let text: String = mv
        .extract()
        .map_err(|_| wrong_type("a move is a Move or USI text", mv))?;
    let usi: UsiMove = text
        .parse()
        .map_err(|e| value_error(format!("{e}: {text:?}")))?;
    usi.to_move(pos).map_err(illegal_move)
}

impl BoardState {
    pub(crate) fn position(&self) -> &Position {
        self.game.position()
    }

    fn wrap(&self, mv: shogi::Move) -> Move {
        Move {
            mv,
            color: self.position().turn(),
        }
    }

    /// A move given as a `Move` or USI text, resolved in the current position.
    pub(super) fn resolve(&self, mv: &Bound<'_, PyAny>) -> PyResult<shogi::Move> {
        resolve_in(self.position(), mv)
    }

    /// The legal move written in CSA, with or without the sign.
    fn resolve_csa(&self, text: &str) -> PyResult<shogi::Move> {
        let pos = self.position();
        let signed = match text.as_bytes().first() {
            Some(b'+' | b'-') => text.to_owned(),
            _ => format!(
                "{}{text}",
                if pos.turn() == Color::Black { '+' } else { '-' }
            ),
        };
        let csa: CsaMove = signed
            .parse()
            .map_err(|e| value_error(format!("{e}: {text:?}")))?;
        csa.to_move(pos).map_err(|e| match e {
            // The move before the rule it breaks, as `push_usi` says it.
            kif::KifMoveError::Illegal { reason, .. } => {
                illegal_move(format!("illegal move {text}: {reason}"))
            }
            e => illegal_move(format!("{e}: {text}")),
        })
    }

    /// Whether `m` is legal here, checked with the position's pins (see
    /// [`BoardState::pins`]). A `bool` rather than the move back in a `Result`: the caller
    /// keeps its own copy, which the compiler otherwise rebuilt from the result's bytes
    /// with a load wider than their stores (a stalled store forwarding in every push).
    pub(super) fn is_legal_to_push(&mut self, m: &shogi::Move) -> bool {
        let ply = self.game.moves().len();
        if self.pins.len() <= ply {
            self.pins.resize(ply + 1, None);
        }
        let pins = match self.pins[ply] {
            Some(pins) => pins,
            None => {
                let pins = self.position().pins();
                self.pins[ply] = Some(pins);
                pins
            }
        };
        self.position().is_legal_with(m, &pins)
    }

    /// Plays `m`, which [`BoardState::resolve`] or the move decoders checked is legal.
    pub(super) fn play(&mut self, m: shogi::Move, object: Option<Py<Move>>) {
        self.pins.truncate(self.game.moves().len() + 1);
        self.game.play_unchecked(m);
        self.pushed.push(object);
    }

    /// Replaces the game, forgetting the pushed objects.
    fn set_game(&mut self, game: Game) {
        self.pushed = std::iter::repeat_with(|| None)
            .take(game.moves().len())
            .collect();
        self.pins.clear();
        self.game = game;
    }

    /// A copy sharing the immutable `Move` objects.
    fn duplicate(&self, py: Python<'_>) -> Board {
        Board::from_state(BoardState {
            game: self.game.clone(),
            pushed: self
                .pushed
                .iter()
                .map(|o| o.as_ref().map(|m| m.clone_ref(py)))
                .collect(),
            pins: self.pins.clone(),
        })
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (sfen = None, tsume = false))]
    fn new(sfen: Option<&str>, tsume: bool) -> PyResult<Board> {
        let game = match sfen {
            None => Game::new(),
            Some(text) => read_game(text, tsume)?,
        };
        Ok(Board::from_game(game))
    }

    /// The SFEN of the current position.
    fn sfen(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.state(py)?.position().to_sfen())
    }

    /// Sets the position from SFEN (or `startpos`, or a USI `position` line) and clears the
    /// history; `tsume=True` reads a mate problem without the attacker's king, as
    /// `Board(sfen, tsume=True)` does. Raises ValueError for bad SFEN.
    #[pyo3(signature = (sfen, tsume = false))]
    fn set_sfen(&self, py: Python<'_>, sfen: &str, tsume: bool) -> PyResult<()> {
        let game = read_game(sfen, tsume)?;
        self.state_mut(py)?.set_game(game);
        Ok(())
    }

    /// Sets the position from a USI `position` line without its first word (`startpos
    /// moves 7g7f`, `sfen ... moves ...`), its moves as history (cshogi's `set_position`).
    /// Raises ValueError for bad text, IllegalMoveError for an illegal move.
    fn set_position(&self, py: Python<'_>, position: &str) -> PyResult<()> {
        self.set_sfen(py, position, false)
    }

    /// Sets the even-game start position and clears the history.
    fn reset(&self, py: Python<'_>) -> PyResult<()> {
        self.state_mut(py)?.set_game(Game::new());
        Ok(())
    }

    /// Takes back the last move and returns it. Raises IndexError when there is none.
    fn pop(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        let mut state = self.state_mut(py)?;
        let m = state
            .game
            .undo()
            .ok_or_else(|| PyIndexError::new_err("no move to take back"))?;
        match state.pushed.pop().flatten() {
            Some(object) => Ok(object),
            None => Move::object(py, m, state.position().turn()),
        }
    }

    /// The last move played, `None` at the start.
    fn peek(&self, py: Python<'_>) -> PyResult<Option<Move>> {
        let state = self.state(py)?;
        Ok(state.game.moves().last().map(|&mv| Move {
            mv,
            color: !state.position().turn(),
        }))
    }

    /// The moves played since the position was set, oldest first: the objects pushed
    /// where moves were pushed as `Move`s, interned ones for the others (as `pop` hands
    /// back), so that reading it again does not make every move again.
    #[getter]
    fn move_stack(&self, py: Python<'_>) -> PyResult<Vec<Py<Move>>> {
        let state = self.state(py)?;
        let mut color = state.game.start().turn();
        state
            .game
            .moves()
            .iter()
            .zip(&state.pushed)
            .map(|(&mv, pushed)| {
                let object = match pushed {
                    Some(object) => Ok(object.clone_ref(py)),
                    None => Move::object(py, mv, color),
                };
                color = !color;
                object
            })
            .collect()
    }

    /// Every legal move of the side to move, as a `LegalMoves` sequence of `Move`.
    #[getter]
    fn legal_moves(&self, py: Python<'_>) -> PyResult<LegalMoves> {
        Ok(LegalMoves::new(self.state(py)?.position()))
    }

    /// The legal move written as `usi`. Raises ValueError for bad text, IllegalMoveError
    /// for a move that is not legal here.
    fn move_from_usi(&self, usi: &Bound<'_, PyAny>) -> PyResult<Move> {
        let state = self.state(usi.py())?;
        let m = state.resolve(usi)?;
        Ok(state.wrap(m))
    }

    /// The move (a `Move` or USI text) in KI2 notation, the official Japanese one, as
    /// played here: `▲７六歩`, `△同　銀` after a move to its square, `▲５八金右` when two
    /// golds reach 5h, `▲５五角打` when a bishop on the board could go there too. Raises
    /// IllegalMoveError for a move that is not legal here, ValueError for bad text.
    #[pyo3(signature = (r#move, /))]
    fn move_to_ki2(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let state = self.state(r#move.py())?;
        let m = state.resolve(r#move)?;
        let previous = state.game.moves().last().map(shogi::Move::to);
        let words = state
            .position()
            .japanese_line(&[m], previous)
            .map_err(illegal_move)?;
        Ok(words.iter().map(ToString::to_string).collect())
    }

    /// The moves (each a `Move` or USI text) in KI2 notation, played one after the other
    /// from this position, as `move_to_ki2` writes each; the board stays as it is:
    /// `board.ki2_line(["7g7f", "3c3d", "8h2b", "3a2b"])` is `["▲７六歩", "△３四歩",
    /// "▲２二角不成", "△同　銀"]`. Raises IllegalMoveError or ValueError naming the move's
    /// place in the line.
    fn ki2_line(&self, moves: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let py = moves.py();
        // Copied, so that the board is free while Python code yields the moves.
        let (start, previous) = {
            let state = self.state(py)?;
            let previous = state.game.moves().last().map(shogi::Move::to);
            (state.position().clone(), previous)
        };
        if moves.is_instance_of::<pyo3::types::PyString>() {
            // Its characters would be taken for moves.
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "moves is a list of moves, not one str: [move] for one move",
            ));
        }
        let mut pos = start.clone();
        let mut line = Vec::new();
        for (index, mv) in moves.try_iter()?.enumerate() {
            let place = |e: PyErr| placed(py, &e, &format!("move {} of the line", index + 1));
            let m = resolve_in(&pos, &mv?).map_err(place)?;
            pos.play_unchecked(m);
            line.push(m);
        }
        let words = start.japanese_line(&line, previous).map_err(illegal_move)?;
        Ok(words.iter().map(ToString::to_string).collect())
    }

    /// The legal move written in CSA (`+7776FU`, or `7776FU` for the side to move; the
    /// piece is the one after the move). Raises ValueError for bad text, IllegalMoveError
    /// for a move that is not legal here or a sign of the other side.
    fn move_from_csa(&self, py: Python<'_>, csa: &str) -> PyResult<Move> {
        let state = self.state(py)?;
        let m = state.resolve_csa(csa)?;
        Ok(state.wrap(m))
    }

    /// Plays a move written in CSA (see `move_from_csa`) and returns it.
    fn push_csa(&self, py: Python<'_>, csa: &str) -> PyResult<Py<Move>> {
        let mut state = self.state_mut(py)?;
        let m = state.resolve_csa(csa)?;
        let object = Move::object(py, m, state.position().turn())?;
        state.play(m, Some(object.clone_ref(py)));
        Ok(object)
    }

    /// The legal move of the piece on `from_square` to `to_square`, promoting when
    /// `promotion` (cshogi's `move`, which builds its code unchecked); squares as indices
    /// (1a = 0) or USI names (`"7g"`). Raises IllegalMoveError when the move is not legal
    /// here, ValueError for a bad square.
    #[pyo3(name = "move", signature = (from_square, to_square, promotion = false))]
    fn move_between(
        &self,
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
        promotion: bool,
    ) -> PyResult<Move> {
        let usi = UsiMove::Normal {
            from: square_arg(from_square)?,
            to: square_arg(to_square)?,
            promote: promotion,
        };
        self.legal_usi(from_square.py(), usi)
    }

    /// The legal drop of `piece` on `to_square` (cshogi's `drop_move`, which takes its
    /// piece-type number where masu takes the letter): `piece` is `"P"`, `"L"`, `"N"`,
    /// `"S"`, `"G"`, `"B"` or `"R"`, the square an index or a USI name. Raises
    /// IllegalMoveError when the drop is not legal here, ValueError for a bad square or piece.
    fn drop_move(&self, to_square: &Bound<'_, PyAny>, piece: &str) -> PyResult<Move> {
        let usi = UsiMove::Drop {
            kind: hand_kind(piece)?,
            to: square_arg(to_square)?,
        };
        self.legal_usi(to_square.py(), usi)
    }

    /// Sets the pieces: `pieces` holds the 81 squares in index order (1a = 0), each an SFEN
    /// piece (`"P"`, `"+r"`) or `None`, and `pieces_in_hand` Black's and White's counts in
    /// the order pawn, lance, knight, silver, gold, bishop, rook: what the `pieces` and
    /// `pieces_in_hand` properties give (cshogi's `set_pieces`, which takes its piece
    /// codes). The side to move and the move number stay; the history is cleared.
    /// `tsume=True` takes a mate problem as `set_sfen` does. Raises ValueError for
    /// anything that is no position (a missing king, two pawns on a file, a piece that
    /// could never move, more pieces than a set).
    #[pyo3(signature = (pieces, pieces_in_hand, tsume = false))]
    fn set_pieces(
        &self,
        py: Python<'_>,
        pieces: &Bound<'_, PyAny>,
        pieces_in_hand: Vec<Vec<u32>>,
        tsume: bool,
    ) -> PyResult<()> {
        let mut setup = self.state(py)?.position().to_setup();
        setup.board = board_of(pieces)?;
        let [black, white] = pieces_in_hand.as_slice() else {
            return Err(value_error(format!(
                "pieces_in_hand holds Black's and White's counts, not {} lists",
                pieces_in_hand.len()
            )));
        };
        for (color, counts) in [(Color::Black, black), (Color::White, white)] {
            setup.hands[color] = hand_of(counts)?;
        }
        let mode = if tsume {
            SetupMode::Tsume
        } else {
            SetupMode::Strict
        };
        let position = Position::from_setup(setup, mode)
            .map_err(|e| setup_error(&e, "set_pieces(pieces, pieces_in_hand, tsume=True)"))?;
        self.state_mut(py)?.set_game(Game::from_position(position));
        Ok(())
    }

    /// The legal move written as cshogi's 16-bit code. Raises IllegalMoveError otherwise.
    fn move_from_move16(&self, py: Python<'_>, move16: u16) -> PyResult<Move> {
        let state = self.state(py)?;
        let m = hcp::move_from16(state.position(), move16).map_err(illegal_move)?;
        Ok(state.wrap(m))
    }

    /// The legal move written as YaneuraOu's 16-bit code. Raises IllegalMoveError otherwise.
    fn move_from_psv_move16(&self, py: Python<'_>, move16: u16) -> PyResult<Move> {
        let state = self.state(py)?;
        let m = psfen::move_from16(state.position(), move16).map_err(illegal_move)?;
        Ok(state.wrap(m))
    }

    /// Whether the side to move is in check.
    fn is_check(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state(py)?.position().in_check())
    }

    /// Whether the side to move is in check and has no legal move. (Out of check without a
    /// legal move, which shogi's rules make rare, it has lost all the same: `outcome()`
    /// says checkmate there too, shogi having no stalemate.)
    fn is_checkmate(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state(py)?.position().is_checkmate())
    }

    /// Whether the game is over: checkmate, a fourth repetition (a draw, or a loss for the
    /// side that checked on every move), or a recorded end.
    fn is_game_over(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state(py)?.game.is_over())
    }

    /// What the position repeats, as cshogi's `is_draw` answers for a search: the nearest
    /// earlier position within `ply` plies (all the history when `None` or 0, as in
    /// cshogi; none when negative) with the same
    /// board and side to move gives `REPETITION_DRAW` (the same hands),
    /// `REPETITION_WIN`/`REPETITION_LOSE` (the same hands, every move of the opponent/of the
    /// side to move since then a check), `REPETITION_SUPERIOR`/`REPETITION_INFERIOR` (the
    /// side to move holding more/less in hand); `NOT_REPETITION` (0) otherwise. The game
    /// itself is drawn only at a fourth occurrence: `is_fourfold_repetition`.
    #[pyo3(signature = (ply = None))]
    fn is_draw(&self, py: Python<'_>, ply: Option<i64>) -> PyResult<u8> {
        let game = &self.state(py)?.game;
        Ok(game
            .repetition(ply_limit(ply))
            .map_or(NOT_REPETITION, repetition_code))
    }

    /// What the position after `move` (a `Move` or USI text) would repeat, as `is_draw`
    /// answers it there; the board is left as it was. Raises IllegalMoveError when the
    /// move is not legal here. (cshogi's `move_is_draw` can answer otherwise than its own
    /// `is_draw` after the move: 0 where this answers `REPETITION_SUPERIOR` or
    /// `REPETITION_INFERIOR`, and `REPETITION_DRAW` where the last occurrence of the board
    /// had other hands but an older one the same.)
    #[pyo3(signature = (r#move, ply = None))]
    fn move_is_draw(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        ply: Option<i64>,
    ) -> PyResult<u8> {
        let mut state = self.state_mut(py)?;
        let m = state.resolve(r#move)?;
        let game = &mut state.game;
        game.play_unchecked(m);
        let code = game
            .repetition(ply_limit(ply))
            .map_or(NOT_REPETITION, repetition_code);
        game.undo();
        Ok(code)
    }

    /// Whether the game is drawn by repetition (千日手: the position occurred a fourth time
    /// without perpetual check), python-shogi's name.
    fn is_fourfold_repetition(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state(py)?.game.outcome().is_some_and(Outcome::is_draw))
    }

    /// How the game ended (`"black wins by checkmate"`, `"draw by repetition"`,
    /// `"white wins by perpetual check"`: White wins, Black having checked on every move of
    /// the repetition), `None` while it goes on.
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<String>> {
        Ok(self.state(py)?.game.outcome().map(|o| o.to_string()))
    }

    /// The winner (0 Black, 1 White), `None` while the game goes on or after a draw.
    #[getter]
    fn winner(&self, py: Python<'_>) -> PyResult<Option<u8>> {
        let state = self.state(py)?;
        Ok(state
            .game
            .outcome()
            .and_then(Outcome::winner)
            .map(color_index))
    }

    /// Whether the side to move wins by declaring (入玉宣言) under `rule`: `LAW_27` or 27
    /// (the CSA 27-point rule, cshogi's default: 28 points for Black, 27 for White) or
    /// `LAW_24` or 24 (the Japan Shogi Association's 24-point rule: 31 points; its draw at
    /// 24 to 30 is `False` here, as in cshogi). Both ask for the king in the opponent's
    /// camp, ten other pieces there and no check; points count 5 for a rook or bishop, 1
    /// for other pieces, over the pieces in the camp and in hand. Raises ValueError for
    /// another rule.
    #[pyo3(signature = (rule = 1))] // LAW_27
    fn is_nyugyoku(&self, py: Python<'_>, rule: u32) -> PyResult<bool> {
        Ok(self.nyugyoku_result(py, rule)? == NYUGYOKU_WIN)
    }

    /// The declaration (入玉宣言) of the side to move judged under `rule` (`LAW_24`, the
    /// default as in cshogi, or `LAW_27`, as `is_nyugyoku` takes them), by cshogi's codes:
    /// `NYUGYOKU_WIN` (1), `NYUGYOKU_DRAW` (2: 24 to 30 points under the 24-point rule) or
    /// `NYUGYOKU_NONE` (0: the declaration would be invalid). Raises ValueError for another
    /// rule.
    #[pyo3(signature = (rule = 0))] // LAW_24, cshogi's default here (`is_nyugyoku`'s is LAW_27)
    fn nyugyoku_result(&self, py: Python<'_>, rule: u32) -> PyResult<u8> {
        let rule = match rule {
            LAW_27 | 27 => DeclarationRule::Points27,
            LAW_24 | 24 => DeclarationRule::Points24,
            other => {
                return Err(value_error(format!(
                    "no declaration rule {other}: LAW_27 (or 27) or LAW_24 (or 24)"
                )));
            }
        };
        let declaration = self.state(py)?.position().declaration();
        Ok(match declaration.outcome(rule) {
            Some(Outcome::Win { .. }) => NYUGYOKU_WIN,
            Some(Outcome::Draw { .. }) => NYUGYOKU_DRAW,
            None => NYUGYOKU_NONE,
        })
    }

    /// How many times the current position has occurred since the board was set.
    fn repetitions(&self, py: Python<'_>) -> PyResult<u8> {
        Ok(self.state(py)?.game.repetitions())
    }

    /// The side to move: 0 (`BLACK`) or 1 (`WHITE`).
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<u8> {
        Ok(color_index(self.state(py)?.position().turn()))
    }

    /// The move number as SFEN writes it (1 at the start of a game).
    #[getter]
    fn move_number(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.state(py)?.position().ply())
    }

    /// The piece on `square` (an index 0-80 with 1a = 0, or a USI name such as `"7g"`) as
    /// SFEN writes it (`"P"`, `"+r"`), `None` for an empty square.
    fn piece<'py>(&self, square: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyString>>> {
        let sq = square_arg(square)?;
        let state = self.state(square.py())?;
        let piece = state.position().piece_at(sq);
        Ok(piece.map(|p| shared_texts::piece(square.py(), p)))
    }

    /// The pieces of the 81 squares in index order (1a = 0, 1b = 1 ... 9i = 80, as
    /// `piece` takes them), each as SFEN writes it (`"P"`, `"+r"`) or `None` when empty.
    #[getter]
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Vec<Option<Bound<'py, PyString>>>> {
        let state = self.state(py)?;
        let board = state.position().board();
        Ok(board
            .iter()
            .map(|p| p.map(|p| shared_texts::piece(py, p)))
            .collect())
    }

    /// The square index (0-80, 1a = 0) of `color`'s king (0 `BLACK`, 1 `WHITE`). Raises
    /// ValueError for another color.
    fn king_square(&self, py: Python<'_>, color: i64) -> PyResult<u8> {
        let color = color_arg(color)?;
        let state = self.state(py)?;
        // A board always holds both kings (it refuses a position without one).
        let square = state.position().king_square(color);
        square
            .map(|sq| sq.index() as u8)
            .ok_or_else(|| value_error(format!("{color} has no king")))
    }

    /// The squares (indices 0-80, 1a = 0, ascending) of `color`'s pieces that attack
    /// `square` (an index or a USI name such as `"5e"`) as the pieces stand, pinned ones
    /// included: python-shogi's `attackers`, as a list. Raises ValueError for another color
    /// or square.
    fn attackers(&self, color: i64, square: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let (color, sq) = (color_arg(color)?, square_arg(square)?);
        let state = self.state(square.py())?;
        let attackers = state.position().attackers_to(sq, color);
        // `usize`, not `u8`: PyO3 gives a list of `u8` as `bytes`.
        Ok(attackers.into_iter().map(|s| s.index()).collect())
    }

    /// Whether a piece of `color` attacks `square` (an index or a USI name), as
    /// `attackers` counts them: python-shogi's `is_attacked_by`.
    fn is_attacked_by(&self, color: i64, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (color, sq) = (color_arg(color)?, square_arg(square)?);
        let state = self.state(square.py())?;
        let position = state.position();
        Ok(position.is_attacked_with(sq, color, position.occupied()))
    }

    /// The legal moves that give check, as a list of `Move`: drops first, then board
    /// moves (masu-shogi's `Position::check_moves`).
    #[getter]
    fn check_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<Move>>> {
        // The moves first: making their objects may run Python code, which may use this
        // board.
        let (list, color) = {
            let state = self.state(py)?;
            let mut list = shogi::MoveList::new();
            state.position().check_moves_into(&mut list);
            (list, state.position().turn())
        };
        let mut interner = Interner::lock();
        list.iter()
            .map(|&mv| interner.get(py, Move { mv, color }))
            .collect()
    }

    /// Sets to 1.0 the entries of `features` that the position's piece planes hold (28
    /// planes of 9x9: Black's pawn, lance, knight, silver, bishop, rook, gold, king, then
    /// promoted pawn ... dragon, then White's the same; squares 1a = 0 ... 9i = 80), as
    /// cshogi's `piece_planes` does: `features` is a numpy float32 array of at least
    /// 28 x 9 x 9 entries (dlshogi's `(FEATURES_NUM, 9, 9)` input), the planes are its
    /// first 2,268 in C order, and the other entries are left as they are (pass zeros).
    /// Raises ValueError for another dtype or a smaller array.
    fn piece_planes(&self, features: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_piece_planes(features, Color::Black)
    }

    /// `piece_planes` seen by the side to move (cshogi's `piece_planes_rotate`): with White
    /// to move, White's pieces first and the board turned half a turn (square
    /// `80 - index`), so that a network sees White to move as it sees Black to move; with
    /// Black to move, `piece_planes` itself.
    fn piece_planes_rotate(&self, features: &Bound<'_, PyAny>) -> PyResult<()> {
        let turn = self.state(features.py())?.position().turn();
        self.set_piece_planes(features, turn)
    }

    /// Both hands as two tuples of counts (Black's, then White's), each in the order pawn,
    /// lance, knight, silver, gold, bishop, rook.
    #[getter]
    fn pieces_in_hand(&self, py: Python<'_>) -> PyResult<(Vec<u32>, Vec<u32>)> {
        let state = self.state(py)?;
        // Lists of ints (a `Vec<u8>` would become `bytes`).
        let counts = |color: Color| {
            let hand = state.position().hand(color);
            shogi::PieceKind::HAND
                .map(|k| u32::from(hand.count(k)))
                .to_vec()
        };
        Ok((counts(Color::Black), counts(Color::White)))
    }

    /// The 64-bit Zobrist key of the board, hands and side to move (not the move number).
    fn zobrist_hash(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.state(py)?.position().key())
    }

    /// An independent copy, history included.
    fn copy(&self, py: Python<'_>) -> PyResult<Board> {
        Ok(self.state(py)?.duplicate(py))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Board> {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Board> {
        self.copy(py)
    }

    /// A move that checkmates at once, `None` when there is none.
    fn mate_move_in_1ply(&self, py: Python<'_>) -> PyResult<Option<Move>> {
        let state = self.state(py)?;
        Ok(state.position().mate_in_1().map(|m| state.wrap(m)))
    }

    /// The first move of a shortest mate in at most `ply` plies in which every move of the
    /// side to move checks (cshogi's `mate_move`; `ply` 3 or 5, an even one counting as one
    /// less), `None` when there is none. The search tries every check and every defence:
    /// its cost grows as a power of `ply` (`masu.tsume` solves long problems). ValueError
    /// for a `ply` below 0.
    fn mate_move(&self, py: Python<'_>, ply: Int) -> PyResult<Option<Move>> {
        let ply = count("ply", ply)?;
        // A copy searched without the GIL; the board's state is not held meanwhile.
        let position = self.state(py)?.position().clone();
        let color = position.turn();
        let found = py.detach(|| position.mate_in(ply));
        Ok(found.map(|mv| Move { mv, color }))
    }

    /// Whether the side to move, in check, is mated within `ply` plies whatever it plays
    /// (cshogi's `is_mate`): no legal move, or a mate by checks as `mate_move` finds them
    /// after each evasion. False when not in check; an odd `ply` counts as one less.
    /// ValueError for a `ply` below 0.
    fn is_mate(&self, py: Python<'_>, ply: Int) -> PyResult<bool> {
        let ply = count("ply", ply)?;
        // A copy searched without the GIL, as `mate_move` does.
        let position = self.state(py)?.position().clone();
        Ok(py.detach(|| position.is_mated_in(ply)))
    }

    /// The position in CSA (cshogi's `csa_pos`): the rows `P1` to `P9`, the hands (`P+`,
    /// `P-`, one line each) and the side to move's sign, each line ended by a newline.
    fn csa_pos(&self, py: Python<'_>) -> PyResult<String> {
        let setup = self.state(py)?.position().to_setup();
        Ok(kif::csa::position_to_string(&setup))
    }

    /// The position as HCP: 32 bytes, byte for byte as cshogi's `to_hcp` writes them.
    /// Given `hcp`, a writable numpy array of 32 bytes (`hcpes[i]["hcp"]`, a
    /// `HuffmanCodedPos` record), fills it as cshogi's `to_hcp(hcp)` does and returns
    /// `None`. Raises ValueError for a position without both kings or an array of another
    /// size.
    #[pyo3(signature = (hcp = None))]
    fn to_hcp<'py>(
        &self,
        py: Python<'py>,
        hcp: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let packed = Hcp::from_position(self.state(py)?.position()).map_err(value_error)?;
        bytes_or_fill(py, &packed.0, hcp)
    }

    /// Sets the position from 32 HCP bytes (`bytes` or a numpy array) and clears the
    /// history; the move number becomes 1. Raises ValueError for bytes that are not a
    /// valid position.
    fn set_hcp(&self, hcp: &Bound<'_, PyAny>) -> PyResult<()> {
        // The bytes first: `bytes(hcp)` may run Python code, which may use this board.
        let pos = Hcp(fixed_bytes(hcp)?).to_position().map_err(value_error)?;
        self.state_mut(hcp.py())?.set_game(Game::from_position(pos));
        Ok(())
    }

    /// The position as PackedSfen: 32 bytes, byte for byte as YaneuraOu (and cshogi's
    /// `to_psfen`) write them; given `psfen`, a writable numpy array of 32 bytes, fills it
    /// as cshogi's `to_psfen(psfen)` does and returns `None`. Raises ValueError for a
    /// position without both kings or an array of another size.
    #[pyo3(signature = (psfen = None))]
    fn to_psfen<'py>(
        &self,
        py: Python<'py>,
        psfen: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let packed = PackedSfen::from_position(self.state(py)?.position()).map_err(value_error)?;
        bytes_or_fill(py, &packed.0, psfen)
    }

    /// Sets the position from 32 PackedSfen bytes and clears the history; the move number
    /// becomes 1. Raises ValueError for bytes that are not a valid position.
    fn set_psfen(&self, psfen: &Bound<'_, PyAny>) -> PyResult<()> {
        let pos = PackedSfen(fixed_bytes(psfen)?)
            .to_position()
            .map_err(value_error)?;
        self.state_mut(psfen.py())?
            .set_game(Game::from_position(pos));
        Ok(())
    }

    /// The board diagram as KIF writes it (BOD), with the last move.
    fn to_bod(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.state(py)?.game.bod().to_string())
    }

    /// An SVG picture of the position, the last move highlighted.
    #[pyo3(signature = (size = 40, flip = false))]
    fn to_svg(&self, py: Python<'_>, size: u32, flip: bool) -> PyResult<String> {
        let state = self.state(py)?;
        let options = shogi::svg::SvgOptions {
            last_move: state.game.moves().last().copied(),
            orientation: if flip { Color::White } else { Color::Black },
            square_size: size,
            ..shogi::svg::SvgOptions::default()
        };
        Ok(shogi::svg::render(state.position(), &options))
    }

    /// The SVG picture Jupyter shows.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.to_svg(py, 40, false)
    }

    /// The USI `position` line of the history: `position startpos moves ...`.
    fn usi(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.state(py)?.game.to_usi())
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.to_bod(py)
    }

    /// `Board('<sfen>')`, which builds the position again; with `tsume=True` for a mate
    /// problem's position that only that mode reads.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let state = self.state(py)?;
        let tsume = if needs_tsume_mode(state.position()) {
            ", tsume=True"
        } else {
            ""
        };
        Ok(format!("Board('{}'{tsume})", state.position().to_sfen()))
    }

    /// Pickles as the USI `position` line of the history, which `Board()` takes back, with
    /// `tsume=True` for a mate problem's start that only that mode reads.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, pyo3::types::PyType>, (String, bool))> {
        let state = slf.get().state(slf.py())?;
        let tsume = needs_tsume_mode(state.game.start());
        Ok((slf.get_type(), (state.game.to_usi(), tsume)))
    }

    fn __eq__(&self, py: Python<'_>, other: &Board) -> PyResult<bool> {
        Ok(self.state(py)?.position() == other.state(py)?.position())
    }

    /// None: a board is compared by value and changes, so it has no hash (as python-shogi's,
    /// and as Python asks of a mutable type with `==`). A hash of its position would lose a
    /// board from a set or a dict once it moved on; `zobrist_hash()` and `sfen()` are keys.
    #[classattr]
    #[allow(non_upper_case_globals)]
    const __hash__: Option<()> = None;
}

/// The plies `is_draw` looks back, as cshogi reads its argument: `None` or 0 (any falsy
/// value) for no limit, a negative number for none.
fn ply_limit(ply: Option<i64>) -> usize {
    match ply {
        None | Some(0) => usize::MAX,
        Some(n) => usize::try_from(n).unwrap_or(0),
    }
}

/// Whether `start` is a mate problem's position that only `tsume=True` reads (no attacker
/// king, say): its SFEN, read back so, gives the same position, every piece now written.
pub(crate) fn needs_tsume_mode(start: &shogi::Position) -> bool {
    shogi::Position::from_sfen(&start.to_sfen()).is_err()
}

/// The game of a USI position line; `tsume`: a mate problem's position, as
/// `masu.tsume.solve` reads it (the attacker may have no king; the pieces on neither the
/// board nor a hand are the defender's).
fn read_game(text: &str, tsume: bool) -> PyResult<Game> {
    let mode = if tsume {
        SetupMode::Tsume
    } else {
        SetupMode::Strict
    };
    // Played on past a repetition or a perpetual check, as `push` plays on: a board's
    // own history (`usi()`, a pickle) reads back.
    Game::from_usi_playing_on(text, mode).map_err(|e| match e {
        shogi::ParseGameError::Play { .. } => illegal_move(e),
        _ => setup_error(&e, "Board(sfen, tsume=True)"),
    })
}

/// ValueError for a position that breaks a rule. The Rust error names the Rust way to
/// read a mate problem: it says `tsume_call`, the Python one, instead.
fn setup_error(e: &impl std::fmt::Display, tsume_call: &str) -> PyErr {
    value_error(e.to_string().replace("SetupMode::Tsume", tsume_call))
}

impl Board {
    /// The legal move `usi` on this board, as a `Move`.
    fn legal_usi(&self, py: Python<'_>, usi: UsiMove) -> PyResult<Move> {
        let state = self.state(py)?;
        let m = usi.to_move(state.position()).map_err(illegal_move)?;
        Ok(state.wrap(m))
    }

    /// A board holding `game` (its start and moves as history).
    pub(crate) fn from_game(game: Game) -> Board {
        Board::from_state(BoardState {
            pushed: std::iter::repeat_with(|| None)
                .take(game.moves().len())
                .collect(),
            pins: Vec::new(),
            game,
        })
    }

    fn from_state(state: BoardState) -> Board {
        Board {
            state: GilCell::new(state),
        }
    }

    /// Writes the piece planes seen by `view` into `features`.
    fn set_piece_planes(&self, features: &Bound<'_, PyAny>, view: Color) -> PyResult<()> {
        // The entries first: reading `features` may run Python code, which may use this
        // board.
        // On the stack: a board holds 40 pieces at most.
        let mut entries = [0; 40];
        let mut count = 0;
        {
            let state = self.state(features.py())?;
            let all = shogi::planes::piece_plane_entries(state.position(), view);
            for (slot, entry) in entries.iter_mut().zip(all) {
                *slot = entry;
                count += 1;
            }
        }
        super::planes::set_ones(features, &entries[..count])
    }

    /// The board's state, to read.
    pub(crate) fn state(&self, py: Python<'_>) -> PyResult<Shared<'_, BoardState>> {
        self.state.borrow(py)
    }

    /// The board's state, to change.
    pub(super) fn state_mut(&self, py: Python<'_>) -> PyResult<Exclusive<'_, BoardState>> {
        self.state.borrow_mut(py)
    }
}

/// cshogi's `NOT_REPETITION`.
pub(crate) const NOT_REPETITION: u8 = 0;

/// cshogi's code of a repetition: `REPETITION_DRAW` 1, `_WIN` 2, `_LOSE` 3, `_SUPERIOR` 4,
/// `_INFERIOR` 5.
pub(crate) fn repetition_code(repetition: Repetition) -> u8 {
    match repetition {
        Repetition::Draw => 1,
        Repetition::Win => 2,
        Repetition::Loss => 3,
        Repetition::Superior => 4,
        Repetition::Inferior => 5,
    }
}
