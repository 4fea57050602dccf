//! The move tree: a main line and its variations, with stable node ids.

use std::ops::{Index, IndexMut};
use std::time::Duration;

use shogi::Move;

use super::Special;
use super::children::Children;

/// A node of a [`MoveTree`]. Ids are indices that never change once given: nodes are only
/// added, never removed, so an id taken from a record stays valid while the record lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(super) u32);

impl NodeId {
    /// The root: the start position, before any move.
    pub const ROOT: NodeId = NodeId(0);

    /// The index of this node in [`MoveTree::nodes`].
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A move as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RecordedMove {
    /// The move, with the moving piece and any capture filled in from the board.
    pub mv: Move,
    /// The move is a recorded foul (反則): it was kept because the record ends with it
    /// (`反則勝ち`, `*反則手にて終局`), but it is not legal in the position before it.
    pub illegal: bool,
}

/// What a node stands for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// The root: the start position.
    Start,
    /// A move.
    Move(RecordedMove),
    /// A terminal word (`投了`, `中断`, ...); always a leaf.
    Special(Special),
}

/// Clock data of one move, as far as the record states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveTime {
    /// Time spent on this move (KIF `( 0:16/…)`, CSA `T16`, V3 `T16.250`).
    pub spent: Option<Duration>,
    /// Time used by the mover so far, this move included (KIF `…/00:00:16)`), as written:
    /// readers do not recompute it, so a record that disagrees with itself is kept as is.
    pub total: Option<Duration>,
}

/// One node: a move or special, its clock data and the annotations on the position after it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Node {
    parent: Option<NodeId>,
    children: Children,
    ply: u32,
    /// The move, special or start this node stands for.
    pub kind: NodeKind,
    /// Clock data.
    pub time: Option<MoveTime>,
    /// Comment lines on the position after this node (KIF `*`, CSA `'*`), one entry per line
    /// without the marker. Engine lines (KIF `**`, CSA `'**`) keep their second `*`.
    pub comments: Vec<String>,
    /// Bookmarks (KIF `&name`, しおり) on the position after this node. They are kept
    /// apart from [`Node::comments`]: which came first in the file is not kept, and the
    /// writers put a position's comments first, as Kifu for Windows does.
    pub bookmarks: Vec<String>,
    /// Program comments read after this node's move and before the next move (KIF and KI2
    /// `#` lines, CSA `'` lines that are not comments, as engines write them move by move),
    /// without the mark. Empty at the root: the lines before the first move are
    /// [`Record::program_comments`](crate::Record::program_comments).
    pub program_comments: Vec<String>,
    /// The `まで…` line written after the line that ends here, verbatim, unless it is the
    /// one the writers generate from the special that ends the line (`まで64手で先手の勝ち`
    /// after a resignation on move 65): the readers leave that one out, and the KIF and KI2
    /// writers write it for every line that ends in a special without a trailer.
    pub trailer: Option<String>,
}

impl Node {
    fn new(parent: Option<NodeId>, ply: u32, kind: NodeKind) -> Node {
        Node {
            parent,
            children: Children::NONE,
            ply,
            kind,
            time: None,
            comments: Vec::new(),
            program_comments: Vec::new(),
            bookmarks: Vec::new(),
            trailer: None,
        }
    }

    /// The node before this one; `None` for the root.
    #[must_use]
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The nodes after this one: the first continues this line, the others are variations.
    #[must_use]
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }

    /// The number of moves (and specials) from the root to this node: 0 at the root, 1 for
    /// the first move. It is the node's KIF move number (KIF and KI2 number the moves from 1
    /// whatever the start position's move number, [`Setup::ply`](shogi::Setup::ply)); the
    /// move number in the game is this plus the start's minus 1.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The move, if this node is a move.
    #[must_use]
    pub fn recorded_move(&self) -> Option<&RecordedMove> {
        match &self.kind {
            NodeKind::Move(m) => Some(m),
            _ => None,
        }
    }

    /// The special, if this node is one.
    #[must_use]
    pub fn special(&self) -> Option<&Special> {
        match &self.kind {
            NodeKind::Special(s) => Some(s),
            _ => None,
        }
    }
}

/// The moves of a record as a tree. The first child of a node continues its line; the main
/// line follows first children from the root.
///
/// Two trees are equal when they have the same shape and the same node contents, child order
/// included, whatever ids their nodes got (a reader numbers nodes in file order, a program
/// in the order it added them).
#[derive(Debug, Clone)]
pub struct MoveTree {
    nodes: Vec<Node>,
}

impl Default for MoveTree {
    fn default() -> MoveTree {
        MoveTree::new()
    }
}

impl MoveTree {
    /// A tree holding only the root.
    #[must_use]
    pub fn new() -> MoveTree {
        MoveTree {
            nodes: vec![Node::new(None, 0, NodeKind::Start)],
        }
    }

    /// The root id.
    #[must_use]
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// All nodes, indexed by [`NodeId::index`]; the root first.
    #[must_use]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Every node id, the root first, in the order the nodes were added.
    pub fn ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len()).filter_map(|i| u32::try_from(i).ok().map(NodeId))
    }

    /// The number of nodes, root included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds nothing but the root.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The node with this id, if it belongs to this tree.
    #[must_use]
    pub fn get(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.index())
    }

    /// The node with this id, mutably.
    pub fn get_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.nodes.get_mut(id.index())
    }

    /// Adds a node after `parent`, as its last child (a new variation if it already has one);
    /// returns `None` if `parent` is not in the tree or is a special (always a leaf).
    pub fn push(&mut self, parent: NodeId, kind: NodeKind) -> Option<NodeId> {
        self.push_with(parent, || kind)
    }

    /// [`MoveTree::push`] of the kind `kind` makes, called in the node's place: a reader
    /// passes a closure that holds a move in a register, where a `NodeKind` passed by
    /// reference was read back with a stalled load at every move.
    pub(crate) fn push_with(
        &mut self,
        parent: NodeId,
        kind: impl FnOnce() -> NodeKind,
    ) -> Option<NodeId> {
        let parent_node = self.get(parent)?;
        if parent_node.special().is_some() {
            return None;
        }
        let ply = parent_node.ply + 1;
        let id = NodeId(u32::try_from(self.nodes.len()).ok()?);
        // Written in place (`resize_with` calls its closure after making room): a node
        // pushed was built apart and copied, 192 bytes through a `memcpy` call a move.
        let mut kind = Some(kind);
        self.nodes.resize_with(self.nodes.len() + 1, || {
            let kind = kind.take().map_or(NodeKind::Start, |kind| kind());
            Node::new(Some(parent), ply, kind)
        });
        self.nodes[parent.index()].children.push(id);
        Some(id)
    }

    /// Makes room for at least `additional` more nodes.
    pub fn reserve(&mut self, additional: usize) {
        self.nodes.reserve(additional);
    }

    /// Makes `id` the first child of its parent (the main continuation); the order of the
    /// other children is kept. Returns `false` for the root or an unknown id.
    pub fn promote(&mut self, id: NodeId) -> bool {
        let Some(parent) = self.get(id).and_then(Node::parent) else {
            return false;
        };
        let children = &mut self.nodes[parent.index()].children;
        match children.iter().position(|&c| c == id) {
            Some(at) => {
                children[..=at].rotate_right(1);
                true
            }
            None => false,
        }
    }

    /// The main line after the root: first children, in order.
    pub fn main_line(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.line_after(NodeId::ROOT)
    }

    /// The line that continues after `id` by first children, `id` itself excluded (for the
    /// line through `id`, chain it: `once(id).chain(tree.line_after(id))`).
    ///
    /// ```
    /// use masu_kif::Record;
    ///
    /// let record = Record::from_usi("position startpos moves 7g7f 3c3d 2g2f")?;
    /// let first = record.tree.main_line().next().ok_or("no moves")?;
    /// assert_eq!(record.tree.line_after(first).count(), 2);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_after(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let mut at = id;
        std::iter::from_fn(move || {
            let next = *self.get(at)?.children.first()?;
            at = next;
            Some(next)
        })
    }

    /// How many moves the main line has: its length in moves, a recorded foul counted, its
    /// closing special (`投了`) not.
    ///
    /// The line itself is [`MoveTree::main_line`] (its nodes, the closing special among
    /// them), and its moves are [`MoveTree::moves_to`] its last node
    /// ([`Record::main_line_end`](crate::Record::main_line_end)).
    ///
    /// ```
    /// use masu_kif::{Mode, kif};
    ///
    /// let record = kif::read_str("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n", Mode::Strict)?.record;
    /// assert_eq!(record.tree.main_line_len(), 2);
    /// assert_eq!(record.tree.main_line().count(), 3);
    /// let moves = record.tree.moves_to(record.main_line_end());
    /// assert_eq!(moves.len(), record.tree.main_line_len());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn main_line_len(&self) -> usize {
        self.main_line()
            .filter(|&id| self[id].recorded_move().is_some())
            .count()
    }

    /// The nodes from the root (excluded) to `id` (included), in playing order.
    #[must_use]
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = Some(id);
        while let Some(node_id) = at.filter(|&n| n != NodeId::ROOT) {
            let Some(node) = self.get(node_id) else {
                return Vec::new();
            };
            path.push(node_id);
            at = node.parent;
        }
        path.reverse();
        path
    }

    /// The moves on the path to `id`, in playing order (specials skipped).
    #[must_use]
    pub fn moves_to(&self, id: NodeId) -> Vec<RecordedMove> {
        self.path_to(id)
            .into_iter()
            .filter_map(|n| self[n].recorded_move().copied())
            .collect()
    }

    /// Whether `id` is on the main line (the root is).
    #[must_use]
    pub fn is_main_line(&self, id: NodeId) -> bool {
        let mut at = id;
        while let Some(parent) = self.get(at).and_then(Node::parent) {
            if self[parent].children.first() != Some(&at) {
                return false;
            }
            at = parent;
        }
        self.get(id).is_some()
    }

    /// The variations in depth-first order: every node that is not the first child of its
    /// parent starts one. The KIF and KI2 writers write their `変化` blocks in the order of
    /// Kifu for Windows instead: a line's branch points from its end back to its start,
    /// each variation followed at once by the blocks that branch off it.
    ///
    /// ```
    /// use masu_kif::{Mode, kif};
    ///
    /// let text = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n\n変化：2手\n   2 ８四歩(83)\n   3 ６八銀(79)\n\n変化：3手\n   3 ５六歩(57)\n";
    /// let record = kif::read_str(text, Mode::Strict)?.record;
    /// // Each variation: its ply, its moves, and the position after its first move.
    /// let mut found = Vec::new();
    /// for start in record.tree.variation_starts() {
    ///     let line = std::iter::once(start).chain(record.tree.line_after(start));
    ///     let after_first = record.position_at(start)?;
    ///     found.push((record.tree[start].ply(), line.count(), after_first.ply()));
    /// }
    /// assert_eq!(found, [(2, 2, 3), (3, 1, 4)]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn variation_starts(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![NodeId::ROOT];
        while let Some(id) = stack.pop() {
            let children = &self[id].children;
            out.extend(children.iter().skip(1).copied());
            stack.extend(children.iter().rev().copied());
        }
        out
    }
}

impl Node {
    /// The contents of a node, without its links.
    fn same_contents(&self, other: &Node) -> bool {
        self.ply == other.ply
            && self.kind == other.kind
            && self.time == other.time
            && self.comments == other.comments
            && self.bookmarks == other.bookmarks
            && self.program_comments == other.program_comments
            && self.trailer == other.trailer
            && self.children.len() == other.children.len()
    }
}

impl PartialEq for MoveTree {
    fn eq(&self, other: &MoveTree) -> bool {
        if self.nodes.len() != other.nodes.len() {
            return false;
        }
        let mut stack = vec![(NodeId::ROOT, NodeId::ROOT)];
        while let Some((a, b)) = stack.pop() {
            let (a, b) = (&self[a], &other[b]);
            if !a.same_contents(b) {
                return false;
            }
            stack.extend(a.children.iter().copied().zip(b.children.iter().copied()));
        }
        true
    }
}

impl Eq for MoveTree {}

impl std::hash::Hash for MoveTree {
    /// Hashes the contents in depth-first order, consistently with [`PartialEq`].
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let mut stack = vec![NodeId::ROOT];
        while let Some(id) = stack.pop() {
            let n = &self[id];
            (
                n.ply,
                &n.kind,
                n.time,
                &n.comments,
                &n.bookmarks,
                &n.program_comments,
                &n.trailer,
            )
                .hash(state);
            n.children.len().hash(state);
            stack.extend(n.children.iter().rev().copied());
        }
    }
}

impl Index<NodeId> for MoveTree {
    type Output = Node;

    /// # Panics
    ///
    /// Panics if the id does not belong to this tree (use [`MoveTree::get`] otherwise).
    fn index(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }
}

impl IndexMut<NodeId> for MoveTree {
    fn index_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node after `parent`: a move (the tree does not check it), so that more can follow.
    fn node(tree: &mut MoveTree, parent: NodeId) -> NodeId {
        let mv = shogi::Position::startpos().legal_moves()[0];
        let kind = NodeKind::Move(RecordedMove { mv, illegal: false });
        tree.push(parent, kind).unwrap_or(NodeId::ROOT)
    }

    #[test]
    fn nothing_follows_a_special_or_a_node_not_in_the_tree() {
        let mut tree = MoveTree::new();
        let a = node(&mut tree, NodeId::ROOT);
        let end = tree.push(a, NodeKind::Special(Special::Resign));
        assert_eq!(end.map(|end| tree[end].ply()), Some(2));
        let after_end = end.and_then(|end| tree.push(end, NodeKind::Special(Special::Resign)));
        assert_eq!(after_end, None);
        assert_eq!(
            tree.push(NodeId(7), NodeKind::Special(Special::Resign)),
            None
        );
        assert_eq!(tree.len(), 3);
    }

    #[test]
    fn equality_ignores_node_numbering() {
        // The same tree built in two orders: a -> (b, c) with c -> d.
        let mut one = MoveTree::new();
        let a = node(&mut one, NodeId::ROOT);
        let b = node(&mut one, a);
        let c = node(&mut one, a);
        node(&mut one, c);
        let mut two = MoveTree::new();
        let a2 = node(&mut two, NodeId::ROOT);
        let c2 = node(&mut two, a2);
        node(&mut two, c2);
        let b2 = node(&mut two, a2);
        assert!(two.promote(b2));
        assert_ne!((b, c), (b2, c2));
        assert_eq!(one, two);
        two[c2].comments.push("x".into());
        assert_ne!(one, two);
    }

    #[test]
    fn main_line_and_variations() {
        let mut tree = MoveTree::new();
        let a = node(&mut tree, NodeId::ROOT);
        let b = node(&mut tree, a);
        let c = node(&mut tree, a);
        let d = node(&mut tree, c);
        assert_eq!(tree.main_line().collect::<Vec<_>>(), vec![a, b]);
        assert_eq!(tree.path_to(d), vec![a, c, d]);
        assert_eq!(tree[d].ply(), 3);
        assert!(tree.is_main_line(b));
        assert!(!tree.is_main_line(d));
        assert_eq!(tree.variation_starts(), vec![c]);
        assert!(tree.promote(c));
        assert_eq!(tree.main_line().collect::<Vec<_>>(), vec![a, c, d]);
        assert_eq!(tree[a].children(), &[c, b]);
        assert!(!tree.promote(NodeId::ROOT));
    }
}
