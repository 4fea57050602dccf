//! The KI2 writer: the KIF header area, then moves in the JSA notation, six to a line, each
//! left-aligned in 12 columns; comments break the line; the result goes in the `まで`
//! trailer. Times cannot be written in KI2.

use shogi::{Move, Position, Square};

use crate::encoding::Encoded;
use crate::ki2::trailer;
use crate::movetext::KifMove;
use crate::record::{NodeId, NodeKind, Record};
use crate::text;
use crate::write::{
    WriteOptions, annotations, generated_trailer, head, mover, positions_after, variation_order,
};

/// Moves on one line, as Kifu for Windows writes them.
const PER_LINE: usize = 6;

/// Writes KI2 text (declaring UTF-8).
#[must_use]
pub fn to_string(record: &Record) -> String {
    write(record, &WriteOptions::default())
}

/// Writes KI2 text, declaring `options.encoding`.
#[must_use]
pub fn write(record: &Record, options: &WriteOptions) -> String {
    let mut out = String::with_capacity(32 * record.tree.len() + 512);
    let declaration = format!("#KI2 version=2.0 encoding={}", options.encoding.name());
    head(
        &mut out,
        record,
        &declaration,
        crate::ki2::read::is_move_line,
    );
    out.push('\n');
    annotations(&mut out, record, NodeId::ROOT);
    if let Some(trailer) = kept_trailer(record, NodeId::ROOT) {
        out.push_str(trailer);
        out.push('\n');
    }
    let main: Vec<NodeId> = record.tree.main_line().collect();
    let mut blocks = Vec::new();
    variation_order(record, &main, &mut blocks);
    let parent = |id: NodeId| record.tree[id].parent().unwrap_or(NodeId::ROOT);
    let positions = positions_after(
        record,
        std::iter::once(NodeId::ROOT).chain(blocks.iter().map(|&b| parent(b))),
    );
    let root = positions.get(&NodeId::ROOT).cloned();
    block(&mut out, record, &main, root);
    for &start in &blocks {
        out.push_str(&format!("\n変化：{:>4}手\n", record.tree[start].ply()));
        let mut line = vec![start];
        line.extend(record.tree.line_after(start));
        let pos = positions.get(&parent(start)).cloned();
        block(&mut out, record, &line, pos);
    }
    out
}

/// Writes KI2 bytes in `options.encoding`, listing characters it cannot hold.
#[must_use]
pub fn to_bytes(record: &Record, options: &WriteOptions) -> Encoded {
    crate::write::encode_text(&write(record, options), options)
}

/// The text of one move of the tree, and the position after it.
fn token(pos: &Position, mv: &Move, illegal: bool, last_to: Option<Square>) -> String {
    let km = if illegal {
        KifMove::ki2_foul(pos, mv, last_to)
    } else {
        KifMove::ki2(pos, mv, last_to)
    };
    // Kifu for Windows pads `同` to two characters only before a one-character rest:
    // `同　歩` but `同角成`.
    let text = km.to_string();
    let text = match text.strip_prefix("同\u{3000}") {
        Some(rest) if rest.chars().count() > 1 => format!("同{rest}"),
        _ => text,
    };
    format!("{}{text}", pos.turn().japanese_mark())
}

/// One line of moves; `pos` is the position before its first node (`None` after a foul).
fn block(out: &mut String, record: &Record, line: &[NodeId], mut pos: Option<Position>) {
    let Some(&first) = line.first() else {
        return;
    };
    let parent = record.tree[first].parent().unwrap_or(NodeId::ROOT);
    let mut last_to = record.tree[parent].recorded_move().map(|m| m.mv.to());
    let mut row = Vec::new();
    for &id in line {
        let node = &record.tree[id];
        match (&node.kind, pos.as_mut()) {
            (NodeKind::Move(m), Some(p)) => {
                // A move not flagged but not legal either (a tree built by hand: see
                // `Record::push_move`) is written as the foul it is; playing it would
                // corrupt the position, as the KIF writer's `step` knows.
                let illegal = m.illegal || !p.is_legal(&m.mv);
                row.push(token(p, &m.mv, illegal, last_to));
                last_to = Some(m.mv.to());
                if illegal {
                    pos = None;
                } else {
                    p.play_unchecked(m.mv);
                }
            }
            (NodeKind::Special(special), _) => {
                flush(out, &mut row);
                // The stored trailer if it says this result (KI2 readers take the result from
                // it), else the one Kifu for Windows writes.
                let stored = node.trailer.clone().filter(|t| {
                    trailer::parse(t).is_some_and(|e| {
                        e.special.as_ref() == Some(special)
                            && e.ends_line(mover(record, id), record.start.setup.turn)
                    })
                });
                let trailer = stored.or_else(|| generated_trailer(record, id));
                out.push_str(trailer.as_deref().unwrap_or_default());
                out.push('\n');
                annotations(out, record, id);
                continue;
            }
            _ => {}
        }
        let annotated = !node.comments.is_empty()
            || !node.bookmarks.is_empty()
            || !node.program_comments.is_empty();
        if row.len() == PER_LINE || annotated {
            flush(out, &mut row);
        }
        annotations(out, record, id);
        if let Some(trailer) = kept_trailer(record, id) {
            flush(out, &mut row);
            out.push_str(trailer);
            out.push('\n');
        }
    }
    flush(out, &mut row);
}

/// The stored trailer of a node that is not a special, unless a KI2 reader would end the
/// line at it with a result, which this line does not have (a `まで…` line kept from a KIF
/// record in the middle of its moves), so it is left out. One whose winner would lose that
/// result ends no line, and is kept where it was read.
fn kept_trailer(record: &Record, id: NodeId) -> Option<&str> {
    let trailer = record.tree[id].trailer.as_deref()?;
    // The side to move after the node.
    let next = mover(record, id).opposite();
    trailer::parse(trailer)
        .is_none_or(|e| !e.ends_line(next, record.start.setup.turn))
        .then_some(trailer)
}

fn flush(out: &mut String, row: &mut Vec<String>) {
    if row.is_empty() {
        return;
    }
    let last = row.len() - 1;
    for (i, token) in row.iter().enumerate() {
        out.push_str(token);
        if i < last {
            for _ in text::width(token)..12 {
                out.push(' ');
            }
        }
    }
    out.push('\n');
    row.clear();
}
