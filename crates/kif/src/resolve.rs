//! Resolution of move text in a position: KIF origins are checked, KI2 relative words
//! choose among the legal candidates.

use shogi::{IllegalMoveReason, Move, Position, Square};

use crate::movetext::KifMove;

/// Move text that does not give exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KifMoveError {
    /// `同` with no previous move to take the square from.
    #[error("同 without a previous move")]
    NoPrevious,
    /// The origin square holds no piece of the side to move.
    #[error("no piece of the side to move on the origin square")]
    NoPiece,
    /// The written piece is not the one on the origin square.
    #[error("the piece on the origin square is not the one written")]
    WrongPiece,
    /// The move can be built but breaks a rule (the move is returned for recording fouls):
    /// `illegal move: two pawns on file 5 (nifu)`.
    #[error("illegal move: {reason}")]
    Illegal {
        /// The move as written, with the board's piece and capture filled in.
        mv: Move,
        /// The rule it breaks ([`Position::check_legal`]).
        reason: IllegalMoveReason,
    },
    /// No legal move fits the text; `candidates` are the legal moves of the same piece kind
    /// to the same square.
    #[error("no legal move fits")]
    NoCandidate {
        /// Legal moves of the written kind to the destination.
        candidates: Vec<Move>,
    },
    /// Several legal moves fit the text.
    #[error("several legal moves fit")]
    Ambiguous {
        /// The moves that fit.
        candidates: Vec<Move>,
    },
    /// The move's sign names the side not to move (CSA `+`/`-`,
    /// [`CsaMove::to_move`](crate::csa::CsaMove::to_move)).
    #[error("the other side is to move")]
    WrongSide,
}

impl KifMove {
    /// Resolves the text in `pos`; `last_to` is the previous move's destination (for `同`).
    ///
    /// With an origin (KIF) the move is built from the board and checked; without one (KI2)
    /// the legal moves of the written piece to the destination are filtered by `打`, the
    /// promotion word and the relative words, and exactly one must remain. Without `打`, a
    /// board move is preferred over a drop when both fit.
    ///
    /// # Errors
    ///
    /// [`KifMoveError`]: the move is illegal, ambiguous or fits nothing; the error carries
    /// the candidates.
    pub fn to_move(&self, pos: &Position, last_to: Option<Square>) -> Result<Move, KifMoveError> {
        let to = self.destination(last_to)?;
        if self.from.is_some() || (self.drop && self.relative.is_none() && self.motion.is_none()) {
            let mv = self.build(pos, to)?;
            return match pos.check_legal(&mv) {
                Ok(()) => Ok(mv),
                Err(reason) => Err(KifMoveError::Illegal { mv, reason }),
            };
        }
        self.choose(pos, to)
    }

    /// [`KifMove::to_move`]'s move, none where it gives an error (ask it for the error): a
    /// `Move` alone comes back in a register, the `Result` through memory, read back by
    /// the reader at every move with a stalled load (MEASUREMENTS.md).
    pub(crate) fn legal_move(&self, pos: &Position, last_to: Option<Square>) -> Option<Move> {
        let to = self.destination(last_to).ok()?;
        if self.from.is_some() || (self.drop && self.relative.is_none() && self.motion.is_none()) {
            let mv = self.build(pos, to).ok()?;
            return pos.is_legal(&mv).then_some(mv);
        }
        self.choose(pos, to).ok()
    }

    fn destination(&self, last_to: Option<Square>) -> Result<Square, KifMoveError> {
        match (self.to, self.same) {
            (Some(to), _) => Ok(to),
            (None, _) => last_to.ok_or(KifMoveError::NoPrevious),
        }
    }

    /// The move the text names when it gives an origin (or is a drop), legal or not.
    /// (Inlined: its `Result` returned through memory was read back with a stalled load.)
    #[inline]
    fn build(&self, pos: &Position, to: Square) -> Result<Move, KifMoveError> {
        let Some(from) = self.from else {
            return Ok(Move::Drop {
                kind: self.piece,
                to,
            });
        };
        let piece = pos.piece_at(from).ok_or(KifMoveError::NoPiece)?;
        if piece.color != pos.turn() {
            return Err(KifMoveError::NoPiece);
        }
        // `７七角成(22)` names the piece before promotion; `７七馬(22)` after it.
        let promote = self.promotion == Some(true);
        let written_after = piece.kind.promoted() == Some(self.piece) && !promote;
        if piece.kind != self.piece && !written_after {
            return Err(KifMoveError::WrongPiece);
        }
        Ok(Move::Normal {
            from,
            to,
            kind: piece.kind,
            capture: pos.piece_at(to).map(|p| p.kind),
            promote: promote || written_after,
        })
    }

    /// The KI2 filter ([`shogi::MoveWords::select`], the rule the writer uses too) over the
    /// legal moves of the written piece to `to`; with none left, a foul the words name.
    fn choose(&self, pos: &Position, to: Square) -> Result<Move, KifMoveError> {
        let all = pos.legal_moves_of(self.piece, to);
        let fit = self.words().select(pos.turn(), &all);
        match fit[..] {
            [mv] => Ok(mv),
            [] => match self.unique_illegal(pos, to) {
                Some((mv, reason)) => Err(KifMoveError::Illegal { mv, reason }),
                None => Err(KifMoveError::NoCandidate { candidates: all }),
            },
            _ => Err(KifMoveError::Ambiguous { candidates: fit }),
        }
    }

    /// With no legal candidate, the move the words pick among those of the written piece
    /// that reach the square ignoring checks ([`Position::reaching_moves_of`]), when it is
    /// illegal: a recorded foul such as leaving the king in check, with the rule it
    /// breaks. Without `打` a board piece is preferred to the drop, as for legal moves.
    fn unique_illegal(&self, pos: &Position, to: Square) -> Option<(Move, IllegalMoveReason)> {
        let candidates = pos.reaching_moves_of(self.piece, to, self.promotion == Some(true));
        match self.words().select(pos.turn(), &candidates)[..] {
            // A legal move here was ruled out by the text's own words (`引` for a move
            // up): the text fits nothing, it does not record a foul.
            [mv] => pos.check_legal(&mv).err().map(|reason| (mv, reason)),
            _ => None,
        }
    }
}
