//! What a record says about the end of its game, and the record as a [`Game`].

use shogi::{Color, DrawReason, Game, Outcome, WinReason};

use super::{NodeId, NodeKind, Record, ReplayError, Special, StartPosition};

impl Special {
    /// The outcome this special records when `mover` is the side to move at its ply; `None`
    /// for words that do not end a game with a result (中断, 不詰, 封じ手, 待った, unknown
    /// words).
    ///
    /// ```
    /// use masu_kif::Special;
    /// use masu_kif::shogi::{Color, Outcome, WinReason};
    ///
    /// assert_eq!(
    ///     Special::Resign.outcome(Color::Black),
    ///     Some(Outcome::Win { winner: Color::White, reason: WinReason::Resignation })
    /// );
    /// assert_eq!(Special::Repetition.outcome(Color::White), Some(Outcome::REPETITION));
    /// assert_eq!(Special::Interrupt.outcome(Color::White), None);
    /// ```
    #[must_use]
    pub fn outcome(&self, mover: Color) -> Option<Outcome> {
        let win = |winner: Color, reason| Some(Outcome::Win { winner, reason });
        let draw = |reason| Some(Outcome::Draw { reason });
        match self {
            Special::Resign => win(!mover, WinReason::Resignation),
            Special::Mate => win(!mover, WinReason::Checkmate),
            Special::TimeUp => win(!mover, WinReason::Time),
            Special::IllegalLoss => win(!mover, WinReason::IllegalMove),
            Special::DefaultLoss => win(!mover, WinReason::Forfeit),
            Special::IllegalWin => win(mover, WinReason::IllegalMove),
            Special::Declaration => win(mover, WinReason::EnteringKing),
            Special::Try => win(mover, WinReason::Try),
            Special::DefaultWin => win(mover, WinReason::Forfeit),
            Special::Repetition => draw(DrawReason::Repetition),
            Special::Impasse => draw(DrawReason::EnteringKing),
            Special::Draw => draw(DrawReason::Agreement),
            Special::MaxMoves => draw(DrawReason::MoveLimit),
            _ => None,
        }
    }
}

impl Record {
    /// How the game of the main line ended: the outcome of its closing special
    /// ([`Special::outcome`]), else a checkmate or fourth repetition that its moves reach;
    /// `None` when the record does not say (an unfinished or interrupted game, or moves that
    /// do not replay).
    ///
    /// ```
    /// use masu_kif::{Mode, Record};
    /// use masu_kif::shogi::{Color, Outcome, WinReason};
    ///
    /// let record = Record::from_usi("position startpos moves 7g7f 3c3d")?;
    /// assert_eq!(record.outcome(), None);
    /// let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n";
    /// let record = masu_kif::kif::read_str(kif, Mode::Lenient)?.record;
    /// assert_eq!(
    ///     record.outcome(),
    ///     Some(Outcome::Win { winner: Color::Black, reason: WinReason::Resignation })
    /// );
    /// assert_eq!(record.winner(), Some(Color::Black));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let end = self.main_line_end();
        match &self.tree[end].kind {
            NodeKind::Special(special) => special.outcome(self.side_to_move_at(end)),
            _ => self.game_at(end).ok()?.outcome(),
        }
    }

    /// The record of `game`: its start, its moves as the main line, and the special that
    /// says how it ended when it has ended (詰み, 投了, 千日手, 入玉勝ち, ...: the one whose
    /// [`Special::outcome`] is the game's), so that a program that played a game can save
    /// it as KIF, KI2, CSA or JKF. A checkmate or repetition gets its word (詰み, 千日手);
    /// a perpetual check none, its moves show it ([`Record::outcome`] finds it). A
    /// resignation by the side not to move has no word at that ply in any format (投了 and
    /// `%TORYO` are the mover's) and is left out: check `record.outcome() ==
    /// game.outcome()` where a program lets either side resign.
    ///
    /// ```
    /// use masu_kif::{Record, Special};
    /// use masu_kif::shogi::{Color, Game};
    ///
    /// let mut game = Game::from_usi("position startpos moves 7g7f 3c3d")?;
    /// game.resign(Color::Black)?;
    /// let record = Record::from_game(&game);
    /// assert_eq!(record.tree.main_line_len(), 2);
    /// assert_eq!(record.result(), Some(&Special::Resign));
    /// assert_eq!(record.winner(), Some(Color::White));
    /// assert!(masu_kif::kif::to_string(&record).contains("   3 投了"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_game(game: &Game) -> Record {
        let mut record = Record::with_start(StartPosition::from_setup(game.start().to_setup()));
        let mut at = NodeId::ROOT;
        for &mv in game.moves() {
            // `at` is the root or the move just added: a move can follow it.
            let Some(next) = record.push_move(at, mv) else {
                break;
            };
            at = next;
        }
        if let Some(outcome) = game.outcome() {
            let mover = game.position().turn();
            let ending = [
                Special::Mate,
                Special::Resign,
                Special::Repetition,
                Special::IllegalWin,
                Special::Declaration,
                Special::Impasse,
                Special::Draw,
                Special::MaxMoves,
            ]
            .into_iter()
            .find(|special| special.outcome(mover) == Some(outcome));
            if let Some(special) = ending {
                // The root or a move: a special can always follow it.
                let _ = record.tree.push(at, NodeKind::Special(special));
            }
        }
        record
    }

    /// The side that won the game of the main line, `None` for a draw or when the record
    /// does not say (see [`Record::outcome`]).
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        self.outcome()?.winner()
    }

    /// The side to move at node `id`: after its move for a move node, at its ply for a
    /// special.
    fn side_to_move_at(&self, id: NodeId) -> Color {
        let moves = self.tree.moves_to(id).len();
        if moves.is_multiple_of(2) {
            self.start.setup.turn
        } else {
            !self.start.setup.turn
        }
    }

    /// The game of the main line: [`Record::game_at`] its last node.
    ///
    /// # Errors
    ///
    /// As [`Record::game_at`].
    pub fn game(&self) -> Result<Game, ReplayError> {
        self.game_at(self.main_line_end())
    }

    /// The [`Game`] that the moves from the start to node `id` make, with their history
    /// (repetitions, undo, USI). A `投了` at `id` is applied as a resignation; other
    /// specials are not (a [`Game`] has no time control or referee: see
    /// [`Record::outcome`]).
    ///
    /// ```
    /// use masu_kif::Record;
    ///
    /// let record = Record::from_usi("position startpos moves 7g7f 3c3d 8h2b+")?;
    /// let game = record.game()?;
    /// assert_eq!(game.moves().len(), 3);
    /// assert_eq!(game.last_move().map(|m| m.to_string()), Some("8h2b+".to_owned()));
    /// let first = record.tree.main_line().next().ok_or("no moves")?;
    /// assert_eq!(record.game_at(first)?.to_usi(), "position startpos moves 7g7f");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ReplayError`]: the start position is invalid, `id` is not in the tree, or a move
    /// on the path is illegal (a recorded foul) or comes after the game has ended.
    pub fn game_at(&self, id: NodeId) -> Result<Game, ReplayError> {
        self.replay_to(id, false)
    }

    /// [`Record::game_at`], with the moves after the game's end played on: a line read past
    /// a fourfold repetition ([`crate::DiagnosticKind::AfterRepetition`]) or a resignation,
    /// as [`Game::from_usi_playing_on`](shogi::Game::from_usi_playing_on) plays a USI line.
    /// Each move is still checked against its position.
    ///
    /// # Errors
    ///
    /// As [`Record::game_at`], but for moves after the end.
    pub fn game_at_playing_on(&self, id: NodeId) -> Result<Game, ReplayError> {
        self.replay_to(id, true)
    }

    fn replay_to(&self, id: NodeId, play_on: bool) -> Result<Game, ReplayError> {
        self.tree.get(id).ok_or(ReplayError::NoSuchNode)?;
        let mut game = Game::from_position(self.start.position().map_err(ReplayError::Start)?);
        for node in self.tree.path_to(id) {
            let node = &self.tree[node];
            let illegal = ReplayError::Illegal { ply: node.ply() };
            match &node.kind {
                NodeKind::Move(m) if m.illegal => return Err(illegal),
                NodeKind::Move(m) if play_on => {
                    if !game.position().is_legal(&m.mv) {
                        return Err(illegal);
                    }
                    game.play_unchecked(m.mv);
                }
                NodeKind::Move(m) => game.play(m.mv).map_err(|_| illegal)?,
                NodeKind::Special(Special::Resign) => {
                    let _ = game.resign(game.position().turn());
                }
                NodeKind::Special(_) | NodeKind::Start => {}
            }
        }
        Ok(game)
    }
}
