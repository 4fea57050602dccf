//! What a USI engine says about its search: `info` lines, its `bestmove`, and its answer to
//! `go mate` (`checkmate ...`), read from text and written back.
//!
//! A GUI, a match runner or a script that annotates records with an engine reads these
//! lines; an engine writes them. Each type reads with [`FromStr`] and writes with
//! [`Display`](fmt::Display) the same line, its parts in one order (a line read and written
//! again reads back equal).
//!
//! ```
//! use masu_shogi::usi::{BestMove, Info, Score, UsiMove};
//!
//! let info: Info = "info depth 12 seldepth 18 nodes 1234567 score cp 85 pv 7g7f 3c3d".parse()?;
//! assert_eq!(info.depth, Some(12));
//! assert_eq!(info.score, Some(Score::Cp(85)));
//! assert_eq!(info.pv, ["7g7f".parse::<UsiMove>()?, "3c3d".parse()?]);
//!
//! let mate: Info = "info score mate -3 lowerbound pv 5a4b".parse()?;
//! assert_eq!(mate.score, Some(Score::Mate { mating: false, plies: Some(3) }));
//!
//! let best: BestMove = "bestmove 7g7f ponder 3c3d".parse()?;
//! assert_eq!(best.to_string(), "bestmove 7g7f ponder 3c3d");
//!
//! // Bad text says where: at column 12, a letter where a number goes.
//! let err = "info depth x".parse::<Info>().unwrap_err();
//! assert_eq!(err.column, 12);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The words are the USI protocol's (the specification on shogidokoro.starfree.jp, and
//! `multipv`, which engines and GUIs use beyond it). A word that is not one of them is an
//! error: a line of another protocol or a typing mistake, not something to skip. Numbers
//! are checked against their type (`nodes -1` and `depth 99999999999` are errors), moves
//! against USI notation.

use std::fmt;
use std::str::FromStr;

use super::UsiMove;
use super::words::{Words, once, parse_move};

/// An engine's evaluation of its search, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawns (a hundredth of a pawn's worth): `score cp 85`.
    Cp(i32),
    /// A mate found: `score mate 7` (the side to move mates in seven plies), `score mate
    /// -6` (it is mated in six), or `score mate +` / `score mate -` (a mate of a length not
    /// given). `mate -0` (mated now) stays apart from `mate 0`.
    Mate {
        /// Whether the side to move mates (`true`) or is mated.
        mating: bool,
        /// The plies to the mate, when given.
        plies: Option<u32>,
    },
}

/// Which side of the real value a [`Score`] is, when the search stopped at a bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    /// `lowerbound`: the real value is at least this.
    Lower,
    /// `upperbound`: the real value is at most this.
    Upper,
}

/// One `info` line: what the engine reports of its search, each part when it is given.
///
/// Built with [`Info::default`] and its fields set, it writes as the engine's line.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Info {
    /// `depth`: the nominal search depth in plies.
    pub depth: Option<u32>,
    /// `seldepth`: the deepest ply reached.
    pub seldepth: Option<u32>,
    /// `time`: milliseconds searched.
    pub time_ms: Option<u64>,
    /// `nodes`: positions searched.
    pub nodes: Option<u64>,
    /// `nps`: nodes a second.
    pub nps: Option<u64>,
    /// `hashfull`: how full the hash table is, in thousandths.
    pub hashfull: Option<u32>,
    /// `multipv`: which of several best lines this is (1 for the best).
    pub multipv: Option<u32>,
    /// `score`: the evaluation.
    pub score: Option<Score>,
    /// `lowerbound` / `upperbound`, written after the score (read wherever it is).
    pub bound: Option<Bound>,
    /// `currmove`: the move being searched.
    pub currmove: Option<UsiMove>,
    /// `pv`: the line the engine expects, from the position searched.
    pub pv: Vec<UsiMove>,
    /// `string`: free text, the rest of the line.
    pub string: Option<String>,
}

/// The engine's move after `go`: `bestmove 7g7f [ponder 3c3d]`, `bestmove resign` or
/// `bestmove win` (it declares an entering-king win).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BestMove {
    /// A move, with the reply it expects when it gives one (`ponder`).
    Move {
        /// The move played.
        mv: UsiMove,
        /// The reply to think on while the opponent moves.
        ponder: Option<UsiMove>,
    },
    /// `resign`.
    Resign,
    /// `win`: the engine declares (入玉宣言).
    Win,
}

/// The engine's answer to `go mate`: `checkmate <moves>`, `checkmate nomate`,
/// `checkmate timeout` or `checkmate notimplemented`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MateAnswer {
    /// The mating line, the attacker's moves and the defender's.
    Mate(Vec<UsiMove>),
    /// There is no mate.
    NoMate,
    /// The search ran out of time.
    Timeout,
    /// The engine does not search mates.
    NotImplemented,
}

/// A line that is not the engine message asked for, with the 1-based column (in
/// characters) where reading stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {problem}")]
pub struct ParseEngineLineError {
    /// Where the problem is, 1-based, in characters.
    pub column: usize,
    /// What is wrong there.
    pub problem: EngineLineProblem,
}

/// What is wrong in an engine's line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineLineProblem {
    /// The line does not start with the command (`info`, `bestmove`, `checkmate`,
    /// `option`, `setoption`).
    #[error("expected `{0}`")]
    Command(&'static str),
    /// A word the command needs next is not there (`name` after `option`, then `type`).
    #[error("expected `{0}` here")]
    Expected(&'static str),
    /// A `check` option's default that is neither `true` nor `false`.
    #[error("a check option's default is `true` or `false`, not {0:?}")]
    BadCheck(String),
    /// A word that is not one of the command's.
    #[error("unknown word {0:?}")]
    UnknownWord(String),
    /// A word given twice.
    #[error("`{0}` given twice")]
    Repeated(&'static str),
    /// A word without its value at the end of the line.
    #[error("`{0}` without its value")]
    MissingValue(&'static str),
    /// A value that is not a number of the word's range.
    #[error("`{0}` takes a number of its range, not {1:?}")]
    BadNumber(&'static str, String),
    /// A value that is not a USI move.
    #[error("not a USI move: {0:?}")]
    BadMove(String),
    /// Text after the end of what the command takes.
    #[error("unexpected {0:?}")]
    Trailing(String),
}

/// The words of `info`, as `'static` names for the errors.
const INFO_WORDS: [&str; 13] = [
    "depth",
    "seldepth",
    "time",
    "nodes",
    "nps",
    "hashfull",
    "multipv",
    "score",
    "lowerbound",
    "upperbound",
    "currmove",
    "pv",
    "string",
];

fn score(words: &mut Words<'_>) -> Result<Score, ParseEngineLineError> {
    let (at, kind) = words.value("score")?;
    match kind {
        "cp" => words.number("cp").map(Score::Cp),
        "mate" => {
            let (at, text) = words.value("mate")?;
            let (mating, digits) = match text.strip_prefix(['+', '-']) {
                Some(digits) => (text.starts_with('+'), digits),
                None => (true, text),
            };
            let plies = if digits.is_empty() {
                None
            } else {
                let plies = (!digits.starts_with(['+', '-']))
                    .then(|| digits.parse().ok())
                    .flatten();
                Some(plies.ok_or_else(|| {
                    words.error(at, EngineLineProblem::BadNumber("mate", text.into()))
                })?)
            };
            Ok(Score::Mate { mating, plies })
        }
        other => Err(words.error(at, EngineLineProblem::UnknownWord(other.into()))),
    }
}

impl Info {
    /// The parts that are numbers, by their USI words in the order a line writes them:
    /// `depth`, `seldepth`, `time` (milliseconds), `nodes`, `nps`, `hashfull`, `multipv`.
    #[must_use]
    pub fn numbers(&self) -> [(&'static str, Option<u64>); 7] {
        [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("time", self.time_ms),
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ]
    }
}

impl FromStr for Info {
    type Err = ParseEngineLineError;

    fn from_str(line: &str) -> Result<Info, ParseEngineLineError> {
        let mut words = Words::new(line);
        words.command("info")?;
        let mut info = Info::default();
        while let Some((at, word)) = words.next() {
            let word: &'static str = INFO_WORDS
                .iter()
                .find(|w| **w == word)
                .ok_or_else(|| words.error(at, EngineLineProblem::UnknownWord(word.into())))?;
            match word {
                "depth" | "seldepth" | "hashfull" | "multipv" => {
                    let n = words.number(word)?;
                    let slot = match word {
                        "depth" => &mut info.depth,
                        "seldepth" => &mut info.seldepth,
                        "hashfull" => &mut info.hashfull,
                        _ => &mut info.multipv,
                    };
                    once(&words, at, word, slot, n)?;
                }
                "time" | "nodes" | "nps" => {
                    let n = words.number(word)?;
                    let slot = match word {
                        "time" => &mut info.time_ms,
                        "nodes" => &mut info.nodes,
                        _ => &mut info.nps,
                    };
                    once(&words, at, word, slot, n)?;
                }
                "score" => {
                    let s = score(&mut words)?;
                    once(&words, at, word, &mut info.score, s)?;
                }
                "lowerbound" | "upperbound" => {
                    let bound = if word == "lowerbound" {
                        Bound::Lower
                    } else {
                        Bound::Upper
                    };
                    once(&words, at, "bound", &mut info.bound, bound)?;
                }
                "currmove" => {
                    let m = words.usi_move(word)?;
                    once(&words, at, word, &mut info.currmove, m)?;
                }
                "pv" => {
                    if !info.pv.is_empty() {
                        return Err(words.error(at, EngineLineProblem::Repeated("pv")));
                    }
                    // The moves up to the next word of `info` (`string` may follow them).
                    while let Some(next) = words.peek()
                        && !INFO_WORDS.contains(&next)
                    {
                        let (at, text) = words.next().unwrap_or((0, ""));
                        info.pv.push(parse_move(&words, at, text)?);
                    }
                }
                _ => {
                    // `string`: the rest of the line, as it is.
                    info.string = Some(words.rest().to_owned());
                }
            }
        }
        Ok(info)
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        for (word, value) in self.numbers() {
            if let Some(value) = value {
                write!(f, " {word} {value}")?;
            }
        }
        if let Some(score) = self.score {
            write!(f, " score {score}")?;
        }
        match self.bound {
            Some(Bound::Lower) => f.write_str(" lowerbound")?,
            Some(Bound::Upper) => f.write_str(" upperbound")?,
            None => {}
        }
        if let Some(m) = self.currmove {
            write!(f, " currmove {m}")?;
        }
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            for m in &self.pv {
                write!(f, " {m}")?;
            }
        }
        if let Some(text) = &self.string {
            write!(f, " string {text}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Score {
    /// `cp 85`, `mate 7`, `mate -6`, `mate +`, `mate -`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate { mating, plies } => {
                f.write_str("mate ")?;
                match (mating, plies) {
                    (true, Some(n)) => write!(f, "{n}"),
                    (false, Some(n)) => write!(f, "-{n}"),
                    (true, None) => f.write_str("+"),
                    (false, None) => f.write_str("-"),
                }
            }
        }
    }
}

impl FromStr for BestMove {
    type Err = ParseEngineLineError;

    fn from_str(line: &str) -> Result<BestMove, ParseEngineLineError> {
        let mut words = Words::new(line);
        words.command("bestmove")?;
        let (at, text) = words.value("bestmove")?;
        let best = match text {
            "resign" => BestMove::Resign,
            "win" => BestMove::Win,
            _ => {
                let mv = parse_move(&words, at, text)?;
                let ponder = match words.next() {
                    Some((_, "ponder")) => Some(words.usi_move("ponder")?),
                    Some((at, other)) => {
                        return Err(words.error(at, EngineLineProblem::UnknownWord(other.into())));
                    }
                    None => None,
                };
                BestMove::Move { mv, ponder }
            }
        };
        words.end()?;
        Ok(best)
    }
}

impl fmt::Display for BestMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestMove::Move { mv, ponder: None } => write!(f, "bestmove {mv}"),
            BestMove::Move {
                mv,
                ponder: Some(p),
            } => write!(f, "bestmove {mv} ponder {p}"),
            BestMove::Resign => f.write_str("bestmove resign"),
            BestMove::Win => f.write_str("bestmove win"),
        }
    }
}

impl FromStr for MateAnswer {
    type Err = ParseEngineLineError;

    fn from_str(line: &str) -> Result<MateAnswer, ParseEngineLineError> {
        let mut words = Words::new(line);
        words.command("checkmate")?;
        let answer = match words.peek() {
            Some("nomate") => MateAnswer::NoMate,
            Some("timeout") => MateAnswer::Timeout,
            Some("notimplemented") => MateAnswer::NotImplemented,
            _ => {
                let mut moves = Vec::new();
                while let Some((at, text)) = words.next() {
                    moves.push(parse_move(&words, at, text)?);
                }
                if moves.is_empty() {
                    return Err(words.error(
                        line.trim_end().len(),
                        EngineLineProblem::MissingValue("checkmate"),
                    ));
                }
                return Ok(MateAnswer::Mate(moves));
            }
        };
        words.next();
        words.end()?;
        Ok(answer)
    }
}

impl fmt::Display for MateAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("checkmate")?;
        match self {
            MateAnswer::Mate(moves) => {
                for m in moves {
                    write!(f, " {m}")?;
                }
                Ok(())
            }
            MateAnswer::NoMate => f.write_str(" nomate"),
            MateAnswer::Timeout => f.write_str(" timeout"),
            MateAnswer::NotImplemented => f.write_str(" notimplemented"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> UsiMove {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn info(line: &str) -> Info {
        line.parse().unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    fn error(line: &str) -> (usize, EngineLineProblem) {
        match line.parse::<Info>() {
            Ok(i) => panic!("{line} read as {i:?}"),
            Err(e) => (e.column, e.problem),
        }
    }

    #[test]
    fn every_word_of_info_reads_and_writes_back() {
        let line = "info depth 12 seldepth 20 time 1500 nodes 2000000 nps 1333333 hashfull 512 \
                    multipv 2 score cp -85 upperbound currmove 2g2f pv 7g7f 3c3d 8h2b+ P*4e \
                    string the rest, as it is:  two spaces";
        let i = info(line);
        assert_eq!(
            (
                i.depth, i.seldepth, i.time_ms, i.nodes, i.nps, i.hashfull, i.multipv
            ),
            (
                Some(12),
                Some(20),
                Some(1500),
                Some(2_000_000),
                Some(1_333_333),
                Some(512),
                Some(2)
            )
        );
        assert_eq!(
            (i.score, i.bound),
            (Some(Score::Cp(-85)), Some(Bound::Upper))
        );
        assert_eq!(i.currmove, Some(mv("2g2f")));
        assert_eq!(i.pv, [mv("7g7f"), mv("3c3d"), mv("8h2b+"), mv("P*4e")]);
        assert_eq!(i.string.as_deref(), Some("the rest, as it is:  two spaces"));
        assert_eq!(i.to_string(), line);
        assert_eq!(info(&i.to_string()), i);
    }

    #[test]
    fn words_in_any_order_and_blanks_of_any_width() {
        let i = info("info  nodes 10\tdepth 3  pv 7g7f   score mate 5\r\n");
        assert_eq!((i.nodes, i.depth), (Some(10), Some(3)));
        assert_eq!(i.pv, [mv("7g7f")]);
        assert_eq!(
            i.score,
            Some(Score::Mate {
                mating: true,
                plies: Some(5)
            })
        );
        assert_eq!(i.to_string(), "info depth 3 nodes 10 score mate 5 pv 7g7f");
        assert_eq!(info("info"), Info::default());
        assert_eq!(Info::default().to_string(), "info");
    }

    #[test]
    fn mate_scores_of_every_form() {
        let mate = |mating, plies| Some(Score::Mate { mating, plies });
        for (text, score) in [
            ("mate 7", mate(true, Some(7))),
            ("mate -6", mate(false, Some(6))),
            ("mate -0", mate(false, Some(0))),
            ("mate 0", mate(true, Some(0))),
            ("mate +", mate(true, None)),
            ("mate -", mate(false, None)),
        ] {
            let i = info(&format!("info score {text}"));
            assert_eq!(i.score, score, "{text}");
            assert_eq!(i.to_string(), format!("info score {text}"));
        }
        // `+7` means the same as `7` and is written so.
        assert_eq!(info("info score mate +7").score, mate(true, Some(7)));
        assert_eq!(info("info score mate +7").to_string(), "info score mate 7");
    }

    #[test]
    fn bad_lines_say_where_and_what() {
        use EngineLineProblem as P;
        assert_eq!(
            error("info depth x"),
            (12, P::BadNumber("depth", "x".into()))
        );
        assert_eq!(
            error("info nodes -1"),
            (12, P::BadNumber("nodes", "-1".into()))
        );
        assert_eq!(
            error("info depth 99999999999"),
            (12, P::BadNumber("depth", "99999999999".into()))
        );
        assert_eq!(error("info depth"), (11, P::MissingValue("depth")));
        assert_eq!(error("info depth 1 depth 2"), (14, P::Repeated("depth")));
        assert_eq!(
            error("info currmovenumber 3"),
            (6, P::UnknownWord("currmovenumber".into()))
        );
        assert_eq!(
            error("info score wdl 1"),
            (12, P::UnknownWord("wdl".into()))
        );
        assert_eq!(
            error("info score mate x"),
            (17, P::BadNumber("mate", "x".into()))
        );
        assert_eq!(
            error("info score mate +-3"),
            (17, P::BadNumber("mate", "+-3".into()))
        );
        assert_eq!(
            error("info lowerbound score cp 3 upperbound"),
            (28, P::Repeated("bound"))
        );
        assert_eq!(error("info pv 7g7f 7g7z"), (14, P::BadMove("7g7z".into())));
        assert_eq!(error("info pv 7g7f pv 3c3d"), (14, P::Repeated("pv")));
        assert_eq!(error("bestmove 7g7f"), (1, P::Command("info")));
        assert_eq!(error(""), (1, P::Command("info")));
        // Columns count characters, not bytes.
        let e = "info string 日本 ".parse::<Info>().map(|i| i.string);
        assert_eq!(e, Ok(Some("日本 ".into())));
        assert_eq!(
            error("info depth ７"),
            (12, P::BadNumber("depth", "７".into()))
        );
        assert_eq!(
            "info string 日本".parse::<Info>().map(|_| ()),
            Ok(()),
            "text after string is free"
        );
        let e = "bestmove ７六歩".parse::<BestMove>().unwrap_err();
        assert_eq!((e.column, e.problem), (10, P::BadMove("７六歩".into())));
    }

    #[test]
    fn best_moves() {
        for (line, best) in [
            (
                "bestmove 7g7f",
                BestMove::Move {
                    mv: mv("7g7f"),
                    ponder: None,
                },
            ),
            (
                "bestmove P*5e ponder 5d5e",
                BestMove::Move {
                    mv: mv("P*5e"),
                    ponder: Some(mv("5d5e")),
                },
            ),
            ("bestmove resign", BestMove::Resign),
            ("bestmove win", BestMove::Win),
        ] {
            assert_eq!(line.parse::<BestMove>(), Ok(best), "{line}");
            assert_eq!(best.to_string(), line);
        }
        use EngineLineProblem as P;
        let problem = |line: &str| line.parse::<BestMove>().map_err(|e| (e.column, e.problem));
        assert_eq!(problem("bestmove"), Err((9, P::MissingValue("bestmove"))));
        assert_eq!(
            problem("bestmove 7g7f ponder"),
            Err((21, P::MissingValue("ponder")))
        );
        assert_eq!(
            problem("bestmove 7g7f 3c3d"),
            Err((15, P::UnknownWord("3c3d".into())))
        );
        assert_eq!(
            problem("bestmove resign now"),
            Err((17, P::Trailing("now".into())))
        );
        assert_eq!(problem("info depth 1"), Err((1, P::Command("bestmove"))));
    }

    #[test]
    fn mate_answers() {
        for (line, answer) in [
            ("checkmate G*5b", MateAnswer::Mate(vec![mv("G*5b")])),
            (
                "checkmate 2c2b+ 1a2b G*2a",
                MateAnswer::Mate(vec![mv("2c2b+"), mv("1a2b"), mv("G*2a")]),
            ),
            ("checkmate nomate", MateAnswer::NoMate),
            ("checkmate timeout", MateAnswer::Timeout),
            ("checkmate notimplemented", MateAnswer::NotImplemented),
        ] {
            assert_eq!(line.parse::<MateAnswer>().as_ref(), Ok(&answer), "{line}");
            assert_eq!(answer.to_string(), line);
        }
        use EngineLineProblem as P;
        let problem = |line: &str| {
            line.parse::<MateAnswer>()
                .map_err(|e| (e.column, e.problem))
        };
        assert_eq!(
            problem("checkmate"),
            Err((10, P::MissingValue("checkmate")))
        );
        assert_eq!(
            problem("checkmate nomate 7g7f"),
            Err((18, P::Trailing("7g7f".into())))
        );
        assert_eq!(
            problem("checkmate 7g7f nomate"),
            Err((16, P::BadMove("nomate".into())))
        );
    }
}
