//! The CSA writer: V2.2 or V3.0, the main line only.

use std::time::Duration;

use shogi::{Color, Piece, PieceKind, Setup, Square};

use super::codes;
use super::lex::CsaMove;
use super::read::INFO_KEYS;
use crate::encoding::{self, Encoded, TextEncoding};
use crate::record::{HeaderKey, NodeId, NodeKind, Record};
use crate::write::{left_out, special_word_left_out, trailer_left_out};

/// The CSA version to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Version {
    /// V2.2 (2008): whole seconds.
    V2_2,
    /// V3.0 (2024): `'CSA encoding=` first line, times with milliseconds.
    #[default]
    V3_0,
}

/// How to write CSA.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WriteOptions {
    /// The version.
    pub version: Version,
    /// The encoding the text will be saved in: V3.0 declares it on its first line, V2.2 only
    /// for Shift_JIS (`'encoding=Shift_JIS`, as Kifu for Windows writes).
    pub encoding: TextEncoding,
}

/// Something of the record that CSA cannot hold and the writer left out.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dropped {
    /// A variation (this node and everything after it): CSA has only the main line.
    Variation(NodeId),
    /// The bookmarks of a node (CSA has none).
    Bookmarks(NodeId),
    /// The total time of a node (CSA `T` holds only the time spent on the move).
    TotalTime(NodeId),
    /// The fraction of a second of a node's time (V2.2 writes whole seconds, V3.0
    /// milliseconds).
    SubSecond(NodeId),
    /// The `まで` trailer of a node.
    Trailer(NodeId),
    /// A header line CSA has no place for (a `手合割` naming another start than the
    /// position's, a key with a `:` or a line break in it).
    Header(String),
    /// A header-area line kept verbatim by a KIF reader ([`Record::other_lines`]).
    OtherLine(String),
    /// The move number of the start position (CSA positions always start at 1).
    MoveNumber(u32),
    /// A recorded foul no CSA move names: a piece promoted that has no promoted side (CSA
    /// gives the piece after the move, so `金成` would read back as the legal `金`), or a
    /// drop of a kind no hand holds. The main line ends before it.
    Foul(NodeId),
    /// An ending no rule knows whose word CSA cannot hold as it is: one that spells a
    /// known ending (`JISHOGI`, `投了`: it reads back as that one), or with a `,` or a line
    /// break in it (it is written up to there).
    SpecialWord(NodeId),
    /// A program comment with a line starting with `*`: CSA reads `'*` as a comment of
    /// the start position, so that line comes back as one.
    ProgramCommentAsComment(String),
    /// The line breaks of a header's value (the key): a CSA header is one line, so each is
    /// written `\n` as V3.0's `$NOTE` writes them, and reads back as those two characters.
    HeaderLineBreaks(String),
}

impl Dropped {
    /// What was left out, in words for a note to the user (`the variation from ply 12`,
    /// `the header 手合割`); `record` is the record that was written.
    #[must_use]
    pub fn describe(&self, record: &Record) -> String {
        match self {
            Dropped::Variation(id) => left_out(record, *id, "the variation starting"),
            Dropped::Bookmarks(id) => left_out(record, *id, "the bookmarks"),
            Dropped::TotalTime(id) => left_out(record, *id, "the total time"),
            Dropped::SubSecond(id) => left_out(record, *id, "the fraction of a second"),
            Dropped::Trailer(id) => trailer_left_out(record, *id),
            Dropped::Header(key) => format!("the header {}", key.escape_debug()),
            Dropped::OtherLine(line) => format!("the header-area line {line}"),
            Dropped::MoveNumber(n) => format!("the start position's move number {n}"),
            Dropped::Foul(id) => left_out(record, *id, "the foul"),
            Dropped::SpecialWord(id) => special_word_left_out(record, *id),
            Dropped::ProgramCommentAsComment(text) => {
                format!("the program comment {text} (CSA reads it as a comment)")
            }
            Dropped::HeaderLineBreaks(key) => format!(
                "the line breaks of the header {} (written as \\n)",
                key.escape_debug()
            ),
        }
    }
}

/// CSA text and what it could not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The text, with LF line ends.
    pub text: String,
    /// What was left out, in record order.
    pub dropped: Vec<Dropped>,
    /// The encoding the options named.
    pub encoding: TextEncoding,
}

impl Written {
    /// The text encoded for saving; characters the encoding cannot hold are listed.
    #[must_use]
    pub fn to_bytes(&self) -> Encoded {
        encoding::encode(&self.text, self.encoding)
    }
}

/// Writes CSA V3.0 text declaring UTF-8 (what [`write()`] reports as left out is dropped).
#[must_use]
pub fn to_string(record: &Record) -> String {
    write(record, &WriteOptions::default()).text
}

/// Writes CSA bytes in `options.encoding`, listing characters it cannot hold.
#[must_use]
pub fn to_bytes(record: &Record, options: &WriteOptions) -> Encoded {
    write(record, options).to_bytes()
}

/// Writes a record as CSA: the headers, the start position (`PI` for the even game and the
/// handicaps, rows and `P+`/`P-` hands otherwise), the main line with `T` times and `'*`
/// comments, and the special that ends it. Specials CSA has no word for are written as
/// `%` and their KIF word (`%封じ手`), which the reader of this crate reads back.
#[must_use]
pub fn write(record: &Record, options: &WriteOptions) -> Written {
    let mut w = Writer {
        out: String::new(),
        dropped: Vec::new(),
        options: *options,
    };
    w.record(record);
    Written {
        text: w.out,
        dropped: w.dropped,
        encoding: options.encoding,
    }
}

/// Writes several records (a slice of them, or any iterator of references) into one file,
/// separated by `/` lines.
#[must_use]
pub fn write_all<'a>(
    records: impl IntoIterator<Item = &'a Record>,
    options: &WriteOptions,
) -> Written {
    join(records.into_iter().map(|r| write(r, options)), options)
}

/// Records written one by one with `options` ([`write()`]) as one file, as [`write_all`]
/// writes them: `/` lines between them, the declaration only at the start. For a caller
/// that also needs each record's [`Written::left_out`] (`dropped` is every part's, in
/// order).
#[must_use]
pub fn join(parts: impl IntoIterator<Item = Written>, options: &WriteOptions) -> Written {
    let mut text = String::new();
    let mut dropped = Vec::new();
    for (i, mut one) in parts.into_iter().enumerate() {
        if i > 0 {
            text.push_str("/\n");
            // Only the first record carries the declaration.
            if let Some(rest) = one.text.strip_prefix(&declaration(options)) {
                one.text = rest.to_owned();
            }
        }
        text.push_str(&one.text);
        dropped.append(&mut one.dropped);
    }
    Written {
        text,
        dropped,
        encoding: options.encoding,
    }
}

fn declaration(options: &WriteOptions) -> String {
    match (options.version, options.encoding) {
        (Version::V3_0, TextEncoding::ShiftJis) => "'CSA encoding=SHIFT_JIS\n".to_owned(),
        (Version::V3_0, _) => "'CSA encoding=UTF-8\n".to_owned(),
        (Version::V2_2, TextEncoding::ShiftJis) => "'encoding=Shift_JIS\n".to_owned(),
        (Version::V2_2, _) => String::new(),
    }
}

struct Writer {
    out: String,
    dropped: Vec<Dropped>,
    options: WriteOptions,
}

impl Writer {
    fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn record(&mut self, record: &Record) {
        self.out.push_str(&declaration(&self.options));
        self.line(match self.options.version {
            Version::V2_2 => "V2.2",
            Version::V3_0 => "V3.0",
        });
        for c in &record.program_comments {
            self.program_comment(c);
        }
        self.headers(record);
        for line in &record.other_lines {
            self.dropped.push(Dropped::OtherLine(line.clone()));
        }
        self.start(record);
        self.moves(record);
    }

    fn headers(&mut self, record: &Record) {
        // The players first, then the other information, in the standard's order (readers
        // such as shogi-kifu-converter's refuse a `$` line before `N+`).
        let player = |key: &str| {
            matches!(
                HeaderKey::from_kif(key),
                Some(HeaderKey::Black | HeaderKey::White)
            )
        };
        let players = record.headers.entries().iter().filter(|h| player(&h.key));
        let others = record.headers.entries().iter().filter(|h| !player(&h.key));
        // The CSA keys written, with the header key that wrote each: a second header of
        // another name for the same key (`対局日` beside `開始日時`) would read back as a
        // second `開始日時`, so it is lost instead, and said to be.
        let mut written: Vec<(&str, &str)> = Vec::new();
        for h in players.chain(others) {
            let value = escape(&h.value);
            match HeaderKey::from_kif(&h.key) {
                Some(HeaderKey::Black) => {
                    self.note_line_breaks(h);
                    self.line(&format!("N+{value}"));
                }
                Some(HeaderKey::White) => {
                    self.note_line_breaks(h);
                    self.line(&format!("N-{value}"));
                }
                // The `PI` line states the start's handicap; another name is lost.
                Some(HeaderKey::Handicap)
                    if record.start.standard().is_some()
                        && crate::Handicap::from_name(&h.value) == record.start.standard() => {}
                Some(HeaderKey::Handicap) => self.dropped.push(Dropped::Header(h.key.clone())),
                key => {
                    let csa = INFO_KEYS
                        .iter()
                        .find(|(_, k)| Some(*k) == key)
                        .map_or(h.key.as_str(), |(c, _)| c);
                    let renamed = written.iter().any(|&(c, k)| c == csa && k != h.key);
                    // The key ends at the first `:` and the line at a line break.
                    if renamed || csa.contains([':', '\n', '\r']) {
                        self.dropped.push(Dropped::Header(h.key.clone()));
                    } else {
                        self.note_line_breaks(h);
                        written.push((csa, &h.key));
                        self.line(&format!("${csa}:{value}"));
                    }
                }
            }
        }
    }

    /// Reports a header whose value [`escape`] wrote with `\n` for its line breaks.
    fn note_line_breaks(&mut self, h: &crate::record::Header) {
        if h.value.contains(['\n', '\r']) {
            self.dropped.push(Dropped::HeaderLineBreaks(h.key.clone()));
        }
    }

    fn start(&mut self, record: &Record) {
        let setup = &record.start.setup;
        if setup.ply != 1 {
            self.dropped.push(Dropped::MoveNumber(setup.ply));
        }
        match record.start.standard() {
            Some(h) => self.line(&crate::handicap::csa_pi(h)),
            None => push_board(&mut self.out, setup),
        }
        self.line(&codes::sign(setup.turn).to_string());
        self.annotations(record, NodeId::ROOT);
    }

    fn moves(&mut self, record: &Record) {
        let mut turn = record.start.setup.turn;
        let tree = &record.tree;
        let mut at = NodeId::ROOT;
        for id in tree.main_line() {
            for &alt in tree[at].children().iter().skip(1) {
                self.dropped.push(Dropped::Variation(alt));
            }
            at = id;
            let node = &tree[id];
            match &node.kind {
                NodeKind::Move(m) if m.illegal && !csa_names(&m.mv) => {
                    // Nothing follows a foul but a special, which it ends the line before.
                    self.dropped.push(Dropped::Foul(id));
                    return;
                }
                NodeKind::Move(m) => {
                    // Writing to a `String` cannot fail.
                    let _ = CsaMove::from_move(&m.mv, turn).write_to(&mut self.out);
                    turn = turn.opposite();
                }
                NodeKind::Special(s) => {
                    let (word, reads_back) = codes::csa_special_word(s, turn);
                    if !reads_back {
                        self.dropped.push(Dropped::SpecialWord(id));
                    }
                    self.out.push('%');
                    self.out.push_str(&word);
                }
                NodeKind::Start => continue,
            }
            self.out.push('\n');
            // On a line of its own, as floodgate writes it
            // (cshogi's reader takes a time only there, not after a comma).
            self.time(id, node.time.as_ref());
            self.annotations(record, id);
        }
        for &alt in tree[at].children().iter().skip(1) {
            self.dropped.push(Dropped::Variation(alt));
        }
    }

    /// The `T` line of a node's time, if it has one, noting what it cannot hold.
    fn time(&mut self, id: NodeId, time: Option<&crate::MoveTime>) {
        let Some(time) = time else { return };
        if time.total.is_some() {
            self.dropped.push(Dropped::TotalTime(id));
        }
        let Some(spent) = time.spent else { return };
        self.out.push('T');
        if !seconds(&mut self.out, spent, self.options.version) {
            self.dropped.push(Dropped::SubSecond(id));
        }
        self.out.push('\n');
    }

    fn annotations(&mut self, record: &Record, id: NodeId) {
        let node = &record.tree[id];
        for c in &node.comments {
            self.comment_lines("'*", c);
        }
        for c in &node.program_comments {
            self.program_comment(c);
        }
        if !node.bookmarks.is_empty() {
            self.dropped.push(Dropped::Bookmarks(id));
        }
        if node.trailer.is_some() {
            self.dropped.push(Dropped::Trailer(id));
        }
    }

    fn program_comment(&mut self, c: &str) {
        // `'*` opens a comment.
        if crate::text::value_lines(c).any(|line| line.starts_with('*')) {
            self.dropped
                .push(Dropped::ProgramCommentAsComment(c.to_owned()));
        }
        self.comment_lines("'", c);
    }

    fn comment_lines(&mut self, mark: &str, text: &str) {
        // Every line break a reader takes (a lone `\r` too) starts a line of its own.
        for part in crate::text::value_lines(text) {
            self.out.push_str(mark);
            self.line(part);
        }
    }
}

/// A board cell: ` * ` or `+FU`.
/// A position in CSA, as a record's start writes it: the rows `P1` to `P9`, a `P+` and a
/// `P-` line for the hands that hold pieces (`00` and the piece, the rook first), and the
/// side to move's sign, each line ended by a newline (cshogi's `Board.csa_pos`). The move
/// number is not part of it.
///
/// ```
/// use masu_kif::csa;
/// use masu_kif::shogi::Position;
///
/// let pos: Position = "4k4/9/9/9/9/9/9/7R1/4K4 b 2Gp 1".parse()?;
/// let text = csa::position_to_string(&pos.to_setup());
/// assert!(text.starts_with("P1 *  *  *  * -OU *  *  *  * \n"));
/// assert!(text.ends_with("P9 *  *  *  * +OU *  *  *  * \nP+00KI00KI\nP-00FU\n+\n"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn position_to_string(setup: &Setup) -> String {
    let mut out = String::with_capacity(400);
    push_board(&mut out, setup);
    out.push(codes::sign(setup.turn));
    out.push('\n');
    out
}

/// Appends the board rows and the hands of `setup`, each line ended by a newline.
fn push_board(out: &mut String, setup: &Setup) {
    // Pushed a character or a code at a time: a string formatted for each of the 81 cells
    // cost most of the board's writing.
    for rank in 1..=9u8 {
        out.push('P');
        out.push(char::from(b'0' + rank));
        for file in (1..=9u8).rev() {
            let piece = Square::new(file, rank).and_then(|sq| setup.piece_at(sq));
            push_cell(out, piece);
        }
        out.push('\n');
    }
    for color in Color::ALL {
        let hand = setup.hands.get(color);
        if hand.is_empty() {
            continue;
        }
        out.push('P');
        out.push(codes::sign(color));
        for kind in PieceKind::HAND.iter().rev() {
            for _ in 0..hand.count(*kind) {
                out.push_str("00");
                out.push_str(codes::code(*kind));
            }
        }
        out.push('\n');
    }
}

/// Appends a board cell: ` * ` when empty, the sign and code of its piece (`-RY`).
fn push_cell(out: &mut String, piece: Option<Piece>) {
    match piece {
        None => out.push_str(" * "),
        Some(p) => {
            out.push(codes::sign(p.color));
            out.push_str(codes::code(p.kind));
        }
    }
}

/// Writes `T` seconds as the version writes them; whether nothing was cut.
fn seconds(out: &mut String, d: Duration, version: Version) -> bool {
    let nanos = d.subsec_nanos();
    crate::text::push_number(out, d.as_secs(), 0, '0');
    if version == Version::V3_0 && nanos != 0 {
        out.push('.');
        crate::text::push_number(out, u64::from(nanos / 1_000_000), 3, '0');
        return nanos.is_multiple_of(1_000_000);
    }
    nanos == 0
}

/// Header values are one line: a line break becomes `\n` as V3.0 `$NOTE` writes it.
fn escape(value: &str) -> String {
    if value.contains(['\n', '\r']) {
        value.replace("\r\n", "\\n").replace(['\n', '\r'], "\\n")
    } else {
        value.to_owned()
    }
}

/// Whether a CSA move names `mv`: CSA writes the piece after the move, so a promotion needs
/// a promoted side, and a drop a kind a hand holds.
fn csa_names(mv: &shogi::Move) -> bool {
    match *mv {
        shogi::Move::Normal { kind, promote, .. } => !promote || kind.promoted().is_some(),
        shogi::Move::Drop { kind, .. } => kind.is_hand_kind(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_by_version() {
        let seconds = |d, version| {
            let mut text = String::new();
            let exact = seconds(&mut text, d, version);
            (text, exact)
        };
        let d = Duration::from_millis(12_345);
        assert_eq!(seconds(d, Version::V3_0), ("12.345".to_owned(), true));
        assert_eq!(seconds(d, Version::V2_2), ("12".to_owned(), false));
        assert_eq!(
            seconds(Duration::from_secs(3), Version::V3_0),
            ("3".to_owned(), true)
        );
        let fine = Duration::new(1, 1);
        assert_eq!(seconds(fine, Version::V3_0), ("1.000".to_owned(), false));
    }

    #[test]
    fn cells() {
        let mut out = String::new();
        push_cell(&mut out, None);
        push_cell(&mut out, Some(Piece::new(Color::White, PieceKind::Dragon)));
        assert_eq!(out, " * -RY");
    }
}
