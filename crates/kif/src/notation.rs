//! Move text from moves: the KIF form (`７七角成(22)`) and the official JSA form used by KI2
//! (`５八金右`, `２八銀左引`, `同　歩`, `５五角打`).

use shogi::{Color, Move, PieceKind, Position, Square};

use crate::movetext::{KifMove, Motion, Relative};
use crate::resolve::motion;

impl KifMove {
    /// The KIF text of `mv`: destination (or `同` when it is `last_to`), the piece before the
    /// move, `成` for a promotion, then `(FR)` or `打`. Non-promotion is not marked (the spec
    /// form); set [`KifMove::promotion`] to `Some(false)` to write `不成`.
    #[must_use]
    pub fn kif(mv: &Move, last_to: Option<Square>) -> KifMove {
        let same = last_to == Some(mv.to());
        KifMove {
            to: (!same).then_some(mv.to()),
            same,
            piece: mv.kind(),
            relative: None,
            motion: None,
            promotion: mv.is_promotion().then_some(true),
            drop: mv.is_drop(),
            from: mv.from(),
        }
    }

    /// The KI2 text of the legal move `mv` in `pos`, by the JSA rules: `打` only when a piece
    /// on the board could reach the square too; `成`/`不成` whenever promotion was possible;
    /// the movement word (上 寄 引) if it tells the piece apart, else `直` for a gold or silver
    /// moving straight forward, else 右/左, else both. The result always reads back as `mv`
    /// in `pos` (the writer checks each choice with the reader's own filter).
    #[must_use]
    pub fn ki2(pos: &Position, mv: &Move, last_to: Option<Square>) -> KifMove {
        let legal = pos.legal_moves();
        let mut km = KifMove::kif(mv, last_to);
        km.from = None;
        km.drop = false;
        let us = pos.turn();
        let rivals = rivals(&legal, mv);
        if mv.is_drop() {
            km.drop = !rivals.is_empty();
            return km;
        }
        if can_promote(pos, mv) {
            km.promotion = Some(mv.is_promotion());
        }
        if rivals.is_empty() {
            return km;
        }
        for (relative, motion) in choices(us, mv) {
            let guess = KifMove {
                relative,
                motion,
                ..km
            };
            if guess.choose_among(us, mv.to(), &legal) == Ok(*mv) {
                return guess;
            }
        }
        km
    }
}

/// Other pieces of the same kind that can move to the destination (by board squares).
fn rivals(legal: &[Move], mv: &Move) -> Vec<Square> {
    let mut out: Vec<Square> = legal
        .iter()
        .filter(|m| m.to() == mv.to() && m.kind() == mv.kind())
        .filter_map(Move::from)
        .filter(|&from| Some(from) != mv.from())
        .collect();
    out.dedup();
    out
}

/// Whether the other promotion choice of `mv` is also legal (so the text must say which).
fn can_promote(pos: &Position, mv: &Move) -> bool {
    mv.is_promotion() || could_promote(pos, mv)
}

/// Whether `mv` does not promote but promoting would have been legal.
pub(crate) fn could_promote(pos: &Position, mv: &Move) -> bool {
    match *mv {
        Move::Normal {
            from,
            to,
            kind,
            capture,
            promote: false,
        } => pos.is_legal(&Move::Normal {
            from,
            to,
            kind,
            capture,
            promote: true,
        }),
        _ => false,
    }
}

/// The modifiers to try, in the order the JSA rules prefer them.
fn choices(us: Color, mv: &Move) -> Vec<(Option<Relative>, Option<Motion>)> {
    let motion = motion(us, mv);
    let straight =
        is_straight_step(us, mv) && !matches!(mv.kind(), PieceKind::Dragon | PieceKind::Horse);
    let mut out = vec![(None, motion)];
    if straight {
        out.push((Some(Relative::Straight), None));
    }
    for rel in [Relative::Right, Relative::Left] {
        out.push((Some(rel), None));
    }
    for rel in [Relative::Right, Relative::Left] {
        out.push((Some(rel), motion));
    }
    if straight {
        out.push((Some(Relative::Straight), motion));
    }
    out
}

fn is_straight_step(us: Color, mv: &Move) -> bool {
    mv.from().is_some_and(|from| {
        from.file() == mv.to().file() && crate::resolve::forward(us, from, mv.to()) == 1
    })
}

#[cfg(test)]
mod tests;
