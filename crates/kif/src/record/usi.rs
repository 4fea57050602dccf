//! USI `position` commands as records.

use shogi::{Position, Setup, UsiMove};

use super::{NodeId, Record, StartPosition};
use crate::Diagnostic;
use crate::diag::{DiagnosticKind, ReadError, fail};

impl Record {
    /// Reads a USI `position` command (or bare SFEN) with its moves into a record whose main
    /// line is those moves: the reverse of [`Record::usi`].
    ///
    /// ```
    /// use masu_kif::Record;
    ///
    /// let record = Record::from_usi("position startpos moves 7g7f 3c3d 8h2b+")?;
    /// assert_eq!(record.tree.main_line_len(), 3);
    /// assert_eq!(record.usi(record.main_line_end())?, "position startpos moves 7g7f 3c3d 8h2b+");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ReadError`] at the column of the error: [`DiagnosticKind::BadPosition`] for a
    /// SFEN that does not parse (at the character it names) or a start that breaks the
    /// rules, [`DiagnosticKind::BadMove`] for a word that is no USI move and
    /// [`DiagnosticKind::IllegalMove`] for a move not legal in its position, the two with
    /// the move's ply and the position before it.
    ///
    /// ```
    /// use masu_kif::{DiagnosticKind, Record};
    ///
    /// let err = Record::from_usi("position startpos moves 7g7f 7g7f").unwrap_err();
    /// let d = err.diagnostic().ok_or("a syntax error")?;
    /// assert_eq!((d.kind.clone(), d.column, d.ply), (DiagnosticKind::IllegalMove, 30, Some(2)));
    /// assert!(err.to_string().starts_with("line 1, column 30: illegal move at ply 2: "));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_usi(text: &str) -> Result<Record, ReadError> {
        let text = text.trim_end();
        let (head, moves) = match text.find(" moves") {
            Some(at) => (&text[..at], Some(at + " moves".len())),
            None => (text, None),
        };
        let setup = Setup::from_sfen(head).map_err(|e| {
            let at = e.offset().unwrap_or(0);
            usi_error(DiagnosticKind::BadPosition, text, at, &e.to_string())
        })?;
        let mut record = Record::with_start(StartPosition::from_setup(setup));
        let mut pos: Position = record
            .start
            .position()
            .map_err(|e| usi_error(DiagnosticKind::BadPosition, text, 0, &e.to_string()))?;
        let mut at = NodeId::ROOT;
        let Some(offset) = moves else {
            return Ok(record);
        };
        for (ply, (start, word)) in (1..).zip(words(&text[offset..])) {
            let column = offset + start;
            let move_error = |kind, what: &str| {
                let mut d = usi_diagnostic(kind, text, column, what).ply(ply);
                d.sfen = Some(pos.to_string());
                fail(d)
            };
            let usi: UsiMove = word
                .parse()
                .map_err(|_| move_error(DiagnosticKind::BadMove, "not a USI move"))?;
            let mv = usi
                .to_move(&pos)
                .map_err(|e| move_error(DiagnosticKind::IllegalMove, &e.reason.to_string()))?;
            pos.play_unchecked(mv);
            // `at` is the root or the move just added: a move can follow it.
            let Some(next) = record.push_move(at, mv) else {
                break;
            };
            at = next;
        }
        Ok(record)
    }
}

/// The words of `s` with their byte offsets.
fn words(s: &str) -> impl Iterator<Item = (usize, &str)> {
    s.split(' ')
        .scan(0, |offset, w| {
            let at = *offset;
            *offset += w.len() + 1;
            Some((at, w))
        })
        .filter(|(_, w)| !w.is_empty())
}

/// The error `what` of `kind` at byte `byte` of the command.
fn usi_error(kind: DiagnosticKind, text: &str, byte: usize, what: &str) -> ReadError {
    fail(usi_diagnostic(kind, text, byte, what))
}

/// The diagnostic `what` of `kind` at byte `byte` of the command (the column counts
/// characters, as every diagnostic's does).
fn usi_diagnostic(kind: DiagnosticKind, text: &str, byte: usize, what: &str) -> Diagnostic {
    let before = text.get(..byte).unwrap_or(text);
    Diagnostic::new(kind, 1, text, before.chars().count() + 1).detail(what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_and_errors() {
        let r = Record::from_usi("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b");
        assert_eq!(r.map(|r| r.tree.main_line_len()).ok(), Some(1));
        let e = Record::from_usi("position startpos moves 7g7f 7g7f").err();
        let d = e.as_ref().and_then(ReadError::diagnostic);
        assert_eq!(d.map(|d| d.column), Some(30));
        assert!(Record::from_usi("position startpos moves 7g7x").is_err());
        assert!(Record::from_usi("position nonsense").is_err());
        assert_eq!(
            Record::from_usi("startpos").map(|r| r.tree.len()).ok(),
            Some(1)
        );
    }

    /// The kind, column, ply and position of each error, as the record readers give them.
    fn error_of(text: &str) -> (DiagnosticKind, usize, Option<u32>, Option<String>, String) {
        let Err(err) = Record::from_usi(text) else {
            panic!("{text}: no error");
        };
        let d = err
            .diagnostic()
            .unwrap_or_else(|| panic!("{text}: {err}: no diagnostic"));
        let detail = d.detail.clone().unwrap_or_default();
        (d.kind.clone(), d.column, d.ply, d.sfen.clone(), detail)
    }

    #[test]
    fn errors_name_the_start_or_the_move_and_where() {
        // A SFEN that does not parse: at the character the SFEN error names (the `a` of
        // `garbage`, no piece letter), not at the start of the line, and not a move.
        let (kind, column, ply, _, detail) = error_of("position sfen garbage moves 7g7f");
        assert_eq!((kind, column, ply), (DiagnosticKind::BadPosition, 16, None));
        assert!(detail.starts_with("invalid board"), "{detail}");
        // A start that breaks the rules.
        let (kind, column, _, _, detail) = error_of("position sfen 4k4/9/9/9/9/9/9/9/3KK4 b - 1");
        assert_eq!((kind, column), (DiagnosticKind::BadPosition, 1));
        assert!(detail.contains("too many kings"), "{detail}");
        // An illegal move: its ply and the position it is not legal in.
        let (kind, column, ply, sfen, detail) = error_of("position startpos moves 7g7f 7g7f");
        assert_eq!(
            (kind, column, ply),
            (DiagnosticKind::IllegalMove, 30, Some(2))
        );
        let after_7g7f = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
        assert_eq!(sfen.as_deref(), Some(after_7g7f));
        assert_eq!(detail, "no piece on 7g");
        // A word that is no USI move.
        let (kind, column, ply, _, _) = error_of("position startpos moves 7g7f 7g7x");
        assert_eq!((kind, column, ply), (DiagnosticKind::BadMove, 30, Some(2)));
    }
}
