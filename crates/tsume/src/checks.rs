//! Checking moves, generated from the defender king's side.
//!
//! `shogi::Position::check_moves` filters every legal move through `gives_check`; a mate
//! solver calls this at every attacker node and leaf, so here candidates come only from
//! squares that can check: drops and moves onto squares a piece of that kind would attack
//! the king from, and moves of pieces that uncover one of our sliders. Each candidate is
//! then confirmed with `Position::is_legal` (pins, promotion rules, pawn-drop mate).

use shogi::attacks::{attacks, between, bishop_attacks, lance_attacks, line, rook_attacks};
use shogi::{Bitboard, Color, Move, MoveList, Piece, PieceKind, Position, Square};

use crate::hands::Packed;

/// All legal moves of the side to move that check the opponent's king.
pub(crate) fn check_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    check_moves_into(pos, &mut list);
    list
}

/// [`check_moves`] into `list` (cleared first). A move list is a few kilobytes, and
/// returning one by value copies all of it: on the hot paths the caller's list is filled.
pub(crate) fn check_moves_into(pos: &Position, list: &mut MoveList) {
    list.clear();
    let us = pos.turn();
    let Some(ksq) = pos.king_square(!us) else {
        return;
    };
    let occ = pos.occupied();
    drops(pos, us, ksq, occ, list);
    let uncover = discoverers(pos, us, ksq, occ);
    // Without a king of our own no move of ours can be illegal by exposing it: a move
    // generated from the piece's attacks is legal once its promotion is (most tsume).
    let kingless = pos.king_square(us).is_none();
    for from in pos.pieces(us) {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let at = Origin {
            from,
            uncovers: uncover.contains(from),
            kingless,
        };
        board_moves(pos, piece, at, ksq, occ, list);
    }
}

/// Where a piece moves from, and what that means for its checks and their legality.
#[derive(Clone, Copy)]
struct Origin {
    from: Square,
    /// It stands between one of our sliders and the king.
    uncovers: bool,
    /// We have no king: only the promotion rules can make the move illegal.
    kingless: bool,
}

/// The attacker's hand as far as its checks depend on it: a kind the attacker lacks but
/// could not drop with check anyway (every square that would check is occupied) counts
/// as held, so a disproof's bound does not cap it at zero. `atk` is the hand of the side
/// to move.
pub(crate) fn drop_relevant(pos: &Position, atk: Packed) -> Packed {
    let us = pos.turn();
    let Some(ksq) = pos.king_square(!us) else {
        return Packed::FULL;
    };
    let occ = pos.occupied();
    let mut held = atk;
    for (i, &kind) in PieceKind::HAND.iter().enumerate() {
        if atk.get(i) == 0 && (attacks(Piece::new(!us, kind), ksq, occ) & !occ).is_empty() {
            held = held.plus(kind);
        }
    }
    held
}

/// Drops on the squares from which the dropped kind attacks the king.
fn drops(pos: &Position, us: Color, ksq: Square, occ: Bitboard, list: &mut MoveList) {
    let hand = pos.hand(us);
    for kind in PieceKind::HAND {
        if hand.count(kind) == 0 {
            continue;
        }
        // A piece attacks the king from exactly the squares the opposite-coloured piece
        // of the same kind attacks from the king's square.
        for to in attacks(Piece::new(!us, kind), ksq, occ) & !occ {
            let m = Move::Drop { kind, to };
            if pos.is_legal(&m) {
                list.push(m);
            }
        }
    }
}

/// Our pieces that stand alone between one of our sliders and the king.
fn discoverers(pos: &Position, us: Color, ksq: Square, occ: Bitboard) -> Bitboard {
    let ours = |k: PieceKind| pos.pieces_of(Piece::new(us, k));
    let sliders = (rook_attacks(ksq, Bitboard::EMPTY)
        & (ours(PieceKind::Rook) | ours(PieceKind::Dragon)))
        | (bishop_attacks(ksq, Bitboard::EMPTY)
            & (ours(PieceKind::Bishop) | ours(PieceKind::Horse)))
        | (lance_attacks(!us, ksq, Bitboard::EMPTY) & ours(PieceKind::Lance));
    let mut found = Bitboard::EMPTY;
    for s in sliders {
        let between = between(ksq, s) & occ;
        if between.count() == 1 && (between & pos.pieces(us)).any() {
            found |= between;
        }
    }
    found
}

/// The checking moves of one piece: onto a checking square for its kind after the move,
/// or anywhere off the king's line when it uncovers a slider.
fn board_moves(
    pos: &Position,
    piece: Piece,
    at: Origin,
    ksq: Square,
    occ: Bitboard,
    list: &mut MoveList,
) {
    let (us, kind, from) = (piece.color, piece.kind, at.from);
    let dests = attacks(piece, from, occ) & !pos.pieces(us);
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
    // skipped without looking at them (same moves, same order).
    let candidates = dests & (off_line | plain | promoted.unwrap_or(Bitboard::EMPTY));
    let zone = Bitboard::promotion_zone(us);
    // Where the move is legal as far as promotion goes (for a kingless side, at all).
    let stay_ok = can_move_again(us, kind);
    let promote_ok = if zone.contains(from) {
        !Bitboard::EMPTY
    } else {
        zone
    };
    let push = |list: &mut MoveList, m: Move, ok: Bitboard| {
        let legal = if at.kingless {
            ok.contains(m.to())
        } else {
            pos.is_legal(&m)
        };
        if legal {
            list.push(m);
        }
    };
    for to in candidates {
        let capture = pos.piece_at(to).map(|p| p.kind);
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

/// The squares where a piece of `kind` of `us` may stay unpromoted: those with room
/// ahead for its forward move (a pawn or lance needs one rank, a knight two).
fn can_move_again(us: Color, kind: PieceKind) -> Bitboard {
    let room = match kind {
        PieceKind::Pawn | PieceKind::Lance => 1,
        PieceKind::Knight => 2,
        _ => return !Bitboard::EMPTY,
    };
    // The last `room` ranks, on the opponent's side.
    let far = (1..=room).fold(Bitboard::EMPTY, |b, r| {
        b | Bitboard::rank(if us == Color::Black { r } else { 10 - r })
    });
    !far
}

fn checking_squares(them: Color, kind: PieceKind, ksq: Square, occ: Bitboard) -> Bitboard {
    if kind == PieceKind::King {
        return Bitboard::EMPTY;
    }
    attacks(Piece::new(them, kind), ksq, occ)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same_as_shogi(sfen: &str) {
        let pos = Position::from_sfen_with(sfen, shogi::SetupMode::Tsume).unwrap();
        let mut mine: Vec<String> = check_moves(&pos)
            .iter()
            .map(|m| m.to_usi().to_string())
            .collect();
        let mut theirs: Vec<String> = pos
            .check_moves()
            .iter()
            .map(|m| m.to_usi().to_string())
            .collect();
        mine.sort();
        theirs.sort();
        assert_eq!(mine, theirs, "{sfen}");
    }

    #[test]
    fn matches_the_rules_crate() {
        for sfen in [
            "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
            "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
            "9/1+R+N1kP2S/6pn1/9/9/5+B3/1R2S4/3p5/9 b NPb4g2sn4l14p 1",
            "l2+P5/2k4+L1/2n1p2B1/p1pp1spN1/4Ps3/PlPP2P2/1P1Sb4/1KG2+p3/LN7 w R2GPrgsn4p 1",
            "1+p3lp+s1/1n2P2Pn/sp2pG1N1/G4G3/9/8P/p1pp1p2k/LNP3B1p/S+R1B3G+s b R4P2lp 1",
            "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1",
        ] {
            same_as_shogi(sfen);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 200, rng_seed: proptest::test_runner::RngSeed::Fixed(7), ..Default::default() })]
        /// Random legal walks from busy positions: the fast generator agrees with the rules crate.
        #[test]
        fn agrees_on_random_walks(start in 0usize..6, picks in proptest::collection::vec(0usize..1000, 0..40)) {
            let seeds = [
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                "l2+P5/2k4+L1/2n1p2B1/p1pp1spN1/4Ps3/PlPP2P2/1P1Sb4/1KG2+p3/LN7 w R2GPrgsn4p 1",
                "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
                "l2gkg2l/2s3s2/p1nppp1pp/2p3p2/P4P1P1/4n3P/1PPPG1N2/1BKS2+s2/LN3+r3 w RBgl3p 72",
                // Tsume positions: the attacker has no king (its moves skip the king test).
                "9/1+R+N1kP2S/6pn1/9/9/5+B3/1R2S4/3p5/9 b NPb4g2sn4l14p 1",
                "7nl/6pk1/6Nsp/7p1/9/9/9/9/9 b RBGPrb3g3s2n3l14p 1",
            ];
            let pos = Position::from_sfen_with(seeds[start], shogi::SetupMode::Tsume);
            let mut pos = pos.unwrap();
            for pick in picks {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut mine: Vec<Move> = check_moves(&pos).to_vec();
                let mut theirs: Vec<Move> = pos.check_moves().to_vec();
                mine.sort_by_key(|m| m.to_usi().to_string());
                theirs.sort_by_key(|m| m.to_usi().to_string());
                proptest::prop_assert_eq!(mine, theirs, "{}", pos);
                pos.play_unchecked(moves[pick % moves.len()]);
            }
        }
    }
}
