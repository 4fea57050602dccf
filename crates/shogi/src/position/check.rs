//! Moves that give check.

use std::ops::ControlFlow;

use super::Position;
use super::sink::Sink;
use crate::attacks::{attacks, bishop_attacks, lance_attacks, rook_attacks};
use crate::{Bitboard, Move, MoveList, Piece, PieceKind, PieceMoves, Square};

impl Position {
    /// Whether the legal move `m` checks the opponent (directly or by discovery).
    #[must_use]
    pub fn gives_check(&self, m: &Move) -> bool {
        let us = self.turn;
        let Some(their_king) = self.king_square(!us) else {
            return false;
        };
        let to = m.to();
        let mut occ = self.occupied() | Bitboard::from_square(to);
        if let Some(from) = m.from() {
            occ ^= Bitboard::from_square(from);
        }
        let mover = Piece::new(us, m.kind_after());
        if attacks(mover, to, occ).contains(their_king) {
            return true;
        }
        match m.from() {
            Some(from) => self.slider_hits(
                their_king,
                occ,
                Bitboard::from_square(from) | Bitboard::from_square(to),
            ),
            None => false,
        }
    }

    /// Whether one of our sliders outside `moved` attacks `ksq` through `occ` (a discovered
    /// check; `moved` holds the origin and destination of the moving piece).
    fn slider_hits(&self, ksq: Square, occ: Bitboard, moved: Bitboard) -> bool {
        let us = self.turn;
        let k = |kind: PieceKind| self.by_kind[kind.index()];
        let sliders = (rook_attacks(ksq, occ) & (k(PieceKind::Rook) | k(PieceKind::Dragon)))
            | (bishop_attacks(ksq, occ) & (k(PieceKind::Bishop) | k(PieceKind::Horse)))
            | (lance_attacks(!us, ksq, occ) & k(PieceKind::Lance));
        (sliders & self.pieces(us) & !moved).any()
    }

    /// All legal moves that give check (for mate solvers).
    ///
    /// Destinations are filtered by the squares from which each kind would attack the enemy
    /// king; only pieces that may uncover a check are tested move by move.
    #[must_use]
    pub fn check_moves(&self) -> MoveList {
        let us = self.turn;
        let Some(ksq) = self.king_square(!us) else {
            return MoveList::new();
        };
        let occ = self.occupied();
        let mut check_squares = [Bitboard::EMPTY; 14];
        for kind in PieceKind::ALL {
            if kind != PieceKind::King {
                // A piece of ours on these squares attacks the king: the attacks of the same
                // kind of the other colour, seen from the king.
                check_squares[kind.index()] = attacks(Piece::new(!us, kind), ksq, occ);
            }
        }
        let mut sink = Checks {
            pos: self,
            discoverers: self.sole_blockers(ksq, us, occ) & self.pieces(us),
            check_squares,
            list: MoveList::new(),
        };
        let _ = self.generate(&mut sink);
        sink.list
    }
}

/// Collects the checking moves among the legal ones.
struct Checks<'a> {
    pos: &'a Position,
    discoverers: Bitboard,
    check_squares: [Bitboard; 14],
    list: MoveList,
}

impl Sink for Checks<'_> {
    fn moves(&mut self, piece: Piece, from: Square, to: Bitboard) -> ControlFlow<()> {
        let pos = self.pos;
        let list = &mut self.list;
        let moves = |to| PieceMoves::new(piece, Some(from), to, pos.board());
        if self.discoverers.contains(from) {
            moves(to).for_each(|m| {
                if pos.gives_check(&m) {
                    list.push(m);
                }
            });
            return ControlFlow::Continue(());
        }
        let promoted = piece.kind.promoted().unwrap_or(piece.kind);
        let squares = &self.check_squares;
        let candidates = to & (squares[piece.kind.index()] | squares[promoted.index()]);
        moves(candidates).for_each(|m| {
            if squares[m.kind_after().index()].contains(m.to()) {
                list.push(m);
            }
        });
        ControlFlow::Continue(())
    }

    fn drops(&mut self, piece: Piece, to: Bitboard) -> ControlFlow<()> {
        for to in to & self.check_squares[piece.kind.index()] {
            self.list.push(Move::Drop {
                kind: piece.kind,
                to,
            });
        }
        ControlFlow::Continue(())
    }
}
