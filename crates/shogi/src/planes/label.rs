//! dlshogi's policy label of a move: one of 27 planes of 81 destination squares, seen by
//! the side that moves, as cshogi's `dlshogi.make_move_label` numbers them.

use crate::packed::drop_number;
use crate::{Color, Square, UsiMove};

/// The planes of the policy output: ten directions of a board move, the same ten with
/// promotion, and seven drops (pawn, lance, knight, silver, bishop, rook, gold).
pub const MOVE_PLANES: usize = 27;

/// The number of move labels: [`MOVE_PLANES`] planes of 81 squares.
pub const MOVE_LABELS: usize = MOVE_PLANES * 81;

/// The directions of a board move, by the side that moves: "up" is towards the far side,
/// "left" towards the higher files (its left hand from Black's seat).
const UP: usize = 0;
const UP_LEFT: usize = 1;
const UP_RIGHT: usize = 2;
const LEFT: usize = 3;
const RIGHT: usize = 4;
const DOWN: usize = 5;
const DOWN_LEFT: usize = 6;
const DOWN_RIGHT: usize = 7;
const KNIGHT_LEFT: usize = 8;
const KNIGHT_RIGHT: usize = 9;

/// The first plane of the promoting directions, and of the drops.
const PROMOTING: usize = 10;
const DROPS: usize = 20;

/// `mv`'s label, `plane * 81 + destination` (`0..MOVE_LABELS`), by the side `mover` that
/// plays it: with White, both squares turned half a turn (`80 - index`) first, so that a
/// network sees White's moves as Black's. `mv` is a [`crate::Move`] or a [`UsiMove`] (the
/// label needs no position: [`crate::packed::hcp::usi_move_from16`] gives a training
/// example's move).
///
/// # Examples
///
/// ```
/// use masu_shogi::planes::move_label;
/// use masu_shogi::{Color, Position};
///
/// let pos = Position::startpos();
/// let mv = pos.parse_usi_move("7g7f").unwrap();
/// // Straight up, to 7f (index 59).
/// assert_eq!(move_label(mv, Color::Black), 59);
/// ```
#[must_use]
pub fn move_label(mv: impl Into<UsiMove>, mover: Color) -> usize {
    let seen = |sq: Square| match mover {
        Color::Black => sq,
        Color::White => sq.flip(),
    };
    let mv = mv.into();
    let to = seen(mv.to());
    let plane = match mv {
        UsiMove::Normal { from, promote, .. } => {
            let direction = direction(seen(from), to);
            if promote {
                PROMOTING + direction
            } else {
                direction
            }
        }
        UsiMove::Drop { kind, .. } => DROPS + usize::from(drop_number(kind)) - 1,
    };
    plane * 81 + to.index()
}

/// The direction from `from` to `to` on Black's board.
fn direction(from: Square, to: Square) -> usize {
    // Files grow to Black's left, ranks towards Black (down).
    let left = i32::from(to.file()) - i32::from(from.file());
    let down = i32::from(to.rank()) - i32::from(from.rank());
    match (down.signum(), left.signum()) {
        _ if down == -2 && left.abs() == 1 => {
            if left > 0 {
                KNIGHT_LEFT
            } else {
                KNIGHT_RIGHT
            }
        }
        (-1, 0) => UP,
        (-1, 1) => UP_LEFT,
        (-1, _) => UP_RIGHT,
        (0, 1) => LEFT,
        (0, _) => RIGHT,
        (_, 0) => DOWN,
        (_, 1) => DOWN_LEFT,
        (_, _) => DOWN_RIGHT,
    }
}
