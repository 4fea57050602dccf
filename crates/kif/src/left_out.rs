//! What a format cannot hold of a record, in words: the notes a converter shows.

use std::collections::HashSet;

use crate::Special;
use crate::record::{MoveTime, NodeId, Record};
use crate::{Format, csa, jkf, usi};

impl Record {
    /// What writing this record as `format` leaves out, in words, in record order: what
    /// [`csa::write`] and [`jkf::write`] report ([`csa::Dropped::describe`]), the
    /// fractions of a second KIF's clocks cut off, KI2's clocks (KI2 has none), and for
    /// both a start move number other than 1 (their moves are numbered from 1), the line
    /// breaks in an unknown ending's word (written as spaces) and the headers they cannot
    /// hold as headers (written as program comments); for KIF, KI2 and JKF, a variation
    /// whose first move an earlier one makes too (their readers continue that one with
    /// it). Notes of one kind at several nodes are one note (`the total time at plies 2 to
    /// 80 (79 moves)`). Empty when `format` holds the whole record.
    ///
    /// ```
    /// use masu_kif::{Format, Mode, kif};
    ///
    /// let text = "手合割：平手\n   1 ７六歩(77) ( 0:01/00:00:01)\n   2 ３四歩(33) ( 0:02/00:00:02)\n";
    /// let record = kif::read_str(text, Mode::Strict)?.record;
    /// assert!(record.left_out_by(Format::Kif).is_empty());
    /// assert_eq!(record.left_out_by(Format::Ki2), ["the times of 2 moves"]);
    /// assert_eq!(
    ///     record.left_out_by(Format::Csa),
    ///     ["the total time at plies 1 to 2 (2 moves)"]
    /// );
    /// # Ok::<_, masu_kif::ReadError>(())
    /// ```
    #[must_use]
    pub fn left_out_by(&self, format: Format) -> Vec<String> {
        let notes = match format {
            Format::Kif => {
                let mut notes = times_note(
                    self,
                    |t| {
                        [t.spent, t.total]
                            .iter()
                            .flatten()
                            .any(|d| d.subsec_nanos() != 0)
                    },
                    "the fractions of a second in the times of",
                );
                notes.extend(start_move_number(self));
                notes.extend(repeated_moves(self));
                notes.extend(line_breaks_in_endings(self));
                notes.extend(headers_as_comments(self, |_| false));
                notes
            }
            Format::Ki2 => {
                let mut notes = times_note(self, |_| true, "the times of");
                notes.extend(start_move_number(self));
                notes.extend(repeated_moves(self));
                notes.extend(line_breaks_in_endings(self));
                notes.extend(headers_as_comments(self, crate::ki2::read::is_move_line));
                notes
            }
            Format::Csa => return csa::write(self, &csa::WriteOptions::default()).left_out(self),
            Format::Jkf => return jkf::write(self).left_out(self),
        };
        grouped(&notes)
    }
}

impl csa::Written {
    /// What this text left out of `record` (the record written), in the words and groups
    /// of [`Record::left_out_by`]: a converter that writes the text has its notes without
    /// writing it twice.
    ///
    /// ```
    /// use masu_kif::{Format, Mode, csa, kif};
    ///
    /// let text = "手合割：平手\n   1 ７六歩(77) ( 0:01/00:00:01)\n   2 ３四歩(33) ( 0:02/00:00:02)\n";
    /// let record = kif::read_str(text, Mode::Strict)?.record;
    /// let written = csa::write(&record, &csa::WriteOptions::default());
    /// assert!(written.text.contains("+7776FU\nT1\n"));
    /// assert_eq!(written.left_out(&record), ["the total time at plies 1 to 2 (2 moves)"]);
    /// assert_eq!(written.left_out(&record), record.left_out_by(Format::Csa));
    /// # Ok::<_, masu_kif::ReadError>(())
    /// ```
    #[must_use]
    pub fn left_out(&self, record: &Record) -> Vec<String> {
        let notes: Vec<String> = self.dropped.iter().map(|d| d.describe(record)).collect();
        grouped(&notes)
    }
}

impl jkf::Written {
    /// What this text left out of `record` (the record written), in the words and groups
    /// of [`Record::left_out_by`].
    ///
    /// ```
    /// use masu_kif::{Format, Mode, jkf, kif};
    ///
    /// let text = "手合割：平手\n#a program comment\n   1 ７六歩(77)\n";
    /// let record = kif::read_str(text, Mode::Strict)?.record;
    /// let written = jkf::write(&record);
    /// assert_eq!(written.left_out(&record), record.left_out_by(Format::Jkf));
    /// assert_eq!(written.left_out(&record).len(), 1);
    /// # Ok::<_, masu_kif::ReadError>(())
    /// ```
    #[must_use]
    pub fn left_out(&self, record: &Record) -> Vec<String> {
        let mut notes: Vec<String> = self.dropped.iter().map(|d| d.describe(record)).collect();
        notes.extend(repeated_moves(record));
        grouped(&notes)
    }
}

impl usi::Written {
    /// What this command left out of `record` (the record written), in the words and
    /// groups of [`Record::left_out_by`]: everything but the main line's moves.
    ///
    /// ```
    /// use masu_kif::{Mode, kif, usi};
    ///
    /// let text = "手合割：平手\n   1 ７六歩(77) ( 0:01/00:00:01)\n   2 ３四歩(33) ( 0:02/00:00:02)\n";
    /// let record = kif::read_str(text, Mode::Strict)?.record;
    /// let written = usi::write(&record)?;
    /// assert_eq!(written.text, "position startpos moves 7g7f 3c3d");
    /// assert_eq!(written.left_out(&record), ["the time at plies 1 to 2 (2 moves)"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn left_out(&self, record: &Record) -> Vec<String> {
        let notes: Vec<String> = self.dropped.iter().map(|d| d.describe(record)).collect();
        grouped(&notes)
    }
}

/// A note naming `what` of the moves whose clocks `lost` holds for, none when there are none.
fn times_note(record: &Record, lost: impl Fn(&MoveTime) -> bool, what: &str) -> Vec<String> {
    let count = record
        .tree
        .nodes()
        .iter()
        .filter_map(|n| n.time.as_ref())
        .filter(|t| lost(t))
        .count();
    match count {
        0 => Vec::new(),
        1 => vec![format!("{what} 1 move")],
        n => vec![format!("{what} {n} moves")],
    }
}

/// The start position's move number when it is not 1 (a record from a USI `position sfen
/// … 37` or a game set up so): the KIF and KI2 writers number the moves from 1 and their
/// readers start there, as the CSA and JKF writers report for theirs.
fn start_move_number(record: &Record) -> Option<String> {
    let ply = record.start.setup.ply;
    (ply != 1).then(|| format!("the start position's move number {ply}"))
}

/// The variations whose first move an earlier sibling makes too (a program that adds an
/// engine's line where the engine agrees with the move played): the KIF, KI2 and JKF
/// readers continue that sibling with such a variation (hand-edited Kifu for Windows files
/// repeat the main move under `変化`), so it reads back merged into the sibling's line.
fn repeated_moves(record: &Record) -> impl Iterator<Item = String> + '_ {
    let tree = &record.tree;
    let legal_move = |id: NodeId| {
        tree[id]
            .recorded_move()
            .filter(|m| !m.illegal)
            .map(|m| m.mv)
    };
    // A set of the moves seen per branch point: a fork of many alternatives stays linear.
    let mut seen = HashSet::new();
    tree.nodes()
        .iter()
        .filter(|node| node.children().len() > 1)
        .flat_map(move |node| {
            seen.clear();
            node.children()
                .iter()
                .filter(|&&child| legal_move(child).is_some_and(|mv| !seen.insert(mv)))
                .map(|&child| {
                    crate::write::left_out(
                        record,
                        child,
                        "the variation that repeats an earlier one's first move (read back into it)",
                    )
                })
                .collect::<Vec<_>>()
        })
}

/// The unknown endings with a line break in their word, which KIF and KI2 write on one
/// line (the break as a space).
fn line_breaks_in_endings(record: &Record) -> impl Iterator<Item = String> + '_ {
    record
        .tree
        .ids()
        .filter_map(move |id| match record.tree[id].special() {
            Some(Special::Other(word)) if word.contains(['\r', '\n']) => {
                Some(crate::write::left_out(
                    record,
                    id,
                    &format!("the line breaks in the unknown ending {word:?}"),
                ))
            }
            _ => None,
        })
}

/// The headers KIF and KI2 write as program comments (a line break in one, a key with a
/// colon: see [`crate::write::header_held`]).
fn headers_as_comments(
    record: &Record,
    reads_as_moves: fn(&str) -> bool,
) -> impl Iterator<Item = String> + '_ {
    record
        .headers
        .entries()
        .iter()
        .filter(move |h| !crate::write::header_held(&h.key, &h.value, reads_as_moves))
        .map(|h| {
            format!(
                "the header {} as a header (written as a program comment)",
                h.key.escape_debug()
            )
        })
}

/// Notes that differ only in their ply (`… at ply N`) as one note, where the first of them
/// stood.
fn grouped(notes: &[String]) -> Vec<String> {
    let mut out: Vec<(&str, Vec<&str>)> = Vec::new();
    for note in notes {
        let (head, ply) = match note.rsplit_once(" at ply ") {
            Some((head, ply)) => (head, Some(ply)),
            None => (note.as_str(), None),
        };
        match out
            .iter_mut()
            .find(|(h, plies)| *h == head && !plies.is_empty())
        {
            Some((_, plies)) if ply.is_some() => plies.extend(ply),
            _ => out.push((head, ply.into_iter().collect())),
        }
    }
    out.into_iter()
        .map(|(head, plies)| match plies.as_slice() {
            [] => head.to_owned(),
            [ply] => format!("{head} at ply {ply}"),
            [first, .., last] => {
                format!("{head} at plies {first} to {last} ({} moves)", plies.len())
            }
        })
        .collect()
}
