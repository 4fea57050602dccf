//! Lines written to standard error: diagnostics, notes and the last word of a command.

use std::io::Write;

/// Writes `line` and a newline to standard error. A standard error that is gone (closed,
/// or a pipe whose reader quit: `masu kif check DIR 2>&1 | head`) loses the line, not the
/// work: the command goes on and its exit status still tells how it went (`eprintln!`
/// panicked, and a batch stopped with the panic).
pub(crate) fn line(line: std::fmt::Arguments<'_>) {
    // No one is left to tell that the line was lost.
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}
