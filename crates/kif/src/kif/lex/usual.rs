//! Move lines of the shape writers give them, `   1 ７六歩(77)   ( 0:16/00:00:16)+`, read
//! in one pass over their bytes: the number, the destination, the piece, one promotion or
//! drop word, the origin, the time field and `+`, each by its place and bytes. Read as any
//! move line (the number parsed as a string, the blanks trimmed as characters, the move
//! text through a cursor that decodes every character and looks each kanji up in a list),
//! such a line took some 190 instructions more (MEASUREMENTS.md). Any other shape (a side
//! mark, tabs or ideographic blanks before the move, `同` after a square, relative words,
//! `成銀`, a special word, an origin that does not read) is left to the general reading,
//! which gives the same answer for the lines read here (tests hold the two to it).

use shogi::{PieceKind, Square};

use super::{Line, MoveBody, MoveLine, kifu_for_windows_secs, move_time, tail};
use crate::movetext::KifMove;
use crate::text;

/// Reads `line` into `m` (a blank move line) when it has the usual shape; false, with `m`
/// untouched, when it has another.
pub(super) fn move_line<'a>(line: &'a str, m: &mut MoveLine<'a>) -> bool {
    let Some(at) = read(line.as_bytes(), m) else {
        return false;
    };
    if at < line.len() {
        tail(line, at, m);
    }
    true
}

/// A usual move line at the start of `text` (the rest of a record) that the usual reading
/// takes to its end, read into `out`; the line's length, none for any other line (`out`
/// then unspecified). The line's end is found by reading it: looked for first, a byte at
/// a time or by `memchr2`, it mispredicted at the end of every line.
pub(crate) fn move_line_at<'a>(text: &'a str, out: &mut Line<'a>) -> Option<usize> {
    // None of the bytes the usual reading takes is a line end, and what follows the line
    // reads as its end would: the line's reading is this one.
    if !matches!(text.as_bytes().first(), Some(b' ' | b'0'..=b'9')) {
        return None;
    }
    *out = Line::Move(MoveLine::BLANK);
    let Line::Move(m) = out else { return None };
    let end = read(text.as_bytes(), m)?;
    matches!(text.as_bytes().get(end), None | Some(b'\n' | b'\r')).then_some(end)
}

/// Reads the usual parts of a move line at the start of `b` into `m` (a blank move line):
/// where they end, none (with `m` untouched) when the line does not have the usual shape.
fn read(b: &[u8], m: &mut MoveLine<'_>) -> Option<usize> {
    let spaces = b.iter().take_while(|&&c| c == b' ').count();
    let (number, digits) = number(&b[spaces..])?;
    let after = spaces + digits;
    let at = after + b[after..].iter().take_while(|&&c| c == b' ').count();
    // At least one space between, and none of the other blanks the general reading trims.
    if at == after || matches!(b.get(at), None | Some(b'\t' | 0xE3)) {
        return None;
    }
    let (km, used) = move_text(&b[at..])?;
    m.number = number;
    // Every byte before the move is ASCII: its column is the byte's.
    m.body_column = at + 1;
    m.body = MoveBody::Move(km);
    Some(usual_tail(b, at + used, m))
}

/// The time field and `+` after the move as writers give them, `   ( 0:16/00:00:16)+`
/// (spaces, Kifu for Windows' field, spaces, `+`), read by their places; returns where it
/// stopped, from where the general reading takes what else follows (it reads what this one
/// read the same way; trimming the blanks as characters before each part and looking for
/// the field's end took as long again as reading the line's move).
fn usual_tail(b: &[u8], mut at: usize, m: &mut MoveLine<'_>) -> usize {
    let spaces = |at: usize| at + b[at..].iter().take_while(|&&c| c == b' ').count();
    at = spaces(at);
    if let Some([b'(', inner @ .., b')']) = b.get(at..at + 16)
        && let Some((spent, total)) = kifu_for_windows_secs(inner)
    {
        m.time = Some(move_time(spent, total));
        at = spaces(at + 16);
    }
    if b.get(at) == Some(&b'+') {
        m.has_variations = true;
        at += 1;
    }
    at
}

/// A move number of at most nine ASCII digits (no overflow to test) and how many it took.
fn number(b: &[u8]) -> Option<(u32, usize)> {
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 9 {
        return None;
    }
    let n = b[..digits]
        .iter()
        .fold(0, |n, &d| n * 10 + u32::from(d - b'0'));
    Some((n, digits))
}

/// `７六歩(77)`, `同　銀(31)`, `２二角成(88)`, `５五角打`: the move and the bytes it took.
fn move_text(b: &[u8]) -> Option<(KifMove, usize)> {
    let (to, mut at) = match *b {
        // `同`, then any blanks.
        [0xE5, 0x90, 0x8C, ref rest @ ..] => (None, b.len() - text::trim_start_blanks(rest).len()),
        [0xEF, 0xBC, f @ 0x91..=0x99, r0, r1, r2, ..] => (
            Some(Square::new(f - 0x90, lookup(&RANKS, &[r0, r1, r2])?)?),
            6,
        ),
        _ => return None,
    };
    // `同` after the square (`７六同歩`) is no piece: it goes the general way.
    let piece = lookup(&PIECES, b.get(at..at + 3)?)?;
    at += 3;
    let mut km = KifMove {
        to,
        same: to.is_none(),
        piece,
        ..KifMove::BLANK
    };
    match b.get(at..at + 3) {
        Some([0xE6, 0x88, 0x90]) => (km.promotion, at) = (Some(true), at + 3), // 成
        Some([0xE6, 0x89, 0x93]) => (km.drop, at) = (true, at + 3),            // 打
        _ => {}
    }
    // The words end at an ASCII byte (no word is ASCII) or at the end.
    let rest = &b[at..];
    match rest.first() {
        None => return Some((km, at)),
        Some(c) if !c.is_ascii() => return None,
        Some(_) => {}
    }
    if let [b'(', f @ b'0'..=b'9', r @ b'0'..=b'9', b')', ..] = *rest {
        // `(00)` is a drop's; any other origin off the board goes the general way.
        let (f, r) = (f - b'0', r - b'0');
        let from = Square::new(f, r);
        if from.is_none() && (f, r) != (0, 0) {
            return None;
        }
        km.from = from;
        km.drop |= from.is_none();
        at += 4;
    } else if rest[0] == b'(' {
        return None;
    }
    Some((km, at))
}

/// The piece names of one character, by their UTF-8 bytes: a lookup, where a `match` on
/// the bytes was a tree of branches that mispredicted at every move (the piece changes
/// from move to move).
static PIECES: Table<PieceKind> = table(
    [
        ('歩', PieceKind::Pawn),
        ('香', PieceKind::Lance),
        ('桂', PieceKind::Knight),
        ('銀', PieceKind::Silver),
        ('金', PieceKind::Gold),
        ('角', PieceKind::Bishop),
        ('飛', PieceKind::Rook),
        ('玉', PieceKind::King),
        ('王', PieceKind::King),
        ('と', PieceKind::ProPawn),
        ('杏', PieceKind::ProLance),
        ('圭', PieceKind::ProKnight),
        ('全', PieceKind::ProSilver),
        ('馬', PieceKind::Horse),
        ('龍', PieceKind::Dragon),
        ('竜', PieceKind::Dragon),
    ],
    PieceKind::Pawn,
);

/// The ranks in kanji, 一 to 九, as [`PIECES`].
static RANKS: Table<u8> = table(
    [
        ('一', 1),
        ('二', 2),
        ('三', 3),
        ('四', 4),
        ('五', 5),
        ('六', 6),
        ('七', 7),
        ('八', 8),
        ('九', 9),
    ],
    0,
);

/// Characters of three UTF-8 bytes with a value each, at the slot of [`slot`]; a slot
/// without one holds 0xFF bytes, which no text holds.
type Table<T> = [([u8; 3], T); 32];

/// The table of `entries`; `none` fills the empty slots. Two characters in one slot stop
/// the build.
const fn table<T: Copy, const N: usize>(entries: [(char, T); N], none: T) -> Table<T> {
    let mut t = [([0xFF; 3], none); 32];
    let mut i = 0;
    while i < N {
        let (c, value) = entries[i];
        let mut bytes = [0; 3];
        c.encode_utf8(&mut bytes);
        let at = slot(&bytes);
        assert!(t[at].0[0] == 0xFF, "two characters in one slot");
        t[at] = (bytes, value);
        i += 1;
    }
    t
}

/// The value of the three-byte character `c` in `table`, if it has one.
fn lookup<T: Copy>(table: &Table<T>, c: &[u8]) -> Option<T> {
    let (bytes, value) = table[slot(c)];
    (bytes == c).then_some(value)
}

/// The slot of a character of (at least) three bytes: a multiplicative hash of them, one
/// that gives each piece name and each numeral a slot of its own in its table.
const fn slot(c: &[u8]) -> usize {
    let code = (c[0] as u64) << 16 | (c[1] as u64) << 8 | c[2] as u64;
    ((code * 463) >> 9) as usize & 31
}

#[cfg(test)]
mod tests {
    use super::super::{Line, classify_into};
    use super::*;

    /// The line as the general reading reads it.
    fn general(line: &str) -> Line<'_> {
        let mut m = MoveLine::BLANK;
        let trimmed = super::super::trim_start(line);
        if super::super::move_line(line, trimmed, &mut m) {
            Line::Move(m)
        } else {
            super::super::other_line(line, trimmed)
        }
    }

    /// The line as the reader reads it (the usual shape first).
    fn classified(line: &str) -> Line<'_> {
        let mut out = Line::Blank;
        classify_into(line, &mut out);
        out
    }

    /// Every move line of the corpus's KIF files reads as the general reading reads it, and
    /// most of them the usual way.
    #[test]
    fn corpus_move_lines_read_as_any_move_line() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus/kif");
        let (mut moves, mut usual) = (0, 0);
        for entry in std::fs::read_dir(dir).unwrap() {
            let bytes = std::fs::read(entry.unwrap().path()).unwrap();
            let text = crate::encoding::decode(&bytes, None).unwrap().text;
            let mut lines = crate::text::lines(&text);
            while !lines.rest().is_empty() {
                // Where the lines' reading finds a line's end, it is the line's, read as
                // the line alone reads.
                let mut known = Line::Blank;
                let end = super::super::known_line(lines.rest(), &mut known);
                let line = lines.next().unwrap_or_default();
                if let Some(end) = end {
                    assert_eq!((end, &known), (line.len(), &general(line)), "{line}");
                }
                assert_eq!(classified(line), general(line), "{line}");
                moves += usize::from(matches!(classified(line), Line::Move(_)));
                let mut m = MoveLine::BLANK;
                usual += usize::from(move_line(line, &mut m));
            }
        }
        assert!(usual * 10 > moves * 9, "{usual} of {moves}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2_000))]
        #[test]
        fn move_lines_read_as_any_move_line(
            // Mostly the usual shape's parts, each with what takes a line out of it.
            lead in " {0,3}|[ \t\u{3000}]{0,4}",
            number in "[0-9]{1,3}|[0-9]{0,11}",
            gap in " {1,3}|[ \t\u{3000}]{0,3}",
            side in "|||▲|△",
            to in "７六|１一|９九|同|同　|同 |同\t|７六同|76|７６|七六|７十|０六",
            piece in "歩|香|桂|銀|金|角|飛|玉|王|と|杏|圭|全|馬|龍|竜|成銀|駒|",
            words in "|成|打|不成|生|右|成打|打成",
            origin in "|\\(77\\)|\\(00\\)|\\(70\\)|\\(7\\)|\\(7x\\)|（77）|\\(１１\\)",
            space in " {0,3}|[ \t\u{3000}]{0,2}",
            time in "\\( 0:16/00:00:16\\)|\\( 0:16/00:00:16\\)|\\( 0:99/00:00:16\\)|\\(0:16/0:16\\)|\\( 0:16/00:00:1|",
            space_after in " {0,2}|\t",
            plus in "|\\+|\\+\\+",
            rest in "| |x|　中|\\( 0:01/00:00:17\\)",
        ) {
            let line = format!(
                "{lead}{number}{gap}{side}{to}{piece}{words}{origin}{space}{time}{space_after}{plus}{rest}"
            );
            proptest::prop_assert_eq!(classified(&line), general(&line), "{}", line);
            for end in ["", "\n", "\r\n", "\r", "\n   2 ３四歩(33)\n"] {
                let text = format!("{line}{end}");
                let mut known = Line::Blank;
                if let Some(len) = move_line_at(&text, &mut known) {
                    proptest::prop_assert_eq!((len, known), (line.len(), general(&line)), "{}", line);
                }
            }
        }
    }
}
