//! A USI engine's lines read for a Python program that runs engines: `info` as a dict of
//! what it gives, `bestmove` as (move, ponder), `checkmate` as (status, moves), `option`
//! as a dict of its parts.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use shogi::usi::{
    BestMove, Bound as ScoreBound, EngineOption, Info, MateAnswer, OptionKind,
    ParseEngineLineError, Score,
};

use crate::errors::value_error;

fn read<T: std::str::FromStr<Err = ParseEngineLineError>>(line: &str) -> PyResult<T> {
    line.parse()
        .map_err(|e: ParseEngineLineError| value_error(format!("{e}: {line:?}")))
}

/// An engine's `info` line as a dict of the parts it gives: `depth`, `seldepth`, `time`
/// (milliseconds), `nodes`, `nps`, `hashfull`, `multipv` (ints), `cp` (the score in
/// centipawns) or `mate` (plies to a mate, `None` when the engine wrote `mate +` or `mate
/// -`) with `mating` (whether the side to move mates), `bound` (`"lower"` or `"upper"`),
/// `currmove`, `pv` (USI moves) and `string`. Raises ValueError naming the column of a
/// word it does not know, a bad number or a bad move.
#[pyfunction]
pub(super) fn read_usi_info<'py>(py: Python<'py>, line: &str) -> PyResult<Bound<'py, PyDict>> {
    let info: Info = read(line)?;
    let dict = PyDict::new(py);
    for (key, value) in info.numbers() {
        if let Some(value) = value {
            dict.set_item(key, value)?;
        }
    }
    match info.score {
        Some(Score::Cp(cp)) => dict.set_item("cp", cp)?,
        Some(Score::Mate { mating, plies }) => {
            dict.set_item("mate", plies)?;
            dict.set_item("mating", mating)?;
        }
        None => {}
    }
    match info.bound {
        Some(ScoreBound::Lower) => dict.set_item("bound", "lower")?,
        Some(ScoreBound::Upper) => dict.set_item("bound", "upper")?,
        None => {}
    }
    if let Some(m) = info.currmove {
        dict.set_item("currmove", m.to_string())?;
    }
    if !info.pv.is_empty() {
        let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
        dict.set_item("pv", pv)?;
    }
    if let Some(text) = info.string {
        dict.set_item("string", text)?;
    }
    Ok(dict)
}

/// An engine's `bestmove` line as `(move, ponder)`: `("7g7f", "3c3d")`, `("7g7f", None)`,
/// `("resign", None)` or `("win", None)` (an entering-king declaration). Raises ValueError
/// naming the column of what is wrong.
#[pyfunction]
pub(super) fn read_usi_bestmove(line: &str) -> PyResult<(String, Option<String>)> {
    Ok(match read::<BestMove>(line)? {
        BestMove::Move { mv, ponder } => (mv.to_string(), ponder.map(|p| p.to_string())),
        BestMove::Resign => ("resign".into(), None),
        BestMove::Win => ("win".into(), None),
    })
}

/// An engine's answer to `go mate` as `(status, moves)`: `("mate", [moves of the mating
/// line])`, `("nomate", [])`, `("timeout", [])` or `("notimplemented", [])`. Raises
/// ValueError naming the column of what is wrong.
#[pyfunction]
pub(super) fn read_usi_checkmate(line: &str) -> PyResult<(&'static str, Vec<String>)> {
    Ok(match read::<MateAnswer>(line)? {
        MateAnswer::Mate(moves) => ("mate", moves.iter().map(ToString::to_string).collect()),
        MateAnswer::NoMate => ("nomate", Vec::new()),
        MateAnswer::Timeout => ("timeout", Vec::new()),
        MateAnswer::NotImplemented => ("notimplemented", Vec::new()),
    })
}

/// The `setoption` line a GUI sends to set option `name` to the text `value` (`None` for a
/// button): `setoption name Book File value a.db`, the empty text as `<empty>`.
#[pyfunction]
#[pyo3(signature = (name, value = None))]
pub(super) fn write_usi_setoption(name: String, value: Option<String>) -> String {
    shogi::usi::SetOption { name, value }.to_string()
}

/// An engine's `option` line as a dict: `name`, `type` (`"check"`, `"spin"`, `"combo"`,
/// `"button"`, `"string"` or `"filename"`), `default` (a bool for a check, an int for a
/// spin, text for the others, `""` for `<empty>`; `None` when not given), `min` and `max`
/// (a spin's, else `None`) and `vars` (a combo's choices, else empty). Names and text
/// values may hold blanks. Raises ValueError naming the column of what is wrong.
#[pyfunction]
pub(super) fn read_usi_option<'py>(py: Python<'py>, line: &str) -> PyResult<Bound<'py, PyDict>> {
    let option: EngineOption = read(line)?;
    let dict = PyDict::new(py);
    dict.set_item("name", &option.name)?;
    dict.set_item("type", option.kind.type_word())?;
    let (mut min, mut max, mut vars) = (None, None, Vec::new());
    match option.kind {
        OptionKind::Check { default } => dict.set_item("default", default)?,
        OptionKind::Spin {
            default,
            min: low,
            max: high,
        } => {
            dict.set_item("default", default)?;
            (min, max) = (low, high);
        }
        OptionKind::Combo {
            default,
            vars: choices,
        } => {
            dict.set_item("default", default)?;
            vars = choices;
        }
        OptionKind::String { default } | OptionKind::Filename { default } => {
            dict.set_item("default", default)?;
        }
        OptionKind::Button => dict.set_item("default", py.None())?,
    }
    dict.set_item("min", min)?;
    dict.set_item("max", max)?;
    dict.set_item("vars", vars)?;
    Ok(dict)
}
