//! The board as the piece planes of shogi neural networks: for each side and each of the 14
//! piece kinds a 9×9 plane with a 1 on the squares that kind of that side stands on, in the
//! layout dlshogi's networks take and cshogi's `Board.piece_planes` fills.
//!
//! A plane is 81 entries in [`Square::index`](crate::Square::index) order (1a = 0, 1b = 1 ... 9i = 80); the
//! planes of the side whose view it is come first, kinds in the order pawn, lance, knight,
//! silver, bishop, rook, gold, king, then promoted pawn, lance, knight, silver, bishop
//! (horse) and rook (dragon). From White's view the board is also turned half a turn
//! (square `80 - index`, [`Square::flip`](crate::Square::flip)), so that a network sees every position as the
//! player to move would (cshogi's `piece_planes_rotate`).
//!
//! dlshogi's whole input adds to these planes each side's attacks, attack counts, pieces in
//! hand and check ([`input_features`]); its policy output numbers moves by direction and
//! destination ([`move_label`]).
//!
//! # Examples
//!
//! ```
//! use masu_shogi::planes::{self, PIECE_PLANES};
//! use masu_shogi::{Color, Position};
//!
//! let pos = Position::startpos();
//! let mut features = vec![0.0_f32; PIECE_PLANES * 81];
//! for entry in planes::piece_plane_entries(&pos, Color::Black) {
//!     features[entry] = 1.0;
//! }
//! // Black's pawns on rank 7 (7g is index 60), White's king on 5a (index 36).
//! assert_eq!(features[60], 1.0);
//! assert_eq!(features[(14 + 7) * 81 + 36], 1.0);
//! assert_eq!(features.iter().sum::<f32>(), 40.0);
//! ```
//!
//! A training batch from HCPE examples (dlshogi's data), each example's input in its rows
//! and its move's label beside it:
//!
//! ```
//! use masu_shogi::packed::{Hcp, Hcpe, hcp};
//! use masu_shogi::planes::{self, FEATURES1_LEN, FEATURES2_LEN};
//! use masu_shogi::Position;
//!
//! let pos = Position::startpos();
//! let best = pos.parse_usi_move("2g2f")?;
//! let examples = [Hcpe {
//!     hcp: Hcp::from_position(&pos)?,
//!     eval: 30,
//!     best_move: hcp::move16(best),
//!     game_result: Hcpe::BLACK_WIN,
//! }];
//!
//! let mut features1 = vec![0.0_f32; examples.len() * FEATURES1_LEN];
//! let mut features2 = vec![0.0_f32; examples.len() * FEATURES2_LEN];
//! let mut labels = Vec::new();
//! let rows1 = features1.as_chunks_mut::<FEATURES1_LEN>().0;
//! let rows2 = features2.as_chunks_mut::<FEATURES2_LEN>().0;
//! for ((example, row1), row2) in examples.iter().zip(rows1).zip(rows2) {
//!     let pos = example.hcp.to_position()?;
//!     planes::input_features(&pos, row1, row2);
//!     labels.push(planes::move_label(hcp::usi_move_from16(example.best_move)?, pos.turn()));
//! }
//! assert_eq!(labels, [14]); // plane 0 (straight up), to 2f (index 14)
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod features;
mod label;

pub use features::{
    FEATURES1_LEN, FEATURES1_PLANES, FEATURES2_LEN, FEATURES2_PLANES, input_features,
};
pub use label::{MOVE_LABELS, MOVE_PLANES, move_label};

use crate::{Color, PieceKind, Position};

/// The number of piece planes: 14 kinds for each of the two sides.
pub const PIECE_PLANES: usize = 28;

/// A kind's plane among its side's 14 (gold after rook, as dlshogi and cshogi order them).
#[must_use]
pub const fn kind_plane(kind: PieceKind) -> usize {
    match kind {
        PieceKind::Pawn => 0,
        PieceKind::Lance => 1,
        PieceKind::Knight => 2,
        PieceKind::Silver => 3,
        PieceKind::Bishop => 4,
        PieceKind::Rook => 5,
        PieceKind::Gold => 6,
        PieceKind::King => 7,
        PieceKind::ProPawn => 8,
        PieceKind::ProLance => 9,
        PieceKind::ProKnight => 10,
        PieceKind::ProSilver => 11,
        PieceKind::Horse => 12,
        PieceKind::Dragon => 13,
    }
}

/// The entries that are 1 in the piece planes of `pos` seen by `view`, each as
/// `plane * 81 + square` (the other entries of the [`PIECE_PLANES`] × 81 are 0), one per
/// piece on the board, in square order.
pub fn piece_plane_entries(pos: &Position, view: Color) -> impl Iterator<Item = usize> + '_ {
    // The occupied squares only (a bitboard walk), not all 81.
    pos.occupied().filter_map(move |sq| {
        let piece = pos.piece_at(sq)?;
        let side = usize::from(piece.color != view);
        let square = match view {
            Color::Black => sq,
            Color::White => sq.flip(),
        };
        Some((side * 14 + kind_plane(piece.kind)) * 81 + square.index())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, Square};

    fn planes(pos: &Position, view: Color) -> Vec<usize> {
        let mut entries: Vec<usize> = piece_plane_entries(pos, view).collect();
        entries.sort_unstable();
        entries
    }

    /// Every kind has a plane of its own, and a side's kinds fill the 14.
    #[test]
    fn kinds_fill_fourteen_planes() {
        let mut seen: Vec<usize> = PieceKind::ALL.iter().map(|&k| kind_plane(k)).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..14).collect::<Vec<_>>());
    }

    /// White's view of a position is Black's view of the position turned half a turn with
    /// the colours swapped: the even game looks the same from both sides, and after a move
    /// White's view shows it as a move of the opponent from the far side.
    #[test]
    fn white_sees_the_board_turned() {
        let mut pos = Position::startpos();
        assert_eq!(planes(&pos, Color::White), planes(&pos, Color::Black));
        let sq = |s: &str| s.parse::<Square>().unwrap_or_else(|e| panic!("{e}"));
        pos.play_unchecked(Move::Normal {
            from: sq("7g"),
            to: sq("7f"),
            kind: PieceKind::Pawn,
            capture: None,
            promote: false,
        });
        let white = planes(&pos, Color::White);
        // Black's pawn now on 7f (index 59) is the opponent's pawn on index 80 - 59.
        assert!(white.contains(&(14 * 81 + 21)));
        assert!(!white.contains(&(14 * 81 + 20)));
        assert!(planes(&pos, Color::Black).contains(&59));
        assert_eq!(white.len(), 40);
    }
}
