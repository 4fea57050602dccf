//! The entering-king declaration (入玉宣言) under the 27-point and the 24-point rule.

use crate::{Bitboard, Color, DrawReason, Outcome, PieceKind, Position, WinReason};

/// The facts a declaration rule looks at, for the side to move of a position.
///
/// Under the 27-point rule (the default, see [`DeclarationRule`]) the declaration is valid
/// when the declaring king stands in the opponent's camp (the three far ranks), at least 10
/// other pieces of the declarer stand there, the declarer's points reach
/// [`Declaration::needed`] and the declarer is not in check. Points count 5 for a rook or
/// bishop (promoted or not) and 1 for every other piece, over the declarer's pieces in the
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

    /// The points the 27-point rule needs: 28 for Black, 27 for White. A set is worth 54 points, 27 for each
    /// side at the start; Black, who moves first, needs one more.
    #[must_use]
    pub const fn needed(self) -> u32 {
        match self.color {
            Color::Black => 28,
            Color::White => 27,
        }
    }

    /// Whether the declaration wins under the 27-point rule.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        self.meets_conditions() && self.points >= self.needed()
    }

    /// The conditions both rules share, points aside: king in the camp, ten other pieces
    /// there, not in check.
    const fn meets_conditions(self) -> bool {
        self.king_in_camp && self.pieces_in_camp >= Declaration::PIECES_NEEDED && !self.in_check
    }

    /// What an invalid declaration lacks, for its error: the first condition both rules
    /// share that fails, or else the points (how many a rule needs is the rule's).
    pub(crate) fn fault(self) -> String {
        if !self.king_in_camp {
            "the king is not in the opponent's camp".to_owned()
        } else if self.in_check {
            "the king is in check".to_owned()
        } else if self.pieces_in_camp < Declaration::PIECES_NEEDED {
            format!(
                "{} other pieces in the opponent's camp ({} needed)",
                self.pieces_in_camp,
                Declaration::PIECES_NEEDED
            )
        } else {
            format!("only {} points", self.points)
        }
    }

    /// The result of this declaration under `rule`: a win for the declarer, a draw, or `None`
    /// when the declaration is invalid (which loses the game for the declarer under both
    /// rules; [`Game::declare`](crate::Game::declare) leaves applying that to the caller).
    #[must_use]
    pub const fn outcome(self, rule: DeclarationRule) -> Option<Outcome> {
        let win = Outcome::Win {
            winner: self.color,
            reason: WinReason::EnteringKing,
        };
        match rule {
            DeclarationRule::Points27 if self.is_valid() => Some(win),
            DeclarationRule::Points24 if self.meets_conditions() => {
                if self.points >= DeclarationRule::WIN_24 {
                    Some(win)
                } else if self.points >= DeclarationRule::DRAW_24 {
                    Some(Outcome::Draw {
                        reason: DrawReason::EnteringKing,
                    })
                } else {
                    None
                }
            }
            _ => None,
        }
    }
}

/// Which entering-king declaration rule a [`Game`](crate::Game) follows.
///
/// Both rules count the same points over the same pieces (see [`Declaration`]) and ask for
/// the same conditions: the declarer to move, its king in the opponent's camp, at least ten
/// other pieces of its own there, not in check. They differ in the points and the results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum DeclarationRule {
    /// 27点法, the CSA computer-shogi rule (also 81Dojo's and Shogi Wars'): 28 points for
    /// Black, 27 for White, and a valid declaration wins.
    #[default]
    #[doc(alias = "27点法")]
    Points27,
    /// 24点法, the 入玉宣言法 the Japan Shogi Association (日本将棋連盟) brought in on
    /// 1 October 2013 (revised 1 October 2019): the same conditions for both colours, then
    /// 31 points or more win and 24 to 30 points are a draw (持将棋); fewer than 24 points
    /// make the declaration invalid. Source: Japanese Wikipedia, 「入玉」
    /// (<https://ja.wikipedia.org/wiki/入玉>), section 「入玉宣言法」による持将棋 (2022-06-14
    /// version), which also sets a 500-move limit this type does not model.
    #[doc(alias = "24点法")]
    Points24,
}

impl DeclarationRule {
    /// The fewest points that win under the 24-point rule.
    pub const WIN_24: u32 = 31;
    /// The fewest points that draw under the 24-point rule.
    pub const DRAW_24: u32 = 24;
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
    /// The facts of a declaration by the side to move, for either rule
    /// ([`Declaration::is_valid`] for the 27-point rule, [`Declaration::outcome`] for both).
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
