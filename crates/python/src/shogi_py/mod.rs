//! `masu.shogi`: the board, moves, perft and the training-data formats.

mod board;
mod convert;
mod dlshogi;
mod moves;
mod mv;
mod per_move_calls;
mod pieces_args;
mod planes;
mod usi_lines;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyMemoryView, PySlice};

pub(crate) use board::Board;
pub(crate) use moves::LegalMoves;
pub(crate) use mv::Move;

use crate::errors::{value_error, wrong_type};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    per_move_calls::register(m.py())?;
    m.add_class::<Move>()?;
    m.add_class::<LegalMoves>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(rotate_sfen, m)?)?;
    m.add_function(wrap_pyfunction!(usi_lines::read_usi_info, m)?)?;
    m.add_function(wrap_pyfunction!(usi_lines::read_usi_bestmove, m)?)?;
    m.add_function(wrap_pyfunction!(usi_lines::read_usi_option, m)?)?;
    m.add_function(wrap_pyfunction!(usi_lines::write_usi_setoption, m)?)?;
    m.add_function(wrap_pyfunction!(usi_lines::read_usi_checkmate, m)?)?;
    m.add_function(wrap_pyfunction!(convert::psv_to_hcpe_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(convert::hcpe_to_psv_bytes, m)?)?;
    dlshogi::register(m)?;
    m.add("BLACK", 0)?;
    m.add("WHITE", 1)?;
    m.add("STARTING_SFEN", shogi::Position::startpos().to_sfen())?;
    m.add("NOT_REPETITION", board::NOT_REPETITION)?;
    for (name, repetition) in [
        ("REPETITION_DRAW", shogi::Repetition::Draw),
        ("REPETITION_WIN", shogi::Repetition::Win),
        ("REPETITION_LOSE", shogi::Repetition::Loss),
        ("REPETITION_SUPERIOR", shogi::Repetition::Superior),
        ("REPETITION_INFERIOR", shogi::Repetition::Inferior),
    ] {
        m.add(name, board::repetition_code(repetition))?;
    }
    // The declaration rules (`Board.is_nyugyoku`) and the results' codes, cshogi's.
    m.add("LAW_24", board::LAW_24)?;
    m.add("LAW_27", board::LAW_27)?;
    m.add("NYUGYOKU_NONE", board::NYUGYOKU_NONE)?;
    m.add("NYUGYOKU_WIN", board::NYUGYOKU_WIN)?;
    m.add("NYUGYOKU_DRAW", board::NYUGYOKU_DRAW)?;
    // HCPE's `gameResult` codes, by cshogi's names.
    m.add("DRAW", shogi::packed::Hcpe::DRAW)?;
    m.add("BLACK_WIN", shogi::packed::Hcpe::BLACK_WIN)?;
    m.add("WHITE_WIN", shogi::packed::Hcpe::WHITE_WIN)?;
    m.add("HCP_SIZE", shogi::packed::Hcp::SIZE)?;
    m.add("HCPE_SIZE", shogi::packed::Hcpe::SIZE)?;
    m.add("PSFEN_SIZE", shogi::packed::PackedSfen::SIZE)?;
    m.add("PSFENVALUE_SIZE", shogi::packed::PackedSfenValue::SIZE)?;
    Ok(())
}

/// The number of legal move sequences of `depth` plies from `board` (1 at depth 0),
/// counted in Rust with the GIL released. ValueError for a `depth` below 0.
#[pyfunction]
fn perft(py: Python<'_>, board: &Board, depth: crate::args::Int) -> PyResult<u64> {
    let depth: u32 = crate::args::count("depth", depth)?;
    let pos = board.state(py)?.position().clone();
    Ok(py.detach(|| shogi::perft(&pos, depth)))
}

/// The position of `sfen` seen from the other side: the board turned half a turn, every
/// piece and hand changing sides, the other side to move (cshogi's `rotate_sfen`; masu-shogi's
/// `Setup::rotated`). The moves of the rotated position are the original's, each
/// `Move.rotated()`. Raises ValueError for bad SFEN.
#[pyfunction]
fn rotate_sfen(sfen: &str) -> PyResult<String> {
    let setup = shogi::Setup::from_sfen(sfen).map_err(value_error)?;
    Ok(setup.rotated().to_sfen())
}

/// The bytes of a `bytes`, `bytearray`, `memoryview` or numpy array (anything `bytes()`
/// accepts), checked to be `size` long.
pub(crate) fn fixed_bytes<const N: usize>(data: &Bound<'_, PyAny>) -> PyResult<[u8; N]> {
    let wrong_size = |len: usize| value_error(format!("expected {N} bytes, got {len}"));
    // A contiguous uint8 buffer (a row of a numpy array, `hcpes[i]["hcp"]`: what a
    // training loop passes) read in place: `bytes(row)` cost more than decoding the
    // position. The buffer protocol is in the stable ABI from CPython 3.11.
    #[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
    if !data.is_instance_of::<PyBytes>()
        && let Ok(buffer) = pyo3::buffer::PyBuffer::<u8>::get(data)
        && let Some(cells) = buffer.as_slice(data.py())
    {
        let mut out = [0; N];
        if cells.len() != N {
            return Err(wrong_size(cells.len()));
        }
        for (byte, cell) in out.iter_mut().zip(cells) {
            *byte = cell.get();
        }
        return Ok(out);
    }
    let bytes = match data.cast::<PyBytes>() {
        Ok(b) => b.clone(),
        Err(_) => data
            .py()
            .import("builtins")?
            .getattr("bytes")?
            .call1((data,))?
            .cast_into::<PyBytes>()?,
    };
    let slice = bytes.as_bytes();
    slice.try_into().map_err(|_| wrong_size(slice.len()))
}

/// 0 for Black, 1 for White.
pub(crate) fn color_index(color: shogi::Color) -> u8 {
    color.index() as u8
}

/// The side an int names: 0 (`BLACK`) or 1 (`WHITE`); ValueError otherwise.
pub(crate) fn color_arg(color: i64) -> PyResult<shogi::Color> {
    match color {
        0 => Ok(shogi::Color::Black),
        1 => Ok(shogi::Color::White),
        _ => Err(value_error(format!(
            "color {color} is neither 0 (BLACK) nor 1 (WHITE)"
        ))),
    }
}

/// A square from an index 0-80 (1a = 0, 1b = 1 ... 9i = 80, as cshogi numbers them) or a
/// USI name (`"7g"`); a bad name is quoted in the error, which of `move`'s two squares
/// it is being otherwise unsaid.
pub(crate) fn square_arg(sq: &Bound<'_, PyAny>) -> PyResult<shogi::Square> {
    if let Ok(index) = sq.extract::<i64>() {
        return u8::try_from(index)
            .ok()
            .and_then(shogi::Square::from_index)
            .ok_or_else(|| value_error(format!("square index {index} is not 0-80")));
    }
    let name: String = sq
        .extract()
        .map_err(|_| wrong_type("a square is an index 0-80 or a name such as \"7g\"", sq))?;
    name.parse()
        .map_err(|e| value_error(format!("{e}: {name:?}")))
}

/// Writes `bytes` into `out`, a caller's writable array of exactly that many bytes: a
/// uint8 array or view (`hcpe["hcp"][i]`), or a structured numpy record of that size
/// (`hcps[i:i + 1]` of `HuffmanCodedPos`), as cshogi's `to_hcp(array)` fills one.
pub(crate) fn fill_bytes(out: &Bound<'_, PyAny>, bytes: &[u8]) -> PyResult<()> {
    let wrong_size = |size: usize| {
        value_error(format!(
            "the array holds {size} bytes, not the {} to write",
            bytes.len()
        ))
    };
    // A contiguous writable uint8 buffer, written in place at once (the buffer protocol is
    // in the stable ABI from CPython 3.11).
    #[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
    if let Ok(buffer) = pyo3::buffer::PyBuffer::<u8>::get(out)
        && let Some(cells) = buffer.as_mut_slice(out.py())
    {
        if cells.len() != bytes.len() {
            return Err(wrong_size(cells.len()));
        }
        for (cell, &byte) in cells.iter().zip(bytes) {
            cell.set(byte);
        }
        return Ok(());
    }
    // Any other numpy array (a structured record, the older ABI): its bytes through numpy,
    // C-ordered, so that the flat view below is the array's memory and not a copy.
    let contiguous = out
        .getattr("flags")
        .and_then(|flags| flags.get_item("C_CONTIGUOUS"))
        .and_then(|c| c.extract::<bool>())
        .map_err(|_| wrong_type("the array to fill must be a writable numpy array", out))?;
    if !contiguous {
        return Err(value_error("the array to fill must be C-contiguous"));
    }
    let flat = out
        .call_method1("view", ("u1",))
        .and_then(|view| view.call_method1("reshape", (-1,)))
        .map_err(|_| wrong_type("the array to fill must be a writable numpy array", out))?;
    let size: usize = flat.getattr("size")?.extract()?;
    if size != bytes.len() {
        return Err(wrong_size(size));
    }
    let py = out.py();
    let source = PyMemoryView::from(PyBytes::new(py, bytes).as_any())?;
    flat.set_item(PySlice::full(py), source)
}
