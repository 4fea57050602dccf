//! dlshogi's whole network input: the piece planes with each side's attacks, attack counts,
//! pieces in hand and check, as cshogi's `dlshogi.make_input_features` fills them.

use super::{PIECE_PLANES, kind_plane};
use crate::attacks::attacks;
use crate::{Color, PieceKind, Position, Square};

/// The planes of the first input: per side (the side to move first), 14 piece planes (the
/// kinds in [`kind_plane`] order), 14 planes of the squares each kind attacks (the same
/// order), and 3 planes of the squares attacked at least once, twice and three times.
pub const FEATURES1_PLANES: usize = 2 * SIDE1;

/// The planes of the second input: per side (the side to move first), 28 planes for the
/// pieces in hand (pawns 8, lances 4, knights 4, silvers 4, golds 4, bishops 2, rooks 2, in
/// that order: with `n` of a kind in hand the first `n` of its planes are all ones, more
/// than its planes showing as that many), then one plane that is all ones when the side to
/// move is in check.
pub const FEATURES2_PLANES: usize = 2 * SIDE2 + 1;

/// The first input's entries: [`FEATURES1_PLANES`] planes of 81 squares.
pub const FEATURES1_LEN: usize = FEATURES1_PLANES * 81;

/// The second input's entries: [`FEATURES2_PLANES`] planes of 81 squares.
pub const FEATURES2_LEN: usize = FEATURES2_PLANES * 81;

/// One side's planes of the first input.
const SIDE1: usize = PIECE_PLANES + 3;

/// One side's hand planes in the second input.
const SIDE2: usize = 28;

/// The most attackers a square's count planes tell apart.
const MAX_ATTACKERS: u8 = 3;

/// The hand planes: each kind in this order has as many planes as the count it tells apart,
/// the first `n` of them all ones for `n` pieces in hand (more than that count show as that
/// count).
const HAND_PLANES: [(PieceKind, u8); 7] = [
    (PieceKind::Pawn, 8),
    (PieceKind::Lance, 4),
    (PieceKind::Knight, 4),
    (PieceKind::Silver, 4),
    (PieceKind::Gold, 4),
    (PieceKind::Bishop, 2),
    (PieceKind::Rook, 2),
];

/// Writes `pos`'s dlshogi input into `features1` and `features2` (every entry: 1.0 or 0.0),
/// seen by the side to move: its planes first and, with White to move, the board turned half
/// a turn (square `80 - index`). Planes are 81 entries in [`Square::index`] order.
///
/// # Examples
///
/// ```
/// use masu_shogi::Position;
/// use masu_shogi::planes::{self, FEATURES1_LEN, FEATURES2_LEN};
///
/// let mut features1 = [0.0_f32; FEATURES1_LEN];
/// let mut features2 = [0.0_f32; FEATURES2_LEN];
/// planes::input_features(&Position::startpos(), &mut features1, &mut features2);
/// // Nine pawns on the side to move's pawn plane, no piece in hand, no check.
/// assert_eq!(features1[..81].iter().sum::<f32>(), 9.0);
/// assert!(features2.iter().all(|&x| x == 0.0));
/// ```
pub fn input_features(
    pos: &Position,
    features1: &mut [f32; FEATURES1_LEN],
    features2: &mut [f32; FEATURES2_LEN],
) {
    features1.fill(0.0);
    features2.fill(0.0);
    let view = pos.turn();
    let seen = |sq: Square| match view {
        Color::Black => sq.index(),
        Color::White => sq.flip().index(),
    };
    let occupied = pos.occupied();
    let mut attackers = [[0_u8; 81]; 2];
    for sq in occupied {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let side = usize::from(piece.color != view);
        let plane = side * SIDE1 + kind_plane(piece.kind);
        features1[plane * 81 + seen(sq)] = 1.0;
        for target in attacks(piece, sq, occupied) {
            let target = seen(target);
            features1[(plane + 14) * 81 + target] = 1.0;
            attackers[side][target] += 1;
        }
    }
    for (side, counts) in attackers.iter().enumerate() {
        let first = (side * SIDE1 + PIECE_PLANES) * 81;
        for (square, &count) in counts.iter().enumerate() {
            for k in 0..usize::from(count.min(MAX_ATTACKERS)) {
                features1[first + k * 81 + square] = 1.0;
            }
        }
    }
    for (side, color) in [view, !view].into_iter().enumerate() {
        let hand = pos.hand(color);
        let mut plane = side * SIDE2;
        for (kind, planes) in HAND_PLANES {
            let shown = usize::from(hand.count(kind).min(planes));
            features2[plane * 81..(plane + shown) * 81].fill(1.0);
            plane += usize::from(planes);
        }
    }
    if pos.in_check() {
        features2[2 * SIDE2 * 81..].fill(1.0);
    }
}
