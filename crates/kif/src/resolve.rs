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

#[cfg(test)]
mod tests {
    use shogi::{Motion, PieceKind, Relative, SetupMode};

    use super::*;

    /// Every move text of `piece` to `to` (`None`: `同`) in `pos`: each origin (KIF), and
    /// without one each set of words (KI2).
    fn texts(pos: &Position, piece: PieceKind, to: Option<Square>) -> Vec<KifMove> {
        let promotions = [None, Some(true), Some(false)];
        let relatives = [
            None,
            Some(Relative::Right),
            Some(Relative::Left),
            Some(Relative::Straight),
        ];
        let motions = [
            None,
            Some(Motion::Up),
            Some(Motion::Sideways),
            Some(Motion::Down),
        ];
        let text = KifMove {
            to,
            same: to.is_none(),
            piece,
            relative: None,
            motion: None,
            promotion: None,
            drop: false,
            from: None,
        };
        // Origins: the side to move's pieces, an empty square and one of the other side's.
        let mut origins: Vec<Square> = pos.pieces(pos.turn()).into_iter().collect();
        origins.extend(
            Square::ALL
                .into_iter()
                .find(|&sq| pos.piece_at(sq).is_none()),
        );
        origins.extend(pos.pieces(!pos.turn()).into_iter().next());
        let mut all = Vec::new();
        for promotion in promotions {
            for &from in &origins {
                all.push(KifMove {
                    promotion,
                    from: Some(from),
                    ..text
                });
            }
            for drop in [false, true] {
                for relative in relatives {
                    for motion in motions {
                        all.push(KifMove {
                            promotion,
                            drop,
                            relative,
                            motion,
                            ..text
                        });
                    }
                }
            }
        }
        all
    }

    // The reader asks `legal_move` first and `to_move` only where it gives none, for the
    // error: the two must decide alike, or a move would be read that `to_move` refuses (or
    // one it gives reported as an error).
    #[test]
    fn legal_move_is_to_move_without_the_error() {
        let positions = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            // Drops, a mate in one and a pawn-drop mate (打ち歩詰め) to find.
            "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
            "7nk/9/7GP/9/9/9/9/9/9 b P2r2b3g4s3n4l15p 1",
            // Promoted pieces, pins and a king in check, White to move.
            "l2+P5/2k4+L1/2n1p2B1/p1pp1spN1/4Ps3/PlPP2P2/1P1Sb4/1KG2+p3/LN7 w R2GPrgsn4p 1",
            "4k4/4r4/9/9/9/9/4S4/4K4/9 b - 1",
        ];
        let mut checked = 0;
        for sfen in positions {
            let pos = match Position::from_sfen_with(sfen, SetupMode::Tsume) {
                Ok(pos) => pos,
                Err(e) => panic!("{sfen}: {e}"),
            };
            for last_to in [None, Some(Square::ALL[40])] {
                let tos = Square::ALL.into_iter().map(Some).chain([None]);
                for to in tos {
                    for piece in PieceKind::ALL {
                        for text in texts(&pos, piece, to) {
                            assert_eq!(
                                text.legal_move(&pos, last_to),
                                text.to_move(&pos, last_to).ok(),
                                "{sfen}: {text:?} after {last_to:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked} texts checked");
    }
}
