//! `masu kif list | check` (and `convert` and `training`, in `kif_convert` and
//! `kif_training`): game records through masu-kif.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use kif::{HeaderKey, Mode, Record, Severity};
use rayon::prelude::*;

/// Shogi game records (KIF, KI2, CSA, JKF): list, check, convert, training data.
#[derive(Debug, Args)]
pub(crate) struct KifArgs {
    #[command(subcommand)]
    command: KifCommand,
}

#[derive(Debug, Subcommand)]
enum KifCommand {
    List(ListArgs),
    Check(CheckArgs),
    Convert(crate::kif_convert::ConvertArgs),
    Training(crate::kif_training::TrainingArgs),
}

/// One row per record: date, event, players, handicap, plies, result.
#[derive(Debug, Args)]
struct ListArgs {
    /// Record files (`-`: standard input), or folders searched for .kif .kifu .ki2 .ki2u
    /// .csa .jkf .json files.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Comma-separated values with a header row.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// JSON Lines, one object per record, keyed by the column names: `plies` a number, the
    /// others strings, `null` when the record does not say (a header it lacks, no result).
    #[arg(long)]
    json: bool,
}

/// Validate records: every move checked; diagnostics as `file:line:col: severity: message`
/// (standard input named `-`, as on the command line, for tools that read such lines).
/// Anything that changes the game read (an illegal or unreadable move, a damaged board,
/// undecodable bytes) is an error; quirks kept verbatim are warnings.
#[derive(Debug, Args)]
struct CheckArgs {
    /// Record files (`-`: standard input), or folders searched for .kif .kifu .ki2 .ki2u
    /// .csa .jkf .json files, as `list` searches them.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Treat every warning as an error.
    #[arg(long)]
    strict: bool,
}

pub(crate) fn run(args: &KifArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        KifCommand::List(args) => list(args),
        KifCommand::Check(args) => check(args),
        KifCommand::Convert(args) => crate::kif_convert::run(args),
        KifCommand::Training(args) => crate::kif_training::run(args),
    }
}

const RECORD_EXTENSIONS: [&str; 7] = ["kif", "kifu", "ki2", "ki2u", "csa", "jkf", "json"];

/// The files named, with folders expanded (recursively, sorted) to their record files.
/// Each folder is walked once, however many links lead to it: a link to a folder above
/// it listed the same records again at every level.
pub(crate) fn record_files(inputs: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    Ok(found_record_files(inputs)?
        .into_iter()
        .map(|found| found.path)
        .collect())
}

/// A record file among the inputs, as [`found_record_files`] finds it.
#[derive(Debug)]
pub(crate) struct Found {
    /// Where it is read.
    pub(crate) path: PathBuf,
    /// Its path under the folder given, or its file name for a file named itself: where a
    /// conversion into a folder writes it.
    pub(crate) relative: PathBuf,
}

/// The files of [`record_files`], each with its path relative to the input that named it.
pub(crate) fn found_record_files(inputs: &[PathBuf]) -> anyhow::Result<Vec<Found>> {
    let mut found = Vec::new();
    let mut walked = std::collections::HashSet::new();
    for input in inputs {
        if input.is_dir() {
            let mut files = Vec::new();
            collect_dir(input, &mut files, &mut walked)?;
            // The walk joins each name to the folder given, so the prefix is there.
            found.extend(files.into_iter().map(|path| Found {
                relative: path.strip_prefix(input).unwrap_or(&path).to_path_buf(),
                path,
            }));
        } else {
            found.push(Found {
                relative: input
                    .file_name()
                    .map_or_else(|| input.clone(), PathBuf::from),
                path: input.clone(),
            });
        }
    }
    Ok(found)
}

fn collect_dir(
    dir: &Path,
    files: &mut Vec<PathBuf>,
    walked: &mut std::collections::HashSet<PathBuf>,
) -> anyhow::Result<()> {
    let real = std::fs::canonicalize(dir)
        .with_context(|| format!("cannot read folder {}", dir.display()))?;
    if !walked.insert(real) {
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read folder {}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_dir(&path, files, walked)?;
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| RECORD_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        {
            files.push(path);
        }
    }
    Ok(())
}

/// The columns of `masu kif list`.
const COLUMNS: [&str; 8] = [
    "file", "date", "event", "black", "white", "handicap", "plies", "result",
];

/// A row of `masu kif list`: its cells as text (`None` where the record does not say: a
/// header it lacks, no result), and the number of plies as a number too (for `--json`).
struct ListRow {
    cells: [Option<String>; 8],
    plies: usize,
}

impl ListRow {
    /// The cells as the table and CSV show them, empty where the record does not say.
    fn texts(&self) -> [String; 8] {
        self.cells.clone().map(Option::unwrap_or_default)
    }
}

fn list_row(path: &Path, record: &Record) -> ListRow {
    let header = |key| record.headers.get(key).map(str::to_owned);
    let handicap = match record.start.handicap {
        Some(h) => h.to_string(),
        None => header(HeaderKey::Handicap)
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "その他".to_owned()),
    };
    let plies = record.tree.main_line_len();
    let cells = [
        Some(path.display().to_string()),
        header(HeaderKey::StartTime),
        header(HeaderKey::Event),
        header(HeaderKey::Black),
        header(HeaderKey::White),
        Some(handicap),
        Some(plies.to_string()),
        record.result().map(ToString::to_string),
    ];
    ListRow { cells, plies }
}

fn list(args: &ListArgs) -> anyhow::Result<ExitCode> {
    let files = record_files(&args.inputs)?;
    // A row for every record: a CSA file may hold several.
    let rows: Vec<anyhow::Result<ListRow>> = files
        .par_iter()
        .map(
            |path| match crate::input::read_records(path, Mode::Lenient) {
                Ok(records) => records
                    .iter()
                    .map(|parsed| Ok(list_row(path, &parsed.record)))
                    .collect(),
                Err(err) => vec![Err(err)],
            },
        )
        .collect::<Vec<Vec<_>>>()
        .into_iter()
        .flatten()
        .collect();
    let mut out = std::io::stdout().lock();
    let mut failed = false;
    if args.csv {
        writeln!(out, "{}", COLUMNS.join(","))?;
    }
    let mut table = Vec::new();
    for row in rows {
        let row = match row {
            Ok(row) => row,
            Err(err) => {
                crate::stderr::line(format_args!("masu: {err:#}"));
                failed = true;
                continue;
            }
        };
        if args.json {
            writeln!(out, "{}", json_row(&row))?;
        } else if args.csv {
            writeln!(
                out,
                "{}",
                row.texts()
                    .iter()
                    .map(|v| csv_field(v))
                    .collect::<Vec<_>>()
                    .join(",")
            )?;
        } else {
            table.push(row.texts());
        }
    }
    if !args.json && !args.csv {
        write_table(&mut out, &table)?;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A row of `masu kif list --json`: the columns by name, `plies` a number, the others
/// strings, `null` where the record does not say (a header it lacks, no result): a
/// header written empty is `""`.
fn json_row(row: &ListRow) -> serde_json::Value {
    let object: serde_json::Map<String, serde_json::Value> = COLUMNS
        .iter()
        .zip(&row.cells)
        .map(|(&column, cell)| {
            let value = match column {
                "plies" => row.plies.into(),
                _ => cell.clone().map_or(serde_json::Value::Null, Into::into),
            };
            (column.to_owned(), value)
        })
        .collect();
    serde_json::Value::Object(object)
}

fn csv_field(value: &str) -> String {
    if value.contains([',', '"', '\n']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value.to_owned()
    }
}

/// Columns padded to their widest cell, counting East Asian wide characters as two.
fn write_table(out: &mut impl Write, rows: &[[String; 8]]) -> std::io::Result<()> {
    let mut widths = COLUMNS.map(display_width);
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(display_width(cell));
        }
    }
    let header = COLUMNS.map(str::to_owned);
    for row in std::iter::once(&header).chain(rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, w)| format!("{cell}{}", " ".repeat(w - display_width(cell))))
            .collect();
        writeln!(out, "{}", cells.join("  ").trim_end())?;
    }
    Ok(())
}

fn display_width(text: &str) -> usize {
    text.chars()
        .map(|c| {
            if c.is_ascii() || ('\u{ff61}'..='\u{ff9f}').contains(&c) {
                1
            } else {
                2
            }
        })
        .sum()
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let mode = if args.strict {
        Mode::Strict
    } else {
        Mode::Lenient
    };
    let mut errors = 0;
    for path in &record_files(&args.files)? {
        let file = crate::input::location_name(path);
        match read_checked(path, &file, mode) {
            Ok(records) => errors += report_all(&file, &records),
            Err(line) => {
                crate::stderr::line(format_args!("{line}"));
                errors += 1;
            }
        }
    }
    Ok(if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Every record of the file at `path` (a CSA file may hold several, `/` between them), or
/// the line `masu kif check` prints of why there are none: `file:line:col: error: ...`
/// where the reader says where, else `file: error: ...`, `file` being `path` as
/// [`crate::input::location_name`] names it.
pub(crate) fn read_checked(
    path: &Path,
    file: &str,
    mode: Mode,
) -> Result<Vec<kif::Parsed>, String> {
    let bytes =
        crate::input::read(path).map_err(|err| format!("{file}: error: cannot read: {err}"))?;
    kif::read_all_bytes(&bytes, crate::input::format_hint(path), mode).map_err(|err| {
        match err.diagnostic() {
            Some(d) => format!(
                "{file}:{}:{}: error: {}",
                d.line,
                d.column,
                crate::input::first_line(&message(d))
            ),
            None => format!("{file}: error: {err}"),
        }
    })
}

/// Prints the reader's diagnostics of `records`, read from `file`, as [`diagnostics`]
/// gives them. The number of errors among them.
pub(crate) fn report_all(file: &str, records: &[kif::Parsed]) -> usize {
    let (lines, errors) = diagnostics(file, records);
    for line in lines {
        crate::stderr::line(format_args!("{line}"));
    }
    errors
}

/// The reader's diagnostics of `records`, read from `file` (named as
/// [`crate::input::location_name`] names it), as `file:line:col: warning|error: message`
/// lines, each once: the records of a CSA file of several share the diagnostics of its
/// decoding. An error is one that damages the game (moves left out, say); the number of
/// them.
pub(crate) fn diagnostics(file: &str, records: &[kif::Parsed]) -> (Vec<String>, usize) {
    let mut seen = std::collections::HashSet::new();
    let mut errors = 0;
    let lines = records
        .iter()
        .flat_map(|parsed| &parsed.warnings)
        .filter(|d| seen.insert(*d))
        .map(|d| {
            let is_error = d.severity == Severity::Error || d.kind.damages_game();
            errors += usize::from(is_error);
            let severity = if is_error { "error" } else { "warning" };
            format!(
                "{file}:{}:{}: {severity}: {}",
                d.line,
                d.column,
                crate::input::first_line(&message(d))
            )
        })
        .collect();
    (lines, errors)
}

/// A diagnostic's message without its `line L, column C: ` prefix (the location is printed
/// in front as `file:line:col`).
fn message(d: &kif::Diagnostic) -> String {
    let text = d.to_string();
    match text.split_once(": ") {
        Some((prefix, rest)) if prefix.starts_with("line ") => rest.to_owned(),
        _ => text,
    }
}
