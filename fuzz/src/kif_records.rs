//! Targets that build records instead of parsing them: any record made of legal moves,
//! variations, specials, comments, bookmarks, clocks and headers, and trees thousands of
//! variations deep, written in every format and read back.
//!
//! What reads back, format by format (the normalisations the formats force):
//! - KIF: the whole record, but for a `手合割` header the writer adds for a handicap start;
//! - KI2: the tree without clocks (KI2 has none) and without `まで` trailers (the reader
//!   keeps the trailer that states a result on its special);
//! - JKF: the whole tree (clocks are built with both parts, as JKF writes both);
//! - CSA: the main line (moves, specials, comments, time spent), the headers by their
//!   canonical names; CSA has no variations, bookmarks or total times;
//! - USI: the moves of the main line;
//! - serde (JSON): the whole record, node ids included.
//!
//! Every text reads back without a diagnostic but one: a line of moves may go on past a
//! fourfold repetition that ended its game (the kings' shuffle of [`deep_tree_from_bytes`]
//! does), which readers report ([`DiagnosticKind::AfterRepetition`]) and a strict reading
//! refuses, so the texts are read leniently.
//!
//! Comments come from a list of fragments: a comment that spans lines, or starts with `&`
//! (JKF's way of writing a bookmark), cannot come back as written in every format.

use std::time::Duration;

use kif::shogi::{Move, Position};
use kif::{
    DiagnosticKind, Handicap, HeaderKey, Mode, MoveTime, MoveTree, NodeId, NodeKind, Parsed,
    ReadError, Record, Special, StartPosition, csa, jkf, ki2,
};

/// Comment and header fragments: Japanese and ASCII text, marks the formats use for
/// other things, spaces inside.
const FRAGMENTS: [&str; 16] = [
    "コメント",
    "a",
    "*",
    "**engine",
    "#",
    "変化：3手",
    "まで",
    "▲７六歩",
    "1 ７六歩(77)",
    "+7776FU",
    "'",
    "%TORYO",
    "{\"x\": [1]}",
    "\\n",
    "a b",
    "先手：x",
];

const SPECIALS: [Special; 15] = [
    Special::Resign,
    Special::Interrupt,
    Special::Repetition,
    Special::Impasse,
    Special::Draw,
    Special::Mate,
    Special::NoMate,
    Special::TimeUp,
    Special::IllegalWin,
    Special::IllegalLoss,
    Special::Declaration,
    Special::DefaultWin,
    Special::DefaultLoss,
    Special::SealedMove,
    Special::MaxMoves,
];

/// Reads bytes as a little program that builds a record; `None` when the bytes run out.
struct Program<'a> {
    bytes: std::slice::Iter<'a, u8>,
}

impl Program<'_> {
    fn next(&mut self) -> Option<u8> {
        self.bytes.next().copied()
    }

    fn fragment(&mut self) -> String {
        let a = self.next().unwrap_or(0);
        let b = self.next().unwrap_or(0);
        let mut text = FRAGMENTS[usize::from(a) % FRAGMENTS.len()].to_owned();
        if b & 1 == 1 {
            text.push_str(FRAGMENTS[usize::from(b >> 1) % FRAGMENTS.len()]);
        }
        text
    }
}

/// Builds a record from bytes: the first byte picks the start (the even game or a
/// handicap), then each byte is an instruction: play a legal move (or go into the child
/// that has it), step back (so that the next move starts a variation), end the line with a
/// special, add a comment, a bookmark, a clock or a header.
pub fn record_from_bytes(data: &[u8]) -> Record {
    let mut p = Program { bytes: data.iter() };
    let handicap = Handicap::ALL[usize::from(p.next().unwrap_or(0)) % Handicap::ALL.len()];
    let mut record = Record::with_start(StartPosition::handicap(handicap));
    let Ok(start) = record.start.position() else {
        return record;
    };
    // The current line: each node with the position after it.
    let mut line: Vec<(NodeId, Position)> = vec![(NodeId::ROOT, start)];
    let mut clock = [Duration::ZERO; 2];
    while let Some(op) = p.next() {
        // A special is a leaf: nothing follows it, but comments may still go on it.
        let ends = |id: NodeId| record.tree[id].special().is_some();
        if matches!(op % 8, 0..=2 | 4) && line.last().is_some_and(|&(id, _)| ends(id)) {
            line.pop();
        }
        let Some((at, pos)) = line.last().cloned() else {
            break;
        };
        match op % 8 {
            0..=2 => {
                let legal = pos.legal_moves();
                let Some(&mv) = legal.get(usize::from(p.next().unwrap_or(0)) % legal.len().max(1))
                else {
                    continue;
                };
                // `at` is never a special (popped above).
                let Some(child) =
                    existing(&record.tree, at, mv).or_else(|| record.push_move(at, mv))
                else {
                    continue;
                };
                let mut next = pos.clone();
                next.play_unchecked(mv);
                line.push((child, next));
            }
            3 if line.len() > 1 => {
                line.pop();
            }
            4 => {
                let special = SPECIALS[usize::from(p.next().unwrap_or(0)) % SPECIALS.len()].clone();
                if let Some(id) = record.tree.push(at, NodeKind::Special(special)) {
                    line.push((id, pos));
                }
            }
            5 => {
                let text = p.fragment();
                record.tree[at].comments.push(text);
            }
            6 => {
                let text = p.fragment();
                record.tree[at].bookmarks.push(text.replace(['&', '*'], ""));
            }
            _ if at != NodeId::ROOT && record.tree[at].time.is_none() => {
                let side = usize::from(record.tree[at].ply().is_multiple_of(2));
                let spent = Duration::from_secs(u64::from(p.next().unwrap_or(0)) * 7);
                clock[side] = clock[side].saturating_add(spent);
                record.tree[at].time = Some(MoveTime {
                    spent: Some(spent),
                    total: Some(clock[side]),
                });
            }
            _ => {
                let key = [HeaderKey::Black, HeaderKey::White, HeaderKey::Event]
                    [usize::from(p.next().unwrap_or(0)) % 3];
                let value = p.fragment();
                record.headers.push(key.kif_name(), value);
            }
        }
    }
    record
}

/// The child of `at` that has move `mv` (readers merge a repeated move into one node).
fn existing(tree: &MoveTree, at: NodeId, mv: Move) -> Option<NodeId> {
    tree[at]
        .children()
        .iter()
        .copied()
        .find(|&c| tree[c].recorded_move().is_some_and(|m| m.mv == mv))
}

/// The tree as KI2 holds it: without clocks and trailers.
fn as_ki2(tree: &MoveTree) -> MoveTree {
    let mut tree = tree.clone();
    let ids: Vec<NodeId> = tree.ids().collect();
    for id in ids {
        tree[id].time = None;
        tree[id].trailer = None;
    }
    tree
}

/// Headers by canonical key, without the `手合割` line a KIF writer adds.
fn headers(record: &Record) -> Vec<(String, String)> {
    record
        .headers
        .entries()
        .iter()
        .filter(|h| HeaderKey::from_kif(&h.key) != Some(HeaderKey::Handicap))
        .map(|h| {
            let key = HeaderKey::from_kif(&h.key)
                .map_or_else(|| h.key.clone(), |k| k.kif_name().to_owned());
            (key, h.value.clone())
        })
        .collect()
}

/// What CSA keeps of the main line: each node's move or special, comments and time spent.
fn csa_view(record: &Record) -> Vec<(NodeKind, Vec<String>, Option<Duration>)> {
    std::iter::once(NodeId::ROOT)
        .chain(record.tree.main_line())
        .map(|id| {
            let n = &record.tree[id];
            (
                n.kind.clone(),
                n.comments.clone(),
                n.time.and_then(|t| t.spent),
            )
        })
        .collect()
}

/// The record read back from `text`, which masu wrote as `format`: the reading `read`
/// (lenient) gives no diagnostic but that a line goes on past its fourfold repetition.
fn read_back(read: Result<Parsed, ReadError>, format: &str, text: &str) -> Record {
    let parsed = read.unwrap_or_else(|e| panic!("written {format} does not read: {e}\n{text}"));
    let other = parsed
        .warnings
        .iter()
        .find(|d| d.kind != DiagnosticKind::AfterRepetition);
    if let Some(d) = other {
        panic!("written {format} reads with a warning: {d}\n{text}");
    }
    parsed.record
}

/// Writes `record` in every format and checks what reads back (module docs).
pub fn check_round_trips(record: &Record) {
    crate::kif_formats::check_serde_holds(record);
    let text = kif::kif::to_string(record);
    crate::kif_formats::check_detected(&text, kif::Format::Kif);
    let back = read_back(kif::kif::read_str(&text, Mode::Lenient), "KIF", &text);
    assert_eq!(back.tree, record.tree, "KIF\n{text}");
    assert_eq!(back.start, record.start, "KIF\n{text}");
    assert_eq!(headers(&back), headers(record), "KIF\n{text}");

    let text = ki2::to_string(record);
    crate::kif_formats::check_detected(&text, kif::Format::Ki2);
    let back = read_back(ki2::read_str(&text, Mode::Lenient), "KI2", &text);
    assert_eq!(as_ki2(&back.tree), as_ki2(&record.tree), "KI2\n{text}");
    assert_eq!(back.start, record.start, "KI2\n{text}");

    let text = jkf::to_string(record);
    crate::kif_formats::check_detected(&text, kif::Format::Jkf);
    let back = read_back(jkf::read_str(&text, Mode::Lenient), "JKF", &text);
    assert_eq!(back.tree, record.tree, "JKF\n{text}");
    assert_eq!(back.start, record.start, "JKF\n{text}");
    assert_eq!(back.headers, record.headers, "JKF\n{text}");

    let text = csa::to_string(record);
    crate::kif_formats::check_detected(&text, kif::Format::Csa);
    let back = read_back(csa::read_str(&text, Mode::Lenient), "CSA", &text);
    assert_eq!(csa_view(&back), csa_view(record), "CSA\n{text}");
    assert_eq!(back.start, record.start, "CSA\n{text}");
    let expected = crate::kif_formats::players_first(headers(record));
    assert_eq!(headers(&back), expected, "CSA\n{text}");

    let end = record.main_line_end();
    let usi = record.usi(end).unwrap_or_else(|e| panic!("USI: {e}"));
    let back = Record::from_usi(&usi).unwrap_or_else(|e| panic!("{usi}: {e}"));
    assert_eq!(
        back.tree.moves_to(back.main_line_end()),
        record.tree.moves_to(end)
    );
    // The USI writer gives the same command and names what it leaves out: nothing only
    // when the record is that command's (an even start read back from it).
    let written = kif::usi::write(record).unwrap_or_else(|e| panic!("USI writer: {e}"));
    assert_eq!(written.text, usi);
    if written.dropped.is_empty() {
        assert_eq!(back.tree.len(), record.tree.len(), "{usi}");
    }
}

/// Any record built from the bytes writes and reads back in every format.
pub fn check_record_write_read(data: &[u8]) {
    check_round_trips(&record_from_bytes(data));
}

/// A tree up to 1,024 plies deep: each byte, used over and over, says how the line goes on
/// at one ply: through the first child (the main continuation) or through a variation,
/// and how many leaf alternatives the ply gets. The kings step forward and back so the
/// line can go on forever (past the fourfold repetition that ends the game at ply 12, as a
/// record may, its readers saying so once); every other legal move can be an alternative.
pub fn deep_tree_from_bytes(data: &[u8]) -> Record {
    let mut record = Record::new();
    let Some((&first, pattern)) = data.split_first() else {
        return record;
    };
    let pattern = if pattern.is_empty() {
        &[0][..]
    } else {
        pattern
    };
    let depth = (usize::from(first) + 1) * 4;
    let mut pos = Position::startpos();
    let mut at = NodeId::ROOT;
    for ply in 0..depth {
        let b = pattern[ply % pattern.len()];
        let shuffle = ["5i5h", "5a5b", "5h5i", "5b5a"][ply % 4];
        let legal = pos.legal_moves();
        let Some(&chain) = legal.iter().find(|m| m.to_usi().to_string() == shuffle) else {
            break;
        };
        let alternatives = legal
            .iter()
            .copied()
            .filter(|&m| m != chain)
            .skip(usize::from(b >> 3))
            .take(usize::from(b >> 1 & 3));
        let through_variation = b & 1 == 1;
        // `at` is the root or a move: moves can follow it.
        let main = (!through_variation)
            .then(|| record.push_move(at, chain))
            .flatten();
        for alt in alternatives {
            record.push_move(at, alt);
        }
        let Some(next) = main.or_else(|| record.push_move(at, chain)) else {
            break;
        };
        pos.play_unchecked(chain);
        at = next;
    }
    record
}

/// Deep trees write and read back in every format, and the tree's walks (clone,
/// equality, the cursor down its deepest line) finish.
pub fn check_deep_tree(data: &[u8]) {
    let record = deep_tree_from_bytes(data);
    let copy = record.clone();
    assert_eq!(copy, record);
    let mut cursor = match kif::Cursor::new(&record) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    while let Some(&last) = cursor.alternatives().last() {
        assert!(cursor.enter(last));
    }
    while cursor.back() {}
    check_round_trips(&record);
}
