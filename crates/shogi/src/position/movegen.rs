//! Fully legal move generation, one destination set per origin.

use std::ops::ControlFlow;

use super::Position;
use super::tally::Tally;
use crate::attacks::{
    attacks, between, bishop_attacks, bishop_pseudo_attacks, dragon_attacks, gold_attacks,
    horse_attacks, knight_attacks, lance_attacks, lance_pseudo_attacks, line, pawn_attacks,
    rook_attacks, rook_pseudo_attacks, silver_attacks,
};
use crate::{Bitboard, Color, Hand, Move, MoveList, Piece, PieceKind, Square};

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

/// The ranks (relative to `color`) where a piece of `kind` could never move again and must
/// therefore promote on arrival or never be dropped: the last rank for pawns and lances, the
/// last two for knights.
#[inline]
pub(crate) fn dead_squares(color: Color, kind: PieceKind) -> Bitboard {
    let last = match color {
        Color::Black => Bitboard::rank(1),
        Color::White => Bitboard::rank(9),
    };
    match kind {
        PieceKind::Pawn | PieceKind::Lance => last,
        PieceKind::Knight => {
            last | match color {
                Color::Black => Bitboard::rank(2),
                Color::White => Bitboard::rank(8),
            }
        }
        _ => Bitboard::EMPTY,
    }
}

impl<'a> PieceMoves<'a> {
    /// The group of `piece` moving from `from` (`None` for drops) to `to` on `board`.
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
        (n + promoting.count() - (self.to & dead_squares(color, kind)).count()) as usize
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
        let must_promote = dead_squares(color, kind);
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
    /// needs no move to be built.
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
            let mut to = drop_target & !dead_squares(us, kind);
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
        to &= !pawn_files(self.pieces_of(Piece::new(us, PieceKind::Pawn)));
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

/// The squares one step ahead of `pawns` of `color`: one bit down (Black) or up (White)
/// within the file. Pawns on the last rank (only in a position built with its errors
/// ignored) are left out, so no step crosses into the next file.
#[inline]
pub(super) fn pawn_steps(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::Black => Bitboard((pawns & !Bitboard::rank(1)).0 >> 1),
        Color::White => Bitboard((pawns & !Bitboard::rank(9)).0 << 1),
    }
}

/// Whole files that hold one of `pawns`.
#[inline]
pub(crate) fn pawn_files(pawns: Bitboard) -> Bitboard {
    let mut files = Bitboard::EMPTY;
    for sq in pawns {
        files |= Bitboard::file(sq.file());
    }
    files
}

/// The hand kinds that may be dropped on any empty square, in [`PieceKind::HAND`] order.
pub(super) const FREE_DROPS: [PieceKind; 4] = [
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
struct Each<'a, F> {
    board: &'a [Option<Piece>; 81],
    f: F,
}

impl<F: FnMut(PieceMoves<'_>) -> ControlFlow<()>> Sink for Each<'_, F> {
    #[inline]
    fn moves(&mut self, piece: Piece, from: Square, to: Bitboard) -> ControlFlow<()> {
        (self.f)(PieceMoves {
            piece,
            from: Some(from),
            to,
            board: self.board,
        })
    }

    #[inline]
    fn drops(&mut self, piece: Piece, to: Bitboard) -> ControlFlow<()> {
        (self.f)(PieceMoves {
            piece,
            from: None,
            to,
            board: self.board,
        })
    }
}

/// Builds the moves into a list.
struct Collect<'a> {
    board: &'a [Option<Piece>; 81],
    list: &'a mut MoveList,
}

impl Sink for Collect<'_> {
    #[inline]
    fn moves(&mut self, piece: Piece, from: Square, to: Bitboard) -> ControlFlow<()> {
        let moves = PieceMoves {
            piece,
            from: Some(from),
            to,
            board: self.board,
        };
        moves.push_to(self.list);
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
        let dead = dead_squares(color, PieceKind::Pawn);
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
