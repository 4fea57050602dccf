//! The words of an engine's or a GUI's line, read one by one with their columns for the
//! errors: what the readers of every USI line ([`Info`](super::Info), [`EngineOption`],
//! ...) share.

use std::str::FromStr;

use super::UsiMove;
use super::engine::{EngineLineProblem, ParseEngineLineError};

/// The words of a line with the byte offset of each, and the line itself for the rest of it.
#[derive(Clone, Copy)]
pub(super) struct Words<'a> {
    line: &'a str,
    at: usize,
}

impl<'a> Words<'a> {
    pub(super) fn new(line: &'a str) -> Words<'a> {
        Words { line, at: 0 }
    }

    /// The next word and its byte offset.
    pub(super) fn next(&mut self) -> Option<(usize, &'a str)> {
        let rest = &self.line[self.at..];
        let start = self.at + (rest.len() - rest.trim_start().len());
        let word_len = self.line[start..]
            .find(char::is_whitespace)
            .unwrap_or(self.line.len() - start);
        self.at = start + word_len;
        (word_len > 0).then(|| (start, &self.line[start..self.at]))
    }

    /// The next word without taking it.
    pub(super) fn peek(&self) -> Option<&'a str> {
        let mut ahead = *self;
        ahead.next().map(|(_, w)| w)
    }

    /// Everything after the blank that follows the current word (empty at the end).
    pub(super) fn rest(&mut self) -> &'a str {
        let rest = &self.line[self.at..];
        let rest = rest
            .strip_prefix(|c: char| c.is_whitespace())
            .unwrap_or(rest);
        self.at = self.line.len();
        rest.trim_end_matches(['\r', '\n'])
    }

    pub(super) fn error(&self, at: usize, problem: EngineLineProblem) -> ParseEngineLineError {
        ParseEngineLineError {
            column: self.line[..at].chars().count() + 1,
            problem,
        }
    }

    /// Checks that the line starts with `command`.
    pub(super) fn command(&mut self, command: &'static str) -> Result<(), ParseEngineLineError> {
        self.expect(command, EngineLineProblem::Command(command))
    }

    /// Takes the next word, which must be `word`; `problem` where it is not.
    pub(super) fn expect(
        &mut self,
        word: &str,
        problem: EngineLineProblem,
    ) -> Result<(), ParseEngineLineError> {
        match self.next() {
            Some((_, w)) if w == word => Ok(()),
            Some((at, _)) => Err(self.error(at, problem)),
            None => Err(self.error(self.line.len(), problem)),
        }
    }

    /// The whole line.
    pub(super) fn line(&self) -> &'a str {
        self.line
    }

    /// The value after `word`.
    pub(super) fn value(
        &mut self,
        word: &'static str,
    ) -> Result<(usize, &'a str), ParseEngineLineError> {
        self.next()
            .ok_or_else(|| self.error(self.line.len(), EngineLineProblem::MissingValue(word)))
    }

    pub(super) fn number<T: FromStr>(
        &mut self,
        word: &'static str,
    ) -> Result<T, ParseEngineLineError> {
        let (at, text) = self.value(word)?;
        // `+5` is a number to `str::parse`, not to USI.
        let parsed = if text.starts_with('+') {
            None
        } else {
            text.parse().ok()
        };
        parsed.ok_or_else(|| self.error(at, EngineLineProblem::BadNumber(word, text.into())))
    }

    pub(super) fn usi_move(&mut self, word: &'static str) -> Result<UsiMove, ParseEngineLineError> {
        let (at, text) = self.value(word)?;
        parse_move(self, at, text)
    }

    pub(super) fn end(&mut self) -> Result<(), ParseEngineLineError> {
        match self.next() {
            Some((at, w)) => Err(self.error(at, EngineLineProblem::Trailing(w.into()))),
            None => Ok(()),
        }
    }
}

pub(super) fn parse_move(
    words: &Words<'_>,
    at: usize,
    text: &str,
) -> Result<UsiMove, ParseEngineLineError> {
    text.parse()
        .map_err(|_| words.error(at, EngineLineProblem::BadMove(text.into())))
}

/// Sets `slot` once; a second time is an error at `at`.
pub(super) fn once<T>(
    words: &Words<'_>,
    at: usize,
    word: &'static str,
    slot: &mut Option<T>,
    value: T,
) -> Result<(), ParseEngineLineError> {
    if slot.is_some() {
        return Err(words.error(at, EngineLineProblem::Repeated(word)));
    }
    *slot = Some(value);
    Ok(())
}
