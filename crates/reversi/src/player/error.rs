//! Why a computer player cannot be made as asked.

use crate::solve::TableError;

/// Why [`MonteCarloPlayer::try_new`](super::MonteCarloPlayer::try_new) or
/// [`AlphaBetaPlayer::try_new`](super::AlphaBetaPlayer::try_new) made no player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayerError {
    /// No playouts: a Monte-Carlo player needs at least one per move to tell moves apart.
    #[error("playouts is a whole number from 1, got 0")]
    NoPlayouts,
    /// Depth 0: an alpha-beta player searches at least one ply.
    #[error("depth is a whole number from 1, got 0")]
    NoDepth,
    /// The memory of the alpha-beta player's exact solver cannot be had (said in this
    /// message, not again as a source).
    #[error("the player's solver table: {0}")]
    Table(TableError),
}
