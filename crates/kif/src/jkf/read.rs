//! The JKF reader: serde_json gives the objects with their place in the text; every move is
//! resolved in its position, forks become variations.

// The helpers return the `Diagnostic` of a bad value so the caller decides whether it is a
// warning or an error; it is large, but only built on bad input.
#![allow(clippy::result_large_err)]

use std::time::Duration;

use serde::Deserialize;
use serde_json::value::RawValue;
use shogi::{ByColor, Color, Hand, Piece, PieceKind, Setup, Square};

use super::json::{Fields, Locator};
use crate::build::{Builder, Origin};
use crate::csa::MAX_WARNINGS;
use crate::csa::codes;
use crate::diag::{DiagnosticKind, Mode, ReadError, Sink, fail};
use crate::encoding::{self, TextEncoding};
use crate::movetext::{KifMove, Motion, Relative};
use crate::record::{MoveTime, NodeId, Record, StartPosition};
use crate::{Decoding, Diagnostic, Handicap, Parsed};

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
    let decoded = encoding::decode(bytes, Some(TextEncoding::Utf8))?;
    let mut parsed = read_str(&decoded.text, mode)?;
    parsed.decoding = Some(Decoding::from(&decoded));
    if decoded.had_errors {
        let d = Diagnostic::new(DiagnosticKind::Encoding, 1, "", 1)
            .detail("bytes that no supported encoding decodes were replaced by U+FFFD");
        Sink::new(mode).warn(d.clone())?;
        parsed.warnings.push(d);
    }
    Ok(parsed)
}

struct Reader<'a> {
    loc: Locator<'a>,
    /// Set when reading stopped after too many problems.
    stopped: std::cell::Cell<bool>,
}

/// One element of a `moves` array, split into its fields.
#[derive(Default)]
struct Element<'a> {
    comments: Option<&'a RawValue>,
    mv: Option<&'a RawValue>,
    time: Option<&'a RawValue>,
    special: Option<&'a RawValue>,
    forks: Option<&'a RawValue>,
}

impl<'a> Reader<'a> {
    fn origin(&self, raw: &'a RawValue) -> Origin<'a> {
        let (line, text, column) = self.loc.at(raw);
        Origin { line, text, column }
    }

    /// Parses a value; a type error becomes a diagnostic at its place.
    fn parse<T: Deserialize<'a>>(
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

    fn fields(&self, raw: &'a RawValue) -> Result<Vec<(String, &'a RawValue)>, Diagnostic> {
        serde_json::from_str::<Fields<'a>>(raw.get())
            .map(|f| f.0)
            .map_err(|e| {
                let (line, text, column) = self.loc.at_error(Some(raw), &e);
                Diagnostic::new(DiagnosticKind::UnknownLine, line, text, column)
                    .expected("an object")
                    .detail(e.to_string())
            })
    }

    fn unknown(&self, key: &str, raw: &'a RawValue) -> Diagnostic {
        self.origin(raw)
            .diag(DiagnosticKind::UnknownLine)
            .detail(format!("field `{key}` is not part of JKF; ignored"))
    }

    fn record(&self, text: &'a str, mut sink: Sink) -> Result<Parsed, ReadError> {
        let top: Fields<'a> = serde_json::from_str(text).map_err(|e| {
            let (line, t, column) = self.loc.at_error(None, &e);
            fail(
                Diagnostic::new(DiagnosticKind::UnknownLine, line, t, column)
                    .expected("a JKF object")
                    .detail(e.to_string()),
            )
        })?;
        let mut record = Record::new();
        let mut moves = None;
        for (key, raw) in top.0 {
            match key.as_str() {
                "header" => self.header(&mut record, raw, &mut sink)?,
                "initial" => record.start = self.initial(raw, &mut sink)?,
                "moves" => moves = Some(raw),
                _ => sink.warn(self.unknown(&key, raw))?,
            }
        }
        let start = record.start.position().map_err(|e| {
            fail(Diagnostic::new(DiagnosticKind::BadPosition, 1, "", 1).detail(e.to_string()))
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

    fn parse_or_fail<T: Deserialize<'a>>(
        &self,
        raw: &'a RawValue,
        expected: &str,
    ) -> Result<T, ReadError> {
        self.parse(raw, expected).map_err(fail)
    }

    fn header(
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

    fn initial(&self, raw: &'a RawValue, sink: &mut Sink) -> Result<StartPosition, ReadError> {
        if raw.get().trim() == "null" {
            return Ok(StartPosition::default());
        }
        let fields = self.fields(raw).map_err(fail)?;
        let mut preset = None;
        let mut data = None;
        for (key, value) in fields {
            match key.as_str() {
                "preset" => {
                    preset = Some((self.parse_or_fail::<String>(value, "a preset name")?, value))
                }
                "data" if value.get().trim() != "null" => data = Some(value),
                "data" => {}
                _ => sink.warn(self.unknown(&key, value))?,
            }
        }
        if let Some(data) = data {
            return self.data(data).map(StartPosition::from_setup).map_err(fail);
        }
        match preset {
            Some((name, value)) => match Handicap::from_jkf_preset(&name) {
                Some(h) => Ok(StartPosition::handicap(h)),
                None => {
                    let d = self
                        .origin(value)
                        .diag(DiagnosticKind::UnknownHandicap)
                        .detail(format!(
                            "preset `{name}` without `data`: starting from the even game"
                        ));
                    sink.warn(d)?;
                    Ok(StartPosition::default())
                }
            },
            None => {
                let d = self
                    .origin(raw)
                    .diag(DiagnosticKind::BadPosition)
                    .expected("`preset`");
                sink.warn(d)?;
                Ok(StartPosition::default())
            }
        }
    }

    /// `initial.data`: `board[x-1][y-1]`, `color`, `hands`.
    fn data(&self, raw: &'a RawValue) -> Result<Setup, Diagnostic> {
        let mut setup = Setup::default();
        for (key, value) in self.fields(raw)? {
            match key.as_str() {
                "color" => setup.turn = self.color(value)?,
                "board" => self.board(value, &mut setup)?,
                "hands" => setup.hands = self.hands(value)?,
                _ => return Err(self.unknown(&key, value)),
            }
        }
        Ok(setup)
    }

    fn color(&self, raw: &'a RawValue) -> Result<Color, Diagnostic> {
        match self.parse::<u8>(raw, "0 or 1")? {
            0 => Ok(Color::Black),
            1 => Ok(Color::White),
            _ => Err(self
                .origin(raw)
                .diag(DiagnosticKind::BadMove)
                .expected("0 or 1")),
        }
    }

    fn board(&self, raw: &'a RawValue, setup: &mut Setup) -> Result<(), Diagnostic> {
        let bad = |r: &RawValue, what: &str| {
            self.origin(r)
                .diag(DiagnosticKind::BadBoard)
                .expected(what.to_owned())
        };
        // An empty object stands for an empty board.
        if raw.get().trim_start().starts_with('{') {
            return match self.fields(raw)?.is_empty() {
                true => Ok(()),
                false => Err(bad(raw, "nine columns or {}")),
            };
        }
        let columns: Vec<Vec<&'a RawValue>> = self.parse(raw, "nine columns of nine squares")?;
        if columns.len() != 9 || columns.iter().any(|c| c.len() != 9) {
            return Err(bad(raw, "nine columns of nine squares"));
        }
        for (x, column) in columns.iter().enumerate() {
            for (y, cell) in column.iter().enumerate() {
                let piece = self.cell(cell)?;
                if let Some(sq) = Square::new(x as u8 + 1, y as u8 + 1) {
                    setup.set_piece(sq, piece);
                }
            }
        }
        Ok(())
    }

    fn cell(&self, raw: &'a RawValue) -> Result<Option<Piece>, Diagnostic> {
        let mut color = None;
        let mut kind = None;
        for (key, value) in self.fields(raw)? {
            let null = value.get().trim() == "null";
            match key.as_str() {
                "color" if !null => color = Some(self.color(value)?),
                "kind" if !null => kind = Some(self.kind(value)?),
                "color" | "kind" => {}
                _ => return Err(self.unknown(&key, value)),
            }
        }
        match (color, kind) {
            (Some(c), Some(k)) => Ok(Some(Piece::new(c, k))),
            (None, None) => Ok(None),
            _ => Err(self
                .origin(raw)
                .diag(DiagnosticKind::BadBoard)
                .expected("both `color` and `kind`, or neither")),
        }
    }

    fn kind(&self, raw: &'a RawValue) -> Result<PieceKind, Diagnostic> {
        let code: String = self.parse(raw, "a piece code")?;
        codes::kind(&code).ok_or_else(|| {
            self.origin(raw)
                .diag(DiagnosticKind::BadMove)
                .expected("a piece code FU KY KE GI KI KA HI OU TO NY NK NG UM RY")
        })
    }

    fn hands(&self, raw: &'a RawValue) -> Result<ByColor<Hand>, Diagnostic> {
        let list: Vec<&'a RawValue> = self.parse(raw, "two hands")?;
        let [black, white] = list.as_slice() else {
            return Err(self
                .origin(raw)
                .diag(DiagnosticKind::BadHand)
                .expected("two hands"));
        };
        Ok(ByColor {
            black: self.hand(black)?,
            white: self.hand(white)?,
        })
    }

    fn hand(&self, raw: &'a RawValue) -> Result<Hand, Diagnostic> {
        let mut hand = Hand::EMPTY;
        for (key, value) in self.fields(raw)? {
            let bad = || self.origin(value).diag(DiagnosticKind::BadHand);
            let kind = codes::kind(&key)
                .ok_or_else(|| bad().detail(format!("`{key}` is not a piece code")))?;
            let n: u8 = self.parse(value, "a count")?;
            // Schema-valid files may list kings and promoted kinds with count 0.
            if n > 0 || kind.is_hand_kind() {
                hand.set(kind, n).map_err(|e| bad().detail(e.to_string()))?;
            }
        }
        Ok(hand)
    }

    /// `moves[0]`: comments on the start position.
    fn initial_element(&self, b: &mut Builder, raw: &'a RawValue) -> Result<(), ReadError> {
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

    fn element(&self, b: &mut Builder, raw: &'a RawValue) -> Result<Element<'a>, ReadError> {
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
    fn line(&self, b: &mut Builder, elements: &[&'a RawValue], ply: u32) -> Result<(), ReadError> {
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
    fn too_many(&self, b: &mut Builder, raw: &'a RawValue) -> Result<bool, ReadError> {
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
    fn one(&self, b: &mut Builder, e: &Element<'a>, raw: &'a RawValue) -> Result<(), ReadError> {
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

    fn comments(&self, b: &mut Builder, id: NodeId, raw: &'a RawValue) -> Result<(), ReadError> {
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

    fn special(&self, b: &mut Builder, raw: &'a RawValue) -> Result<Option<NodeId>, ReadError> {
        let at = self.origin(raw);
        let word: String = match self.parse(raw, "a special name") {
            Ok(w) => w,
            Err(d) => {
                b.sink.warn(d)?;
                return Ok(None);
            }
        };
        let special = codes::special(&word, side_to_move(b));
        if matches!(special, crate::Special::Other(_)) {
            b.sink
                .warn(at.diag(DiagnosticKind::UnknownSpecial).ply(b.next_ply()))?;
        }
        b.add_special(special, None, &at)
    }

    fn play(&self, b: &mut Builder, raw: &'a RawValue) -> Result<Option<NodeId>, ReadError> {
        let at = self.origin(raw);
        let m = match self.jkf_move(raw) {
            Ok(m) => m,
            Err(d) => {
                b.sink.warn(d)?;
                b.break_block();
                return Ok(None);
            }
        };
        let to_move = side_to_move(b);
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
                        "`capture` says {}, the board has {found:?}",
                        codes::code(written)
                    ));
                b.sink.warn(d)?;
            }
        }
        Ok(id)
    }

    fn jkf_move(&self, raw: &'a RawValue) -> Result<JkfMove, Diagnostic> {
        let mut m = JkfMove::default();
        let mut has = (false, false, false);
        for (key, value) in self.fields(raw)? {
            let null = value.get().trim() == "null";
            match key.as_str() {
                "color" => (m.color, has.0) = (self.color(value)?, true),
                "from" if !null => m.from = Some(self.place(value)?),
                "to" => (m.to, has.1) = (self.place(value)?, true),
                "piece" => (m.piece, has.2) = (self.kind(value)?, true),
                "promote" if !null => m.promote = Some(self.parse(value, "true, false or null")?),
                "capture" if !null => m.capture = Some(self.kind(value)?),
                // `same` (同) only restates `to`; it is checked to be a boolean.
                "same" if !null => {
                    self.parse::<bool>(value, "true, false or null")?;
                }
                "relative" if !null => m.relative = self.relative(value)?,
                "from" | "promote" | "capture" | "same" | "relative" => {}
                _ => return Err(self.unknown(&key, value)),
            }
        }
        for (ok, name) in [(has.0, "`color`"), (has.1, "`to`"), (has.2, "`piece`")] {
            if !ok {
                return Err(self
                    .origin(raw)
                    .diag(DiagnosticKind::BadMove)
                    .expected(name.to_owned()));
            }
        }
        Ok(m)
    }

    fn place(&self, raw: &'a RawValue) -> Result<Square, Diagnostic> {
        let mut xy = (None, None);
        for (key, value) in self.fields(raw)? {
            match key.as_str() {
                "x" => xy.0 = Some(self.parse::<u8>(value, "1-9")?),
                "y" => xy.1 = Some(self.parse::<u8>(value, "1-9")?),
                _ => return Err(self.unknown(&key, value)),
            }
        }
        xy.0.zip(xy.1)
            .and_then(|(x, y)| Square::new(x, y))
            .ok_or_else(|| {
                self.origin(raw)
                    .diag(DiagnosticKind::BadMove)
                    .expected("{\"x\": 1-9, \"y\": 1-9}")
            })
    }

    /// `relative`: L/C/R (左 直 右), U/M/D (上 寄 引), H (打).
    fn relative(&self, raw: &'a RawValue) -> Result<Relative3, Diagnostic> {
        let s: String = self.parse(raw, "a relative word like `LU`")?;
        let mut r = Relative3::default();
        for c in s.chars() {
            match c {
                'L' => r.relative = Some(Relative::Left),
                'C' => r.relative = Some(Relative::Straight),
                'R' => r.relative = Some(Relative::Right),
                'U' => r.motion = Some(Motion::Up),
                'M' => r.motion = Some(Motion::Sideways),
                'D' => r.motion = Some(Motion::Down),
                'H' => r.drop = true,
                _ => {
                    return Err(self
                        .origin(raw)
                        .diag(DiagnosticKind::BadMove)
                        .expected("L C R U M D H"));
                }
            }
        }
        Ok(r)
    }

    fn time(&self, raw: &'a RawValue) -> Result<MoveTime, Diagnostic> {
        let mut t = MoveTime::default();
        for (key, value) in self.fields(raw)? {
            match key.as_str() {
                "now" => t.spent = Some(self.clock(value)?),
                "total" => t.total = Some(self.clock(value)?),
                _ => return Err(self.unknown(&key, value)),
            }
        }
        Ok(t)
    }

    fn clock(&self, raw: &'a RawValue) -> Result<Duration, Diagnostic> {
        let mut secs = 0u64;
        for (key, value) in self.fields(raw)? {
            let unit = match key.as_str() {
                "h" => 3600,
                "m" => 60,
                "s" => 1,
                _ => return Err(self.unknown(&key, value)),
            };
            if value.get().trim() == "null" {
                continue;
            }
            let n: u64 = self.parse(value, "a count of hours, minutes or seconds")?;
            secs = secs.saturating_add(n.saturating_mul(unit));
        }
        Ok(Duration::from_secs(secs))
    }
}

#[derive(Debug, Default, Clone, Copy)]
struct Relative3 {
    relative: Option<Relative>,
    motion: Option<Motion>,
    drop: bool,
}

/// A JKF `move` object.
#[derive(Debug, Clone, Copy)]
struct JkfMove {
    color: Color,
    from: Option<Square>,
    to: Square,
    piece: PieceKind,
    promote: Option<bool>,
    capture: Option<PieceKind>,
    relative: Relative3,
}

impl Default for JkfMove {
    fn default() -> JkfMove {
        JkfMove {
            color: Color::Black,
            from: None,
            to: Square::SQ_5E,
            piece: PieceKind::Pawn,
            promote: None,
            capture: None,
            relative: Relative3::default(),
        }
    }
}

impl JkfMove {
    /// The move as text to resolve. Normalised JKF gives `from` for every board move, so no
    /// `from` means a drop, unless `relative` says otherwise or the hand cannot drop it
    /// (files straight from a KI2 converter leave `from` out).
    fn kif_move(&self, b: &Builder) -> KifMove {
        let r = self.relative;
        let by_words = r.relative.is_some() || r.motion.is_some();
        let drop = self.from.is_none() && (r.drop || !by_words && self.drop_fits(b));
        KifMove {
            to: Some(self.to),
            same: false,
            piece: self.piece,
            relative: r.relative,
            motion: r.motion,
            promotion: self.promote,
            drop,
            from: self.from,
        }
    }
}

impl JkfMove {
    /// Whether a move without `from` is a drop: when the drop is legal, or when no board
    /// move of the piece reaches the square either (an illegal drop is kept as written).
    fn drop_fits(&self, b: &Builder) -> bool {
        let Some(pos) = b.position() else { return true };
        let drop = shogi::Move::Drop {
            kind: self.piece,
            to: self.to,
        };
        pos.is_legal(&drop)
            || !pos
                .legal_moves()
                .iter()
                .any(|m| !m.is_drop() && m.kind() == self.piece && m.to() == self.to)
    }
}

/// The side to move at the next ply, counted from the start.
fn side_to_move(b: &Builder) -> Color {
    let start = b.record.start.setup.turn;
    if b.next_ply() % 2 == 1 {
        start
    } else {
        start.opposite()
    }
}
