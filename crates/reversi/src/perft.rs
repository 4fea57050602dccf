//! Move-path counting in the three published conventions, with bulk counting at the last ply.
//!
//! ```
//! use masu_reversi::{Board, PerftMode, perft};
//!
//! assert_eq!(perft(&Board::new(), 9, PerftMode::PassIsPly), 3_005_288);
//! assert_eq!(perft(&Board::new(), 9, PerftMode::PassIsFree), 3_005_320);
//! assert_eq!(perft(&Board::new(), 9, PerftMode::ExactDepth), 3_005_288);
//! ```

use crate::board::Board;

/// How passes and finished games count in [`perft`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PerftMode {
    /// A pass uses one ply; a finished game is one leaf wherever it ends (Aart Bik 2009,
    /// Egaroucid `-perft d 1`, "mode 1").
    PassIsPly,
    /// A pass uses no ply; a finished game is one leaf (Egaroucid `-perft d 2`, "mode 2").
    PassIsFree,
    /// Sequences of exactly `depth` plies, passes included; games that end sooner count zero
    /// (Edax `count games`).
    ExactDepth,
}

/// The number of leaves `depth` plies below `board` under the convention `mode`.
///
/// On x86-64 CPUs with POPCNT, LZCNT, BMI1, BMI2 and AVX2 (checked at run time) this runs a copy of the
/// counting code compiled for those instructions; elsewhere, [`perft_portable`].
#[must_use]
pub fn perft(board: &Board, depth: u32, mode: PerftMode) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if let Some(leaves) = crate::dispatch::perft_x86(board.player(), board.opponent(), depth, mode)
    {
        return leaves;
    }
    perft_portable(board, depth, mode)
}

/// [`perft`] without CPU-specific code paths: the same counts, compiled for the baseline target.
#[must_use]
pub fn perft_portable(board: &Board, depth: u32, mode: PerftMode) -> u64 {
    portable::run(board.player(), board.opponent(), depth, mode)
}

/// Counts per first move of `board`, in square order (a pass shows as the only entry when
/// forced). Empty at depth 0 and for a finished game, which has no first move: its
/// [`perft`] is the one leaf it is itself under [`PerftMode::PassIsPly`] and
/// [`PerftMode::PassIsFree`].
#[must_use]
pub fn perft_divide(board: &Board, depth: u32, mode: PerftMode) -> Vec<(crate::Move, u64)> {
    if depth == 0 || board.is_game_over() {
        return Vec::new();
    }
    let child_depth = |forced_pass: bool| match (mode, forced_pass) {
        (PerftMode::PassIsFree, true) => depth,
        _ => depth - 1,
    };
    if !board.has_moves() {
        let next = board.pass_unchecked();
        return vec![(crate::Move::Pass, perft(&next, child_depth(true), mode))];
    }
    board
        .moves()
        .map(|sq| {
            (
                crate::Move::Play(sq),
                perft(&board.play_unchecked(sq), child_depth(false), mode),
            )
        })
        .collect()
}

/// The counting functions, written once and compiled once per instruction set: `$attr` is empty
/// or a `target_feature` attribute, and applies to every function so recursion stays inside it.
macro_rules! perft_kernels {
    ($(#[$attr:meta])*) => {
        use crate::bits::{self, Bits};
        use super::PerftMode;

        $(#[$attr])*
        pub(crate) fn run(p: u64, o: u64, depth: u32, mode: PerftMode) -> u64 {
            match mode {
                PerftMode::PassIsPly => count::<true, true>(p, o, depth),
                PerftMode::PassIsFree => count::<false, true>(p, o, depth),
                PerftMode::ExactDepth => count::<true, false>(p, o, depth),
            }
        }

        #[inline(always)]
        fn child(p: u64, o: u64, sq: u8) -> (u64, u64) {
    let f = bits::flips(p, o, sq);
    (o & !f, p | f | (1 << sq))
}

/// One counting function for the three conventions, specialised at compile time:
/// `PASS_USES_PLY`, a forced pass spends a ply; `END_IS_LEAF`, a game that ends before
/// `depth` counts as one leaf (otherwise as none).
$(#[$attr])*
fn count<const PASS_USES_PLY: bool, const END_IS_LEAF: bool>(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = bits::legal_moves(p, o);
    if moves == 0 {
        if bits::legal_moves(o, p) == 0 {
            return u64::from(END_IS_LEAF);
        }
        let left = if PASS_USES_PLY { depth - 1 } else { depth };
        return count::<PASS_USES_PLY, END_IS_LEAF>(o, p, left);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    Bits(moves)
        .map(|sq| {
            let (np, no) = child(p, o, sq);
            count::<PASS_USES_PLY, END_IS_LEAF>(np, no, depth - 1)
        })
        .sum()
}
    };
}
pub(crate) use perft_kernels;

mod portable {
    super::perft_kernels!();
}
