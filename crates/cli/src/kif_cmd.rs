//! `masu kif list | check | convert` (and `training`, in `kif_training`): game records
//! through masu-kif.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Subcommand, ValueEnum};
use kif::encoding::TextEncoding;
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
    Convert(ConvertArgs),
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

/// Convert a record to another format (a CSA file of several records: all of them, to CSA).
///
/// What the reader doubted or left out is printed as `masu kif check` prints it; the exit
/// status is 1 when it left out part of the game (a move that does not read), though the
/// rest is written. What the target format cannot hold is named in a `note:` line each
/// (USI, a `position` command, holds the main line's moves alone: the headers, comments,
/// times, variations and the ending are named).
#[derive(Debug, Args)]
struct ConvertArgs {
    /// The record to read (`-`: standard input); format and encoding are detected.
    file: PathBuf,
    /// The format to write.
    #[arg(long, value_enum)]
    to: Target,
    /// Text encoding of KIF, KI2 and CSA output (JKF and USI are always UTF-8). By default
    /// it follows the output file's name: `.kif` and `.ki2` are written in Shift_JIS
    /// (CP932), as the programs that read them expect; any other name (`.csa`, whose first
    /// line declares its encoding, among them) and standard output in UTF-8.
    #[arg(long, value_enum)]
    encoding: Option<Encoding>,
    /// Where to write (standard output when left out). A name whose extension names
    /// another format than `--to` (`game.kif` for CSA) gets a warning, and the text.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Target {
    Kif,
    Ki2,
    Csa,
    Jkf,
    Usi,
}

impl Target {
    /// The format's name in messages (`CSA`), as masu-kif's `Format::name` gives it.
    fn name(self) -> &'static str {
        match self {
            Target::Kif => "KIF",
            Target::Ki2 => "KI2",
            Target::Csa => "CSA",
            Target::Jkf => "JKF",
            Target::Usi => "USI",
        }
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Encoding {
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[value(name = "shift_jis", alias = "sjis", alias = "cp932")]
    ShiftJis,
}

pub(crate) fn run(args: &KifArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        KifCommand::List(args) => list(args),
        KifCommand::Check(args) => check(args),
        KifCommand::Convert(args) => convert(args),
        KifCommand::Training(args) => crate::kif_training::run(args),
    }
}

const RECORD_EXTENSIONS: [&str; 7] = ["kif", "kifu", "ki2", "ki2u", "csa", "jkf", "json"];

/// The files named, with folders expanded (recursively, sorted) to their record files.
/// Each folder is walked once, however many links lead to it: a link to a folder above
/// it listed the same records again at every level.
pub(crate) fn record_files(inputs: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut walked = std::collections::HashSet::new();
    for input in inputs {
        if input.is_dir() {
            collect_dir(input, &mut files, &mut walked)?;
        } else {
            files.push(input.clone());
        }
    }
    Ok(files)
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
    let plies = record.tree.main_line_moves();
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
                eprintln!("masu: {err:#}");
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
        let bytes = match crate::input::read(path) {
            Ok(bytes) => bytes,
            Err(err) => {
                eprintln!("{file}: error: cannot read: {err}");
                errors += 1;
                continue;
            }
        };
        // Every record of the file (a CSA file may hold several, `/` between them).
        match kif::read_all_bytes(&bytes, crate::input::format_hint(path), mode) {
            Ok(records) => errors += report_all(&file, &records),
            Err(err) => {
                errors += 1;
                match err.diagnostic() {
                    Some(d) => eprintln!(
                        "{file}:{}:{}: error: {}",
                        d.line,
                        d.column,
                        crate::input::first_line(&message(d))
                    ),
                    None => eprintln!("{file}: error: {err}"),
                }
            }
        }
    }
    Ok(if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Prints the reader's diagnostics of `records`, read from `file` (named as
/// [`crate::input::location_name`] names it), as [`report`] does, each
/// once: the records of a CSA file of several share the diagnostics of its decoding. The
/// number of errors among them.
pub(crate) fn report_all(file: &str, records: &[kif::Parsed]) -> usize {
    let mut seen = std::collections::HashSet::new();
    records
        .iter()
        .flat_map(|parsed| &parsed.warnings)
        .filter(|d| seen.insert(*d))
        .map(|d| usize::from(report(file, d)))
        .sum()
}

/// Prints a reader's diagnostic as `file:line:col: warning|error: message`; whether it is
/// an error (one that damages the game: moves left out, say).
fn report(file: &str, d: &kif::Diagnostic) -> bool {
    let is_error = d.severity == Severity::Error || d.kind.damages_game();
    let severity = if is_error { "error" } else { "warning" };
    eprintln!(
        "{file}:{}:{}: {severity}: {}",
        d.line,
        d.column,
        crate::input::first_line(&message(d))
    );
    is_error
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

fn convert(args: &ConvertArgs) -> anyhow::Result<ExitCode> {
    let records = crate::input::read_records(&args.file, Mode::Lenient)?;
    // What the reader left out or doubted is said, as `masu kif check` says it: a move that
    // does not read is not in the output.
    let damaged = report_all(&crate::input::location_name(&args.file), &records) > 0;
    let status = convert_records(args, &records)?;
    Ok(if damaged { ExitCode::FAILURE } else { status })
}

/// Writes `records` in the target format.
fn convert_records(args: &ConvertArgs, records: &[kif::Parsed]) -> anyhow::Result<ExitCode> {
    let encoding = output_encoding(args)?;
    if records.len() > 1 {
        return convert_all(args, records, encoding);
    }
    let Some(parsed) = records.first() else {
        anyhow::bail!("{}: no record", crate::input::name(&args.file));
    };
    let record = &parsed.record;
    // What the target cannot hold, as masu-kif words it for each format.
    let (text, lost) = match args.to {
        Target::Kif => (
            kif::kif::write(record, &text_options(encoding)),
            record.left_out_by(kif::Format::Kif),
        ),
        Target::Ki2 => (
            kif::ki2::write(record, &text_options(encoding)),
            record.left_out_by(kif::Format::Ki2),
        ),
        Target::Csa => {
            let options = kif::csa::WriteOptions {
                encoding,
                ..kif::csa::WriteOptions::default()
            };
            let written = kif::csa::write(record, &options);
            let lost = written.left_out(record);
            (written.text, lost)
        }
        Target::Jkf => {
            let written = kif::jkf::write(record);
            let lost = written.left_out(record);
            (written.text, lost)
        }
        Target::Usi => {
            let (command, lost) = main_line_usi(record)?;
            (format!("{command}\n"), lost)
        }
    };
    for what in &lost {
        eprintln!("masu: note: the target format cannot hold {what}");
    }
    write_converted(args, &text, encoding)
}

/// A file of several records (CSA, `/` between them): all of them as CSA, the only target
/// that holds more than one.
fn convert_all(
    args: &ConvertArgs,
    records: &[kif::Parsed],
    encoding: TextEncoding,
) -> anyhow::Result<ExitCode> {
    if !matches!(args.to, Target::Csa) {
        let target = args.to.name();
        anyhow::bail!(
            "{} holds {} records and a {target} file one: convert them to CSA (--to csa), which holds them all",
            crate::input::name(&args.file),
            records.len()
        );
    }
    let options = kif::csa::WriteOptions {
        encoding,
        ..kif::csa::WriteOptions::default()
    };
    let records: Vec<Record> = records.iter().map(|p| p.record.clone()).collect();
    for (i, record) in records.iter().enumerate() {
        for what in kif::csa::write(record, &options).left_out(record) {
            eprintln!(
                "masu: note: record {}: the target format cannot hold {what}",
                i + 1
            );
        }
    }
    let text = kif::csa::write_all(&records, &options).text;
    write_converted(args, &text, encoding)
}

/// Writes the converted text in `encoding` to the output.
fn write_converted(
    args: &ConvertArgs,
    text: &str,
    encoding: TextEncoding,
) -> anyhow::Result<ExitCode> {
    let encoded = kif::encoding::encode(text, encoding);
    if !encoded.unmappable.is_empty() {
        let e = kif::encoding::EncodeError {
            encoding,
            unmappable: encoded.unmappable,
        };
        let target = args.to.name();
        bail!("{e} of the {target} output; write it in UTF-8 with --encoding utf-8");
    }
    for u in &encoded.substituted {
        eprintln!(
            "masu: note: {encoding} writes the character {} at line {}, column {} of the output as another",
            u.ch, u.line, u.column
        );
    }
    let bytes = encoded.bytes;
    match &args.output {
        Some(path) => {
            crate::output::warn_if_misnamed(path, args.to.name());
            crate::output::write(path, &bytes)?;
        }
        None => crate::output::write(Path::new("-"), &bytes)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The USI command of the main line and what it leaves out, in masu-kif's words (the
/// headers, comments, times, variations, the ending ...). A game that ends in a recorded
/// foul (an illegal move kept as played, as records of games lost by a foul have it) has
/// no position after the foul: the moves before it are written, with a warning rather
/// than a note, as the game itself is cut short.
fn main_line_usi(record: &Record) -> anyhow::Result<(String, Vec<String>)> {
    let mut written = kif::usi::write(record)?;
    written.dropped.retain(|dropped| match dropped {
        kif::usi::Dropped::Foul(id) => {
            let ply = record.tree[*id].ply();
            eprintln!(
                "masu: warning: illegal move at ply {ply} (a recorded foul): USI holds the {} moves before it",
                ply.saturating_sub(1)
            );
            false
        }
        _ => true,
    });
    let lost = written.left_out(record);
    Ok((written.text, lost))
}

/// The encoding to write in: `--encoding`, else what the output file's extension means
/// (`.kif`, `.ki2`: Shift_JIS), else UTF-8. JKF and USI are UTF-8 only.
fn output_encoding(args: &ConvertArgs) -> anyhow::Result<TextEncoding> {
    let utf8_only = matches!(args.to, Target::Jkf | Target::Usi);
    if let Some(chosen) = args.encoding {
        let encoding = match chosen {
            Encoding::Utf8 => TextEncoding::Utf8,
            Encoding::ShiftJis => TextEncoding::ShiftJis,
        };
        if utf8_only && encoding != TextEncoding::Utf8 {
            bail!("JKF and USI are written in UTF-8 only, not {encoding}");
        }
        return Ok(encoding);
    }
    let by_name = args
        .output
        .as_deref()
        .and_then(Path::extension)
        .and_then(|e| e.to_str())
        .and_then(TextEncoding::for_extension);
    Ok(match by_name {
        Some(encoding) if !utf8_only => encoding,
        _ => TextEncoding::Utf8,
    })
}

fn text_options(encoding: TextEncoding) -> kif::kif::WriteOptions {
    kif::kif::WriteOptions {
        encoding,
        ..kif::kif::WriteOptions::default()
    }
}
