//! Problem lines read as they come: a problem file or standard input that starts with a
//! problem line is read a line at a time, each problem handed on as soon as its line is
//! in (problems piped from a generator are solved while it runs, and a long file is never
//! held whole); any other input is read whole, for the reader of records.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use tsume::Problem;

/// An input opened by [`open`].
pub(crate) enum Opened {
    /// It starts with a problem line: the problems, read as they are asked for.
    Lines(Box<ProblemLines>),
    /// It does not (a record, or text that is neither): its bytes, whole.
    Whole(Vec<u8>),
}

/// Opens `path` (`-`: standard input) and reads up to its first problem line, blank lines
/// and `#` comments aside.
///
/// # Errors
///
/// Those of opening and reading it.
pub(crate) fn open(path: &Path) -> std::io::Result<Opened> {
    let input: Box<dyn Read + Send> = if crate::input::is_stdin(path) {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path)?)
    };
    let mut lines = ProblemLines {
        reader: BufReader::new(input),
        source: crate::input::name(path),
        line_no: 0,
        first: None,
        done: false,
    };
    let mut head = Vec::new();
    loop {
        let start = head.len();
        if lines.reader.read_until(b'\n', &mut head)? == 0 {
            // Nothing but blank lines and comments: no problem, as in a file read whole.
            lines.done = true;
            return Ok(Opened::Lines(Box::new(lines)));
        }
        lines.line_no += 1;
        let mut bytes = &head[start..];
        if lines.line_no == 1 {
            // A byte-order mark, as Windows editors save UTF-8, is no part of the line.
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        let Ok(text) = line_text(bytes, lines.line_no) else {
            break;
        };
        if is_blank_or_comment(&text) {
            continue;
        }
        match Problem::from_line(&text, lines.line_no) {
            Ok(problem) => {
                lines.first = Some(problem);
                return Ok(Opened::Lines(Box::new(lines)));
            }
            Err(_) => break,
        }
    }
    // Read whole, the first line included: the message of a bad problem line is then the
    // one of a file that is neither problem lines nor a record.
    lines.reader.read_to_end(&mut head)?;
    Ok(Opened::Whole(head))
}

/// Problems of an input that starts with a problem line, each read when it is asked for;
/// after a line that does not read (said with its source and place), nothing more.
pub(crate) struct ProblemLines {
    reader: BufReader<Box<dyn Read + Send>>,
    /// How messages name the input.
    source: String,
    /// The number of the last line read (1-based).
    line_no: usize,
    /// The problem of the first line, read by [`open`].
    first: Option<Problem>,
    done: bool,
}

impl Iterator for ProblemLines {
    type Item = anyhow::Result<Problem>;

    fn next(&mut self) -> Option<anyhow::Result<Problem>> {
        if let Some(problem) = self.first.take() {
            return Some(Ok(problem));
        }
        let mut bytes = Vec::new();
        while !self.done {
            bytes.clear();
            let problem = match self.reader.read_until(b'\n', &mut bytes) {
                Ok(0) => break,
                Ok(_) => {
                    self.line_no += 1;
                    match line_text(&bytes, self.line_no) {
                        Ok(text) if is_blank_or_comment(&text) => continue,
                        Ok(text) => Problem::from_line(&text, self.line_no)
                            .map_err(|e| anyhow::anyhow!("{}: {e}", self.source)),
                        Err(reason) => Err(anyhow::anyhow!("{}: {reason}", self.source)),
                    }
                }
                Err(e) => {
                    Err(anyhow::Error::new(e).context(format!("cannot read {}", self.source)))
                }
            };
            self.done = problem.is_err();
            return Some(problem);
        }
        self.done = true;
        None
    }
}

/// A line's text without its line end, in UTF-8 or else the encoding records are read in
/// (a Shift_JIS name in a problem line), or where its bytes are no text.
fn line_text(bytes: &[u8], line_no: usize) -> Result<String, String> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_owned());
    }
    match kif::encoding::decode(bytes, None) {
        Ok(decoded) if !decoded.had_errors => Ok(decoded.text.into_owned()),
        _ => Err(undecodable(bytes, line_no)),
    }
}

/// A line `tsume::parse_problems` passes over.
fn is_blank_or_comment(text: &str) -> bool {
    text.trim().is_empty() || text.trim_start().starts_with('#')
}

/// Where bytes that are no text in any encoding records are read in go wrong first: the
/// line (`bytes` starting at line `first_line`) and column (in characters) of the first
/// byte that is not UTF-8.
pub(crate) fn undecodable(bytes: &[u8], first_line: usize) -> String {
    let valid = match std::str::from_utf8(bytes) {
        Ok(_) => return "no text in UTF-8, Shift_JIS or EUC-JP".to_owned(),
        Err(e) => &bytes[..e.valid_up_to()],
    };
    // `valid` is UTF-8 up to there: its lines and characters count as written.
    let text = std::str::from_utf8(valid).unwrap_or_default();
    let line = first_line + text.matches('\n').count();
    let column = text.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
    format!("line {line}, column {column}: bytes that are no text in UTF-8, Shift_JIS or EUC-JP")
}
