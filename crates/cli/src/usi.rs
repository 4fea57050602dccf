//! A USI engine for mate search, for shogi GUIs (ShogiGUI, 将棋所, ShogiHome).
//!
//! Commands: `usi`, `isready`, `setoption name USI_Hash value <MiB>`, `usinewgame`,
//! `position ...`, `go mate <ms>|infinite`, plain `go ...`, `stop`, `gameover`, `quit`.
//! A mate search runs on its own thread, so `stop` and `quit` are read and acted on while it
//! searches; it answers `checkmate <moves>`, `checkmate nomate` or `checkmate timeout`, with
//! `info` lines (nodes, nps, time, pv) meanwhile. A plain `go` answers `bestmove` with the
//! mating move when a short search finds one, `resign` only when there is no legal move, and
//! otherwise some legal move, so that a GUI never waits forever.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use shogi::{Position, SetupMode};
use tsume::{AnswerLevel, Config, Limits, Progress, Solver, Verdict};

/// How long a plain `go` looks for a mate before answering with any legal move.
const QUICK_MATE_TIME: Duration = Duration::from_millis(300);

/// Where engine output goes: shared by the command loop and the search thread.
type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Runs the engine until `quit` or the end of `input`.
///
/// # Errors
///
/// Reading `input` fails.
pub fn run(input: impl BufRead, output: Box<dyn Write + Send>) -> std::io::Result<()> {
    let out: Out = Arc::new(Mutex::new(output));
    let mut engine = Engine {
        out,
        position: Position::startpos(),
        hash_mib: 64,
        search: None,
    };
    for line in input.lines() {
        if !engine.command(line?.trim()) {
            break;
        }
    }
    engine.stop_search();
    Ok(())
}

/// A running mate search.
struct Search {
    cancel: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

struct Engine {
    out: Out,
    position: Position,
    hash_mib: usize,
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
        say(
            &self.out,
            "option name USI_Hash type spin default 64 min 1 max 65536",
        );
        say(&self.out, "usiok");
    }

    fn set_option(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [_, "name", "USI_Hash", "value", value] = words.as_slice()
            && let Ok(mib) = value.parse::<usize>()
        {
            self.hash_mib = mib.clamp(1, 65_536);
        }
    }

    fn set_position(&mut self, line: &str) {
        self.stop_search();
        // Tsume mode: mate problems from GUIs often have no attacker king.
        match Position::from_sfen_with(line, SetupMode::Tsume) {
            Ok(pos) => self.position = pos,
            Err(err) => say(&self.out, &format!("info string invalid position: {err}")),
        }
    }

    fn go(&mut self, args: &[&str]) {
        self.stop_search();
        match args {
            ["mate", "infinite", ..] => self.start_mate(None),
            ["mate", ms, ..] => match ms.parse::<u64>() {
                Ok(ms) => self.start_mate(Some(Duration::from_millis(ms))),
                Err(_) => self.start_mate(None),
            },
            _ => self.answer_bestmove(),
        }
    }

    fn start_mate(&mut self, time: Option<Duration>) {
        let cancel = Arc::new(AtomicBool::new(false));
        let config = self.config(time, cancel.clone(), true);
        let out = self.out.clone();
        let position = self.position.clone();
        let handle = std::thread::spawn(move || {
            let verdict = Solver::new(config).solve(&position);
            say(&out, &checkmate_answer(&verdict));
        });
        self.search = Some(Search { cancel, handle });
    }

    /// A `bestmove` for plain `go`: a quick mate if there is one, otherwise any legal move.
    fn answer_bestmove(&mut self) {
        let moves = self.position.legal_moves();
        let Some(&fallback) = moves.first() else {
            say(&self.out, "bestmove resign");
            return;
        };
        let config = self.config(
            Some(QUICK_MATE_TIME),
            Arc::new(AtomicBool::new(false)),
            false,
        );
        let quick = Solver::new(config).solve(&self.position);
        let best = match &quick {
            Ok(Verdict::Mate(mate)) => mate.line.first().copied().unwrap_or(fallback),
            _ => fallback,
        };
        say(&self.out, &format!("bestmove {}", best.to_usi()));
    }

    fn config(&self, time: Option<Duration>, cancel: Arc<AtomicBool>, report: bool) -> Config {
        let out = self.out.clone();
        Config {
            limits: Limits { nodes: None, time },
            table_bytes: self.hash_mib.saturating_mul(1 << 20),
            cancel: Some(cancel),
            progress: report
                .then(|| -> tsume::ProgressFn { Box::new(move |p| say(&out, &info_line(p))) }),
            progress_interval: Duration::from_millis(500),
            answer: AnswerLevel::Exact,
            ..Config::default()
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

fn info_line(p: &Progress) -> String {
    let mut line = format!(
        "info nodes {} nps {} time {}",
        p.nodes,
        p.nps,
        p.elapsed.as_millis()
    );
    if !p.best_line.is_empty() {
        line.push_str(" pv");
        for m in &p.best_line {
            line.push(' ');
            line.push_str(&m.to_usi().to_string());
        }
    }
    line
}

fn checkmate_answer(verdict: &Result<Verdict, tsume::SolveError>) -> String {
    match verdict {
        Ok(Verdict::Mate(mate)) => {
            let moves: Vec<String> = mate.line.iter().map(|m| m.to_usi().to_string()).collect();
            format!("checkmate {}", moves.join(" "))
        }
        Ok(Verdict::NoMate) | Err(_) => "checkmate nomate".to_owned(),
        Ok(_) => "checkmate timeout".to_owned(),
    }
}

/// Writes one line and flushes, so a GUI sees it at once.
fn say(out: &Out, line: &str) {
    if let Ok(mut out) = out.lock() {
        // A GUI that closed the pipe will send no more commands either.
        let _ = writeln!(out, "{line}").and_then(|()| out.flush());
    }
}
