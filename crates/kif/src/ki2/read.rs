//! The KI2 reader: the KIF header area, then moves `▲７六歩　△同　歩` with relative words
//! resolved against the legal moves; the result comes from the `まで` trailer.

use shogi::Color;

use crate::Format;
use crate::build::{Builder, Origin, Shift};
use crate::diag::{DiagnosticKind, Mode, ReadError};
use crate::ki2::trailer::{self, Ending};
use crate::kif::{Line, annotation_line, classify, read_layout};
use crate::movetext::KifMove;
use crate::record::Special;
use crate::{Parsed, text};

/// Reads KI2 text.
///
/// # Errors
///
/// [`ReadError`]: the start position is invalid, or (in [`Mode::Strict`]) any line needed a
/// warning.
pub fn read_str(text: &str, mode: Mode) -> Result<Parsed, ReadError> {
    let known_line = |_: &str, _: &mut Line<'_>| None;
    read_layout(
        Format::Ki2,
        text,
        mode,
        is_move_line,
        known_line,
        |b, at, _| {
            if is_move_line(at.text) {
                move_line(b, at.text, at)
            } else {
                body_line(b, &classify(at.text), at)
            }
        },
    )
}

/// Reads KI2 bytes, detecting the encoding (Shift_JIS is the `.ki2` convention for ASCII).
///
/// # Errors
///
/// As [`read_str`].
pub fn read_bytes(bytes: &[u8], mode: Mode) -> Result<Parsed, ReadError> {
    crate::read::read_decoded(bytes, Format::Ki2, mode, read_str)
}

/// A row of moves: the first mark after the blanks is a side's (`▲`, `△`, `☗`, `☖`).
pub(crate) fn is_move_line(line: &str) -> bool {
    line.trim_start_matches(text::is_blank)
        .chars()
        .next()
        .is_some_and(|c| text::side_mark(c).is_some())
}

fn body_line(b: &mut Builder, line: &Line<'_>, at: &Origin<'_>) -> Result<(), ReadError> {
    match line {
        Line::Blank => Ok(()),
        other => annotation_line(b, other, at, read_trailer),
    }
}

/// Lines longer than this report problems against the token alone (the column then
/// counts from the token's mark), so that reading stays linear in the input size.
const LONG_LINE: usize = 512;

/// One line of tokens, each starting at a side mark.
fn move_line(b: &mut Builder, line: &str, at: &Origin<'_>) -> Result<(), ReadError> {
    let starts: Vec<(usize, usize)> = (1..)
        .zip(line.char_indices())
        .filter(|(_, (_, c))| text::side_mark(*c).is_some())
        .map(|(column, (i, _))| (i, column))
        .collect();
    for (k, &(start, column)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(line.len(), |s| s.0);
        if b.is_broken() {
            let rest = Origin { column, ..*at };
            return b.dropped_rest(&rest);
        }
        let origin = if line.len() > LONG_LINE {
            // The token alone is quoted (its columns still the line's): reading stays
            // linear in the input size.
            Origin {
                text: &line[start..end],
                column: 1,
                shift: Shift {
                    chars: column - 1,
                    bytes: start,
                },
                ..*at
            }
        } else {
            Origin { column, ..*at }
        };
        token(b, &line[start..end], &origin)?;
    }
    Ok(())
}

fn token(b: &mut Builder, token: &str, at: &Origin<'_>) -> Result<(), ReadError> {
    let mut chars = token.chars();
    let side = chars.next().and_then(text::side_mark);
    let body = chars.as_str().trim_end_matches(text::is_blank);
    // A token after a special is left out (and reported so): its mark is not checked.
    if !b.leaves_out(true) {
        check_side(b, side, at)?;
    }
    match KifMove::parse_prefix(body) {
        Ok((km, used)) if used == body.len() => {
            b.add_move(&km, None, at)?;
        }
        Ok((_, used)) => {
            let column = at.column + 1 + body[..used].chars().count();
            b.bad_move(at, column, "a blank or the next side mark")?;
        }
        Err(e) => match Special::from_kif(body) {
            // Shogi DB2 writes `▲投了` among the moves.
            Some(special) => {
                b.add_special(special, None, at)?;
            }
            None => b.bad_move(at, at.column + e.column, e.expected)?,
        },
    }
    Ok(())
}

fn check_side(b: &mut Builder, side: Option<Color>, at: &Origin<'_>) -> Result<(), ReadError> {
    let Some(side) = side else {
        return Ok(());
    };
    let pos = b.position();
    if side != pos.turn() {
        let d = at
            .diag(DiagnosticKind::SideMark)
            .detail(format!("{} is to move", pos.turn().name()))
            .ply(b.next_ply());
        b.sink.warn(d)?;
    }
    Ok(())
}

/// `まで…`: the only place KI2 states the result. The special it names is added unless the
/// moves already ended in one; the text is kept on the last node.
fn read_trailer(b: &mut Builder, line: &str, at: &Origin<'_>) -> Result<(), ReadError> {
    let ending = trailer::parse(line);
    let moves = b.next_ply().saturating_sub(1);
    if let Some(Ending { moves: n, .. }) = ending
        && n != moves
        && b.record.tree[b.current()].special().is_none()
    {
        let d = at
            .diag(DiagnosticKind::TrailerMismatch)
            .detail(format!("says {n} moves, the line has {moves}"));
        b.sink.warn(d)?;
    }
    let start = b.record.start.setup.turn;
    let last = b.current();
    let ended = b.record.tree[last].special().cloned();
    let said = ending.as_ref().and_then(|e| e.special.clone());
    match (said, ended) {
        (Some(special), None) => {
            // A winner named who would be the loser of that ending (`まで1手で後手の勝ち`
            // with 後手 to move) leaves the result unsaid: the trailer is kept as read.
            let mover = b.side_to_move();
            let mismatch = ending
                .as_ref()
                .and_then(|e| e.winner_mismatch(&special, mover, start));
            if let Some(detail) = mismatch {
                let d = at.diag(DiagnosticKind::TrailerMismatch).detail(detail);
                b.sink.warn(d)?;
            } else {
                if matches!(special, Special::Other(_)) {
                    let d = at.diag(DiagnosticKind::UnknownSpecial).ply(b.next_ply());
                    b.sink.warn(d)?;
                }
                b.add_special(special, None, at)?;
            }
        }
        // The line already ended in a word of its move rows (`△投了`): a trailer that does
        // not say the same is kept as read, and writers put the ending's own in its place.
        (said, Some(ended)) if said.as_ref() != Some(&ended) => {
            let d = at
                .diag(DiagnosticKind::TrailerMismatch)
                .detail(format!("the line already ended in {}", ended.kif_word()));
            b.sink.warn(d)?;
        }
        (Some(_), Some(ended)) => {
            let mover = b.side_at(b.record.tree[last].ply());
            if let Some(detail) = ending
                .as_ref()
                .and_then(|e| e.winner_mismatch(&ended, mover, start))
            {
                let d = at.diag(DiagnosticKind::TrailerMismatch).detail(detail);
                b.sink.warn(d)?;
            }
        }
        _ => {}
    }
    let current = b.current();
    let node = &mut b.record.tree[current];
    if node.trailer.is_none() {
        node.trailer = Some(line.to_owned());
    } else {
        let d = at
            .diag(DiagnosticKind::TrailerMismatch)
            .detail("a second trailer for the same line");
        b.sink.warn(d)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
