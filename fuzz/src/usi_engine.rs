//! USI engine target: any bytes, read as lines, into the command loop of `masu usi`.

use std::io::Write;
use std::sync::{Arc, Mutex};

use masu::usi::{Settings, run_with};
use shogi::usi::{BestMove, EngineOption, Info, MateAnswer};

/// Nodes each search of the session may use: enough to find short mates, too few to run
/// long whatever the position.
const NODE_LIMIT: u64 = 2_000;

/// The engine output, kept for the checks.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The engine reads any input to its end (or `quit`) without a panic, and writes only
/// well-formed USI: whole lines whose first word is a USI answer, moves that parse, and
/// one `bestmove` or `checkmate` for every `go` it was sent.
pub fn check_usi_session(data: &[u8]) {
    let captured = Captured::default();
    let mut settings = Settings::default();
    settings.node_limit = Some(NODE_LIMIT);
    settings.max_hash_mib = 1;
    let result = run_with(data, Box::new(captured.clone()), settings);
    assert!(
        result.is_ok(),
        "reading a byte slice cannot fail: {result:?}"
    );
    let output = captured.0.lock().map(|o| o.clone()).unwrap_or_default();
    let Ok(text) = String::from_utf8(output) else {
        panic!("output is not UTF-8")
    };
    assert!(text.is_empty() || text.ends_with('\n'), "a line left open");
    let mut answers = 0;
    for line in text.lines() {
        assert!(!line.contains('\r'), "carriage return in {line:?}");
        let words: Vec<&str> = line.split(' ').collect();
        match words.as_slice() {
            ["id", "name" | "author", _, ..] | ["usiok"] | ["readyok"] => {}
            ["option", ..] => {
                let option: EngineOption = line.parse().unwrap_or_else(|e| panic!("{line:?}: {e}"));
                assert_eq!(option.to_string(), line);
            }
            ["info", ..] => {
                let info: Info = line.parse().unwrap_or_else(|e| panic!("{line:?}: {e}"));
                let progress = info.nodes.is_some() && info.nps.is_some() && info.time_ms.is_some();
                assert!(info.string.is_some() || progress, "{line:?}");
                assert_eq!(info.to_string(), line);
            }
            ["bestmove", ..] => {
                let best: BestMove = line.parse().unwrap_or_else(|e| panic!("{line:?}: {e}"));
                assert!(!matches!(best, BestMove::Win), "{line:?}");
                answers += 1;
            }
            ["checkmate", ..] => {
                let answer: MateAnswer = line.parse().unwrap_or_else(|e| panic!("{line:?}: {e}"));
                assert_eq!(answer.to_string(), line);
                answers += 1;
            }
            _ => panic!("not a USI answer: {line:?}"),
        }
    }
    assert_eq!(answers, go_commands(data), "one answer per go:\n{text}");
}

/// The `go` commands the engine acts on: lines read as the engine reads them, up to `quit`.
fn go_commands(data: &[u8]) -> usize {
    let mut count = 0;
    for line in data.split(|&b| b == b'\n') {
        let line = String::from_utf8_lossy(line);
        match line.split_whitespace().next() {
            Some("quit") => break,
            Some("go") => count += 1,
            _ => {}
        }
    }
    count
}
