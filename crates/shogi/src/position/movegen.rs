//! Fully legal move generation, one destination set per origin, into a [`Sink`].

use std::ops::ControlFlow;

use super::Position;
use super::sink::{Collect, Each, Sink, Tally};
use crate::attacks::{
    attacks, between, bishop_attacks, bishop_pseudo_attacks, dragon_attacks, gold_attacks,
    horse_attacks, knight_attacks, lance_attacks, lance_pseudo_attacks, line, pawn_attacks,
    rook_attacks, rook_pseudo_attacks, silver_attacks,
};
use crate::{Bitboard, Color, MoveList, Piece, PieceKind, PieceMoves, Square};

impl Position {
    /// All legal moves.
    #[must_use]
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Appends all legal moves to `list`. Filling a list the caller owns avoids copying the
    /// 593-slot list on return, which shows in perft.
    ///
    /// # Panics
    ///
    /// When `list` has less free room than there are legal moves (an empty list always has
    /// enough).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        let mut sink = Collect {
            board: &self.board,
            list,
        };
        let _ = self.generate(&mut sink);
    }

    /// The number of legal moves, counted without building them.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut tally = Tally::default();
        let _ = self.generate(&mut tally);
        tally.total() as usize
    }

    /// Whether the side to move has a legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        self.for_each_legal(|_| ControlFlow::Break(())).is_break()
    }

    /// Whether the side to move is checkmated (in check with no legal move). In shogi a side
    /// without legal moves has lost even when not in check; see [`Position::has_legal_moves`].
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_moves()
    }

    /// Calls `f` with the legal moves of each piece and each hand kind that has any, until it
    /// breaks. The bulk form of [`Position::legal_moves`]: counting with [`PieceMoves::len`]
    /// needs no move to be built, and the groups' moves ([`PieceMoves::for_each`]) come in
    /// the list's order.
    pub fn for_each_legal<F>(&self, f: F) -> ControlFlow<()>
    where
        F: FnMut(PieceMoves<'_>) -> ControlFlow<()>,
    {
        let mut sink = Each {
            board: &self.board,
            f,
        };
        self.generate(&mut sink)
    }

    /// Generates every legal move group into `sink`.
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) -> ControlFlow<()> {
        let own = self.pieces(self.turn);
        let Some(ksq) = self.king_square(self.turn) else {
            // A kingless attacker (tsume): nothing to expose, every pseudo-legal move goes.
            self.board_moves(!own, None, Bitboard::EMPTY, sink)?;
            return self.drops(!self.occupied(), sink);
        };
        let (checkers, pinned) = self.checkers_and_pinned(ksq);
        let (target, drop_target) = match checkers.first() {
            None => (!own, !self.occupied()),
            Some(checker) if !checkers.has_more_than_one() => {
                let block = between(ksq, checker);
                (block | Bitboard::from_square(checker), block)
            }
            Some(_) => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        if target.any() {
            self.board_moves(target, Some(ksq), pinned, sink)?;
        }
        self.king_moves(ksq, sink)?;
        if drop_target.any() {
            self.drops(drop_target, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// The pieces checking the side to move, whose king is on `ksq`, and the pieces of the
    /// side to move pinned to it, found in one pass over the enemy sliders aimed at the king:
    /// nothing between is a check, one piece between is a pin (when it is ours).
    #[inline]
    pub(crate) fn checkers_and_pinned(&self, ksq: Square) -> (Bitboard, Bitboard) {
        let us = self.turn;
        let theirs = self.pieces(!us);
        let occ = self.occupied();
        let mut checkers = self.step_attackers(ksq, !us) & theirs;
        let snipers = ((rook_pseudo_attacks(ksq) & self.rook_likes())
            | (bishop_pseudo_attacks(ksq) & self.bishop_likes())
            | (lance_pseudo_attacks(us, ksq) & self.by_kind[PieceKind::Lance.index()]))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let between = between(ksq, sniper) & occ;
            if between.is_empty() {
                checkers.insert(sniper);
            } else if !between.has_more_than_one() {
                pinned |= between;
            }
        }
        (checkers, pinned & self.pieces(us))
    }

    /// Moves of the unpinned pieces of one kind, with their attack function.
    #[inline(always)]
    fn kind_moves<S: Sink>(
        &self,
        kind: PieceKind,
        movers: Bitboard,
        target: Bitboard,
        sink: &mut S,
        attack: impl Fn(Square) -> Bitboard,
    ) -> ControlFlow<()> {
        let piece = Piece::new(self.turn, kind);
        for from in self.by_kind[kind.index()] & movers {
            let to = attack(from) & target;
            if to.any() {
                sink.moves(piece, from, to)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Moves of the pieces on the board other than the king onto `target`; `pinned` pieces
    /// (pinned to the king on `ksq`) only along their pin line.
    fn board_moves<S: Sink>(
        &self,
        target: Bitboard,
        ksq: Option<Square>,
        pinned: Bitboard,
        sink: &mut S,
    ) -> ControlFlow<()> {
        let us = self.turn;
        let occ = self.occupied();
        let movers = self.pieces(us) & !pinned;
        let pawns = self.by_kind[PieceKind::Pawn.index()] & movers;
        if pawns.any() {
            sink.pawn_moves(us, pawns, target)?;
        }
        self.kind_moves(PieceKind::Lance, movers, target, sink, |sq| {
            lance_attacks(us, sq, occ)
        })?;
        self.kind_moves(PieceKind::Knight, movers, target, sink, |sq| {
            knight_attacks(us, sq)
        })?;
        self.kind_moves(PieceKind::Silver, movers, target, sink, |sq| {
            silver_attacks(us, sq)
        })?;
        for kind in [
            PieceKind::Gold,
            PieceKind::ProPawn,
            PieceKind::ProLance,
            PieceKind::ProKnight,
            PieceKind::ProSilver,
        ] {
            self.kind_moves(kind, movers, target, sink, |sq| gold_attacks(us, sq))?;
        }
        self.kind_moves(PieceKind::Bishop, movers, target, sink, |sq| {
            bishop_attacks(sq, occ)
        })?;
        self.kind_moves(PieceKind::Rook, movers, target, sink, |sq| {
            rook_attacks(sq, occ)
        })?;
        self.kind_moves(PieceKind::Horse, movers, target, sink, |sq| {
            horse_attacks(sq, occ)
        })?;
        self.kind_moves(PieceKind::Dragon, movers, target, sink, |sq| {
            dragon_attacks(sq, occ)
        })?;
        if let Some(k) = ksq {
            for from in pinned {
                if let Some(piece) = self.board[from.index()] {
                    let to = attacks(piece, from, occ) & target & line(k, from);
                    if to.any() {
                        sink.moves(piece, from, to)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn drops<S: Sink>(&self, drop_target: Bitboard, sink: &mut S) -> ControlFlow<()> {
        let us = self.turn;
        let hand = self.hands[us];
        if hand.is_empty() {
            return ControlFlow::Continue(());
        }
        for kind in [PieceKind::Pawn, PieceKind::Lance, PieceKind::Knight] {
            if hand.count(kind) == 0 {
                continue;
            }
            let mut to = drop_target & !kind.dead_squares(us);
            if kind == PieceKind::Pawn {
                to = self.pawn_drop_targets(to);
            }
            if to.any() {
                sink.drops(Piece::new(us, kind), to)?;
            }
        }
        sink.free_drops(us, hand, drop_target)
    }

    /// Removes nifu files and a pawn-drop mate from the drop squares of a pawn.
    fn pawn_drop_targets(&self, mut to: Bitboard) -> Bitboard {
        let us = self.turn;
        to &= !self
            .pieces_of(Piece::new(us, PieceKind::Pawn))
            .whole_files();
        if let Some(their_king) = self.king_square(!us) {
            // The only drop square that checks: in front of the enemy king.
            if let Some(sq) = (pawn_attacks(!us, their_king) & to).first()
                && self.is_pawn_drop_mate(sq, their_king)
            {
                to.remove(sq);
            }
        }
        to
    }

    /// Pieces of `color` pinned to its king on `ksq` by enemy sliders, given `occ`.
    pub(crate) fn pinned(&self, color: Color, ksq: Square, occ: Bitboard) -> Bitboard {
        self.sole_blockers(ksq, !color, occ) & self.pieces(color)
    }

    /// Pieces that stand alone between the king on `ksq` and a slider of `sniper_color`
    /// aimed at it: pins when they belong to the king's side, discovered-check candidates
    /// when they belong to the slider's.
    pub(crate) fn sole_blockers(
        &self,
        ksq: Square,
        sniper_color: Color,
        occ: Bitboard,
    ) -> Bitboard {
        let snipers = ((rook_pseudo_attacks(ksq) & self.rook_likes())
            | (bishop_pseudo_attacks(ksq) & self.bishop_likes())
            | (lance_pseudo_attacks(!sniper_color, ksq) & self.by_kind[PieceKind::Lance.index()]))
            & self.pieces(sniper_color);
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = between(ksq, sniper) & occ;
            if between.any() && !between.has_more_than_one() {
                blockers |= between;
            }
        }
        blockers
    }
}
