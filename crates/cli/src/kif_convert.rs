//! `masu kif convert`: a record file to another format, through masu-kif's writers.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::bail;
use clap::{Args, ValueEnum};
use kif::encoding::TextEncoding;
use kif::{Mode, Record};

/// Convert records to another format: a file to a file, or many files and folders into a
/// folder (`--out-dir`).
///
/// What the reader doubted or left out is printed as `masu kif check` prints it; the exit
/// status is 1 when it left out part of the game (a move that does not read), though the
/// rest is written. What the target format cannot hold is named in a `note:` line each
/// (USI, a `position` command, holds the main line's moves alone: the headers, comments,
/// times, variations and the ending are named). A CSA file of several records converts to
/// CSA, all of them; to another format, which holds one, it is refused.
///
/// With `--out-dir DIR` each record file is written under DIR at its path relative to the
/// folder given (a file named itself: at its name), folders made as needed, with the
/// target's extension (`.kif` `.ki2` `.csa` `.jkf`, `.usi` for the `position` line; KIF
/// and KI2 in UTF-8 get `.kifu` `.ki2u`). Files are read in parallel; what is said of each
/// comes in the order of the files, every line beginning with the file's name: its
/// diagnostics as `check` prints them, errors, and what the target cannot hold in one
/// `note:` line (a line a file, however much it loses); a count of the files ends it. Two
/// inputs written to one name (`a.kif` and `a.ki2` to `a.csa`), or an output that is
/// another input, are not written, each named as a failed file. A file that fails is
/// named and the rest go on; the exit status is 1 when any failed or lost part of its
/// game.
#[derive(Debug, Args)]
pub(crate) struct ConvertArgs {
    /// The records to read: files (`-`: standard input, converted alone), or folders
    /// searched for .kif .kifu .ki2 .ki2u .csa .jkf .json files as `list` searches them
    /// (these need --out-dir); format and encoding are detected.
    #[arg(required = true, value_name = "INPUTS")]
    pub(crate) inputs: Vec<PathBuf>,
    /// The format to write.
    #[arg(long, value_enum)]
    pub(crate) to: Target,
    /// Text encoding of KIF, KI2 and CSA output (JKF and USI are always UTF-8). By default
    /// it follows the output file's name: `.kif` and `.ki2` are written in Shift_JIS
    /// (CP932), as the programs that read them expect; any other name (`.csa`, whose first
    /// line declares its encoding, among them) and standard output in UTF-8.
    #[arg(long, value_enum)]
    pub(crate) encoding: Option<Encoding>,
    /// Where to write one input (standard output when left out). A name whose extension
    /// names another format than `--to` (`game.kif` for CSA) gets a warning, and the text.
    #[arg(short, long, conflicts_with = "out_dir")]
    output: Option<PathBuf>,
    /// The folder to write each input's records into (made if it is not there): needed for
    /// more than one input or a folder. A file there already is left as it is, named on a
    /// line of its own, and its input is not read (a second run converts the files added
    /// since); the exit status does not change.
    #[arg(long, value_name = "DIR")]
    pub(crate) out_dir: Option<PathBuf>,
    /// With --out-dir: replace the files there already.
    #[arg(long, requires = "out_dir")]
    pub(crate) force: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum Target {
    Kif,
    Ki2,
    Csa,
    Jkf,
    Usi,
}

impl Target {
    /// The format's name in messages (`CSA`), as masu-kif's `Format::name` gives it.
    pub(crate) fn name(self) -> &'static str {
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
pub(crate) enum Encoding {
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[value(name = "shift_jis", alias = "sjis", alias = "cp932")]
    ShiftJis,
}

pub(crate) fn run(args: &ConvertArgs) -> anyhow::Result<ExitCode> {
    if let Some(dir) = &args.out_dir {
        return crate::kif_convert_many::run(args, dir);
    }
    let file = match args.inputs.as_slice() {
        [file] if !file.is_dir() => file,
        [folder] => bail!(
            "{} is a folder: give --out-dir DIR, the folder to write its records into",
            folder.display()
        ),
        inputs => bail!(
            "{} inputs are written into a folder, a file each: give --out-dir DIR",
            inputs.len()
        ),
    };
    let records = crate::input::read_records(file, Mode::Lenient)?;
    // What the reader left out or doubted is said, as `masu kif check` says it: a move that
    // does not read is not in the output.
    let damaged = crate::kif_cmd::report_all(&crate::input::location_name(file), &records) > 0;
    let encoding = output_encoding(args.to, args.encoding, args.output.as_deref())?;
    let conversion = convert(&records, args.to, encoding);
    for remark in &conversion.remarks {
        crate::stderr::line(format_args!("masu: {remark}"));
    }
    let bytes = conversion
        .bytes
        .map_err(|refusal| refusal.in_file(&crate::input::name(file)))?;
    match &args.output {
        Some(path) => {
            crate::output::warn_if_misnamed(path, args.to.name());
            crate::output::write(path, &bytes)?;
        }
        None => crate::output::write(Path::new("-"), &bytes)?,
    }
    Ok(if damaged {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The records of a file in the target format: the bytes to write, or why there are none,
/// and what to say of them, in order (each conversion says it with its own prefix: `masu:`
/// for one file, the file's name among many).
#[derive(Debug)]
pub(crate) struct Conversion {
    /// What the target cannot hold, a game cut short, characters written as others.
    pub(crate) remarks: Vec<Remark>,
    /// The encoded text.
    pub(crate) bytes: Result<Vec<u8>, Refusal>,
}

/// Something said of a conversion; its `Display` is the line a conversion of one file
/// prints after `masu: `.
#[derive(Debug)]
pub(crate) enum Remark {
    /// What the target format cannot hold, in masu-kif's words; `record` numbers the record
    /// (from 1) in a file of several.
    Lost { what: String, record: Option<usize> },
    /// A recorded foul at `ply` ends the game, and the USI line before it.
    Foul { ply: u32 },
    /// A character `encoding` writes as another, at a line and column of the output.
    Substituted {
        encoding: TextEncoding,
        ch: char,
        line: usize,
        column: usize,
    },
}

impl std::fmt::Display for Remark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Remark::Lost { what, record: None } => {
                write!(f, "note: the target format cannot hold {what}")
            }
            Remark::Lost {
                what,
                record: Some(i),
            } => write!(f, "note: record {i}: the target format cannot hold {what}"),
            // The game itself is cut short: a warning rather than a note.
            Remark::Foul { ply } => write!(
                f,
                "warning: illegal move at ply {ply} (a recorded foul): USI holds the {} moves before it",
                ply.saturating_sub(1)
            ),
            Remark::Substituted {
                encoding,
                ch,
                line,
                column,
            } => write!(
                f,
                "note: {encoding} writes the character {ch} at line {line}, column {column} of the output as another"
            ),
        }
    }
}

/// Why the records of a file are not converted.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// The file holds no record.
    NoRecord,
    /// The file holds several records and the target one.
    Several { records: usize, to: Target },
    /// The text cannot be written (a start position USI cannot say, characters the
    /// encoding lacks).
    Other(anyhow::Error),
}

impl Refusal {
    /// The error of one file's conversion, naming the file as [`crate::input::name`] does.
    pub(crate) fn in_file(self, name: &str) -> anyhow::Error {
        match self {
            Refusal::Other(err) => err,
            Refusal::NoRecord => anyhow::anyhow!("{name}: no record"),
            Refusal::Several { .. } => anyhow::anyhow!("{name} {self}"),
        }
    }
}

impl std::fmt::Display for Refusal {
    /// The reason alone, for a line that names the file in front.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NoRecord => write!(f, "no record"),
            Refusal::Several { records, to } => write!(
                f,
                "holds {records} records and a {} file one: convert them to CSA (--to csa), which holds them all",
                to.name()
            ),
            Refusal::Other(err) => write!(f, "{err:#}"),
        }
    }
}

/// Writes `records`, the records of one file, in `to`, encoded in `encoding`: one record,
/// or all of them as CSA, the only target that holds more than one.
pub(crate) fn convert(records: &[kif::Parsed], to: Target, encoding: TextEncoding) -> Conversion {
    let mut remarks = Vec::new();
    let text = match records {
        [] => Err(Refusal::NoRecord),
        [parsed] => one_record(&parsed.record, to, encoding, &mut remarks),
        several if matches!(to, Target::Csa) => Ok(all_records(several, encoding, &mut remarks)),
        several => Err(Refusal::Several {
            records: several.len(),
            to,
        }),
    };
    let bytes = text.and_then(|text| encode(&text, to, encoding, &mut remarks));
    Conversion { remarks, bytes }
}

/// A record in `to`; what the target cannot hold is added to `remarks`, as masu-kif words
/// it for each format.
fn one_record(
    record: &Record,
    to: Target,
    encoding: TextEncoding,
    remarks: &mut Vec<Remark>,
) -> Result<String, Refusal> {
    let (text, lost) = match to {
        Target::Kif => (
            kif::kif::write(record, &text_options(encoding)),
            record.left_out_by(kif::Format::Kif),
        ),
        Target::Ki2 => (
            kif::ki2::write(record, &text_options(encoding)),
            record.left_out_by(kif::Format::Ki2),
        ),
        Target::Csa => {
            let written = kif::csa::write(record, &csa_options(encoding));
            let lost = written.left_out(record);
            (written.text, lost)
        }
        Target::Jkf => {
            let written = kif::jkf::write(record);
            let lost = written.left_out(record);
            (written.text, lost)
        }
        Target::Usi => {
            let (command, lost) = main_line_usi(record, remarks)?;
            (format!("{command}\n"), lost)
        }
    };
    remarks.extend(
        lost.into_iter()
            .map(|what| Remark::Lost { what, record: None }),
    );
    Ok(text)
}

/// A file of several records (CSA, `/` between them) as CSA; what it cannot hold of each
/// is added to `remarks`, with the record's number.
fn all_records(
    records: &[kif::Parsed],
    encoding: TextEncoding,
    remarks: &mut Vec<Remark>,
) -> String {
    let options = csa_options(encoding);
    let records: Vec<Record> = records.iter().map(|p| p.record.clone()).collect();
    for (i, record) in records.iter().enumerate() {
        for what in kif::csa::write(record, &options).left_out(record) {
            remarks.push(Remark::Lost {
                what,
                record: Some(i + 1),
            });
        }
    }
    kif::csa::write_all(&records, &options).text
}

/// The converted text in `encoding`; the characters it writes as others are added to
/// `remarks`.
fn encode(
    text: &str,
    to: Target,
    encoding: TextEncoding,
    remarks: &mut Vec<Remark>,
) -> Result<Vec<u8>, Refusal> {
    let encoded = kif::encoding::encode(text, encoding);
    if !encoded.unmappable.is_empty() {
        let e = kif::encoding::EncodeError {
            encoding,
            unmappable: encoded.unmappable,
        };
        let target = to.name();
        return Err(Refusal::Other(anyhow::anyhow!(
            "{e} of the {target} output; write it in UTF-8 with --encoding utf-8"
        )));
    }
    remarks.extend(encoded.substituted.iter().map(|u| Remark::Substituted {
        encoding,
        ch: u.ch,
        line: u.line,
        column: u.column,
    }));
    Ok(encoded.bytes)
}

/// The USI command of the main line and what it leaves out, in masu-kif's words (the
/// headers, comments, times, variations, the ending ...). A game that ends in a recorded
/// foul (an illegal move kept as played, as records of games lost by a foul have it) has
/// no position after the foul: the moves before it are written, with a warning rather
/// than a note ([`Remark::Foul`], added to `remarks`), as the game itself is cut short.
fn main_line_usi(
    record: &Record,
    remarks: &mut Vec<Remark>,
) -> Result<(String, Vec<String>), Refusal> {
    let mut written = kif::usi::write(record).map_err(|e| Refusal::Other(e.into()))?;
    written.dropped.retain(|dropped| match dropped {
        kif::usi::Dropped::Foul(id) => {
            remarks.push(Remark::Foul {
                ply: record.tree[*id].ply(),
            });
            false
        }
        _ => true,
    });
    let lost = written.left_out(record);
    Ok((written.text, lost))
}

/// The encoding to write in: `chosen` (`--encoding`), else what the extension of
/// `output`, the output file, means (`.kif`, `.ki2`: Shift_JIS), else UTF-8. JKF and USI
/// are UTF-8 only.
pub(crate) fn output_encoding(
    to: Target,
    chosen: Option<Encoding>,
    output: Option<&Path>,
) -> anyhow::Result<TextEncoding> {
    let utf8_only = matches!(to, Target::Jkf | Target::Usi);
    if let Some(chosen) = chosen {
        let encoding = match chosen {
            Encoding::Utf8 => TextEncoding::Utf8,
            Encoding::ShiftJis => TextEncoding::ShiftJis,
        };
        if utf8_only && encoding != TextEncoding::Utf8 {
            bail!("JKF and USI are written in UTF-8 only, not {encoding}");
        }
        return Ok(encoding);
    }
    let by_name = output
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

fn csa_options(encoding: TextEncoding) -> kif::csa::WriteOptions {
    kif::csa::WriteOptions {
        encoding,
        ..kif::csa::WriteOptions::default()
    }
}
