//! Positions: the board, both hands and the side to move, always playable.

mod check;
mod king;
mod legal;
mod mate;
mod movegen;
mod null_move;
mod piece_moves;
mod pins;
mod play;
mod reason;
mod sink;
mod validate;

#[cfg(test)]
mod tests;

use std::fmt;

use crate::attacks::{
    bishop_attacks, bishop_pseudo_attacks, gold_attacks, king_attacks, knight_attacks,
    lance_attacks, lance_pseudo_attacks, pawn_attacks, rook_attacks, rook_pseudo_attacks,
    silver_attacks,
};
use crate::{Bitboard, ByColor, Color, Hand, Piece, PieceKind, Setup, Square, zobrist};

pub use piece_moves::PieceMoves;
pub use pins::Pins;
pub use play::{PlayError, Undo};
pub use reason::IllegalMoveReason;
pub use validate::{PositionError, PositionErrorKinds};

/// A valid shogi position: board, hands, side to move and move number, with an incremental
/// Zobrist key.
///
/// Every `Position` is playable: it is built by [`Position::from_setup`] (or parsed from
/// SFEN), which checks the rules, and changed only by legal moves.
///
/// Equality and `Hash` take in the move number ([`Position::ply`]), as SFEN does: two
/// transpositions reached at different moves differ. [`Position::key`] leaves it out, for
/// repetition and transposition tables.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 14],
    hands: ByColor<Hand>,
    turn: Color,
    ply: u32,
    board_key: u64,
    hand_key: u64,
}

impl Position {
    /// The even-game start position.
    #[must_use]
    pub fn startpos() -> Position {
        // Built once: a copy costs a fifteenth of building it (8 against 113 ns), and record
        // readers and boards start most games here.
        static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        START
            .get_or_init(|| Position::from_setup_unchecked(&Setup::startpos()))
            .clone()
    }

    /// Builds the position of `setup` without checking it.
    pub(crate) fn from_setup_unchecked(setup: &Setup) -> Position {
        // The occupied squares first, as two words and without a branch on each square (one
        // would mispredict on half of them); then a step per piece, with no chain of writes
        // to one set from square to square, the sets and the board key together.
        let (mut low, mut high) = (0u64, 0u64);
        for (i, piece) in setup.board[..64].iter().enumerate() {
            low |= u64::from(piece.is_some()) << i;
        }
        for (i, piece) in setup.board[64..].iter().enumerate() {
            high |= u64::from(piece.is_some()) << i;
        }
        let mut by_color = [Bitboard::EMPTY; 2];
        let mut by_kind = [Bitboard::EMPTY; 14];
        let mut board_key = 0;
        for sq in Bitboard::from_bits(u128::from(low) | u128::from(high) << 64) {
            if let Some(p) = setup.board[sq.index()] {
                let bit = Bitboard::from_square(sq);
                by_color[p.color.index()] |= bit;
                by_kind[p.kind.index()] |= bit;
                board_key ^= zobrist::board(p.color, p.kind, sq);
            }
        }
        if setup.turn == Color::White {
            board_key ^= zobrist::turn();
        }
        let mut pos = Position {
            board: setup.board,
            by_color,
            by_kind,
            hands: setup.hands,
            turn: setup.turn,
            ply: setup.ply,
            board_key,
            hand_key: 0,
        };
        pos.replace_hands(setup.hands);
        pos
    }

    /// The plain data of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            hands: self.hands,
            turn: self.turn,
            ply: self.ply,
        }
    }

    /// The side to move.
    #[must_use]
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The move number as SFEN writes it: 1 at the start of a game, +1 per move.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The piece on `sq`.
    #[must_use]
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The whole board, indexed by [`Square::index`].
    #[must_use]
    pub fn board(&self) -> &[Option<Piece>; 81] {
        &self.board
    }

    /// The hand of `color`.
    #[must_use]
    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color]
    }

    /// Both hands.
    #[must_use]
    pub fn hands(&self) -> &ByColor<Hand> {
        &self.hands
    }

    /// The square of `color`'s king (`None` only for an attacker without a king in a tsume
    /// position).
    #[must_use]
    #[inline]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        (self.by_kind[PieceKind::King.index()] & self.by_color[color.index()]).first()
    }

    /// The squares of `color`'s pieces.
    #[must_use]
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `kind`, both colours.
    #[must_use]
    #[inline]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares of `piece`.
    #[must_use]
    #[inline]
    pub fn pieces_of(&self, piece: Piece) -> Bitboard {
        self.by_kind[piece.kind.index()] & self.by_color[piece.color.index()]
    }

    /// The occupied squares.
    #[must_use]
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The Zobrist key of the whole position: [`Position::board_key`] xor
    /// [`Position::hand_key`]. The move number is not part of it.
    #[must_use]
    #[inline]
    pub fn key(&self) -> u64 {
        self.board_key ^ self.hand_key
    }

    /// The board half of the key: pieces on squares and the side to move.
    #[must_use]
    #[inline]
    pub fn board_key(&self) -> u64 {
        self.board_key
    }

    /// The hand half of the key: the sum (wrapping) of one per-colour, per-kind key for every
    /// piece in hand, so hands that differ by some pieces differ by a known amount.
    #[must_use]
    #[inline]
    pub fn hand_key(&self) -> u64 {
        self.hand_key
    }

    /// Whether the side to move is in check.
    #[must_use]
    #[inline]
    pub fn in_check(&self) -> bool {
        self.king_square(self.turn)
            .is_some_and(|ksq| self.is_attacked_with(ksq, !self.turn, self.occupied()))
    }

    /// The pieces giving check to the side to move.
    ///
    /// Computed on demand rather than kept up to date by every move: most moves made in a
    /// search are never asked (the leaves of a perft), and move generation finds the
    /// checkers together with the pinned pieces in one pass anyway.
    #[must_use]
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.king_square(self.turn) {
            Some(ksq) => self.attackers_to(ksq, !self.turn),
            None => Bitboard::EMPTY,
        }
    }

    /// The pieces of `color` that attack `sq`.
    #[must_use]
    pub fn attackers_to(&self, sq: Square, color: Color) -> Bitboard {
        self.attackers_to_with(sq, color, self.occupied())
    }

    /// The pieces of `color` that attack `sq` if the occupied squares were `occ`.
    #[inline]
    pub(crate) fn attackers_to_with(&self, sq: Square, color: Color, occ: Bitboard) -> Bitboard {
        (self.step_attackers(sq, color) & self.by_color[color.index()])
            | self.slider_attackers(sq, color, occ)
    }

    /// The lances, bishops, rooks, horses and dragons of `color` that attack `sq` through `occ`.
    #[inline]
    pub(crate) fn slider_attackers(&self, sq: Square, color: Color, occ: Bitboard) -> Bitboard {
        let own = self.by_color[color.index()];
        let mut attackers = Bitboard::EMPTY;
        let lances = self.by_kind[PieceKind::Lance.index()] & own;
        if (lance_pseudo_attacks(!color, sq) & lances).any() {
            attackers |= lance_attacks(!color, sq, occ) & lances;
        }
        let bishops = self.bishop_likes() & own;
        if (bishop_pseudo_attacks(sq) & bishops).any() {
            attackers |= bishop_attacks(sq, occ) & bishops;
        }
        let rooks = self.rook_likes() & own;
        if (rook_pseudo_attacks(sq) & rooks).any() {
            attackers |= rook_attacks(sq, occ) & rooks;
        }
        attackers
    }

    /// Whether a piece of `color` attacks `sq` if the occupied squares were `occ` (the
    /// pieces where they stand, the lines of the ranging ones through `occ`): the stepping
    /// pieces first, sliders only when one stands on a line through `sq`. With `occ` the
    /// board after a move or without the king, it answers whether a square is safe then.
    ///
    /// ```
    /// use masu_shogi::{Bitboard, Color, Position, Square};
    ///
    /// let pos = Position::from_sfen("4k4/9/9/9/4R4/9/9/9/4K4 w - 1")?;
    /// assert!(pos.is_attacked_with(Square::SQ_5B, Color::Black, pos.occupied()));
    /// // With a piece on 5c, the rook's line stops there.
    /// let blocked = pos.occupied() | Bitboard::from_square(Square::SQ_5C);
    /// assert!(!pos.is_attacked_with(Square::SQ_5B, Color::Black, blocked));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn is_attacked_with(&self, sq: Square, color: Color, occ: Bitboard) -> bool {
        let own = self.by_color[color.index()];
        if (self.step_attackers(sq, color) & own).any() {
            return true;
        }
        let lances = self.by_kind[PieceKind::Lance.index()] & own;
        if (lance_pseudo_attacks(!color, sq) & lances).any()
            && (lance_attacks(!color, sq, occ) & lances).any()
        {
            return true;
        }
        let bishops = self.bishop_likes() & own;
        if (bishop_pseudo_attacks(sq) & bishops).any() && (bishop_attacks(sq, occ) & bishops).any()
        {
            return true;
        }
        let rooks = self.rook_likes() & own;
        (rook_pseudo_attacks(sq) & rooks).any() && (rook_attacks(sq, occ) & rooks).any()
    }

    /// Pieces of either colour that would attack `sq` by one step if they were `color`'s.
    #[inline]
    fn step_attackers(&self, sq: Square, color: Color) -> Bitboard {
        let them = !color;
        let k = |kind: PieceKind| self.by_kind[kind.index()];
        (pawn_attacks(them, sq) & k(PieceKind::Pawn))
            | (knight_attacks(them, sq) & k(PieceKind::Knight))
            | (silver_attacks(them, sq) & k(PieceKind::Silver))
            | (gold_attacks(them, sq) & self.gold_likes())
            | (king_attacks(sq) & (k(PieceKind::King) | k(PieceKind::Horse) | k(PieceKind::Dragon)))
    }

    /// Golds and the four kinds that move like a gold.
    #[inline]
    pub(crate) fn gold_likes(&self) -> Bitboard {
        let k = |kind: PieceKind| self.by_kind[kind.index()];
        k(PieceKind::Gold)
            | k(PieceKind::ProPawn)
            | k(PieceKind::ProLance)
            | k(PieceKind::ProKnight)
            | k(PieceKind::ProSilver)
    }

    /// Bishops and horses.
    #[inline]
    pub(crate) fn bishop_likes(&self) -> Bitboard {
        self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Horse.index()]
    }

    /// Rooks and dragons.
    #[inline]
    pub(crate) fn rook_likes(&self) -> Bitboard {
        self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Dragon.index()]
    }

    /// Recomputes both key halves from scratch (the incremental ones must equal these).
    #[cfg(test)]
    fn fresh_keys(&self) -> (u64, u64) {
        let mut board_key = 0;
        for sq in self.occupied() {
            if let Some(p) = self.board[sq.index()] {
                board_key ^= zobrist::board(p.color, p.kind, sq);
            }
        }
        if self.turn == Color::White {
            board_key ^= zobrist::turn();
        }
        (board_key, self.fresh_hand_key())
    }

    /// Puts `hands` in place of the hands, with their key.
    pub(crate) fn replace_hands(&mut self, hands: ByColor<Hand>) {
        self.hands = hands;
        self.hand_key = self.fresh_hand_key();
    }

    /// The hand half of the key, from the hands.
    fn fresh_hand_key(&self) -> u64 {
        let mut hand_key = 0u64;
        for color in Color::ALL {
            for (kind, n) in self.hands[color].iter() {
                hand_key = hand_key.wrapping_add(zobrist::hand(color, kind).wrapping_mul(n.into()));
            }
        }
        hand_key
    }

    /// Whether the incremental key halves equal a fresh computation (for tests).
    #[cfg(test)]
    pub(crate) fn key_is_consistent(&self) -> bool {
        self.fresh_keys() == (self.board_key, self.hand_key)
    }

    #[inline]
    fn put(&mut self, sq: Square, piece: Piece) {
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color.index()].toggle(sq);
        self.by_kind[piece.kind.index()].toggle(sq);
    }

    #[inline]
    fn take(&mut self, sq: Square, piece: Piece) {
        self.board[sq.index()] = None;
        self.by_color[piece.color.index()].toggle(sq);
        self.by_kind[piece.kind.index()].toggle(sq);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

impl Default for Position {
    /// The even-game start position.
    fn default() -> Position {
        Position::startpos()
    }
}
