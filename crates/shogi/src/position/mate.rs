//! Short mates: a full-width AND/OR search over checking moves, for a few plies.
//!
//! Long mates belong to a proof-number solver (masu-tsume); this search is for the
//! questions an engine or a record viewer asks in passing ("is there a mate in 1 or 3?").

use super::Position;
use crate::Move;

impl Position {
    /// A move that checkmates at once, if there is one (cshogi's `mate_move_in_1ply`).
    ///
    /// Every legal checking move is tried, so the answer is right in any position: with the
    /// side to move in check (only evasions that check count), with a pinned piece, and with
    /// the pawn-drop-mate rule (a pawn drop never mates legally). When several moves mate, the
    /// first in generation order is returned. A move that leaves the opponent no legal move
    /// without checking (it wins too, shogi having no stalemate, and
    /// [`Game::outcome`](crate::Game::outcome) calls it a checkmate) is not looked for: it
    /// is no mate in tsume's sense.
    ///
    /// ```
    /// use masu_shogi::Position;
    ///
    /// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    /// assert_eq!(pos.mate_in_1().map(|m| m.to_string()), Some("G*5b".to_owned()));
    /// assert_eq!(Position::startpos().mate_in_1(), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn mate_in_1(&self) -> Option<Move> {
        let mut pos = self.clone();
        self.check_moves().into_iter().find(|&m| {
            let undo = pos.play_unchecked(m);
            let mated = !pos.has_legal_moves();
            pos.undo_unchecked(m, undo);
            mated
        })
    }

    /// The first move of a shortest forced mate in at most `plies` plies in which every move
    /// of the side to move checks (as in tsume), or `None`.
    ///
    /// Only odd lengths end with the attacker's move, so an even `plies` counts as one less;
    /// `mate_in(1)` is [`Position::mate_in_1`]. The search tries every check and every
    /// defence, deepening by two plies at a time, so it finds the shortest mate, but its cost
    /// grows with the number of checks and evasions to the power `plies / 2`: meant for 1, 3
    /// and 5 plies (use masu-tsume for long problems). A mate that needs a quiet move is not
    /// found.
    ///
    /// ```
    /// use masu_shogi::{Position, SetupMode};
    ///
    /// // A mate-in-3 problem (the attacker has no king): 9a7c 9e9f R*9e.
    /// let sfen = "+B8/9/2r6/9/k8/2+B6/9/9/9 b r4g4s4n4l18p 1";
    /// let pos = Position::from_sfen_with(sfen, SetupMode::Tsume)?;
    /// assert_eq!(pos.mate_in(1), None);
    /// assert_eq!(pos.mate_in(3).map(|m| m.to_string()), Some("9a7c".to_owned()));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn mate_in(&self, plies: u32) -> Option<Move> {
        let mut pos = self.clone();
        (1..=plies)
            .step_by(2)
            .find_map(|depth| pos.attacker_mates(depth))
    }

    /// Whether the side to move, in check, is mated within `plies` plies whatever it plays:
    /// it has no legal move, or after each of its evasions the opponent mates within
    /// `plies - 1` as [`Position::mate_in`] mates, every move a check (cshogi's `is_mate`).
    /// `false` when the side to move is not in check. Only even lengths end with the
    /// opponent's mating move, so an odd `plies` counts as one less.
    ///
    /// ```
    /// use masu_shogi::Position;
    ///
    /// // White's king on 1a, checked by the knight, can only go to 2a: then 7d6e mates.
    /// let pos: Position = "8k/3+R5/l6N1/2+B6/9/9/9/9/4K4 w - 2".parse()?;
    /// assert!(!pos.is_mated_in(0) && pos.is_mated_in(2));
    /// assert!(!Position::startpos().is_mated_in(4)); // not in check
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_mated_in(&self, plies: u32) -> bool {
        self.in_check() && self.clone().defender_mated(plies & !1)
    }

    /// A check after which the defender is mated within `depth` (odd) plies.
    fn attacker_mates(&mut self, depth: u32) -> Option<Move> {
        if depth <= 1 {
            return self.mate_in_1();
        }
        self.check_moves().into_iter().find(|&m| {
            let undo = self.play_unchecked(m);
            let mated = self.defender_mated(depth - 1);
            self.undo_unchecked(m, undo);
            mated
        })
    }

    /// Whether every defence of the side to move (in check) is mated within `depth` (even)
    /// plies; true when it has no legal move.
    fn defender_mated(&mut self, depth: u32) -> bool {
        let evasions = self.legal_moves();
        evasions.into_iter().all(|m| {
            if depth == 0 {
                return false;
            }
            let undo = self.play_unchecked(m);
            let mated = self.attacker_mates(depth - 1).is_some();
            self.undo_unchecked(m, undo);
            mated
        })
    }
}
