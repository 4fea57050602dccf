//! `masu usi` and `masu-usi`, driven as a shogi GUI drives an engine: spawn, talk, read.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "helpers outside #[test] functions unwrap too: a failure there is a test failure"
)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use shogi::usi::{BestMove, Info};

/// The long classic 寿 (611 plies): no search finishes it within these tests.
const KOTOBUKI: &str =
    "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1";

/// The 29-ply two-king problem (White attacks), from dousu/maou's benchmarks.
const TWO_KINGS_29: &str =
    "l2+P5/2k4+L1/2n1p2B1/p1pp1spN1/4Ps3/PlPP2P2/1P1Sb4/1KG2+p3/LN7 w R2GPrgsn4p 1";

struct Gui {
    child: Child,
    /// `None` once the input is closed.
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Gui {
    fn start(program: &str, args: &[&str]) -> Gui {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Gui {
            child,
            stdin: Some(stdin),
            lines,
        }
    }

    fn send(&mut self, command: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{command}").unwrap();
        stdin.flush().unwrap();
    }

    /// Closes the engine's input: the end of a script.
    fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Reads lines until one starts with `prefix`; panics after `within`.
    fn expect(&self, prefix: &str, within: Duration) -> String {
        let deadline = std::time::Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return line,
                Ok(_) => {}
                Err(e) => panic!("no `{prefix}` line: {e}"),
            }
        }
    }

    fn wait_exit(mut self, within: Duration) {
        let deadline = std::time::Instant::now() + within;
        while std::time::Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "engine exited with {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.child.kill().unwrap();
        panic!("engine did not quit");
    }
}

const SECOND: Duration = Duration::from_secs(1);

fn handshake(gui: &mut Gui) {
    gui.send("usi");
    assert!(gui.expect("id name", SECOND).starts_with("id name masu"));
    gui.expect("option name USI_Hash", SECOND);
    gui.expect("usiok", SECOND);
    gui.send("setoption name USI_Hash value 16");
    gui.send("isready");
    gui.expect("readyok", SECOND);
    gui.send("usinewgame");
}

#[test]
fn a_whole_gui_session_with_stop_and_quit_mid_search() {
    let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu"), &["usi"]);
    handshake(&mut gui);

    gui.send("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    gui.send("go mate 5000");
    assert_eq!(gui.expect("checkmate", 10 * SECOND), "checkmate G*5b");

    gui.send("position startpos");
    gui.send("go mate infinite");
    assert_eq!(gui.expect("checkmate", 10 * SECOND), "checkmate nomate");

    gui.send("position startpos moves 7g7f 3c3d");
    gui.send("go btime 1000 wtime 1000 byoyomi 1000");
    let best = gui.expect("bestmove", 10 * SECOND);
    assert!(matches!(best.parse(), Ok(BestMove::Move { .. })), "{best}");

    // A long search answers `stop` at once, with info lines before.
    gui.send(&format!("position sfen {KOTOBUKI}"));
    gui.send("go mate infinite");
    let progress = gui.expect("info", 5 * SECOND);
    let info: Info = progress
        .parse()
        .unwrap_or_else(|e| panic!("{progress}: {e}"));
    assert!(info.nodes.is_some() && info.nps.is_some() && info.time_ms.is_some());
    gui.send("stop");
    assert_eq!(gui.expect("checkmate", 5 * SECOND), "checkmate timeout");

    // A time limit ends the search by itself.
    gui.send("go mate 300");
    assert_eq!(gui.expect("checkmate", 5 * SECOND), "checkmate timeout");

    // `quit` in the middle of a search exits promptly.
    gui.send("go mate infinite");
    std::thread::sleep(Duration::from_millis(200));
    gui.send("quit");
    gui.wait_exit(5 * SECOND);
}

#[test]
fn a_script_that_ends_gets_the_answer_of_its_last_timed_search() {
    // `printf 'position ...\ngo mate 5000\n' | masu usi`: the end of the input does not
    // cut a search with a limit short (it answered `checkmate timeout` before its first
    // node), and gives one without a limit a second to answer (it was stopped at once:
    // `checkmate timeout` for a mate in one, or its answer, by the threads' timing).
    for go in ["go mate 5000", "go mate infinite"] {
        let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu"), &["usi"]);
        gui.send("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        gui.send(go);
        gui.close_input();
        assert_eq!(
            gui.expect("checkmate", 10 * SECOND),
            "checkmate G*5b",
            "{go}"
        );
        gui.wait_exit(5 * SECOND);
    }
    // A long search without a limit ends with the input.
    let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu"), &["usi"]);
    gui.send(&format!("position sfen {KOTOBUKI}"));
    gui.send("go mate infinite");
    gui.close_input();
    assert_eq!(gui.expect("checkmate", 5 * SECOND), "checkmate timeout");
    gui.wait_exit(5 * SECOND);
}

#[test]
fn a_script_of_several_problems_gets_every_answer() {
    // One line after another, no `stop`: each timed search answers before the next
    // `position` (the next one cancelled it before it started: `checkmate timeout`), and a
    // bare `go mate` searches without a limit, as `go mate infinite`.
    let mate_in_one = "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu"), &["usi"]);
    for _ in 0..3 {
        gui.send(mate_in_one);
        gui.send("go mate 5000");
    }
    for _ in 0..3 {
        assert_eq!(gui.expect("checkmate", 10 * SECOND), "checkmate G*5b");
    }
    // Searches without a limit: each answer awaited, as a GUI waits.
    gui.send(mate_in_one);
    gui.send("go mate");
    assert_eq!(gui.expect("checkmate", 10 * SECOND), "checkmate G*5b");
    gui.send("go mate 1.5");
    assert!(
        gui.expect("info string go mate 1.5", 10 * SECOND)
            .contains("without a limit")
    );
    assert_eq!(gui.expect("checkmate", 10 * SECOND), "checkmate G*5b");
    gui.send("quit");
    gui.wait_exit(5 * SECOND);
}

#[test]
fn usi_declares_the_engines_defaults_after_a_setoption() {
    let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu"), &["usi"]);
    gui.send("setoption name USI_Hash value 600");
    gui.send("usi");
    let hash = gui.expect("option name USI_Hash", 10 * SECOND);
    assert!(hash.contains("default 64 "), "{hash}");
    gui.send("quit");
    gui.wait_exit(5 * SECOND);
}

/// `masu usi --help` says what a GUI can set and what the engine answers.
#[test]
fn the_help_names_the_options_and_answers() {
    let out = Command::new(env!("CARGO_BIN_EXE_masu"))
        .args(["usi", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for word in [
        "USI_Hash",
        "Threads",
        "AnswerLevel",
        "checkmate nomate",
        "masu-usi",
    ] {
        assert!(help.contains(word), "{word} missing in {help}");
    }
}

#[test]
fn masu_usi_binary_is_the_same_engine() {
    let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu-usi"), &[]);
    handshake(&mut gui);
    gui.send("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    gui.send("go");
    assert_eq!(gui.expect("bestmove", 5 * SECOND), "bestmove G*5b");
    gui.send("quit");
    gui.wait_exit(5 * SECOND);
}

#[test]
fn a_hash_that_cannot_be_had_falls_back_to_a_smaller_table() {
    let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu-usi"), &[]);
    handshake(&mut gui);
    // The largest size offered (32 TiB) is more than the machine has.
    gui.send("setoption name USI_Hash value 33554432");
    let info = gui.expect("info string", SECOND);
    assert!(info.contains("cannot be had"), "{info}");
    assert!(info.contains("using"), "{info}");
    gui.send("setoption name USI_Hash value lots");
    assert!(gui.expect("info string", SECOND).contains("not a number"));
    gui.send("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    gui.send("go mate 5000");
    assert_eq!(gui.expect("checkmate", 10 * SECOND), "checkmate G*5b");
    gui.send("quit");
    gui.wait_exit(5 * SECOND);
}

#[test]
fn the_answer_level_is_an_option() {
    let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu-usi"), &[]);
    gui.send("usi");
    let option = gui.expect("option name AnswerLevel", SECOND);
    assert_eq!(
        option,
        "option name AnswerLevel type combo default exact var proof var short var exact var full"
    );
    gui.expect("usiok", SECOND);
    gui.send("setoption name AnswerLevel value fast");
    assert!(
        gui.expect("info string", SECOND)
            .contains("expected proof, short, exact or full")
    );
    // The 29-ply two-king problem: its first proof is a mate within 41 plies, whose line
    // follows the proof (where the defender need not hold out longest); the shortest is 29.
    gui.send(&format!("position sfen {TWO_KINGS_29}"));
    let mut answers = Vec::new();
    for level in ["proof", "exact"] {
        gui.send(&format!("setoption name AnswerLevel value {level}"));
        gui.send("go mate 60000");
        answers.push(gui.expect("checkmate", 60 * SECOND));
    }
    let plies: Vec<usize> = answers.iter().map(|a| a.split(' ').count() - 1).collect();
    assert!(plies[0] <= 41 && plies[0] % 2 == 1, "{}", answers[0]);
    assert_eq!(plies[1], 29, "{}", answers[1]);
    assert_ne!(answers[0], answers[1]);
    gui.send("quit");
    gui.wait_exit(5 * SECOND);
}

/// At the full level the answer's 余詰 and convention line come as `info string`s before
/// `checkmate` (the minimax line): king 1a boxed in by a gold and a pawn, the bishop
/// checking through 2b, minimax 3 plies (the pawn interposition counted), by convention 1.
#[test]
fn the_full_answer_is_said_before_checkmate() {
    let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu-usi"), &[]);
    gui.send("usi");
    gui.expect("usiok", SECOND);
    gui.send("position sfen 4B3k/6G2/8P/9/9/9/9/9/9 b 2rb3g4s4n4l17p 1");
    gui.send("go mate 60000");
    assert_eq!(gui.expect("checkmate", 60 * SECOND).split(' ').count(), 4);
    gui.send("setoption name AnswerLevel value full");
    gui.send("go mate 60000");
    let mut notes = Vec::new();
    loop {
        let line = gui.expect("", 60 * SECOND);
        if line.starts_with("checkmate") {
            assert_eq!(line.split(' ').count(), 4, "{line}");
            break;
        }
        if let Some(note) = line.strip_prefix("info string ") {
            notes.push(note.to_owned());
        }
    }
    assert!(notes.iter().any(|n| n.starts_with("余詰: ")), "{notes:?}");
    assert!(
        notes.contains(&"by convention: mate in 1: 5a3c".to_owned()),
        "{notes:?}"
    );
    assert!(
        notes.contains(&"余詰 by convention: last move 5a3c+".to_owned()),
        "{notes:?}"
    );
    gui.send("quit");
    gui.wait_exit(5 * SECOND);
}

#[test]
fn threads_is_an_option() {
    let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu-usi"), &[]);
    gui.send("usi");
    let option = gui.expect("option name Threads", SECOND);
    assert_eq!(
        option,
        "option name Threads type spin default 1 min 1 max 256"
    );
    gui.expect("usiok", SECOND);
    gui.send("setoption name Threads value many");
    assert!(
        gui.expect("info string", SECOND)
            .contains("Threads \"many\" is not a number of threads")
    );
    // A value is said back quoted: no control character of it reaches the GUI.
    gui.send("setoption name Threads value 1\r2");
    assert_eq!(
        gui.expect("info string", SECOND),
        "info string Threads \"1\\r2\" is not a number of threads"
    );
    gui.send("setoption name Threads");
    assert_eq!(
        gui.expect("info string", SECOND),
        "info string Threads needs a value"
    );
    gui.send("setoption Threads 2");
    assert_eq!(
        gui.expect("info string", SECOND),
        "info string setoption not read: column 11: expected `name` here"
    );
    // Options of other engines (a GUI may send them all) are left unanswered.
    gui.send("setoption name USI_Ponder value true");
    gui.send("setoption name Threads value 2");
    gui.send(&format!("position sfen {TWO_KINGS_29}"));
    gui.send("go mate 60000");
    let answer = gui.expect("checkmate", 60 * SECOND);
    assert_eq!(answer.split(' ').count(), 1 + 29, "{answer}");
    gui.send("quit");
    gui.wait_exit(5 * SECOND);
}

#[test]
fn checkmated_side_resigns_and_bad_positions_are_reported() {
    let mut gui = Gui::start(env!("CARGO_BIN_EXE_masu-usi"), &[]);
    handshake(&mut gui);
    // White to move, mated by the gold on 5b.
    gui.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    gui.send("go");
    assert_eq!(gui.expect("bestmove", 5 * SECOND), "bestmove resign");
    gui.send("position sfen nonsense");
    let said = gui.expect("info string", SECOND);
    assert!(
        said.starts_with("info string position not set: invalid board"),
        "{said}"
    );
    // Too much material: said once, and no search answers for the position before it.
    gui.send("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b4g4s4n4l17p 1");
    assert_eq!(
        gui.expect("info string", SECOND),
        "info string position not set: invalid position: too much material"
    );
    gui.send("go mate 60000");
    assert_eq!(gui.expect("checkmate", 5 * SECOND), "checkmate timeout");
    gui.send("go btime 0 wtime 0 byoyomi 1000");
    assert_eq!(gui.expect("bestmove", 5 * SECOND), "bestmove resign");
    // White to move with the only king: nothing to mate, and the GUI hears why.
    gui.send("position sfen 4k4/9/9/9/9/9/9/9/9 w G 1");
    gui.send("go mate 60000");
    assert_eq!(
        gui.expect("info string", 5 * SECOND),
        "info string not a mate problem: the defender has no king"
    );
    assert_eq!(gui.expect("checkmate", SECOND), "checkmate nomate");
    // A good position afterwards is searched again.
    gui.send("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    gui.send("go mate 60000");
    assert_eq!(gui.expect("checkmate", 60 * SECOND), "checkmate G*5b");
    gui.send("quit");
    gui.wait_exit(5 * SECOND);
}

/// Engine output that panics at the first `checkmate` line it is given, as a bug in the
/// search thread would; what it takes is kept for the checks.
#[derive(Clone, Default)]
struct PanicsAtFirstAnswer {
    text: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    panicked: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Write for PanicsAtFirstAnswer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        use std::sync::atomic::Ordering;
        if buf.starts_with(b"checkmate") && !self.panicked.swap(true, Ordering::Relaxed) {
            panic!("the output broke\nat its first answer");
        }
        let mut text = self
            .text
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?;
        text.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_mate_search_that_panics_answers_timeout_and_the_engine_goes_on() {
    // A panic in the thread of a `go mate` search left the GUI without a `checkmate`, waiting
    // for ever; the panic, while the thread wrote, also silenced every later answer.
    let output = PanicsAtFirstAnswer::default();
    let mate_in_one = "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    let script = format!("{mate_in_one}\ngo mate 5000\n{mate_in_one}\ngo mate 5000\n");
    let result = masu::usi::run(script.as_bytes(), Box::new(output.clone()));
    assert!(
        result.is_ok(),
        "reading a byte slice cannot fail: {result:?}"
    );
    let text = String::from_utf8(output.text.lock().unwrap().clone()).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("checkmate") || l.starts_with("info string"))
        .collect();
    assert_eq!(
        lines,
        [
            // One line: the message's line break is written `\n`.
            "info string the mate search panicked: the output broke\\nat its first answer",
            "checkmate timeout",
            "checkmate G*5b",
        ],
        "{text}"
    );
}
