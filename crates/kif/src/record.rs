//! The in-memory game record every format reads into and writes from.
//!
//! A [`Record`] holds the headers (every raw line in order, typed access to the known keys),
//! the start position, and the moves as a [`MoveTree`]: the main line and its variations,
//! each node with its clock data, comments, bookmarks and `まで` trailer. Terminal words
//! (`投了`, `反則勝ち`, unknown ones) are [`Special`] nodes; a recorded foul is a move node
//! flagged [`RecordedMove::illegal`].
//!
//! ```
//! use masu_kif::{NodeKind, Record, RecordedMove, Special};
//! use masu_kif::shogi::{Position, UsiMove};
//!
//! let mut record = Record::new();
//! let pos = Position::startpos();
//! let mv = "7g7f".parse::<UsiMove>()?.to_move(&pos)?;
//! let first = record.push_move(record.tree.root(), mv).ok_or("no such node")?;
//! let end = record.tree.push(first, NodeKind::Special(Special::Resign));
//! // A special ends its line: nothing follows it.
//! assert_eq!(end.and_then(|end| record.push_move(end, mv)), None);
//! assert_eq!(record.tree.main_line().count(), 2);
//! assert_eq!(record.result(), Some(&Special::Resign));
//! assert_eq!(record.usi(first)?, "position startpos moves 7g7f");
//! # let _ = end;
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod children;
mod clock;
mod cursor;
mod header;
mod outcome;
#[cfg(feature = "serde")]
mod serde_impls;
mod special;
mod tree;
mod usi;

pub use cursor::Cursor;
pub use header::{Header, HeaderKey, Headers};
pub use special::Special;
pub use tree::{MoveTime, MoveTree, Node, NodeId, NodeKind, RecordedMove};

use shogi::{Move, Position, PositionError, PositionErrorKinds, Setup, SetupMode};

/// Faults that composed start positions have on purpose (see [`StartPosition::position`]).
const COMPOSED_FAULTS: PositionErrorKinds = PositionErrorKinds::MISSING_KING
    .union(PositionErrorKinds::TWO_PAWNS)
    .union(PositionErrorKinds::STUCK_PIECE);

use crate::Handicap;

/// The start position of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartPosition {
    /// The pieces, hands, side to move and move number.
    pub setup: Setup,
    /// The standard position this is, when it is one (writers then print its 手合割 name
    /// instead of a board diagram). Writers go by it only when it is `setup`'s position
    /// (its board, hands and side to move), and write `setup` otherwise: a name set by hand
    /// that contradicts the setup does not change the start written.
    pub handicap: Option<Handicap>,
}

impl StartPosition {
    /// A standard start position.
    #[must_use]
    pub fn handicap(handicap: Handicap) -> StartPosition {
        StartPosition {
            setup: handicap.setup(),
            handicap: Some(handicap),
        }
    }

    /// A position given square by square; `handicap` is found by comparing with the table.
    #[must_use]
    pub fn from_setup(setup: Setup) -> StartPosition {
        StartPosition {
            setup,
            handicap: Handicap::of(&setup),
        }
    }

    /// [`StartPosition::handicap`] when it is the setup's position (board, hands and side
    /// to move; the move number aside): what the writers print as a 手合割 name.
    pub(crate) fn standard(&self) -> Option<Handicap> {
        self.handicap
            .filter(|&h| Handicap::of(&self.setup) == Some(h))
    }

    /// The position to play from; the hands stay exactly as recorded. Records hold composed
    /// positions too, so what compositions break on purpose is accepted: a missing king
    /// (mate problems leave out the attacker's), two pawns on a file and pieces that can
    /// never move (the 九歩 problem puts nine pawns on one file). Readers report such a
    /// start with a warning ([`StartPosition::composed_faults`]).
    ///
    /// # Errors
    ///
    /// The setup breaks another rule (too much material, two kings, the side not to move
    /// in check).
    pub fn position(&self) -> Result<Position, PositionError> {
        self.position_and_faults().map(|(pos, _)| pos)
    }

    /// The rules of an even game that this start breaks, other than a missing king, when
    /// [`StartPosition::position`] accepts it anyway (empty for an ordinary start).
    #[must_use]
    pub fn composed_faults(&self) -> PositionErrorKinds {
        match Position::from_setup(self.setup, SetupMode::Strict) {
            Ok(_) => PositionErrorKinds::empty(),
            Err(e) => composed(&e),
        }
    }

    /// [`StartPosition::position`] and [`StartPosition::composed_faults`] from one build
    /// of the position (a reader needs both, and the build is a tenth of reading a short
    /// record).
    pub(crate) fn position_and_faults(
        &self,
    ) -> Result<(Position, PositionErrorKinds), PositionError> {
        // Most records start from the even game, which needs no building and no checking
        // (a tenth of the time of reading a short record).
        if self.setup == Setup::startpos() {
            return Ok((Position::startpos(), PositionErrorKinds::empty()));
        }
        match Position::from_setup(self.setup, SetupMode::Strict) {
            Ok(pos) => Ok((pos, PositionErrorKinds::empty())),
            Err(e) => {
                let faults = composed(&e);
                e.ignore(COMPOSED_FAULTS).map(|pos| (pos, faults))
            }
        }
    }
}

/// The faults of a start that [`StartPosition::composed_faults`] reports: all but a
/// missing king.
fn composed(e: &PositionError) -> PositionErrorKinds {
    e.kinds() - PositionErrorKinds::MISSING_KING
}

impl Default for StartPosition {
    fn default() -> StartPosition {
        StartPosition::handicap(Handicap::Even)
    }
}

/// A game record: headers, start position and the move tree.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    /// Every header line in order: those of the header area, then any read below it (KIF
    /// and KI2 `終了日時：…` after the last move), which the KIF and KI2 writers write in
    /// the header area.
    pub headers: Headers,
    /// The start position.
    pub start: StartPosition,
    /// The moves.
    pub tree: MoveTree,
    /// Program comments before the first move, in order: KIF/KI2 `#` lines other than the
    /// encoding declaration, CSA `'` lines that are not comments
    /// (`'black_rate:NAME:3382.0`), without the mark. Those after a move are its node's
    /// ([`Node::program_comments`]); [`Record::main_line_program_comments`] gives both.
    pub program_comments: Vec<String>,
    /// Lines of the header area that carry no data a format models (`盤面回転`, a diagram's
    /// `手数＝N … まで` line), kept verbatim; a reader warns of those no writer puts there.
    pub other_lines: Vec<String>,
}

/// A path of the tree could not be replayed.
///
/// The message of an invalid start includes the rules it breaks, and
/// [`source`](std::error::Error::source) is `None`, so that a chain of errors (`{:#}` of
/// `anyhow`) says them once.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The start position breaks the rules.
    #[error("invalid start position: {0}")]
    Start(PositionError),
    /// The node id is not in the tree.
    #[error("no such node")]
    NoSuchNode,
    /// A move on the path is not legal (a recorded foul, or a tree built by hand).
    #[error("illegal move at ply {ply}")]
    Illegal {
        /// The ply of that move.
        ply: u32,
    },
}

impl Record {
    /// An even game with no headers and no moves.
    #[must_use]
    pub fn new() -> Record {
        Record::default()
    }

    /// A record starting from `start`.
    #[must_use]
    pub fn with_start(start: StartPosition) -> Record {
        Record {
            start,
            ..Record::default()
        }
    }

    /// The program comments of the main line in order: the record's, before the first move,
    /// then those after each move ([`Node::program_comments`]).
    ///
    /// ```
    /// use masu_kif::{Mode, csa};
    ///
    /// let text = "V2.2\n'head\nPI\n+\n+7776FU\n'after move 1\n%TORYO\n";
    /// let record = csa::read_str(text, Mode::Strict)?.record;
    /// let lines: Vec<&str> = record.main_line_program_comments().map(String::as_str).collect();
    /// assert_eq!(lines, ["head", "after move 1"]);
    /// # Ok::<(), masu_kif::ReadError>(())
    /// ```
    pub fn main_line_program_comments(&self) -> impl Iterator<Item = &String> {
        let after_moves = self
            .tree
            .main_line()
            .map(|id| &self.tree[id].program_comments);
        std::iter::once(&self.program_comments)
            .chain(after_moves)
            .flatten()
    }

    /// Adds a legal move after `parent` (a new variation if `parent` already has a child)
    /// and returns its node; `None` when `parent` is not in the tree or is a special (which
    /// ends its line). The caller vouches for legality; [`Record::position_at`] checks, and
    /// the writers write a move that is not legal as a recorded foul.
    pub fn push_move(&mut self, parent: NodeId, mv: Move) -> Option<NodeId> {
        let kind = NodeKind::Move(RecordedMove { mv, illegal: false });
        self.tree.push(parent, kind)
    }

    /// The last node of the main line (the root if there are no moves).
    #[must_use]
    pub fn main_line_end(&self) -> NodeId {
        self.tree.main_line().last().unwrap_or(NodeId::ROOT)
    }

    /// The special that ends the main line, if any.
    #[must_use]
    pub fn result(&self) -> Option<&Special> {
        self.tree[self.main_line_end()].special()
    }

    /// The position after node `id` (after the last move on its path). To step through a
    /// line, a [`Cursor`] plays one move a step instead of replaying the path each time.
    ///
    /// ```
    /// use masu_kif::{Mode, ReplayError, kif};
    ///
    /// // Move 3 is a foul the record states (`反則勝ち`): kept, flagged, and not played.
    /// let text = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２五歩(27)\n   4 反則勝ち\n";
    /// let record = kif::read_str(text, Mode::Lenient)?.record;
    /// let [first, second, foul, _end] = record.tree.main_line().collect::<Vec<_>>()[..] else {
    ///     return Err("four nodes".into());
    /// };
    /// assert_eq!(record.position_at(first)?.to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    /// assert_eq!(record.position_at(second)?.ply(), 3);
    /// assert!(record.tree[foul].recorded_move().is_some_and(|m| m.illegal));
    /// assert_eq!(record.position_at(foul), Err(ReplayError::Illegal { ply: 3 }));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The start position is invalid, `id` is not in the tree, or a move on the path is
    /// illegal (the position after a recorded foul does not exist).
    pub fn position_at(&self, id: NodeId) -> Result<Position, ReplayError> {
        self.tree.get(id).ok_or(ReplayError::NoSuchNode)?;
        let mut pos = self.start.position().map_err(ReplayError::Start)?;
        for node in self.tree.path_to(id) {
            let node = &self.tree[node];
            if let Some(m) = node.recorded_move() {
                if m.illegal || !pos.is_legal(&m.mv) {
                    return Err(ReplayError::Illegal { ply: node.ply() });
                }
                pos.play_unchecked(m.mv);
            }
        }
        Ok(pos)
    }

    /// The USI command that sets up the position after `id`: `position startpos moves …`
    /// for an even start, `position sfen … moves …` otherwise.
    ///
    /// # Errors
    ///
    /// As [`Record::position_at`]: the path must replay.
    pub fn usi(&self, id: NodeId) -> Result<String, ReplayError> {
        self.position_at(id)?;
        let moves = self.tree.moves_to(id);
        // Each move written by `UsiMove::encode`, not `write!`: a line holds hundreds.
        let mut out = String::with_capacity(128 + 6 * moves.len());
        if self.start.standard() == Some(Handicap::Even) && self.start.setup.ply <= 1 {
            out.push_str("position startpos");
        } else {
            let start = self.start.position().map_err(ReplayError::Start)?;
            out.push_str("position sfen ");
            out.push_str(&start.to_sfen());
        }
        if !moves.is_empty() {
            out.push_str(" moves");
            let mut buf = [0; 6];
            for m in moves {
                out.push(' ');
                out.push_str(m.mv.to_usi().encode(&mut buf));
            }
        }
        Ok(out)
    }
}

/// The side to move at `ply` (from 1; a special's own ply) of a line from a start where
/// `start` moves first. A kept foul passes the turn as any move does.
pub(crate) fn side_at(start: shogi::Color, ply: u32) -> shogi::Color {
    if ply % 2 == 1 {
        start
    } else {
        start.opposite()
    }
}
