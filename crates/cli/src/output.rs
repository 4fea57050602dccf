//! Writing results to a file or to standard output.

use std::io::Write;
use std::path::Path;

use anyhow::Context;

/// Writes `bytes` to `path`, or to standard output when `path` is `-`.
pub(crate) fn write(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if path == Path::new("-") {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)?;
        return Ok(out.flush()?);
    }
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}
