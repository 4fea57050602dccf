//! The line layout KIF and KI2 share: header lines (the preamble) until the first line the
//! preamble does not take, then body lines, of which comments, bookmarks, variation
//! headers, program comments and late headers read the same in both formats.

use crate::build::{Builder, Origin};
use crate::diag::{DiagnosticKind, Mode, ReadError, Sink};
use crate::kif::lex::{Line, classify_into};
use crate::preamble::Preamble;
use crate::{Format, Parsed, text};

/// How a format reads a trailer line (`まで…`).
pub(crate) type TrailerLine = fn(&mut Builder, &str, &Origin<'_>) -> Result<(), ReadError>;

/// Reads `text` laid out as KIF: the preamble until `starts_body` says a line opens the
/// body or the preamble does not take it, then every remaining line through `body_line`,
/// with the line already classified when `known_line` read it (a line whose end its
/// reading finds: the length of the line at the start of the rest of the text).
pub(crate) fn read_layout<'a>(
    format: Format,
    text: &'a str,
    mode: Mode,
    starts_body: fn(&str) -> bool,
    known_line: impl Fn(&'a str, &mut Line<'a>) -> Option<usize>,
    // A type of its own, not a function pointer: called at every line, it is inlined.
    body_line: impl Fn(&mut Builder, &Origin<'a>, Option<&Line<'a>>) -> Result<(), ReadError>,
) -> Result<Parsed, ReadError> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut sink = Sink::new(mode);
    let mut lines = text::lines(text);
    // The index of `next` (from 0), the line the preamble looks at.
    let mut i = 0;
    let mut next = lines.next();
    let mut preamble = Preamble::default();
    // Whether a line is one a record is made of (blank lines and unknown ones are not).
    let mut recognized = false;
    // Classified in place, as the body's lines are (a `Line` returned was copied out with a
    // stalled load at every header line).
    let mut class = Line::Blank;
    while let Some(line) = next {
        let at = origin(i, line);
        if starts_body(line) {
            break;
        }
        classify_into(line, &mut class);
        if !preamble.take(&class, &at, &mut sink)? {
            break;
        }
        recognized |= !matches!(class, Line::Blank | Line::Other(_));
        i += 1;
        next = lines.next();
    }
    // A line the preamble does not take opens the body: a move, a variation, a trailer.
    if !recognized && next.is_none() {
        let first = text::lines(text).next().unwrap_or("");
        let d = Origin::line(1, first)
            .diag(DiagnosticKind::NoRecord)
            .detail("no header, board diagram, move or comment: the even game is assumed");
        sink.warn(d)?;
    }
    let (record, start) = preamble.finish(&mut sink)?;
    let mut b = Builder::new(record, start, sink, plies_estimate(format, text));
    if let Some(line) = next {
        b.earn(line.len() + 1);
        body_line(&mut b, &origin(i, line), None)?;
        i += 1;
    }
    while !lines.rest().is_empty() {
        let known = known_line(lines.rest(), &mut class);
        let line = match known {
            Some(end) => lines.take_line(end),
            None => lines.next().unwrap_or_default(),
        };
        b.earn(line.len() + 1);
        body_line(&mut b, &origin(i, line), known.map(|_| &class))?;
        i += 1;
    }
    let (record, warnings) = b.end()?;
    Ok(Parsed {
        record,
        warnings,
        format,
        decoding: None,
    })
}

/// About how many moves `text` holds, for the builder's room: one a line in KIF, several a
/// line in KI2 (each some 12 bytes, `▲７六歩    `).
fn plies_estimate(format: Format, text: &str) -> usize {
    match format {
        Format::Ki2 => text.len() / 12,
        _ => memchr::memchr_iter(b'\n', text.as_bytes()).count(),
    }
}

/// Line `i` (from 0) as a place for diagnostics.
fn origin(i: usize, line: &str) -> Origin<'_> {
    Origin::line(i + 1, line)
}

/// Reads a body line that is not a move: comments and bookmarks go to the current node
/// (and are dropped, reported, after a move that was not read, as a trailer is), a
/// variation header starts a branch, a trailer goes to `trailer`; anything else is an
/// unknown line (a warning).
pub(crate) fn annotation_line(
    b: &mut Builder,
    line: &Line<'_>,
    at: &Origin<'_>,
    trailer: TrailerLine,
) -> Result<(), ReadError> {
    match *line {
        Line::Comment(c) => {
            if let Some(id) = b.note_node(at, "a comment")? {
                b.record.tree[id].comments.push(c.to_owned());
            }
        }
        Line::Bookmark(s) => {
            if let Some(id) = b.note_node(at, "a bookmark")? {
                b.record.tree[id].bookmarks.push(s.to_owned());
            }
        }
        // Before the first move, the record's; after a move, that move's.
        Line::ProgramComment(c) => match b.note_node(at, "a program comment")? {
            Some(crate::NodeId::ROOT) => b.record.program_comments.push(c.to_owned()),
            Some(id) => b.record.tree[id].program_comments.push(c.to_owned()),
            None => {}
        },
        Line::Variation(n) => b.start_variation(n, at)?,
        Line::BadVariation(rest) => {
            b.bad_variation(at, format!("not a move number and 手: `変化{rest}`"))?;
        }
        // The result of a line that could not be read is dropped with it (and reported).
        Line::Trailer(_) if b.is_dead() => b.dropped_rest(at)?,
        Line::Trailer(t) => trailer(b, t, at)?,
        // A header after the moves (`終了日時：…`) is the record's, as tsshogi reads it; the
        // writers put it in the header area (the `kif` module docs).
        Line::Header { key, value } => b.record.headers.push(key, value),
        _ => {
            let d = at
                .diag(DiagnosticKind::UnknownLine)
                .detail("not a move, comment, bookmark, variation or trailer");
            b.sink.warn(d)?;
        }
    }
    Ok(())
}
