//! Receivers of generated moves: the [`Sink`] trait, and the sinks that hand groups to a
//! closure, build moves into a list, or count them.

use std::ops::ControlFlow;

use crate::attacks::pawn_attacks;
use crate::{Bitboard, Color, Hand, Move, MoveList, Piece, PieceKind, PieceMoves, Square};

/// The hand kinds that may be dropped on any empty square, in [`PieceKind::HAND`] order.
const FREE_DROPS: [PieceKind; 4] = [
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// Receives the legal moves of one origin (or one dropped kind) at a time.
pub(crate) trait Sink {
    /// Board moves of `piece` from `from` to each of `to` (not empty), promotion choices implied.
    fn moves(&mut self, piece: Piece, from: Square, to: Bitboard) -> ControlFlow<()>;
    /// Drops of `piece` on each of `to` (not empty).
    fn drops(&mut self, piece: Piece, to: Bitboard) -> ControlFlow<()>;

    /// Drops of each of the silvers, golds, bishops and rooks in `hand` on each of `to` (not
    /// empty): these kinds may go on every empty square, so a counting sink can count the
    /// squares once.
    #[inline]
    fn free_drops(&mut self, color: Color, hand: Hand, to: Bitboard) -> ControlFlow<()> {
        for kind in FREE_DROPS {
            if hand.count(kind) > 0 {
                self.drops(Piece::new(color, kind), to)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Moves of the unpinned pawns `pawns` of `color` onto `target` (pawns never share a
    /// destination, so a counting sink can take them all at once).
    #[inline]
    fn pawn_moves(&mut self, color: Color, pawns: Bitboard, target: Bitboard) -> ControlFlow<()> {
        let piece = Piece::new(color, PieceKind::Pawn);
        for from in pawns {
            let to = pawn_attacks(color, from) & target;
            if to.any() {
                self.moves(piece, from, to)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Hands each group to a closure as [`PieceMoves`].
pub(super) struct Each<'a, F> {
    pub(super) board: &'a [Option<Piece>; 81],
    pub(super) f: F,
}

impl<F: FnMut(PieceMoves<'_>) -> ControlFlow<()>> Sink for Each<'_, F> {
    #[inline]
    fn moves(&mut self, piece: Piece, from: Square, to: Bitboard) -> ControlFlow<()> {
        (self.f)(PieceMoves::new(piece, Some(from), to, self.board))
    }

    #[inline]
    fn drops(&mut self, piece: Piece, to: Bitboard) -> ControlFlow<()> {
        (self.f)(PieceMoves::new(piece, None, to, self.board))
    }
}

/// Builds the moves into a list.
pub(super) struct Collect<'a> {
    pub(super) board: &'a [Option<Piece>; 81],
    pub(super) list: &'a mut MoveList,
}

impl Sink for Collect<'_> {
    #[inline]
    fn moves(&mut self, piece: Piece, from: Square, to: Bitboard) -> ControlFlow<()> {
        PieceMoves::new(piece, Some(from), to, self.board).push_to(self.list);
        ControlFlow::Continue(())
    }

    #[inline]
    fn drops(&mut self, piece: Piece, to: Bitboard) -> ControlFlow<()> {
        for to in to {
            self.list.push(Move::Drop {
                kind: piece.kind,
                to,
            });
        }
        ControlFlow::Continue(())
    }

    /// All pawn steps from one shifted set: the set-up of a group per pawn would cost more
    /// than its one move.
    #[inline]
    fn pawn_moves(&mut self, color: Color, pawns: Bitboard, target: Bitboard) -> ControlFlow<()> {
        let zone = Bitboard::promotion_zone(color);
        let dead = PieceKind::Pawn.dead_squares(color);
        for to in pawn_steps(color, pawns) & target {
            let from = match color {
                Color::Black => to.index() + 1,
                Color::White => to.index() - 1,
            };
            let m = |promote| Move::Normal {
                from: Square::from_index_unchecked(from as u8),
                to,
                kind: PieceKind::Pawn,
                capture: self.board[to.index()].map(|p| p.kind),
                promote,
            };
            if zone.contains(to) {
                self.list.push(m(true));
            }
            if !dead.contains(to) {
                self.list.push(m(false));
            }
        }
        ControlFlow::Continue(())
    }
}

/// The squares one step ahead of `pawns` of `color`: one bit down (Black) or up (White)
/// within the file. Pawns on the last rank (only in a position built with its errors
/// ignored) are left out, so no step crosses into the next file.
#[inline]
fn pawn_steps(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::Black => Bitboard((pawns & !Bitboard::rank(1)).0 >> 1),
        Color::White => Bitboard((pawns & !Bitboard::rank(9)).0 << 1),
    }
}

/// Counts moves without a population count per origin: destination sets are summed in a
/// carry-save adder (bit plane `i` holds the squares whose count has bit `i` set), and only the
/// planes are counted at the end. Generic x86-64 has no POPCNT instruction, so this saves most
/// of the counting work.
#[derive(Default)]
pub(super) struct Tally {
    planes: [u128; 7],
    /// Moves counted directly rather than through the planes.
    direct: u32,
}

impl Tally {
    #[inline]
    fn add(&mut self, mut bits: u128) {
        for plane in &mut self.planes {
            let carry = *plane & bits;
            *plane ^= bits;
            bits = carry;
            if bits == 0 {
                return;
            }
        }
    }

    pub(super) fn total(&self) -> u32 {
        // The high planes are usually empty: skip their population counts.
        self.planes
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p != 0)
            .map(|(i, &p)| Bitboard(p).count() << i)
            .sum::<u32>()
            + self.direct
    }
}

impl Sink for Tally {
    #[inline]
    fn moves(&mut self, piece: Piece, from: Square, to: Bitboard) -> ControlFlow<()> {
        let (color, kind) = (piece.color, piece.kind);
        if kind.can_promote() {
            let zone = Bitboard::promotion_zone(color);
            let promoting = if zone.contains(from) { to } else { to & zone };
            self.add(promoting.0);
            self.add((to & !kind.dead_squares(color)).0);
        } else {
            self.add(to.0);
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn drops(&mut self, _piece: Piece, to: Bitboard) -> ControlFlow<()> {
        self.add(to.0);
        ControlFlow::Continue(())
    }

    #[inline]
    fn free_drops(&mut self, _color: Color, hand: Hand, to: Bitboard) -> ControlFlow<()> {
        let kinds = FREE_DROPS.iter().filter(|&&k| hand.count(k) > 0).count() as u32;
        if kinds > 0 {
            self.direct += kinds * to.count();
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn pawn_moves(&mut self, color: Color, pawns: Bitboard, target: Bitboard) -> ControlFlow<()> {
        let dests = pawn_steps(color, pawns) & target;
        self.add((dests & Bitboard::promotion_zone(color)).0);
        self.add((dests & !PieceKind::Pawn.dead_squares(color)).0);
        ControlFlow::Continue(())
    }
}
