//! The KIF reader: lines from [`crate::kif::classify`], then every move resolved in its position.

use crate::build::{Builder, Origin};
use crate::diag::{DiagnosticKind, Mode, ReadError};
use crate::kif::lex::{Line, MoveBody, MoveLine, classify_into, known_line};
use crate::kif::{annotation_line, read_layout};
use crate::record::Special;
use crate::{Format, Parsed};

/// Reads KIF text.
///
/// # Errors
///
/// [`ReadError`]: the start position is invalid, or (in [`Mode::Strict`]) any line needed a
/// warning. In [`Mode::Lenient`] unreadable lines and moves become warnings in
/// [`Parsed::warnings`].
pub fn read_str(text: &str, mode: Mode) -> Result<Parsed, ReadError> {
    read_layout(
        Format::Kif,
        text,
        mode,
        |_| false,
        known_line,
        |b, at, known| match known {
            Some(line) => body_line(b, line, at),
            None => {
                let mut line = Line::Blank;
                classify_into(at.text, &mut line);
                body_line(b, &line, at)
            }
        },
    )
}

/// Reads KIF bytes, detecting the encoding ([`crate::encoding::decode`]; a hint of Shift_JIS as
/// the `.kif` convention for pure-ASCII input).
///
/// # Errors
///
/// As [`read_str`]; decoding never fails (undecodable bytes become U+FFFD and a warning).
pub fn read_bytes(bytes: &[u8], mode: Mode) -> Result<Parsed, ReadError> {
    crate::read::read_decoded(bytes, Format::Kif, mode, read_str)
}

/// Takes the classified line by reference: matched by value, its 128 bytes were copied
/// out of where [`classify_into`] had just written them, with a stalled load
/// (MEASUREMENTS.md).
fn body_line(b: &mut Builder, line: &Line<'_>, at: &Origin<'_>) -> Result<(), ReadError> {
    match line {
        Line::Blank | Line::MoveHeader => Ok(()),
        Line::Move(m) => move_line(b, m, at),
        other => annotation_line(b, other, at, trailer),
    }
}

fn trailer(b: &mut Builder, text: &str, at: &Origin<'_>) -> Result<(), ReadError> {
    let current = b.current();
    let node = &mut b.record.tree[current];
    if node.trailer.is_some() {
        let d = at
            .diag(DiagnosticKind::TrailerMismatch)
            .detail("a second trailer for the same line");
        b.sink.warn(d)?;
        return Ok(());
    }
    node.trailer = Some(text.to_owned());
    // KIF states the result twice; the move line wins, a disagreeing trailer is reported.
    let ending = crate::ki2::trailer::parse(text);
    let moves = node.ply() - u32::from(node.special().is_some());
    if let Some(n) = ending.as_ref().map(|e| e.moves).filter(|&n| n != moves) {
        let d = at.diag(DiagnosticKind::TrailerMismatch).detail(format!(
            "the trailer counts {n} moves, the line has {moves}"
        ));
        b.sink.warn(d)?;
    }
    let start = b.record.start.setup.turn;
    let node = &b.record.tree[current];
    let said = ending.as_ref().and_then(|e| e.special.as_ref());
    // `まで…で後手の勝ち` only names a winner: it fits any special that has one, if the
    // winner is the special's.
    let fits = |said: &Special, special: &Special| {
        said == special || (*said == Special::Resign && special.mover_wins().is_some())
    };
    let detail = match (said, node.special()) {
        (Some(said), Some(special)) if !fits(said, special) => Some(format!(
            "the trailer says {said}, the moves end in {special}"
        )),
        (Some(_), Some(special)) => ending
            .as_ref()
            .and_then(|e| e.winner_mismatch(special, b.side_at(node.ply()), start)),
        _ => None,
    };
    if let Some(detail) = detail {
        b.sink
            .warn(at.diag(DiagnosticKind::TrailerMismatch).detail(detail))?;
    }
    Ok(())
}

fn move_line(b: &mut Builder, m: &MoveLine<'_>, at: &Origin<'_>) -> Result<(), ReadError> {
    let at = Origin {
        column: m.body_column,
        ..*at
    };
    let km = match &m.body {
        MoveBody::Move(km) => Some(km),
        _ => None,
    };
    // A lower number may start a variation, and so reopen the line: numbers come first.
    b.renumber(m.number, km, &at)?;
    if !b.leaves_out(km.is_some()) {
        check_side(b, m, &at)?;
    }
    let node = match &m.body {
        MoveBody::Move(km) => b.add_move(km, m.time, &at)?,
        MoveBody::Special(special) => b.add_special(special.clone(), m.time, &at)?,
        MoveBody::Unknown(word) => {
            let d = at.diag(DiagnosticKind::UnknownSpecial).ply(b.next_ply());
            b.sink.warn(d)?;
            b.add_special(Special::Other((*word).to_owned()), m.time, &at)?
        }
        MoveBody::Bad(e) => {
            b.bad_move(&at, m.body_column + e.column - 1, e.expected)?;
            None
        }
    };
    if node.is_some() {
        extras(b, m, &at)?;
    }
    Ok(())
}

fn check_side(b: &mut Builder, m: &MoveLine<'_>, at: &Origin<'_>) -> Result<(), ReadError> {
    let Some(side) = m.side else {
        return Ok(());
    };
    let pos = b.position();
    if side != pos.turn() {
        let d = at.diag(DiagnosticKind::SideMark).ply(b.next_ply());
        b.sink.warn(d)?;
    }
    Ok(())
}

/// Reports what a move line held besides the move and its first time field.
fn extras(b: &mut Builder, m: &MoveLine<'_>, at: &Origin<'_>) -> Result<(), ReadError> {
    if m.extra_times.iter().any(|t| Some(*t) != m.time) {
        let d = at
            .diag(DiagnosticKind::BadTime)
            .detail("a second, different time field was ignored")
            .ply(b.next_ply() - 1);
        b.sink.warn(d)?;
    }
    if let Some((rest, column)) = m.rest {
        // `( 0:99/00:00:00)`: a time field whose clock does not read (a field past 59).
        let (kind, what) = if rest.starts_with('(') && rest.contains(':') {
            (DiagnosticKind::BadTime, "a time field that does not read")
        } else {
            (DiagnosticKind::UnknownLine, "text after the move")
        };
        let d = crate::Diagnostic::new(kind, at.line, at.text, column)
            .detail(format!("{what} ignored: `{rest}`"))
            .ply(b.next_ply() - 1);
        b.sink.warn(d)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
