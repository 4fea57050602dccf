//! `serde` support for [`Record`]: a flat, documented data form that deep trees cannot
//! overflow the stack with, rebuilt and checked in one linear pass when read.
//!
//! The form is described on the `Serialize` impl, where the documentation shows it.

use std::fmt::Display;
use std::time::Duration;

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use shogi::{Handicap, Move, Position, Setup, UsiMove};

use super::{
    Headers, MoveTime, MoveTree, Node, NodeId, NodeKind, Record, RecordedMove, Special,
    StartPosition,
};

/// The serialized form of a [`Record`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordData {
    headers: Vec<(String, String)>,
    start: StartData,
    nodes: Vec<NodeData>,
    #[serde(default)]
    program_comments: Vec<String>,
    #[serde(default)]
    other_lines: Vec<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StartData {
    sfen: Setup,
    handicap: Option<Handicap>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeData {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    parent: Option<u32>,
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<UsiMove>,
    #[serde(default, skip_serializing_if = "is_false")]
    illegal: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    special: Option<SpecialData>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time: Option<TimeData>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    comments: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    bookmarks: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    program_comments: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    trailer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    children: Option<Vec<u32>>,
}

/// A special by its KIF word, or a word no rule knows (kept apart so that an unknown word
/// that happens to spell a known one still round-trips as [`Special::Other`]).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
enum SpecialData {
    Word(String),
    Other(String),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TimeData {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    spent: Option<Duration>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    total: Option<Duration>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_false(b: &bool) -> bool {
    !*b
}

impl NodeData {
    fn of(tree: &MoveTree, node: &Node) -> NodeData {
        let (mv, illegal, special) = match &node.kind {
            NodeKind::Start => (None, false, None),
            NodeKind::Move(m) => (Some(m.mv.to_usi()), m.illegal, None),
            NodeKind::Special(Special::Other(word)) => {
                (None, false, Some(SpecialData::Other(word.clone())))
            }
            NodeKind::Special(s) => (None, false, Some(SpecialData::Word(s.kif_word().into()))),
        };
        let children = node.children();
        let in_id_order = children.windows(2).all(|w| w[0] < w[1]);
        NodeData {
            parent: node.parent().map(|p| id_number(tree, p)),
            mv,
            illegal,
            special,
            time: node.time.map(|t| TimeData {
                spent: t.spent,
                total: t.total,
            }),
            comments: node.comments.clone(),
            bookmarks: node.bookmarks.clone(),
            program_comments: node.program_comments.clone(),
            trailer: node.trailer.clone(),
            children: (!in_id_order)
                .then(|| children.iter().map(|&c| id_number(tree, c)).collect()),
        }
    }
}

/// The number of a node id; ids are indices into the node list, which a `u32` holds.
fn id_number(tree: &MoveTree, id: NodeId) -> u32 {
    debug_assert!(id.index() < tree.len());
    u32::try_from(id.index()).unwrap_or(u32::MAX)
}

/// The data form of a record (feature `serde`): a record is written as
///
/// ```text
/// {
///   "headers": [["先手", "羽生"], ...],          // every header line, in order
///   "start": {"sfen": "lnsgkgsnl/... b - 1", "handicap": "平手"},  // handicap or null
///   "nodes": [                                  // in id order; nodes[0] is the root
///     {"comments": ["..."]},
///     {"parent": 0, "move": "7g7f", "time": {"spent": {"secs": 3, "nanos": 0}}},
///     {"parent": 1, "move": "5a4b", "illegal": true},   // a recorded foul
///     {"parent": 1, "special": {"word": "投了"}},       // or {"other": "入玉宣言"}
///     ...
///   ],
///   "program_comments": [...],
///   "other_lines": [...]
/// }
/// ```
///
/// Each node but the root names its parent, which comes before it, and is a `move` (USI; a
/// foul that drops a kind no hand holds writes the kind's SFEN, `"+B*5b"`, `"K*4b"`) or a
/// `special`. The optional node fields are `time` (`spent`, `total`), `comments`,
/// `bookmarks`, `program_comments` and `trailer`. Children keep their id order unless the parent lists them in
/// another order under `"children"` (written only when the order differs, after
/// [`MoveTree::promote`]). Node ids and the order of children round-trip exactly.
///
/// Reading refuses, with a serde error, a parent that is missing or points forward; anything
/// after a special, and anything but a special after a foul; a move that is not legal in its
/// position unless it is flagged `illegal` (so a tree built by hand with an unflagged illegal
/// move writes but does not read back); a `children` list that is not an ordering of the
/// node's children; an SFEN that does not parse.
///
/// ```
/// use masu_kif::Record;
///
/// let record = Record::from_usi("position startpos moves 7g7f 3c3d")?;
/// let json = serde_json::to_string(&record)?;
/// assert!(json.contains(r#""move":"3c3d""#));
/// let back: Record = serde_json::from_str(&json)?;
/// assert_eq!(back, record);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RecordData {
            headers: self
                .headers
                .entries()
                .iter()
                .map(|h| (h.key.clone(), h.value.clone()))
                .collect(),
            start: StartData {
                sfen: self.start.setup,
                // As the writers go by it: a name that contradicts the board is not the
                // start's, and reading refuses it.
                handicap: self.start.standard(),
            },
            nodes: self
                .tree
                .nodes()
                .iter()
                .map(|n| NodeData::of(&self.tree, n))
                .collect(),
            program_comments: self.program_comments.clone(),
            other_lines: self.other_lines.clone(),
        }
        .serialize(s)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        RecordData::deserialize(d)?
            .into_record()
            .map_err(de::Error::custom)
    }
}

/// An error at node `index`.
fn at(index: usize, what: impl Display) -> String {
    format!("node {index}: {what}")
}

/// The tree being rebuilt, with what is known about the nodes added so far.
struct Builder {
    tree: MoveTree,
    /// The id of each node by its number (the same numbers, as the tree gives them out in
    /// order; kept so that a number finds its id in constant time).
    ids: Vec<NodeId>,
    /// What may follow each node.
    after: Vec<After>,
    /// The number of children each node has still to get: a position is dropped once its
    /// last child is in, so a long line holds one position at a time, not one per node.
    children_left: Vec<u32>,
    start: StartPosition,
    /// Nodes whose children are listed in an order other than their ids'.
    orders: Vec<(NodeId, Vec<u32>)>,
}

impl Builder {
    fn add(&mut self, node: NodeData) -> Result<(), String> {
        let index = self.ids.len();
        let id = if index == 0 {
            if node.parent.is_some() || node.mv.is_some() || node.special.is_some() {
                return Err(at(0, "the root has a parent, a move or a special"));
            }
            self.after.push(After::Start);
            NodeId::ROOT
        } else {
            let kind = self.kind(index, &node)?;
            let parent = self.ids[usize::try_from(node.parent.unwrap_or(0)).unwrap_or(0)];
            self.tree
                .push(parent, kind)
                .ok_or_else(|| at(index, "too many nodes"))?
        };
        self.ids.push(id);
        let n = &mut self.tree[id];
        n.time = node.time.map(|t| MoveTime {
            spent: t.spent,
            total: t.total,
        });
        n.comments = node.comments;
        n.bookmarks = node.bookmarks;
        n.program_comments = node.program_comments;
        n.trailer = node.trailer;
        if let Some(order) = node.children {
            self.orders.push((id, order));
        }
        Ok(())
    }

    /// Checks the parent of node `index` and what it holds, and records the position after it.
    fn kind(&mut self, index: usize, node: &NodeData) -> Result<NodeKind, String> {
        let parent = node.parent.ok_or_else(|| at(index, "no parent"))?;
        let parent = usize::try_from(parent).unwrap_or(usize::MAX);
        if parent >= index {
            return Err(at(
                index,
                format_args!("parent {parent} does not come before it"),
            ));
        }
        if matches!(self.after[parent], After::Start) {
            let pos = self
                .start
                .position()
                .map_err(|e| format!("invalid start position: {e}"))?;
            self.after[parent] = After::Play(Box::new(pos));
        }
        let (kind, after) = match (&node.mv, &node.special) {
            (Some(usi), None) => {
                let After::Play(pos) = &self.after[parent] else {
                    return Err(at(
                        index,
                        format_args!("a move after {parent}, which is a special or a foul"),
                    ));
                };
                let keep = self.children_left[index] > 0;
                let (mv, after) = resolve(pos, *usi, node.illegal, keep)
                    .map_err(|e| at(index, format_args!("move {usi}: {e}")))?;
                let illegal = node.illegal;
                (NodeKind::Move(RecordedMove { mv, illegal }), after)
            }
            (None, Some(special)) if !node.illegal => {
                if matches!(self.after[parent], After::Leaf) {
                    return Err(at(
                        index,
                        format_args!("a special after {parent}, which is a special"),
                    ));
                }
                let special = match special {
                    SpecialData::Word(w) => Special::from_kif(w)
                        .ok_or_else(|| at(index, format_args!("unknown special {w}")))?,
                    SpecialData::Other(w) => Special::Other(w.clone()),
                };
                (NodeKind::Special(special), After::Leaf)
            }
            _ => {
                return Err(at(
                    index,
                    "not exactly one of a move and a special (or a flagged special)",
                ));
            }
        };
        self.after.push(after);
        self.children_left[parent] = self.children_left[parent].saturating_sub(1);
        if self.children_left[parent] == 0 {
            self.after[parent] = After::Leaf;
        }
        Ok(kind)
    }

    /// Puts the children of each node listed under `children` in that order. Promoting
    /// moves a child to the front, so promoting the listed children from last to first
    /// gives the order; the longest tail already in id order needs no promotion.
    fn reorder(&mut self) -> Result<(), String> {
        let mut listed = vec![false; self.ids.len()];
        for (id, order) in std::mem::take(&mut self.orders) {
            let node = &self.tree[id];
            if order.len() != node.children().len() {
                return Err(at(id.index(), "children lists the wrong number of nodes"));
            }
            let mut ids = Vec::with_capacity(order.len());
            for &child in &order {
                let child = usize::try_from(child).unwrap_or(usize::MAX);
                let Some(&child_id) = self.ids.get(child) else {
                    return Err(at(id.index(), format_args!("no child {child}")));
                };
                if self.tree[child_id].parent() != Some(id) || listed[child] {
                    return Err(at(
                        id.index(),
                        format_args!("child {child} is not its own or listed twice"),
                    ));
                }
                listed[child] = true;
                ids.push(child_id);
            }
            let sorted_pairs = ids.windows(2).rev().take_while(|w| w[0] < w[1]).count();
            let to_promote = ids.len().saturating_sub(sorted_pairs + 1);
            for &child in ids[..to_promote].iter().rev() {
                self.tree.promote(child);
            }
        }
        Ok(())
    }
}

/// What may follow a node.
enum After {
    /// The root, whose position is only set up when a move needs it (a record without moves
    /// may hold a start that does not play).
    Start,
    /// Moves from this position, and specials.
    Play(Box<Position>),
    /// Only a special: the node is a foul, whose position does not exist.
    Foul,
    /// Nothing: the node is a special, or has all its children already.
    Leaf,
}

/// The move `usi` in `pos`, and what may follow it (the position after it only if `keep`:
/// the node has children). A foul is taken from the board as it stands, without checking
/// its legality.
fn resolve(
    pos: &Position,
    usi: UsiMove,
    illegal: bool,
    keep: bool,
) -> Result<(Move, After), String> {
    if !illegal {
        let mv = usi.to_move(pos).map_err(|e| e.to_string())?;
        if !keep {
            return Ok((mv, After::Leaf));
        }
        let mut after = Box::new(pos.clone());
        after.play_unchecked(mv);
        return Ok((mv, After::Play(after)));
    }
    let mv = match usi {
        UsiMove::Normal { from, to, promote } => Move::Normal {
            from,
            to,
            kind: pos
                .piece_at(from)
                .ok_or_else(|| format!("no piece on {from}"))?
                .kind,
            capture: pos.piece_at(to).map(|p| p.kind),
            promote,
        },
        UsiMove::Drop { kind, to } => Move::Drop { kind, to },
    };
    Ok((mv, After::Foul))
}

impl RecordData {
    /// Rebuilds the record in one pass over the nodes, replaying each move in its parent's
    /// position (parents come first, so every position is known when it is needed).
    fn into_record(self) -> Result<Record, String> {
        let mut headers = Headers::new();
        for (key, value) in self.headers {
            headers.push(key, value);
        }
        if self.nodes.is_empty() {
            return Err("no root node".into());
        }
        let mut children_left = vec![0_u32; self.nodes.len()];
        for (index, node) in self.nodes.iter().enumerate() {
            let parent = node.parent.and_then(|p| usize::try_from(p).ok());
            if let Some(parent) = parent.filter(|&p| p < index) {
                children_left[parent] += 1;
            }
        }
        // The writers trust `handicap` and print its name instead of the board: a name that
        // contradicts the board would write another start.
        if let Some(named) = self.start.handicap
            && Handicap::of(&self.start.sfen) != Some(named)
        {
            return Err(format!(
                "start: the handicap {} is not the position of its sfen",
                named
            ));
        }
        let mut builder = Builder {
            tree: MoveTree::new(),
            ids: Vec::with_capacity(self.nodes.len()),
            after: Vec::with_capacity(self.nodes.len()),
            children_left,
            start: StartPosition {
                setup: self.start.sfen,
                handicap: self.start.handicap,
            },
            orders: Vec::new(),
        };
        for node in self.nodes {
            builder.add(node)?;
        }
        builder.reorder()?;
        Ok(Record {
            headers,
            start: builder.start,
            tree: builder.tree,
            program_comments: self.program_comments,
            other_lines: self.other_lines,
        })
    }
}
