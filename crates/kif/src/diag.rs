//! Diagnostics: where a reader met something it could not take as written, and what it did.
//!
//! Readers never lose a line silently: every input line lands in the record or in a
//! [`Diagnostic`]. In [`Mode::Lenient`] (the default) diagnostics are collected as warnings
//! and reading goes on; in [`Mode::Strict`] the first one is returned as a [`ReadError`].

use std::fmt;

use crate::encoding::DecodeError;

/// How readers treat text they cannot take as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Record a warning and go on (real files are full of writer quirks).
    #[default]
    Lenient,
    /// Turn every warning into an error, and refuse every illegal move, even a foul the
    /// record states (an illegal move followed by `反則勝ち` or `反則負け`, which lenient
    /// reading keeps without a warning): every move of a record read strictly is legal, so
    /// every node of its tree replays ([`crate::Record::position_at`]), and none comes after
    /// a repetition that ended the game ([`DiagnosticKind::AfterRepetition`]), so every line
    /// replays as a game ([`crate::Record::game_at`]).
    Strict,
}

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The reader kept going; something was skipped, guessed or kept verbatim.
    Warning,
    /// The reader stopped.
    Error,
}

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// A line (in JKF, a value) that fits no line class of the format. It is left out,
    /// kept in this diagnostic alone, except in the header area of KIF and KI2, where it
    /// is kept in [`crate::Record::other_lines`] and written back (the detail says `kept
    /// as is`).
    UnknownLine,
    /// A move line whose text does not parse.
    BadMove,
    /// A move that is not legal in its position.
    IllegalMove,
    /// A move that is illegal but ends the record, kept and flagged as a foul.
    RecordedFoul,
    /// A KI2 move that several legal moves fit.
    AmbiguousMove,
    /// A KI2 move that could promote, written without `成` or `不成`: read as not promoting.
    NoPromotionWord,
    /// A move after which nothing else could be read on its line (the rest of the line or
    /// block was dropped and is listed here). A comment, bookmark or program comment
    /// written after a move that was not read is that move's: it is dropped too, and
    /// reported so, not put on the last move read.
    Dropped,
    /// A move number that does not follow the previous one.
    MoveNumber,
    /// A side mark (`▲`/`△`) that is not the side to move.
    SideMark,
    /// A time field that does not parse.
    BadTime,
    /// A board diagram (BOD) row or frame that does not parse.
    BadBoard,
    /// A hand (`持駒`) line that does not parse.
    BadHand,
    /// A start position that breaks the rules (no king, nifu, ...), or the SFEN of a USI
    /// command that does not parse ([`crate::Record::from_usi`]).
    BadPosition,
    /// A `手合割` name no rule knows (the position falls back to the diagram or even game).
    UnknownHandicap,
    /// A `変化` header that does not fit the tree.
    BadVariation,
    /// A `まで` trailer that disagrees with the moves.
    TrailerMismatch,
    /// A special word no rule knows, kept as [`crate::Special::Other`].
    UnknownSpecial,
    /// Text after a special move (on the same line or after it in its block).
    AfterSpecial,
    /// A move after the game ended by repetition: the same position (board, hands, side to
    /// move) occurred a fourth time on its line, a draw (千日手), or a loss for the side that
    /// gave check with every one of its moves since the first occurrence (連続王手の千日手).
    /// Reported once for each such ending, at the first move read after it (a variation
    /// that branches off later is not reported again), with the ply of the fourth
    /// occurrence and the outcome in the detail; also at a special right after the ending
    /// that gives another result (`投了` after a 千日手), where `千日手` itself, a special
    /// that states no result (`中断`) or the end of the record say nothing.
    ///
    /// The moves are read and kept, each legal in its position, as the text has them: the
    /// record is the text's, so this does not [damage the game](Self::damages_game) (as a
    /// [`RecordedFoul`](Self::RecordedFoul) does not), but [`crate::Record::game`] refuses
    /// the moves after the end, as masu-shogi's `Game::play` does, and a strict reading
    /// fails on it, so that every record read strictly replays as a game.
    AfterRepetition,
    /// Bytes that the detected encoding could not decode (replaced by U+FFFD).
    Encoding,
    /// KIF or KI2 text with no line a record is made of (no header, board diagram, move or
    /// comment: an empty file, or text of another kind): the even game without moves is
    /// assumed.
    NoRecord,
}

impl DiagnosticKind {
    /// Whether the record read can differ in its moves or position from what the text
    /// says: an unreadable, illegal or ambiguous move (and what was dropped after it), a
    /// damaged board or hand, undecodable bytes. Validators treat these as errors; the
    /// others (a recorded foul, a mismatched trailer, an unknown header or special word
    /// kept verbatim, a composed start position, moves after a repetition ended the game)
    /// leave the game itself intact.
    #[must_use]
    pub fn damages_game(&self) -> bool {
        matches!(
            self,
            DiagnosticKind::BadMove
                | DiagnosticKind::IllegalMove
                | DiagnosticKind::AmbiguousMove
                | DiagnosticKind::Dropped
                | DiagnosticKind::BadBoard
                | DiagnosticKind::BadHand
                | DiagnosticKind::Encoding
                | DiagnosticKind::NoRecord
        )
    }

    /// The kind's stable identifier, in snake case (`illegal_move`, `unknown_line`): the
    /// variant's name, for programs that sort or filter diagnostics (masu's Python package
    /// gives it as `ReadWarning.kind`). [`Display`](fmt::Display) gives the words for
    /// people.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            DiagnosticKind::UnknownLine => "unknown_line",
            DiagnosticKind::BadMove => "bad_move",
            DiagnosticKind::IllegalMove => "illegal_move",
            DiagnosticKind::RecordedFoul => "recorded_foul",
            DiagnosticKind::AmbiguousMove => "ambiguous_move",
            DiagnosticKind::NoPromotionWord => "no_promotion_word",
            DiagnosticKind::Dropped => "dropped",
            DiagnosticKind::MoveNumber => "move_number",
            DiagnosticKind::SideMark => "side_mark",
            DiagnosticKind::BadTime => "bad_time",
            DiagnosticKind::BadBoard => "bad_board",
            DiagnosticKind::BadHand => "bad_hand",
            DiagnosticKind::BadPosition => "bad_position",
            DiagnosticKind::UnknownHandicap => "unknown_handicap",
            DiagnosticKind::BadVariation => "bad_variation",
            DiagnosticKind::TrailerMismatch => "trailer_mismatch",
            DiagnosticKind::UnknownSpecial => "unknown_special",
            DiagnosticKind::AfterSpecial => "after_special",
            DiagnosticKind::AfterRepetition => "after_repetition",
            DiagnosticKind::Encoding => "encoding",
            DiagnosticKind::NoRecord => "no_record",
        }
    }

    /// What went wrong, in a few words (`bad move`, `illegal move`): its `Display`.
    fn describe(&self) -> &'static str {
        match self {
            DiagnosticKind::UnknownLine => "unknown line",
            DiagnosticKind::BadMove => "bad move",
            DiagnosticKind::IllegalMove => "illegal move",
            DiagnosticKind::RecordedFoul => "illegal final move kept as a recorded foul",
            DiagnosticKind::AmbiguousMove => "ambiguous move",
            DiagnosticKind::NoPromotionWord => "no promotion word",
            DiagnosticKind::Dropped => "dropped",
            DiagnosticKind::MoveNumber => "unexpected move number",
            DiagnosticKind::SideMark => "side mark is not the side to move",
            DiagnosticKind::BadTime => "bad time",
            DiagnosticKind::BadBoard => "bad board diagram",
            DiagnosticKind::BadHand => "bad pieces in hand",
            DiagnosticKind::BadPosition => "invalid start position",
            DiagnosticKind::UnknownHandicap => "unknown handicap",
            DiagnosticKind::BadVariation => "bad variation",
            DiagnosticKind::TrailerMismatch => "trailer disagrees with the moves",
            DiagnosticKind::UnknownSpecial => "unknown special move kept verbatim",
            DiagnosticKind::AfterSpecial => "text after a special move",
            DiagnosticKind::AfterRepetition => "move after the game ended by repetition",
            DiagnosticKind::Encoding => "undecodable bytes",
            DiagnosticKind::NoRecord => "no record",
        }
    }
}

/// One problem, with enough context to find and fix it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// Warning (reading went on) or error (reading stopped).
    pub severity: Severity,
    /// What went wrong.
    pub kind: DiagnosticKind,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column in the line, in characters.
    pub column: usize,
    /// 1-based column in the line, in bytes of the decoded UTF-8 line.
    pub byte_column: usize,
    /// The offending line, without its line end. Of a line longer than 512 bytes (minified
    /// JSON, a CSA or KI2 game on one line), only the piece the problem is in: the
    /// statement, move or 80 bytes of JSON it starts (`column` still counts in the whole
    /// line), so that many problems on one line cost no more than the line.
    pub line_text: String,
    /// What the reader expected there, when it knows (`` `(`, `打` or `成` ``).
    pub expected: Option<String>,
    /// Further detail (the rule a move breaks, the mismatching values).
    pub detail: Option<String>,
    /// The ply of the move concerned (1 = first move).
    pub ply: Option<u32>,
    /// For move errors: the position before the move, in SFEN.
    pub sfen: Option<String>,
    /// For move errors: the legal moves that were candidates, as USI moves (`7g7f`).
    pub candidates: Vec<String>,
}

impl Diagnostic {
    /// A warning about `line_text` (line `line`, 1-based) at character column `column`.
    #[must_use]
    pub fn new(kind: DiagnosticKind, line: usize, line_text: &str, column: usize) -> Diagnostic {
        let byte_column = line_text
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(line_text.len(), |(b, _)| b)
            + 1;
        Diagnostic {
            severity: Severity::Warning,
            kind,
            line,
            column: column.max(1),
            byte_column,
            line_text: line_text.to_owned(),
            expected: None,
            detail: None,
            ply: None,
            sfen: None,
            candidates: Vec::new(),
        }
    }

    /// Sets what was expected.
    #[must_use]
    pub fn expected(mut self, expected: impl Into<String>) -> Diagnostic {
        self.expected = Some(expected.into());
        self
    }

    /// Sets the detail.
    #[must_use]
    pub fn detail(mut self, detail: impl Into<String>) -> Diagnostic {
        self.detail = Some(detail.into());
        self
    }

    /// Adds `more` after the detail there is (`; ` between them), or sets it.
    #[must_use]
    pub(crate) fn add_detail(self, more: impl Into<String>) -> Diagnostic {
        let more = more.into();
        match &self.detail {
            Some(first) => {
                let both = format!("{first}; {more}");
                self.detail(both)
            }
            None => self.detail(more),
        }
    }

    /// Sets the ply.
    #[must_use]
    pub fn ply(mut self, ply: u32) -> Diagnostic {
        self.ply = Some(ply);
        self
    }
}

impl fmt::Display for DiagnosticKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// A diagnostic is an error of its own too (a strict reading's is one of [`ReadError`]), so
/// that a program can return one where it returns other errors.
impl std::error::Error for Diagnostic {}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line,
            self.column,
            self.kind.describe()
        )?;
        if let Some(ply) = self.ply {
            write!(f, " at ply {ply}")?;
        }
        if let Some(detail) = &self.detail {
            write!(f, ": {detail}")?;
        }
        if let Some(expected) = &self.expected {
            write!(f, " (expected {expected})")?;
        }
        if !self.candidates.is_empty() {
            write!(f, "; candidates: {}", self.candidates.join(" "))?;
        }
        write!(f, "\n  | {}", self.line_text)
    }
}

/// Reading failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The bytes could not be decoded as text.
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// The text could not be read (or, in strict mode, needed a warning).
    #[error("{0}")]
    Syntax(Box<Diagnostic>),
}

impl ReadError {
    /// The diagnostic behind a syntax error.
    #[must_use]
    pub fn diagnostic(&self) -> Option<&Diagnostic> {
        match self {
            ReadError::Syntax(d) => Some(d),
            ReadError::Decode(_) => None,
        }
    }
}

/// Collects diagnostics by the rules of a [`Mode`].
#[derive(Debug, Default)]
pub(crate) struct Sink {
    mode: Mode,
    pub(crate) list: Vec<Diagnostic>,
}

impl Sink {
    pub(crate) fn new(mode: Mode) -> Sink {
        Sink {
            mode,
            list: Vec::new(),
        }
    }

    /// Whether reading is strict.
    pub(crate) fn is_strict(&self) -> bool {
        self.mode == Mode::Strict
    }

    /// Records a warning; in strict mode it becomes the error that stops reading.
    pub(crate) fn warn(&mut self, d: Diagnostic) -> Result<(), ReadError> {
        match self.mode {
            Mode::Lenient => {
                self.list.push(d);
                Ok(())
            }
            Mode::Strict => Err(fail(d)),
        }
    }
}

/// The error that stops reading.
pub(crate) fn fail(mut d: Diagnostic) -> ReadError {
    d.severity = Severity::Error;
    ReadError::Syntax(Box::new(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_and_bytes() {
        let d = Diagnostic::new(DiagnosticKind::BadMove, 3, "  1 ７六歩(7x)", 10)
            .expected("a digit 1-9")
            .ply(1);
        assert_eq!(d.byte_column, 16);
        let text = d.to_string();
        assert!(text.starts_with("line 3, column 10: bad move at ply 1 (expected a digit 1-9)"));
        assert!(text.ends_with("|   1 ７六歩(7x)"));
        assert_eq!(d.kind.to_string(), "bad move");
        // An error of its own, to return where other errors go.
        let boxed: Box<dyn std::error::Error> = Box::new(d);
        assert!(boxed.to_string().starts_with("line 3, column 10"));
    }

    #[test]
    fn each_kind_has_its_own_snake_case_name_beside_its_words() {
        use DiagnosticKind as K;
        let kinds = [
            K::UnknownLine,
            K::BadMove,
            K::IllegalMove,
            K::RecordedFoul,
            K::AmbiguousMove,
            K::NoPromotionWord,
            K::Dropped,
            K::MoveNumber,
            K::SideMark,
            K::BadTime,
            K::BadBoard,
            K::BadHand,
            K::BadPosition,
            K::UnknownHandicap,
            K::BadVariation,
            K::TrailerMismatch,
            K::UnknownSpecial,
            K::AfterSpecial,
            K::AfterRepetition,
            K::Encoding,
            K::NoRecord,
        ];
        let names: std::collections::HashSet<_> = kinds.iter().map(K::name).collect();
        assert_eq!(names.len(), kinds.len());
        for kind in &kinds {
            let name = kind.name();
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{name}"
            );
            // The variant's name in snake case: `IllegalMove` is `illegal_move`.
            let variant = format!("{kind:?}");
            assert_eq!(
                name.replace('_', ""),
                variant.to_ascii_lowercase(),
                "{variant}"
            );
        }
        assert_eq!(K::IllegalMove.name(), "illegal_move");
        assert_eq!(K::IllegalMove.to_string(), "illegal move");
    }

    #[test]
    fn strict_mode_fails_on_first_warning() {
        let d = Diagnostic::new(DiagnosticKind::UnknownLine, 1, "?", 1);
        let mut lenient = Sink::new(Mode::Lenient);
        assert!(lenient.warn(d.clone()).is_ok());
        assert_eq!(lenient.list.len(), 1);
        let mut strict = Sink::new(Mode::Strict);
        let err = strict.warn(d).err();
        assert_eq!(
            err.as_ref()
                .and_then(ReadError::diagnostic)
                .map(|d| d.severity),
            Some(Severity::Error)
        );
    }
}
