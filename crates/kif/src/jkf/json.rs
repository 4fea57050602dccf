//! JSON plumbing for JKF: places in the text for diagnostics, and a small value type
//! written with the field order kept.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt::Write as _;

use crate::build::{Origin, Shift};

/// Lines longer than this (in bytes) are not copied into diagnostics.
pub(crate) const LONG_LINE: usize = 512;

/// Where things are in the text: line starts, for 1-based line and column of a raw value.
#[derive(Debug)]
pub(crate) struct Locator<'a> {
    text: &'a str,
    starts: Vec<usize>,
    /// The last offset asked on a long line and its character column there: the next
    /// one further on counts from it, so that many diagnostics on one line of minified
    /// JSON stay linear in cost.
    last: Cell<(usize, usize)>,
}

impl<'a> Locator<'a> {
    pub(crate) fn new(text: &'a str) -> Locator<'a> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Locator {
            text,
            starts,
            last: Cell::new((0, 1)),
        }
    }

    /// Where a byte offset is, as a place for diagnostics: its line, and its column in
    /// it. On lines longer than [`LONG_LINE`] bytes (minified JSON) a diagnostic quotes
    /// the 80 bytes from the offset, not the line.
    pub(crate) fn at_offset(&self, offset: usize) -> Origin<'a> {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let end = self.starts.get(line).map_or(self.text.len(), |&e| e - 1);
        if end - start > LONG_LINE {
            let mut stop = (offset + 80).min(end).max(offset);
            while !self.text.is_char_boundary(stop) {
                stop -= 1;
            }
            let (last, last_column) = self.last.get();
            let (from, from_column) = if (start..=offset).contains(&last) {
                (last, last_column)
            } else {
                (start, 1)
            };
            let column = from_column + self.text[from..offset].chars().count();
            self.last.set((offset, column));
            return Origin {
                text: &self.text[offset..stop],
                shift: Shift {
                    chars: column - 1,
                    bytes: offset - start,
                },
                ..Origin::line(line, "")
            };
        }
        let line_text = self.text[start..end].trim_end_matches('\r');
        let column = self
            .text
            .get(start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        Origin {
            column,
            ..Origin::line(line, line_text)
        }
    }
}

/// A JSON value to write, objects keeping their field order. Keys and the format's own
/// words (`"FU"`, `"H"`) are borrowed: a record's moves are objects of a few such fields
/// each, and a string allocated for every one of them cost more than the writing.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Json {
    Bool(bool),
    Int(i64),
    Str(Cow<'static, str>),
    Array(Vec<Json>),
    Object(Vec<(Cow<'static, str>, Json)>),
}

impl Json {
    pub(crate) fn object() -> Json {
        Json::Object(Vec::new())
    }

    /// Adds a field (objects only).
    pub(crate) fn with(mut self, key: &'static str, value: Json) -> Json {
        if let Json::Object(fields) = &mut self {
            fields.push((Cow::Borrowed(key), value));
        }
        self
    }

    /// One of the format's own words.
    pub(crate) fn str(s: &'static str) -> Json {
        Json::Str(Cow::Borrowed(s))
    }

    /// A record's text (a header value, a comment).
    pub(crate) fn text(s: impl Into<String>) -> Json {
        Json::Str(Cow::Owned(s.into()))
    }

    /// Pretty text: two-space indents, short arrays and objects of scalars on one line.
    #[cfg(test)]
    pub(crate) fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    /// Whether the value is written on one line: a scalar, or an array or object of scalars.
    pub(crate) fn is_flat(&self) -> bool {
        match self {
            Json::Array(items) => items.iter().all(Json::is_scalar),
            Json::Object(fields) => fields.iter().all(|(_, v)| v.is_scalar()),
            _ => true,
        }
    }

    fn is_scalar(&self) -> bool {
        !matches!(self, Json::Array(_) | Json::Object(_))
    }

    /// Writes the value pretty, its own lines indented for `depth`. The values written this
    /// way are small (a move, a time, the header): the moves and their forks, which nest
    /// without bound, are written by a loop in the JKF writer.
    pub(crate) fn write(&self, out: &mut String, depth: usize) {
        match self {
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            // Most numbers are a square's file or rank, a side, minutes or seconds.
            Json::Int(n @ 0..=9) => out.push(char::from(b'0' + *n as u8)),
            Json::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Json::Str(s) => quote(out, s),
            Json::Array(items) => {
                out.push('[');
                let flat = self.is_flat();
                for (i, value) in items.iter().enumerate() {
                    separator(out, i, flat, depth + 1);
                    value.write(out, depth + 1);
                }
                close(out, ']', !items.is_empty() && !flat, depth);
            }
            Json::Object(fields) => {
                let flat = self.is_flat();
                self.write_open(out, depth, flat);
                close(out, '}', !fields.is_empty() && !flat, depth);
            }
        }
    }

    /// Writes an object without its closing brace, so that the caller can add fields;
    /// `flat` puts the fields on the line of the brace.
    pub(crate) fn write_open(&self, out: &mut String, depth: usize, flat: bool) {
        out.push('{');
        let Json::Object(fields) = self else { return };
        for (i, (key, value)) in fields.iter().enumerate() {
            separator(out, i, flat, depth + 1);
            quote(out, key);
            out.push_str(": ");
            value.write(out, depth + 1);
        }
    }
}

/// What goes before the `i`-th item of a container whose items are at `depth`.
pub(crate) fn separator(out: &mut String, i: usize, flat: bool, depth: usize) {
    if i > 0 {
        out.push(',');
    }
    if !flat {
        newline(out, depth);
    } else if i > 0 {
        out.push(' ');
    }
}

/// A closing bracket, on its own line when the items were.
pub(crate) fn close(out: &mut String, bracket: char, own_line: bool, depth: usize) {
    if own_line {
        newline(out, depth);
    }
    out.push(bracket);
}

/// Indentation stops growing at this depth (forks nested five deep), so that text nested
/// thousands of levels deep stays linear in size.
pub(crate) const MAX_INDENT: usize = 16;

/// A line break and the indentation of `depth`, capped at [`MAX_INDENT`].
pub(crate) fn newline(out: &mut String, depth: usize) {
    out.push('\n');
    for _ in 0..depth.min(MAX_INDENT) {
        out.push_str("  ");
    }
}

/// A JSON string: `"` and `\` escaped, control characters as `\n`-style or `\u00XX` escapes.
pub(crate) fn quote(out: &mut String, s: &str) {
    out.push('"');
    // The runs between escapes are copied whole: every escaped character is ASCII, so the
    // cuts fall between characters.
    let mut run = 0;
    for (i, &b) in s.as_bytes().iter().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..0x20 => "",
            _ => continue,
        };
        out.push_str(&s[run..i]);
        run = i + 1;
        if escape.is_empty() {
            let _ = write!(out, "\\u{:04x}", b);
        } else {
            out.push_str(escape);
        }
    }
    out.push_str(&s[run..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each character by itself, as JSON's grammar lists the escapes.
    fn quoted_by_characters(s: &str) -> String {
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\u{8}' => out.push_str("\\b"),
                '\u{c}' => out.push_str("\\f"),
                c if c < ' ' => out.push_str(&format!("\\u{:04x}", u32::from(c))),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }

    #[test]
    fn quoting_escapes_what_json_escapes() {
        let mut out = String::new();
        quote(&mut out, "先手\"a\\b\n\r\t\u{8}\u{c}\u{1}\u{1f} \u{7f}");
        // DEL (U+007F) is no control character to JSON: written as it is.
        let want = r#""先手\"a\\b\n\r\t\b\f\u0001\u001f "#.to_owned() + "\u{7f}\"";
        assert_eq!(out, want);
    }

    proptest::proptest! {
        #[test]
        fn quoting_copies_runs_as_characters_one_by_one(s in "[a\"\\\n\u{0}-\u{1f}歩☗ ]{0,24}") {
            let mut out = String::new();
            quote(&mut out, &s);
            proptest::prop_assert_eq!(out, quoted_by_characters(&s));
        }
    }

    #[test]
    fn pretty_output() {
        let j = Json::object()
            .with("header", Json::object().with("先手", Json::str("a\"b")))
            .with("moves", Json::Array(vec![Json::object(), Json::Int(3)]))
            .with(
                "to",
                Json::object()
                    .with("x", Json::Int(7))
                    .with("y", Json::Bool(true)),
            );
        assert_eq!(
            j.pretty(),
            "{\n  \"header\": {\"先手\": \"a\\\"b\"},\n  \"moves\": [\n    {},\n    3\n  ],\n  \"to\": {\"x\": 7, \"y\": true}\n}\n"
        );
    }

    #[test]
    fn strings_are_escaped_as_json_wants() {
        let mut out = String::new();
        quote(&mut out, "a\"b\\c\n\u{1}\u{7f}あ");
        assert_eq!(out, "\"a\\\"b\\\\c\\n\\u0001\u{7f}あ\"");
    }

    #[test]
    fn indentation_is_capped() {
        let mut out = String::new();
        newline(&mut out, MAX_INDENT + 100);
        assert_eq!(out.len(), 1 + 2 * MAX_INDENT);
    }
}
