//! `masu kif training`: record files to training data, HCPE (dlshogi) or PackedSfenValue
//! (YaneuraOu), through masu-kif's `training`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use kif::training::Filter;
use kif::{Mode, Special};
use rayon::prelude::*;

/// Training data from records: every main-line position before a legal move, labelled with
/// that move, the game's result and the evaluation an engine wrote beside it, as HCPE
/// (dlshogi, 38 bytes a position) or PackedSfenValue (YaneuraOu's .bin, 40 bytes). Records
/// are read in parallel and written in the order given, every record of a CSA file that
/// holds several; one that cannot be used is named on standard error, left out, and makes
/// the exit status 1.
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
    /// the data replaces them, and a file created for the output is removed if the command
    /// fails before writing it. A name whose extension names another format (`games.psv`
    /// for HCPE, `games.kif`) gets a warning, and the data.
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
    // fails now. A file created here is removed if the command fails before writing it.
    let output = crate::output::Output::open(&args.output)?;
    let files = crate::kif_cmd::record_files(&args.inputs)?;
    let filter = Filter {
        min_moves: args.min_moves,
        min_rating: args.min_rating,
        endings: (!args.ending.is_empty()).then(|| args.ending.clone()),
    };
    // Each file's records in order (a CSA file may hold several).
    let converted: Vec<Vec<Converted>> = files
        .par_iter()
        .map(
            |path| match crate::input::read_records(path, Mode::Lenient) {
                Err(err) => vec![Converted::Failed(err)],
                Ok(records) => {
                    let several = records.len() > 1;
                    records
                        .iter()
                        .enumerate()
                        .map(|(i, parsed)| {
                            if !filter.takes(&parsed.record) {
                                return Converted::LeftOut;
                            }
                            let game = kif::training::game_of(parsed);
                            match game.and_then(|record| examples(record, args.to)) {
                                Ok(bytes) => Converted::Taken(bytes),
                                Err(e) => {
                                    let name = crate::input::name(path);
                                    let which = if several {
                                        format!("{name} (record {})", i + 1)
                                    } else {
                                        name
                                    };
                                    // One line: the reader's message without the
                                    // source line it quotes after it.
                                    let e = e.to_string();
                                    let e = crate::input::first_line(&e);
                                    Converted::Failed(anyhow::anyhow!("{which}: {e}"))
                                }
                            }
                        })
                        .collect()
                }
            },
        )
        .collect();
    let (mut out, mut records, mut failed, mut left_out) = (Vec::new(), 0, 0, 0);
    for result in converted.into_iter().flatten() {
        match result {
            Converted::Taken(bytes) => {
                out.extend_from_slice(&bytes);
                records += 1;
            }
            Converted::LeftOut => left_out += 1,
            Converted::Failed(err) => {
                eprintln!("masu: {err:#}");
                failed += 1;
            }
        }
    }
    let (size, name) = match args.to {
        Layout::Hcpe => (kif::shogi::packed::Hcpe::SIZE, "HCPE"),
        Layout::Psv => (kif::shogi::packed::PackedSfenValue::SIZE, "PackedSfenValue"),
    };
    crate::output::warn_if_misnamed(&args.output, name);
    output.write(&out)?;
    let chosen = if filter == Filter::default() {
        String::new()
    } else {
        format!(" ({left_out} left out by the choice)")
    };
    eprintln!(
        "masu: {} {name} positions from {records} of {} records{chosen}",
        out.len() / size,
        records + failed + left_out
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
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
