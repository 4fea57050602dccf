//! Reading the board diagrams (BOD) of KIF and KI2: rows `|v香v桂 ・…|一`, hands
//! `先手の持駒：銀　歩二`. Writing them is masu-shogi's [`shogi::Bod`].

use shogi::numerals::{digit, parse_count};
use shogi::{Color, Hand, Piece, PieceKind};

use crate::text;

/// A row or hand that does not parse: the 1-based character column and what was expected.
pub(crate) type BodError = (usize, &'static str);

/// Reads the text between the bars of a diagram row into nine cells, file 9 first.
///
/// A cell is an owner mark (` ` or `+` for Black, `v`, `V` or `^` for White) and a piece
/// (`・` for empty); a piece without a mark is Black's.
pub(crate) fn parse_row(inner: &str) -> Result<[Option<Piece>; 9], BodError> {
    let mut cells = [None; 9];
    let mut chars = inner.chars().peekable();
    let mut column = 1; // columns count from the opening bar
    for cell in &mut cells {
        let mut c = chars.next().ok_or((column + 1, "nine cells"))?;
        column += 1;
        let color = match c {
            ' ' | '+' | '\u{3000}' => Color::Black,
            'v' | 'V' | '^' => Color::White,
            _ => {
                *cell = piece_cell(c, Color::Black).ok_or((column, "a piece or ・"))?;
                continue;
            }
        };
        c = chars.next().ok_or((column + 1, "a piece or ・"))?;
        column += 1;
        *cell = piece_cell(c, color).ok_or((column, "a piece or ・"))?;
    }
    if chars.any(|c| !text::is_blank(c)) {
        return Err((column + 1, "the closing bar after nine cells"));
    }
    Ok(cells)
}

/// `Some(None)` for an empty cell, `Some(Some(piece))` for a piece, `None` for junk.
fn piece_cell(c: char, color: Color) -> Option<Option<Piece>> {
    if c == '・' {
        return Some(None);
    }
    let mut buf = [0u8; 4];
    let (kind, _) = PieceKind::from_japanese_prefix(c.encode_utf8(&mut buf))?;
    Some(Some(Piece { color, kind }))
}

/// Reads a hand: `なし`, or pieces with kanji counts separated by ideographic spaces, ASCII
/// spaces or nothing (`飛　角　金二`, `銀 歩二`, `銀歩二`).
pub(crate) fn parse_hand(pieces: &str) -> Result<Hand, BodError> {
    let mut hand = Hand::default();
    let trimmed = pieces.trim_matches(text::is_blank);
    if trimmed.is_empty() || trimmed == "なし" {
        return Ok(hand);
    }
    let chars: Vec<char> = pieces.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if text::is_blank(chars[i]) || chars[i] == '、' {
            i += 1;
            continue;
        }
        let kind = hand_kind(chars[i]).ok_or((i + 1, "a piece (飛 角 金 銀 桂 香 歩)"))?;
        let start = i + 1;
        i = start;
        while i < chars.len() && is_count_char(chars[i]) {
            i += 1;
        }
        let n = if i == start {
            1
        } else {
            let digits: String = chars[start..i].iter().collect();
            parse_count(&digits).ok_or((start + 1, "a count (二 to 十八)"))?
        };
        let total = hand.count(kind).saturating_add(n);
        hand.set(kind, total)
            .map_err(|_| (start, "no more pieces than a set holds"))?;
    }
    Ok(hand)
}

fn hand_kind(c: char) -> Option<PieceKind> {
    let mut buf = [0u8; 4];
    PieceKind::from_japanese_prefix(c.encode_utf8(&mut buf))
        .map(|(k, _)| k)
        .filter(|k| PieceKind::HAND.contains(k))
}

fn is_count_char(c: char) -> bool {
    c == '十' || digit(c).is_some() || c.is_ascii_digit() || ('０'..='９').contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows() {
        let row = parse_row("v香v桂 ・ ・ ・ ・ ・v桂v香").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            row[0],
            Some(Piece {
                color: Color::White,
                kind: PieceKind::Lance
            })
        );
        assert_eq!(row[2], None);
        let row = parse_row(" 歩 全 圭 杏 龍 馬 と 王 玉").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(row[1].map(|p| p.kind), Some(PieceKind::ProSilver));
        assert_eq!(row[4].map(|p| p.kind), Some(PieceKind::Dragon));
        assert_eq!(parse_row(" ・ ・").err(), Some((6, "nine cells")));
        assert_eq!(parse_row(" ・ 駒 ・").err().map(|e| e.0), Some(5));
    }

    #[test]
    fn hands() {
        let h = parse_hand("飛二　角二　金三　銀四　桂三　香四　歩十七　")
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(h.count(PieceKind::Pawn), 17);
        assert_eq!(h.count(PieceKind::Rook), 2);
        assert_eq!(parse_hand("なし"), Ok(Hand::default()));
        assert_eq!(
            parse_hand("銀 歩二").map(|h| h.count(PieceKind::Pawn)),
            Ok(2)
        );
        assert_eq!(
            parse_hand("銀歩二").map(|h| h.count(PieceKind::Silver)),
            Ok(1)
        );
        assert!(parse_hand("駒").is_err());
    }

    /// What masu-shogi's diagram writer writes, this reader reads.
    #[test]
    fn written_diagrams_read_back() {
        let mut setup = shogi::Handicap::TenPieces.setup();
        for (kind, n) in [
            (PieceKind::Pawn, 18),
            (PieceKind::Rook, 2),
            (PieceKind::Gold, 1),
        ] {
            setup
                .hands
                .black
                .set(kind, n)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let text = setup.bod().to_string();
        let lines: Vec<&str> = text.lines().collect();
        for (rank, line) in lines[3..12].iter().enumerate() {
            let inner = line.trim_start_matches('|');
            let inner = &inner[..inner.rfind('|').unwrap_or(inner.len())];
            let row = parse_row(inner).unwrap_or_else(|e| panic!("{e:?}"));
            for (i, cell) in row.iter().enumerate() {
                let file = 9 - i as u8;
                let sq = shogi::Square::new(file, rank as u8 + 1).unwrap_or_else(|| panic!());
                assert_eq!(*cell, setup.piece_at(sq), "{line}");
            }
        }
        for (line, color) in [(lines[0], Color::White), (lines[13], Color::Black)] {
            let pieces = line.split_once('：').map_or("", |p| p.1);
            assert_eq!(parse_hand(pieces), Ok(setup.hands[color]), "{line}");
        }
    }
}
