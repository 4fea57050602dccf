//! The entering-king declaration (入玉宣言) under the CSA 27-point rule.

use crate::{Bitboard, Color, PieceKind, Position};

/// The facts the 27-point rule looks at, for the side to move of a position.
///
/// The declaration is valid when the declaring king stands in the opponent's camp (the three
/// far ranks), at least 10 other pieces of the declarer stand there, the declarer's points
/// reach [`Declaration::needed`] and the declarer is not in check. Points count 5 for a rook
/// or bishop (promoted or not) and 1 for every other piece, over the declarer's pieces in the
/// camp (king excluded) and in hand. The CSA rule also asks for time left on the clock, which
/// a position cannot know.
#[doc(alias = "nyugyoku")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Declaration {
    /// The declaring side (the side to move).
    pub color: Color,
    /// Whether the declarer's king is in the opponent's camp.
    pub king_in_camp: bool,
    /// The declarer's pieces in the camp, king excluded (at least 10 needed).
    pub pieces_in_camp: u32,
    /// The declarer's points, camp pieces and hand.
    pub points: u32,
    /// Whether the declarer is in check.
    pub in_check: bool,
}

impl Declaration {
    /// Pieces other than the king that must stand in the camp.
    pub const PIECES_NEEDED: u32 = 10;

    /// The points needed: 28 for Black, 27 for White. A set is worth 54 points, 27 for each
    /// side at the start; Black, who moves first, needs one more.
    #[must_use]
    pub const fn needed(self) -> u32 {
        match self.color {
            Color::Black => 28,
            Color::White => 27,
        }
    }

    /// Whether the declaration wins.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        self.king_in_camp
            && self.pieces_in_camp >= Declaration::PIECES_NEEDED
            && self.points >= self.needed()
            && !self.in_check
    }
}

/// The 27-point rule's value of a piece: 5 for rooks and bishops, promoted or not, else 1.
const fn points(kind: PieceKind) -> u32 {
    match kind.unpromoted() {
        PieceKind::Rook | PieceKind::Bishop => 5,
        PieceKind::King => 0,
        _ => 1,
    }
}

impl Position {
    /// The 27-point rule's view of a declaration by the side to move.
    #[must_use]
    pub fn declaration(&self) -> Declaration {
        let us = self.turn();
        let camp = Bitboard::promotion_zone(us);
        let king_in_camp = self.king_square(us).is_some_and(|k| camp.contains(k));
        let mut pieces_in_camp = 0;
        let mut points_total = 0;
        for sq in self.pieces(us) & camp {
            if let Some(p) = self.piece_at(sq).filter(|p| p.kind != PieceKind::King) {
                pieces_in_camp += 1;
                points_total += points(p.kind);
            }
        }
        for (kind, n) in self.hand(us).iter() {
            points_total += points(kind) * u32::from(n);
        }
        Declaration {
            color: us,
            king_in_camp,
            pieces_in_camp,
            points: points_total,
            in_check: self.in_check(),
        }
    }
}
