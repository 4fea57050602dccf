//! Writing results to a file or to standard output.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

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

/// An output file opened before the work that fills it, so that a path that cannot be
/// written (a folder that does not exist, no permission) fails at once rather than after
/// the work: `masu kif training` reads every record first, minutes for a large set.
///
/// Opening truncates nothing: an existing file keeps its contents until
/// [`Output::write`] replaces them. A file the opening created is removed again when the
/// command fails before writing (the `Output` is dropped unwritten) or while writing, so
/// no empty or partial file is left behind; an existing file that a write fails on is left
/// as far as it got. `-` is standard output, opened by nothing.
#[derive(Debug)]
pub(crate) struct Output {
    path: PathBuf,
    /// The open file; `None` for standard output, and once written.
    file: Option<File>,
    /// Whether opening created the file (it is removed if never written).
    created: bool,
}

impl Output {
    /// Opens `path` for writing, creating it if it is not there.
    ///
    /// # Errors
    ///
    /// The file can be neither created nor opened for writing.
    pub(crate) fn open(path: &Path) -> anyhow::Result<Output> {
        let mut output = Output {
            path: path.to_owned(),
            file: None,
            created: false,
        };
        if path == Path::new("-") {
            return Ok(output);
        }
        let cannot = || format!("cannot write {}", path.display());
        let file = match OpenOptions::new().write(true).create_new(true).open(path) {
            Ok(file) => {
                output.created = true;
                file
            }
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(cannot)?,
            Err(err) => return Err(err).with_context(cannot),
        };
        output.file = Some(file);
        Ok(output)
    }

    /// Replaces the file's contents with `bytes` (writes them to standard output for `-`).
    ///
    /// # Errors
    ///
    /// The bytes cannot be written; a file this output created is removed.
    pub(crate) fn write(mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let Some(mut file) = self.file.take() else {
            return write(Path::new("-"), bytes);
        };
        let result = (|| {
            // A regular file's old contents go; a device (`/dev/null`) has none to cut.
            if file.metadata()?.is_file() {
                file.set_len(0)?;
            }
            file.write_all(bytes)?;
            file.flush()
        })();
        if result.is_err() && self.created {
            drop(file);
            let _ = std::fs::remove_file(&self.path);
        }
        result.with_context(|| format!("cannot write {}", self.path.display()))
    }
}

impl Drop for Output {
    /// Removes a file this output created and never wrote.
    fn drop(&mut self) {
        if let Some(file) = self.file.take()
            && self.created
        {
            drop(file);
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Warns on standard error, in one line, when the extension of `path` names another
/// format than `written`, the one masu writes into it (SVG into `board.png`, CSA into
/// `game.kif`). The file is written all the same: the user may mean it, and the exit
/// status does not change. Standard output (`-`) and names whose extension masu does not
/// know say nothing.
pub(crate) fn warn_if_misnamed(path: &Path, written: &str) {
    if let Some(named) = format_named_by(path).filter(|&named| named != written) {
        eprintln!(
            "masu: warning: writing {written} to {}, whose extension names {named}",
            path.display()
        );
    }
}

/// The format the extension of `path` names (any case): a record format, as masu-kif
/// reads the extension (`.kifu` is KIF, `.json` JKF), training data, or a picture.
fn format_named_by(path: &Path) -> Option<&'static str> {
    let extension = path.extension()?.to_str()?.to_ascii_lowercase();
    if let Some(format) = kif::Format::from_extension(&extension) {
        return Some(format.name());
    }
    Some(match extension.as_str() {
        "hcpe" => "HCPE",
        "psv" => "PackedSfenValue",
        "svg" => "SVG",
        "svgz" => "gzip-compressed SVG",
        "png" => "PNG",
        "jpg" | "jpeg" => "JPEG",
        "gif" => "GIF",
        "webp" => "WebP",
        "avif" => "AVIF",
        "bmp" => "BMP",
        "tif" | "tiff" => "TIFF",
        "pdf" => "PDF",
        "eps" | "ps" => "PostScript",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{Output, format_named_by};

    fn temp(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("masu-output-{}-{name}", std::process::id()))
    }

    /// A command that fails after opening its output leaves no empty file behind, and an
    /// existing file as it was.
    #[test]
    fn an_output_dropped_unwritten_leaves_the_folder_as_it_was() {
        let new = temp("new.hcpe");
        drop(Output::open(&new).unwrap());
        assert!(!new.exists());
        let old = temp("old.hcpe");
        std::fs::write(&old, b"earlier data").unwrap();
        drop(Output::open(&old).unwrap());
        assert_eq!(std::fs::read(&old).unwrap(), b"earlier data");
        std::fs::remove_file(old).unwrap();
    }

    /// Written, an output holds the bytes alone, however long the file was before.
    #[test]
    fn an_output_written_replaces_the_contents() {
        let old = temp("replaced.hcpe");
        std::fs::write(&old, [7u8; 1000]).unwrap();
        Output::open(&old).unwrap().write(b"new").unwrap();
        assert_eq!(std::fs::read(&old).unwrap(), b"new");
        std::fs::remove_file(old).unwrap();
        Output::open(Path::new("/dev/null"))
            .unwrap()
            .write(b"anything")
            .unwrap();
    }

    #[test]
    fn extensions_name_formats_in_any_case() {
        for (name, format) in [
            ("board.PNG", Some("PNG")),
            ("board.svg", Some("SVG")),
            ("game.kifu", Some("KIF")),
            ("game.KI2U", Some("KI2")),
            ("game.json", Some("JKF")),
            ("games.hcpe", Some("HCPE")),
            ("game.txt", None),
            ("game", None),
            ("-", None),
        ] {
            assert_eq!(format_named_by(Path::new(name)), format, "{name}");
        }
    }
}
