//! JSON plumbing for JKF: objects read as ordered fields with their place in the text, and
//! a small value type written with the field order kept.

use std::fmt;
use std::fmt::Write as _;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

/// The fields of a JSON object in text order (duplicates kept), each value unparsed.
#[derive(Debug)]
pub(crate) struct Fields<'a>(pub(crate) Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Fields<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Fields<'de>, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Fields<'de>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields<'de>, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<String, &'de RawValue>()? {
                    out.push(entry);
                }
                Ok(Fields(out))
            }
        }
        d.deserialize_map(V)
    }
}

/// Lines longer than this (in bytes) are not copied into diagnostics.
pub(crate) const LONG_LINE: usize = 512;

/// Where things are in the text: line starts, for 1-based line and column of a raw value.
#[derive(Debug)]
pub(crate) struct Locator<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Locator<'a> {
    pub(crate) fn new(text: &'a str) -> Locator<'a> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Locator { text, starts }
    }

    /// Line number, line text and character column of a byte offset. On lines longer
    /// than [`LONG_LINE`] bytes (minified JSON) the text is the 80 bytes from the offset
    /// and the column counts from there, so that many diagnostics stay linear in cost.
    pub(crate) fn at_offset(&self, offset: usize) -> (usize, &'a str, usize) {
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
            return (line, &self.text[offset..stop], 1);
        }
        let line_text = self.text[start..end].trim_end_matches('\r');
        let column = self
            .text
            .get(start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        (line, line_text, column)
    }

    /// The place of a value borrowed from the text.
    pub(crate) fn at(&self, raw: &RawValue) -> (usize, &'a str, usize) {
        let offset = (raw.get().as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize);
        self.at_offset(offset)
    }

    /// The place of a serde_json error inside `raw` (or the whole text when `raw` is `None`).
    pub(crate) fn at_error(
        &self,
        raw: Option<&RawValue>,
        e: &serde_json::Error,
    ) -> (usize, &'a str, usize) {
        let base = raw.map_or(0, |r| {
            (r.get().as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize)
        });
        let inner = raw.map_or(self.text, RawValue::get);
        // serde_json counts lines from 1 and columns in bytes from 1 (0 at a line start).
        let mut offset = 0;
        for _ in 1..e.line() {
            match inner[offset..].find('\n') {
                Some(i) => offset += i + 1,
                None => break,
            }
        }
        let mut offset = (offset + e.column().saturating_sub(1)).min(inner.len());
        while !inner.is_char_boundary(offset) {
            offset -= 1;
        }
        self.at_offset(base + offset)
    }
}

/// A JSON value to write, objects keeping their field order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Json {
    Bool(bool),
    Int(i64),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    pub(crate) fn object() -> Json {
        Json::Object(Vec::new())
    }

    /// Adds a field (objects only).
    pub(crate) fn with(mut self, key: &str, value: Json) -> Json {
        if let Json::Object(fields) = &mut self {
            fields.push((key.to_owned(), value));
        }
        self
    }

    pub(crate) fn str(s: &str) -> Json {
        Json::Str(s.to_owned())
    }

    /// Pretty text: two-space indents, short arrays and objects of scalars on one line.
    pub(crate) fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    fn is_flat(&self) -> bool {
        match self {
            Json::Array(items) => items.iter().all(Json::is_scalar),
            Json::Object(fields) => fields.iter().all(|(_, v)| v.is_scalar()),
            _ => true,
        }
    }

    fn is_scalar(&self) -> bool {
        !matches!(self, Json::Array(_) | Json::Object(_))
    }

    fn write(&self, out: &mut String, depth: usize) {
        match self {
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Json::Str(s) => out.push_str(&quote(s)),
            Json::Array(items) => {
                let items: Vec<(Option<&str>, &Json)> = items.iter().map(|v| (None, v)).collect();
                self.container(out, depth, ('[', ']'), &items);
            }
            Json::Object(fields) => {
                let items: Vec<(Option<&str>, &Json)> =
                    fields.iter().map(|(k, v)| (Some(k.as_str()), v)).collect();
                self.container(out, depth, ('{', '}'), &items);
            }
        }
    }

    fn container(
        &self,
        out: &mut String,
        depth: usize,
        (open, close): (char, char),
        items: &[(Option<&str>, &Json)],
    ) {
        out.push(open);
        if items.is_empty() {
            out.push(close);
            return;
        }
        let flat = self.is_flat();
        for (i, (key, value)) in items.iter().enumerate() {
            out.push_str(if i == 0 { "" } else { "," });
            if flat {
                out.push_str(if i == 0 { "" } else { " " });
            } else {
                out.push('\n');
                out.push_str(&"  ".repeat(depth + 1));
            }
            if let Some(key) = key {
                out.push_str(&quote(key));
                out.push_str(": ");
            }
            value.write(out, depth + 1);
        }
        if !flat {
            out.push('\n');
            out.push_str(&"  ".repeat(depth));
        }
        out.push(close);
    }
}

fn quote(s: &str) -> String {
    // Serializing a string cannot fail.
    serde_json::to_string(s).unwrap_or_else(|_| String::from("\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_order_and_place() {
        let text = "{\n  \"b\": 1,\n  \"a\": [2, 3],\n  \"b\": \"x\"\n}";
        let f: Result<Fields<'_>, _> = serde_json::from_str(text);
        let f = f.map(|f| f.0).unwrap_or_default();
        let keys: Vec<&str> = f.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, vec!["b", "a", "b"]);
        let loc = Locator::new(text);
        assert_eq!(loc.at(f[1].1), (3, "  \"a\": [2, 3],", 8));
        let e: Result<Vec<u8>, _> = serde_json::from_str(f[1].1.get());
        assert!(e.is_ok());
        let e = serde_json::from_str::<String>(f[1].1.get()).err();
        let place = e.map(|e| loc.at_error(Some(f[1].1), &e));
        assert_eq!(place.map(|p| p.0), Some(3));
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
}
