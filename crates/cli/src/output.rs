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

    use super::format_named_by;

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
