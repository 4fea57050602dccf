//! The USI writer: a record's main line as a USI `position` command, and what the command
//! cannot hold.
//!
//! A USI `position` command holds a start position and moves, nothing else: [`write()`]
//! gives the command of the main line (as [`Record::usi`] at its last playable node) and
//! lists the rest of the record it leaves out, as [`csa::write`](crate::csa::write) and
//! [`jkf::write`](crate::jkf::write) list what their formats cannot hold.
//!
//! # Examples
//!
//! ```
//! use masu_kif::{Mode, kif, usi};
//!
//! let text = "先手：A\n後手：B\n手合割：平手\n   1 ７六歩(77) ( 0:01/00:00:01)\n*a comment\n   2 投了\n";
//! let record = kif::read_str(text, Mode::Strict)?.record;
//! let written = usi::write(&record)?;
//! assert_eq!(written.text, "position startpos moves 7g7f");
//! assert_eq!(
//!     written.left_out(&record),
//!     [
//!         "the headers 先手, 後手",
//!         "the time at ply 1",
//!         "the comments at ply 1",
//!         "the ending 投了 at ply 2",
//!     ]
//! );
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use crate::record::{Cursor, NodeId, NodeKind, Record, ReplayError};
use crate::write::{left_out, trailer_left_out};

/// Something of the record that a USI `position` command cannot hold and the writer left
/// out. Each names the node it belongs to; [`NodeId::ROOT`] stands for the start, before
/// the first move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dropped {
    /// The headers, by key in record order; a `手合割` that names the start position is
    /// held by the command (`startpos` or the SFEN) and not among them.
    Headers(Vec<String>),
    /// A header-area line kept verbatim by a KIF reader ([`Record::other_lines`]).
    OtherLine(String),
    /// The program comments of a node ([`Node::program_comments`](crate::Node)); at the
    /// root, [`Record::program_comments`].
    ProgramComments(NodeId),
    /// The comments of a node.
    Comments(NodeId),
    /// The bookmarks of a node.
    Bookmarks(NodeId),
    /// The time of a node's move.
    Time(NodeId),
    /// The `まで` trailer of a node.
    Trailer(NodeId),
    /// A variation (this node and everything after it): the command holds the main line.
    Variation(NodeId),
    /// The special that ends the main line (`投了`, `千日手`, ...).
    Ending(NodeId),
    /// A move of the main line that cannot be played, a recorded foul: there is no
    /// position after it, so the command holds the moves before it.
    Foul(NodeId),
}

impl Dropped {
    /// What was left out, in words for a note to the user (`the ending 投了 at ply 143`,
    /// `the comments before the first move`); `record` is the record that was written.
    #[must_use]
    pub fn describe(&self, record: &Record) -> String {
        match self {
            Dropped::Headers(keys) => match keys.as_slice() {
                [key] => format!("the header {}", key.escape_debug()),
                keys => {
                    let keys: Vec<String> =
                        keys.iter().map(|k| k.escape_debug().to_string()).collect();
                    format!("the headers {}", keys.join(", "))
                }
            },
            Dropped::OtherLine(line) => format!("the header-area line {line}"),
            Dropped::ProgramComments(id) => at(record, *id, "the program comments"),
            Dropped::Comments(id) => at(record, *id, "the comments"),
            Dropped::Bookmarks(id) => at(record, *id, "the bookmarks"),
            Dropped::Time(id) => left_out(record, *id, "the time"),
            Dropped::Trailer(id) => trailer_left_out(record, *id),
            Dropped::Variation(id) => left_out(record, *id, "the variation starting"),
            Dropped::Ending(id) => match record.tree.get(*id).and_then(|n| n.special()) {
                Some(special) => {
                    left_out(record, *id, &format!("the ending {}", special.kif_word()))
                }
                None => left_out(record, *id, "the ending"),
            },
            Dropped::Foul(id) => left_out(record, *id, "the foul"),
        }
    }
}

/// [`left_out`], with the root named as the start.
fn at(record: &Record, id: NodeId, what: &str) -> String {
    if id == NodeId::ROOT {
        format!("{what} before the first move")
    } else {
        left_out(record, id, what)
    }
}

/// A USI `position` command and what it could not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The command, one line without a line end: `position startpos moves …` for an even
    /// start, `position sfen … moves …` otherwise.
    pub text: String,
    /// What was left out, in record order.
    pub dropped: Vec<Dropped>,
}

/// Writes the main line as a USI `position` command, up to a recorded foul (a move that
/// cannot be played ends it, with [`Dropped::Foul`]), and lists everything else of the
/// record in [`Written::dropped`].
///
/// # Errors
///
/// The start position is not a valid position.
pub fn write(record: &Record) -> Result<Written, ReplayError> {
    let mut cursor = Cursor::new(record)?;
    while cursor.forward() {}
    let end = cursor.node();
    let text = record.usi(end)?;
    let mut dropped = Vec::new();
    let keys: Vec<String> = record
        .headers
        .entries()
        .iter()
        .filter(|h| !names_the_start(record, &h.key, &h.value))
        .map(|h| h.key.clone())
        .collect();
    if !keys.is_empty() {
        dropped.push(Dropped::Headers(keys));
    }
    dropped.extend(record.other_lines.iter().cloned().map(Dropped::OtherLine));
    if !record.program_comments.is_empty() {
        dropped.push(Dropped::ProgramComments(NodeId::ROOT));
    }
    annotations(record, NodeId::ROOT, &mut dropped);
    let mut parent = NodeId::ROOT;
    for id in record.tree.main_line() {
        let variations = record.tree[parent].children().iter().skip(1);
        dropped.extend(variations.copied().map(Dropped::Variation));
        parent = id;
        match &record.tree[id].kind {
            NodeKind::Special(_) => dropped.push(Dropped::Ending(id)),
            NodeKind::Move(_) if record.tree[id].parent() == Some(end) => {
                dropped.push(Dropped::Foul(id));
            }
            NodeKind::Move(_) | NodeKind::Start => {}
        }
        if record.tree[id].time.is_some() {
            dropped.push(Dropped::Time(id));
        }
        if !record.tree[id].program_comments.is_empty() {
            dropped.push(Dropped::ProgramComments(id));
        }
        annotations(record, id, &mut dropped);
    }
    let variations = record.tree[parent].children().iter().skip(1);
    dropped.extend(variations.copied().map(Dropped::Variation));
    Ok(Written { text, dropped })
}

/// Whether a header is the `手合割` of the start position, which the command holds.
fn names_the_start(record: &Record, key: &str, value: &str) -> bool {
    crate::HeaderKey::Handicap.matches(key)
        && record.start.handicap.is_some()
        && crate::Handicap::from_name(value.trim()) == record.start.handicap
}

/// The comments, bookmarks and trailer of a node.
fn annotations(record: &Record, id: NodeId, dropped: &mut Vec<Dropped>) {
    let node = &record.tree[id];
    if !node.comments.is_empty() {
        dropped.push(Dropped::Comments(id));
    }
    if !node.bookmarks.is_empty() {
        dropped.push(Dropped::Bookmarks(id));
    }
    if node.trailer.is_some() {
        dropped.push(Dropped::Trailer(id));
    }
}

#[cfg(test)]
mod tests {
    use super::{Dropped, write};
    use crate::{Mode, NodeId, kif};

    /// A record of nothing but moves loses nothing: no note for a plain game.
    #[test]
    fn moves_alone_lose_nothing() {
        let record = kif::read_str(
            "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n",
            Mode::Strict,
        )
        .unwrap()
        .record;
        let written = write(&record).unwrap();
        assert_eq!(written.text, "position startpos moves 7g7f 3c3d");
        assert!(written.dropped.is_empty(), "{:?}", written.dropped);
    }

    /// Everything but the moves is named, in record order, notes of one kind at several
    /// plies grouped as the other writers' are.
    #[test]
    fn everything_but_the_main_line_is_named() {
        let text = "#KIF version=2.0 encoding=UTF-8\n#a program\n開始日時：2024/01/01\n先手：A\n後手：B\n*on the start\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n*first\n&mark\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 ２六歩(27)   ( 0:03/00:00:04)\n*third\n   4 中断\nまで3手で指し掛け\n\n変化：2手\n   2 ８四歩(83)\n";
        // The trailer disagrees with the ending (read leniently): it is kept as written.
        let record = kif::read_str(text, Mode::Lenient).unwrap().record;
        let written = write(&record).unwrap();
        assert_eq!(written.text, "position startpos moves 7g7f 3c3d 2g2f");
        assert_eq!(
            written.left_out(&record),
            [
                "the headers 開始日時, 先手, 後手",
                "the program comments before the first move",
                "the comments before the first move",
                "the time at plies 1 to 3 (3 moves)",
                "the comments at plies 1 to 3 (2 moves)",
                "the bookmarks at ply 1",
                "the variation starting at ply 2",
                "the ending 中断 at ply 4",
                "the trailer まで3手で指し掛け at ply 4",
            ]
        );
    }

    /// A game lost by a foul: the command holds the moves before it, and the foul and the
    /// ending after it are named.
    #[test]
    fn a_recorded_foul_ends_the_command() {
        // Move 3 puts the king on its own pawn.
        let text =
            "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５七玉(59)\n   4 反則勝ち\n";
        let record = kif::read_str(text, Mode::Lenient).unwrap().record;
        let written = write(&record).unwrap();
        let foul = record.tree.main_line().nth(2).unwrap();
        assert_eq!(written.text, "position startpos moves 7g7f 3c3d");
        assert!(
            written.dropped.contains(&Dropped::Foul(foul)),
            "{:?}",
            written.dropped
        );
        assert_eq!(
            written.left_out(&record),
            ["the foul at ply 3", "the ending 反則勝ち at ply 4"]
        );
    }

    /// A handicap start is held by the SFEN, its `手合割` with it; another name is not.
    #[test]
    fn the_handicap_header_of_the_start_is_held() {
        let record = kif::read_str("手合割：香落ち\n   1 ３四歩(33)\n", Mode::Strict)
            .unwrap()
            .record;
        let written = write(&record).unwrap();
        assert!(
            written.text.starts_with("position sfen lnsgkgsn1/"),
            "{}",
            written.text
        );
        assert!(written.dropped.is_empty(), "{:?}", written.dropped);
        assert_eq!(
            Dropped::Headers(vec!["手合割".to_owned()]).describe(&record),
            "the header 手合割"
        );
        assert_eq!(
            Dropped::Comments(NodeId::ROOT).describe(&record),
            "the comments before the first move"
        );
    }
}
