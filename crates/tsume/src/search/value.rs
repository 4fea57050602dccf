//! Search values of one node, and how proof and disproof pieces cross a move.

use shogi::attacks::attacks;
use shogi::{Hand, Move, Piece, PieceKind, Position, Square};

use crate::pn::{INF, Len, Pn};

/// The `repetition_depth` of a value that depends on no repetition.
pub(crate) const NO_REPETITION: u32 = u32::MAX;

/// The state of a node as the search knows it.
///
/// When solved, `attacker_bound`/`defender_bound` are the proof (or disproof) bound stored in
/// the table and `len` the mate length bound (or the no-mate horizon). `repetition_depth` is
/// the depth of the shallowest ancestor whose repetition a disproof relies on: such a
/// disproof holds only below that ancestor and is never stored as absolute (the
/// graph-history interaction problem).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Value {
    pub(crate) pn: Pn,
    pub(crate) dn: Pn,
    pub(crate) len: Len,
    pub(crate) attacker_bound: Hand,
    pub(crate) defender_bound: Hand,
    pub(crate) repetition_depth: u32,
}

impl Value {
    pub(crate) fn unknown(pn: Pn, dn: Pn) -> Value {
        Value {
            pn: pn.max(1),
            dn: dn.max(1),
            len: 0,
            attacker_bound: Hand::EMPTY,
            defender_bound: Hand::EMPTY,
            repetition_depth: NO_REPETITION,
        }
    }

    pub(crate) fn proven(len: Len, attacker_bound: Hand, defender_bound: Hand) -> Value {
        Value {
            pn: 0,
            dn: INF,
            len,
            attacker_bound,
            defender_bound,
            repetition_depth: NO_REPETITION,
        }
    }

    pub(crate) fn disproven(
        len: Len,
        attacker_bound: Hand,
        defender_bound: Hand,
        repetition_depth: u32,
    ) -> Value {
        Value {
            pn: INF,
            dn: 0,
            len,
            attacker_bound,
            defender_bound,
            repetition_depth,
        }
    }

    pub(crate) fn is_proven(&self) -> bool {
        self.pn == 0
    }

    pub(crate) fn is_disproven(&self) -> bool {
        self.dn == 0
    }

    pub(crate) fn is_solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// A hand bound of the side that made `m`, carried from after the move to before it:
/// a drop used one piece more, a capture gained one (kept unpromoted).
pub(crate) fn before_move(bound: Hand, m: &Move) -> Hand {
    match *m {
        Move::Drop { kind, .. } => bound.plus(kind),
        Move::Normal {
            capture: Some(k), ..
        } => bound.minus(k.unpromoted()),
        Move::Normal { .. } => bound,
    }
}

/// The attacker's hand as far as its checks depend on it: a kind the attacker lacks but
/// could not drop with check anyway (every square that would check is occupied) counts
/// as held, so a disproof's bound does not cap it at zero. `atk` is the hand of the side
/// to move.
pub(crate) fn drop_relevant(pos: &Position, atk: Hand) -> Hand {
    let us = pos.turn();
    let Some(ksq) = pos.king_square(!us) else {
        return Hand::UNLIMITED;
    };
    let occ = pos.occupied();
    let mut held = atk;
    for kind in PieceKind::HAND {
        if atk.count(kind) == 0 && (attacks(Piece::new(!us, kind), ksq, occ) & !occ).is_empty() {
            held = held.plus(kind);
        }
    }
    held
}

/// King-move distance between two squares.
pub(crate) fn distance(a: Square, b: Square) -> u32 {
    u32::from(a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank())))
}

/// Whether the side to move, in check, could answer by dropping a piece between the king
/// and the checker: only then does the defender's hand matter for a mate.
pub(crate) fn can_interpose(pos: &Position) -> bool {
    let checkers = pos.checkers();
    if checkers.has_more_than_one() {
        return false;
    }
    let (Some(c), Some(k)) = (checkers.first(), pos.king_square(pos.turn())) else {
        return false;
    };
    let df = i32::from(c.file()) - i32::from(k.file());
    let dr = i32::from(c.rank()) - i32::from(k.rank());
    // A knight's jump or an adjacent checker leaves no square between.
    (df.abs() > 1 || dr.abs() > 1) && !(df.abs() == 1 && dr.abs() == 2)
}
