//! `masu solve`: tsume problems through masu-tsume, one report per problem in input order.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::problem_lines::Opened;
use anyhow::Context;
use clap::Args;
use shogi::Position;
use tsume::{AnswerLevel, Config, Convention, Expected, Limits, Problem, Solver, Verdict};

/// Solve tsume-shogi (mate) problems; with no argument, the problems bundled with masu.
///
/// Each problem's result is written as soon as it and every problem before it are solved,
/// in input order (with several jobs, a problem done ahead of an earlier one waits for it);
/// the summary line comes last. Problem lines are read as they are solved: problems piped
/// in by a generator (`gen | masu solve -`) are solved while it runs, a few times --jobs
/// of them read ahead, and a line that does not read ends the batch where it stands, the
/// results before it written. A game record is read whole. Ctrl-C stops the batch at once: the results written by
/// then stay, with no summary line, and the exit status is the interrupt's (130 in a
/// shell).
///
/// Exit status: 0 when every answer is as expected (or no problem states one), 1 when one
/// is not (a problem without a defender king among them) or the input cannot be read, 2
/// for arguments that do not parse.
#[derive(Debug, Args)]
// `--time -1` is a bad time, not an unknown flag.
#[command(allow_negative_numbers = true)]
pub(crate) struct SolveArgs {
    /// Problem files (one SFEN a line, `SFEN moves ...` lines, or tab-separated problem
    /// lines, read as they are solved; or a KIF, KI2, CSA or JKF record, read whole, its
    /// start position the problem; `-` reads them from standard input) or SFEN positions
    /// given directly.
    inputs: Vec<String>,
    /// Node limit per problem (checked every 1,024 nodes; a mate proven by then is written
    /// out within a reserve of up to 2,000,000 more).
    #[arg(long)]
    nodes: Option<u64>,
    /// Time limit per problem, in seconds.
    #[arg(long, value_parser = crate::seconds::parse_seconds)]
    time: Option<Duration>,
    /// Transposition table size per problem, in MiB.
    #[arg(long, default_value_t = 64, value_parser = crate::table_size::parse_table_mib)]
    hash: usize,
    /// Problems solved at once, 1 to 1024, each with a table of its own (default: one per
    /// core, or one when --threads is above 1; never more than the problems).
    #[arg(long, value_parser = thread_count())]
    jobs: Option<u16>,
    /// Threads that search each problem: helpers prove the defences the main search will
    /// need next, once it has searched 4,194,304 nodes alone. For a long problem; a batch
    /// of short ones is solved faster one thread a problem, several at once.
    #[arg(long, default_value_t = 1, value_parser = thread_count())]
    threads: u16,
    /// Look only for mates of at most this many plies: the verdict is then "no mate
    /// within" when there is none that short.
    #[arg(long, value_name = "PLIES")]
    within: Option<u32>,
    /// How much of the answer to work out: `proof` stops at the first mate proven (its
    /// length an upper bound, but for a mate in 1), `short` shortens that line with searches of bounded cost
    /// (the shortest mate found, proven shortest only if the search below it finished),
    /// `exact` proves the shortest length and writes its line, `full` adds the answer by
    /// tsume convention and the alternative mating moves (余詰).
    #[arg(long, default_value_t = AnswerLevel::Full, value_name = "proof|short|exact|full")]
    level: AnswerLevel,
    /// Solve the position after these USI moves (`--after "8h2b+ 3a2b"`), played from
    /// each problem's position.
    #[arg(long, value_name = "MOVES")]
    after: Option<String>,
    /// Write JSON Lines: one object per problem, in input order, each as soon as it and
    /// every earlier one are solved.
    #[arg(long)]
    json: bool,
}

/// The parser of `--jobs` and `--threads`: 1 to masu-tsume's [`tsume::MAX_THREADS`], the
/// most threads a solve runs (each with a table of its own), a batch's workers too.
fn thread_count() -> clap::builder::RangedI64ValueParser<u16> {
    // Checked when built: the limit must fit the parsed type.
    const MAX: i64 = {
        assert!(tsume::MAX_THREADS <= u16::MAX as usize);
        tsume::MAX_THREADS as i64
    };
    clap::value_parser!(u16).range(1..=MAX)
}

/// One problem to solve, whatever its source.
struct Task {
    name: String,
    position: Position,
    expected: Expected,
}

/// What became of one problem.
struct Report {
    task: Task,
    /// The verdict, or why there is none (a position without a defender king, or a table
    /// that could not be had).
    verdict: Result<Verdict, anyhow::Error>,
    nodes: u64,
    /// Nodes until the first proof or disproof.
    proof_nodes: u64,
    millis: u128,
}

impl SolveArgs {
    /// Reads the positions given as text (not files), and plays `--after` from each.
    pub(crate) fn read_positions(&self) -> anyhow::Result<()> {
        for input in &self.inputs {
            if crate::input::is_file(Path::new(input)) {
                continue; // read when the command runs
            }
            let mut task = task_from_text(input)?;
            if let Some(moves) = &self.after {
                play_after(&mut task, moves)?;
            }
        }
        Ok(())
    }
}

/// Problems read ahead of the oldest one not yet written, for each job: enough to keep
/// every job busy while a long problem holds the output, and a bound on memory however
/// long the input.
const AHEAD_PER_JOB: usize = 4;

pub(crate) fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    // Set when the output is gone (a closed pipe): the solves under way stop at once.
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = Arc::clone(&stop);
    let config = Config {
        interrupt: Some(Arc::new(move || stopped.load(Ordering::Relaxed))),
        limits: Limits {
            nodes: args.nodes,
            time: args.time,
        },
        table_bytes: args.hash.saturating_mul(1 << 20),
        answer: args.level,
        threads: usize::from(args.threads),
        ..Config::default()
    };
    // A table that cannot be had is one clear error before any work, not a crash per problem.
    Solver::try_new(config.clone()).with_context(|| format!("--hash {}", args.hash))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(match args.jobs {
            Some(jobs) => usize::from(jobs).min(known_count(&args.inputs).unwrap_or(usize::MAX)),
            None if args.threads > 1 => 1,
            None => 0, // rayon's default: one per core
        })
        .build()?;
    // Drawn on stderr, and only when stderr is a terminal (indicatif hides it otherwise);
    // its length grows as the problems are read.
    let bar = indicatif::ProgressBar::new(0);
    let tasks = tasks(&args.inputs, args.after.as_deref()).inspect(|_| bar.inc_length(1));
    let mut out = std::io::stdout().lock();
    let mut tally = Tally::default();
    // One solver (and table) for every problem of a worker's share: a new table per
    // problem would cost its pages again each time, more than a short mate's search.
    crate::in_order::run(
        &pool,
        tasks,
        pool.current_num_threads().saturating_mul(AHEAD_PER_JOB),
        &stop,
        || Solver::try_new(config.clone()),
        |solver, task| {
            // A problem that did not read is handed on as it is, to end the batch there.
            let report = task.map(|task| solve_one(task, solver, args.within));
            bar.inc(1);
            report
        },
        |report| {
            let report = report?;
            tally.add(&report, args.level);
            // Written whole, and at once: the results so far are there when the batch is
            // stopped, or watched.
            let mut text = Vec::new();
            if args.json {
                writeln!(text, "{}", json_line(&report))?;
            } else {
                write_text(&mut text, tally.total, &report, args.level)?;
            }
            bar.suspend(|| out.write_all(&text).and_then(|()| out.flush()))?;
            anyhow::Ok(())
        },
    )?;
    bar.finish_and_clear();
    if !args.json {
        writeln!(out, "{}", tally.summary())?;
    }
    Ok(if tally.unexpected == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What the summary line counts, kept as the results go out (not the reports: a long
/// input's would fill memory).
#[derive(Debug, Default)]
struct Tally {
    total: usize,
    unexpected: usize,
    /// Problems that state an expected answer.
    expecting: usize,
    mates: usize,
    no_mates: usize,
    undecided: usize,
    /// Problems without a verdict (a position without a defender king, no table).
    failed: usize,
}

impl Tally {
    fn add(&mut self, report: &Report, level: AnswerLevel) {
        self.total += 1;
        if !matches_expectation(report, level) {
            self.unexpected += 1;
        }
        if !matches!(report.task.expected, Expected::Unknown) {
            self.expecting += 1;
        }
        match &report.verdict {
            Ok(Verdict::Mate(_)) => self.mates += 1,
            Ok(Verdict::NoMate | Verdict::NoMateWithin { .. }) => self.no_mates += 1,
            Ok(Verdict::Unknown { .. }) => self.undecided += 1,
            Ok(_) => {}
            Err(_) => self.failed += 1,
        }
    }

    /// The last line of the text output: how many problems met their expected answer, or,
    /// when none has one (positions given directly, SFEN lines without a length), how many
    /// of each verdict there were.
    fn summary(&self) -> String {
        let total = self.total;
        let problems = if total == 1 { "problem" } else { "problems" };
        if total == 0 || self.expecting > 0 {
            return format!(
                "{} of {total} {problems} answered as expected",
                total - self.unexpected
            );
        }
        let mut line = format!(
            "{total} {problems}: {} {}, {} without a mate, {} undecided",
            self.mates,
            if self.mates == 1 { "mate" } else { "mates" },
            self.no_mates,
            self.undecided
        );
        if self.failed > 0 {
            line.push_str(&format!(", {} not solved (see above)", self.failed));
        }
        line
    }
}

/// Plays `moves` (USI, separated by spaces) from the task's position, and names them.
fn play_after(task: &mut Task, moves: &str) -> anyhow::Result<()> {
    for (index, word) in moves.split_whitespace().enumerate() {
        let usi: shogi::UsiMove = word
            .parse()
            .with_context(|| format!("--after: move {} `{word}`", index + 1))?;
        let m = usi
            .to_move(&task.position)
            .with_context(|| format!("--after: move {} `{word}`", index + 1))?;
        task.position.play_unchecked(m);
    }
    // The answer recorded for the problem is not the answer after the moves.
    task.expected = Expected::Unknown;
    Ok(())
}

fn solve_one(
    task: Task,
    solver: &mut Result<Solver, tsume::TableError>,
    within: Option<u32>,
) -> Report {
    let solver = match solver {
        Ok(solver) => solver,
        Err(err) => {
            return Report {
                task,
                verdict: Err(anyhow::anyhow!("{err}")),
                nodes: 0,
                proof_nodes: 0,
                millis: 0,
            };
        }
    };
    let verdict = match within {
        Some(plies) => solver.solve_within(&task.position, plies),
        None => solver.solve(&task.position),
    };
    let stats = solver.stats();
    Report {
        nodes: stats.nodes,
        proof_nodes: stats.proof_nodes,
        millis: stats.elapsed.as_millis(),
        task,
        verdict: verdict.map_err(Into::into),
    }
}

/// A stream of problems, or why the next one could not be had.
type Tasks<'a> = Box<dyn Iterator<Item = anyhow::Result<Task>> + Send + 'a>;

/// Problems from every input in order, each read when it is asked for, with `after`
/// played from each; the bundled set when there is none. Nothing is read after an error.
fn tasks<'a>(inputs: &'a [String], after: Option<&'a str>) -> Tasks<'a> {
    let tasks: Tasks<'a> = if inputs.is_empty() {
        Box::new(tsume::bundled::problems().iter().map(|p| {
            let position = tsume::parse_position(p.sfen)?;
            Ok(Task {
                name: p.name.to_owned(),
                position,
                expected: p.expected,
            })
        }))
    } else {
        Box::new(inputs.iter().flat_map(|input| tasks_of_input(input)))
    };
    let mut failed = false;
    Box::new(
        tasks
            .map(move |task| {
                let mut task = task?;
                if let Some(moves) = after {
                    play_after(&mut task, moves)?;
                }
                Ok(task)
            })
            .map_while(move |task| {
                // The error is the last item.
                (!failed).then(|| {
                    failed = task.is_err();
                    task
                })
            }),
    )
}

/// How many problems the inputs hold, when that is known before they are read (none is
/// a file).
fn known_count(inputs: &[String]) -> Option<usize> {
    if inputs.is_empty() {
        return Some(tsume::bundled::problems().len());
    }
    let files = inputs.iter().any(|i| crate::input::is_file(Path::new(i)));
    (!files).then_some(inputs.len())
}

/// The problems of one input: a file's, read as they are asked for, or a position's.
fn tasks_of_input(input: &str) -> Tasks<'static> {
    let path = Path::new(input);
    if !crate::input::is_file(path) {
        return Box::new(std::iter::once(if path.is_dir() {
            Err(anyhow::anyhow!(
                "{input} is a directory: give the problem files in it"
            ))
        } else {
            task_from_text(input)
        }));
    }
    let source = crate::input::name(path);
    match crate::problem_lines::open(path) {
        Ok(Opened::Lines(lines)) => Box::new(lines.map(|p| p.map(task_from_problem))),
        Ok(Opened::Whole(bytes)) => match tasks_from_bytes(path, &bytes) {
            Ok(tasks) => Box::new(tasks.into_iter().map(Ok)),
            Err(err) => Box::new(std::iter::once(Err(err))),
        },
        Err(err) => Box::new(std::iter::once(
            Err(err).with_context(|| format!("cannot read {source}")),
        )),
    }
}

/// A problem given on the command line as a position.
fn task_from_text(input: &str) -> anyhow::Result<Task> {
    let position = tsume::parse_position(input)
        .with_context(|| format!("`{input}` is neither a file nor a position"))?;
    Ok(Task {
        name: String::new(),
        position,
        expected: Expected::Unknown,
    })
}

/// Problems of a file read whole (`-`: standard input) that does not start with a
/// problem line: problem lines in an encoding told apart only from the whole text, or
/// else a game record (KIF, KI2, CSA, JKF) whose start position is the problem.
fn tasks_from_bytes(path: &Path, bytes: &[u8]) -> anyhow::Result<Vec<Task>> {
    let source = crate::input::name(path);
    // Problem lines are read in the encodings records are (a Shift_JIS file of named
    // problems is common).
    let as_lines = match kif::encoding::decode(bytes, None) {
        Ok(decoded) if !decoded.had_errors => {
            tsume::parse_problems(&decoded.text).map_err(|e| e.to_string())
        }
        Ok(_) => Err(crate::problem_lines::undecodable(bytes, 1)),
        // UTF-16, said as such.
        Err(e) => Err(e.to_string()),
    };
    let lines_error = match as_lines {
        Ok(problems) => return Ok(problems.into_iter().map(task_from_problem).collect()),
        Err(err) => err,
    };
    let hint = crate::input::format_hint(path);
    let parsed = kif::read_bytes(bytes, hint, kif::Mode::Lenient).map_err(|record_error| {
        anyhow::anyhow!(
            "{source}: neither problem lines ({lines_error}) nor a record ({})",
            crate::input::first_line(&record_error.to_string())
        )
    })?;
    // A lenient read takes any text for a record of the even game: a problem file with a
    // mistyped line would be solved as the start position, its problems lost. A record is
    // a problem only when it gives a position of its own.
    if let Some(handicap) = parsed.record.start.handicap {
        anyhow::bail!(
            "{source}: neither problem lines ({lines_error}) nor a record of a mate problem \
             (its start is the standard {handicap} position, as for any text without one)"
        );
    }
    let position = tsume::parse_position(&parsed.record.start.setup.to_sfen())
        .with_context(|| format!("{source}: the start position is not a mate problem"))?;
    // The file's name names the problem; standard input has none.
    let name = match path.file_name() {
        Some(n) if !crate::input::is_stdin(path) => n.to_string_lossy().into_owned(),
        _ => String::new(),
    };
    Ok(vec![Task {
        name,
        position,
        expected: Expected::Unknown,
    }])
}

fn task_from_problem(p: Problem) -> Task {
    Task {
        name: p.name,
        position: p.position,
        expected: p.expected,
    }
}

fn matches_expectation(report: &Report, level: AnswerLevel) -> bool {
    match (&report.task.expected, &report.verdict) {
        // At the proof level, and at the short one when not proven shortest, a mate's
        // length is an upper bound: it agrees with a known length at or below it.
        (Expected::Mate(n), Ok(Verdict::Mate(mate)))
            if level == AnswerLevel::Proof || (level == AnswerLevel::Short && !mate.exact) =>
        {
            mate.length >= *n
        }
        (expected, Ok(verdict)) => expected.is_answered_by(verdict),
        (_, Err(_)) => false,
    }
}

fn usi_line(moves: &[shogi::Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_usi().to_string()).collect()
}

/// The line in KI2 notation, the official Japanese one: `▲２四銀`, `△同　玉`, ... (the
/// solver's lines are legal; were one not, the last word would say which move is not).
fn ki2_line(start: &Position, moves: &[shogi::Move]) -> Vec<String> {
    match start.japanese_line(moves, None) {
        Ok(words) => words.iter().map(ToString::to_string).collect(),
        Err(e) => vec![format!("({e})")],
    }
}

/// The verdict's name as masu-tsume spells it (its `serde` form and Python's), or `"error"`.
fn verdict_word(verdict: &Result<Verdict, anyhow::Error>) -> &'static str {
    verdict.as_ref().map_or("error", Verdict::kind)
}

/// One problem's JSON object. `within` is the limit of a `"no_mate_within"` verdict
/// (`--within`), null otherwise. `stopped` is the limit that stopped an `"unknown"` search,
/// or a mate's answer after its proof (`exact`, `alternatives_complete` or `convention`
/// then says what was left open), null otherwise. A mate carries its 余詰 (`alternatives`, `undecided`:
/// checks whose search was left undecided, and `alternatives_complete`: whether every
/// move of the line was searched, true only at the full level when the budget held) and
/// `convention`: `"same"` (the minimax line is
/// the convention answer), `"differs"` (with `convention_length`, `convention_line`,
/// `convention_alternatives`, `convention_undecided` and
/// `convention_alternatives_complete`) or `"unknown"` (not worked out within the budget).
fn json_line(report: &Report) -> serde_json::Value {
    let mate = report.verdict.as_ref().ok().and_then(Verdict::mate);
    let mut value = serde_json::json!({
        "name": report.task.name,
        "sfen": report.task.position.to_sfen(),
        "verdict": verdict_word(&report.verdict),
        "within": match &report.verdict {
            Ok(Verdict::NoMateWithin { plies }) => Some(*plies),
            _ => None,
        },
        "stopped": match &report.verdict {
            Ok(Verdict::Unknown { reason }) => Some(reason.kind()),
            Ok(Verdict::Mate(mate)) => mate.stopped.map(tsume::StopReason::kind),
            _ => None,
        },
        "length": mate.map(|m| m.length),
        "exact": mate.map(|m| m.exact),
        "line": mate.map_or_else(Vec::new, |m| usi_line(&m.line)),
        "line_ki2": mate.map_or_else(Vec::new, |m| ki2_line(&report.task.position, &m.line)),
        "nodes": report.nodes,
        "proof_nodes": report.proof_nodes,
        "millis": report.millis,
        "expected": match report.task.expected {
            Expected::Mate(n) => serde_json::json!(n),
            Expected::NoMate => serde_json::json!("no_mate"),
            Expected::Unknown => serde_json::Value::Null,
        },
    });
    if let Some(mate) = mate {
        value["alternatives"] = json_alternatives(&mate.alternatives);
        value["undecided"] = json_alternatives(&mate.undecided);
        value["alternatives_complete"] = mate.alternatives_complete.into();
        value["convention"] = match mate.convention {
            Convention::Same => "same",
            Convention::Differs(_) => "differs",
            _ => "unknown",
        }
        .into();
    }
    if let Some(convention) = mate.and_then(|m| m.convention.differing()) {
        value["convention_length"] = convention.length.into();
        value["convention_line"] = usi_line(&convention.line).into();
        value["convention_alternatives"] = json_alternatives(&convention.alternatives);
        value["convention_undecided"] = json_alternatives(&convention.undecided);
        value["convention_alternatives_complete"] = convention.alternatives_complete.into();
    }
    if let Err(err) = &report.verdict {
        value["error"] = err.to_string().into();
    }
    value
}

/// 余詰 as `[{"ply": 0-based index into the line, "move": USI, "last": last move?}]`.
fn json_alternatives(alternatives: &[tsume::Alternative]) -> serde_json::Value {
    alternatives
        .iter()
        .map(|a| {
            serde_json::json!({
                "ply": a.ply,
                "move": a.mv.to_usi().to_string(),
                "last": a.last,
            })
        })
        .collect()
}

/// 余詰 in one line: `move 3 G*2b, move 27 7a7b; last move 2c2b 6b1b` (moves numbered
/// from 1; the last move's alternatives apart, a lesser flaw by tsume convention).
fn text_alternatives(alternatives: &[tsume::Alternative]) -> String {
    let parts: Vec<String> = alternatives
        .iter()
        .filter(|a| !a.last)
        .map(|a| format!("move {} {}", a.ply + 1, a.mv.to_usi()))
        .collect();
    let last: Vec<String> = alternatives
        .iter()
        .filter(|a| a.last)
        .map(|a| a.mv.to_usi().to_string())
        .collect();
    let mut out = parts.join(", ");
    if !last.is_empty() {
        if !out.is_empty() {
            out.push_str("; ");
        }
        out.push_str(&format!("last move {}", last.join(" ")));
    }
    out
}

/// What a mate's answer says beyond its line, one note a line: 余詰 found and left
/// undecided, a search cut short, and the convention answer where it differs (its line and
/// its own 余詰). `masu solve` writes them under the line, `masu usi` as `info string`s.
pub(crate) fn mate_notes(m: &tsume::Mate, level: AnswerLevel) -> Vec<String> {
    let mut notes = Vec::new();
    if !m.alternatives.is_empty() {
        notes.push(format!("余詰: {}", text_alternatives(&m.alternatives)));
    }
    if !m.undecided.is_empty() {
        notes.push(format!(
            "余詰 undecided: {}",
            text_alternatives(&m.undecided)
        ));
    }
    if level == AnswerLevel::Full && m.exact && !m.alternatives_complete {
        notes.push("余詰: search not finished (budget)".to_owned());
    }
    if let Some(reason) = m.stopped {
        notes.push(format!(
            "stopped: {reason} (the answer is what was proven by then)"
        ));
    }
    // Below the full level the convention answer is never worked out: said only where it
    // was asked for and its budget ran out.
    if level == AnswerLevel::Full && m.convention == Convention::Unknown {
        notes.push("by convention: not worked out".to_owned());
    }
    if let Some(c) = m.convention.differing() {
        notes.push(format!(
            "by convention: mate in {}: {}",
            c.length,
            usi_line(&c.line).join(" ")
        ));
        if !c.alternatives.is_empty() {
            notes.push(format!(
                "余詰 by convention: {}",
                text_alternatives(&c.alternatives)
            ));
        }
        if !c.undecided.is_empty() {
            notes.push(format!(
                "余詰 by convention undecided: {}",
                text_alternatives(&c.undecided)
            ));
        }
        if !c.alternatives_complete {
            notes.push("余詰 by convention: search not finished (budget)".to_owned());
        }
    }
    notes
}

fn write_text(
    out: &mut impl Write,
    index: usize,
    report: &Report,
    level: AnswerLevel,
) -> std::io::Result<()> {
    let name = if report.task.name.is_empty() {
        String::new()
    } else {
        format!(" {}", report.task.name)
    };
    let summary = match &report.verdict {
        Ok(verdict) => verdict.to_string(),
        Err(err) => format!("error: {err}"),
    };
    let check = match (&report.task.expected, matches_expectation(report, level)) {
        (Expected::Unknown, _) => "",
        (_, true) => ", as expected",
        (_, false) => ", NOT AS EXPECTED",
    };
    writeln!(
        out,
        "#{index}{name}: {summary}{check} [{} nodes, {} ms]",
        report.nodes, report.millis
    )?;
    writeln!(out, "  sfen {}", report.task.position.to_sfen())?;
    if let Ok(Verdict::Mate(m)) = &report.verdict {
        writeln!(out, "  usi  {}", usi_line(&m.line).join(" "))?;
        writeln!(
            out,
            "  ki2  {}",
            ki2_line(&report.task.position, &m.line).join(" ")
        )?;
        for note in mate_notes(m, level) {
            writeln!(out, "  {note}")?;
        }
    }
    Ok(())
}
