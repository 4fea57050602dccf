//! `masu kif training`: record files to training data, HCPE (dlshogi) or PackedSfenValue
//! (YaneuraOu), through masu-kif's `training`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::{Args, ValueEnum};
use kif::training::Filter;
use kif::{Mode, Special};

/// Training data from records: every main-line position before a legal move, labelled with
/// that move, the game's result and the evaluation an engine wrote beside it, as HCPE
/// (dlshogi, 38 bytes a position) or PackedSfenValue (YaneuraOu's .bin, 40 bytes). Records
/// are read in parallel and written in the order given, each file as soon as it and every
/// earlier one are done, so memory holds a few hundred files' data however large the set; every record of a
/// CSA file that holds several is taken. One that cannot be used is named on standard
/// error, left out, and makes the exit status 1.
#[derive(Debug, Args)]
// `--min-rating -300` is a rating (floodgate's go below zero), not an unknown flag.
#[command(allow_negative_numbers = true)]
pub(crate) struct TrainingArgs {
    /// Record files (`-`: standard input), or folders searched for .kif .kifu .ki2 .ki2u
    /// .csa .jkf .json files.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The layout to write.
    #[arg(long, value_enum)]
    to: Layout,
    /// Where to write (`-`: standard output). It is opened before any record is read, so a
    /// path that cannot be written fails at once; an existing file keeps its contents until
    /// the data replaces them. If the command fails (a write error, a full disk), it stops,
    /// says so and leaves no part of the data: a file it created is removed, an existing
    /// one it began to replace is left empty. A name whose extension names another format
    /// (`games.psv` for HCPE, `games.kif`) gets a warning, and the data.
    #[arg(short, long)]
    output: PathBuf,
    /// Take only records of at least this many main-line moves.
    #[arg(long, value_name = "N", default_value_t = 0)]
    min_moves: usize,
    /// Take only records whose two players are rated at least this (floodgate's
    /// `'black_rate:` and `'white_rate:` lines; a record without both is left out).
    #[arg(long, value_name = "RATING", value_parser = parse_rating)]
    min_rating: Option<f64>,
    /// Take only records whose main line ends with this (a KIF word such as 投了 or a CSA
    /// word such as %TORYO); repeat it for several (`--ending %TORYO --ending %SENNICHITE`).
    #[arg(long, value_name = "WORD", value_parser = parse_ending)]
    ending: Vec<Special>,
}

fn parse_rating(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|r| r.is_finite())
        .ok_or_else(|| format!("{text:?} is no rating (a number such as 3500)"))
}

fn parse_ending(word: &str) -> Result<Special, String> {
    Special::from_word(word).ok_or_else(|| {
        format!("{word:?} names no end of a game (a KIF word such as 投了, or a CSA word such as %TORYO)")
    })
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Layout {
    /// HuffmanCodedPosAndEval, as cshogi and dlshogi write it.
    Hcpe,
    /// PackedSfenValue, as YaneuraOu writes it.
    Psv,
}

pub(crate) fn run(args: &TrainingArgs) -> anyhow::Result<ExitCode> {
    // Before the records are read (minutes for a large set): a path that cannot be written
    // fails now. A file created here is removed if the command fails before finishing it.
    let mut output = crate::output::Output::open(&args.output)?;
    let files = crate::kif_cmd::record_files(&args.inputs)?;
    let filter = Filter {
        min_moves: args.min_moves,
        min_rating: args.min_rating,
        endings: (!args.ending.is_empty()).then(|| args.ending.clone()),
    };
    let (size, name) = match args.to {
        Layout::Hcpe => (kif::shogi::packed::Hcpe::SIZE, "HCPE"),
        Layout::Psv => (kif::shogi::packed::PackedSfenValue::SIZE, "PackedSfenValue"),
    };
    crate::output::warn_if_misnamed(&args.output, name);
    let pool = crate::in_order::pool()?;
    let tally = match stream(
        &pool,
        &files,
        crate::in_order::FILES_AHEAD,
        |path| convert_file(path, &filter, args.to),
        &mut output,
        |err| crate::stderr::line(format_args!("masu: {err:#}")),
    ) {
        Ok(tally) => tally,
        Err(err) => return Err(output.failed(err)),
    };
    output.finish()?;
    let chosen = if filter == Filter::default() {
        String::new()
    } else {
        format!(" ({} left out by the choice)", tally.left_out)
    };
    crate::stderr::line(format_args!(
        "masu: {} {name} positions from {} of {} records{chosen}",
        tally.bytes / size as u64,
        tally.records,
        tally.records + tally.failed + tally.left_out
    ));
    Ok(if tally.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What [`stream`] did with the records.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    /// Records whose examples were written.
    records: usize,
    /// Records that could not be read or converted.
    failed: usize,
    /// Records the choice left out.
    left_out: usize,
    /// Bytes written.
    bytes: u64,
}

/// Converts `files` with `convert` in parallel on `pool`, at most `ahead` files past the
/// oldest one not yet written, and writes each file's bytes to `out` in the order of
/// `files` as soon as it and every earlier one are converted: memory holds `ahead` files'
/// data, however many files there are. `report` is given each record that failed, in the
/// same order. Each file's bytes are flushed, so a reader of standard output gets the data
/// as it is made.
///
/// # Errors
///
/// Writing to `out` fails; no file is begun after it.
fn stream(
    pool: &rayon::ThreadPool,
    files: &[PathBuf],
    ahead: usize,
    convert: impl Fn(&Path) -> Vec<Converted> + Sync,
    out: &mut impl Write,
    mut report: impl FnMut(&anyhow::Error),
) -> std::io::Result<Tally> {
    let mut tally = Tally::default();
    let stop = AtomicBool::new(false);
    crate::in_order::run(
        pool,
        files.iter(),
        ahead,
        &stop,
        || (),
        |(), path| convert(path),
        |converted| {
            // The file's records in order (a CSA file may hold several).
            for result in converted {
                match result {
                    Converted::Taken(bytes) => {
                        out.write_all(&bytes)?;
                        tally.bytes += bytes.len() as u64;
                        tally.records += 1;
                    }
                    Converted::LeftOut => tally.left_out += 1,
                    Converted::Failed(err) => {
                        report(&err);
                        tally.failed += 1;
                    }
                }
            }
            out.flush()
        },
    )?;
    Ok(tally)
}

/// What becomes of each record of the file at `path`, in order.
fn convert_file(path: &Path, filter: &Filter, layout: Layout) -> Vec<Converted> {
    let records = match crate::input::read_records(path, Mode::Lenient) {
        Err(err) => return vec![Converted::Failed(err)],
        Ok(records) => records,
    };
    let several = records.len() > 1;
    records
        .iter()
        .enumerate()
        .map(|(i, parsed)| {
            if !filter.takes(&parsed.record) {
                return Converted::LeftOut;
            }
            let game = kif::training::game_of(parsed);
            match game.and_then(|record| examples(record, layout)) {
                Ok(bytes) => Converted::Taken(bytes),
                Err(e) => {
                    let name = crate::input::name(path);
                    let which = if several {
                        format!("{name} (record {})", i + 1)
                    } else {
                        name
                    };
                    // One line: the reader's message without the source line it quotes
                    // after it.
                    let e = e.to_string();
                    let e = crate::input::first_line(&e);
                    Converted::Failed(anyhow::anyhow!("{which}: {e}"))
                }
            }
        })
        .collect()
}

/// What became of one record.
enum Converted {
    /// Its examples' bytes.
    Taken(Vec<u8>),
    /// The choice of records left it out.
    LeftOut,
    /// It could not be read or converted.
    Failed(anyhow::Error),
}

/// The record's examples in `layout`, as bytes.
fn examples(record: &kif::Record, layout: Layout) -> Result<Vec<u8>, kif::training::TrainingError> {
    Ok(match layout {
        Layout::Hcpe => kif::training::hcpe(record)?
            .iter()
            .flat_map(|e| e.to_bytes())
            .collect(),
        Layout::Psv => kif::training::psv(record)?
            .iter()
            .flat_map(|e| e.to_bytes())
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use kif::training::Filter;

    use super::{Layout, Tally, convert_file, stream};

    /// Record files of masu-kif's corpus: games of every format, and a mate problem that
    /// gives no data.
    fn corpus_files() -> Vec<PathBuf> {
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kif/tests/data/corpus");
        [
            "kif/kfjs__20081220kyoochi.kif",
            "csa/skc__floodgate.csa",
            "kif/tsumemi__1.kif",
            "jkf/kfjs__ryuou201409020101.jkf",
            "ki2/kfjs__denou3-1.ki2",
            "csa/mog__csa_game_001.csa",
            "kif/kfjs__shogidb2.kifu",
            "kif/mog__kif_game_001.kif",
        ]
        .iter()
        .map(|name| corpus.join(name))
        .collect()
    }

    /// What `stream` writes of `files` on `threads` threads, at most `ahead` files ahead,
    /// and its tally.
    fn streamed(files: &[PathBuf], threads: usize, ahead: usize) -> (Vec<u8>, Tally, usize) {
        let (mut out, mut reported) = (Vec::new(), 0);
        let convert = |path: &Path| convert_file(path, &Filter::default(), Layout::Hcpe);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap_or_else(|e| panic!("a pool: {e}"));
        let tally = stream(&pool, files, ahead, convert, &mut out, |_| reported += 1)
            .unwrap_or_else(|e| panic!("a Vec takes every byte: {e}"));
        (out, tally, reported)
    }

    /// The data is the same however many threads convert and however far ahead of the
    /// writing they may go: each record's entries in the order of the files.
    #[test]
    fn records_are_written_in_the_order_of_the_files() {
        let files = corpus_files();
        for file in &files {
            assert!(file.is_file(), "{}", file.display());
        }
        let expected: Vec<u8> = files
            .iter()
            .flat_map(|path| convert_file(path, &Filter::default(), Layout::Hcpe))
            .filter_map(|converted| match converted {
                super::Converted::Taken(bytes) => Some(bytes),
                _ => None,
            })
            .flatten()
            .collect();
        let (whole, tally, reported) = streamed(&files, 1, files.len());
        assert_eq!(whole, expected);
        assert_eq!(tally.bytes, expected.len() as u64);
        assert_eq!((tally.failed, reported, tally.left_out), (1, 1, 0));
        for ahead in [1, 2, 3, 0] {
            let (out, parallel, reported) = streamed(&files, 2, ahead);
            assert!(out == expected, "{ahead} files ahead");
            assert_eq!(parallel, tally, "{ahead} files ahead");
            assert_eq!(reported, 1, "{ahead} files ahead");
        }
    }
}
