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
    /// assert_eq!(record.tree.main_line_moves(), 3);
    /// assert_eq!(record.usi(record.main_line_end())?, "position startpos moves 7g7f 3c3d 8h2b+");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ReadError`] at the column of the SFEN or of the first move that does not parse or
    /// is not legal.
    pub fn from_usi(text: &str) -> Result<Record, ReadError> {
        let text = text.trim_end();
        let (head, moves) = match text.find(" moves") {
            Some(at) => (&text[..at], Some(at + " moves".len())),
            None => (text, None),
        };
        let setup = Setup::from_sfen(head).map_err(|e| usi_error(text, 0, &e.to_string()))?;
        let mut record = Record::with_start(StartPosition::from_setup(setup));
        let mut pos: Position = record
            .start
            .position()
            .map_err(|e| usi_error(text, 0, &e.to_string()))?;
        let mut at = NodeId::ROOT;
        let Some(offset) = moves else {
            return Ok(record);
        };
        for (start, word) in words(&text[offset..]) {
            let column = offset + start;
            let usi: UsiMove = word
                .parse()
                .map_err(|_| usi_error(text, column, "not a USI move"))?;
            let mv = usi
                .to_move(&pos)
                .map_err(|e| usi_error(text, column, &e.to_string()))?;
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

fn usi_error(text: &str, byte: usize, what: &str) -> ReadError {
    let column = text[..byte.min(text.len())].chars().count() + 1;
    fail(Diagnostic::new(DiagnosticKind::BadMove, 1, text, column).detail(what))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_and_errors() {
        let r = Record::from_usi("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b");
        assert_eq!(r.map(|r| r.tree.main_line_moves()).ok(), Some(1));
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
}
