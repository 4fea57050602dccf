//! The JKF writer.

use std::borrow::Cow;
use std::time::Duration;

use shogi::{Color, Move, PieceKind, Position, Setup, Square};

use super::json::{Json, close, newline, separator};
use crate::csa::codes;
use crate::movetext::{KifMove, Motion, Relative};
use crate::record::{NodeId, NodeKind, Record};
use crate::write::{left_out, special_word_left_out, trailer_left_out};
use crate::{Handicap, Special};

/// Something of the record that JKF cannot hold and the writer left out.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dropped {
    /// The `まで` trailer of a node.
    Trailer(NodeId),
    /// The fraction of a second of a node's time (JKF counts whole seconds).
    SubSecond(NodeId),
    /// A program comment ([`Record::program_comments`]).
    ProgramComment(String),
    /// A header-area line kept verbatim by a KIF reader ([`Record::other_lines`]).
    OtherLine(String),
    /// The move number of the start position (JKF positions start at 1).
    MoveNumber(u32),
    /// A comment that starts with `&`, which JKF holds only as a bookmark
    /// (json-kifu-format keeps bookmarks as comments starting with `&`): it is written, and
    /// reads back as a bookmark.
    CommentAsBookmark(NodeId, String),
    /// An ending no rule knows whose word JKF reads as a known one (`JISHOGI`, `投了`): it
    /// is written, and reads back as that ending.
    SpecialWord(NodeId),
}

impl Dropped {
    /// What was left out, in words for a note to the user (`the trailer まで3手で中断 at
    /// ply 4`); `record` is the record that was written.
    #[must_use]
    pub fn describe(&self, record: &Record) -> String {
        match self {
            Dropped::Trailer(id) => trailer_left_out(record, *id),
            Dropped::SubSecond(id) => left_out(record, *id, "the fraction of a second"),
            Dropped::ProgramComment(text) => format!("the program comment {text}"),
            Dropped::OtherLine(line) => format!("the header-area line {line}"),
            Dropped::MoveNumber(n) => format!("the start position's move number {n}"),
            Dropped::SpecialWord(id) => special_word_left_out(record, *id),
            Dropped::CommentAsBookmark(id, text) => left_out(
                record,
                *id,
                &format!("the comment {text} (JKF holds it as a bookmark)"),
            ),
        }
    }
}

/// JKF text and what it could not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The JSON text (UTF-8, two-space indents, LF line ends).
    pub text: String,
    /// What was left out, in record order.
    pub dropped: Vec<Dropped>,
}

/// Writes JKF text (what [`write()`] reports as left out is dropped).
#[must_use]
pub fn to_string(record: &Record) -> String {
    write(record).text
}

/// Writes a record as JKF: `header` (every header in order, duplicates kept), `initial`
/// (left out for the even game, a preset for the handicaps, `OTHER` with `data` otherwise),
/// `moves` with `forks` for the variations, `relative` where KI2 needs words to tell the
/// piece apart (as json-kifu-format's normaliser adds it), `time` (`now` and `total`; a record that gives
/// only one of them gets the other computed, as the schema requires both), `comments`
/// (bookmarks as comments starting with `&`, as json-kifu-format keeps them) and `special`.
/// Specials JKF has no name for are written with their CSA V3.0 or KIF word (`MAX_MOVES`,
/// `封じ手`), outside the schema's list; this crate reads them back.
#[must_use]
pub fn write(record: &Record) -> Written {
    let mut w = Writer {
        record,
        dropped: Vec::new(),
        totals: record.tree.mover_totals(),
    };
    let text = w.document();
    Written {
        text,
        dropped: w.dropped,
    }
}

struct Writer<'a> {
    record: &'a Record,
    dropped: Vec<Dropped>,
    /// For each node with a time, the mover's total time after it
    /// ([`MoveTree::mover_totals`](crate::MoveTree::mover_totals)).
    totals: Vec<Duration>,
}

/// Where the writer is in the tree; the stack of these replaces recursion on forks.
enum Frame {
    /// The elements of a line, in an array at `depth`: `at` is the next node (`None` at
    /// the end), `pos` the position before it when known (not after a recorded foul), and
    /// `count` the elements written so far.
    Line {
        at: Option<NodeId>,
        pos: Option<Position>,
        depth: usize,
        count: usize,
    },
    /// The `forks` of the element at `depth` written for the first child of `parent`: the
    /// other children from index `next` on, each a line from `pos`.
    Forks {
        parent: NodeId,
        next: usize,
        pos: Option<Position>,
        depth: usize,
    },
}

impl Writer<'_> {
    /// The whole text: header, initial and the moves, pretty as [`Json::write`] writes.
    fn document(&mut self) -> String {
        let r = self.record;
        for c in &r.program_comments {
            self.dropped.push(Dropped::ProgramComment(c.clone()));
        }
        for l in &r.other_lines {
            self.dropped.push(Dropped::OtherLine(l.clone()));
        }
        let header = Json::Object(
            r.headers
                .entries()
                .iter()
                .map(|h| (Cow::Owned(h.key.clone()), Json::text(h.value.clone())))
                .collect(),
        );
        let mut out = String::with_capacity(256 * r.tree.len() + 512);
        out.push('{');
        newline(&mut out, 1);
        out.push_str("\"header\": ");
        header.write(&mut out, 1);
        if let Some(initial) = self.initial() {
            out.push(',');
            newline(&mut out, 1);
            out.push_str("\"initial\": ");
            initial.write(&mut out, 1);
        }
        out.push(',');
        newline(&mut out, 1);
        out.push_str("\"moves\": [");
        newline(&mut out, 2);
        if self.record.tree[NodeId::ROOT].trailer.is_some() {
            self.dropped.push(Dropped::Trailer(NodeId::ROOT));
        }
        self.annotations(NodeId::ROOT, Json::object())
            .write(&mut out, 2);
        self.moves(&mut out);
        close(&mut out, ']', true, 1);
        close(&mut out, '}', true, 0);
        out.push('\n');
        out
    }

    fn initial(&mut self) -> Option<Json> {
        let start = &self.record.start;
        if start.setup.ply != 1 {
            self.dropped.push(Dropped::MoveNumber(start.setup.ply));
        }
        match start.standard() {
            Some(Handicap::Even) => None,
            Some(h) => {
                Some(Json::object().with("preset", Json::str(crate::handicap::jkf_preset(h))))
            }
            None => Some(
                Json::object()
                    .with("preset", Json::str("OTHER"))
                    .with("data", data(&start.setup)),
            ),
        }
    }

    /// The elements after `moves[0]`: the main line, each main child carrying its siblings
    /// as `forks`, in a loop over an explicit stack (forks nest without bound).
    fn moves(&mut self, out: &mut String) {
        let tree = &self.record.tree;
        let mut stack = vec![Frame::Line {
            at: tree[NodeId::ROOT].children().first().copied(),
            pos: self.record.start.position().ok(),
            depth: 1,
            count: 1,
        }];
        while let Some(frame) = stack.last_mut() {
            let push = match frame {
                Frame::Line {
                    at,
                    pos,
                    depth,
                    count,
                } => {
                    let Some(id) = *at else {
                        let depth = *depth;
                        stack.pop();
                        // The main line's array is closed by `document`.
                        if !stack.is_empty() {
                            close(out, ']', true, depth);
                        }
                        continue;
                    };
                    let depth = *depth + 1;
                    separator(out, *count, false, depth);
                    *count += 1;
                    let element = self.element(id, pos.as_ref());
                    let node = &tree[id];
                    let parent = node.parent().unwrap_or(NodeId::ROOT);
                    let siblings = tree[parent].children();
                    let forks = siblings.len() > 1 && siblings.first() == Some(&id);
                    let before = if forks { pos.clone() } else { None };
                    *pos = match (pos.take(), node.recorded_move()) {
                        (Some(mut p), Some(m)) if !m.illegal && p.is_legal(&m.mv) => {
                            p.play_unchecked(m.mv);
                            Some(p)
                        }
                        _ => None,
                    };
                    *at = node.children().first().copied();
                    if !forks {
                        element.write(out, depth);
                        continue;
                    }
                    element.write_open(out, depth, false);
                    let fields = match &element {
                        Json::Object(f) => f.len(),
                        _ => 0,
                    };
                    separator(out, fields, false, depth + 1);
                    out.push_str("\"forks\": [");
                    Frame::Forks {
                        parent,
                        next: 1,
                        pos: before,
                        depth,
                    }
                }
                Frame::Forks {
                    parent,
                    next,
                    pos,
                    depth,
                } => {
                    let depth = *depth;
                    let Some(&alt) = tree[*parent].children().get(*next) else {
                        stack.pop();
                        close(out, ']', true, depth + 1);
                        close(out, '}', true, depth);
                        continue;
                    };
                    separator(out, *next - 1, false, depth + 2);
                    out.push('[');
                    *next += 1;
                    Frame::Line {
                        at: Some(alt),
                        pos: pos.clone(),
                        depth: depth + 2,
                        count: 0,
                    }
                }
            };
            stack.push(push);
        }
    }

    fn element(&mut self, id: NodeId, pos: Option<&Position>) -> Json {
        let r = self.record;
        let node = &r.tree[id];
        let to_move = side_at(r, node.ply());
        let mut e = Json::object();
        match &node.kind {
            NodeKind::Move(m) => e = e.with("move", self.jkf_move(id, &m.mv, to_move, pos)),
            NodeKind::Special(s) => {
                if !codes::reads_back(s, to_move) {
                    self.dropped.push(Dropped::SpecialWord(id));
                }
                e = e.with("special", Json::text(special(s, to_move)));
            }
            NodeKind::Start => {}
        }
        if let Some(time) = self.time(id) {
            e = e.with("time", time);
        }
        if node.trailer.is_some() {
            self.dropped.push(Dropped::Trailer(id));
        }
        self.annotations(id, e)
    }

    fn annotations(&mut self, id: NodeId, e: Json) -> Json {
        let node = &self.record.tree[id];
        for c in node.comments.iter().filter(|c| c.starts_with('&')) {
            self.dropped.push(Dropped::CommentAsBookmark(id, c.clone()));
        }
        // JKF has no program comments, at the head or between moves.
        for c in &node.program_comments {
            self.dropped.push(Dropped::ProgramComment(c.clone()));
        }
        let mut list: Vec<Json> = node
            .comments
            .iter()
            .map(|c| Json::text(c.clone()))
            .collect();
        list.extend(node.bookmarks.iter().map(|b| Json::text(format!("&{b}"))));
        if list.is_empty() {
            e
        } else {
            e.with("comments", Json::Array(list))
        }
    }

    fn jkf_move(&self, id: NodeId, mv: &Move, color: Color, pos: Option<&Position>) -> Json {
        let mut j = Json::object().with("color", Json::Int(color as i64));
        if let Some(from) = mv.from() {
            j = j.with("from", place(from));
        }
        j = j
            .with("to", place(mv.to()))
            .with("piece", Json::str(codes::code(mv.kind())));
        let previous = self.record.tree[id]
            .parent()
            .and_then(|p| self.record.tree[p].recorded_move())
            .map(|m| m.mv.to());
        if previous == Some(mv.to()) {
            j = j.with("same", Json::Bool(true));
        }
        // A recorded foul may promote where it cannot: say so, or it reads back otherwise.
        if can_promote(mv, color) || mv.is_promotion() {
            j = j.with("promote", Json::Bool(mv.is_promotion()));
        }
        if let Some(c) = mv.capture() {
            j = j.with("capture", Json::str(codes::code(c)));
        }
        match pos.filter(|p| p.is_legal(mv)).map(|p| relative(p, mv)) {
            Some(rel) if !rel.is_empty() => j.with("relative", Json::text(rel)),
            // An illegal drop (a recorded foul) says it is one: without `from`, a reader
            // takes a board move of the piece to the square when one is legal.
            None if mv.is_drop() => j.with("relative", Json::str("H")),
            _ => j,
        }
    }

    /// `now` and `total`; the missing one computed from the mover's other moves.
    fn time(&mut self, id: NodeId) -> Option<Json> {
        let t = self.record.tree[id].time?;
        if t.spent.is_none() && t.total.is_none() {
            return None;
        }
        let previous_total = self.mover_total_before(id);
        let spent = t
            .spent
            .unwrap_or_else(|| t.total.unwrap_or_default().saturating_sub(previous_total));
        let total = t.total.unwrap_or(previous_total.saturating_add(spent));
        if spent.subsec_nanos() != 0 || total.subsec_nanos() != 0 {
            self.dropped.push(Dropped::SubSecond(id));
        }
        let secs = spent.as_secs();
        let now = Json::object()
            .with("m", Json::Int((secs / 60) as i64))
            .with("s", Json::Int((secs % 60) as i64));
        Some(Json::object().with("now", now).with("total", hms(total)))
    }

    /// The mover's total time before node `id`: its total after its previous move.
    fn mover_total_before(&self, id: NodeId) -> Duration {
        let tree = &self.record.tree;
        tree[id]
            .parent()
            .and_then(|p| tree[p].parent())
            .and_then(|g| self.totals.get(g.index()).copied())
            .unwrap_or_default()
    }
}

fn hms(d: Duration) -> Json {
    let s = d.as_secs();
    Json::object()
        .with("h", Json::Int((s / 3600) as i64))
        .with("m", Json::Int((s / 60 % 60) as i64))
        .with("s", Json::Int((s % 60) as i64))
}

fn place(sq: Square) -> Json {
    Json::object()
        .with("x", Json::Int(i64::from(sq.file())))
        .with("y", Json::Int(i64::from(sq.rank())))
}

/// The side to move at ply `ply` (the first move is ply 1).
fn side_at(record: &Record, ply: u32) -> Color {
    let start = record.start.setup.turn;
    if ply % 2 == 1 {
        start
    } else {
        start.opposite()
    }
}

/// Whether the move had the choice (or duty) to promote: JKF then says `promote`.
fn can_promote(mv: &Move, color: Color) -> bool {
    let Some(from) = mv.from() else { return false };
    let zone = |sq: Square| match color {
        Color::Black => sq.rank() <= 3,
        Color::White => sq.rank() >= 7,
    };
    mv.kind().can_promote() && (zone(from) || zone(mv.to()))
}

/// The JKF `relative` of a legal move, as json-kifu-format's normaliser writes it: the KI2
/// words that tell it apart from other pieces (左 直 右 as L C R, 上 寄 引 as U M D, 打 as H),
/// empty when nothing needs telling.
fn relative(pos: &Position, mv: &Move) -> String {
    let km = KifMove::ki2(pos, mv, None);
    let mut out = String::new();
    out.extend(km.relative.map(|r| match r {
        Relative::Left => 'L',
        Relative::Straight => 'C',
        Relative::Right => 'R',
    }));
    out.extend(km.motion.map(|m| match m {
        Motion::Up => 'U',
        Motion::Sideways => 'M',
        Motion::Down => 'D',
    }));
    if km.drop {
        out.push('H');
    }
    out
}

/// The JKF `special`: the CSA word without `%`.
fn special(s: &Special, to_move: Color) -> String {
    codes::special_word(s, to_move)
}

/// `initial.data`: `color`, `board[x-1][y-1]`, `hands` with every hand kind.
fn data(setup: &Setup) -> Json {
    let board = (1..=9u8)
        .map(|x| {
            Json::Array(
                (1..=9u8)
                    .map(
                        |y| match Square::new(x, y).and_then(|sq| setup.piece_at(sq)) {
                            Some(p) => Json::object()
                                .with("color", Json::Int(p.color as i64))
                                .with("kind", Json::str(codes::code(p.kind))),
                            None => Json::object(),
                        },
                    )
                    .collect(),
            )
        })
        .collect();
    let hands = Color::ALL
        .iter()
        .map(|&c| {
            let hand = setup.hands.get(c);
            Json::Object(
                PieceKind::HAND
                    .iter()
                    .map(|&k| {
                        (
                            Cow::Borrowed(codes::code(k)),
                            Json::Int(i64::from(hand.count(k))),
                        )
                    })
                    .collect(),
            )
        })
        .collect();
    Json::object()
        .with("color", Json::Int(setup.turn as i64))
        .with("board", Json::Array(board))
        .with("hands", Json::Array(hands))
}
