//! The JKF reader: serde_json gives the objects with their place in the text; every move is
//! resolved in its position, forks become variations.

// The helpers return the `Diagnostic` of a bad value so the caller decides whether it is a
// warning or an error; it is large, but only built on bad input.
#![allow(
    clippy::result_large_err,
    reason = "the Diagnostic a helper returns is large, but only built on bad input"
)]

use serde::Deserialize;
use serde_json::value::RawValue;

use super::json::{Fields, Locator};
use crate::build::{Builder, Origin};
use crate::csa::MAX_WARNINGS;
use crate::csa::codes;
use crate::diag::{DiagnosticKind, Mode, ReadError, Sink, fail};
use crate::encoding::TextEncoding;
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
    let r = Reader {
        loc: Locator::new(text),
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
    crate::read::read_decoded(bytes, TextEncoding::Utf8, mode, read_str)
}

pub(super) struct Reader<'a> {
    loc: Locator<'a>,
    /// Set when reading stopped after too many problems.
    stopped: std::cell::Cell<bool>,
}

/// One element of a `moves` array, split into its fields.
#[derive(Default)]
pub(super) struct Element<'a> {
    comments: Option<&'a RawValue>,
    mv: Option<&'a RawValue>,
    time: Option<&'a RawValue>,
    special: Option<&'a RawValue>,
    forks: Option<&'a RawValue>,
}

impl<'a> Reader<'a> {
    pub(super) fn origin(&self, raw: &'a RawValue) -> Origin<'a> {
        let (line, text, column) = self.loc.at(raw);
        Origin { line, text, column }
    }

    /// Parses a value; a type error becomes a diagnostic at its place.
    pub(super) fn parse<T: Deserialize<'a>>(
        &self,
        raw: &'a RawValue,
        expected: &str,
    ) -> Result<T, Diagnostic> {
        serde_json::from_str(raw.get()).map_err(|e| {
            let (line, text, column) = self.loc.at_error(Some(raw), &e);
            Diagnostic::new(DiagnosticKind::BadMove, line, text, column)
                .expected(expected.to_owned())
                .detail(e.to_string())
        })
    }

    pub(super) fn fields(
        &self,
        raw: &'a RawValue,
    ) -> Result<Vec<(String, &'a RawValue)>, Diagnostic> {
        serde_json::from_str::<Fields<'a>>(raw.get())
            .map(|f| f.0)
            .map_err(|e| {
                let (line, text, column) = self.loc.at_error(Some(raw), &e);
                Diagnostic::new(DiagnosticKind::UnknownLine, line, text, column)
                    .expected("an object")
                    .detail(e.to_string())
            })
    }

    pub(super) fn unknown(&self, key: &str, raw: &'a RawValue) -> Diagnostic {
        self.origin(raw)
            .diag(DiagnosticKind::UnknownLine)
            .detail(format!("field `{key}` is not part of JKF; ignored"))
    }

    pub(super) fn record(&self, text: &'a str, mut sink: Sink) -> Result<Parsed, ReadError> {
        let top: Fields<'a> = serde_json::from_str(text).map_err(|e| {
            let (line, t, column) = self.loc.at_error(None, &e);
            fail(
                Diagnostic::new(DiagnosticKind::UnknownLine, line, t, column)
                    .expected("a JKF object")
                    .detail(e.to_string()),
            )
        })?;
        let mut record = Record::new();
        let (mut moves, mut header, mut initial) = (None, false, None);
        for (key, raw) in top.0 {
            match key.as_str() {
                "header" => {
                    header = true;
                    self.header(&mut record, raw, &mut sink)?;
                }
                "initial" => {
                    initial = Some(raw);
                    record.start = self.initial(raw, &mut sink)?;
                }
                "moves" => moves = Some(raw),
                _ => sink.warn(self.unknown(&key, raw))?,
            }
        }
        if !header {
            let d = Diagnostic::new(DiagnosticKind::UnknownLine, 1, "", 1)
                .detail("no `header` object (JKF requires one)");
            sink.warn(d)?;
        }
        let start = record.start.position().map_err(|e| {
            let d = match initial {
                Some(raw) => self.origin(raw).diag(DiagnosticKind::BadPosition),
                None => Diagnostic::new(DiagnosticKind::BadPosition, 1, "", 1),
            };
            fail(d.detail(e.to_string()))
        })?;
        let mut b = Builder::new(record, start, sink);
        b.earn(text.len());
        if let Some(raw) = moves {
            let list: Vec<&'a RawValue> = self.parse_or_fail(raw, "an array of moves")?;
            if let Some((first, rest)) = list.split_first() {
                self.initial_element(&mut b, first)?;
                self.line(&mut b, rest, 1)?;
            }
        } else {
            let d = Diagnostic::new(DiagnosticKind::UnknownLine, 1, "", 1)
                .detail("no `moves` array (JKF requires one)");
            b.sink.warn(d)?;
        }
        let (record, warnings) = b.finish();
        Ok(Parsed {
            record,
            warnings,
            decoding: None,
        })
    }

    pub(super) fn parse_or_fail<T: Deserialize<'a>>(
        &self,
        raw: &'a RawValue,
        expected: &str,
    ) -> Result<T, ReadError> {
        self.parse(raw, expected).map_err(fail)
    }

    pub(super) fn header(
        &self,
        record: &mut Record,
        raw: &'a RawValue,
        sink: &mut Sink,
    ) -> Result<(), ReadError> {
        let fields = match self.fields(raw) {
            Ok(f) => f,
            Err(d) => return sink.warn(d),
        };
        for (key, value) in fields {
            match self.parse::<String>(value, "a string") {
                Ok(v) => record.headers.push(key, v),
                Err(d) => sink.warn(d)?,
            }
        }
        Ok(())
    }

    /// `moves[0]`: comments on the start position.
    pub(super) fn initial_element(
        &self,
        b: &mut Builder,
        raw: &'a RawValue,
    ) -> Result<(), ReadError> {
        let e = self.element(b, raw)?;
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

    pub(super) fn element(
        &self,
        b: &mut Builder,
        raw: &'a RawValue,
    ) -> Result<Element<'a>, ReadError> {
        let mut e = Element::default();
        let fields = match self.fields(raw) {
            Ok(f) => f,
            Err(d) => {
                b.sink.warn(d)?;
                return Ok(e);
            }
        };
        for (key, value) in fields {
            let slot = match key.as_str() {
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
            if value.get().trim() != "null" {
                *slot = Some(value);
            }
        }
        Ok(e)
    }

    /// A line of elements, the first at ply `ply`; then the forks, latest branch first (the
    /// order Kifu for Windows writes variations in, so that trees match other formats').
    pub(super) fn line(
        &self,
        b: &mut Builder,
        elements: &[&'a RawValue],
        ply: u32,
    ) -> Result<(), ReadError> {
        let mut forks = Vec::new();
        for (i, &raw) in elements.iter().enumerate() {
            if self.too_many(b, raw)? {
                return Ok(());
            }
            let e = self.element(b, raw)?;
            self.one(b, &e, raw)?;
            if let Some(f) = e.forks {
                forks.push((ply + i as u32, f));
            }
        }
        for (at_ply, raw) in forks.into_iter().rev() {
            let lines: Vec<Vec<&'a RawValue>> = match self.parse(raw, "an array of move arrays") {
                Ok(l) => l,
                Err(d) => {
                    b.sink.warn(d)?;
                    continue;
                }
            };
            for fork in lines {
                let at = fork
                    .first()
                    .map_or_else(|| self.origin(raw), |r| self.origin(r));
                b.start_variation(at_ply, &at)?;
                self.line(b, &fork, at_ply)?;
            }
        }
        Ok(())
    }

    /// Whether reading has stopped after [`MAX_WARNINGS`] problems (reported once).
    pub(super) fn too_many(&self, b: &mut Builder, raw: &'a RawValue) -> Result<bool, ReadError> {
        if self.stopped.get() {
            return Ok(true);
        }
        if b.sink.list.len() < MAX_WARNINGS {
            return Ok(false);
        }
        self.stopped.set(true);
        let d = self
            .origin(raw)
            .diag(DiagnosticKind::Dropped)
            .detail(format!("{MAX_WARNINGS} problems: reading stopped here"));
        b.sink.warn(d)?;
        Ok(true)
    }

    /// One element: its move or special, then its time and comments on the new node.
    pub(super) fn one(
        &self,
        b: &mut Builder,
        e: &Element<'a>,
        raw: &'a RawValue,
    ) -> Result<(), ReadError> {
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
        if let Some(t) = e.time {
            match self.time(t) {
                Ok(time) => b.record.tree[id].time = Some(time),
                Err(d) => b.sink.warn(d)?,
            }
        }
        if let Some(c) = e.comments {
            self.comments(b, id, c)?;
        }
        Ok(())
    }

    pub(super) fn comments(
        &self,
        b: &mut Builder,
        id: NodeId,
        raw: &'a RawValue,
    ) -> Result<(), ReadError> {
        // The schema's `moves[0].comment` is one string; everywhere else an array.
        let list: Vec<String> = match raw.get().trim_start().starts_with('"') {
            true => self.parse::<String>(raw, "a string").map(|s| vec![s]),
            false => self.parse(raw, "an array of strings"),
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

    pub(super) fn special(
        &self,
        b: &mut Builder,
        raw: &'a RawValue,
    ) -> Result<Option<NodeId>, ReadError> {
        let at = self.origin(raw);
        let word: String = match self.parse(raw, "a special name") {
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

    pub(super) fn play(
        &self,
        b: &mut Builder,
        raw: &'a RawValue,
    ) -> Result<Option<NodeId>, ReadError> {
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
        if m.color != to_move {
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
