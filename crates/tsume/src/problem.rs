//! Problem files: one problem per line, in either of two forms.
//!
//! * `SFEN moves m1 m2 ...` — the solution in USI; its length is the mate length.
//! * `SFEN<TAB>N<TAB>solution<TAB>name` — `N` is the mate length, `?` when unknown and
//!   `-1` for no mate; the solution (USI moves separated by spaces) and name may be empty.
//!   The position column is read as [`parse_position`] reads it: a `moves ...` there is
//!   played, and the problem is the position after it.
//!
//! A solution is checked as it is read: legal moves, each of the attacker's a check, the
//! last a checkmate, and as many as `N` says.
//!
//! Blank lines and lines starting with `#` are skipped. Positions are read in tsume mode:
//! the attacker may have no king, and pieces that are neither on the board nor in a hand
//! belong to the defender.

use std::fmt;
use std::num::ParseIntError;
use std::str::FromStr;

use shogi::{Move, ParseSfenError, Position, SetupMode, UsiMove};

use crate::error::{ParseProblemError, SolutionFault};
use crate::verdict::Verdict;

/// The answer a problem is known to have: what a problem file's length column says, and
/// what [`bundled`](crate::bundled) problems carry.
///
/// Its text is the length column's: the length in plies, `-1` for no mate, `?` when not
/// recorded (`nomate` is read too, and `no_mate`: how [`Verdict::kind`] and the `serde`
/// form spell it).
///
/// ```
/// use masu_tsume::Expected;
///
/// assert_eq!("15".parse::<Expected>()?, Expected::Mate(15));
/// assert_eq!("-1".parse::<Expected>()?, Expected::NoMate);
/// assert_eq!("no_mate".parse::<Expected>()?, Expected::NoMate);
/// assert_eq!(Expected::Unknown.to_string(), "?");
/// # Ok::<_, std::num::ParseIntError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Expected {
    /// A mate of exactly this many plies (minimax length).
    Mate(u32),
    /// No mate.
    NoMate,
    /// Not recorded.
    Unknown,
}

impl Expected {
    /// Whether `verdict` is this answer: a mate proven of exactly this length, or no mate;
    /// anything does for [`Expected::Unknown`]. A [`Verdict::NoMateWithin`] agrees with a
    /// longer mate or with no mate.
    #[must_use]
    pub fn is_answered_by(&self, verdict: &Verdict) -> bool {
        match (self, verdict) {
            (Expected::Unknown, _) | (Expected::NoMate, Verdict::NoMate) => true,
            (Expected::Mate(n), Verdict::Mate(mate)) => mate.exact && mate.length == *n,
            (Expected::Mate(n), Verdict::NoMateWithin { plies }) => plies < n,
            (Expected::NoMate, Verdict::NoMateWithin { .. }) => true,
            _ => false,
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Mate(n) => write!(f, "{n}"),
            Expected::NoMate => f.write_str("-1"),
            Expected::Unknown => f.write_str("?"),
        }
    }
}

impl FromStr for Expected {
    type Err = ParseIntError;

    fn from_str(text: &str) -> Result<Expected, ParseIntError> {
        match text.trim() {
            "?" | "" => Ok(Expected::Unknown),
            "-1" | "nomate" | "no_mate" => Ok(Expected::NoMate),
            n => n.parse().map(Expected::Mate),
        }
    }
}

/// One problem of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The name column (empty for the `moves` form).
    pub name: String,
    /// The position, attacker to move.
    pub position: Position,
    /// The expected answer.
    pub expected: Expected,
    /// A recorded solution line (may be empty).
    pub solution: Vec<Move>,
}

impl Problem {
    /// Parses one non-comment line; `line_no` (1-based) goes into errors, with the column
    /// (1-based, in characters) of what is wrong.
    ///
    /// In the tab form the position column is read as [`parse_position`] reads it: a
    /// `moves ...` there is played, and the problem is the position after it.
    ///
    /// # Errors
    ///
    /// [`ParseProblemError`] for a bad position, length or solution move.
    pub fn from_line(text: &str, line_no: usize) -> Result<Problem, ParseProblemError> {
        let at = Where {
            text,
            line: line_no,
        };
        let cols: Vec<&str> = text.split('\t').collect();
        if cols.len() >= 2 {
            let position = at.position(cols[0])?;
            let expected = at.expected(cols[1])?;
            let solution = match cols.get(2) {
                Some(moves) => at.moves(&position, moves)?,
                None => Vec::new(),
            };
            if let Some(moves) = cols.get(2).filter(|_| !solution.is_empty()) {
                let count = u32::try_from(solution.len()).unwrap_or(u32::MAX);
                match expected {
                    Expected::Mate(length) if length != count => {
                        return Err(ParseProblemError::SolutionLength {
                            line: line_no,
                            column: at.first_word(moves),
                            moves: solution.len(),
                            length,
                        });
                    }
                    _ => {
                        at.mate_length(Expected::Mate(count), moves)?;
                    }
                }
            }
            let name = cols.get(3).map_or(String::new(), |s| s.trim().to_string());
            return Ok(Problem {
                name,
                position,
                expected,
                solution,
            });
        }
        let (sfen, moves) = match text.find(" moves ") {
            Some(i) => (&text[..i], &text[i + 7..]),
            None => (text, &text[text.len()..]),
        };
        let position = at.position(sfen)?;
        let solution = at.moves(&position, moves)?;
        let expected = if solution.is_empty() {
            Expected::Unknown
        } else {
            Expected::Mate(u32::try_from(solution.len()).unwrap_or(u32::MAX))
        };
        Ok(Problem {
            name: String::new(),
            position,
            expected: at.mate_length(expected, moves)?,
            solution,
        })
    }
}

/// Parses every problem of a file.
///
/// # Errors
///
/// The first line that does not parse.
pub fn parse_problems(text: &str) -> Result<Vec<Problem>, ParseProblemError> {
    // A byte-order mark, as Windows editors save UTF-8, is no part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| Problem::from_line(l, i + 1))
        .collect()
}

/// Reads a tsume position from SFEN (also `sfen ...` and `position sfen ...` forms, and
/// with `moves ...` after it, played): the attacker may have no king, and pieces that are
/// neither on the board nor in a hand belong to the defender.
///
/// ```
/// use masu_tsume::parse_position;
///
/// let pos = parse_position("9/8k/9/8P/9/9/9/9/9 b 2G 1")?;
/// assert!(pos.king_square(masu_tsume::shogi::Color::Black).is_none());
/// let err = parse_position("9/8k/9/9 b 2G 1").expect_err("too few ranks");
/// assert!(err.to_string().starts_with("invalid board"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`ParseSfenError`] when the text is not a valid tsume position.
pub fn parse_position(sfen: &str) -> Result<Position, ParseSfenError> {
    Position::from_sfen_with(sfen.trim(), SetupMode::Tsume)
}

/// A line of a problem file being read: the parts of [`Problem::from_line`], each a slice
/// of `text`, with the errors that say where in it.
struct Where<'a> {
    text: &'a str,
    line: usize,
}

impl Where<'_> {
    /// The 1-based character column of `byte` bytes into `part` (a slice of the line).
    fn column(&self, part: &str, byte: usize) -> usize {
        // Both are slices of one string: the difference of their starts is `part`'s offset.
        let start = part.as_ptr() as usize - self.text.as_ptr() as usize;
        self.text[..start + byte].chars().count() + 1
    }

    /// The 1-based character column where `part`'s first word starts.
    fn first_word(&self, part: &str) -> usize {
        self.column(part, part.len() - part.trim_start().len())
    }

    fn position(&self, sfen: &str) -> Result<Position, ParseProblemError> {
        parse_position(sfen).map_err(|error| {
            let start = sfen.len() - sfen.trim_start().len();
            ParseProblemError::Position {
                line: self.line,
                column: self.column(sfen, start + error.offset().unwrap_or(0)),
                error,
            }
        })
    }

    fn expected(&self, column: &str) -> Result<Expected, ParseProblemError> {
        let text = column.trim();
        let expected = text.parse().map_err(|error| ParseProblemError::Length {
            line: self.line,
            column: self.first_word(column),
            text: text.to_string(),
            error,
        })?;
        self.mate_length(expected, column)
    }

    /// `expected` when it can be a mate's length: odd (a length of 0 or 2 was taken, and no
    /// answer could match it); `part` is what it was read from.
    fn mate_length(&self, expected: Expected, part: &str) -> Result<Expected, ParseProblemError> {
        match expected {
            Expected::Mate(length) if length.is_multiple_of(2) => {
                Err(ParseProblemError::NotAMateLength {
                    line: self.line,
                    column: self.first_word(part),
                    length,
                })
            }
            other => Ok(other),
        }
    }

    /// The solution `text` played from `start`: legal moves, each of the attacker's a check,
    /// the last a checkmate.
    fn moves(&self, start: &Position, text: &str) -> Result<Vec<Move>, ParseProblemError> {
        let mut pos = start.clone();
        let mut out = Vec::new();
        let not_a_mate = |index: usize, word: &str, fault| ParseProblemError::NotAMate {
            line: self.line,
            column: self.column(word, 0),
            index: index + 1,
            fault,
        };
        let mut last = None;
        for (index, word) in text.split_whitespace().enumerate() {
            // The column is counted only for an error: counting it for every move would cost
            // the square of the line's length.
            let usi: UsiMove = word.parse().map_err(|error| ParseProblemError::Move {
                line: self.line,
                column: self.column(word, 0),
                text: word.to_string(),
                error,
            })?;
            // `to_move` checks legality: the move can be played as it is.
            let m = usi
                .to_move(&pos)
                .map_err(|error| ParseProblemError::IllegalMove {
                    line: self.line,
                    column: self.column(word, 0),
                    index: index + 1,
                    error,
                })?;
            pos.play_unchecked(m);
            out.push(m);
            if index % 2 == 0 && !pos.in_check() {
                return Err(not_a_mate(index, word, SolutionFault::NoCheck));
            }
            last = Some((index, word));
        }
        match last {
            // An even number of moves ends with the defender's: the length's error says so.
            Some((index, word)) if index % 2 == 0 && !pos.is_checkmate() => {
                Err(not_a_mate(index, word, SolutionFault::NotCheckmate))
            }
            _ => Ok(out),
        }
    }
}

/// The 427 generated problems of `tools/tsume-gen` (1 to 11 plies, big attacker hands),
/// for the unit tests.
#[cfg(test)]
pub(crate) fn generated_problems() -> Vec<Problem> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tools/tsume-gen/problems.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    parse_problems(&text).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_line_forms() {
        let p = Problem::from_line(
            "+B8/9/2r6/9/k8/2+B6/9/9/9 b r4g4s4n4l18p 1 moves 9a7c 9e9f R*9e",
            1,
        )
        .unwrap();
        assert_eq!(p.expected, Expected::Mate(3));
        assert_eq!(p.solution.len(), 3);
        let q =
            Problem::from_line("8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1\t?\t\t図巧", 2).unwrap();
        assert_eq!(q.expected, Expected::Unknown);
        assert_eq!(q.name, "図巧");
        let r = Problem::from_line(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t-1\t\tstart",
            3,
        )
        .unwrap();
        assert_eq!(r.expected, Expected::NoMate);
    }

    #[test]
    fn a_bad_length_says_what_the_column_takes() {
        let err = Problem::from_line("4k4/9/4P4/9/9/9/9/9/9 b G 1\t-3", 1).unwrap_err();
        assert!(
            err.to_string()
                .ends_with("(expected the mate's plies, -1 for no mate or ? when not known)"),
            "{err}"
        );
        // The word the JSON of a verdict uses reads as `-1` does.
        let p = Problem::from_line("4k4/9/4P4/9/9/9/9/9/9 b G 1\tno_mate", 2).unwrap();
        assert_eq!(p.expected, Expected::NoMate);
    }

    #[test]
    fn a_file_may_start_with_a_byte_order_mark() {
        let problems = parse_problems("\u{feff}4k4/9/4P4/9/9/9/9/9/9 b G 1\n# two\n");
        assert_eq!(problems.map(|p| p.len()), Ok(1));
    }

    #[test]
    fn defender_gets_the_rest() {
        let p = Problem::from_line("4k4/9/4P4/9/9/9/9/9/9 b G 1\t1\t\t", 1).unwrap();
        assert_eq!(
            p.position
                .hand(shogi::Color::White)
                .count(shogi::PieceKind::Pawn),
            17
        );
        assert_eq!(
            p.position
                .hand(shogi::Color::White)
                .count(shogi::PieceKind::Gold),
            3
        );
    }

    #[test]
    fn errors_say_where() {
        assert!(matches!(
            Problem::from_line("xx\t1", 4),
            Err(ParseProblemError::Position {
                line: 4,
                column: 1,
                ..
            })
        ));
        assert!(matches!(
            Problem::from_line("4k4/9/4P4/9/9/9/9/9/9 b G 1\t z", 5),
            Err(ParseProblemError::Length {
                line: 5,
                column: 30,
                ..
            })
        ));
        assert!(matches!(
            Problem::from_line("4k4/9/4P4/9/9/9/9/9/9 b G 1 moves 1a1b", 6),
            Err(ParseProblemError::IllegalMove {
                line: 6,
                column: 35,
                index: 1,
                ..
            })
        ));
        // No mate has an even length, nor a solution of an even number of moves.
        for (line, length, column) in [
            ("\t0", 0, 29),
            ("\t2", 2, 29),
            ("\t +4", 4, 30),
            (" moves G*4b 5a6a", 2, 35),
        ] {
            let text = format!("4k4/9/4P4/9/9/9/9/9/9 b G 1{line}");
            assert_eq!(
                Problem::from_line(&text, 7),
                Err(ParseProblemError::NotAMateLength {
                    line: 7,
                    column,
                    length
                }),
                "{text}"
            );
        }
        assert!(Problem::from_line("4k4/9/4P4/9/9/9/9/9/9 b G 1\t3", 8).is_ok());
    }

    #[test]
    fn a_solution_must_be_a_mate_of_the_stated_length() {
        let sfen = "4k4/9/4P4/9/9/9/9/9/9 b 2G 1";
        assert!(Problem::from_line(&format!("{sfen}\t1\tG*5b"), 1).is_ok());
        // A quiet first move, a check that does not mate, a length that disagrees.
        let err = Problem::from_line(&format!("{sfen}\t3\tG*1a 5a4b G*5b"), 2).unwrap_err();
        assert_eq!(
            err,
            ParseProblemError::NotAMate {
                line: 2,
                column: 32,
                index: 1,
                fault: SolutionFault::NoCheck
            }
        );
        assert!(
            err.to_string()
                .ends_with("move 1 of the solution gives no check")
        );
        let err = Problem::from_line(&format!("{sfen}\t1\tG*4b"), 3).unwrap_err();
        assert!(
            matches!(
                err,
                ParseProblemError::NotAMate {
                    index: 1,
                    fault: SolutionFault::NotCheckmate,
                    ..
                }
            ),
            "{err}"
        );
        let err = Problem::from_line(&format!("{sfen}\t3\tG*5b"), 4).unwrap_err();
        assert_eq!(
            err,
            ParseProblemError::SolutionLength {
                line: 4,
                column: 32,
                moves: 1,
                length: 3
            }
        );
        let err = Problem::from_line(&format!("{sfen} moves G*4b"), 5).unwrap_err();
        assert!(matches!(err, ParseProblemError::NotAMate { .. }), "{err}");
    }

    #[test]
    fn columns_count_characters_and_point_into_the_position() {
        // The side to move is wrong: the column is the position parser's place in the line.
        let err = Problem::from_line("  4k4/9/4P4/9/9/9/9/9/9 x G 1\t3", 1).unwrap_err();
        assert!(
            matches!(err, ParseProblemError::Position { column: 25, .. }),
            "{err}"
        );
        assert!(err.to_string().starts_with("line 1, column 25: "), "{err}");
        // A position that breaks the rules has no one place: its start.
        let err = Problem::from_line("4k4/9/9/9/9/9/P8/P8/9 b - 1\t1", 2).unwrap_err();
        assert!(
            matches!(err, ParseProblemError::Position { column: 1, .. }),
            "{err}"
        );
        // A column after wide characters counts characters, not bytes.
        // (Ideographic spaces, three bytes each, separate moves.)
        let text = "4k4/9/4P4/9/9/9/9/9/9 b G 1\t3\t\u{3000}\u{3000}x\t頭金";
        let err = Problem::from_line(text, 3).unwrap_err();
        assert!(
            matches!(err, ParseProblemError::Move { column: 33, .. }),
            "{err}"
        );
        // In the tab form a position column with moves is the position after them.
        let p = Problem::from_line("4k4/9/4P4/9/9/9/9/9/9 b 2G 1 moves G*4b 5a6a\t1", 4).unwrap();
        assert_eq!(p.position.ply(), 3);
    }

    /// The parser's error is said once in a chain of errors: in the message, with no
    /// `source` (it was both, and `{:#}` of anyhow said it twice).
    #[test]
    fn the_parsers_error_is_said_once_in_a_chain() {
        fn chain(err: &dyn std::error::Error) -> String {
            let mut text = err.to_string();
            let mut next = err.source();
            while let Some(cause) = next {
                text.push_str(&format!(": {cause}"));
                next = cause.source();
            }
            text
        }
        for line in [
            "4k4/9/4P4/9/9/9/9/9/9 x G 1\t3",
            "4k4/9/4P4/9/9/9/9/9/9 b G 1\tthree",
            "4k4/9/4P4/9/9/9/9/9/9 b G 1\t1\tG*5z",
            "4k4/9/4P4/9/9/9/9/9/9 b G 1\t1\tG*5a",
        ] {
            let err = Problem::from_line(line, 1).unwrap_err();
            assert!(std::error::Error::source(&err).is_none(), "{err}");
            assert_eq!(chain(&err), err.to_string());
            assert!(err.to_string().matches(": ").count() >= 2, "{err}");
        }
    }
}
