//! A small default problem set: classic compositions and short rule edge cases.

/// One bundled problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BundledProblem {
    /// Name.
    pub name: &'static str,
    /// Position in SFEN, attacker to move (tsume mode: the defender holds the rest).
    pub sfen: &'static str,
    /// Minimax mate length; `None` for no mate.
    pub length: Option<u32>,
}

const PROBLEMS: &[BundledProblem] = &[BundledProblem {
    name: "obvious mate",
    sfen: "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
    length: Some(1),
}];

/// The bundled problems.
#[must_use]
pub fn problems() -> &'static [BundledProblem] {
    PROBLEMS
}
