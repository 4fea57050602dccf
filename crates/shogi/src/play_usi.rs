//! Playing a move given as USI text, with an error that quotes the text and names the rule.

use crate::{IllegalMoveReason, Move, Position, UsiMove};

/// A move given as text could not be played; the position or game is unchanged.
///
/// ```
/// use masu_shogi::{IllegalMoveReason, PlayUsiError, Position};
///
/// let mut pos = Position::startpos();
/// let err = pos.play_usi("5e5d").unwrap_err();
/// assert_eq!(err.to_string(), "illegal move \"5e5d\": no piece on 5e");
/// assert_eq!(err.reason(), Some(IllegalMoveReason::NoPiece("5e".parse()?)));
/// assert_eq!(
///     pos.play_usi("7g7").unwrap_err().to_string(),
///     "invalid usi move \"7g7\": expected a move such as 7g7f, 8h2b+ or P*5e"
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayUsiError {
    /// The text is not a USI move (`7g7f`, `8h2b+`, `P*5e`).
    #[error("invalid usi move \"{text}\": expected {}", crate::usi::MOVE_FORMS)]
    Invalid {
        /// The text as given.
        text: String,
    },
    /// The move is well formed but illegal in the position.
    #[error("illegal move \"{text}\": {reason}")]
    Illegal {
        /// The text as given.
        text: String,
        /// The rule the move breaks.
        reason: IllegalMoveReason,
    },
}

impl PlayUsiError {
    /// The text that was given.
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            PlayUsiError::Invalid { text } | PlayUsiError::Illegal { text, .. } => text,
        }
    }

    /// The rule broken, when the text was a move.
    #[must_use]
    pub fn reason(&self) -> Option<IllegalMoveReason> {
        match self {
            PlayUsiError::Invalid { .. } => None,
            PlayUsiError::Illegal { reason, .. } => Some(*reason),
        }
    }
}

impl Position {
    /// The legal move that the USI text names (`7g7f`, `8h2b+`, `P*5e`).
    ///
    /// # Errors
    ///
    /// [`PlayUsiError::Invalid`] for text that is not a USI move, [`PlayUsiError::Illegal`]
    /// (with the rule broken) for a move that is not legal here.
    pub fn parse_usi_move(&self, text: &str) -> Result<Move, PlayUsiError> {
        let usi: UsiMove = text.parse().map_err(|_| PlayUsiError::Invalid {
            text: text.to_owned(),
        })?;
        usi.to_move(self).map_err(|e| PlayUsiError::Illegal {
            text: text.to_owned(),
            reason: e.reason,
        })
    }

    /// Plays the move that the USI text names and returns it (cshogi's `push_usi`).
    ///
    /// ```
    /// use masu_shogi::Position;
    ///
    /// let mut pos = Position::startpos();
    /// let m = pos.play_usi("7g7f")?;
    /// assert_eq!(m.to_string(), "7g7f");
    /// pos.play_usi("3c3d")?;
    /// pos.play_usi("8h2b+")?;
    /// let err = pos.play_usi("B*5e").unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move \"B*5e\": no bishop in hand");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PlayUsiError`] as [`Position::parse_usi_move`]; the position is then unchanged.
    pub fn play_usi(&mut self, text: &str) -> Result<Move, PlayUsiError> {
        let m = self.parse_usi_move(text)?;
        self.play_unchecked(m);
        Ok(m)
    }
}
