//! The mate in one at an attacker node with one or two plies left, and the defender-hand
//! bound of its absence: most checks are known not to mate without being played, from the
//! squares the king could flee to.

use shogi::attacks::{attacks, king_attacks};
use shogi::{Bitboard, Hand, Move, MoveList, Piece, PieceKind, Position, Square};

use super::Searcher;
use super::expand::{legal_reply_bound, mate_def_bound};
use super::value::{Value, before_move};

/// What an attacker leaf with one or two plies left holds.
#[derive(Debug)]
pub(super) enum LeafMate {
    /// No check at all (no mate ever).
    NoCheck,
    /// A check mates: its proof.
    Mate(Value),
    /// No check mates; every one leaves a legal reply while the defender holds this bound.
    Escape(Hand),
}

impl Searcher<'_, '_> {
    /// [`Searcher::mate_in_one_or_escape`] over the position's checks, without making the
    /// drops that leave the king a flight square: of a big attacker hand's drops, four in
    /// five do (on the 427 generated problems' full answers 20.7 M of 25.2 M), and only the
    /// squares from which a kind covers every flight square are made and played. The
    /// answer is the one the whole list gives (the same first mate: drops come first, in
    /// the list's order).
    pub(super) fn mate_in_one_at_leaf(&self, pos: &mut Position) -> LeafMate {
        let defender_hand = *pos.hand(!self.attacker);
        let flight = flight_squares(pos);
        let mut any = false;
        let mut def = Hand::EMPTY;
        let hand = *pos.hand(pos.turn());
        for kind in PieceKind::HAND.into_iter().filter(|&k| hand.count(k) > 0) {
            let squares = pos.checking_drop_squares(kind);
            let may_mate = match &flight {
                Some(f) => drops_covering(pos, f, kind, squares),
                None => squares,
            };
            // A drop that leaves a flight square is a legal check (a pawn's too: it does
            // not mate), and it replies whatever the hands.
            any |= (squares & !may_mate).any();
            for to in may_mate {
                let m = Move::Drop { kind, to };
                match self.reply_bound(pos, &m, defender_hand) {
                    // A pawn drop that mates is illegal (打ち歩詰め): no check at all.
                    Err(_) if kind == PieceKind::Pawn => {}
                    Err(bound) => return LeafMate::Mate(bound),
                    Ok(d) => {
                        any = true;
                        def = def.union(d);
                    }
                }
            }
        }
        let mut board = MoveList::new();
        pos.check_board_moves_into(&mut board);
        if !any && board.is_empty() {
            return LeafMate::NoCheck;
        }
        match self.first_mate(pos, &board, flight.as_ref()) {
            Ok(v) => LeafMate::Mate(v),
            Err(d) => LeafMate::Escape(def.union(d)),
        }
    }

    /// The defender-hand bound under which the check `m` leaves a legal reply (empty: any
    /// hand; see [`legal_reply_bound`]), or, when it mates, its proof.
    fn reply_bound(
        &self,
        pos: &mut Position,
        m: &Move,
        defender_hand: Hand,
    ) -> Result<Hand, Value> {
        let undo = pos.play_unchecked(*m);
        let reply = legal_reply_bound(pos, self.no_drops);
        let mate = reply.is_none().then(|| mate_def_bound(pos, defender_hand));
        pos.undo_unchecked(*m, undo);
        match (mate, reply) {
            (Some(bound), _) => Err(Value::proven(1, before_move(Hand::EMPTY, m), bound)),
            (None, d) => Ok(d.unwrap_or(Hand::EMPTY)),
        }
    }

    /// The first check of `checks` that mates, with its proof, or else the defender-hand
    /// bound under which every check leaves a legal reply (the bound of "no mate in one").
    /// One pass: the reply that shows that a check does not mate also gives its part of the
    /// bound (a second pass for the bound took as long as the search for the mate), and a
    /// check that leaves the king a flight square ([`king_escapes`]) is not played at all.
    pub(super) fn mate_in_one_or_escape(
        &self,
        pos: &mut Position,
        checks: &[Move],
    ) -> Result<Value, Hand> {
        self.first_mate(pos, checks, flight_squares(pos).as_ref())
    }

    /// [`Searcher::mate_in_one_or_escape`] with the king's flight squares already found.
    fn first_mate(
        &self,
        pos: &mut Position,
        checks: &[Move],
        flight: Option<&(Square, Bitboard)>,
    ) -> Result<Value, Hand> {
        let defender_hand = *pos.hand(!self.attacker);
        let mut def = Hand::EMPTY;
        for m in checks {
            if flight.is_some_and(|f| king_escapes(pos, f, m)) {
                // A king move replies, whatever the hands.
                continue;
            }
            match self.reply_bound(pos, m, defender_hand) {
                Err(mate) => return Ok(mate),
                Ok(d) => def = def.union(d),
            }
        }
        Err(def)
    }
}

/// The defender's king square and the squares next to it where it could step now: empty
/// or holding an attacker piece, and attacked by no attacker piece with the king lifted off
/// the board (so that a slider's line through the king counts). `pos` has the attacker
/// to move.
fn flight_squares(pos: &Position) -> Option<(Square, Bitboard)> {
    let us = pos.turn();
    let king = pos.king_square(!us)?;
    let occ = pos.occupied() ^ Bitboard::from_square(king);
    let mut free = king_attacks(king) & !pos.pieces(!us);
    for sq in pos.pieces(us) {
        if free.is_empty() {
            break;
        }
        if let Some(piece) = pos.piece_at(sq) {
            free &= !attacks(piece, sq, occ);
        }
    }
    Some((king, free))
}

/// Whether the king keeps a flight square (see [`flight_squares`]) after the check `m`.
fn king_escapes(pos: &Position, flight: &(Square, Bitboard), m: &Move) -> bool {
    match *m {
        Move::Drop { kind, to } => king_escapes_drop(pos, flight, kind, to),
        Move::Normal {
            from,
            to,
            kind,
            promote,
            ..
        } => king_escapes_board_move(pos, flight, from, to, kind, promote),
    }
}

/// Whether the king keeps a flight square after the attacker moves `kind` from `from` to
/// `to` (promoting if `promote`). The squares of the flight were safe from every attacker
/// piece where it stood; after the move a square other than `to` is attacked only by the
/// moved piece from `to` or by a ranging piece whose line `from` opened, so a square that
/// neither reaches stays open and the check does not mate (the king's capture on `to` is
/// left to the move generator).
fn king_escapes_board_move(
    pos: &Position,
    flight: &(Square, Bitboard),
    from: Square,
    to: Square,
    kind: PieceKind,
    promote: bool,
) -> bool {
    let (king, free) = *flight;
    let us = pos.turn();
    let (from_bb, to_bb) = (Bitboard::from_square(from), Bitboard::from_square(to));
    let occ = (pos.occupied() ^ Bitboard::from_square(king) ^ from_bb) | to_bb;
    let moved = match (promote, kind.promoted()) {
        (true, Some(p)) => p,
        _ => kind,
    };
    let open = free & !to_bb & !attacks(Piece::new(us, moved), to, occ);
    if open.is_empty() {
        return false;
    }
    // The pieces as they stood: the moved one attacks from `from` nothing of the flight,
    // and no other stepping piece does; only a line opened at `from` can reach it now.
    Iterator::any(&mut open.into_iter(), |q| !pos.is_attacked_with(q, us, occ))
}

/// Whether the king keeps a flight square after the attacker drops `kind` on `to`: a drop
/// adds the dropped piece's attacks and can only block others, so a square of the flight
/// (see [`flight_squares`]) that the dropped piece does not reach stays open, and the drop
/// does not mate.
fn king_escapes_drop(
    pos: &Position,
    flight: &(Square, Bitboard),
    kind: PieceKind,
    to: Square,
) -> bool {
    let (king, free) = *flight;
    let to_bb = Bitboard::from_square(to);
    let occ = (pos.occupied() ^ Bitboard::from_square(king)) | to_bb;
    (free & !to_bb & !attacks(Piece::new(pos.turn(), kind), to, occ)).any()
}

/// The squares of `squares` from which a drop of `kind` attacks every flight square (see
/// [`flight_squares`]) but the one it lands on: the only drops of that kind there that
/// may mate ([`king_escapes_drop`] for every other). A piece attacks a square from exactly
/// the squares the opposite-coloured piece of its kind attacks from there, with the king
/// lifted off the board as the flight was found.
fn drops_covering(
    pos: &Position,
    flight: &(Square, Bitboard),
    kind: PieceKind,
    squares: Bitboard,
) -> Bitboard {
    let (king, free) = *flight;
    let occ = pos.occupied() ^ Bitboard::from_square(king);
    let reverse = Piece::new(!pos.turn(), kind);
    let mut covering = squares;
    for f in free {
        if covering.is_empty() {
            break;
        }
        covering &= attacks(reverse, f, occ) | Bitboard::from_square(f);
    }
    covering
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::search::Budget;
    use crate::table::Table;

    /// Calls `f` with the generated problems' positions and every position two plies after
    /// each (a check, a defence): the attacker to move in all of them.
    fn two_plies_deep(mut f: impl FnMut(&Position)) {
        for p in &crate::problem::generated_problems() {
            f(&p.position);
            for m in p.position.check_moves() {
                let mut after_check = p.position.clone();
                after_check.play_unchecked(m);
                for d in after_check.legal_moves() {
                    let mut after = after_check.clone();
                    after.play_unchecked(d);
                    f(&after);
                }
            }
        }
    }

    /// Every check that [`king_escapes`] passes leaves the defender king a legal move, board
    /// moves and drops.
    #[test]
    fn a_king_that_escapes_has_a_legal_move() {
        let mut passed = [0u32; 2];
        two_plies_deep(|pos| {
            let Some(flight) = flight_squares(pos) else {
                return;
            };
            for m in pos.check_moves() {
                if !king_escapes(pos, &flight, &m) {
                    continue;
                }
                let mut after = pos.clone();
                after.play_unchecked(m);
                let king = after.king_square(after.turn());
                let king_moves = after
                    .legal_moves()
                    .iter()
                    .filter(|r| r.from().is_some() && r.from() == king)
                    .count();
                assert!(king_moves > 0, "{} {}", pos.to_sfen(), m.to_usi());
                passed[usize::from(m.is_drop())] += 1;
            }
        });
        // Both kinds of check are exercised many times.
        assert!(passed.iter().all(|&n| n > 10_000), "{passed:?}");
    }

    /// The leaf's mate in one, which makes only the drops that cover every flight square,
    /// answers as the whole check list does: no check, the same first mate, or the same
    /// bound of its absence; in the real game and in the one without defender drops.
    #[test]
    fn the_leaf_answers_as_the_whole_check_list() {
        let mut tt = Table::new(1 << 16);
        let mut seen = [0u32; 3];
        two_plies_deep(|pos| {
            let budget = Budget::new(None, None, None, None, Duration::from_secs(1));
            let mut s = Searcher::new(&mut tt, pos, budget);
            for no_drops in [false, true] {
                s.no_drops = no_drops;
                let checks = pos.check_moves();
                let whole = (!checks.is_empty())
                    .then(|| s.mate_in_one_or_escape(&mut pos.clone(), &checks));
                let leaf = s.mate_in_one_at_leaf(&mut pos.clone());
                let at = || format!("{} without drops: {no_drops}", pos.to_sfen());
                match (whole, leaf) {
                    (None, LeafMate::NoCheck) => seen[0] += 1,
                    (Some(Ok(v)), LeafMate::Mate(w)) => {
                        assert_eq!(v, w, "{}", at());
                        seen[1] += 1;
                    }
                    (Some(Err(d)), LeafMate::Escape(e)) => {
                        assert_eq!(d, e, "{}", at());
                        seen[2] += 1;
                    }
                    (whole, leaf) => panic!("{}: {whole:?} against {leaf:?}", at()),
                }
            }
        });
        // Mates and escapes both many times (a position without a check is rare here).
        assert!(seen[1] > 1_000 && seen[2] > 10_000, "{seen:?}");
    }
}
