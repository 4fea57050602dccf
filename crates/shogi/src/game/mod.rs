//! A game: a start position, the moves played, and how the game ended.
//!
//! # Examples
//!
//! ```
//! use masu_shogi::{Color, Game, Outcome, UsiMove, WinReason};
//!
//! let mut game = Game::new();
//! for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
//!     game.play_usi(usi)?;
//! }
//! assert_eq!(game.moves().len(), 4);
//! assert_eq!(game.last_move().map(|m| m.to_usi()), Some("3a2b".parse::<UsiMove>()?));
//! assert_eq!(game.outcome(), None);
//! game.resign(Color::Black)?;
//! assert_eq!(
//!     game.outcome(),
//!     Some(Outcome::Win { winner: Color::White, reason: WinReason::Resignation })
//! );
//! assert_eq!(
//!     game.to_usi(),
//!     "position startpos moves 7g7f 3c3d 8h2b+ 3a2b"
//! );
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Positions are compared for repetition by their Zobrist key, which covers the board, both
//! hands and the side to move (not the move number); two different positions share a 64-bit
//! key with a chance of about 2^-64.

mod declaration;
mod repetition;

use std::fmt;

pub use declaration::{Declaration, DeclarationRule};
pub use repetition::Repetition;

use crate::{
    Bod, Color, Handicap, IllegalMoveReason, Move, Outcome, ParseSfenError, ParseUsiMoveError,
    PlayUsiError, Position, SetupMode, Undo, UsiMove, WinReason,
};

/// How many times a position must occur for 千日手.
const REPETITIONS: u8 = 4;

/// The fewest buckets of [`Game::latest`] (a key's low bits pick one). Their number
/// doubles whenever the history holds four keys per bucket, so a chain stays a few keys
/// long however long the game.
const MIN_BUCKETS: usize = 64;

/// A position plus its history: the start, every move with what is needed to take it back,
/// and any resignation or declaration.
#[derive(Clone)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    undos: Vec<Undo>,
    /// `keys[i]` is the key of the position before move `i` (`keys[moves.len()]` is now).
    keys: Vec<u64>,
    /// `earlier[i]`: 1 + the index of the last key before `keys[i]` in the same bucket, 0
    /// for none. The earlier occurrences of a position are on this chain, a walk of a few
    /// steps instead of a scan of the whole history, with nothing to hash or look up on a
    /// move (a map of the keys seen cost about as much as playing the move on the
    /// position).
    earlier: Vec<u32>,
    /// `latest[b]`: 1 + the index of the last key in bucket `b`, 0 for none; a power of two
    /// of at least [`MIN_BUCKETS`] buckets.
    latest: Vec<u32>,
    /// A resignation or a valid declaration, with the number of moves played when it was
    /// made (moves played on after it with [`Game::play_unchecked`] leave it the outcome,
    /// and taking them back keeps it).
    ended: Option<(Outcome, usize)>,
    /// How a declaration is judged.
    declaration_rule: DeclarationRule,
}

/// A game action that was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The game has already ended.
    #[error("the game is over: {0}")]
    Over(Outcome),
    /// The move is not legal in the current position.
    #[error("illegal move {m}: {reason}")]
    IllegalMove {
        /// The move that was tried.
        m: Move,
        /// The rule it breaks.
        reason: IllegalMoveReason,
    },
    /// The USI text is not a move, or not a legal one, in the current position.
    #[error(transparent)]
    Usi(#[from] PlayUsiError),
    /// The side to move declared, but the game's [`DeclarationRule`] is not met.
    #[error("invalid entering-king declaration: {}", .0.fault())]
    InvalidDeclaration(Declaration),
}

/// A USI `position` line that does not describe a game.
///
/// The message of a bad move includes what the move reader or the game said, and
/// [`source`](std::error::Error::source) is then `None`, so that a chain of errors (`{:#}`
/// of `anyhow`) says it once.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseGameError {
    /// The position part is not valid SFEN.
    #[error(transparent)]
    Sfen(#[from] ParseSfenError),
    /// Move number `index` (1-based) is not a USI move.
    #[error(
        "move {index}: invalid usi move \"{text}\": expected {}",
        crate::usi::MOVE_FORMS
    )]
    Move {
        /// 1-based index in the move list.
        index: usize,
        /// The move's text as given.
        text: String,
        /// The syntax error.
        error: ParseUsiMoveError,
    },
    /// Move number `index` (1-based) cannot be played.
    #[error("move {index}: {error}")]
    Play {
        /// 1-based index in the move list.
        index: usize,
        /// Why it was refused.
        error: GameError,
    },
}

impl Game {
    /// A game from the even-game start position.
    #[must_use]
    pub fn new() -> Game {
        Game::from_position(Position::startpos())
    }

    /// A game from a handicap's start position (White moves first).
    #[must_use]
    pub fn from_handicap(handicap: Handicap) -> Game {
        Game::from_position(handicap.position())
    }

    /// A game from `start`; the history before it is unknown, so `start` counts once.
    #[must_use]
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            keys: Vec::new(),
            earlier: Vec::new(),
            latest: vec![0; MIN_BUCKETS],
            position: start.clone(),
            start,
            moves: Vec::new(),
            undos: Vec::new(),
            ended: None,
            declaration_rule: DeclarationRule::default(),
        };
        game.push_key(game.start.key());
        game
    }

    /// The same game, judging declarations by `rule` from now on.
    #[must_use]
    pub fn with_declaration_rule(mut self, rule: DeclarationRule) -> Game {
        self.declaration_rule = rule;
        self
    }

    /// Judges declarations by `rule` from now on (a declaration already made stands).
    pub fn set_declaration_rule(&mut self, rule: DeclarationRule) {
        self.declaration_rule = rule;
    }

    /// The rule declarations are judged by ([`DeclarationRule::Points27`] unless set).
    #[must_use]
    pub fn declaration_rule(&self) -> DeclarationRule {
        self.declaration_rule
    }

    /// Reads a USI position line (`position startpos moves 7g7f 3c3d`, `sfen ... moves ...`,
    /// or plain SFEN) and plays its moves, keeping them as history.
    ///
    /// # Errors
    ///
    /// [`ParseGameError`] for bad SFEN, a bad move, or a move that cannot be played
    /// (including one after the game has ended).
    pub fn from_usi(line: &str) -> Result<Game, ParseGameError> {
        Game::from_usi_with(line, SetupMode::Strict)
    }

    /// As [`Game::from_usi`], the position read in `mode`: [`SetupMode::Tsume`] takes a mate
    /// problem without the attacker's king, the pieces on neither the board nor a hand
    /// going to the defender's hand (a puzzle's moves checked as a game).
    ///
    /// ```
    /// use masu_shogi::{Game, Outcome, SetupMode};
    ///
    /// let mut game = Game::from_usi_with("4k4/9/4P4/9/9/9/9/9/9 b G 1", SetupMode::Tsume)?;
    /// game.play_usi("G*5b")?;
    /// assert!(matches!(game.outcome(), Some(Outcome::Win { .. })));
    /// assert!(Game::from_usi("4k4/9/4P4/9/9/9/9/9/9 b G 1").is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Game::from_usi`].
    pub fn from_usi_with(line: &str, mode: SetupMode) -> Result<Game, ParseGameError> {
        Game::read_usi(line, mode, Game::play_usi)
    }

    /// As [`Game::from_usi_with`], but a legal move after the game has ended is played, as
    /// a board that plays on after a repetition or a perpetual check played it (cshogi's
    /// `set_position`; [`Game::play_unchecked`] after a legality check): the history of
    /// such a board reads back.
    ///
    /// ```
    /// use masu_shogi::{Game, SetupMode};
    ///
    /// let line = "position startpos moves 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a \
    ///             5i5h 5a5b 5h5i 5b5a 7g7f";
    /// assert!(Game::from_usi(line).is_err()); // the fourth repetition ended the game
    /// let game = Game::from_usi_playing_on(line, SetupMode::Strict)?;
    /// assert_eq!(game.moves().len(), 13);
    /// assert!(Game::from_usi_playing_on("position startpos moves 7g7f 7g7f", SetupMode::Strict).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Game::from_usi`], but for moves after the end.
    pub fn from_usi_playing_on(line: &str, mode: SetupMode) -> Result<Game, ParseGameError> {
        Game::read_usi(line, mode, |game, text| {
            let m = game.position.parse_usi_move(text)?;
            game.play_unchecked(m);
            Ok(m)
        })
    }

    /// The game of a USI position line, each move played by `play`.
    fn read_usi(
        line: &str,
        mode: SetupMode,
        play: impl Fn(&mut Game, &str) -> Result<Move, GameError>,
    ) -> Result<Game, ParseGameError> {
        let (head, moves) = split_moves(line);
        let mut game = Game::from_position(Position::from_sfen_with(head, mode)?);
        for (i, text) in moves.split_ascii_whitespace().enumerate() {
            let index = i + 1;
            let usi = text
                .parse::<UsiMove>()
                .map_err(|error| ParseGameError::Move {
                    index,
                    text: text.to_owned(),
                    error,
                })?;
            play(&mut game, text).map_err(|error| ParseGameError::Play { index, error })?;
            debug_assert_eq!(game.last_move().map(|m| m.to_usi()), Some(usi));
        }
        Ok(game)
    }

    /// The USI `position` line: `position startpos moves ...` when the game starts from the
    /// even-game position, `position sfen <sfen> moves ...` otherwise.
    #[must_use]
    pub fn to_usi(&self) -> String {
        // Each move written by `UsiMove::encode`, not `to_string`: a line holds hundreds.
        let mut line = String::with_capacity(128 + 6 * self.moves.len());
        if self.start == Position::startpos() {
            line.push_str("position startpos");
        } else {
            line.push_str("position sfen ");
            line.push_str(&self.start.to_sfen());
        }
        if !self.moves.is_empty() {
            line.push_str(" moves");
            let mut buf = [0; 6];
            for m in &self.moves {
                line.push(' ');
                line.push_str(m.to_usi().encode(&mut buf));
            }
        }
        line
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `m`.
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] once the game has ended, [`GameError::IllegalMove`] (with the
    /// rule broken) when `m` is not legal.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        if let Err(reason) = self.position.check_legal(&m) {
            return Err(GameError::IllegalMove { m, reason });
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Makes room for `moves` more moves, so that a caller that knows about how long the
    /// game will be plays them without the history growing and copying itself.
    pub fn reserve(&mut self, moves: usize) {
        self.moves.reserve(moves);
        self.undos.reserve(moves);
        self.keys.reserve(moves);
        self.earlier.reserve(moves);
    }

    /// Plays `m` without checking it or the game's end, for callers that took `m` from
    /// [`Position::legal_moves`] or checked it with [`Position::is_legal`] (engines and
    /// training code, which also play on after a repetition). A recorded resignation or
    /// declaration stays the outcome; otherwise [`Game::outcome`] judges the position
    /// reached. An illegal `m` may panic or corrupt the game, never cause undefined
    /// behaviour.
    pub fn play_unchecked(&mut self, m: Move) {
        let undo = self.position.play_unchecked(m);
        self.moves.push(m);
        self.undos.push(undo);
        self.push_key(self.position.key());
    }

    /// Appends `key` to `keys`, on its bucket's chain.
    fn push_key(&mut self, key: u64) {
        if self.keys.len() >= 4 * self.latest.len() {
            self.rechain(2 * self.latest.len());
        }
        let buckets = self.latest.len();
        let last = &mut self.latest[bucket(key, buckets)];
        self.earlier.push(*last);
        self.keys.push(key);
        *last = chain_index(self.keys.len());
    }

    /// Threads every key onto the chains of `buckets` buckets (doubling them costs a pass
    /// over the history, paid once per doubling of its length).
    fn rechain(&mut self, buckets: usize) {
        self.latest = vec![0; buckets];
        self.earlier.clear();
        for (i, &key) in self.keys.iter().enumerate() {
            let last = &mut self.latest[bucket(key, buckets)];
            self.earlier.push(*last);
            *last = chain_index(i + 1);
        }
    }

    /// Plays the move that the USI text names (`7g7f`, `8h2b+`, `P*5e`), returning it
    /// (python-shogi's and cshogi's `push_usi`).
    ///
    /// ```
    /// use masu_shogi::{Game, GameError, IllegalMoveReason, PlayUsiError};
    ///
    /// let mut game = Game::new();
    /// game.play_usi("7g7f")?;
    /// let err = game.play_usi("7f7e").unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move \"7f7e\": the piece on 7f is not the mover's");
    /// assert!(matches!(
    ///     err,
    ///     GameError::Usi(PlayUsiError::Illegal { reason: IllegalMoveReason::NotYourPiece(_), .. })
    /// ));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] once the game has ended, [`GameError::Usi`] when the text is not a
    /// legal move here.
    pub fn play_usi(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let m = self.position.parse_usi_move(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// The last move played, `None` at the start (python-shogi's `peek`).
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// Takes back the last move and returns it; a resignation or declaration made after it
    /// is forgotten too (one made before it stays). `None` (and nothing changes) at the
    /// start position.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        let undo = self.undos.pop()?;
        self.position.undo_unchecked(m, undo);
        if let (Some(key), Some(earlier)) = (self.keys.pop(), self.earlier.pop()) {
            let buckets = self.latest.len();
            self.latest[bucket(key, buckets)] = earlier;
        }
        if self.ended.is_some_and(|(_, at)| at > self.moves.len()) {
            self.ended = None;
        }
        Some(m)
    }

    /// `color` resigns (投了); the other side wins.
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] when the game has already ended.
    pub fn resign(&mut self, color: Color) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let outcome = Outcome::Win {
            winner: !color,
            reason: WinReason::Resignation,
        };
        self.ended = Some((outcome, self.moves.len()));
        Ok(())
    }

    /// The side to move declares (入玉宣言) under the game's [`DeclarationRule`] (see
    /// [`Declaration`]): a win for the declarer, or under the 24-point rule with 24 to 30
    /// points a draw.
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] when the game has already ended,
    /// [`GameError::InvalidDeclaration`] (with the facts) when the rule is not met; the game
    /// then goes on unchanged (both rules count a wrong declaration as a loss: call
    /// [`Game::resign`] to apply that).
    pub fn declare(&mut self) -> Result<Outcome, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let declaration = self.position.declaration();
        let outcome = declaration
            .outcome(self.declaration_rule)
            .ok_or(GameError::InvalidDeclaration(declaration))?;
        self.ended = Some((outcome, self.moves.len()));
        Ok(outcome)
    }

    /// The board diagram of the current position, with the line `手数＝N  ▲move  まで` for
    /// the last move when there is one.
    #[must_use]
    pub fn bod(&self) -> Bod {
        let bod = self.position.bod();
        match self.moves.as_slice() {
            [.., previous, last] => bod.last_move(*last, Some(previous.to())),
            [last] => bod.last_move(*last, None),
            [] => bod,
        }
    }

    /// The number of moves played when the game was resigned or declared, if it was.
    #[cfg(feature = "serde")]
    pub(crate) fn ended_at(&self) -> Option<usize> {
        self.ended.map(|(_, at)| at)
    }

    /// Brings the game to `outcome` as recorded: a resignation or declaration (judged by the
    /// game's rule) is applied, any other outcome (or none) must be what the moves lead to.
    #[cfg(feature = "serde")]
    pub(crate) fn end_as(&mut self, outcome: Option<Outcome>) -> Result<(), String> {
        if self.outcome() == outcome {
            return Ok(());
        }
        match outcome {
            Some(Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            }) => self.resign(!winner).map_err(|e| e.to_string()),
            Some(
                declared @ (Outcome::Win {
                    reason: WinReason::EnteringKing,
                    ..
                }
                | Outcome::Draw {
                    reason: crate::DrawReason::EnteringKing,
                }),
            ) if declared.winner().is_none_or(|w| w == self.position.turn()) => {
                // A valid declaration that the rule judges otherwise (a draw where a win is
                // recorded, or a win where a draw is) is not the game recorded.
                let judged = self.position.declaration().outcome(self.declaration_rule);
                if let Some(judged) = judged.filter(|&j| j != declared) {
                    return Err(format!(
                        "under the {} rule the declaration gives: {judged} (the record says: \
                         {declared})",
                        crate::serde_impls::rule_name(self.declaration_rule)
                    ));
                }
                self.declare().map(|_| ()).map_err(|e| e.to_string())
            }
            Some(outcome) => Err(format!("the moves do not lead to: {outcome}")),
            None => Err("the moves end the game, but the record says it goes on".to_owned()),
        }
    }

    /// How many times the current position has occurred in this game, now included.
    #[must_use]
    pub fn repetitions(&self) -> u8 {
        u8::try_from(self.occurrences().count()).unwrap_or(u8::MAX)
    }

    /// The indices in `keys` of the current position's occurrences, newest first: a walk
    /// along its bucket's chain.
    fn occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let key = self.keys.last().copied();
        let mut next = self.keys.len();
        std::iter::from_fn(move || {
            let i = next.checked_sub(1)?;
            next = self.earlier[i] as usize;
            Some(i)
        })
        .filter(move |&i| Some(self.keys[i]) == key)
    }

    /// How the game ended, or `None` while it goes on: a resignation or declaration; a
    /// checkmate (the side to move has no legal move); a fourth occurrence of the position,
    /// which is a draw unless every move of one side since the first occurrence gave check
    /// (that side loses; if every move of both sides gave check, the game is a draw).
    ///
    /// A checkmate that is also a fourth occurrence cannot happen: the game would have ended
    /// at the first.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some((outcome, _)) = self.ended {
            return Some(outcome);
        }
        if !self.position.has_legal_moves() {
            return Some(Outcome::Win {
                winner: !self.position.turn(),
                reason: WinReason::Checkmate,
            });
        }
        self.fourfold_repetition()
    }

    /// How the rules end the game when the current position occurs for the fourth time
    /// (board, hands and side to move): a draw (千日手), or a win for the side checked on
    /// every move of the other since the first occurrence (連続王手の千日手); `None` when it
    /// has occurred fewer times. A resignation or declaration is not looked at, nor a
    /// checkmate ([`Game::outcome`] does both).
    ///
    /// The cost is a walk along the position's chain of keys, a few steps however long the
    /// game, and a walk back through the positions only at a fourth occurrence: cheap enough
    /// to ask after every move of a history played on past the end with
    /// [`Game::play_unchecked`].
    ///
    /// ```
    /// use masu_shogi::{Game, Outcome};
    ///
    /// let mut game = Game::new();
    /// for _ in 0..3 {
    ///     for usi in ["5i5h", "5a5b", "5h5i", "5b5a"] {
    ///         assert_eq!(game.fourfold_repetition(), None);
    ///         game.play_usi(usi)?;
    ///     }
    /// }
    /// assert_eq!(game.fourfold_repetition(), Some(Outcome::REPETITION));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[doc(alias = "sennichite")]
    #[must_use]
    pub fn fourfold_repetition(&self) -> Option<Outcome> {
        (self.repetitions() >= REPETITIONS).then(|| self.repetition_outcome())
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The result of the repetition that the current position completes.
    fn repetition_outcome(&self) -> Outcome {
        let now = self.keys.len() - 1;
        let first = self.occurrences().last().unwrap_or(now);
        match self.all_checks_since(first) {
            [true, false] => Outcome::Win {
                winner: Color::White,
                reason: WinReason::PerpetualCheck,
            },
            [false, true] => Outcome::Win {
                winner: Color::Black,
                reason: WinReason::PerpetualCheck,
            },
            _ => Outcome::REPETITION,
        }
    }

    /// For each side (by [`Color::index`]), whether every one of its moves from move
    /// `first` on gave check. The moves are taken back on a copy of the position: found
    /// when asked rather than noted on every move, which cost a third of the time of playing
    /// and taking back a move, where only a repetition needs it.
    fn all_checks_since(&self, first: usize) -> [bool; 2] {
        let mut all_checks = [true, true];
        let mut pos = self.position.clone();
        for i in (first..self.moves.len()).rev() {
            all_checks[self.turn_before(i).index()] &= pos.in_check();
            pos.undo_unchecked(self.moves[i], self.undos[i]);
        }
        all_checks
    }

    /// The side to move in the position before move `i`.
    fn turn_before(&self, i: usize) -> Color {
        if i.is_multiple_of(2) {
            self.start.turn()
        } else {
            !self.start.turn()
        }
    }
}

/// The bucket of `key` among `buckets`, a power of two (Zobrist keys are uniform, so the
/// low bits do).
fn bucket(key: u64, buckets: usize) -> usize {
    key as usize & (buckets - 1)
}

/// A 1-based history index as a chain link (a history of 2^32 positions does not fit in
/// memory long before).
fn chain_index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Games are equal when their start, moves, rule and ending are; the chains are an index
/// of the history, and their number of buckets depends on how long the game once was.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.start == other.start
            && self.moves == other.moves
            && self.ended == other.ended
            && self.declaration_rule == other.declaration_rule
    }
}

impl Eq for Game {}

/// Splits a USI line at the word `moves`: (position part, move list).
fn split_moves(line: &str) -> (&str, &str) {
    let bytes = line.as_bytes();
    let blank = |i: usize| bytes.get(i).is_none_or(u8::is_ascii_whitespace);
    for (i, word) in line.match_indices("moves") {
        let end = i + word.len();
        if (i == 0 || blank(i - 1)) && blank(end) {
            return (&line[..i], &line[end..]);
        }
    }
    (line, "")
}

impl Default for Game {
    /// A game from the even-game start position.
    fn default() -> Game {
        Game::new()
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("usi", &self.to_usi())
            .field("outcome", &self.outcome())
            .field("declaration_rule", &self.declaration_rule)
            .finish()
    }
}
