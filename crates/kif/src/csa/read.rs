//! The CSA reader: statements from [`statements`], the start position from the position
//! lines, then every move resolved in its position.

use std::ops::RangeInclusive;
use std::time::Duration;

use shogi::Color;

use super::codes;
use super::lex::{CsaMove, ParseCsaError, Statement, for_each_part};
use super::setup::SetupLines;
use crate::Format;
use crate::build::{Builder, Origin, Shift};
use crate::diag::{DiagnosticKind, Mode, ReadError, Sink, fail};
use crate::encoding;
use crate::encoding::starts_with_ignore_case;
use crate::record::{HeaderKey, MoveTime, NodeId, Record, StartPosition};
use crate::text::{Lines, short_lines};
use crate::{Diagnostic, Parsed};

/// CSA `$` keys and the KIF header names they are kept under (the canonical names of
/// [`HeaderKey`], so records convert between formats). Other keys are kept without `$`.
pub(crate) const INFO_KEYS: &[(&str, HeaderKey)] = &[
    ("EVENT", HeaderKey::Event),
    ("SITE", HeaderKey::Site),
    ("START_TIME", HeaderKey::StartTime),
    ("END_TIME", HeaderKey::EndTime),
    ("TIME_LIMIT", HeaderKey::TimeControl),
    ("OPENING", HeaderKey::Opening),
    ("NOTE", HeaderKey::Note),
    ("TIME+", HeaderKey::BlackTimeControl),
    ("TIME-", HeaderKey::WhiteTimeControl),
    ("MAX_MOVES", HeaderKey::MaxMoves),
    ("JISHOGI", HeaderKey::ImpasseRule),
];

/// The header name a `$` key is kept under.
fn info_key(key: &str) -> &str {
    // The V3.0 text also spells the per-side keys `$TIMET+` / `$TIMET-`.
    let key = match key {
        "TIMET+" => "TIME+",
        "TIMET-" => "TIME-",
        k => k,
    };
    INFO_KEYS
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(key, |(_, h)| h.kif_name())
}

/// Lines longer than this (in bytes) report problems against the statement alone.
const LONG_LINE: usize = 512;

/// Reading stops after this many problems (with a last diagnostic saying so): a file that
/// is not CSA at all should not cost memory in proportion to its size.
pub(crate) const MAX_WARNINGS: usize = 10_000;

/// Reads the first record of CSA text. A file holding several records (`/` lines) gives a
/// warning naming the line where the second starts; [`read_all_str`] reads them all.
///
/// # Errors
///
/// [`ReadError`]: the start position is invalid, or (in [`Mode::Strict`]) any statement
/// needed a warning.
pub fn read_str(text: &str, mode: Mode) -> Result<Parsed, ReadError> {
    let mut records = Records::new(text, mode);
    let first = records.next().unwrap_or_else(|| read_chunk(&[], mode));
    let mut parsed = first?;
    records.skip_blank();
    if records.lines.peek().is_none() {
        records.separator = None;
    }
    if let Some(line) = records.separator {
        let d = Diagnostic::new(DiagnosticKind::Dropped, line, "/", 1)
            .detail("the file holds more records, which read_all reads");
        Sink::new(mode).warn(d.clone())?;
        parsed.warnings.push(d);
    }
    Ok(parsed)
}

/// Reads every record of CSA text (records are separated by `/` lines). Text without a
/// record (blank, or only `/` lines) gives the one empty record that [`read_str`] gives, so
/// the first record is always [`read_str`]'s.
///
/// # Errors
///
/// The first record that fails, as [`read_str`].
pub fn read_all_str(text: &str, mode: Mode) -> Result<Vec<Parsed>, ReadError> {
    Ok(read_all_with_lines(text, mode)?
        .into_iter()
        .map(|(parsed, _)| parsed)
        .collect())
}

/// As [`read_all_str`], each record with the lines of the text it was read from (1-based):
/// from the line after the `/` before it to its own `/`, the last to the end. Together they
/// cover the text.
pub(crate) fn read_all_with_lines(
    text: &str,
    mode: Mode,
) -> Result<Vec<(Parsed, RangeInclusive<usize>)>, ReadError> {
    let mut records = Records::new(text, mode);
    let mut all = Vec::new();
    let mut start = 1;
    while let Some(parsed) = records.next() {
        let end = match records.separator {
            Some(line) if line >= start => line,
            _ => usize::MAX,
        };
        all.push((parsed?, start..=end));
        start = end.saturating_add(1);
    }
    if all.is_empty() {
        all.push((read_chunk(&[], mode)?, 1..=usize::MAX));
    }
    Ok(all)
}

/// Reads the first record of CSA bytes, detecting the encoding ([`crate::encoding::decode`]:
/// `'CSA encoding=` and `'encoding=` declarations, UTF-8, Shift_JIS, EUC-JP).
///
/// # Errors
///
/// As [`read_str`].
pub fn read_bytes(bytes: &[u8], mode: Mode) -> Result<Parsed, ReadError> {
    crate::read::read_decoded(bytes, Format::Csa, mode, read_str)
}

/// Reads every record of CSA bytes.
///
/// # Errors
///
/// As [`read_all_str`].
pub fn read_all_bytes(bytes: &[u8], mode: Mode) -> Result<Vec<Parsed>, ReadError> {
    let decoded = encoding::decode(bytes, Some(Format::Csa.ascii_encoding()))?;
    with_decoding_each(read_all_with_lines(&decoded.text, mode)?, &decoded, mode)
}

/// Notes how each record of a file was decoded, undecodable bytes said by the record whose
/// lines hold them (one bad byte in a game's comment damages that game only).
pub(crate) fn with_decoding_each(
    records: Vec<(Parsed, RangeInclusive<usize>)>,
    decoded: &encoding::Decoded<'_>,
    mode: Mode,
) -> Result<Vec<Parsed>, ReadError> {
    let marks = crate::read::Replaced::find(decoded);
    records
        .into_iter()
        .map(|(p, lines)| crate::read::with_decoding_of_lines(p, decoded, mode, &marks, lines))
        .collect()
}

/// The records of a CSA text, one at a time (a long multi-record file is never held as
/// records all at once).
#[derive(Debug)]
pub struct Records<'a> {
    /// Numbered lines not yet read.
    lines: std::iter::Peekable<std::iter::Enumerate<Lines<'a, true>>>,
    mode: Mode,
    /// The line of the last `/` read.
    separator: Option<usize>,
    /// The numbered lines of the record being read, kept for the next record's.
    chunk: Vec<(usize, &'a str)>,
}

/// Bytes of text a line is reckoned to take when making room for a record's lines (a move
/// line and its time line take 8 and 4, a comment some 60), and the most lines room is
/// made for at first: the list of lines then seldom grows and copies itself.
const BYTES_A_LINE: usize = 16;
const RESERVED_LINES: usize = 4096;

impl<'a> Records<'a> {
    /// The records of `text`, read in `mode`.
    #[must_use]
    pub fn new(text: &'a str, mode: Mode) -> Records<'a> {
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        Records {
            lines: short_lines(text).enumerate().peekable(),
            mode,
            separator: None,
            chunk: Vec::with_capacity((text.len() / BYTES_A_LINE).min(RESERVED_LINES)),
        }
    }

    fn skip_blank(&mut self) {
        while self
            .lines
            .peek()
            .is_some_and(|(_, l)| l.trim().is_empty() || is_separator(l))
        {
            self.lines.next();
        }
    }
}

impl Iterator for Records<'_> {
    type Item = Result<Parsed, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.skip_blank();
        self.lines.peek()?;
        self.chunk.clear();
        for (i, line) in self.lines.by_ref() {
            if is_separator(line) {
                self.separator = Some(i + 1);
                break;
            }
            self.chunk.push((i + 1, line));
        }
        Some(read_chunk(&self.chunk, self.mode))
    }
}

/// Whether `line` is a `/` between records (blanks around it allowed). Most lines start
/// with a statement's letter or sign and are told apart by that byte alone.
fn is_separator(line: &str) -> bool {
    match line.as_bytes().first() {
        Some(b) if b.is_ascii_graphic() && *b != b'/' => false,
        _ => line.trim() == "/",
    }
}

/// What the last move statement became, for the `T` that follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    Nothing,
    Node(NodeId),
    Failed,
}

/// Reading one record: the header area, then the moves.
#[derive(Debug)]
enum Stage {
    Header {
        record: Record,
        sink: Sink,
        lines: SetupLines,
    },
    Moves(Builder),
}

#[derive(Debug)]
struct Reader {
    stage: Stage,
    last: Last,
    /// Lines of the record: room for as many moves is made (a move and its time take one
    /// line or two).
    lines: usize,
}

fn read_chunk(lines: &[(usize, &str)], mode: Mode) -> Result<Parsed, ReadError> {
    let mut r = Reader {
        stage: Stage::Header {
            record: Record::new(),
            sink: Sink::new(mode),
            lines: SetupLines::default(),
        },
        last: Last::Nothing,
        lines: lines.len(),
    };
    for &(line, text) in lines {
        let long = text.len() > LONG_LINE;
        for_each_part(text, |part| {
            // Long lines quote the statement alone (its columns still the line's), so
            // reading stays linear in the input size.
            let at = if long {
                Origin {
                    text: &text[part.range.clone()],
                    column: 1,
                    shift: Shift {
                        chars: part.column - 1,
                        bytes: part.range.start,
                    },
                    ..Origin::line(line, text)
                }
            } else {
                Origin {
                    column: part.column,
                    ..Origin::line(line, text)
                }
            };
            r.statement(part.statement, &at)
        })?;
        if r.sink().list.len() >= MAX_WARNINGS {
            let d = Diagnostic::new(DiagnosticKind::Dropped, line, "", 1).detail(format!(
                "{MAX_WARNINGS} problems: reading stopped after line {line}"
            ));
            r.warn(d)?;
            break;
        }
    }
    let end = lines.last().map_or((1, ""), |&(l, t)| (l, t));
    let at = Origin::line(end.0, end.1);
    r.builder(None, &at)?;
    let Stage::Moves(b) = r.stage else {
        return Err(fail(at.diag(DiagnosticKind::BadPosition)));
    };
    // An illegal move at the end that no special explains is reported, as in KIF.
    let (record, warnings) = b.end()?;
    Ok(Parsed {
        record,
        warnings,
        format: Format::Csa,
        decoding: None,
    })
}

impl Reader {
    fn sink(&mut self) -> &mut Sink {
        match &mut self.stage {
            Stage::Header { sink, .. } => sink,
            Stage::Moves(b) => &mut b.sink,
        }
    }

    fn record(&mut self) -> &mut Record {
        match &mut self.stage {
            Stage::Header { record, .. } => record,
            Stage::Moves(b) => &mut b.record,
        }
    }

    fn warn(&mut self, d: Diagnostic) -> Result<(), ReadError> {
        self.sink().warn(d)
    }

    fn statement(&mut self, st: Statement<'_>, at: &Origin<'_>) -> Result<(), ReadError> {
        match st {
            Statement::Version(_) | Statement::Separator => {}
            Statement::Name { color, name } => {
                let key = match color {
                    Color::Black => HeaderKey::Black,
                    Color::White => HeaderKey::White,
                };
                self.record().headers.push(key.kif_name(), name);
            }
            Statement::Info { key, value } => {
                let key = info_key(key).to_owned();
                self.record().headers.push(key, value);
            }
            Statement::Handicap(_) | Statement::Row { .. } | Statement::Pieces { .. } => {
                self.position_line(&st, at)?;
            }
            Statement::Turn(color) => self.turn(color, at)?,
            Statement::Move(m) => self.play(m, at)?,
            Statement::Time(d) => self.time(d, at)?,
            Statement::Special(word) => self.special(word, at)?,
            Statement::Comment(c) => self.comment(c, at)?,
            Statement::ProgramComment(c) => self.program_comment(c, at)?,
            Statement::Bad(e) => self.unread(DiagnosticKind::UnknownLine, &e, at)?,
            Statement::BadTime(e) => self.unread(DiagnosticKind::BadTime, &e, at)?,
            Statement::BadMove(e) => self.bad_move(&e, at)?,
        }
        Ok(())
    }

    /// A statement that does not parse and is read past: reported as `kind`, at the column
    /// where it stops being one.
    fn unread(
        &mut self,
        kind: DiagnosticKind,
        e: &ParseCsaError,
        at: &Origin<'_>,
    ) -> Result<(), ReadError> {
        let d = at
            .diag_at(kind, at.column + e.column - 1)
            .expected(e.expected);
        self.warn(d)
    }

    /// A move that does not parse breaks the block, as an unreadable KIF move does: the
    /// game read stops before it, and the moves after it are reported as dropped.
    fn bad_move(&mut self, e: &ParseCsaError, at: &Origin<'_>) -> Result<(), ReadError> {
        self.builder(None, at)?
            .bad_move(at, at.column + e.column - 1, e.expected)?;
        self.last = Last::Failed;
        Ok(())
    }

    fn position_line(&mut self, st: &Statement<'_>, at: &Origin<'_>) -> Result<(), ReadError> {
        let Stage::Header { lines, .. } = &mut self.stage else {
            let d = at
                .diag(DiagnosticKind::UnknownLine)
                .detail("a position line after the moves started");
            return self.warn(d);
        };
        let (result, kind) = match *st {
            Statement::Handicap(list) => (lines.handicap(list), DiagnosticKind::BadBoard),
            Statement::Row { rank, cells } => (lines.row(rank, cells), DiagnosticKind::BadBoard),
            Statement::Pieces { color, list } => {
                (lines.pieces(color, list), DiagnosticKind::BadHand)
            }
            _ => (Ok(()), DiagnosticKind::BadBoard),
        };
        if let Err((column, what)) = result {
            let d = at.diag_at(kind, at.column + column - 1).detail(what);
            self.warn(d)?;
        }
        Ok(())
    }

    /// Ends the header area with the start position (Black to move unless `turn` says
    /// otherwise) and returns the move builder.
    fn builder(&mut self, turn: Option<Color>, at: &Origin<'_>) -> Result<&mut Builder, ReadError> {
        if let Stage::Header {
            record,
            sink,
            lines,
        } = &mut self.stage
        {
            // The header area ends here: its parts move into the builder.
            let (mut record, mut sink) = (std::mem::take(record), std::mem::take(sink));
            record.start = start(lines, turn.unwrap_or(Color::Black), &mut sink, at)?;
            let (pos, faults) = record
                .start
                .position_and_faults()
                .map_err(|e| fail(at.diag(DiagnosticKind::BadPosition).detail(e.to_string())))?;
            if !faults.is_empty() {
                let detail = crate::preamble::composed_detail(faults);
                sink.warn(at.diag(DiagnosticKind::BadPosition).detail(detail))?;
            }
            self.stage = Stage::Moves(Builder::new(record, pos, sink, self.lines));
        }
        match &mut self.stage {
            Stage::Moves(b) => Ok(b),
            Stage::Header { .. } => Err(fail(at.diag(DiagnosticKind::BadPosition))),
        }
    }

    fn in_header(&self) -> bool {
        matches!(self.stage, Stage::Header { .. })
    }

    fn turn(&mut self, color: Color, at: &Origin<'_>) -> Result<(), ReadError> {
        if !self.in_header() {
            let d = at
                .diag(DiagnosticKind::UnknownLine)
                .detail("a second turn line");
            return self.warn(d);
        }
        self.builder(Some(color), at).map(|_| ())
    }

    fn play(&mut self, m: CsaMove, at: &Origin<'_>) -> Result<(), ReadError> {
        if self.in_header() {
            let d = at
                .diag(DiagnosticKind::SideMark)
                .detail("no turn line (`+` or `-`) before the first move: the move's side starts");
            self.warn(d)?;
            self.builder(Some(m.color), at)?;
        }
        let b = self.builder(None, at)?;
        let to_move = b.side_to_move();
        // A move left out is reported so, not also as the other side's.
        if to_move != m.color && !b.leaves_out(true) {
            let d = at
                .diag(DiagnosticKind::SideMark)
                .ply(b.next_ply())
                .detail(format!("{} is to move", codes::sign(to_move)));
            b.sink.warn(d)?;
        }
        self.last = match b.add_move(&m.to_kif_move(), None, at)? {
            Some(id) => Last::Node(id),
            None => Last::Failed,
        };
        Ok(())
    }

    fn special(&mut self, word: &str, at: &Origin<'_>) -> Result<(), ReadError> {
        let b = self.builder(None, at)?;
        let to_move = b.side_to_move();
        let special = codes::special(word, to_move);
        if matches!(special, crate::Special::Other(_)) {
            let d = at.diag(DiagnosticKind::UnknownSpecial).ply(b.next_ply());
            b.sink.warn(d)?;
        }
        self.last = match b.add_special(special, None, at)? {
            Some(id) => Last::Node(id),
            None => Last::Failed,
        };
        Ok(())
    }

    fn time(&mut self, spent: Duration, at: &Origin<'_>) -> Result<(), ReadError> {
        let (id, detail) = match self.last {
            Last::Node(id) => (id, None),
            Last::Nothing => (NodeId::ROOT, Some("a time before any move")),
            Last::Failed => (NodeId::ROOT, Some("the time of a move that was not read")),
        };
        if let Some(detail) = detail {
            let kind = if self.last == Last::Failed {
                DiagnosticKind::Dropped
            } else {
                DiagnosticKind::BadTime
            };
            return self.warn(at.diag(kind).detail(detail));
        }
        let node = &mut self.record().tree[id];
        if node.time.is_some() {
            let d = at
                .diag(DiagnosticKind::BadTime)
                .detail("a second time for the same move; kept the first");
            return self.warn(d);
        }
        node.time = Some(MoveTime {
            spent: Some(spent),
            total: None,
        });
        Ok(())
    }

    fn comment(&mut self, c: &str, at: &Origin<'_>) -> Result<(), ReadError> {
        let id = match &mut self.stage {
            Stage::Moves(b) => match b.note_node(at, "a comment")? {
                Some(id) => id,
                None => return Ok(()),
            },
            Stage::Header { .. } => NodeId::ROOT,
        };
        add_line(&mut self.record().tree[id].comments, c);
        Ok(())
    }

    fn program_comment(&mut self, c: &str, at: &Origin<'_>) -> Result<(), ReadError> {
        // The encoding declaration (first line only) is the writer's business, not the
        // record's.
        let head = c.trim_start().as_bytes();
        if at.line == 1
            && (starts_with_ignore_case(head, b"csa encoding=")
                || starts_with_ignore_case(head, b"encoding="))
        {
            return Ok(());
        }
        // Before the first move, the record's; after a move, that move's (and dropped with
        // a move that was not read).
        let id = match &mut self.stage {
            Stage::Moves(b) => b.note_node(at, "a program comment")?,
            Stage::Header { .. } => Some(NodeId::ROOT),
        };
        match id {
            Some(NodeId::ROOT) => self.record().program_comments.push(c.to_owned()),
            Some(id) => add_line(&mut self.record().tree[id].program_comments, c),
            None => {}
        }
        Ok(())
    }
}

/// Adds a comment line to a node's list. The first is the list, made for it alone: most
/// nodes of a CSA record have one comment (an engine's `'**` line), and a first `push` went
/// through the growing path of a `Vec`, room for four.
fn add_line(list: &mut Vec<String>, line: &str) {
    if list.is_empty() {
        *list = vec![line.to_owned()];
    } else {
        list.push(line.to_owned());
    }
}

/// The start position the header area gives.
fn start(
    lines: &SetupLines,
    turn: Color,
    sink: &mut Sink,
    at: &Origin<'_>,
) -> Result<StartPosition, ReadError> {
    if !lines.seen {
        let d = at
            .diag(DiagnosticKind::BadBoard)
            .detail("no start position (PI, P1-P9, P+/P-): the even game is assumed");
        sink.warn(d)?;
        let mut start = StartPosition::default();
        if turn != Color::Black {
            start.setup.turn = turn;
            start = StartPosition::from_setup(start.setup);
        }
        return Ok(start);
    }
    let missing = lines.missing_rows();
    if !missing.is_empty() {
        let rows: Vec<String> = missing.iter().map(u8::to_string).collect();
        let d = at.diag(DiagnosticKind::BadBoard).detail(format!(
            "rows {} are missing: taken as empty",
            rows.join(", ")
        ));
        sink.warn(d)?;
    }
    let (setup, problems) = lines.build(turn);
    for p in problems {
        sink.warn(at.diag(DiagnosticKind::BadBoard).detail(p))?;
    }
    Ok(StartPosition::from_setup(setup))
}
