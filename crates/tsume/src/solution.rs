//! A problem with its verdict: the answer as one value that can be stored and read back.

use shogi::Position;

use crate::verdict::Verdict;

/// A problem's position and the verdict on it.
///
/// The moves of a verdict only mean something against the position they start from, so
/// this is the form in which an answer is written out and read back (with the `serde`
/// feature: the position as SFEN, every move as USI, checked for legality when read).
///
/// ```
/// use masu_tsume::{Config, Solution, Solver, parse_position};
///
/// let position = parse_position("9/8k/9/8P/9/9/9/9/9 b 2G 1")?;
/// let mut solver = Solver::new(Config { table_bytes: 1 << 20, ..Config::default() });
/// let solution = Solution::new(position.clone(), solver.solve(&position)?);
/// assert_eq!(solution.verdict.to_string(), "mate in 3");
/// assert_eq!(solution.line_usi().split(' ').count(), 3);
///
/// // With the `serde` feature: written as JSON and read back, every move checked.
/// # #[cfg(feature = "serde")]
/// # {
/// let json = serde_json::to_string(&solution)?;
/// assert!(json.contains(r#""kind":"mate""#));
/// assert_eq!(serde_json::from_str::<Solution>(&json)?, solution);
/// # }
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The problem, attacker to move.
    pub position: Position,
    /// What the solver found.
    pub verdict: Verdict,
}

impl Solution {
    /// The problem `position` with `verdict`.
    #[must_use]
    pub fn new(position: Position, verdict: Verdict) -> Solution {
        Solution { position, verdict }
    }

    /// The main line of a mate in USI, moves separated by spaces (empty without a mate).
    #[must_use]
    pub fn line_usi(&self) -> String {
        self.verdict.mate().map_or_else(String::new, |mate| {
            mate.line
                .iter()
                .map(|m| m.to_usi().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
    }
}
