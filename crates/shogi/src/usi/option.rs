//! Engine options: what an engine declares in its answer to `usi` (`option name USI_Hash
//! type spin default 256 min 1 max 4096`), and what a GUI sets (`setoption name USI_Hash
//! value 1024`), read from text and written back.
//!
//! ```
//! use masu_shogi::usi::{EngineOption, OptionKind, SetOption};
//!
//! let hash: EngineOption = "option name USI_Hash type spin default 256 min 1 max 4096".parse()?;
//! assert_eq!(hash.name, "USI_Hash");
//! assert_eq!(hash.kind, OptionKind::Spin { default: Some(256), min: Some(1), max: Some(4096) });
//!
//! // Names and text values may hold blanks; `<empty>` is the empty text.
//! let book: EngineOption = "option name Book File type string default <empty>".parse()?;
//! assert_eq!(book.name, "Book File");
//! assert_eq!(book.kind, OptionKind::String { default: Some(String::new()) });
//! assert_eq!(book.to_string(), "option name Book File type string default <empty>");
//!
//! let set: SetOption = "setoption name Book File value C:/books/my book.db".parse()?;
//! assert_eq!(set.value.as_deref(), Some("C:/books/my book.db"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! An option's name runs to the word `type` (`setoption`'s to `value`), and a `string` or
//! `filename` default to the end of the line; a `combo` default and each of its `var`s run
//! to the next `default` or `var`. The other values are one
//! word each: `true` or `false` for a `check`, a number for a `spin`'s `default`, `min`
//! and `max`. A word that is not one of the type's, a type that is not one of USI's six, or
//! a value given twice is an error, with its column.

use std::fmt;
use std::str::FromStr;

use super::engine::{EngineLineProblem, ParseEngineLineError};
use super::words::{Words, once};

/// An option an engine declares: its name and its type with the values that go with it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EngineOption {
    /// The option's name, as `setoption` gives it back (`USI_Hash`, `Book File`).
    pub name: String,
    /// Its type, default and range or choices.
    pub kind: OptionKind,
}

/// An option's type, with its default (when the engine gives one) and its range or choices.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `check`: on or off.
    Check {
        /// `default true` or `default false`.
        default: Option<bool>,
    },
    /// `spin`: a whole number, within `min` and `max` when the engine gives them.
    Spin {
        /// The number it starts at.
        default: Option<i64>,
        /// The smallest it takes.
        min: Option<i64>,
        /// The largest it takes.
        max: Option<i64>,
    },
    /// `combo`: one of the `var` choices.
    Combo {
        /// The choice it starts at.
        default: Option<String>,
        /// The choices, in the engine's order.
        vars: Vec<String>,
    },
    /// `button`: no value; setting it does something (`Clear Hash`).
    Button,
    /// `string`: any text (`<empty>` on the line for none).
    String {
        /// The text it starts with.
        default: Option<String>,
    },
    /// `filename`: a path (`<empty>` on the line for none).
    Filename {
        /// The path it starts with.
        default: Option<String>,
    },
}

impl OptionKind {
    /// The USI word of the type: `check`, `spin`, `combo`, `button`, `string` or `filename`.
    #[must_use]
    pub const fn type_word(&self) -> &'static str {
        match self {
            OptionKind::Check { .. } => "check",
            OptionKind::Spin { .. } => "spin",
            OptionKind::Combo { .. } => "combo",
            OptionKind::Button => "button",
            OptionKind::String { .. } => "string",
            OptionKind::Filename { .. } => "filename",
        }
    }
}

/// A GUI's `setoption name <name> [value <value>]` (no value for a `button`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SetOption {
    /// The option's name.
    pub name: String,
    /// The value, as text (`true`, `1024`, a path; `<empty>` on the line is the empty
    /// text); `None` for a button.
    pub value: Option<String>,
}

/// The words that end a combo's `default` or `var`.
const CHOICE_ENDS: &[&str] = &["default", "var"];

/// How USI writes an empty text value.
const EMPTY: &str = "<empty>";

/// A text value as read from the rest of a line (`<empty>`: the empty text).
fn text_value(rest: &str) -> String {
    if rest == EMPTY {
        String::new()
    } else {
        rest.to_owned()
    }
}

/// Writes ` word text` for a text value when there is one, the empty text as `<empty>`.
fn write_text(f: &mut fmt::Formatter<'_>, word: &str, text: Option<&str>) -> fmt::Result {
    match text {
        Some("") => write!(f, " {word} {EMPTY}"),
        Some(text) => write!(f, " {word} {text}"),
        None => Ok(()),
    }
}

/// The words after `word` up to the first of `stops` (or the line's end), as the line has
/// them between its first and last word; an error where the first would be when there is
/// none.
fn words_until<'a>(
    words: &mut Words<'a>,
    word: &'static str,
    stops: &[&str],
) -> Result<&'a str, ParseEngineLineError> {
    let mut ahead = *words;
    let first = ahead
        .next()
        .map_or(words.line().trim_end().len(), |(at, _)| at);
    let mut end = None;
    while let Some(next) = words.peek()
        && !stops.contains(&next)
    {
        end = words.next().map(|(at, w)| at + w.len());
    }
    match end {
        Some(end) => Ok(&words.line()[first..end]),
        None => Err(words.error(first, EngineLineProblem::MissingValue(word))),
    }
}

/// The name after the word `name`, running to the first of `stops`.
fn name<'a>(words: &mut Words<'a>, stops: &[&str]) -> Result<&'a str, ParseEngineLineError> {
    words.expect("name", EngineLineProblem::Expected("name"))?;
    words_until(words, "name", stops)
}

fn check(words: &mut Words<'_>) -> Result<bool, ParseEngineLineError> {
    let (at, text) = words.value("default")?;
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(words.error(at, EngineLineProblem::BadCheck(text.into()))),
    }
}

fn unknown(words: &Words<'_>, at: usize, word: &str) -> ParseEngineLineError {
    words.error(at, EngineLineProblem::UnknownWord(word.into()))
}

impl FromStr for EngineOption {
    type Err = ParseEngineLineError;

    fn from_str(line: &str) -> Result<EngineOption, ParseEngineLineError> {
        let mut words = Words::new(line);
        words.command("option")?;
        let name = name(&mut words, &["type"])?.to_owned();
        // The name ran to `type` or to the line's end.
        if words.next().is_none() {
            let end = line.trim_end().len();
            return Err(words.error(end, EngineLineProblem::Expected("type")));
        }
        let (type_at, type_word) = words.value("type")?;
        let kind = match type_word {
            "check" => {
                let mut default = None;
                while let Some((at, word)) = words.next() {
                    match word {
                        "default" => {
                            let value = check(&mut words)?;
                            once(&words, at, "default", &mut default, value)?;
                        }
                        _ => return Err(unknown(&words, at, word)),
                    }
                }
                OptionKind::Check { default }
            }
            "spin" => {
                let (mut default, mut min, mut max) = (None, None, None);
                while let Some((at, word)) = words.next() {
                    let (word, slot) = match word {
                        "default" => ("default", &mut default),
                        "min" => ("min", &mut min),
                        "max" => ("max", &mut max),
                        _ => return Err(unknown(&words, at, word)),
                    };
                    let n = words.number(word)?;
                    once(&words, at, word, slot, n)?;
                }
                OptionKind::Spin { default, min, max }
            }
            "combo" => {
                let (mut default, mut vars) = (None, Vec::new());
                while let Some((at, word)) = words.next() {
                    match word {
                        "default" => {
                            let value = words_until(&mut words, "default", CHOICE_ENDS)?.to_owned();
                            once(&words, at, "default", &mut default, value)?;
                        }
                        "var" => vars.push(words_until(&mut words, "var", CHOICE_ENDS)?.to_owned()),
                        _ => return Err(unknown(&words, at, word)),
                    }
                }
                OptionKind::Combo { default, vars }
            }
            "button" => {
                words.end()?;
                OptionKind::Button
            }
            "string" | "filename" => {
                let default = match words.next() {
                    Some((_, "default")) => Some(text_value(words.rest())),
                    Some((at, word)) => return Err(unknown(&words, at, word)),
                    None => None,
                };
                if type_word == "string" {
                    OptionKind::String { default }
                } else {
                    OptionKind::Filename { default }
                }
            }
            other => return Err(unknown(&words, type_at, other)),
        };
        Ok(EngineOption { name, kind })
    }
}

impl fmt::Display for EngineOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "option name {} type {}",
            self.name,
            self.kind.type_word()
        )?;
        match &self.kind {
            OptionKind::Check { default } => {
                if let Some(on) = default {
                    write!(f, " default {on}")?;
                }
            }
            OptionKind::Spin { default, min, max } => {
                for (word, value) in [("default", default), ("min", min), ("max", max)] {
                    if let Some(n) = value {
                        write!(f, " {word} {n}")?;
                    }
                }
            }
            OptionKind::Combo { default, vars } => {
                if let Some(choice) = default {
                    write!(f, " default {choice}")?;
                }
                for var in vars {
                    write!(f, " var {var}")?;
                }
            }
            OptionKind::Button => {}
            OptionKind::String { default } | OptionKind::Filename { default } => {
                write_text(f, "default", default.as_deref())?;
            }
        }
        Ok(())
    }
}

impl FromStr for SetOption {
    type Err = ParseEngineLineError;

    fn from_str(line: &str) -> Result<SetOption, ParseEngineLineError> {
        let mut words = Words::new(line);
        words.command("setoption")?;
        let name = name(&mut words, &["value"])?.to_owned();
        let value = match words.next() {
            Some(_) => {
                let end = line.trim_end().len();
                let rest = words.rest();
                if rest.trim().is_empty() {
                    return Err(words.error(end, EngineLineProblem::MissingValue("value")));
                }
                Some(text_value(rest))
            }
            None => None,
        };
        Ok(SetOption { name, value })
    }
}

impl fmt::Display for SetOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "setoption name {}", self.name)?;
        write_text(f, "value", self.value.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(line: &str) -> EngineOption {
        line.parse().unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    fn problem(line: &str) -> (usize, EngineLineProblem) {
        match line.parse::<EngineOption>() {
            Ok(o) => panic!("{line} read as {o:?}"),
            Err(e) => (e.column, e.problem),
        }
    }

    #[test]
    fn every_type_reads_and_writes_back() {
        let text = |s: &str| Some(s.to_owned());
        for (line, name, kind) in [
            (
                "option name USI_Ponder type check default false",
                "USI_Ponder",
                OptionKind::Check {
                    default: Some(false),
                },
            ),
            (
                "option name Contempt type spin default -2 min -30000 max 30000",
                "Contempt",
                OptionKind::Spin {
                    default: Some(-2),
                    min: Some(-30000),
                    max: Some(30000),
                },
            ),
            (
                "option name BookFile type combo default standard_book.db var no_book var \
                 standard_book.db var user book1.db",
                "BookFile",
                OptionKind::Combo {
                    default: text("standard_book.db"),
                    vars: vec![
                        "no_book".into(),
                        "standard_book.db".into(),
                        "user book1.db".into(),
                    ],
                },
            ),
            (
                "option name Clear Hash type button",
                "Clear Hash",
                OptionKind::Button,
            ),
            (
                "option name EvalDir type string default eval/nn 2024",
                "EvalDir",
                OptionKind::String {
                    default: text("eval/nn 2024"),
                },
            ),
            (
                "option name Log File type filename default <empty>",
                "Log File",
                OptionKind::Filename { default: text("") },
            ),
            (
                "option name Note type string",
                "Note",
                OptionKind::String { default: None },
            ),
        ] {
            let read = option(line);
            assert_eq!((read.name.as_str(), &read.kind), (name, &kind), "{line}");
            assert_eq!(read.to_string(), line);
        }
    }

    #[test]
    fn parts_in_any_order_and_blanks_of_any_width() {
        let o = option("option  name  Threads\ttype spin max 512 min 1  default 4\r\n");
        assert_eq!(o.name, "Threads");
        assert_eq!(
            o.kind,
            OptionKind::Spin {
                default: Some(4),
                min: Some(1),
                max: Some(512)
            }
        );
        assert_eq!(
            o.to_string(),
            "option name Threads type spin default 4 min 1 max 512"
        );
        // Names and choices keep the blanks between their words.
        let o = option("option name Book  Moves type combo var a  b default a  b");
        assert_eq!(o.name, "Book  Moves");
        assert_eq!(
            o.kind,
            OptionKind::Combo {
                default: Some("a  b".into()),
                vars: vec!["a  b".into()]
            }
        );
    }

    #[test]
    fn bad_lines_say_where_and_what() {
        use EngineLineProblem as P;
        for (line, column, what) in [
            (
                "option name X type spin default x",
                33,
                P::BadNumber("default", "x".into()),
            ),
            (
                "option name X type colour",
                20,
                P::UnknownWord("colour".into()),
            ),
            ("option type spin", 8, P::Expected("name")),
            ("option name X", 14, P::Expected("type")),
            ("option name type spin", 13, P::MissingValue("name")),
            ("option name X type", 19, P::MissingValue("type")),
            (
                "option name X type check default yes",
                34,
                P::BadCheck("yes".into()),
            ),
            (
                "option name X type spin var 3",
                25,
                P::UnknownWord("var".into()),
            ),
            (
                "option name X type spin min 1 min 2",
                31,
                P::Repeated("min"),
            ),
            (
                "option name X type button default 1",
                27,
                P::Trailing("default".into()),
            ),
            (
                "option name X type combo var var b",
                30,
                P::MissingValue("var"),
            ),
            (
                "option name X type string value 3",
                27,
                P::UnknownWord("value".into()),
            ),
            ("id name masu", 1, P::Command("option")),
            ("", 1, P::Command("option")),
        ] {
            assert_eq!(problem(line), (column, what), "{line}");
        }
    }

    #[test]
    fn set_options() {
        for (line, name, value) in [
            (
                "setoption name USI_Hash value 1024",
                "USI_Hash",
                Some("1024"),
            ),
            ("setoption name Clear Hash", "Clear Hash", None),
            (
                "setoption name Book File value C:/my books/a.db",
                "Book File",
                Some("C:/my books/a.db"),
            ),
            ("setoption name EvalDir value <empty>", "EvalDir", Some("")),
        ] {
            let set: SetOption = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!((set.name.as_str(), set.value.as_deref()), (name, value));
            assert_eq!(set.to_string(), line);
        }
        use EngineLineProblem as P;
        let problem = |line: &str| line.parse::<SetOption>().map_err(|e| (e.column, e.problem));
        assert_eq!(problem("setoption value 3"), Err((11, P::Expected("name"))));
        assert_eq!(
            problem("setoption name X value"),
            Err((23, P::MissingValue("value")))
        );
        assert_eq!(
            problem("setoption name value 3"),
            Err((16, P::MissingValue("name")))
        );
        assert_eq!(problem("option name X"), Err((1, P::Command("setoption"))));
    }
}
