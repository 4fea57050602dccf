//! Legality of a single move, each failure named: [`Position::check_legal`] (which
//! [`Position::is_legal`] asks).

use super::{Pins, Position};
use crate::attacks::{attacks, between, line, pawn_attacks};
use crate::{Bitboard, Move, Piece, PieceKind, Square};

/// The rule a move breaks, from [`Position::check_legal`].
///
/// The first broken rule is reported, in the order: the piece (on the board or in hand), the
/// destination, the piece's reach, promotion, then the king's safety and the pawn-drop rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// No piece stands on the origin square.
    #[error("no piece on {0}")]
    NoPiece(Square),
    /// The piece on the origin square belongs to the side not to move.
    #[error("the piece on {0} is not the mover's")]
    NotYourPiece(Square),
    /// The move names another kind than the one on the origin square (a [`Move`] made for
    /// another position).
    #[error("the move names a {} but a {} stands on {square}", .named.name(), .found.name())]
    WrongPiece {
        /// The origin square.
        square: Square,
        /// The kind the move names.
        named: PieceKind,
        /// The kind on the board.
        found: PieceKind,
    },
    /// The destination holds a piece of the mover.
    #[error("the mover's own piece stands on {0}")]
    OwnPiece(Square),
    /// The move's captured kind is not what stands on the destination (a [`Move`] made for
    /// another position).
    #[error("the move's capture does not match what stands on {0}")]
    WrongCapture(Square),
    /// The piece does not move that way, or another piece is in the way.
    #[error("a {} on {from} cannot reach {to}", .kind.name())]
    Unreachable {
        /// The moving kind.
        kind: PieceKind,
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The kind cannot promote, or neither square is in the mover's promotion zone.
    #[error("a {} cannot promote moving from {from} to {to}", .kind.name())]
    CannotPromote {
        /// The moving kind.
        kind: PieceKind,
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// A pawn, lance or knight would stand where it could never move again (行き所のない駒):
    /// it must promote there, and cannot be dropped there.
    #[doc(alias = "ikidokoro")]
    #[error("a {} on {square} could never move again", .kind.name())]
    DeadSquare {
        /// The moving or dropped kind.
        kind: PieceKind,
        /// The destination.
        square: Square,
    },
    /// Kings and promoted kinds are never dropped.
    #[error("a {} cannot be dropped", .0.name())]
    NotHandKind(PieceKind),
    /// The mover holds no piece of the dropped kind.
    #[error("no {} in hand", .0.name())]
    NotInHand(PieceKind),
    /// A drop on an occupied square.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// A second unpromoted pawn of the mover on one file (二歩).
    #[doc(alias = "nifu")]
    #[error("two pawns on file {0} (nifu)")]
    TwoPawns(u8),
    /// A pawn drop that mates (打ち歩詰め).
    #[doc(alias = "uchifuzume")]
    #[error("a pawn drop that mates (uchifuzume)")]
    PawnDropMate,
    /// The mover's king would be in check after the move (moving into check, leaving a check
    /// unanswered, or moving a pinned piece off its line).
    #[error("the move leaves the king in check")]
    KingInCheck,
}

impl Position {
    /// Why `m` is illegal here, or `Ok(())` exactly when [`Position::is_legal`] is true.
    ///
    /// ```
    /// use masu_shogi::{IllegalMoveReason, Move, PieceKind, Position, Square};
    ///
    /// let pos: Position = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1".parse()?;
    /// let nifu = Move::Drop { kind: PieceKind::Pawn, to: Square::SQ_5E };
    /// assert_eq!(pos.check_legal(&nifu), Err(IllegalMoveReason::TwoPawns(5)));
    /// assert_eq!(
    ///     pos.check_legal(&nifu).unwrap_err().to_string(),
    ///     "two pawns on file 5 (nifu)"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first rule `m` breaks, as an [`IllegalMoveReason`].
    #[inline]
    pub fn check_legal(&self, m: &Move) -> Result<(), IllegalMoveReason> {
        self.check_move(m, None)
    }

    /// [`Position::check_legal`], with this position's pins when `known`.
    #[inline]
    pub(super) fn check_move(
        &self,
        m: &Move,
        known: Option<&Pins>,
    ) -> Result<(), IllegalMoveReason> {
        match *m {
            Move::Normal {
                from,
                to,
                kind,
                capture,
                promote,
            } => self.check_normal(from, to, kind, capture, promote, known),
            Move::Drop { kind, to } => self.check_drop(kind, to, known),
        }
    }

    #[inline]
    fn check_normal(
        &self,
        from: Square,
        to: Square,
        kind: PieceKind,
        capture: Option<PieceKind>,
        promote: bool,
        known: Option<&Pins>,
    ) -> Result<(), IllegalMoveReason> {
        use IllegalMoveReason as R;
        let us = self.turn;
        let found = self.board[from.index()].ok_or(R::NoPiece(from))?;
        if found.color != us {
            return Err(R::NotYourPiece(from));
        }
        if found.kind != kind {
            return Err(R::WrongPiece {
                square: from,
                named: kind,
                found: found.kind,
            });
        }
        let target = self.board[to.index()];
        if target.is_some_and(|p| p.color == us) {
            return Err(R::OwnPiece(to));
        }
        if target.map(|p| p.kind) != capture {
            return Err(R::WrongCapture(to));
        }
        if !attacks(found, from, self.occupied()).contains(to) {
            return Err(R::Unreachable { kind, from, to });
        }
        let zone = Bitboard::promotion_zone(us);
        if promote && !(kind.can_promote() && (zone.contains(from) || zone.contains(to))) {
            return Err(R::CannotPromote { kind, from, to });
        }
        if !promote && kind.dead_squares(us).contains(to) {
            return Err(R::DeadSquare { kind, square: to });
        }
        if self.king_stays_safe(from, to, kind, known) {
            Ok(())
        } else {
            Err(R::KingInCheck)
        }
    }

    /// Whether the mover's king is out of check after the board move `from` -> `to`.
    #[inline]
    fn king_stays_safe(
        &self,
        from: Square,
        to: Square,
        kind: PieceKind,
        known: Option<&Pins>,
    ) -> bool {
        let us = self.turn;
        let Some(ksq) = self.king_square(us) else {
            return true;
        };
        if kind == PieceKind::King {
            let occ = self.occupied() ^ Bitboard::from_square(from);
            return !self.is_attacked_with(to, !us, occ);
        }
        let (checkers, pinned) = self.known_or_worked_out(ksq, known);
        if checkers.has_more_than_one() {
            return false;
        }
        if let Some(checker) = checkers.first()
            && !(between(ksq, checker) | Bitboard::from_square(checker)).contains(to)
        {
            return false;
        }
        !pinned.contains(from) || line(ksq, from).contains(to)
    }

    #[inline]
    fn check_drop(
        &self,
        kind: PieceKind,
        to: Square,
        known: Option<&Pins>,
    ) -> Result<(), IllegalMoveReason> {
        use IllegalMoveReason as R;
        let us = self.turn;
        if !kind.is_hand_kind() {
            return Err(R::NotHandKind(kind));
        }
        if self.hands[us].count(kind) == 0 {
            return Err(R::NotInHand(kind));
        }
        if self.board[to.index()].is_some() {
            return Err(R::Occupied(to));
        }
        if kind.dead_squares(us).contains(to) {
            return Err(R::DeadSquare { kind, square: to });
        }
        // The pawns of the one file (`whole_files` walks every pawn of the side).
        if kind == PieceKind::Pawn
            && (self.pieces_of(Piece::new(us, PieceKind::Pawn)) & Bitboard::file(to.file())).any()
        {
            return Err(R::TwoPawns(to.file()));
        }
        if let Some(ksq) = self.king_square(us) {
            let checkers = known.map_or_else(|| self.checkers(), Pins::checkers);
            let blocks = |checker| between(ksq, checker).contains(to);
            if checkers.has_more_than_one() || checkers.first().is_some_and(|c| !blocks(c)) {
                return Err(R::KingInCheck);
            }
        }
        if kind == PieceKind::Pawn
            && let Some(their_king) = self.king_square(!us)
            && pawn_attacks(us, to).contains(their_king)
            && self.is_pawn_drop_mate(to, their_king)
        {
            return Err(R::PawnDropMate);
        }
        Ok(())
    }
}
