//! Errors: only for input the solver cannot work with.

use std::num::ParseIntError;

use shogi::{IllegalUsiMoveError, ParseSfenError, ParseUsiMoveError};

/// A position the solver cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The side not to move (the defender) has no king.
    #[error("the defender has no king")]
    NoDefenderKing,
}

/// A problem line that does not parse: each variant says the line and the column (both
/// 1-based, the column in characters) of what is wrong.
///
/// The message includes what the position, number or move parser said, and
/// [`source`](std::error::Error::source) is `None`, so that a chain of errors (`{:#}` of
/// `anyhow`) says it once.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseProblemError {
    /// The position is not valid SFEN (or not a valid tsume position).
    #[error("line {line}, column {column}: bad position: {error}")]
    Position {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters: where in the position the parser found the
        /// error (where the position starts when no one place is wrong).
        column: usize,
        /// What the position parser said.
        error: ParseSfenError,
    },
    /// The length column is neither a number nor `?` (nor `-1` or `no_mate`).
    #[error(
        "line {line}, column {column}: bad length `{text}`: {error} (expected the mate's \
         plies, -1 for no mate or ? when not known)"
    )]
    Length {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters: where the length starts.
        column: usize,
        /// The column text.
        text: String,
        /// What the number parser said.
        error: ParseIntError,
    },
    /// The length is no mate's: zero or even (the attacker moves first and last).
    #[error("line {line}, column {column}: length {length}: a mate has an odd number of plies")]
    NotAMateLength {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters: where the length starts, or the solution.
        column: usize,
        /// The length given, or the solution's number of moves.
        length: u32,
    },
    /// A word of the solution is not a USI move.
    #[error("line {line}, column {column}: bad move `{text}` in the solution: {error}")]
    Move {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters: where the move starts.
        column: usize,
        /// The move text.
        text: String,
        /// What the move parser said.
        error: ParseUsiMoveError,
    },
    /// A move of the solution is not legal where it is played.
    #[error("line {line}, column {column}: move {index} of the solution: {error}")]
    IllegalMove {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters: where the move starts.
        column: usize,
        /// The move's number in the solution, from 1.
        index: usize,
        /// The move and why it was refused.
        error: IllegalUsiMoveError,
    },
    /// The solution is no mate: an attacker move that gives no check, or a last move
    /// after which the defender is not checkmated.
    #[error("line {line}, column {column}: move {index} of the solution {fault}")]
    NotAMate {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters: where the move starts.
        column: usize,
        /// The move's number in the solution, from 1.
        index: usize,
        /// What is wrong with it.
        fault: SolutionFault,
    },
    /// The solution's number of moves is not the length column's.
    #[error("line {line}, column {column}: the solution has {moves} moves, the length is {length}")]
    SolutionLength {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters: where the solution starts.
        column: usize,
        /// The solution's number of moves.
        moves: usize,
        /// The length column's.
        length: u32,
    },
}

/// Why a problem's solution is no mate ([`ParseProblemError::NotAMate`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SolutionFault {
    /// An attacker move that does not give check.
    #[error("gives no check")]
    NoCheck,
    /// The last move leaves the defender a legal move (or is the defender's own).
    #[error("is the last and does not checkmate")]
    NotCheckmate,
}

impl ParseProblemError {
    /// The 1-based line number.
    #[must_use]
    pub fn line(&self) -> usize {
        self.place().0
    }

    /// The 1-based column, in characters, of what is wrong.
    ///
    /// ```
    /// use masu_tsume::Problem;
    ///
    /// let err = Problem::from_line("4k4/9/4P4/9/9/9/9/9/9 b G 1\tthree", 7).expect_err("no length");
    /// assert_eq!((err.line(), err.column()), (7, 29));
    /// ```
    #[must_use]
    pub fn column(&self) -> usize {
        self.place().1
    }

    fn place(&self) -> (usize, usize) {
        match self {
            ParseProblemError::Position { line, column, .. }
            | ParseProblemError::Length { line, column, .. }
            | ParseProblemError::NotAMateLength { line, column, .. }
            | ParseProblemError::Move { line, column, .. }
            | ParseProblemError::IllegalMove { line, column, .. }
            | ParseProblemError::NotAMate { line, column, .. }
            | ParseProblemError::SolutionLength { line, column, .. } => (*line, *column),
        }
    }
}

/// A transposition table of the size asked for cannot be had.
///
/// As [`ParseProblemError`], the message includes the system's error and
/// [`source`](std::error::Error::source) is `None`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The size is above the machine's physical memory (refused before any allocation).
    #[error("a table of {bytes} bytes is more than the machine's memory ({physical} bytes)")]
    MoreThanMemory {
        /// The bytes asked for.
        bytes: u64,
        /// The machine's physical memory in bytes.
        physical: u64,
    },
    /// The size does not fit in the address space at all.
    #[error("a table of {bytes} bytes does not fit in the address space")]
    BeyondAddressSpace {
        /// The bytes asked for.
        bytes: u128,
    },
    /// The system refused the memory.
    #[error("cannot allocate a table of {bytes} bytes: {error}")]
    Unavailable {
        /// The bytes asked for.
        bytes: u64,
        /// What the system said.
        error: std::io::Error,
    },
}

#[cfg(test)]
mod tests {
    use super::TableError;

    /// The system's error is said once: in the message, not again as the source.
    #[test]
    fn a_table_error_says_the_systems_error_once() {
        let err = TableError::Unavailable {
            bytes: 1 << 40,
            error: std::io::Error::new(std::io::ErrorKind::OutOfMemory, "no memory"),
        };
        assert_eq!(
            err.to_string(),
            "cannot allocate a table of 1099511627776 bytes: no memory"
        );
        assert!(std::error::Error::source(&err).is_none());
    }
}
