//! The KIF writer, in the layout of Kifu for Windows: `#KIF version=2.0 encoding=…`, the
//! header area, `手数----指手---------消費時間--`, move lines `   1 ７六歩(77)   ( 0:16/00:00:16)`
//! with `+` on moves that have alternatives, `まで` trailers and `変化：N手` blocks.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::Duration;

use shogi::Position;

use super::lex;
use crate::encoding::Encoded;
#[cfg(doc)]
use crate::encoding::TextEncoding;
use crate::movetext::KifMove;
use crate::record::{MoveTime, NodeId, NodeKind, Record, Special};
use crate::text;
use crate::write::{
    WriteOptions, annotations, generated_trailer, head, positions_after, step, variation_order,
};

/// Writes KIF text with the default options (declaring UTF-8).
#[must_use]
pub fn to_string(record: &Record) -> String {
    write(record, &WriteOptions::default())
}

/// Writes KIF text, declaring `options.encoding`, in the layout the [module](super) docs
/// describe: it reads back as `record` but for what [`Record::left_out_by`] names and the
/// clocks and `手合割` header it adds, headers read after the moves written in the header
/// area and a position's bookmarks after its comments.
#[must_use]
pub fn write(record: &Record, options: &WriteOptions) -> String {
    let mut out = String::with_capacity(64 * record.tree.len() + 512);
    let declaration = format!("#KIF version=2.0 encoding={}", options.encoding.name());
    head(&mut out, record, &declaration, |_| false);
    // Kifu for Windows drops the time column from the header when no move has a time.
    if record.tree.nodes().iter().any(|n| n.time.is_some()) {
        out.push_str("手数----指手---------消費時間--\n");
    } else {
        out.push_str("手数----指手--\n");
    }
    annotations(&mut out, record, NodeId::ROOT);
    if let Some(trailer) = &record.tree[NodeId::ROOT].trailer {
        out.push_str(trailer);
        out.push('\n');
    }
    let main: Vec<NodeId> = record.tree.main_line().collect();
    let mut blocks = Vec::new();
    variation_order(record, &main, &mut blocks);
    let parent = |id: NodeId| record.tree[id].parent().unwrap_or(NodeId::ROOT);
    // `不成` needs the position before each move; without it no position is replayed.
    let positions = match options.non_promotion {
        true => positions_after(
            record,
            std::iter::once(NodeId::ROOT).chain(blocks.iter().map(|&b| parent(b))),
        ),
        false => HashMap::new(),
    };
    let root = positions.get(&NodeId::ROOT).cloned();
    let totals = record.tree.mover_totals();
    let lines = Lines {
        record,
        options,
        totals: &totals,
    };
    lines.block(&mut out, &main, root);
    for start in blocks {
        let ply = record.tree[start].ply();
        let _ = write!(out, "\n変化：{ply}手\n");
        let mut line = vec![start];
        line.extend(record.tree.line_after(start));
        let pos = positions.get(&parent(start)).cloned();
        lines.block(&mut out, &line, pos);
    }
    out
}

/// Writes KIF bytes in `options.encoding`, listing characters it cannot hold (each written
/// `?`, or by its stand-in with `options.stand_ins`).
///
/// A `.kif` file is Shift_JIS by convention ([`TextEncoding::for_extension`]):
///
/// ```
/// use masu_kif::encoding::TextEncoding;
/// use masu_kif::{HeaderKey, Mode, Record, kif};
///
/// let mut record = Record::from_usi("position startpos moves 7g7f 3c3d")?;
/// record.headers.set(HeaderKey::Black, "𠮷田"); // a character Shift_JIS lacks
/// let options = kif::WriteOptions {
///     encoding: TextEncoding::for_extension("kif").unwrap_or_default(),
///     ..kif::WriteOptions::default()
/// };
/// let encoded = kif::to_bytes(&record, &options);
/// let lacking: Vec<(char, usize, usize)> =
///     encoded.unmappable.iter().map(|u| (u.ch, u.line, u.column)).collect();
/// assert_eq!(lacking, [('𠮷', 2, 4)]);
/// // The bytes declare their encoding, and read back but for that character.
/// let back = masu_kif::read_bytes(&encoded.bytes, None, Mode::Strict)?.record;
/// assert_eq!(back.headers.get(HeaderKey::Black), Some("?田"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn to_bytes(record: &Record, options: &WriteOptions) -> Encoded {
    crate::write::encode_text(&write(record, options), options)
}

/// What the move lines of a record are written with.
struct Lines<'a> {
    record: &'a Record,
    options: &'a WriteOptions,
    /// Each mover's total after each node ([`crate::MoveTree::mover_totals`]): a time
    /// field always has both clocks (cshogi, for one, reads the times only then).
    totals: &'a [Duration],
}

impl Lines<'_> {
    /// One line of moves; like Kifu for Windows, it ends with its `まで` trailer (the one
    /// read, or for a line ending in a special without one, the one Kifu for Windows writes)
    /// or, lacking one, an empty line. `pos` is the position before the first move, when
    /// `不成` is written.
    fn block(&self, out: &mut String, line: &[NodeId], mut pos: Option<Position>) {
        let record = self.record;
        for &id in line {
            self.move_line(out, id, pos.as_ref());
            pos = step(pos, &record.tree[id]);
            annotations(out, record, id);
            if let Some(trailer) = &record.tree[id].trailer {
                out.push_str(trailer);
                out.push('\n');
            }
        }
        let last = line.last().copied().unwrap_or(NodeId::ROOT);
        if record.tree[last].trailer.is_none() {
            if let Some(trailer) = generated_trailer(record, last) {
                out.push_str(&trailer);
            }
            out.push('\n');
        }
    }

    fn move_line(&self, out: &mut String, id: NodeId, pos: Option<&Position>) {
        let (record, options) = (self.record, self.options);
        let node = &record.tree[id];
        let body = match &node.kind {
            NodeKind::Move(m) => {
                let last_to = node
                    .parent()
                    .and_then(|p| record.tree[p].recorded_move())
                    .map(|p| p.mv.to());
                let mut km = KifMove::kif(&m.mv, last_to);
                // Whether the move could have promoted, so that `不成` applies.
                let could_promote = pos.is_some_and(|p| crate::notation::could_promote(p, &m.mv));
                if options.non_promotion && could_promote {
                    km.promotion = Some(false);
                }
                km.to_string()
            }
            NodeKind::Special(s) => special_body(s),
            NodeKind::Start => return,
        };
        text::push_number(out, u64::from(node.ply()), 4, ' ');
        out.push(' ');
        out.push_str(&body);
        let has_alternatives = node.parent().is_some_and(|p| {
            let siblings = record.tree[p].children();
            siblings.last() != Some(&id)
        });
        pad(out, &body, 12);
        if node.time.is_some() || has_alternatives {
            out.push(' ');
        }
        if let Some(time) = node.time {
            let total = time.total.or_else(|| self.totals.get(id.index()).copied());
            write_time(out, MoveTime { total, ..time });
        }
        if has_alternatives {
            out.push('+');
        }
        out.push('\n');
    }
}

/// A special's word as a move line holds it: bare when it reads back as itself, else in
/// `「…」` (a word kept from another format with blanks in it, or one that would read as a
/// move, a known special or a side mark). Line breaks cannot be held on a line: they are
/// written as spaces.
fn special_body(special: &Special) -> String {
    match special {
        Special::Other(word) => {
            // A line break becomes a blank first, so the word it leaves is never bare.
            let word = word.replace(['\r', '\n'], " ");
            if lex::is_bare_word(&word) {
                word
            } else {
                format!("「{word}」")
            }
        }
        _ => special.kif_word().to_owned(),
    }
}

fn pad(out: &mut String, body: &str, columns: usize) {
    for _ in text::width(body)..columns {
        out.push(' ');
    }
}

/// `( 0:16/00:00:16)`: minutes of the move right-aligned in two columns, total as HH:MM:SS.
fn write_time(out: &mut String, time: MoveTime) {
    let spent = time.spent.unwrap_or_default().as_secs();
    out.push('(');
    text::push_number(out, spent / 60, 2, ' ');
    out.push(':');
    text::push_number(out, spent % 60, 2, '0');
    out.push('/');
    if let Some(total) = time.total.map(|t: Duration| t.as_secs()) {
        text::push_number(out, total / 3600, 2, '0');
        out.push(':');
        text::push_number(out, total / 60 % 60, 2, '0');
        out.push(':');
        text::push_number(out, total % 60, 2, '0');
    }
    out.push(')');
}
