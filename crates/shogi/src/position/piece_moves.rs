//! The legal moves of one origin as a destination set ([`PieceMoves`]).

use crate::{Bitboard, Move, MoveList, Piece, Square};

/// The legal moves of one piece on the board, or the legal drops of one hand kind.
///
/// [`PieceMoves::len`] is the exact number of moves: a destination where promotion is optional
/// counts twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceMoves<'a> {
    /// The moving piece (for a drop: the dropping colour and the dropped kind).
    pub piece: Piece,
    /// The origin, `None` for drops.
    pub from: Option<Square>,
    /// The destinations, all legal for at least one promotion choice.
    pub to: Bitboard,
    board: &'a [Option<Piece>; 81],
}

impl<'a> PieceMoves<'a> {
    /// The group of `piece` moving from `from` (`None` for drops) to `to` on `board`.
    #[inline]
    pub(crate) fn new(
        piece: Piece,
        from: Option<Square>,
        to: Bitboard,
        board: &'a [Option<Piece>; 81],
    ) -> PieceMoves<'a> {
        PieceMoves {
            piece,
            from,
            to,
            board,
        }
    }

    /// The number of moves (both promotion choices count where both are legal).
    #[must_use]
    pub fn len(&self) -> usize {
        let Some(from) = self.from else {
            return self.to.count() as usize;
        };
        let (color, kind) = (self.piece.color, self.piece.kind);
        let n = self.to.count();
        if !kind.can_promote() {
            return n as usize;
        }
        let zone = Bitboard::promotion_zone(color);
        let promoting = if zone.contains(from) {
            self.to
        } else {
            self.to & zone
        };
        (n + promoting.count() - (self.to & kind.dead_squares(color)).count()) as usize
    }

    /// Whether there is no move.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// Calls `f` with each move.
    pub fn for_each(&self, mut f: impl FnMut(Move)) {
        let kind = self.piece.kind;
        let Some(from) = self.from else {
            for to in self.to {
                f(Move::Drop { kind, to });
            }
            return;
        };
        let color = self.piece.color;
        let zone = Bitboard::promotion_zone(color);
        let may_promote = if kind.can_promote() {
            if zone.contains(from) {
                self.to
            } else {
                self.to & zone
            }
        } else {
            Bitboard::EMPTY
        };
        if may_promote.is_empty() {
            // The common case: no promotion choice anywhere.
            for to in self.to {
                let capture = self.board[to.index()].map(|p| p.kind);
                f(Move::Normal {
                    from,
                    to,
                    kind,
                    capture,
                    promote: false,
                });
            }
            return;
        }
        let must_promote = kind.dead_squares(color);
        for to in self.to {
            let capture = self.board[to.index()].map(|p| p.kind);
            let normal = |promote| Move::Normal {
                from,
                to,
                kind,
                capture,
                promote,
            };
            if may_promote.contains(to) {
                f(normal(true));
            }
            if !must_promote.contains(to) {
                f(normal(false));
            }
        }
    }

    /// Appends every move to `list`.
    #[inline]
    pub fn push_to(&self, list: &mut MoveList) {
        self.for_each(|m| list.push(m));
    }
}
