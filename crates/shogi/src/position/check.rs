//! Moves that give check (王手), generated from the defending king's side.
//!
//! A mate solver asks for the checks at every attacker node and leaf, so they are not found
//! by filtering the legal moves: candidates come only from the squares that can check, drops
//! and moves onto a square from which the piece (as it stands after the move) attacks the
//! king, and any move off the line of a piece that uncovers one of our sliders. Each
//! candidate is then confirmed with [`Position::is_legal`] (pins, promotion rules,
//! pawn-drop mate).

use super::Position;
use crate::attacks::{attacks, between, bishop_attacks, lance_attacks, line, rook_attacks};
use crate::{Bitboard, Color, Move, MoveList, Piece, PieceKind, Square};

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

    /// All legal moves that give check, directly or by discovery.
    ///
    /// Generated from the king's side (see the module docs) rather than by filtering
    /// [`Position::legal_moves`]. The order is fixed, so a search that depends on it is
    /// reproducible: drops first ([`PieceKind::HAND`] order, then in [`Square::index`]
    /// order), then board moves by origin and destination in that order, a move without
    /// promotion before its promotion. Empty when the opponent has no king.
    ///
    /// # Examples
    ///
    /// ```
    /// use masu_shogi::{Position, SetupMode};
    ///
    /// // A gold in hand, a pawn on 5c, the king on 5a (a tsume position: no Black king).
    /// let sfen = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    /// let pos = Position::from_sfen_with(sfen, SetupMode::Tsume)?;
    /// let checks: Vec<String> = pos.check_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(checks, ["G*4a", "G*4b", "G*5b", "G*6a", "G*6b", "5c5b", "5c5b+"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn check_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.check_moves_into(&mut list);
        list
    }

    /// Appends the moves of [`Position::check_moves`] to `list`. A move list is a few
    /// kilobytes and returning one copies all of it: a search fills a list it owns.
    ///
    /// # Panics
    ///
    /// When `list` has less free room than there are checking moves (an empty list always
    /// has enough).
    pub fn check_moves_into(&self, list: &mut MoveList) {
        let us = self.turn;
        let Some(ksq) = self.king_square(!us) else {
            return;
        };
        let occ = self.occupied();
        let shelter = self.drop_shelter();
        for kind in PieceKind::HAND {
            for to in self.checking_drops(kind, ksq, occ, shelter) {
                if kind != PieceKind::Pawn || !self.is_pawn_drop_mate(to, ksq) {
                    list.push(Move::Drop { kind, to });
                }
            }
        }
        self.board_checks(ksq, occ, list);
    }

    /// The squares where a drop of `kind` checks the opponent's king, by the drop rules
    /// (dead squares, 二歩, a check on our own king), with 打ち歩詰め not ruled out: a pawn
    /// drop there that mates is illegal. [`Position::check_moves`] lists these drops (less
    /// the pawn's that mate); a mate solver that needs only some of them (those that may
    /// mate) picks them from the set without building the others. Empty when the side to
    /// move holds no `kind` or the opponent has no king.
    #[must_use]
    pub fn checking_drop_squares(&self, kind: PieceKind) -> Bitboard {
        if self.hands[self.turn].count(kind) == 0 {
            return Bitboard::EMPTY;
        }
        match self.king_square(!self.turn) {
            Some(ksq) => self.checking_drops(kind, ksq, self.occupied(), self.drop_shelter()),
            None => Bitboard::EMPTY,
        }
    }

    /// Appends the board moves of [`Position::check_moves`] (its moves after the drops,
    /// in its order) to `list`.
    ///
    /// # Panics
    ///
    /// As [`Position::check_moves_into`].
    pub fn check_board_moves_into(&self, list: &mut MoveList) {
        if let Some(ksq) = self.king_square(!self.turn) {
            self.board_checks(ksq, self.occupied(), list);
        }
    }

    /// The board moves that check the king on `ksq`.
    fn board_checks(&self, ksq: Square, occ: Bitboard, list: &mut MoveList) {
        let us = self.turn;
        let uncover = self.sole_blockers(ksq, us, occ) & self.pieces(us);
        // Without a king of our own no move of ours can be illegal by exposing it: a move
        // generated from the piece's attacks is legal once its promotion is (most tsume).
        let kingless = self.king_square(us).is_none();
        for from in self.pieces(us) {
            let Some(piece) = self.piece_at(from) else {
                continue;
            };
            let at = Origin {
                from,
                uncovers: uncover.contains(from),
                kingless,
            };
            self.checking_board_moves(piece, at, ksq, occ, list);
        }
    }

    /// Where a drop may go as far as our own king is concerned: anywhere when it is not in
    /// check (or there is none), between it and a sole checker, nowhere in double check.
    fn drop_shelter(&self) -> Bitboard {
        let Some(own) = self.king_square(self.turn) else {
            return Bitboard::FULL;
        };
        let checkers = self.checkers();
        match checkers.first() {
            None => Bitboard::FULL,
            Some(_) if checkers.has_more_than_one() => Bitboard::EMPTY,
            Some(checker) => between(own, checker),
        }
    }

    /// The squares from which a drop of `kind` attacks the king on `ksq` (see
    /// [`Position::checking_drop_squares`]; `shelter` from [`Position::drop_shelter`]).
    ///
    /// The rules of a drop are applied to whole sets of squares: dead squares, 二歩 files
    /// and, with our own king in check, the squares that block the check (the checkers are
    /// found once, not once per drop).
    fn checking_drops(
        &self,
        kind: PieceKind,
        ksq: Square,
        occ: Bitboard,
        shelter: Bitboard,
    ) -> Bitboard {
        let us = self.turn;
        if self.hands[us].count(kind) == 0 {
            return Bitboard::EMPTY;
        }
        // A piece attacks the king from exactly the squares the opposite-coloured piece of
        // the same kind attacks from the king's square.
        let mut squares =
            attacks(Piece::new(!us, kind), ksq, occ) & !occ & !kind.dead_squares(us) & shelter;
        if kind == PieceKind::Pawn {
            squares &= !self.pieces_of(Piece::new(us, kind)).whole_files();
        }
        squares
    }

    /// The checking moves of one piece: onto a checking square for its kind after the move,
    /// or anywhere off the king's line when it uncovers a slider.
    fn checking_board_moves(
        &self,
        piece: Piece,
        at: Origin,
        ksq: Square,
        occ: Bitboard,
        list: &mut MoveList,
    ) {
        let (us, kind, from) = (piece.color, piece.kind, at.from);
        let dests = attacks(piece, from, occ) & !self.pieces(us);
        if dests.is_empty() {
            return;
        }
        let without = occ ^ Bitboard::from_square(from);
        let plain = checking_squares(!us, kind, ksq, without);
        let promoted = kind
            .promoted()
            .map(|p| checking_squares(!us, p, ksq, without));
        let off_line = if at.uncovers {
            !line(ksq, from)
        } else {
            Bitboard::EMPTY
        };
        // Only destinations that can check at all: a slider's many other squares are
        // skipped without looking at them.
        let candidates = dests & (off_line | plain | promoted.unwrap_or(Bitboard::EMPTY));
        let zone = Bitboard::promotion_zone(us);
        // Where the move is legal as far as promotion goes (for a kingless side, at all).
        let stay_ok = !kind.dead_squares(us);
        let promote_ok = if zone.contains(from) {
            Bitboard::FULL
        } else {
            zone
        };
        let push = |list: &mut MoveList, m: Move, ok: Bitboard| {
            let legal = if at.kingless {
                ok.contains(m.to())
            } else {
                self.is_legal(&m)
            };
            if legal {
                list.push(m);
            }
        };
        for to in candidates {
            let capture = self.piece_at(to).map(|p| p.kind);
            let discovered = off_line.contains(to);
            let normal = |promote| Move::Normal {
                from,
                to,
                kind,
                capture,
                promote,
            };
            if discovered || plain.contains(to) {
                push(list, normal(false), stay_ok);
            }
            if promoted.is_some_and(|pro| discovered || pro.contains(to)) {
                push(list, normal(true), promote_ok);
            }
        }
    }
}

/// Where a piece moves from, and what that means for its checks and their legality.
#[derive(Clone, Copy)]
struct Origin {
    from: Square,
    /// It stands alone between one of our sliders and the enemy king.
    uncovers: bool,
    /// We have no king: only the promotion rules can make the move illegal.
    kingless: bool,
}

/// The squares from which a piece of `kind` (of the colour opposite to `them`) attacks the
/// king on `ksq` through `occ`: those a piece of `kind` of `them` attacks from `ksq`.
fn checking_squares(them: Color, kind: PieceKind, ksq: Square, occ: Bitboard) -> Bitboard {
    if kind == PieceKind::King {
        return Bitboard::EMPTY;
    }
    attacks(Piece::new(them, kind), ksq, occ)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use proptest::test_runner::RngSeed;

    use crate::{Move, Position, SetupMode};

    /// The checking moves by definition: the legal moves that give check, sorted.
    fn by_definition(pos: &Position) -> Vec<Move> {
        let mut moves: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| pos.gives_check(m))
            .collect();
        moves.sort_by_key(|m| m.to_string());
        moves
    }

    fn generated(pos: &Position) -> Vec<Move> {
        let mut moves = pos.check_moves().to_vec();
        moves.sort_by_key(|m| m.to_string());
        moves
    }

    fn tsume(sfen: &str) -> Position {
        Position::from_sfen_with(sfen, SetupMode::Tsume).unwrap()
    }

    #[test]
    fn the_legal_moves_that_give_check() {
        for sfen in [
            "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
            "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
            // Discovered checks by promoted pieces, a knight that must promote.
            "9/1+R+N1kP2S/6pn1/9/9/5+B3/1R2S4/3p5/9 b NPb4g2sn4l14p 1",
            // Both kings on the board, pins on both sides.
            "l2+P5/2k4+L1/2n1p2B1/p1pp1spN1/4Ps3/PlPP2P2/1P1Sb4/1KG2+p3/LN7 w R2GPrgsn4p 1",
            "1+p3lp+s1/1n2P2Pn/sp2pG1N1/G4G3/9/8P/p1pp1p2k/LNP3B1p/S+R1B3G+s b R4P2lp 1",
            "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1",
        ] {
            let pos = tsume(sfen);
            assert_eq!(generated(&pos), by_definition(&pos), "{sfen}");
        }
    }

    #[test]
    fn into_appends() {
        let pos = tsume("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        let mut list = pos.check_moves();
        let n = list.len();
        pos.check_moves_into(&mut list);
        assert_eq!(list.len(), 2 * n);
        assert_eq!(list[..n], list[n..]);
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 200,
            rng_seed: RngSeed::Fixed(7),
            ..ProptestConfig::default()
        })]

        /// Random legal walks from busy positions, with and without the attacker's king.
        #[test]
        fn agrees_with_the_definition_on_random_walks(
            start in 0usize..6,
            picks in prop::collection::vec(0usize..1000, 0..40),
        ) {
            let seeds = [
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                "l2+P5/2k4+L1/2n1p2B1/p1pp1spN1/4Ps3/PlPP2P2/1P1Sb4/1KG2+p3/LN7 w R2GPrgsn4p 1",
                "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
                "l2gkg2l/2s3s2/p1nppp1pp/2p3p2/P4P1P1/4n3P/1PPPG1N2/1BKS2+s2/LN3+r3 w RBgl3p 72",
                // Tsume positions: the attacker has no king (its moves skip the king test).
                "9/1+R+N1kP2S/6pn1/9/9/5+B3/1R2S4/3p5/9 b NPb4g2sn4l14p 1",
                "7nl/6pk1/6Nsp/7p1/9/9/9/9/9 b RBGPrb3g3s2n3l14p 1",
            ];
            let mut pos = tsume(seeds[start]);
            for pick in picks {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                prop_assert_eq!(generated(&pos), by_definition(&pos), "{}", pos);
                pos.play_unchecked(moves[pick % moves.len()]);
            }
        }
    }
}
