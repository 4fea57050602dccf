//! Making and unmaking moves.

use super::Position;
use crate::{Bitboard, Color, IllegalMoveReason, Move, Piece, PieceKind, Square, zobrist};

/// What [`Position::undo_unchecked`] needs besides the move itself: the two key halves
/// (restoring them is cheaper than undoing every xor). Sixteen bytes, so it comes back in
/// registers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    board_key: u64,
    hand_key: u64,
}

impl Undo {
    /// The key of the position the move was played in ([`Position::key`] before it): a list
    /// of moves and their undos knows the key of every position it went through.
    ///
    /// ```
    /// use masu_shogi::{Position, UsiMove};
    ///
    /// let mut pos = Position::startpos();
    /// let before = pos.key();
    /// let m = pos.parse_usi_move("7g7f")?;
    /// let undo = pos.play_unchecked(m);
    /// assert_eq!(undo.key(), before);
    /// assert_ne!(pos.key(), before);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn key(self) -> u64 {
        self.board_key ^ self.hand_key
    }

    /// The board half of the key before the move ([`Position::board_key`]).
    pub(crate) fn board_key(self) -> u64 {
        self.board_key
    }
}

/// The move was illegal; the position is handed back unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {m}: {reason}")]
pub struct PlayError {
    /// The move that was tried.
    pub m: Move,
    /// Why it is illegal.
    pub reason: IllegalMoveReason,
    position: Box<Position>,
}

impl PlayError {
    /// The unchanged position.
    #[must_use]
    pub fn into_inner(self) -> Position {
        *self.position
    }
}

impl Position {
    /// Plays `m` if it is legal.
    ///
    /// # Errors
    ///
    /// [`PlayError`], holding the unchanged position and the rule broken, when `m` is not
    /// legal.
    pub fn play(mut self, m: Move) -> Result<Position, PlayError> {
        match self.check_legal(&m) {
            Ok(()) => {
                self.play_unchecked(m);
                Ok(self)
            }
            Err(reason) => Err(PlayError {
                m,
                reason,
                position: Box::new(self),
            }),
        }
    }

    /// Plays `m` without checking it, returning what [`Position::undo_unchecked`] needs.
    ///
    /// `m` must be legal (from [`Position::legal_moves`] or checked by
    /// [`Position::is_legal`]). An illegal move may panic or leave a corrupt position, but
    /// never causes undefined behaviour.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let undo = Undo {
            board_key: self.board_key,
            hand_key: self.hand_key,
        };
        let us = self.turn;
        match m {
            Move::Normal {
                from,
                to,
                kind,
                capture,
                ..
            } => {
                let after = m.kind_after();
                if let Some(cap) = capture {
                    self.by_color[(!us).index()].toggle(to);
                    self.by_kind[cap.index()].toggle(to);
                    self.board_key ^= zobrist::board(!us, cap, to);
                    let base = cap.unpromoted();
                    self.hands[us].add_unchecked(base);
                    self.hand_key = self.hand_key.wrapping_add(zobrist::hand(us, base));
                }
                self.shift(us, from, to, kind, after);
                self.board_key ^= zobrist::board(us, kind, from) ^ zobrist::board(us, after, to);
            }
            Move::Drop { kind, to } => {
                self.hands[us].remove_unchecked(kind);
                self.hand_key = self.hand_key.wrapping_sub(zobrist::hand(us, kind));
                self.put(to, Piece::new(us, kind));
                self.board_key ^= zobrist::board(us, kind, to);
            }
        }
        self.turn = !us;
        self.board_key ^= zobrist::turn();
        self.ply = self.ply.wrapping_add(1);
        undo
    }

    /// Moves a piece of `color` from `from` (as `kind`) to the empty or just vacated `to` (as
    /// `after`), updating each bitboard once.
    #[inline]
    fn shift(&mut self, color: Color, from: Square, to: Square, kind: PieceKind, after: PieceKind) {
        let (a, b) = (Bitboard::from_square(from), Bitboard::from_square(to));
        self.board[from.index()] = None;
        self.board[to.index()] = Some(Piece::new(color, after));
        self.by_color[color.index()] ^= a | b;
        if kind == after {
            self.by_kind[kind.index()] ^= a | b;
        } else {
            self.by_kind[kind.index()] ^= a;
            self.by_kind[after.index()] ^= b;
        }
    }

    /// Takes back `m`, the last move played with [`Position::play_unchecked`], which returned
    /// `undo`. Anything else may panic or corrupt the position, never cause undefined behaviour.
    #[inline(always)]
    pub fn undo_unchecked(&mut self, m: Move, undo: Undo) {
        let us = !self.turn;
        match m {
            Move::Normal {
                from,
                to,
                kind,
                capture,
                ..
            } => {
                let after = m.kind_after();
                self.shift(us, to, from, after, kind);
                if let Some(cap) = capture {
                    self.put(to, Piece::new(!us, cap));
                    self.hands[us].remove_unchecked(cap.unpromoted());
                }
            }
            Move::Drop { kind, to } => {
                self.take(to, Piece::new(us, kind));
                self.hands[us].add_unchecked(kind);
            }
        }
        self.turn = us;
        self.ply = self.ply.wrapping_sub(1);
        self.board_key = undo.board_key;
        self.hand_key = undo.hand_key;
    }
}
