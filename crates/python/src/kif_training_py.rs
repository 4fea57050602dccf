//! `masu.kif.to_hcpe` and `to_psv`: record files to training examples in parallel, the games
//! chosen as masu-kif's `training::Filter` chooses them.

use std::path::{Path, PathBuf};

use kif::Special;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::args::{Int, count};
use crate::errors::ReadPlace;
use crate::errors::value_error;
use crate::kif_py::{ReadFailure, Skipped, for_each_file, read_all_path};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(training_bytes, m)?)?;
    Ok(())
}

/// Converts record files to training examples in parallel (rayon, the GIL released):
/// `layout` `"hcpe"` (`masu_kif::training::hcpe`: 38 bytes a main-line position before a
/// move, the move as cshogi's 16-bit code, the engine evaluation beside it from the side
/// to move's view clamped to ±32767, 0 without one, the game result 0 draw or none, 1 Black
/// won, 2 White won) or `"psv"` (`masu_kif::training::psv`: YaneuraOu's 40 bytes, `gamePly`
/// the position's move number, `game_result` the side to move's), of every record of each
/// file (a CSA file may hold several). Returns the bytes and (path, message) for every file
/// or record that could not be converted; with `skip_errors` false the first one raises
/// instead (OSError when a file cannot be opened, ValueError otherwise). Only the records
/// the choice takes are converted: at least `min_moves` main-line moves, both players rated
/// `min_rating` or more, a main line that ends with one of `endings` (KIF or CSA words):
/// `masu_kif::training::Filter`.
#[pyfunction]
#[pyo3(signature = (paths, layout, skip_errors = false, min_moves = 0, min_rating = None, endings = None))]
fn training_bytes<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    layout: &str,
    skip_errors: bool,
    min_moves: Int,
    min_rating: Option<f64>,
    endings: Option<Vec<String>>,
) -> PyResult<(Bound<'py, PyBytes>, Skipped)> {
    let filter = filter(count("min_moves", min_moves)?, min_rating, endings)?;
    match layout {
        "hcpe" => Conversion::new(filter, skip_errors, kif::training::hcpe, |e| e.to_bytes())
            .files(py, &paths),
        "psv" => Conversion::new(filter, skip_errors, kif::training::psv, |e| e.to_bytes())
            .files(py, &paths),
        other => Err(value_error(format!(
            "no training layout {other:?}: \"hcpe\" or \"psv\""
        ))),
    }
}

/// The choice of records of `training_bytes`; ValueError for an ending
/// that is no KIF or CSA word.
fn filter(
    min_moves: usize,
    min_rating: Option<f64>,
    endings: Option<Vec<String>>,
) -> PyResult<kif::training::Filter> {
    let endings = endings
        .map(|words| {
            words
                .iter()
                .map(|word| {
                    Special::from_word(word).ok_or_else(|| {
                        value_error(format!(
                            "{word:?} names no end of a game (a KIF word such as 投了, or a \
                             CSA word such as %TORYO)"
                        ))
                    })
                })
                .collect::<PyResult<Vec<_>>>()
        })
        .transpose()?;
    if let Some(rating) = min_rating.filter(|r| !r.is_finite()) {
        return Err(value_error(format!("min_rating {rating} is no rating")));
    }
    Ok(kif::training::Filter {
        min_moves,
        min_rating,
        endings,
    })
}

/// Record files to training examples, as `training_bytes` makes them.
struct Conversion<T, const N: usize> {
    filter: kif::training::Filter,
    /// A record that cannot be converted is left out and reported (else it raises): the
    /// other games of its file are kept.
    skip_errors: bool,
    examples: fn(&kif::Record) -> Result<Vec<T>, kif::training::TrainingError>,
    bytes: fn(&T) -> [u8; N],
}

impl<T, const N: usize> Conversion<T, N> {
    fn new(
        filter: kif::training::Filter,
        skip_errors: bool,
        examples: fn(&kif::Record) -> Result<Vec<T>, kif::training::TrainingError>,
        bytes: fn(&T) -> [u8; N],
    ) -> Self {
        Conversion {
            filter,
            skip_errors,
            examples,
            bytes,
        }
    }

    /// The examples of every file in parallel (the GIL released), concatenated in order,
    /// and (path, message) for each file or record left out.
    fn files<'py>(
        &self,
        py: Python<'py>,
        paths: &[PathBuf],
    ) -> PyResult<(Bound<'py, PyBytes>, Skipped)>
    where
        Self: Sync,
    {
        let (files, mut errors) =
            for_each_file(py, paths, self.skip_errors, |path| self.file(path))?;
        let mut out = Vec::new();
        for (bytes, skipped) in files {
            out.extend_from_slice(&bytes);
            errors.extend(skipped);
        }
        Ok((PyBytes::new(py, &out), errors))
    }

    /// The records at `path` (every one of a CSA file that holds several) as examples, each
    /// as its bytes; none of a record the filter leaves out.
    fn file(&self, path: &Path) -> Result<(Vec<u8>, Skipped), ReadFailure> {
        let records = read_all_path(path)?;
        let several = records.len() > 1;
        let (mut out, mut skipped) = (Vec::new(), Vec::new());
        for (i, parsed) in records.iter().enumerate() {
            if !self.filter.takes(&parsed.record) {
                continue;
            }
            match kif::training::game_of(parsed).and_then(self.examples) {
                Ok(entries) => out.extend(entries.iter().flat_map(self.bytes)),
                Err(e) => {
                    let place = match &e {
                        kif::training::TrainingError::Damaged(d) => ReadPlace::at(d),
                        _ => ReadPlace::NONE,
                    };
                    let record = if several {
                        format!(" (record {})", i + 1)
                    } else {
                        String::new()
                    };
                    let message = format!("{}{record}: {e}", path.display());
                    if !self.skip_errors {
                        return Err(ReadFailure::Record(message, place));
                    }
                    skipped.push((path.display().to_string(), message));
                }
            }
        }
        Ok((out, skipped))
    }
}
