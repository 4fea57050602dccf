//! `masu.kif`: game records in KIF, KI2, CSA and JKF, and their bulk conversion to HCPE.

use std::path::{Path, PathBuf};

use kif::encoding::TextEncoding;
use kif::{Format, Mode, NodeId, Parsed, Special};
use pyo3::exceptions::{PyIOError, PyIndexError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyType};
use rayon::prelude::*;

use crate::args::{Int, optional_count};
use crate::errors::{LossWarning, ReadError, ReadPlace, read_error, value_error, wrong_type};
use crate::file_bytes::with_file_bytes;
use crate::kif_training_py;
use crate::pickle::{Reduced, reduce_with};
use crate::record_lists::{self, MainLineObjects};
use crate::record_notes;
use crate::repr::py_repr;
use crate::shogi_py::Board;
use crate::usi_text::UsiTexts;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Record>()?;
    m.add_class::<Warning>()?;
    m.add("LossWarning", m.py().get_type::<LossWarning>())?;
    m.add("ReadError", m.py().get_type::<ReadError>())?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(read_str, m)?)?;
    m.add_function(wrap_pyfunction!(read_all, m)?)?;
    m.add_function(wrap_pyfunction!(to_csa_all, m)?)?;
    m.add_function(wrap_pyfunction!(write_all, m)?)?;
    m.add_function(wrap_pyfunction!(read_many_records, m)?)?;
    kif_training_py::register(m)?;
    Ok(())
}

/// A problem met while reading a record: where it is and what it is. Reading goes on past
/// it; `str(warning)` is the whole message. `kind` names it for programs (`illegal_move`,
/// `unknown_line`, ...: masu-kif's `DiagnosticKind::name`); `damages_game` says whether the
/// record's moves or position can differ from what the text says (an unreadable, illegal
/// or ambiguous move and what was dropped after it, a damaged board or hand, undecodable
/// bytes, no record at all), which `masu kif check` reports as an error.
#[pyclass(
    module = "masu.kif",
    name = "ReadWarning",
    frozen,
    get_all,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Warning {
    /// 1-based line number.
    line: usize,
    /// 1-based column, in characters.
    column: usize,
    /// What is wrong, with the line and column.
    message: String,
    /// What kind of problem it is, in snake case.
    kind: String,
    /// Whether the game read can differ from the game written.
    damages_game: bool,
}

impl Warning {
    /// The warning of masu-kif's diagnostic.
    fn of(d: &kif::Diagnostic) -> Warning {
        Warning {
            line: d.line,
            column: d.column,
            message: d.to_string(),
            kind: d.kind.name().to_owned(),
            damages_game: d.kind.damages_game(),
        }
    }

    /// The pickled form of the warning.
    fn state(&self) -> WarningState {
        (
            self.line,
            self.column,
            self.message.clone(),
            self.kind.clone(),
            self.damages_game,
        )
    }

    /// The warning of a pickled state.
    fn from_state(state: WarningState) -> Warning {
        let (line, column, message, kind, damages_game) = state;
        Warning {
            line,
            column,
            message,
            kind,
            damages_game,
        }
    }
}

#[pymethods]
impl Warning {
    fn __str__(&self) -> String {
        self.message.clone()
    }

    /// Pickles as (line, column, message, kind, damages_game).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, WarningState> {
        reduce_with(slf, slf.get().state())
    }

    /// The warning of a pickled state.
    #[classmethod]
    fn _from_state(_class: &Bound<'_, PyType>, state: WarningState) -> Warning {
        Warning::from_state(state)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "ReadWarning(line={}, column={}, kind={}, damages_game={}, message={})",
            self.line,
            self.column,
            py_repr(py, &self.kind)?,
            if self.damages_game { "True" } else { "False" },
            py_repr(py, &self.message)?
        ))
    }
}

/// A game record read by `masu.kif.read`: headers, start position, the main line and its
/// variations, comments, times and result. Two are equal when they hold the same record,
/// read from the same format with the same warnings. Immutable: its list properties are
/// new lists on each access, which the caller may change; their items are made at the
/// first access and shared after it, so reading one again in a loop costs a copy of
/// references.
#[pyclass(module = "masu.kif", frozen, eq)]
#[derive(PartialEq)]
pub(crate) struct Record {
    record: kif::Record,
    warnings: Vec<Warning>,
    format: Format,
    /// The items of `comments`, `times` and `scores`, made at their first access.
    lists: MainLineObjects,
}

impl Record {
    /// The main line's nodes (moves and the closing special, if any).
    fn main_line(&self) -> Vec<NodeId> {
        self.record.tree.main_line().collect()
    }

    /// The main line's move nodes (its closing special left out).
    fn main_line_moves(&self) -> impl Iterator<Item = &kif::Node> {
        let tree = &self.record.tree;
        tree.main_line()
            .map(move |id| &tree[id])
            .filter(|node| node.recorded_move().is_some())
    }

    /// The USI moves of a line of nodes (specials skipped), as the shared Python strings of
    /// [`UsiTexts`]; `room` is how many to make room for at once (a collected `filter_map`
    /// grows from nothing): the tree's size for the main line, which is most of it, and
    /// nothing for a variation (room for the whole tree for each of thousands of variations
    /// took gigabytes).
    fn usi_of<'py>(
        &self,
        py: Python<'py>,
        nodes: impl Iterator<Item = NodeId>,
        room: usize,
    ) -> Vec<Bound<'py, PyString>> {
        let mut texts = UsiTexts::lock();
        let mut out = Vec::with_capacity(room);
        out.extend(
            nodes
                .filter_map(|id| self.record.tree[id].recorded_move())
                .map(|m| texts.get(py, m.mv)),
        );
        out
    }
}

#[pymethods]
impl Record {
    /// The headers as a read-only mapping (`types.MappingProxyType`; `dict(record.header)`
    /// makes a dict of it), each value without the blanks around it (Kifu for Windows pads
    /// `手合割：平手　　` with full-width spaces; cshogi and python-shogi trim player names
    /// too); a key written twice keeps its last value. `headers` has them as written.
    /// Records are read-only: an assignment to the mapping raises TypeError instead of
    /// changing a copy that nothing reads; `Record.from_board(..., header=...)` makes a
    /// record with other headers.
    #[getter]
    fn header<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let dict = PyDict::new(py);
        for h in &self.record.headers {
            dict.set_item(&h.key, h.trimmed_value())?;
        }
        let proxy = py.import("types")?.getattr("MappingProxyType")?;
        proxy.call1((dict,))
    }

    /// The headers as (key, value) pairs in file order, the values as written.
    #[getter]
    fn headers(&self) -> Vec<(String, String)> {
        self.record
            .headers
            .entries()
            .iter()
            .map(|h| (h.key.clone(), h.value.clone()))
            .collect()
    }

    /// The SFEN of the start position.
    #[getter]
    fn start_sfen(&self) -> String {
        self.record.start.setup.to_sfen()
    }

    /// The moves of the main line in USI. A recorded foul that drops a kind no hand holds
    /// (`３二龍(00)`, kept because the game ended on it) is written as USI would write the
    /// drop: `+R*3b`, which USI itself has no word for.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyString>> {
        self.usi_of(py, self.record.tree.main_line(), self.record.tree.len())
    }

    /// The comments of the main line: entry 0 before the first move, entry i after move i
    /// (comments on the closing special go to the last entry). Each entry is a list of
    /// comment lines.
    #[getter]
    fn comments<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        record_lists::nested_list(py, &self.lists.comments, || {
            let tree = &self.record.tree;
            let mut out = vec![tree[tree.root()].comments.clone()];
            for id in self.main_line() {
                let node = &tree[id];
                match (node.recorded_move(), out.last_mut()) {
                    (None, Some(last)) => last.extend(node.comments.iter().cloned()),
                    _ => out.push(node.comments.clone()),
                }
            }
            out
        })
    }

    /// The engine evaluation written beside each main-line move, in centipawns from
    /// Black's side (CSA `'** 113 -3334FU ...` lines, as floodgate writes them), `None`
    /// for a move without one. cshogi's CSA parser calls these `scores` and gives 0 for
    /// `None`.
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        record_lists::list(py, &self.lists.scores, || {
            let tree = &self.record.tree;
            tree.main_line()
                .filter(|&id| tree[id].recorded_move().is_some())
                .map(|id| kif::training::score_at(&self.record, id))
                .collect()
        })
    }

    /// The players' ratings that floodgate writes in a record's header
    /// (`'black_rate:NAME:3382.0`): (Black's, White's), `None` for a side without one.
    /// cshogi's CSA parser calls them `ratings` too (and gives 0 for none).
    #[getter]
    fn ratings(&self) -> (Option<f64>, Option<f64>) {
        let rates = kif::training::ratings(&self.record);
        (rates.black, rates.white)
    }

    /// The program comments, in order: KIF `#` lines, CSA `'` lines that are not comments
    /// (`"black_rate:NAME:3382.0"`), without the mark: those before the first move, then
    /// those after each move of the main line (the writers put each back after its move).
    #[getter]
    fn program_comments(&self) -> Vec<String> {
        self.record.main_line_program_comments().cloned().collect()
    }

    /// The time of each main-line move: (seconds spent, total seconds so far), each `None`
    /// when the record does not give it.
    #[getter]
    fn times<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        record_lists::list(py, &self.lists.times, || {
            self.main_line_moves()
                .map(|node| match node.time {
                    Some(t) => (
                        t.spent.map(|d| d.as_secs_f64()),
                        t.total.map(|d| d.as_secs_f64()),
                    ),
                    None => (None, None),
                })
                .collect()
        })
    }

    /// The variations: (ply, moves) for every branch, `ply` the 1-based number of its first
    /// move and `moves` its USI moves to its end.
    #[getter]
    fn variations<'py>(&self, py: Python<'py>) -> Vec<(u32, Vec<Bound<'py, PyString>>)> {
        let tree = &self.record.tree;
        tree.variation_starts()
            .into_iter()
            .map(|start| {
                let line = std::iter::once(start).chain(tree.line_after(start));
                (tree[start].ply(), self.usi_of(py, line, 0))
            })
            .collect()
    }

    /// For each of `variations`, in the same order, the index of the variation it branches
    /// from, `None` for one that leaves the main line: with it a variation's moves from the
    /// start are its parent's line cut before its ply, then its own moves.
    #[getter]
    fn variation_parents(&self) -> Vec<Option<usize>> {
        let tree = &self.record.tree;
        let starts = tree.variation_starts();
        // Which variation each node is on (`None`: the main line), every node once.
        let mut line_of: Vec<Option<usize>> = vec![None; tree.len()];
        for (index, &start) in starts.iter().enumerate() {
            for id in std::iter::once(start).chain(tree.line_after(start)) {
                line_of[id.index()] = Some(index);
            }
        }
        starts
            .iter()
            .map(|&start| {
                let parent = tree[start].parent().unwrap_or(NodeId::ROOT);
                line_of[parent.index()]
            })
            .collect()
    }

    /// The KIF word of the special that ends the main line (`投了`, `千日手`, `詰み` ...),
    /// `None` when it has none.
    #[getter]
    fn result(&self) -> Option<String> {
        self.record.result().map(Special::to_string)
    }

    /// The winner: 0 Black, 1 White, `None` for a draw, an unfinished game or a result no
    /// rule decides. A main line that ends in checkmate without a special counts too.
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.record.winner().map(|c| c.index() as u8)
    }

    /// What the reader could not take as written.
    #[getter]
    fn warnings(&self) -> Vec<Warning> {
        self.warnings.clone()
    }

    /// The format read: `"kif"`, `"ki2"`, `"csa"` or `"jkf"` (`"kif"` for `from_board`).
    #[getter]
    fn format(&self) -> &'static str {
        format_name(self.format)
    }

    /// The record of the game on `board`: its start, its moves as the main line, and how it
    /// ended when it has (詰み, 千日手, 入玉勝ち: what the board's `outcome()` says; a
    /// perpetual check has no word of its own, and its moves show it), so that
    /// a game played in Python can be written (`record.write("game.kif")`). `header`: the
    /// headers, in their order (`{"先手": "...", "後手": "..."}`). `ending`: the KIF word
    /// that ends a game not over on the board (`"投了"` by the side to move, `"中断"`,
    /// `"切れ負け"`, ...). `comments`: entry 0 before the first move, entry i after move
    /// i, each a string (a line break, `\n`, `\r\n` or `\r`, starts another line), a list
    /// of lines or `None`, as the `comments` property gives them; a line that starts with
    /// `*` is an engine line (KIF `**`, CSA `'**`: `"* 123 -3334FU"` is read back as a
    /// score). `times`: entry i for move i + 1, seconds spent (the total then counted from
    /// the mover's earlier times), `(spent, total)` as the `times` property gives them, or
    /// `None`. Raises ValueError for an unknown word, an ending given for a game already
    /// over, more comments or times than the game has places for, or a time below 0.
    #[classmethod]
    #[pyo3(signature = (board, header = None, ending = None, comments = None, times = None))]
    fn from_board(
        _class: &Bound<'_, PyType>,
        py: Python<'_>,
        board: &Board,
        header: Option<&Bound<'_, PyDict>>,
        ending: Option<&str>,
        comments: Option<&Bound<'_, PyAny>>,
        times: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Record> {
        let game = &board.state(py)?.game;
        let mut record = kif::Record::from_game(game);
        for (key, value) in header.into_iter().flat_map(|h| h.iter()) {
            let text = |item: &Bound<'_, PyAny>| {
                item.extract::<String>()
                    .map_err(|_| wrong_type("a header's key and value are each a str", item))
            };
            record.headers.push(text(&key)?, text(&value)?);
        }
        if let Some(word) = ending {
            if let Some(outcome) = game.outcome() {
                return Err(value_error(format!(
                    "the game on the board is already over ({outcome}): no ending {word:?} after it"
                )));
            }
            let special = Special::from_kif(word).ok_or_else(|| {
                value_error(format!("{word:?} is not a KIF word that ends a game"))
            })?;
            let end = record.main_line_end();
            let _ = record.tree.push(end, kif::NodeKind::Special(special));
        }
        if let Some(comments) = comments {
            record_notes::add_comments(&mut record, comments)?;
        }
        if let Some(times) = times {
            record_notes::add_times(&mut record, times)?;
        }
        Ok(Record {
            record,
            warnings: Vec::new(),
            format: Format::Kif,
            lists: MainLineObjects::default(),
        })
    }

    /// A `masu.shogi.Board` after the first `ply` moves of the main line (0: the start
    /// position; `None`: all of them), those moves as its history. Moves after a fourth
    /// repetition or a perpetual check are played on, as `Board.push` plays them (the
    /// reader keeps them with a warning). Raises IndexError when the main line has fewer
    /// moves, ValueError when the start position or a move cannot be played, or for a
    /// `ply` below 0.
    #[pyo3(signature = (ply = None))]
    fn board(&self, ply: Option<Int>) -> PyResult<Board> {
        if let Some(ply) = ply.filter(|&p| p < 0) {
            // Said with the plies there are, not the range of the type a ply is kept in.
            let moves = self.record.tree.main_line_len();
            return Err(value_error(format!(
                "ply counts the main line's moves from the start, 0 to {moves}, got {ply}"
            )));
        }
        let node = match optional_count::<usize>("ply", ply)? {
            None => self.record.main_line_end(),
            Some(ply) => {
                let tree = &self.record.tree;
                let moves = tree
                    .main_line()
                    .filter(|&id| tree[id].recorded_move().is_some());
                std::iter::once(tree.root())
                    .chain(moves)
                    .nth(ply)
                    .ok_or_else(|| {
                        let moves = tree.main_line_len();
                        PyIndexError::new_err(format!("ply {ply} of a main line of {moves} moves"))
                    })?
            }
        };
        Ok(Board::from_game(
            self.record.game_at_playing_on(node).map_err(value_error)?,
        ))
    }

    /// The record as KIF text (all variations). KIF holds the whole record, but for clocks
    /// finer than a second: a `LossWarning` says what was left out.
    fn to_kif(&self, py: Python<'_>) -> PyResult<String> {
        warn_left_out(py, Format::Kif, self.record.left_out_by(Format::Kif))?;
        Ok(kif::kif::to_string(&self.record))
    }

    /// The record as KI2 text (all variations; KI2 has no clocks). A `LossWarning` says
    /// what was left out.
    fn to_ki2(&self, py: Python<'_>) -> PyResult<String> {
        warn_left_out(py, Format::Ki2, self.record.left_out_by(Format::Ki2))?;
        Ok(kif::ki2::to_string(&self.record))
    }

    /// The record as CSA V3.0 text (the main line: CSA has no variations). A `LossWarning`
    /// says what was left out.
    fn to_csa(&self, py: Python<'_>) -> PyResult<String> {
        let written = kif::csa::write(&self.record, &kif::csa::WriteOptions::default());
        warn_left_out(py, Format::Csa, written.left_out(&self.record))?;
        Ok(written.text)
    }

    /// The record as JKF (JSON Kifu Format) text. A `LossWarning` says what was left out
    /// (`まで` trailers, program comments).
    fn to_jkf(&self, py: Python<'_>) -> PyResult<String> {
        let written = kif::jkf::write(&self.record);
        warn_left_out(py, Format::Jkf, written.left_out(&self.record))?;
        Ok(written.text)
    }

    /// The USI `position` command of the main line's end: the start and the moves alone, for
    /// an engine (no LossWarning for the rest, which a position command never holds; `masu
    /// kif convert --to usi` lists it). Raises ValueError when a move of it cannot be played.
    fn to_usi(&self) -> PyResult<String> {
        let end = self.record.main_line_end();
        let last_move = self
            .main_line()
            .into_iter()
            .rev()
            .find(|&id| self.record.tree[id].recorded_move().is_some())
            .unwrap_or(end);
        self.record.usi(last_move).map_err(value_error)
    }

    /// Writes the record to `path`, the format and encoding chosen by the extension: `.kif`
    /// and `.ki2` Shift_JIS, `.kifu` and `.ki2u` UTF-8, `.csa` CSA V3.0 in UTF-8, `.jkf` and
    /// `.json` JKF. Raises ValueError for another extension or for characters Shift_JIS
    /// cannot hold (write `.kifu` instead), OSError when the file cannot be written.
    fn write(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let bytes = self.encode_for(py, &path)?;
        py.detach(|| std::fs::write(&path, bytes))
            .map_err(|e| PyIOError::new_err(format!("cannot write {}: {e}", path.display())))
    }

    /// Pickles as the record's serde form (JSON, masu-kif's `serde` feature), its warnings
    /// and its format.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, RecordState> {
        let r = slf.get();
        let json = serde_json::to_string(&r.record).map_err(value_error)?;
        let warnings = r.warnings.iter().map(Warning::state).collect();
        reduce_with(slf, (json, warnings, format_name(r.format).to_owned()))
    }

    /// The record of a pickled state. Raises ValueError for a state no record has.
    #[classmethod]
    fn _from_state(_class: &Bound<'_, PyType>, state: RecordState) -> PyResult<Record> {
        let (json, warnings, format) = state;
        let record = serde_json::from_str(&json).map_err(value_error)?;
        let format = match format.as_str() {
            "kif" => Format::Kif,
            "ki2" => Format::Ki2,
            "csa" => Format::Csa,
            "jkf" => Format::Jkf,
            other => return Err(value_error(format!("unknown record format {other:?}"))),
        };
        let warnings = warnings.into_iter().map(Warning::from_state).collect();
        Ok(Record {
            record,
            warnings,
            format,
            lists: MainLineObjects::default(),
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Record(format={}, moves={}, result={})",
            py_repr(py, format_name(self.format))?,
            self.record.tree.main_line_len(),
            py_repr(py, self.result())?
        ))
    }
}

impl Record {
    fn encode_for(&self, py: Python<'_>, path: &Path) -> PyResult<Vec<u8>> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default()
            .to_ascii_lowercase();
        let sjis = kif::kif::WriteOptions {
            encoding: TextEncoding::ShiftJis,
            stand_ins: true,
            ..kif::kif::WriteOptions::default()
        };
        let (format, encoded) = match ext.as_str() {
            "kif" => (Format::Kif, kif::kif::to_bytes(&self.record, &sjis)),
            "ki2" => (Format::Ki2, kif::ki2::to_bytes(&self.record, &sjis)),
            "kifu" => return Ok(self.to_kif(py)?.into_bytes()),
            "ki2u" => return Ok(self.to_ki2(py)?.into_bytes()),
            "csa" => return Ok(self.to_csa(py)?.into_bytes()),
            "jkf" | "json" => return Ok(self.to_jkf(py)?.into_bytes()),
            _ => {
                return Err(value_error(format!(
                    "cannot tell the format from the extension of {}: use .kif .kifu .ki2 .ki2u .csa .jkf or .json",
                    path.display()
                )));
            }
        };
        if !encoded.unmappable.is_empty() {
            // masu-kif's words for it: each character with its line and column.
            let lacking = kif::encoding::EncodeError {
                encoding: TextEncoding::ShiftJis,
                unmappable: encoded.unmappable,
            };
            return Err(value_error(format!(
                "{lacking} of the {format} output: write a UTF-8 file (.kifu, .ki2u) instead"
            )));
        }
        let mut notes = self.record.left_out_by(format);
        notes.extend(encoded.substituted.iter().map(|u| {
            format!(
                "the character {} at line {}, column {} (written as its Shift_JIS stand-in)",
                u.ch, u.line, u.column
            )
        }));
        warn_left_out(py, format, notes)?;
        Ok(encoded.bytes)
    }
}

/// Warns, with a `LossWarning`, of what writing a record as `format` left out (`notes`,
/// from [`kif::Record::left_out_by`] or the writer's own report); nothing when there is
/// nothing.
fn warn_left_out(py: Python<'_>, format: Format, notes: Vec<String>) -> PyResult<()> {
    if notes.is_empty() {
        return Ok(());
    }
    let message = format!("{format} cannot hold {}", notes.join("; "));
    let message = std::ffi::CString::new(message.replace('\0', "\\0")).map_err(value_error)?;
    PyErr::warn(py, &py.get_type::<LossWarning>(), &message, 1)
}

/// Reads a record from a path (`str` or `os.PathLike`), from `bytes` or any buffer of them
/// (`bytearray`, `memoryview`), or from a file object (`open(path, "rb")`, `io.BytesIO`, a
/// member of a zip file: what its `read()` gives): the format (KIF, KI2, CSA, JKF) and the
/// encoding (UTF-8, Shift_JIS, EUC-JP) are detected, the extension of a path breaking
/// ties. Problems that still leave a game are `Record.warnings`; raises `ReadError` (a
/// ValueError) when nothing can be read (bytes of no text encoding), OSError when the file
/// cannot be opened, TypeError for another kind of source. An empty or blank text reads as
/// KIF without headers does: the even game, no moves. `strict`: the first problem raises
/// `ReadError` instead of being a warning, and so does every illegal move, even a foul the
/// record states as the game's end (so that every move of a record read strictly is legal).
#[pyfunction]
#[pyo3(signature = (source, *, strict = false))]
fn read(py: Python<'_>, source: &Bound<'_, PyAny>, strict: bool) -> PyResult<Record> {
    read_source(py, source, kif::read_bytes, mode(strict)).map(record_from)
}

/// The reading mode of the `strict` argument.
fn mode(strict: bool) -> Mode {
    if strict { Mode::Strict } else { Mode::Lenient }
}

/// What `reader` makes of `source`, a path (`str` or `os.PathLike`, the extension breaking
/// format ties), bytes, a buffer or a file object, with the GIL released.
fn read_source<T: Send>(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    reader: BytesReader<T>,
    mode: Mode,
) -> PyResult<T> {
    // Paths first: asking a path for `read` or a buffer costs more than reading the file.
    let path = match source.cast::<PyBytes>() {
        Ok(_) => None,
        Err(_) => source.extract::<PathBuf>().ok(),
    };
    let Some(path) = path else {
        let bytes = source_bytes(source)?.ok_or_else(|| {
            wrong_type(
                "a record's source is a path (str or os.PathLike), bytes or a file object",
                source,
            )
        })?;
        // Read in place: a bytes object never changes, and it stays alive while the GIL is
        // released.
        let data = bytes.as_bytes();
        return py
            .detach(|| reader(data, None, mode))
            .map_err(|e| read_failed(py, &e));
    };
    py.detach(|| read_path_with(&path, reader, mode))
        .map_err(|e| match e {
            // A record's text given where a path goes: say where text goes.
            ReadFailure::Io(message) if looks_like_text(&path) => PyIOError::new_err(format!(
                "{message} (a str is a path: for a record's text use masu.kif.read_str)"
            )),
            e => e.into_py_err(py),
        })
}

/// The bytes of a source that is not a path: bytes themselves, what a file object's
/// `read()` gives (its text as UTF-8 when it is opened as text), or a copy of a buffer's
/// (`bytearray`, `memoryview`); `None` for anything else.
fn source_bytes<'py>(source: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let py = source.py();
    if let Ok(bytes) = source.cast::<PyBytes>() {
        return Ok(Some(bytes.clone()));
    }
    if source.hasattr("read")? {
        let data = source.call_method0("read")?;
        if let Ok(text) = data.cast::<PyString>() {
            return Ok(Some(PyBytes::new(py, text.to_cow()?.as_bytes())));
        }
        return match data.cast_into::<PyBytes>() {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) => Err(wrong_type(
                "a file object's read() gives bytes or str",
                &e.into_inner(),
            )),
        };
    }
    // Any object with the buffer protocol; `memoryview` refuses the others.
    match py
        .import("builtins")?
        .getattr("memoryview")?
        .call1((source,))
    {
        Ok(view) => Ok(Some(view.call_method0("tobytes")?.cast_into()?)),
        Err(_) => Ok(None),
    }
}

/// Reads every record of a source (a path, bytes, a buffer or a file object, as `read`
/// takes them), as `read` reads one: a CSA file may hold several, `/` lines between them
/// (cshogi's CSA parser gives them as a list too); any other file gives a list of one.
/// Raises as `read` does; `strict` as for `read`.
#[pyfunction]
#[pyo3(signature = (source, *, strict = false))]
fn read_all(py: Python<'_>, source: &Bound<'_, PyAny>, strict: bool) -> PyResult<Vec<Record>> {
    let parsed = read_source(py, source, kif::read_all_bytes, mode(strict))?;
    Ok(parsed.into_iter().map(record_from).collect())
}

/// Several records as one CSA V3.0 text, a `/` line between each and the next: a CSA file
/// of many games, as `read_all` reads back. A `LossWarning` for each record says what it
/// left out (CSA holds no variations).
#[pyfunction]
fn to_csa_all(py: Python<'_>, records: Vec<PyRef<'_, Record>>) -> PyResult<String> {
    let options = kif::csa::WriteOptions::default();
    let mut parts = Vec::with_capacity(records.len());
    for r in &records {
        let written = kif::csa::write(&r.record, &options);
        warn_left_out(py, Format::Csa, written.left_out(&r.record))?;
        parts.push(written);
    }
    Ok(kif::csa::join(parts, &options).text)
}

/// Writes `to_csa_all(records)` to `path` (UTF-8). Raises ValueError unless the path ends in
/// `.csa` (the one format that holds several games in a file), OSError when the file cannot
/// be written.
#[pyfunction]
fn write_all(py: Python<'_>, records: Vec<PyRef<'_, Record>>, path: PathBuf) -> PyResult<()> {
    let is_csa = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("csa"));
    if !is_csa {
        return Err(value_error(format!(
            "{} is no .csa file: CSA is the one format that holds several records",
            path.display()
        )));
    }
    let text = to_csa_all(py, records)?;
    py.detach(|| std::fs::write(&path, text))
        .map_err(|e| PyIOError::new_err(format!("cannot write {}: {e}", path.display())))
}

/// Reads a record from text already decoded (a `str`: a web response's `.text`, a text
/// box): the format (KIF, KI2, CSA, JKF) is detected as `read` detects it. Problems that
/// still leave a game are `Record.warnings`; raises `ReadError` (a ValueError) when nothing
/// can be read, and with `strict` at the first problem, as `read` does. An empty or blank
/// text is the even game with no moves.
#[pyfunction]
#[pyo3(signature = (text, *, strict = false))]
fn read_str(py: Python<'_>, text: &str, strict: bool) -> PyResult<Record> {
    let parsed = py
        .detach(|| kif::read_str(text, None, mode(strict)))
        .map_err(|e| read_failed(py, &e))?;
    Ok(record_from(parsed))
}

/// Whether a "path" that could not be read is a record's text instead: it has a line break,
/// or it is JSON (a JKF record from a web API comes on one line).
fn looks_like_text(path: &Path) -> bool {
    let bytes = path.as_os_str().as_encoded_bytes();
    bytes.contains(&b'\n') || bytes.trim_ascii_start().starts_with(b"{")
}

/// masu-kif's error as `ReadError`, with its message and place.
fn read_failed(py: Python<'_>, e: &kif::ReadError) -> PyErr {
    read_error(py, e.to_string(), &ReadPlace::of(e))
}

/// Why a record file gave no record.
pub(crate) enum ReadFailure {
    /// The file could not be opened or read.
    Io(String),
    /// Its record could not be read (or used): what and where.
    Record(String, ReadPlace),
}

impl ReadFailure {
    /// OSError, or `ReadError` with the place.
    pub(crate) fn into_py_err(self, py: Python<'_>) -> PyErr {
        match self {
            ReadFailure::Io(message) => PyIOError::new_err(message),
            ReadFailure::Record(message, place) => read_error(py, message, &place),
        }
    }

    fn message(&self) -> &str {
        match self {
            ReadFailure::Io(m) | ReadFailure::Record(m, _) => m,
        }
    }
}

/// Every record of the file at `path` (a CSA file may hold several), read leniently.
pub(crate) fn read_all_path(path: &Path) -> Result<Vec<Parsed>, ReadFailure> {
    read_path_with(path, kif::read_all_bytes, Mode::Lenient)
}

/// A reader of bytes with a format hint: `kif::read_bytes` or `kif::read_all_bytes`.
type BytesReader<T> = fn(&[u8], Option<Format>, Mode) -> Result<T, kif::ReadError>;

/// `reader`'s result for the file at `path`, the extension breaking format ties.
fn read_path_with<T>(path: &Path, reader: BytesReader<T>, mode: Mode) -> Result<T, ReadFailure> {
    let hint = path
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension);
    with_file_bytes(path, |bytes| reader(bytes, hint, mode))
        .map_err(|e| ReadFailure::Io(format!("cannot read {}: {e}", path.display())))?
        .map_err(|e| ReadFailure::Record(format!("{}: {e}", path.display()), ReadPlace::of(&e)))
}

fn record_from(parsed: Parsed) -> Record {
    let warnings = parsed.warnings.iter().map(Warning::of).collect();
    Record {
        record: parsed.record,
        warnings,
        format: parsed.format,
        lists: MainLineObjects::default(),
    }
}

/// A pickled warning: line, column, message, kind, whether it damages the game.
type WarningState = (usize, usize, String, String, bool);

/// A pickled record: its serde form, its warnings, its format.
type RecordState = (String, Vec<WarningState>, String);

fn format_name(format: Format) -> &'static str {
    match format {
        Format::Ki2 => "ki2",
        Format::Csa => "csa",
        Format::Jkf => "jkf",
        _ => "kif",
    }
}

/// (path, message) of each file left out.
pub(crate) type Skipped = Vec<(String, String)>;

/// Many files' results in the order given, and the files left out.
type ManyResults<T> = (Vec<T>, Skipped);

/// Runs `each` on every path in parallel (rayon, the GIL released). A file that fails is
/// left out with its (path, message) when `skip_errors` is true; otherwise the first one in
/// the order given raises (OSError when it cannot be opened, ValueError otherwise).
pub(crate) fn for_each_file<T: Send>(
    py: Python<'_>,
    paths: &[PathBuf],
    skip_errors: bool,
    each: impl Fn(&Path) -> Result<T, ReadFailure> + Sync,
) -> PyResult<ManyResults<T>> {
    let results: Vec<Result<T, ReadFailure>> =
        py.detach(|| paths.par_iter().map(|path| each(path)).collect());
    let mut values = Vec::with_capacity(results.len());
    let mut errors = Vec::new();
    for (path, result) in paths.iter().zip(results) {
        match result {
            Ok(value) => values.push(value),
            Err(e) if skip_errors => {
                errors.push((path.display().to_string(), e.message().to_owned()))
            }
            Err(e) => return Err(e.into_py_err(py)),
        }
    }
    Ok((values, errors))
}

/// Reads many record files in parallel (rayon, the GIL released), as `read` reads each
/// one (`strict` as for `read`). Returns the records in the order given and (path,
/// message) for every file that could not be read; with `skip_errors` false the first such
/// file raises instead (OSError when it cannot be opened, `ReadError` otherwise).
#[pyfunction]
#[pyo3(signature = (paths, skip_errors = false, strict = false))]
fn read_many_records(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    skip_errors: bool,
    strict: bool,
) -> PyResult<ManyResults<Record>> {
    let mode = mode(strict);
    let (parsed, errors) = for_each_file(py, &paths, skip_errors, |path| {
        read_path_with(path, kif::read_bytes, mode)
    })?;
    Ok((parsed.into_iter().map(record_from).collect(), errors))
}
