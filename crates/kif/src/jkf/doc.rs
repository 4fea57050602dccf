//! A JSON document read in one pass without recursion, for the JKF reader.
//!
//! Values are kept in a flat list in text order (a container is followed by its contents),
//! each with its byte offset, so a diagnostic can point into the text and nesting costs no
//! stack: a JKF fork 100,000 levels deep (300,000 nested arrays and objects) reads like a
//! long flat file, in time and memory linear in the text. Strings are decoded when asked for.

use std::borrow::Cow;

/// The index of a value in a [`Doc`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Id(u32);

/// What a value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Null,
    Bool(bool),
    Number,
    /// A string; `true` when it holds escapes (decoding then builds a new string).
    Str(bool),
    Array,
    Object,
}

impl Kind {
    /// The kind as a diagnostic names it.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Kind::Null => "null",
            Kind::Bool(_) => "a boolean",
            Kind::Number => "a number",
            Kind::Str(_) => "a string",
            Kind::Array => "an array",
            Kind::Object => "an object",
        }
    }
}

/// One value: its kind, where it starts, and where it ends: the byte after it for scalars,
/// the index of the value after its contents for arrays and objects.
#[derive(Debug, Clone, Copy)]
struct Value {
    kind: Kind,
    start: u32,
    end: u32,
}

/// A parsed JSON text.
#[derive(Debug)]
pub(crate) struct Doc<'a> {
    text: &'a str,
    values: Vec<Value>,
}

/// The text is not JSON: what was expected at which byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub(crate) offset: usize,
    pub(crate) expected: &'static str,
}

/// An open array or object while parsing.
#[derive(Debug, Clone, Copy)]
struct Open {
    index: usize,
    object: bool,
    /// No member read yet (no comma before the next one).
    first: bool,
}

impl<'a> Doc<'a> {
    /// Parses `text` (one value, whitespace around it allowed).
    ///
    /// # Errors
    ///
    /// The first place where the text is not JSON, or a text of 4 GiB or more (offsets are
    /// kept in 32 bits).
    pub(crate) fn parse(text: &'a str) -> Result<Doc<'a>, SyntaxError> {
        if u32::try_from(text.len()).is_err() {
            return Err(SyntaxError {
                offset: 0,
                expected: "a text under 4 GiB",
            });
        }
        let mut p = Parser {
            bytes: text.as_bytes(),
            at: 0,
            values: Vec::new(),
            open: Vec::new(),
        };
        p.document()?;
        Ok(Doc {
            text,
            values: p.values,
        })
    }

    /// The top value.
    pub(crate) fn root(&self) -> Id {
        Id(0)
    }

    pub(crate) fn kind(&self, id: Id) -> Kind {
        self.value(id).kind
    }

    fn value(&self, id: Id) -> Value {
        self.values[id.0 as usize]
    }

    /// The byte offset where the value starts.
    pub(crate) fn offset(&self, id: Id) -> usize {
        self.value(id).start as usize
    }

    pub(crate) fn is_null(&self, id: Id) -> bool {
        self.kind(id) == Kind::Null
    }

    /// The value after `id` and all it contains.
    fn next(&self, id: Id) -> Id {
        let v = self.value(id);
        match v.kind {
            Kind::Array | Kind::Object => Id(v.end),
            _ => Id(id.0 + 1),
        }
    }

    /// The values directly inside an array or object (for an object: key, value, key, ...).
    fn children(&self, id: Id) -> impl Iterator<Item = Id> + '_ {
        let v = self.value(id);
        let end = match v.kind {
            Kind::Array | Kind::Object => v.end,
            _ => id.0 + 1,
        };
        let mut at = Id(id.0 + 1);
        std::iter::from_fn(move || {
            if at.0 >= end {
                return None;
            }
            let here = at;
            at = self.next(here);
            Some(here)
        })
    }

    /// The items of an array, `None` if `id` is not one.
    pub(crate) fn items(&self, id: Id) -> Option<Vec<Id>> {
        (self.kind(id) == Kind::Array).then(|| self.children(id).collect())
    }

    /// The fields of an object in text order (duplicates kept), `None` if `id` is not one.
    pub(crate) fn fields(&self, id: Id) -> Option<Vec<(Cow<'a, str>, Id)>> {
        if self.kind(id) != Kind::Object {
            return None;
        }
        let mut out = Vec::new();
        let mut children = self.children(id);
        while let (Some(key), Some(value)) = (children.next(), children.next()) {
            out.push((self.str(key).unwrap_or_default(), value));
        }
        Some(out)
    }

    /// The text of a string, `None` if `id` is not one.
    pub(crate) fn str(&self, id: Id) -> Option<Cow<'a, str>> {
        let v = self.value(id);
        let Kind::Str(escaped) = v.kind else {
            return None;
        };
        let inner = &self.text[v.start as usize + 1..v.end as usize - 1];
        Some(if escaped {
            Cow::Owned(unescape(inner))
        } else {
            Cow::Borrowed(inner)
        })
    }

    /// The text of a number, `None` if `id` is not one.
    pub(crate) fn number(&self, id: Id) -> Option<&'a str> {
        let v = self.value(id);
        (v.kind == Kind::Number).then(|| &self.text[v.start as usize..v.end as usize])
    }

    /// A number without fraction or exponent that fits `T`.
    pub(crate) fn integer<T: std::str::FromStr>(&self, id: Id) -> Option<T> {
        self.number(id)?.parse().ok()
    }

    /// The value of a boolean, `None` if `id` is not one.
    pub(crate) fn bool(&self, id: Id) -> Option<bool> {
        match self.kind(id) {
            Kind::Bool(b) => Some(b),
            _ => None,
        }
    }
}

/// Decodes the escapes of a string the parser accepted.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let decoded = match chars.next() {
            Some('b') => '\u{8}',
            Some('f') => '\u{c}',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('u') => {
                let unit = hex4(&mut chars);
                match unit {
                    0xD800..=0xDBFF => {
                        // The parser checked that a low surrogate escape follows.
                        chars.nth(1);
                        let low = hex4(&mut chars);
                        let code = 0x10000 + ((unit - 0xD800) << 10) + (low.wrapping_sub(0xDC00));
                        char::from_u32(code).unwrap_or('\u{FFFD}')
                    }
                    _ => char::from_u32(unit).unwrap_or('\u{FFFD}'),
                }
            }
            Some(other) => other,
            None => break,
        };
        out.push(decoded);
    }
    out
}

fn hex4(chars: &mut std::str::Chars<'_>) -> u32 {
    chars
        .by_ref()
        .take(4)
        .fold(0, |n, c| n * 16 + c.to_digit(16).unwrap_or(0))
}

struct Parser<'a> {
    bytes: &'a [u8],
    at: usize,
    values: Vec<Value>,
    open: Vec<Open>,
}

impl Parser<'_> {
    fn error(&self, expected: &'static str) -> SyntaxError {
        SyntaxError {
            offset: self.at,
            expected,
        }
    }

    fn skip_blank(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn push(&mut self, kind: Kind, start: usize) {
        // Offsets fit: `Doc::parse` refuses texts of 4 GiB or more.
        let start = start as u32;
        self.values.push(Value {
            kind,
            start,
            end: self.at as u32,
        });
    }

    /// The whole text: values and the punctuation between them, one loop for any nesting.
    fn document(&mut self) -> Result<(), SyntaxError> {
        loop {
            self.value()?;
            if !self.after_value()? {
                break;
            }
        }
        self.skip_blank();
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error("the end of the text")),
        }
    }

    /// One value, or the opening of an array or object.
    fn value(&mut self) -> Result<(), SyntaxError> {
        self.skip_blank();
        let start = self.at;
        match self.peek() {
            Some(b'{') => {
                self.at += 1;
                self.open_container(true, start);
                Ok(())
            }
            Some(b'[') => {
                self.at += 1;
                self.open_container(false, start);
                Ok(())
            }
            Some(b'"') => {
                let escaped = self.string()?;
                self.push(Kind::Str(escaped), start);
                Ok(())
            }
            Some(b't') => self.literal("true", Kind::Bool(true)),
            Some(b'f') => self.literal("false", Kind::Bool(false)),
            Some(b'n') => self.literal("null", Kind::Null),
            Some(b'-' | b'0'..=b'9') => {
                self.number()?;
                self.push(Kind::Number, start);
                Ok(())
            }
            _ => Err(self.error("a value")),
        }
    }

    fn open_container(&mut self, object: bool, start: usize) {
        let index = self.values.len();
        let kind = if object { Kind::Object } else { Kind::Array };
        self.push(kind, start);
        self.open.push(Open {
            index,
            object,
            first: true,
        });
    }

    /// After a value or an opening bracket: closes finished containers; true when another
    /// value follows (its key and colon read, in an object).
    fn after_value(&mut self) -> Result<bool, SyntaxError> {
        loop {
            self.skip_blank();
            let Some(open) = self.open.last_mut() else {
                return Ok(false);
            };
            let Open {
                index,
                object,
                first,
            } = *open;
            open.first = false;
            let close = if object { b'}' } else { b']' };
            match self.peek() {
                Some(c) if c == close => {
                    self.open.pop();
                    self.at += 1;
                    // The value count fits in 32 bits: each value takes at least one byte.
                    self.values[index].end = self.values.len() as u32;
                    continue;
                }
                _ if first => {}
                Some(b',') => {
                    self.at += 1;
                    self.skip_blank();
                }
                _ if object => return Err(self.error("`,` or `}`")),
                _ => return Err(self.error("`,` or `]`")),
            }
            if object {
                self.key()?;
            }
            return Ok(true);
        }
    }

    /// An object key and its colon.
    fn key(&mut self) -> Result<(), SyntaxError> {
        let start = self.at;
        if self.peek() != Some(b'"') {
            return Err(self.error("a string key"));
        }
        let escaped = self.string()?;
        self.push(Kind::Str(escaped), start);
        self.skip_blank();
        if self.peek() != Some(b':') {
            return Err(self.error("`:`"));
        }
        self.at += 1;
        Ok(())
    }

    fn literal(&mut self, word: &'static str, kind: Kind) -> Result<(), SyntaxError> {
        let start = self.at;
        if !self.bytes[self.at..].starts_with(word.as_bytes()) {
            return Err(self.error(word));
        }
        self.at += word.len();
        self.push(kind, start);
        Ok(())
    }

    /// A string from its opening quote; returns whether it holds escapes.
    fn string(&mut self) -> Result<bool, SyntaxError> {
        self.at += 1;
        let mut escaped = false;
        loop {
            match self.peek() {
                None => return Err(self.error("`\"`")),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(escaped);
                }
                Some(b'\\') => {
                    escaped = true;
                    self.at += 1;
                    self.escape()?;
                }
                Some(0..0x20) => return Err(self.error("an escape for a control character")),
                Some(_) => self.at += 1,
            }
        }
    }

    /// The escape after a backslash; a `\u` high surrogate must be followed by a low one.
    fn escape(&mut self) -> Result<(), SyntaxError> {
        match self.peek() {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                self.at += 1;
                Ok(())
            }
            Some(b'u') => {
                self.at += 1;
                match self.hex()? {
                    0xD800..=0xDBFF => {
                        if !self.bytes[self.at..].starts_with(b"\\u") {
                            return Err(self.error("a low surrogate escape"));
                        }
                        self.at += 2;
                        match self.hex()? {
                            0xDC00..=0xDFFF => Ok(()),
                            _ => Err(self.error("a low surrogate escape")),
                        }
                    }
                    0xDC00..=0xDFFF => Err(self.error("a high surrogate before a low one")),
                    _ => Ok(()),
                }
            }
            _ => Err(self.error("an escape character")),
        }
    }

    fn hex(&mut self) -> Result<u32, SyntaxError> {
        let mut n = 0;
        for _ in 0..4 {
            let digit = self
                .peek()
                .and_then(|b| char::from(b).to_digit(16))
                .ok_or_else(|| self.error("four hex digits"))?;
            n = n * 16 + digit;
            self.at += 1;
        }
        Ok(n)
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    fn number(&mut self) -> Result<(), SyntaxError> {
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.error("a digit")),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            self.required_digits()?;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            self.required_digits()?;
        }
        Ok(())
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
    }

    fn required_digits(&mut self) -> Result<(), SyntaxError> {
        if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
            return Err(self.error("a digit"));
        }
        self.digits();
        Ok(())
    }
}

#[cfg(test)]
mod tests;
