//! The header area shared by KIF and KI2: headers, 手合割, board diagram, hands, turn, and
//! the comments and bookmarks on the start position.

use shogi::{ByColor, Color, Hand, Piece, Position, Setup};

use crate::Diagnostic;
use crate::Handicap;
use crate::bod;
use crate::build::Origin;
use crate::diag::{DiagnosticKind, ReadError, Sink, fail};
use crate::kif::Line;
use crate::record::{HeaderKey, Record, StartPosition};

/// What the header area said, before the start position is built.
#[derive(Debug, Default)]
pub(crate) struct Preamble {
    pub(crate) record: Record,
    rows: Vec<[Option<Piece>; 9]>,
    row_errors: usize,
    hands: ByColor<Option<Hand>>,
    turn: Option<Color>,
    /// Line number and text of the `手合割` line and of the first diagram row.
    handicap_line: Option<(usize, String)>,
    board_line: Option<(usize, String)>,
}

impl Preamble {
    /// Takes one header-area line; returns false for lines that belong to the move list.
    pub(crate) fn take(
        &mut self,
        line: &Line<'_>,
        at: &Origin<'_>,
        sink: &mut Sink,
    ) -> Result<bool, ReadError> {
        let root = &mut self.record.tree[crate::NodeId::ROOT];
        match *line {
            Line::Blank | Line::BoardFrame => {}
            // The declaration is the first line's; a line like it further on (a program
            // comment read from another format) is kept.
            Line::ProgramComment(c) if at.line == 1 && is_declaration(c) => {}
            Line::ProgramComment(c) => self.record.program_comments.push(c.to_owned()),
            Line::Header { key, value } => {
                if HeaderKey::Handicap.matches(key) {
                    self.handicap_line = Some((at.line, at.text.to_owned()));
                }
                self.record.headers.push(key, value);
            }
            Line::Comment(c) => root.comments.push(c.to_owned()),
            Line::Bookmark(b) => root.bookmarks.push(b.to_owned()),
            Line::Turn(color) => self.turn = Some(color),
            Line::Hand { color, pieces } => self.hand(color, pieces, at, sink)?,
            Line::BoardRow(inner) => self.row(inner, at, sink)?,
            Line::Other(text) => {
                // Kept, so that writing the record gives it back; but said, unless writers
                // put it there, since a line here that is no header, diagram or comment may
                // be a move that did not read (`  １ ７六歩`), or the text no record at all.
                if !models_nothing(text) {
                    let d = at
                        .diag(DiagnosticKind::UnknownLine)
                        .detail("not a header, board diagram or comment: kept as is");
                    sink.warn(d)?;
                }
                self.record.other_lines.push(text.to_owned());
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn hand(
        &mut self,
        color: Color,
        pieces: &str,
        at: &Origin<'_>,
        sink: &mut Sink,
    ) -> Result<(), ReadError> {
        match bod::parse_hand(pieces) {
            Ok(hand) => *self.hands.get_mut(color) = Some(hand),
            Err((column, expected)) => {
                let offset = at.text.chars().count() - pieces.chars().count();
                let d = at
                    .diag_at(DiagnosticKind::BadHand, offset + column)
                    .expected(expected);
                sink.warn(d)?;
            }
        }
        Ok(())
    }

    fn row(&mut self, inner: &str, at: &Origin<'_>, sink: &mut Sink) -> Result<(), ReadError> {
        if self.board_line.is_none() {
            self.board_line = Some((at.line, at.text.to_owned()));
        }
        match bod::parse_row(inner) {
            Ok(cells) => self.rows.push(cells),
            Err((column, expected)) => {
                self.row_errors += 1;
                let d = at
                    .diag_at(DiagnosticKind::BadBoard, column)
                    .expected(expected);
                sink.warn(d)?;
            }
        }
        Ok(())
    }

    /// Builds the start position: the diagram if there is one, else the 手合割 name, else
    /// the even game.
    /// Builds the start position and checks it; an invalid one stops reading, reported at
    /// the diagram (or the 手合割 line).
    pub(crate) fn finish(self, sink: &mut Sink) -> Result<(Record, Position), ReadError> {
        let place = self
            .board_line
            .clone()
            .or_else(|| self.handicap_line.clone())
            .unwrap_or_default();
        let record = self.finish_record(sink)?;
        // The start here is a handicap's setup or one compared with the handicaps
        // (`StartPosition::from_setup`), at move 1: one named the even game is its setup, and
        // its position is the one built once, without comparing the 81 squares again.
        if record.start.handicap == Some(Handicap::Even) && record.start.setup.ply == 1 {
            return Ok((record, Position::startpos()));
        }
        match record.start.position_and_faults() {
            Ok((pos, faults)) => {
                if !faults.is_empty() {
                    let d =
                        Diagnostic::new(DiagnosticKind::BadPosition, place.0.max(1), &place.1, 1);
                    sink.warn(d.detail(composed_detail(faults)))?;
                }
                Ok((record, pos))
            }
            Err(e) => {
                let d = Diagnostic::new(DiagnosticKind::BadPosition, place.0.max(1), &place.1, 1);
                Err(fail(d.detail(e.to_string())))
            }
        }
    }

    fn finish_record(mut self, sink: &mut Sink) -> Result<Record, ReadError> {
        let name = self
            .record
            .headers
            .get(HeaderKey::Handicap)
            .map(str::to_owned);
        let handicap = name.as_deref().and_then(Handicap::from_name);
        let has_board = !self.rows.is_empty() || self.row_errors > 0;
        self.record.start = if has_board {
            self.board(handicap, sink)?
        } else {
            if let (Some(name), None) = (&name, handicap) {
                let (line, text) = self.handicap_line.clone().unwrap_or_default();
                let d = crate::Diagnostic::new(DiagnosticKind::UnknownHandicap, line, &text, 1)
                    .detail(format!(
                        "`{name}` without a board diagram: starting from the even game"
                    ));
                sink.warn(d)?;
            }
            let start = StartPosition::handicap(handicap.unwrap_or(Handicap::Even));
            self.with_hands_and_turn(start)
        };
        Ok(self.record)
    }

    fn board(
        &mut self,
        handicap: Option<Handicap>,
        sink: &mut Sink,
    ) -> Result<StartPosition, ReadError> {
        if self.rows.len() != 9 {
            let (line, text) = self.board_line.clone().unwrap_or_default();
            let d = crate::Diagnostic::new(DiagnosticKind::BadBoard, line, &text, 1).detail(
                format!("the diagram has {} readable rows, not 9", self.rows.len()),
            );
            sink.warn(d)?;
            let start = StartPosition::handicap(handicap.unwrap_or(Handicap::Even));
            return Ok(self.with_hands_and_turn(start));
        }
        let mut setup = Setup::default();
        for (r, row) in self.rows.iter().enumerate() {
            for (f, cell) in row.iter().enumerate() {
                let file = 9 - f as u8;
                if let Some(sq) = shogi::Square::new(file, r as u8 + 1) {
                    setup.board[sq.index()] = *cell;
                }
            }
        }
        setup.hands = ByColor {
            black: self.hands.black.unwrap_or_default(),
            white: self.hands.white.unwrap_or_default(),
        };
        setup.turn = self.turn.unwrap_or(Color::Black);
        Ok(StartPosition::from_setup(setup))
    }

    /// Hands and turn lines without a diagram still say something: apply them.
    fn with_hands_and_turn(&self, mut start: StartPosition) -> StartPosition {
        // Only the hands and the turn can change: comparing them, not the whole setup,
        // spares the 81 squares' comparison.
        let before = (start.setup.hands, start.setup.turn);
        if let Some(h) = self.hands.black {
            start.setup.hands.black = h;
        }
        if let Some(h) = self.hands.white {
            start.setup.hands.white = h;
        }
        if let Some(t) = self.turn {
            start.setup.turn = t;
        }
        if (start.setup.hands, start.setup.turn) != before {
            start = StartPosition::from_setup(start.setup);
        }
        start
    }
}

/// The `#KIF version=2.0 encoding=…` line (text after `#`): it names the encoding, which
/// the reader reports in [`crate::Decoding`], and writers write their own.
pub(crate) fn is_declaration(comment: &str) -> bool {
    comment.starts_with("KIF version") || comment.starts_with("KI2 version")
}

/// The warning text for a composed start position that breaks rules on purpose.
pub(crate) fn composed_detail(faults: shogi::PositionErrorKinds) -> String {
    let names: Vec<&str> = [
        (shogi::PositionErrorKinds::TWO_PAWNS, "two pawns on a file"),
        (
            shogi::PositionErrorKinds::STUCK_PIECE,
            "a piece that can never move",
        ),
    ]
    .into_iter()
    .filter(|(kind, _)| faults.contains(*kind))
    .map(|(_, name)| name)
    .collect();
    format!(
        "accepted as a composed position with {}",
        names.join(" and ")
    )
}

/// Header-area lines that Kifu for Windows writes and no format models: `盤面回転` (the
/// diagram shown turned) and a diagram's `手数＝N  ▲７六歩  まで` line.
fn models_nothing(line: &str) -> bool {
    let line = line.trim_matches(crate::text::is_blank);
    line == "盤面回転" || line.starts_with("手数＝") || line.starts_with("手数=")
}
