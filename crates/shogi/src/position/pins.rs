//! [`Pins`]: what the legality of every move of one position shares, worked out once for
//! many moves ([`Position::check_legal_with`]).

use super::{IllegalMoveReason, Position};
use crate::{Bitboard, Move};

/// The pieces checking the mover's king and the mover's pinned pieces in one position.
///
/// [`Position::check_legal`] works these out for each move it is asked about. A caller that
/// asks about many moves of one position (a binding checking each move pushed, a GUI
/// checking moves as they are dragged) makes them once with [`Position::pins`] and asks
/// [`Position::check_legal_with`]. They carry the position's [`Position::key`], and pins
/// of another position are not trusted: the answer is then worked out as without them.
///
/// ```
/// use masu_shogi::{Move, PieceKind, Position, Square};
///
/// // The gold on 5h is pinned by the rook on 5a: it may move along the file only.
/// let pos: Position = "4r3k/9/9/9/9/9/9/4G4/4K4 b - 1".parse()?;
/// let pins = pos.pins();
/// assert!(pins.pinned().contains(Square::SQ_5H));
/// let gold_to = |to| Move::Normal {
///     from: Square::SQ_5H,
///     to,
///     kind: PieceKind::Gold,
///     capture: None,
///     promote: false,
/// };
/// assert!(!pos.is_legal_with(&gold_to(Square::SQ_4H), &pins));
/// assert!(pos.is_legal_with(&gold_to(Square::SQ_5G), &pins));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pins {
    key: u64,
    checkers: Bitboard,
    pinned: Bitboard,
}

impl Pins {
    /// The enemy pieces giving check to the side to move.
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// The mover's pieces that stand alone between its king and an enemy rook, bishop or
    /// lance (they may move only along that line).
    #[must_use]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }
}

impl Position {
    /// The checkers and pinned pieces of this position, for
    /// [`Position::check_legal_with`]. Without a king of the mover both are empty.
    #[must_use]
    pub fn pins(&self) -> Pins {
        let (checkers, pinned) = match self.king_square(self.turn) {
            Some(ksq) => self.checkers_and_pinned(ksq),
            None => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        Pins {
            key: self.key(),
            checkers,
            pinned,
        }
    }

    /// [`Position::check_legal`] with this position's `pins` made beforehand (pins of
    /// another position, told apart by the key, are not used).
    ///
    /// # Errors
    ///
    /// The first rule `m` breaks, as an [`IllegalMoveReason`].
    #[inline]
    pub fn check_legal_with(&self, m: &Move, pins: &Pins) -> Result<(), IllegalMoveReason> {
        if pins.key == self.key() {
            self.check_move(m, Some(pins))
        } else {
            self.check_legal(m)
        }
    }

    /// Whether `m` is legal here, [`Position::is_legal`] with `pins` made beforehand.
    #[must_use]
    #[inline]
    pub fn is_legal_with(&self, m: &Move, pins: &Pins) -> bool {
        self.check_legal_with(m, pins).is_ok()
    }

    /// The checkers and pinned pieces of the king on `ksq`: from `known` pins when given.
    #[inline]
    pub(super) fn known_or_worked_out(
        &self,
        ksq: crate::Square,
        known: Option<&Pins>,
    ) -> (Bitboard, Bitboard) {
        match known {
            Some(p) => (p.checkers, p.pinned),
            None => self.checkers_and_pinned(ksq),
        }
    }
}
