//! Move text from moves: the KIF form (`７七角成(22)`) and the official JSA form used by KI2
//! (`５八金右`, `２八銀左引`, `同　歩`, `５五角打`).

use shogi::{Move, Position, Square};

use crate::movetext::KifMove;

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

    /// The KI2 text of the legal move `mv` in `pos`, by the JSA rules of
    /// [`Position::move_words`]: `打` only when a piece on the board could reach the square
    /// too; `成`/`不成` whenever promotion was possible; the movement word (上 寄 引) if it
    /// tells the piece apart, else `直` for a gold or silver moving straight forward, else
    /// 右/左, else both. The result always reads back as `mv` in `pos`.
    #[must_use]
    pub fn ki2(pos: &Position, mv: &Move, last_to: Option<Square>) -> KifMove {
        let words = pos.move_words(mv);
        KifMove {
            relative: words.relative,
            motion: words.motion,
            promotion: words.promotion,
            drop: words.drop,
            from: None,
            ..KifMove::kif(mv, last_to)
        }
    }
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

#[cfg(test)]
mod tests;
