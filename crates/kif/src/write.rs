//! Writing helpers shared by the KIF and KI2 writers (options, the header area, annotation
//! lines, the order of variation blocks), and [`Record::to_string_as`] for every format.

use std::collections::{HashMap, HashSet};

use shogi::{Color, Move, Position, SideNames, Undo};

use crate::encoding::TextEncoding;
use crate::kif::{Line, classify};
use crate::record::{HeaderKey, Node, NodeId, Record};
use crate::{Format, Handicap, csa, jkf, ki2, kif};

/// How KIF and KI2 are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    /// The encoding named in the `#KIF version=2.0 encoding=…` line (and used by the
    /// `to_bytes` writers).
    pub encoding: TextEncoding,
    /// KIF only: write `不成` on moves that could have promoted (the spec leaves
    /// non-promotion unmarked; some readers expect the word).
    pub non_promotion: bool,
    /// `to_bytes`: replace characters Shift_JIS lacks by their customary stand-ins (`☗`→`▲`,
    /// `☖`→`△`, `〜`→`～`) instead of `?` ([`crate::encoding::encode_substituting`]).
    pub stand_ins: bool,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            encoding: TextEncoding::Utf8,
            non_promotion: false,
            stand_ins: false,
        }
    }
}

/// Writes the header area: declaration, program comments, headers in order (a `手合割`
/// line first when a handicap start has none), lines kept verbatim, and the board diagram
/// when the start is not a standard position or its `手合割` line names another one.
/// `reads_as_moves` says which lines the format's reader takes for moves (KI2's `▲` rows):
/// a header or kept line that would is written as a program comment.
pub(crate) fn head(
    out: &mut String,
    record: &Record,
    declaration: &str,
    reads_as_moves: fn(&str) -> bool,
) {
    out.push_str(declaration);
    out.push('\n');
    for c in &record.program_comments {
        push_line(out, "#", c);
    }
    let header = record.headers.get(HeaderKey::Handicap);
    let start = record.start.standard();
    if let (None, Some(h)) = (header, start)
        && h != Handicap::Even
    {
        push_line(out, "手合割：", h.japanese_name());
    }
    for h in &record.headers {
        let line = format!("{}：{}", h.key, h.value);
        let held = header_held(&h.key, &h.value, reads_as_moves);
        push_line(out, if held { "" } else { "#" }, &line);
    }
    for l in &record.other_lines {
        for part in crate::text::value_lines(l) {
            let held = classify(part) == Line::Other(part) && !reads_as_moves(part);
            push_line(out, if held { "" } else { "#" }, part);
        }
    }
    let named = header.and_then(Handicap::from_name);
    if start.is_none() || (header.is_some() && named != start) {
        let bod = record.start.setup.bod().names(side_names(record));
        out.push_str(&bod.to_string());
    }
}

/// Whether KIF (and KI2, whose reader takes the lines `reads_as_moves` says for moves)
/// holds a header as a line of its own. One it cannot (a line break in it, a key with a
/// colon or a blank, one that reads as a comment, a bookmark or a hand) is kept as a
/// program comment: its text stays, and it cannot turn into a node's comment or the start.
pub(crate) fn header_held(key: &str, value: &str, reads_as_moves: fn(&str) -> bool) -> bool {
    let line = format!("{key}：{value}");
    !line.contains(['\n', '\r'])
        && !reads_as_moves(&line)
        && classify(&line) == Line::Header { key, value }
}

/// `先手`/`後手`, or `下手`/`上手` when the record names the players so or is a handicap game.
pub(crate) fn side_names(record: &Record) -> SideNames {
    let handicap_names = record
        .headers
        .entries()
        .iter()
        .any(|h| h.key == "下手" || h.key == "上手");
    // The name first: asking whether the setup is its position compares it with every
    // standard start, which every read paid through `forget_generated_trailers`.
    let handicap = record.start.handicap.is_some_and(|h| h != Handicap::Even)
        && record.start.standard().is_some();
    if handicap_names || handicap {
        SideNames::Handicap
    } else {
        SideNames::Even
    }
}

/// The name of a side in trailers and marks.
pub(crate) fn is_handicap_naming(record: &Record) -> bool {
    side_names(record) == SideNames::Handicap
}

/// Comment, bookmark and program comment lines of a node.
pub(crate) fn annotations(out: &mut String, record: &Record, id: NodeId) {
    let node = &record.tree[id];
    for c in &node.comments {
        push_line(out, "*", c);
    }
    for b in &node.bookmarks {
        push_line(out, "&", b);
    }
    for c in &node.program_comments {
        push_line(out, "#", c);
    }
}

/// `text` after `prefix` on a line of its own; a text of several lines (a comment read
/// from JKF) is written as as many lines, each after the prefix, so that none of it reads
/// as a line of another kind.
pub(crate) fn push_line(out: &mut String, prefix: &str, text: &str) {
    for line in crate::text::value_lines(text) {
        out.push_str(prefix);
        out.push_str(line);
        out.push('\n');
    }
}

/// The variation blocks after a line, in the order Kifu for Windows writes them: branch
/// points from the end of the line back to its start, each alternative followed at once by
/// the blocks inside it. `line` is the line's nodes in order. A loop over an explicit stack:
/// variations nest without bound.
pub(crate) fn variation_order(record: &Record, line: &[NodeId], out: &mut Vec<NodeId>) {
    let tree = &record.tree;
    // Each frame: the nodes of a line not yet visited (visited from the end), and the index
    // of the next alternative to the last of them.
    let mut stack: Vec<(Vec<NodeId>, usize)> = vec![(line.to_vec(), 1)];
    while let Some((nodes, next)) = stack.last_mut() {
        let Some(&id) = nodes.last() else {
            stack.pop();
            continue;
        };
        let siblings = match tree[id].parent() {
            Some(parent) if tree[parent].children().first() == Some(&id) => tree[parent].children(),
            _ => &[],
        };
        let Some(&alt) = siblings.get(*next) else {
            nodes.pop();
            *next = 1;
            continue;
        };
        *next += 1;
        out.push(alt);
        // Alternatives to the first move of `alt` are its own siblings, listed here.
        stack.push((tree.line_after(alt).collect(), 1));
    }
}

/// A move played on the way down the tree, and what undoes it.
type Step = (Move, Undo);

/// The position after each node of `parents` that a walk from the start reaches without a
/// recorded foul, found in one walk over the tree (writers take the position before each
/// block from here instead of replaying every block from the start).
pub(crate) fn positions_after(
    record: &Record,
    parents: impl IntoIterator<Item = NodeId>,
) -> HashMap<NodeId, Position> {
    let wanted: HashSet<NodeId> = parents.into_iter().collect();
    let mut found = HashMap::new();
    let Ok(mut pos) = record.start.position() else {
        return found;
    };
    if wanted.contains(&NodeId::ROOT) {
        found.insert(NodeId::ROOT, pos.clone());
    }
    let tree = &record.tree;
    // The nodes on the way down, the next child to visit, and how to step back.
    let mut stack: Vec<(NodeId, usize, Option<Step>)> = vec![(NodeId::ROOT, 0, None)];
    while found.len() < wanted.len()
        && let Some((id, next, step)) = stack.last_mut()
    {
        let Some(&child) = tree[*id].children().get(*next) else {
            if let Some((mv, undo)) = step.take() {
                pos.undo_unchecked(mv, undo);
            }
            stack.pop();
            continue;
        };
        *next += 1;
        let node = &tree[child];
        match node.recorded_move() {
            Some(m) if !m.illegal && !node.children().is_empty() && pos.is_legal(&m.mv) => {
                let undo = pos.play_unchecked(m.mv);
                if wanted.contains(&child) {
                    found.insert(child, pos.clone());
                }
                stack.push((child, 0, Some((m.mv, undo))));
            }
            // A special is a leaf; after a foul there is no position.
            _ => {}
        }
    }
    found
}

/// The position after `node` from `pos`, the position before it: `None` after a recorded
/// foul or a move the position does not allow.
pub(crate) fn step(pos: Option<Position>, node: &Node) -> Option<Position> {
    let mut pos = pos?;
    match node.recorded_move() {
        Some(m) if !m.illegal && pos.is_legal(&m.mv) => {
            pos.play_unchecked(m.mv);
            Some(pos)
        }
        Some(_) => None,
        None => Some(pos),
    }
}

/// The `まで` trailer Kifu for Windows writes after a line that ends in the special `id`
/// (`まで64手で先手の勝ち`, `まで100手で千日手`), `None` when `id` is no special. Other
/// readers take the result from it (cshogi's and python-shogi's KIF parsers read no other),
/// and cshogi's ends the main line at the first one (without it, it reads the `変化`
/// blocks after the main line into it).
pub(crate) fn generated_trailer(record: &Record, id: NodeId) -> Option<String> {
    let node = &record.tree[id];
    let special = node.special()?;
    let moves = node.ply().saturating_sub(1);
    let naming = is_handicap_naming(record);
    Some(crate::ki2::trailer::write(
        moves,
        special,
        mover(record, id),
        naming,
    ))
}

/// Forgets every trailer that is the one [`generated_trailer`] gives for its node: the
/// special says the same, and every writer writes it again. Readers call it last, so that a
/// record read from a file the writers made is the record written.
pub(crate) fn forget_generated_trailers(record: &mut Record) {
    // The few nodes with a trailer first (no list is made for a record without one).
    let with_trailer: Vec<NodeId> = record
        .tree
        .ids()
        .filter(|&id| record.tree[id].trailer.is_some())
        .collect();
    for id in with_trailer {
        if record.tree[id].trailer == generated_trailer(record, id) {
            record.tree[id].trailer = None;
        }
    }
}

/// The side to move at node `id`'s ply (before the node's move or special).
pub(crate) fn mover(record: &Record, id: NodeId) -> Color {
    crate::record::side_at(record.start.setup.turn, record.tree[id].ply())
}

/// Encodes written text by the options.
pub(crate) fn encode_text(text: &str, options: &WriteOptions) -> crate::encoding::Encoded {
    if options.stand_ins {
        crate::encoding::encode_substituting(text, options.encoding)
    } else {
        crate::encoding::encode(text, options.encoding)
    }
}

impl Record {
    /// The record as text of `format`, written with the default options: as
    /// [`kif::to_string`], [`ki2::to_string`], [`csa::to_string`] or [`jkf::to_string`]. What
    /// CSA or JKF cannot hold is left out; [`csa::write`] and [`jkf::write`] list it.
    ///
    /// ```
    /// use masu_kif::{Format, Mode, kif};
    ///
    /// let record = kif::read_str("手合割：平手\n   1 ７六歩(77)\n", Mode::Strict)?.record;
    /// let csa = record.to_string_as(Format::Csa);
    /// assert!(csa.contains("+7776FU"));
    /// assert_eq!(masu_kif::csa::read_str(&csa, Mode::Strict)?.record.tree, record.tree);
    /// # Ok::<_, masu_kif::ReadError>(())
    /// ```
    #[must_use]
    pub fn to_string_as(&self, format: Format) -> String {
        match format {
            Format::Kif => kif::to_string(self),
            Format::Ki2 => ki2::to_string(self),
            Format::Csa => csa::to_string(self),
            Format::Jkf => jkf::to_string(self),
        }
    }
}

/// The words for a node's part that a writer left out: `what` and where the node stands
/// (`the total time at ply 12`).
pub(crate) fn left_out(record: &Record, id: NodeId, what: &str) -> String {
    match record.tree.get(id) {
        Some(node) => format!("{what} at ply {}", node.ply()),
        None => format!("{what} of a node not in the record"),
    }
}

/// [`left_out`] for the word of a special no rule knows that a format cannot hold as it is.
pub(crate) fn special_word_left_out(record: &Record, id: NodeId) -> String {
    match record.tree.get(id).and_then(|n| n.special()) {
        Some(special) => left_out(
            record,
            id,
            &format!("the unknown ending {} as it is", special.kif_word()),
        ),
        None => left_out(record, id, "the unknown ending"),
    }
}

/// [`left_out`] for a node's `まで` trailer, which is named by its text.
pub(crate) fn trailer_left_out(record: &Record, id: NodeId) -> String {
    match record.tree.get(id).and_then(|n| n.trailer.as_deref()) {
        Some(text) => left_out(record, id, &format!("the trailer {text}")),
        None => left_out(record, id, "the trailer"),
    }
}
