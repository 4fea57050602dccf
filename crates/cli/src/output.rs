//! Writing results to a file or to standard output.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, StdoutLock, Write};
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

/// An output opened before the work that fills it and written as the work goes: a path
/// that cannot be written (a folder that does not exist, no permission) fails at once
/// rather than after the work (`masu kif training` reads records for minutes on a large
/// set), and the data need not be held until the end.
///
/// Opening truncates nothing: an existing file keeps its contents until the first bytes
/// written (or [`Output::finish`], if none are) replace them. An output not finished, or
/// whose writing failed ([`Output::failed`]), holds no part of the data: a file the opening
/// created is removed, and an existing regular file that was begun on is left empty (its
/// old contents are gone already); one never begun on keeps its contents. `-` is standard
/// output, opened by nothing; what was written to it stays written.
#[derive(Debug)]
pub(crate) struct Output {
    path: PathBuf,
    /// Where the bytes go; `None` once finished or given up.
    sink: Option<Sink>,
}

/// The destination of an [`Output`].
#[derive(Debug)]
enum Sink {
    Stdout(BufWriter<StdoutLock<'static>>),
    File {
        file: BufWriter<File>,
        /// Whether opening created the file (it is removed if not finished).
        created: bool,
        /// Whether the old contents were cut off for the data.
        begun: bool,
    },
}

impl Output {
    /// Opens `path` for writing, creating it if it is not there.
    ///
    /// # Errors
    ///
    /// The file can be neither created nor opened for writing.
    pub(crate) fn open(path: &Path) -> anyhow::Result<Output> {
        if path == Path::new("-") {
            return Ok(Output {
                path: path.to_owned(),
                sink: Some(Sink::Stdout(BufWriter::new(std::io::stdout().lock()))),
            });
        }
        let cannot = || format!("cannot write {}", path.display());
        let (file, created) = match OpenOptions::new().write(true).create_new(true).open(path) {
            Ok(file) => (file, true),
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => (
                OpenOptions::new()
                    .write(true)
                    .open(path)
                    .with_context(cannot)?,
                false,
            ),
            Err(err) => return Err(err).with_context(cannot),
        };
        Ok(Output {
            path: path.to_owned(),
            sink: Some(Sink::File {
                file: BufWriter::new(file),
                created,
                begun: false,
            }),
        })
    }

    /// Ends the data: cuts an existing file to what was written (empty if nothing was) and
    /// flushes.
    ///
    /// # Errors
    ///
    /// The bytes cannot be written; the output is given up as [`Output::failed`] does.
    pub(crate) fn finish(mut self) -> anyhow::Result<()> {
        let result = self.begin().and_then(|()| self.flush());
        match result {
            Ok(()) => {
                self.sink = None;
                Ok(())
            }
            Err(err) => Err(self.failed(err)),
        }
    }

    /// Gives the output up after `err`, a failure to write it: no part of the data is left
    /// (see [`Output`]). The error, naming the output and what became of it.
    pub(crate) fn failed(mut self, err: std::io::Error) -> anyhow::Error {
        let left = self.discard();
        let context = if self.path == Path::new("-") {
            "cannot write to standard output".to_owned()
        } else {
            format!("cannot write {}{left}", self.path.display())
        };
        anyhow::Error::new(err).context(context)
    }

    /// Cuts the old contents of an existing regular file off, once, before the first data.
    fn begin(&mut self) -> std::io::Result<()> {
        if let Some(Sink::File { file, begun, .. }) = &mut self.sink
            && !*begun
        {
            *begun = true;
            // A device (`/dev/null`) has no contents to cut.
            if file.get_ref().metadata()?.is_file() {
                file.get_ref().set_len(0)?;
            }
        }
        Ok(())
    }

    /// Removes what an unfinished output holds (see [`Output`]), unwritten bytes with it;
    /// how the error names what became of the file (` (the file is removed)`, or empty
    /// when nothing is done).
    fn discard(&mut self) -> &'static str {
        let Some(Sink::File {
            file,
            created,
            begun,
        }) = self.sink.take()
        else {
            return "";
        };
        // The buffer is dropped unwritten: its bytes would only be removed again.
        let (file, _unwritten) = file.into_parts();
        if created {
            drop(file);
            return match std::fs::remove_file(&self.path) {
                Ok(()) => " (the file is removed)",
                Err(_) => "",
            };
        }
        if begun && file.metadata().is_ok_and(|m| m.is_file()) && file.set_len(0).is_ok() {
            return " (the file is left empty)";
        }
        ""
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.begin()?;
        match &mut self.sink {
            Some(Sink::Stdout(out)) => out.write(buf),
            Some(Sink::File { file, .. }) => file.write(buf),
            None => Err(std::io::Error::other("the output is closed")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.sink {
            Some(Sink::Stdout(out)) => out.flush(),
            Some(Sink::File { file, .. }) => file.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for Output {
    /// Leaves no part of the data when the output was not finished (the command failed).
    fn drop(&mut self) {
        self.discard();
    }
}

/// Warns on standard error, in one line, when the extension of `path` names another
/// format than `written`, the one masu writes into it (SVG into `board.png`, CSA into
/// `game.kif`). The file is written all the same: the user may mean it, and the exit
/// status does not change. Standard output (`-`) and names whose extension masu does not
/// know say nothing.
pub(crate) fn warn_if_misnamed(path: &Path, written: &str) {
    if let Some(named) = format_named_by(path).filter(|&named| named != written) {
        crate::stderr::line(format_args!(
            "masu: warning: writing {written} to {}, whose extension names {named}",
            path.display()
        ));
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
    use std::io::Write;
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

    /// Written and finished, an output holds the bytes alone, however long the file was
    /// before; finished unwritten, an existing file is emptied (the data is nothing).
    #[test]
    fn an_output_finished_replaces_the_contents() {
        let old = temp("replaced.hcpe");
        std::fs::write(&old, [7u8; 1000]).unwrap();
        let mut output = Output::open(&old).unwrap();
        output.write_all(b"new").unwrap();
        output.flush().unwrap();
        output.write_all(b" data").unwrap();
        output.finish().unwrap();
        assert_eq!(std::fs::read(&old).unwrap(), b"new data");
        Output::open(&old).unwrap().finish().unwrap();
        assert_eq!(std::fs::read(&old).unwrap(), b"");
        std::fs::remove_file(old).unwrap();
        let mut device = Output::open(Path::new("/dev/null")).unwrap();
        device.write_all(b"anything").unwrap();
        device.finish().unwrap();
    }

    /// An output begun on and not finished (the command failed part way) holds no part of
    /// the data, which someone might take for the whole: a file it created is removed, an
    /// existing one left empty.
    #[test]
    fn an_output_dropped_part_written_holds_no_data() {
        let new = temp("part.hcpe");
        let mut output = Output::open(&new).unwrap();
        output.write_all(&[1; 100]).unwrap();
        output.flush().unwrap();
        assert_eq!(std::fs::read(&new).unwrap().len(), 100);
        drop(output);
        assert!(!new.exists());
        let old = temp("part-old.hcpe");
        std::fs::write(&old, b"earlier data").unwrap();
        let mut output = Output::open(&old).unwrap();
        output.write_all(&[1; 100]).unwrap();
        output.flush().unwrap();
        drop(output);
        assert_eq!(std::fs::read(&old).unwrap(), b"");
        std::fs::remove_file(old).unwrap();
    }

    /// A failure to write gives the output up as a drop does and says what became of it.
    #[test]
    fn a_failed_output_says_what_became_of_the_file() {
        let new = temp("failed.hcpe");
        let mut output = Output::open(&new).unwrap();
        output.write_all(&[1; 100]).unwrap();
        let err = output.failed(std::io::Error::other("disk full"));
        assert_eq!(
            format!("{err:#}"),
            format!(
                "cannot write {} (the file is removed): disk full",
                new.display()
            )
        );
        assert!(!new.exists());
        let old = temp("failed-old.hcpe");
        std::fs::write(&old, b"earlier data").unwrap();
        let mut output = Output::open(&old).unwrap();
        output.write_all(&[1; 100]).unwrap();
        let err = output.failed(std::io::Error::other("disk full"));
        assert!(
            format!("{err:#}").contains("(the file is left empty): disk full"),
            "{err:#}"
        );
        assert_eq!(std::fs::read(&old).unwrap(), b"");
        std::fs::remove_file(old).unwrap();
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
