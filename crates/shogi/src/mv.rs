//! Moves.

use std::fmt;

use arrayvec::ArrayVec;

use crate::{PieceKind, Square, UsiMove};

/// A move: a piece moving on the board, or a piece dropped from hand.
///
/// The moving kind and any captured kind are stored so that hashing, printing and
/// [`Move::is_capture`] need no board. A `Move` is only meaningful in the position it was
/// made for; [`Position::is_legal`](crate::Position::is_legal) checks it.
///
/// `Ord` orders board moves before drops, then by the fields in declaration order (origin
/// square, destination, ...): an arbitrary but fixed order, for sorted lists and sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece moves from one square to another, maybe capturing and maybe promoting.
    Normal {
        /// Origin square.
        from: Square,
        /// Destination square.
        to: Square,
        /// The kind that moves (before any promotion).
        kind: PieceKind,
        /// The kind on the destination square, if any (as it stood on the board).
        capture: Option<PieceKind>,
        /// Whether the piece promotes.
        promote: bool,
    },
    /// A piece from hand is placed on an empty square (打).
    Drop {
        /// The dropped kind (one of [`PieceKind::HAND`]).
        kind: PieceKind,
        /// Destination square.
        to: Square,
    },
}

/// The most legal moves any position has (593, in `R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b
/// RBGSNLP3g3n17p 1`, the maximum found by the yasai authors and others).
pub const MAX_LEGAL_MOVES: usize = 593;

/// A list of moves that never allocates: room for [`MAX_LEGAL_MOVES`].
pub type MoveList = ArrayVec<Move, MAX_LEGAL_MOVES>;

impl Move {
    /// The destination square.
    #[must_use]
    pub const fn to(&self) -> Square {
        match *self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The origin square, `None` for drops.
    #[must_use]
    pub const fn from(&self) -> Option<Square> {
        match *self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// The kind that moves or is dropped (before promotion).
    #[must_use]
    pub const fn kind(&self) -> PieceKind {
        match *self {
            Move::Normal { kind, .. } | Move::Drop { kind, .. } => kind,
        }
    }

    /// The kind standing on the destination square after the move.
    #[must_use]
    pub const fn kind_after(&self) -> PieceKind {
        match *self {
            Move::Normal {
                kind,
                promote: true,
                ..
            } => match kind.promoted() {
                Some(p) => p,
                None => kind,
            },
            Move::Normal { kind, .. } | Move::Drop { kind, .. } => kind,
        }
    }

    /// The captured kind, if any.
    #[must_use]
    pub const fn capture(&self) -> Option<PieceKind> {
        match *self {
            Move::Normal { capture, .. } => capture,
            Move::Drop { .. } => None,
        }
    }

    /// Whether the move captures.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.capture().is_some()
    }

    /// Whether the move is a drop.
    #[must_use]
    pub const fn is_drop(&self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    /// Whether the move promotes.
    #[must_use]
    pub const fn is_promotion(&self) -> bool {
        matches!(self, Move::Normal { promote: true, .. })
    }

    /// The same move seen from the other side of the board, as it is played in the
    /// rotated position ([`Setup::rotated`](crate::Setup::rotated)): `7g7f` becomes `3c3d`,
    /// `P*5e` becomes `P*5e`.
    ///
    /// ```
    /// use masu_shogi::Position;
    ///
    /// let pos = Position::startpos();
    /// let m = pos.parse_usi_move("2g2f")?;
    /// assert_eq!(m.rotated().to_usi().to_string(), "8c8d");
    /// assert_eq!(m.rotated().rotated(), m);
    /// # Ok::<(), masu_shogi::PlayUsiError>(())
    /// ```
    #[must_use]
    pub const fn rotated(&self) -> Move {
        match *self {
            Move::Normal {
                from,
                to,
                kind,
                capture,
                promote,
            } => Move::Normal {
                from: from.flip(),
                to: to.flip(),
                kind,
                capture,
                promote,
            },
            Move::Drop { kind, to } => Move::Drop {
                kind,
                to: to.flip(),
            },
        }
    }

    /// The USI form of the move (`7g7f`, `8h2b+`, `P*5e`).
    #[must_use]
    pub const fn to_usi(&self) -> UsiMove {
        match *self {
            Move::Normal {
                from, to, promote, ..
            } => UsiMove::Normal { from, to, promote },
            Move::Drop { kind, to } => UsiMove::Drop { kind, to },
        }
    }
}

impl fmt::Display for Move {
    /// The USI form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_usi().fmt(f)
    }
}
