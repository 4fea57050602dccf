//! A USI engine for mate search, for shogi GUIs (ShogiGUI, 将棋所, ShogiHome).
//!
//! Commands: `usi`, `isready`, `setoption name USI_Hash value <MiB>`, `setoption name
//! Threads value <n>` (threads searching one problem, as `masu solve --threads`; default
//! 1), `setoption name AnswerLevel value proof|short|exact|full` (how much of the answer a
//! mate search works out before `checkmate`, as `masu solve --level`; default `exact`; what
//! it finds besides the line, such as 余詰 and the convention answer at `full`, comes in
//! `info string` lines before `checkmate`, as `masu solve` writes them under the line),
//! `usinewgame`,
//! `position ...`, `go mate <ms>|infinite` (bare `go mate`: infinite), plain `go ...`,
//! `stop`, `gameover`, `quit`. A `position` or `go` sent while a search with a time limit
//! runs waits for its answer; one without a limit is stopped, or at the end of the input
//! has a second to answer first.
//! A mate search runs on its own thread, so `stop` and `quit` are read and acted on while it
//! searches; it answers `checkmate <moves>`, `checkmate nomate` or `checkmate timeout`, with
//! `info` lines (nodes, nps, time, pv) meanwhile (a position whose side not to move has no
//! king is `nomate`, after an `info string` that says so; a search that panicked is
//! `timeout`, after an `info string` with the panic's message). A plain `go` answers
//! `bestmove` with the mating move when a short search finds one, `resign` only when there is
//! no legal move, and otherwise some legal move, so that a GUI never waits forever (also
//! when that short search panicked, after an `info string` with the panic's message).

use std::any::Any;
use std::io::{BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use shogi::usi::{BestMove, EngineOption, Info, MateAnswer, OptionKind, SetOption};
use shogi::{Position, SetupMode};
use tsume::{AnswerLevel, Config, Limits, Progress, Solver, StopReason, Verdict};

/// How long a plain `go` looks for a mate before answering with any legal move.
const QUICK_MATE_TIME: Duration = Duration::from_millis(300);

/// How long a search without a limit may still answer after the input ends: short mates
/// are answered, a long search is stopped soon.
const END_OF_INPUT_GRACE: Duration = Duration::from_secs(1);

/// `USI_Hash` until the GUI sets it, in MiB.
const DEFAULT_HASH_MIB: usize = 64;

/// The `AnswerLevel` option until the GUI sets it: `checkmate` needs the shortest line,
/// not the convention answer.
const DEFAULT_LEVEL: AnswerLevel = AnswerLevel::Exact;

/// The most `Threads` offered.
const MAX_THREADS: usize = 256;

/// The largest `USI_Hash` offered, in MiB (32 TiB): more than any machine has, so that
/// the engine, not the GUI's spin box, says what this one can hold.
const MAX_HASH_MIB: usize = 1 << 25;

/// Where engine output goes: shared by the command loop and the search thread.
type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Limits on what the engine does, beyond the GUI's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Settings {
    /// Nodes every search may use at most (`None`: as many as its time allows).
    pub node_limit: Option<u64>,
    /// The largest `USI_Hash` accepted, in MiB; a larger value is taken as this one.
    pub max_hash_mib: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            node_limit: None,
            max_hash_mib: MAX_HASH_MIB,
        }
    }
}

/// Runs the engine until `quit` or the end of `input` (where a `go mate <ms>` search still
/// running answers at its end, and a `go mate infinite` one is stopped).
///
/// # Errors
///
/// Reading `input` fails.
pub fn run(input: impl BufRead, output: Box<dyn Write + Send>) -> std::io::Result<()> {
    run_with(input, output, Settings::default())
}

/// Runs the engine as [`run`] does, within `settings`: a harness (tests, fuzzing) bounds
/// every search by nodes, so that no input makes it run long.
///
/// Lines that are not UTF-8 are read with their bad bytes replaced, as a GUI's typo is.
///
/// # Errors
///
/// Reading `input` fails.
pub fn run_with(
    mut input: impl BufRead,
    output: Box<dyn Write + Send>,
    settings: Settings,
) -> std::io::Result<()> {
    let out: Out = Arc::new(Mutex::new(output));
    let mut engine = Engine {
        out,
        position: Some(Position::startpos()),
        hash_mib: default_hash_mib(&settings),
        threads: 1,
        level: DEFAULT_LEVEL,
        settings,
        search: None,
    };
    let mut line = Vec::new();
    let quit = loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break false;
        }
        if !engine.command(String::from_utf8_lossy(&line).trim()) {
            break true;
        }
    };
    if quit {
        engine.stop_search();
    } else {
        // The end of a script (`printf 'position ...\ngo mate 1000\n' | masu usi`): a
        // search with a limit answers at its end, as if the GUI had waited; one without a
        // limit has a grace to answer (a mate in one does), then is stopped, since nothing
        // else can stop it now.
        engine.wait_for_search(END_OF_INPUT_GRACE);
        engine.finish_search();
    }
    Ok(())
}

/// `USI_Hash` until the GUI sets it, within what `settings` offer.
fn default_hash_mib(settings: &Settings) -> usize {
    DEFAULT_HASH_MIB.min(settings.max_hash_mib).max(1)
}

/// A running mate search.
struct Search {
    cancel: Arc<AtomicBool>,
    handle: JoinHandle<()>,
    /// It ends by itself: a time or node limit bounds it.
    limited: bool,
}

struct Engine {
    out: Out,
    /// `None` after a `position` command that could not be read: a search then answers
    /// for no position rather than for the one before.
    position: Option<Position>,
    hash_mib: usize,
    /// The `Threads` option.
    threads: usize,
    /// The `AnswerLevel` option.
    level: AnswerLevel,
    settings: Settings,
    search: Option<Search>,
}

impl Engine {
    /// Handles one command line; `false` on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("usi") => self.send_usi_identity(),
            Some("isready") => say(&self.out, "readyok"),
            Some("setoption") => self.set_option(line),
            Some("position") => self.set_position(line),
            Some("go") => self.go(&words.collect::<Vec<_>>()),
            Some("stop") => self.stop_search(),
            Some("quit") => return false,
            // usinewgame, gameover, ponderhit and unknown commands need no answer.
            _ => {}
        }
        true
    }

    fn send_usi_identity(&self) {
        say(
            &self.out,
            &format!("id name masu {}", env!("CARGO_PKG_VERSION")),
        );
        say(&self.out, "id author the masu developers");
        for option in self.declared_options() {
            say(&self.out, &option.to_string());
        }
        say(&self.out, "usiok");
    }

    /// The options `usi` declares.
    fn declared_options(&self) -> [EngineOption; 3] {
        let spin = |name: &str, default: usize, max: usize| EngineOption {
            name: name.into(),
            kind: OptionKind::Spin {
                default: i64::try_from(default).ok(),
                min: Some(1),
                max: i64::try_from(max).ok(),
            },
        };
        [
            // The engine's default, whatever a `setoption` made of it since.
            spin(
                "USI_Hash",
                default_hash_mib(&self.settings),
                self.settings.max_hash_mib,
            ),
            EngineOption {
                name: "AnswerLevel".into(),
                kind: OptionKind::Combo {
                    default: Some(DEFAULT_LEVEL.to_string()),
                    vars: AnswerLevel::ALL.iter().map(ToString::to_string).collect(),
                },
            },
            spin("Threads", 1, MAX_THREADS),
        ]
    }

    fn set_option(&mut self, line: &str) {
        let set = match line.parse::<SetOption>() {
            Ok(set) => set,
            Err(err) => {
                say(&self.out, &format!("info string setoption not read: {err}"));
                return;
            }
        };
        // A value is the rest of its line, blanks and all: quoted when it is said back, so
        // that no control character of it reaches the GUI.
        let Some(value) = set.value.as_deref() else {
            // A button; none of this engine's options is one.
            if self.declared_options().iter().any(|o| o.name == set.name) {
                say(
                    &self.out,
                    &format!("info string {} needs a value", set.name),
                );
            }
            return;
        };
        match set.name.as_str() {
            "AnswerLevel" => match value.parse() {
                Ok(level) => self.level = level,
                Err(err) => say(
                    &self.out,
                    &format!("info string AnswerLevel {value:?}: {err}"),
                ),
            },
            "Threads" => match value.parse::<usize>() {
                Ok(n) => self.threads = n.clamp(1, MAX_THREADS),
                Err(_) => say(
                    &self.out,
                    &format!("info string Threads {value:?} is not a number of threads"),
                ),
            },
            "USI_Hash" => {
                match value.parse::<usize>() {
                    Ok(mib) => {
                        let mib = mib.clamp(1, self.settings.max_hash_mib.max(1));
                        // Checked now, so that the GUI hears of a size that cannot be had at
                        // once; the search falls back the same way if memory has gone since.
                        let config = Config {
                            table_bytes: mib.saturating_mul(1 << 20),
                            ..Config::default()
                        };
                        self.hash_mib = fitting_solver(config, &self.out).map_or(1, |(_, mib)| mib);
                    }
                    Err(_) => say(
                        &self.out,
                        &format!("info string USI_Hash {value:?} is not a number of MiB"),
                    ),
                }
            }
            _ => {}
        }
    }

    fn set_position(&mut self, line: &str) {
        self.finish_search();
        // Tsume mode: mate problems from GUIs often have no attacker king.
        self.position = match Position::from_sfen_with(line, SetupMode::Tsume) {
            Ok(pos) => Some(pos),
            Err(err) => {
                // The error says what is invalid (`invalid position: too much material`).
                say(&self.out, &format!("info string position not set: {err}"));
                None
            }
        }
    }

    fn go(&mut self, args: &[&str]) {
        self.finish_search();
        match args {
            ["mate"] | ["mate", "infinite", ..] => self.start_mate(None),
            ["mate", ms, ..] => match ms.parse::<u64>() {
                Ok(ms) => self.start_mate(Some(Duration::from_millis(ms))),
                Err(_) => {
                    let note = format!(
                        "info string go mate {ms}: not a number of milliseconds, searching \
                         without a limit"
                    );
                    say(&self.out, &note);
                    self.start_mate(None);
                }
            },
            _ => self.answer_bestmove(),
        }
    }

    fn start_mate(&mut self, time: Option<Duration>) {
        let Some(position) = self.position.clone() else {
            // No answer claims anything of a position never given: not `nomate`.
            say(&self.out, "info string no position to search");
            say(&self.out, &MateAnswer::Timeout.to_string());
            return;
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let config = self.config(time, cancel.clone(), true);
        let level = config.answer;
        let out = self.out.clone();
        let handle = std::thread::spawn(move || {
            let searched = panic::catch_unwind(AssertUnwindSafe(|| {
                mate_search(config, &position, level, &out);
            }));
            if let Err(payload) = searched {
                // The GUI waits for a `checkmate`: a search that panicked answers as one that
                // found nothing (USI has no error answer), after a line that says why.
                say(&out, &panicked("mate search", &*payload));
                say(&out, &MateAnswer::Timeout.to_string());
            }
        });
        let limited = time.is_some() || self.settings.node_limit.is_some();
        self.search = Some(Search {
            cancel,
            handle,
            limited,
        });
    }

    /// A `bestmove` for plain `go`: a quick mate if there is one, otherwise any legal move.
    fn answer_bestmove(&mut self) {
        let Some(position) = &self.position else {
            say(&self.out, "info string no position to search");
            say(&self.out, &BestMove::Resign.to_string());
            return;
        };
        let moves = position.legal_moves();
        let Some(&fallback) = moves.first() else {
            say(&self.out, &BestMove::Resign.to_string());
            return;
        };
        let config = self.config(
            Some(QUICK_MATE_TIME),
            Arc::new(AtomicBool::new(false)),
            false,
        );
        // A search that panicked leaves the engine running and answers the fallback, as
        // one that found nothing does, after a line that says why.
        let quick = panic::catch_unwind(AssertUnwindSafe(|| {
            fitting_solver(config, &self.out).map(|(mut s, _)| s.solve(position))
        }))
        .unwrap_or_else(|payload| {
            say(&self.out, &panicked("quick mate search", &*payload));
            None
        });
        let best = match &quick {
            Some(Ok(Verdict::Mate(mate))) => mate.line.first().copied().unwrap_or(fallback),
            _ => fallback,
        };
        let best = BestMove::Move {
            mv: best.to_usi(),
            ponder: None,
        };
        say(&self.out, &best.to_string());
    }

    fn config(&self, time: Option<Duration>, cancel: Arc<AtomicBool>, report: bool) -> Config {
        let out = self.out.clone();
        Config {
            limits: Limits {
                nodes: self.settings.node_limit,
                time,
            },
            table_bytes: self.hash_mib.saturating_mul(1 << 20),
            cancel: Some(cancel),
            progress: report
                .then(|| -> tsume::ProgressFn { Arc::new(move |p| say(&out, &info_line(p))) }),
            progress_interval: Duration::from_millis(500),
            answer: self.level,
            threads: self.threads,
            ..Config::default()
        }
    }

    /// Waits for a running search with a limit to answer; stops one without. A `position`
    /// or `go` that comes while a search runs (a GUI sends `stop` first; a script, one line
    /// after another) waits so: a cancel at once answered `checkmate timeout` even for a
    /// mate in one, the search not started yet.
    fn finish_search(&mut self) {
        match self.search.take() {
            Some(search) if search.limited => {
                // A search thread that panicked has nothing more to say.
                let _ = search.handle.join();
            }
            search => {
                self.search = search;
                self.stop_search();
            }
        }
    }

    /// Waits up to `grace` for a running search to answer by itself.
    fn wait_for_search(&self, grace: Duration) {
        let started = std::time::Instant::now();
        while let Some(search) = &self.search
            && !search.handle.is_finished()
            && started.elapsed() < grace
        {
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Cancels a running search and waits for it to answer.
    fn stop_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.cancel.store(true, Ordering::Relaxed);
            // A search thread that panicked has nothing more to say.
            let _ = search.handle.join();
        }
    }
}

/// Searches `position` and says the answer: the `info string` lines, then `checkmate`.
fn mate_search(config: Config, position: &Position, level: AnswerLevel, out: &Out) {
    let answer = match fitting_solver(config, out) {
        Some((mut solver, _)) => solver.solve(position),
        // Not even the smallest table: no search, and the GUI still gets its answer.
        None => Ok(Verdict::Unknown {
            reason: StopReason::Cancelled,
        }),
    };
    match &answer {
        // `nomate` alone would hide a problem set up with the wrong side to move.
        Err(err) => say(out, &format!("info string not a mate problem: {err}")),
        // `checkmate` carries the minimax line alone: the rest of the answer the level
        // worked out (余詰, the convention line) comes before it.
        Ok(Verdict::Mate(mate)) => {
            for note in crate::solve::mate_notes(mate, level) {
                say(out, &format!("info string {note}"));
            }
        }
        Ok(_) => {}
    }
    say(out, &checkmate_answer(&answer));
}

/// The `info string` that says `what` panicked, with the panic's message.
fn panicked(what: &str, payload: &(dyn Any + Send)) -> String {
    match panic_message(payload) {
        Some(text) => format!("info string the {what} panicked: {}", text.escape_debug()),
        None => format!("info string the {what} panicked (its message is not text)"),
    }
}

/// The message of a panic: the text `panic!` was given (a `&str`, or a `String` when it
/// was formatted); `None` for a payload of another type (`panic_any`).
fn panic_message(payload: &(dyn Any + Send)) -> Option<&str> {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
}

/// A solver for `config`, or when its table cannot be had, one with the largest table of
/// half, a quarter, ... of the size that can (down to 1 MiB), said in one `info string`;
/// with the size in MiB that it got. `None` when not even 1 MiB can be had.
fn fitting_solver(config: Config, out: &Out) -> Option<(Solver, usize)> {
    let asked = (config.table_bytes >> 20).max(1);
    let mut mib = asked;
    let mut first_error = None;
    let solver = loop {
        match Solver::try_new(Config {
            table_bytes: mib.saturating_mul(1 << 20),
            ..config.clone()
        }) {
            Ok(solver) => break Some(solver),
            Err(err) => {
                first_error.get_or_insert(err);
                if mib == 1 {
                    break None;
                }
                mib /= 2;
            }
        }
    };
    if let Some(err) = first_error {
        let fallback = match solver {
            Some(_) => format!("using {mib} MiB"),
            None => "no table can be had".to_owned(),
        };
        say(
            out,
            &format!("info string USI_Hash {asked} MiB cannot be had: {err}; {fallback}"),
        );
    }
    solver.map(|s| (s, mib))
}

fn info_line(p: &Progress) -> String {
    let mut info = Info::default();
    info.nodes = Some(p.nodes);
    info.nps = Some(p.nps);
    info.time_ms = Some(u64::try_from(p.elapsed.as_millis()).unwrap_or(u64::MAX));
    info.pv = p.best_line.iter().map(|m| m.to_usi()).collect();
    info.to_string()
}

fn checkmate_answer(verdict: &Result<Verdict, tsume::SolveError>) -> String {
    let answer = match verdict {
        Ok(Verdict::Mate(mate)) => MateAnswer::Mate(mate.line.iter().map(|m| m.to_usi()).collect()),
        Ok(Verdict::NoMate) | Err(_) => MateAnswer::NoMate,
        Ok(_) => MateAnswer::Timeout,
    };
    answer.to_string()
}

/// Writes one line and flushes, so a GUI sees it at once.
fn say(out: &Out, line: &str) {
    // A thread that panicked while it wrote left at most part of a line: the engine goes on
    // talking (a search that panicked still answers), not silent for good.
    let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
    // A GUI that closed the pipe will send no more commands either.
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}
