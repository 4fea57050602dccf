//! The JKF reader: the JSON is parsed once ([`Doc`]), every move is resolved in its
//! position, forks become variations. Nothing here recurses on the nesting of forks: lines
//! waiting to be read are kept on a list.

// The helpers return the `Diagnostic` of a bad value so the caller decides whether it is a
// warning or an error; it is large, but only built on bad input.
#![allow(
    clippy::result_large_err,
    reason = "the Diagnostic a helper returns is large, but only built on bad input"
)]

use std::borrow::Cow;
use std::str::FromStr;

use super::doc::{Doc, Id, Kind};
use super::json::Locator;
use crate::Format;
use crate::build::{Builder, Origin};
use crate::csa::MAX_WARNINGS;
use crate::csa::codes;
use crate::diag::{DiagnosticKind, Mode, ReadError, Sink, fail};
use crate::record::{NodeId, Record};
use crate::{Diagnostic, Parsed};

/// Reads JKF text.
///
/// # Errors
///
/// [`ReadError`]: the text is not JSON or not a JKF object, the start position is invalid,
/// or (in [`Mode::Strict`]) anything needed a warning.
pub fn read_str(text: &str, mode: Mode) -> Result<Parsed, ReadError> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let loc = Locator::new(text);
    let doc = Doc::parse(text).map_err(|e| {
        fail(
            loc.at_offset(e.offset)
                .diag(DiagnosticKind::UnknownLine)
                .expected(e.expected)
                .detail("the text is not JSON"),
        )
    })?;
    let r = Reader {
        doc,
        loc,
        stopped: std::cell::Cell::new(false),
    };
    r.record(text, Sink::new(mode))
}

/// Reads JKF bytes (UTF-8 by the JSON standard; other encodings are detected all the same).
///
/// # Errors
///
/// As [`read_str`].
pub fn read_bytes(bytes: &[u8], mode: Mode) -> Result<Parsed, ReadError> {
    crate::read::read_decoded(bytes, Format::Jkf, mode, read_str)
}

pub(super) struct Reader<'a> {
    doc: Doc<'a>,
    loc: Locator<'a>,
    /// Set when reading stopped after too many problems.
    stopped: std::cell::Cell<bool>,
}

/// One element of a `moves` array, split into its fields.
#[derive(Default)]
pub(super) struct Element {
    comments: Option<Id>,
    mv: Option<Id>,
    time: Option<Id>,
    special: Option<Id>,
    forks: Option<Id>,
}

/// Reading still to do: forks are read after the line that holds them, latest branch first
/// (the order Kifu for Windows writes variations in, so that trees match other formats').
enum Pending {
    /// A `forks` value: alternatives to the move at this ply.
    Forks { ply: u32, forks: Id },
    /// One alternative line, starting at this ply.
    Fork { ply: u32, line: Vec<Id>, at: Id },
}

impl<'a> Reader<'a> {
    pub(super) fn origin(&self, id: Id) -> Origin<'a> {
        self.loc.at_offset(self.doc.offset(id))
    }

    /// A value of the wrong type.
    fn wrong(&self, id: Id, expected: &str) -> Diagnostic {
        self.origin(id)
            .diag(DiagnosticKind::BadMove)
            .expected(expected.to_owned())
            .detail(format!("found {}", self.doc.kind(id).describe()))
    }

    pub(super) fn is_null(&self, id: Id) -> bool {
        self.doc.is_null(id)
    }

    pub(super) fn string(&self, id: Id, expected: &str) -> Result<String, Diagnostic> {
        match self.doc.str(id) {
            Some(s) => Ok(s.into_owned()),
            None => Err(self.wrong(id, expected)),
        }
    }

    /// A whole number in the range of `T`.
    pub(super) fn integer<T: FromStr>(&self, id: Id, expected: &str) -> Result<T, Diagnostic> {
        self.doc.integer(id).ok_or_else(|| match self.doc.kind(id) {
            Kind::Number => self
                .origin(id)
                .diag(DiagnosticKind::BadMove)
                .expected(expected.to_owned())
                .detail("a number out of range or not whole"),
            _ => self.wrong(id, expected),
        })
    }

    pub(super) fn boolean(&self, id: Id, expected: &str) -> Result<bool, Diagnostic> {
        self.doc.bool(id).ok_or_else(|| self.wrong(id, expected))
    }

    pub(super) fn array(&self, id: Id, expected: &str) -> Result<Vec<Id>, Diagnostic> {
        self.doc.items(id).ok_or_else(|| self.wrong(id, expected))
    }

    pub(super) fn fields(&self, id: Id) -> Result<Vec<(Cow<'a, str>, Id)>, Diagnostic> {
        self.doc.fields(id).ok_or_else(|| {
            self.origin(id)
                .diag(DiagnosticKind::UnknownLine)
                .expected("an object")
                .detail(format!("found {}", self.doc.kind(id).describe()))
        })
    }

    /// Whether a value is an object (an empty board may be written `{}`).
    pub(super) fn is_object(&self, id: Id) -> bool {
        self.doc.kind(id) == Kind::Object
    }

    pub(super) fn unknown(&self, key: &str, id: Id) -> Diagnostic {
        self.origin(id)
            .diag(DiagnosticKind::UnknownLine)
            .detail(format!("field `{key}` is not part of JKF; ignored"))
    }

    pub(super) fn record(&self, text: &'a str, mut sink: Sink) -> Result<Parsed, ReadError> {
        let root = self.doc.root();
        let top = self
            .fields(root)
            .map_err(|d| fail(d.expected("a JKF object")))?;
        let mut record = Record::new();
        let (mut moves, mut header, mut initial) = (None, false, None);
        for (key, id) in top {
            match key.as_ref() {
                "header" => {
                    header = true;
                    self.header(&mut record, id, &mut sink)?;
                }
                "initial" => {
                    initial = Some(id);
                    record.start = self.initial(id, &mut sink)?;
                }
                "moves" => moves = Some(id),
                _ => sink.warn(self.unknown(&key, id))?,
            }
        }
        if !header {
            let d = Diagnostic::new(DiagnosticKind::UnknownLine, 1, "", 1)
                .detail("no `header` object (JKF requires one)");
            sink.warn(d)?;
        }
        let start = record.start.position().map_err(|e| {
            let d = match initial {
                Some(id) => self.origin(id).diag(DiagnosticKind::BadPosition),
                None => Diagnostic::new(DiagnosticKind::BadPosition, 1, "", 1),
            };
            fail(d.detail(e.to_string()))
        })?;
        // A JKF move object takes some 60 bytes or more.
        let mut b = Builder::new(record, start, sink, text.len() / 60);
        b.earn(text.len());
        if let Some(id) = moves {
            let list = self.array(id, "an array of moves").map_err(fail)?;
            if let Some((&first, rest)) = list.split_first() {
                self.initial_element(&mut b, first)?;
                self.lines(&mut b, rest.to_vec())?;
            }
        } else {
            let d = Diagnostic::new(DiagnosticKind::UnknownLine, 1, "", 1)
                .detail("no `moves` array (JKF requires one)");
            b.sink.warn(d)?;
        }
        // An illegal move at the end that no special explains is reported, as in KIF.
        let (record, warnings) = b.end()?;
        Ok(Parsed {
            record,
            warnings,
            format: Format::Jkf,
            decoding: None,
        })
    }

    pub(super) fn header(
        &self,
        record: &mut Record,
        id: Id,
        sink: &mut Sink,
    ) -> Result<(), ReadError> {
        let fields = match self.fields(id) {
            Ok(f) => f,
            Err(d) => return sink.warn(d),
        };
        for (key, value) in fields {
            match self.string(value, "a string") {
                Ok(v) => record.headers.push(key.into_owned(), v),
                // Not a move's: a header left out, as a key the format does not know is.
                Err(mut d) => {
                    d.kind = DiagnosticKind::UnknownLine;
                    let found = d.detail.take().unwrap_or_default();
                    sink.warn(d.detail(format!("the header {key:?} left out: {found}")))?;
                }
            }
        }
        Ok(())
    }

    /// `moves[0]`: comments on the start position.
    pub(super) fn initial_element(&self, b: &mut Builder, id: Id) -> Result<(), ReadError> {
        let e = self.element(b, id)?;
        if let Some(c) = e.comments {
            self.comments(b, NodeId::ROOT, c)?;
        }
        for (what, r) in [
            ("move", e.mv),
            ("special", e.special),
            ("time", e.time),
            ("forks", e.forks),
        ] {
            if let Some(r) = r {
                let d = self
                    .origin(r)
                    .diag(DiagnosticKind::UnknownLine)
                    .detail(format!(
                        "moves[0] holds the start position's comments; its `{what}` is ignored"
                    ));
                b.sink.warn(d)?;
            }
        }
        Ok(())
    }

    pub(super) fn element(&self, b: &mut Builder, id: Id) -> Result<Element, ReadError> {
        let mut e = Element::default();
        let fields = match self.fields(id) {
            Ok(f) => f,
            Err(d) => {
                b.sink.warn(d)?;
                return Ok(e);
            }
        };
        for (key, value) in fields {
            let slot = match key.as_ref() {
                "comments" | "comment" => &mut e.comments,
                "move" => &mut e.mv,
                "time" => &mut e.time,
                "special" => &mut e.special,
                "forks" => &mut e.forks,
                _ => {
                    b.sink.warn(self.unknown(&key, value))?;
                    continue;
                }
            };
            if !self.is_null(value) {
                *slot = Some(value);
            }
        }
        Ok(e)
    }

    /// The main line (the elements after `moves[0]`), then every fork, each line's forks
    /// read after it, latest branch first.
    pub(super) fn lines(&self, b: &mut Builder, main: Vec<Id>) -> Result<(), ReadError> {
        let root = self.doc.root();
        let mut pending = vec![Pending::Fork {
            ply: 1,
            line: main,
            at: root,
        }];
        let mut first = true;
        while let Some(work) = pending.pop() {
            match work {
                Pending::Fork { ply, line, at } => {
                    if !first {
                        let at = self.origin(line.first().copied().unwrap_or(at));
                        b.start_variation(ply, &at)?;
                    }
                    first = false;
                    // Forks in line order; popped from the end, so the latest is read first.
                    let forks = self.line(b, &line, ply)?;
                    pending.extend(forks);
                }
                Pending::Forks { ply, forks } => {
                    let lines = match self.fork_lines(forks) {
                        Ok(l) => l,
                        Err(d) => {
                            b.sink.warn(d)?;
                            continue;
                        }
                    };
                    // Popped from the end: the first alternative is read first.
                    pending.extend(lines.into_iter().rev().map(|line| Pending::Fork {
                        ply,
                        line,
                        at: forks,
                    }));
                }
            }
        }
        Ok(())
    }

    /// `forks`: an array of move arrays.
    fn fork_lines(&self, id: Id) -> Result<Vec<Vec<Id>>, Diagnostic> {
        let expected = "an array of move arrays";
        self.array(id, expected)?
            .into_iter()
            .map(|line| self.array(line, expected))
            .collect()
    }

    /// A line of elements, the first at ply `ply`; returns the forks it holds, in order.
    fn line(&self, b: &mut Builder, elements: &[Id], ply: u32) -> Result<Vec<Pending>, ReadError> {
        let mut forks = Vec::new();
        for (i, &id) in elements.iter().enumerate() {
            if self.too_many(b, id)? {
                return Ok(Vec::new());
            }
            let e = self.element(b, id)?;
            self.one(b, &e, id)?;
            if let Some(f) = e.forks {
                let at = ply.saturating_add(u32::try_from(i).unwrap_or(u32::MAX));
                forks.push(Pending::Forks { ply: at, forks: f });
            }
        }
        Ok(forks)
    }

    /// Whether reading has stopped after [`MAX_WARNINGS`] problems (reported once).
    pub(super) fn too_many(&self, b: &mut Builder, id: Id) -> Result<bool, ReadError> {
        if self.stopped.get() {
            return Ok(true);
        }
        if b.sink.list.len() < MAX_WARNINGS {
            return Ok(false);
        }
        self.stopped.set(true);
        let d = self
            .origin(id)
            .diag(DiagnosticKind::Dropped)
            .detail(format!("{MAX_WARNINGS} problems: reading stopped here"));
        b.sink.warn(d)?;
        Ok(true)
    }

    /// One element: its move or special, then its time and comments on the new node.
    pub(super) fn one(&self, b: &mut Builder, e: &Element, raw: Id) -> Result<(), ReadError> {
        let node = match (e.mv, e.special) {
            (Some(mv), special) => {
                if let Some(s) = special {
                    let d = self.unknown("special", s).detail(
                        "an element with both `move` and `special`: the special is ignored",
                    );
                    b.sink.warn(d)?;
                }
                self.play(b, mv)?
            }
            (None, Some(s)) => self.special(b, s)?,
            (None, None) => {
                let d = self.origin(raw).diag(DiagnosticKind::UnknownLine).detail("an element with neither `move` nor `special`; its comments go to the previous node");
                b.sink.warn(d)?;
                Some(b.current())
            }
        };
        let Some(id) = node else { return Ok(()) };
        match e.time {
            // The time of no move: the previous node keeps its own.
            Some(t) if e.mv.is_none() && e.special.is_none() => {
                let d = self
                    .origin(t)
                    .diag(DiagnosticKind::UnknownLine)
                    .detail("the time of an element with neither `move` nor `special` is ignored");
                b.sink.warn(d)?;
            }
            Some(t) => match self.time(t) {
                Ok(time) => b.record.tree[id].time = Some(time),
                Err(d) => b.sink.warn(d)?,
            },
            None => {}
        }
        if let Some(c) = e.comments {
            self.comments(b, id, c)?;
        }
        Ok(())
    }

    pub(super) fn comments(&self, b: &mut Builder, id: NodeId, raw: Id) -> Result<(), ReadError> {
        // The schema's `moves[0].comment` is one string; everywhere else an array.
        let list: Vec<String> = match self.doc.kind(raw) {
            Kind::Str(_) => self.string(raw, "a string").map(|s| vec![s]),
            _ => self.array(raw, "an array of strings").and_then(|items| {
                items
                    .into_iter()
                    .map(|c| self.string(c, "an array of strings"))
                    .collect()
            }),
        }
        .or_else(|d| b.sink.warn(d).map(|()| Vec::new()))?;
        let node = &mut b.record.tree[id];
        for c in list {
            // json-kifu-format keeps KIF bookmarks (`&name`) as comments starting with `&`.
            match c.strip_prefix('&') {
                Some(name) => node.bookmarks.push(name.to_owned()),
                None => node.comments.push(c),
            }
        }
        Ok(())
    }

    pub(super) fn special(&self, b: &mut Builder, raw: Id) -> Result<Option<NodeId>, ReadError> {
        let at = self.origin(raw);
        let word = match self.string(raw, "a special name") {
            Ok(w) => w,
            Err(d) => {
                b.sink.warn(d)?;
                return Ok(None);
            }
        };
        let special = codes::special(&word, b.side_to_move());
        if matches!(special, crate::Special::Other(_)) {
            b.sink
                .warn(at.diag(DiagnosticKind::UnknownSpecial).ply(b.next_ply()))?;
        }
        b.add_special(special, None, &at)
    }

    pub(super) fn play(&self, b: &mut Builder, raw: Id) -> Result<Option<NodeId>, ReadError> {
        let at = self.origin(raw);
        let m = match self.jkf_move(raw) {
            Ok(m) => m,
            Err(d) => {
                b.sink.warn(d)?;
                b.break_block();
                return Ok(None);
            }
        };
        let to_move = b.side_to_move();
        // A move left out is reported so, not also as the other side's.
        if m.color != to_move && !b.leaves_out(true) {
            let d = at
                .diag(DiagnosticKind::SideMark)
                .ply(b.next_ply())
                .detail(format!("`color` says {}", m.color as u8));
            b.sink.warn(d)?;
        }
        let km = m.kif_move(b);
        let id = b.add_move(&km, None, &at)?;
        if let (Some(id), Some(written)) = (id, m.capture) {
            let found = b.record.tree[id]
                .recorded_move()
                .and_then(|r| r.mv.capture());
            if found != Some(written) {
                let d = at
                    .diag(DiagnosticKind::BadMove)
                    .ply(b.record.tree[id].ply())
                    .detail(format!(
                        "`capture` says {}, the board has {}",
                        codes::code(written),
                        found.map_or("no piece", codes::code)
                    ));
                b.sink.warn(d)?;
            }
        }
        Ok(id)
    }
}
