//! Reading an input file, or standard input when it is named `-`.

use std::io::Read;
use std::path::Path;

use anyhow::Context;

/// Whether `path` names standard input.
pub(crate) fn is_stdin(path: &Path) -> bool {
    path == Path::new("-")
}

/// Whether `path` is read as a file: an existing file, or `-`.
pub(crate) fn is_file(path: &Path) -> bool {
    is_stdin(path) || path.is_file()
}

/// How messages name `path`: the path, or `standard input`.
pub(crate) fn name(path: &Path) -> String {
    if is_stdin(path) {
        "standard input".to_owned()
    } else {
        path.display().to_string()
    }
}

/// How a diagnostic's `file:line:col: severity: message` line names `path`: as given,
/// and standard input `-`, its name on the command line. Editors and scripts take the text
/// before the first `:` for a file name; `-` is one no real file shadows and no tool
/// mistakes, where the words of [`name`] would pass for a file called `standard input`.
/// Sentences for people (`masu: standard input: no record`) use [`name`].
pub(crate) fn location_name(path: &Path) -> String {
    path.display().to_string()
}

/// The bytes of the file at `path`, or of standard input for `-`.
pub(crate) fn read(path: &Path) -> std::io::Result<Vec<u8>> {
    if is_stdin(path) {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes)?;
        return Ok(bytes);
    }
    std::fs::read(path)
}

/// The record format the file name's extension suggests (none for standard input).
pub(crate) fn format_hint(path: &Path) -> Option<kif::Format> {
    path.extension()
        .and_then(|e| e.to_str())
        .and_then(kif::Format::from_extension)
}

/// Every record read from `path` (format detected, the extension breaking ties; a CSA file
/// may hold several, `/` between them); an error names the input and says the reader's
/// first line.
pub(crate) fn read_records(path: &Path, mode: kif::Mode) -> anyhow::Result<Vec<kif::Parsed>> {
    let bytes = read(path).with_context(|| format!("cannot read {}", name(path)))?;
    kif::read_all_bytes(&bytes, format_hint(path), mode)
        .map_err(|err| anyhow::anyhow!("{}: {}", name(path), first_line(&err.to_string())))
}

/// The first line of a reader's message (the rest quotes the source line).
pub(crate) fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}
