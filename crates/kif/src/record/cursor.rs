//! Walking a record: a node and the position after it, moved along the tree.

use shogi::{Move, Position, Undo};

use super::{NodeId, Record, ReplayError};

/// A place in a record with its position, for stepping through the moves.
///
/// ```
/// use masu_kif::{Cursor, Mode, kif};
///
/// let text = "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n";
/// let record = kif::read_str(text, Mode::Strict)?.record;
/// let mut cursor = Cursor::new(&record)?;
/// assert!(cursor.forward());
/// assert_eq!(cursor.alternatives().len(), 2);
/// let second = cursor.alternatives()[1];
/// assert!(cursor.enter(second));
/// assert_eq!(cursor.position().to_string(), "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
/// assert!(cursor.back() && cursor.back() && !cursor.back());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Cursor<'a> {
    record: &'a Record,
    node: NodeId,
    position: Position,
    /// What `back` needs for each step taken from the start node: the move and its undo
    /// token, or `None` for a special (which changes nothing).
    trail: Vec<Option<(Move, Undo)>>,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start position.
    ///
    /// # Errors
    ///
    /// The start position is invalid.
    pub fn new(record: &'a Record) -> Result<Cursor<'a>, ReplayError> {
        Cursor::at(record, NodeId::ROOT)
    }

    /// A cursor at node `id` (stepping back stops there).
    ///
    /// # Errors
    ///
    /// As [`Record::position_at`].
    pub fn at(record: &'a Record, id: NodeId) -> Result<Cursor<'a>, ReplayError> {
        let position = record.position_at(id)?;
        Ok(Cursor {
            record,
            node: id,
            position,
            trail: Vec::new(),
        })
    }

    /// The current node.
    #[must_use]
    pub fn node(&self) -> NodeId {
        self.node
    }

    /// The position after the current node.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The nodes that can follow: the main continuation first, then the variations.
    #[must_use]
    pub fn alternatives(&self) -> &'a [NodeId] {
        self.record.tree[self.node].children()
    }

    /// Steps to the main continuation; false at the end of the line.
    pub fn forward(&mut self) -> bool {
        match self.alternatives().first() {
            Some(&next) => self.enter(next),
            None => false,
        }
    }

    /// Steps to `child`, one of [`Cursor::alternatives`]; false if it is not one, or is an
    /// illegal move (a recorded foul, after which there is no position).
    pub fn enter(&mut self, child: NodeId) -> bool {
        if !self.alternatives().contains(&child) {
            return false;
        }
        let step = match self.record.tree[child].recorded_move() {
            Some(m) if m.illegal || !self.position.is_legal(&m.mv) => return false,
            Some(m) => Some((m.mv, self.position.play_unchecked(m.mv))),
            None => None,
        };
        self.trail.push(step);
        self.node = child;
        true
    }

    /// Steps back to the parent; false at the node the cursor started from.
    pub fn back(&mut self) -> bool {
        let Some(step) = self.trail.pop() else {
            return false;
        };
        if let Some((mv, undo)) = step {
            self.position.undo_unchecked(mv, undo);
        }
        self.node = self.record.tree[self.node].parent().unwrap_or(NodeId::ROOT);
        true
    }
}
