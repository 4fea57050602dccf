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

    /// The KI2 text of a recorded foul `mv` (a move that is not legal in `pos`) that reads
    /// back as the same foul: words that fit no legal move of the piece to the square and
    /// pick `mv` alone among the moves that reach it ignoring checks (a pinned gold moving
    /// up where a gold drop is legal is `４二金上`, not `４二金`, which is the drop). A drop
    /// is written with `打`; a move no such words name (a piece that cannot reach the
    /// square at all) keeps its origin as KIF writes it, `９四歩(13)`, which the KI2 reader
    /// takes: the piece and destination alone would read as another move.
    #[must_use]
    pub fn ki2_foul(pos: &Position, mv: &Move, last_to: Option<Square>) -> KifMove {
        let with_origin = KifMove::kif(mv, last_to);
        let plain = with_origin.without_origin();
        if mv.is_drop() {
            return plain;
        }
        let us = pos.turn();
        let legal = pos.legal_moves_of(mv.kind(), mv.to());
        let reachable = pos.reaching_moves_of(mv.kind(), mv.to(), mv.is_promotion());
        let base = plain.words();
        let found = std::iter::once(base)
            .chain(base.variants(us, mv))
            .find(|w| w.select(us, &legal).is_empty() && w.select(us, &reachable) == [*mv]);
        match found {
            Some(words) => KifMove {
                relative: words.relative,
                motion: words.motion,
                ..plain
            },
            None => with_origin,
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
