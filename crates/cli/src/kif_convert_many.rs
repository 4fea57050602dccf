//! `masu kif convert --out-dir DIR`: many record files and folders converted into a folder,
//! each file as `masu kif convert` converts one.

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, bail};
use kif::Mode;
use kif::encoding::TextEncoding;

use crate::kif_convert::{ConvertArgs, Encoding, Remark, Target, convert, output_encoding};

/// One file to convert.
#[derive(Debug)]
struct Job {
    /// Where it is read.
    input: PathBuf,
    /// Where it is written.
    output: PathBuf,
    /// What the output is written in: what its name means, or `--encoding`.
    encoding: TextEncoding,
    /// Why it is not written, though it may read: its output name clashes with another
    /// file's (see [`clashes`]).
    clash: Option<String>,
}

/// What became of one file, and the lines said of it, in order.
#[derive(Debug)]
struct Done {
    lines: Vec<String>,
    outcome: Outcome,
}

#[derive(Debug, Clone, Copy)]
enum Outcome {
    /// Written; `damaged` when the reader left part of the game out.
    Converted { damaged: bool },
    /// A file was there already and `--force` was not given.
    Kept,
    /// Not written: the file does not read, the target cannot hold it, writing failed.
    Failed,
}

/// Converts every record file of `args.inputs` into `dir`, as [`ConvertArgs`] says.
pub(crate) fn run(args: &ConvertArgs, dir: &Path) -> anyhow::Result<ExitCode> {
    if args.inputs.iter().any(|p| crate::input::is_stdin(p)) {
        bail!(
            "standard input (-) is converted alone, to standard output or -o FILE: not with --out-dir"
        );
    }
    let jobs = plan(args, dir)?;
    let mut tally = Tally::default();
    // What is said of each file comes in the order of the files, as soon as it and every
    // earlier one are converted.
    crate::in_order::run(
        &crate::in_order::pool()?,
        jobs.iter(),
        crate::in_order::FILES_AHEAD,
        &AtomicBool::new(false),
        || (),
        |(), job| convert_file(job, args.to, args.force),
        |Done { lines, outcome }| {
            for line in lines {
                crate::stderr::line(format_args!("{line}"));
            }
            tally.add(outcome);
            Ok::<_, std::convert::Infallible>(())
        },
    )?;
    crate::stderr::line(format_args!("masu: {tally}"));
    Ok(if tally.failed + tally.damaged == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// How many files came to each [`Outcome`].
#[derive(Debug, Default)]
struct Tally {
    /// Written, `damaged` among them.
    converted: usize,
    damaged: usize,
    kept: usize,
    failed: usize,
}

impl Tally {
    fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Converted { damaged } => {
                self.converted += 1;
                self.damaged += usize::from(damaged);
            }
            Outcome::Kept => self.kept += 1,
            Outcome::Failed => self.failed += 1,
        }
    }
}

impl std::fmt::Display for Tally {
    /// The closing line: `5 files: 3 converted (1 with part of its game left out), 1
    /// failed, 1 not overwritten`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let files = self.converted + self.kept + self.failed;
        let plural = if files == 1 { "" } else { "s" };
        write!(f, "{files} file{plural}: {} converted", self.converted)?;
        if self.damaged > 0 {
            write!(f, " ({} with part of its game left out)", self.damaged)?;
        }
        write!(f, ", {} failed", self.failed)?;
        if self.kept > 0 {
            write!(f, ", {} not overwritten", self.kept)?;
        }
        Ok(())
    }
}

/// The files to convert and where each is written, the output names checked before
/// anything is written (a file whose name clashes is marked, not written).
///
/// # Errors
///
/// A folder cannot be read; `--encoding` names one the target is not written in; the
/// output folder cannot be made.
fn plan(args: &ConvertArgs, dir: &Path) -> anyhow::Result<Vec<Job>> {
    let extension = extension(args.to, args.encoding);
    let mut jobs = crate::kif_cmd::found_record_files(&args.inputs)?
        .into_iter()
        .map(|found| {
            let output = dir.join(found.relative).with_extension(extension);
            let encoding = output_encoding(args.to, args.encoding, Some(&output))?;
            Ok(Job {
                input: found.path,
                output,
                encoding,
                clash: None,
            })
        })
        .collect::<anyhow::Result<Vec<Job>>>()?;
    for (i, why) in clashes(&jobs) {
        jobs[i].clash = Some(why);
    }
    // Before any file is read: a folder that cannot be made fails once, not once a file.
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot make the folder {}", dir.display()))?;
    Ok(jobs)
}

/// The jobs whose outputs would clash, by index, and why in words: two or more written to
/// one name (`a.kif` and `a.kifu`, one game in two encodings, to `a.csa`: either would
/// replace the other, or be refused as a file there already), or one written over another
/// job's input (which might be read as it is written). None of them is written; the
/// others are. A job whose output is its own input (CSA into the folder it is read from)
/// replaces it after reading it, with `--force`.
fn clashes(jobs: &[Job]) -> Vec<(usize, String)> {
    let mut by_output: HashMap<&Path, Vec<usize>> = HashMap::new();
    for (i, job) in jobs.iter().enumerate() {
        by_output.entry(job.output.as_path()).or_default().push(i);
    }
    let read: HashMap<&Path, &Path> = jobs
        .iter()
        .map(|job| (job.input.as_path(), job.output.as_path()))
        .collect();
    let mut clashes = Vec::new();
    for (i, job) in jobs.iter().enumerate() {
        let (input, output) = (job.input.as_path(), job.output.as_path());
        let others: Vec<String> = by_output[output]
            .iter()
            .filter(|&&j| j != i)
            .map(|&j| jobs[j].input.display().to_string())
            .collect();
        if !others.is_empty() {
            clashes.push((
                i,
                format!(
                    "{}: error: not written: {} would be written to {} too (convert them apart)",
                    input.display(),
                    others.join(" and "),
                    output.display()
                ),
            ));
        } else if read
            .get(output)
            .is_some_and(|&its_output| its_output != output)
        {
            clashes.push((
                i,
                format!(
                    "{}: error: not written: {} is read as an input (write into another folder)",
                    input.display(),
                    output.display()
                ),
            ));
        }
    }
    clashes
}

/// The extension of the files written: the target's, and for KIF and KI2 in UTF-8 the
/// names that say so (`.kifu`, `.ki2u`), which read back in UTF-8 as the rule of
/// [`output_encoding`] writes them.
fn extension(to: Target, chosen: Option<Encoding>) -> &'static str {
    let utf8 = matches!(chosen, Some(Encoding::Utf8));
    match to {
        Target::Kif if utf8 => "kifu",
        Target::Kif => "kif",
        Target::Ki2 if utf8 => "ki2u",
        Target::Ki2 => "ki2",
        Target::Csa => "csa",
        Target::Jkf => "jkf",
        Target::Usi => "usi",
    }
}

/// Reads, converts and writes one file (a file there already replaced only when `force`);
/// every line says which file it is about.
fn convert_file(job: &Job, to: Target, force: bool) -> Done {
    let kept = || Done {
        lines: vec![format!(
            "{}: warning: there already, not overwritten (--force replaces it)",
            job.output.display()
        )],
        outcome: Outcome::Kept,
    };
    if let Some(why) = &job.clash {
        return failed(vec![why.clone()]);
    }
    // A link there (even one to nothing) is a file there: it is not written through.
    if !force && job.output.symlink_metadata().is_ok() {
        return kept();
    }
    let file = crate::input::location_name(&job.input);
    let records = match crate::kif_cmd::read_checked(&job.input, &file, Mode::Lenient) {
        Ok(records) => records,
        Err(line) => return failed(vec![line]),
    };
    let (mut lines, errors) = crate::kif_cmd::diagnostics(&file, &records);
    let conversion = convert(&records, to, job.encoding);
    lines.extend(remark_lines(&file, &conversion.remarks));
    let bytes = match conversion.bytes {
        Ok(bytes) => bytes,
        Err(refusal) => {
            lines.push(format!("{file}: error: {refusal}"));
            return failed(lines);
        }
    };
    match write(&job.output, &bytes, force) {
        Ok(()) => Done {
            lines,
            outcome: Outcome::Converted {
                damaged: errors > 0,
            },
        },
        // Made since the look above, by another program.
        Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => kept(),
        Err(err) => {
            lines.push(format!(
                "{}: error: cannot write: {err}",
                job.output.display()
            ));
            failed(lines)
        }
    }
}

/// The lines said of one file's conversion among many, each beginning with the file's
/// name: what the target cannot hold in one `note:` line, and the characters written as
/// others in one, so that a folder of records each losing their headers (to USI, say)
/// gives a line a file, not one for each thing lost.
fn remark_lines(file: &str, remarks: &[Remark]) -> Vec<String> {
    let mut lost = Vec::new();
    let mut substituted = Vec::new();
    let mut lines = Vec::new();
    for remark in remarks {
        match remark {
            Remark::Lost { what, record: None } => lost.push(what.clone()),
            Remark::Lost {
                what,
                record: Some(i),
            } => lost.push(format!("{what} in record {i}")),
            Remark::Substituted {
                encoding,
                ch,
                line,
                column,
            } => substituted.push((*encoding, format!("{ch} at line {line}, column {column}"))),
            Remark::Foul { .. } => lines.push(format!("{file}: {remark}")),
        }
    }
    if !lost.is_empty() {
        lines.push(format!(
            "{file}: note: the target format cannot hold {}",
            lost.join("; ")
        ));
    }
    if let Some((encoding, _)) = substituted.first() {
        let places: Vec<&str> = substituted.iter().map(|(_, at)| at.as_str()).collect();
        lines.push(format!(
            "{file}: note: {encoding} writes characters of the output as others: {}",
            places.join("; ")
        ));
    }
    lines
}

fn failed(lines: Vec<String>) -> Done {
    Done {
        lines,
        outcome: Outcome::Failed,
    }
}

/// Writes `bytes` to `path`, making the folders above it; a file there already is replaced
/// only when `force`. A file that is not written whole is removed: no one should take part
/// of a record for the record.
fn write(path: &Path, bytes: &[u8], force: bool) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(!force)
        .create(true)
        .truncate(true)
        .open(path)?;
    file.write_all(bytes).inspect_err(|_| {
        // Nothing more can be done if the removal fails too; the write error is reported.
        std::fs::remove_file(path).ok();
    })
}
