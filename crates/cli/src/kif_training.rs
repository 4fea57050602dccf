//! `masu kif training`: record files to training data, HCPE (dlshogi) or PackedSfenValue
//! (YaneuraOu), through masu-kif's `training`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use kif::Mode;
use rayon::prelude::*;

/// Training data from records: every main-line position before a legal move, labelled with
/// that move, the game's result and the evaluation an engine wrote beside it, as HCPE
/// (dlshogi, 38 bytes a position) or PackedSfenValue (YaneuraOu's .bin, 40 bytes). Records
/// are read in parallel and written in the order given; one that cannot be used is named on
/// standard error, left out, and makes the exit status 1.
#[derive(Debug, Args)]
pub(crate) struct TrainingArgs {
    /// Record files (`-`: standard input), or folders searched for .kif .kifu .ki2 .ki2u
    /// .csa .jkf .json files.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The layout to write.
    #[arg(long, value_enum)]
    to: Layout,
    /// Where to write (`-`: standard output).
    #[arg(short, long)]
    output: PathBuf,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Layout {
    /// HuffmanCodedPosAndEval, as cshogi and dlshogi write it.
    Hcpe,
    /// PackedSfenValue, as YaneuraOu writes it.
    Psv,
}

pub(crate) fn run(args: &TrainingArgs) -> anyhow::Result<ExitCode> {
    let files = crate::kif_cmd::record_files(&args.inputs)?;
    let converted: Vec<anyhow::Result<Vec<u8>>> = files
        .par_iter()
        .map(|path| {
            let parsed = crate::input::read_record(path, Mode::Lenient)?;
            let bytes = match args.to {
                Layout::Hcpe => kif::training::hcpe(&parsed.record)
                    .map(|entries| entries.iter().flat_map(|e| e.to_bytes()).collect()),
                Layout::Psv => kif::training::psv(&parsed.record)
                    .map(|entries| entries.iter().flat_map(|e| e.to_bytes()).collect()),
            };
            bytes.map_err(|e| anyhow::anyhow!("{}: {e}", crate::input::name(path)))
        })
        .collect();
    let (mut out, mut records, mut failed) = (Vec::new(), 0, 0);
    for result in converted {
        match result {
            Ok(bytes) => {
                out.extend_from_slice(&bytes);
                records += 1;
            }
            Err(err) => {
                eprintln!("masu: {err:#}");
                failed += 1;
            }
        }
    }
    crate::output::write(&args.output, &out)?;
    let (size, name) = match args.to {
        Layout::Hcpe => (kif::shogi::packed::Hcpe::SIZE, "HCPE"),
        Layout::Psv => (kif::shogi::packed::PackedSfenValue::SIZE, "PackedSfenValue"),
    };
    eprintln!(
        "masu: {} {name} positions from {records} of {} records",
        out.len() / size,
        records + failed
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
