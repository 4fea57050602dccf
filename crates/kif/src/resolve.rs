//! Resolution of move text in a position: KIF origins are checked, KI2 relative words
//! choose among the legal candidates.

use shogi::attacks::attacks;
use shogi::{Color, Move, Piece, Position, Square};

use crate::movetext::{KifMove, Motion, Relative};

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
    /// The move can be built but breaks a rule (the move is returned for recording fouls).
    #[error("illegal move")]
    Illegal {
        /// The move as written, with the board's piece and capture filled in.
        mv: Move,
    },
    /// No legal move fits the text; `candidates` are the legal moves of the same piece kind
    /// to the same square.
    #[error("no legal move fits")]
    NoCandidate {
        /// Legal moves of the written kind to the destination.
        candidates: Vec<Move>,
    },
    /// Several legal moves fit the text.
    #[error("ambiguous move")]
    Ambiguous {
        /// The moves that fit.
        candidates: Vec<Move>,
    },
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
            return if pos.is_legal(&mv) {
                Ok(mv)
            } else {
                Err(KifMoveError::Illegal { mv })
            };
        }
        self.choose(pos, to)
    }

    fn destination(&self, last_to: Option<Square>) -> Result<Square, KifMoveError> {
        match (self.to, self.same) {
            (Some(to), _) => Ok(to),
            (None, _) => last_to.ok_or(KifMoveError::NoPrevious),
        }
    }

    /// The move the text names when it gives an origin (or is a drop), legal or not.
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

    fn choose(&self, pos: &Position, to: Square) -> Result<Move, KifMoveError> {
        let legal = pos.legal_moves();
        match self.choose_among(pos.turn(), to, &legal) {
            Err(KifMoveError::NoCandidate { candidates }) => match self.unique_illegal(pos, to) {
                Some(mv) => Err(KifMoveError::Illegal { mv }),
                None => Err(KifMoveError::NoCandidate { candidates }),
            },
            other => other,
        }
    }

    /// With no legal candidate, the one piece of the written kind that could reach the
    /// square ignoring checks (a recorded foul such as leaving the king in check), or the
    /// drop when no board piece can.
    fn unique_illegal(&self, pos: &Position, to: Square) -> Option<Move> {
        let us = pos.turn();
        if pos.piece_at(to).is_some_and(|p| p.color == us) {
            return None;
        }
        let piece = Piece::new(us, self.piece);
        let mut from = pos
            .pieces_of(piece)
            .iter()
            .filter(|&sq| attacks(piece, sq, pos.occupied()).contains(to));
        let mv = match (from.next(), from.next()) {
            (Some(from), None) if !self.drop => Move::Normal {
                from,
                to,
                kind: self.piece,
                capture: pos.piece_at(to).map(|p| p.kind),
                promote: self.promotion == Some(true),
            },
            (None, _) if pos.hand(us).count(self.piece) > 0 && pos.piece_at(to).is_none() => {
                Move::Drop {
                    kind: self.piece,
                    to,
                }
            }
            _ => return None,
        };
        // A legal move here was ruled out by the text's own words (`引` for a move up):
        // the text fits nothing, it does not record a foul.
        (!pos.is_legal(&mv)).then_some(mv)
    }

    /// The KI2 filter over a list of legal moves of the side `us` (shared with the writer,
    /// which checks that the text it writes reads back as the move it wrote).
    pub(crate) fn choose_among(
        &self,
        us: Color,
        to: Square,
        legal: &[Move],
    ) -> Result<Move, KifMoveError> {
        let all: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.to() == to && m.kind() == self.piece)
            .collect();
        let mut fit: Vec<Move> = all
            .iter()
            .copied()
            .filter(|m| !self.drop || m.is_drop())
            .filter(|m| self.promotion.unwrap_or(false) == m.is_promotion())
            .filter(|m| self.motion.is_none_or(|w| motion(us, m) == Some(w)))
            .collect();
        if !self.drop && fit.iter().any(|m| !m.is_drop()) {
            fit.retain(|m| !m.is_drop());
        }
        if let Some(rel) = self.relative {
            fit = relative(us, rel, &fit);
        }
        match fit.len() {
            1 => Ok(fit[0]),
            0 => Err(KifMoveError::NoCandidate { candidates: all }),
            _ => Err(KifMoveError::Ambiguous { candidates: fit }),
        }
    }
}

/// Ranks forward for `color`: positive when the move goes towards the opponent.
pub(crate) fn forward(color: Color, from: Square, to: Square) -> i8 {
    let d = from.rank() as i8 - to.rank() as i8;
    match color {
        Color::Black => d,
        Color::White => -d,
    }
}

/// Files to the mover's right: positive when `a` is right of `b` as the mover sees it.
pub(crate) fn rightward(color: Color, a: Square, b: Square) -> i8 {
    let d = b.file() as i8 - a.file() as i8;
    match color {
        Color::Black => d,
        Color::White => -d,
    }
}

/// The movement word a board move fits.
pub(crate) fn motion(color: Color, m: &Move) -> Option<Motion> {
    let from = m.from()?;
    Some(match forward(color, from, m.to()) {
        1.. => Motion::Up,
        0 => Motion::Sideways,
        _ => Motion::Down,
    })
}

/// The candidates a relative word picks: `直` the one moving straight forward, `右`/`左` the
/// rightmost/leftmost by file as the mover sees it.
fn relative(color: Color, rel: Relative, fit: &[Move]) -> Vec<Move> {
    let board: Vec<(Square, Move)> = fit.iter().filter_map(|m| Some((m.from()?, *m))).collect();
    match rel {
        Relative::Straight => board
            .into_iter()
            .filter(|(from, m)| from.file() == m.to().file() && forward(color, *from, m.to()) == 1)
            .map(|(_, m)| m)
            .collect(),
        Relative::Right | Relative::Left => {
            let key = |sq: Square| {
                let r = rightward(color, sq, Square::SQ_5E);
                if rel == Relative::Right { r } else { -r }
            };
            let best = board.iter().map(|(sq, _)| key(*sq)).max();
            board
                .into_iter()
                .filter(|(sq, _)| Some(key(*sq)) == best)
                .map(|(_, m)| m)
                .collect()
        }
    }
}
