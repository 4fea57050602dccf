//! Errors: only for input the solver cannot work with.

/// A position the solver cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The side not to move (the defender) has no king.
    #[error("the defender has no king")]
    NoDefenderKing,
}

/// A problem line that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseProblemError {
    /// The position is not valid SFEN (or not a valid tsume position).
    #[error("line {line}: bad position: {message}")]
    Position {
        /// 1-based line number.
        line: usize,
        /// What the position parser said.
        message: String,
    },
    /// The length column is neither a number nor `?`.
    #[error("line {line}: bad length {text:?}")]
    Length {
        /// 1-based line number.
        line: usize,
        /// The column text.
        text: String,
    },
    /// A solution move does not parse or is illegal.
    #[error("line {line}: bad move {text:?} in the solution")]
    Move {
        /// 1-based line number.
        line: usize,
        /// The move text.
        text: String,
    },
}
