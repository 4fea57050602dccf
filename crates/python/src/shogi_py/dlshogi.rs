//! dlshogi's network input and policy labels ([`shogi::planes`]) for Python: one board's,
//! as cshogi's `dlshogi` module gives them, and a batch of HCPE examples' decoded in
//! parallel, as dlshogi's `hcpe_decode_with_value`. The numpy side is in `masu/dlshogi.py`.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyByteArray;
use rayon::prelude::*;
use shogi::packed::{Hcp, Hcpe, hcp};
use shogi::planes::{self, FEATURES1_LEN, FEATURES2_LEN};
use shogi::{Color, UsiMove};

use super::{Board, Move, planes::write_all};
use crate::errors::{value_error, wrong_type};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(make_input_features, m)?)?;
    m.add_function(wrap_pyfunction!(make_move_label, m)?)?;
    m.add_function(wrap_pyfunction!(hcpe_decode_bytes, m)?)?;
    m.add("FEATURES1_NUM", planes::FEATURES1_PLANES)?;
    m.add("FEATURES2_NUM", planes::FEATURES2_PLANES)?;
    m.add("MOVE_PLANES_NUM", planes::MOVE_PLANES)?;
    m.add("MOVE_LABELS_NUM", planes::MOVE_LABELS)?;
    m.add("EVAL_SCALE", EVAL_SCALE)?;
    Ok(())
}

/// Writes `board`'s dlshogi input into `features1` and `features2` (numpy float32 arrays of
/// 62 x 9 x 9 and 57 x 9 x 9 entries, C order; every entry is written), seen by the side to
/// move, as cshogi's `dlshogi.make_input_features`. Raises ValueError for another dtype or
/// size.
#[pyfunction]
fn make_input_features(
    py: Python<'_>,
    board: &Board,
    features1: &Bound<'_, PyAny>,
    features2: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let mut planes1 = [0.0; FEATURES1_LEN];
    let mut planes2 = [0.0; FEATURES2_LEN];
    planes::input_features(board.state(py)?.position(), &mut planes1, &mut planes2);
    write_all(features1, &planes1, "features1")?;
    write_all(features2, &planes2, "features2")
}

/// The policy label (`0 .. 2187`) of `move` (a `Move`, or a 16-bit move code as HCPE's
/// `bestMove16` holds it) played by `color` (`BLACK` or `WHITE`), as cshogi's
/// `dlshogi.make_move_label`. Raises ValueError for a code that is no move or another
/// colour.
#[pyfunction]
fn make_move_label(r#move: &Bound<'_, PyAny>, color: u8) -> PyResult<usize> {
    let mover = match color {
        0 => Color::Black,
        1 => Color::White,
        _ => return Err(value_error(format!("a colour is 0 or 1, not {color}"))),
    };
    let usi: UsiMove = if let Ok(mv) = r#move.cast::<Move>() {
        mv.get().mv.into()
    } else if let Ok(code) = r#move.extract::<u16>() {
        hcp::usi_move_from16(code).map_err(value_error)?
    } else {
        return Err(wrong_type("a move is a Move or a 16-bit move code", r#move));
    };
    Ok(planes::move_label(usi, mover))
}

/// dlshogi's scale of evaluations: an evaluation `e` (the side to move's) is the value
/// `1 / (1 + exp(-e / EVAL_SCALE))`.
const EVAL_SCALE: f64 = 756.086_496_295_176_2;

/// The bytes one HCPE example decodes to: its two inputs (float32), its move label (int64),
/// its result and its value (float32 each).
const DECODED: usize = (FEATURES1_LEN + FEATURES2_LEN) * 4 + 8 + 4 + 4;

/// Decodes the HCPE examples in `data` (38 bytes each) for dlshogi's training, in parallel
/// with the GIL released, into one bytearray: every example's `features1`, then every
/// example's `features2`, labels, results and values (the blocks `masu/dlshogi.py` views as
/// arrays). An example whose position, move or result does not decode raises ValueError
/// naming its index.
#[pyfunction]
fn hcpe_decode_bytes<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
) -> PyResult<Bound<'py, PyByteArray>> {
    let (examples, rest) = data.as_chunks::<{ Hcpe::SIZE }>();
    if !rest.is_empty() {
        return Err(value_error(format!(
            "{} bytes are not a whole number of 38-byte examples",
            data.len()
        )));
    }
    let n = examples.len();
    let mut failure = None;
    let out = PyByteArray::new_with(py, n * DECODED, |out| {
        failure = py.detach(|| decode_all(examples, out)).err();
        Ok(())
    })?;
    match failure {
        None => Ok(out),
        Some((index, message)) => Err(value_error(format!("hcpes[{index}]: {message}"))),
    }
}

/// Fills `out` (laid out as [`hcpe_decode_bytes`] says) from `examples`, the first failure
/// by index and message.
fn decode_all(examples: &[[u8; Hcpe::SIZE]], out: &mut [u8]) -> Result<(), (usize, String)> {
    let n = examples.len();
    let (features1, rest) = out.split_at_mut(n * FEATURES1_LEN * 4);
    let (features2, rest) = rest.split_at_mut(n * FEATURES2_LEN * 4);
    let (labels, rest) = rest.split_at_mut(n * 8);
    let (results, values) = rest.split_at_mut(n * 4);
    examples
        .par_iter()
        .zip(features1.par_chunks_mut(FEATURES1_LEN * 4))
        .zip(features2.par_chunks_mut(FEATURES2_LEN * 4))
        .zip(labels.par_chunks_mut(8))
        .zip(results.par_chunks_mut(4))
        .zip(values.par_chunks_mut(4))
        .enumerate()
        .try_for_each(|(index, (((((bytes, f1), f2), label), result), value))| {
            let decoded = decode(&Hcpe::from_bytes(bytes), f1, f2).map_err(|e| (index, e))?;
            label.copy_from_slice(&decoded.label.to_ne_bytes());
            result.copy_from_slice(&decoded.result.to_ne_bytes());
            value.copy_from_slice(&decoded.value.to_ne_bytes());
            Ok(())
        })
}

/// An example's label, result and value.
struct Decoded {
    label: i64,
    result: f32,
    value: f32,
}

/// Writes `example`'s inputs into `features1` and `features2` (native-endian float32 bytes)
/// and gives the rest.
fn decode(example: &Hcpe, features1: &mut [u8], features2: &mut [u8]) -> Result<Decoded, String> {
    let pos = Hcp::to_position(&example.hcp).map_err(|e| e.to_string())?;
    let mv = hcp::move_from16(&pos, example.best_move).map_err(|e| e.to_string())?;
    let turn = pos.turn();
    // The side to move's result: 1 won, 0 lost, 0.5 drawn.
    let result = match (example.game_result, turn) {
        (Hcpe::DRAW, _) => 0.5,
        (Hcpe::BLACK_WIN, Color::Black) | (Hcpe::WHITE_WIN, Color::White) => 1.0,
        (Hcpe::BLACK_WIN | Hcpe::WHITE_WIN, _) => 0.0,
        (other, _) => return Err(format!("gameResult {other} is none of 0, 1, 2")),
    };
    let mut planes1 = [0.0_f32; FEATURES1_LEN];
    let mut planes2 = [0.0_f32; FEATURES2_LEN];
    planes::input_features(&pos, &mut planes1, &mut planes2);
    as_bytes(&planes1, features1);
    as_bytes(&planes2, features2);
    Ok(Decoded {
        label: planes::move_label(mv, turn) as i64,
        result,
        value: (1.0 / (1.0 + (-f64::from(example.eval) / EVAL_SCALE).exp())) as f32,
    })
}

/// `values` as native-endian bytes into `out` (four bytes each).
fn as_bytes(values: &[f32], out: &mut [u8]) {
    for (value, bytes) in values.iter().zip(out.as_chunks_mut::<4>().0) {
        *bytes = value.to_ne_bytes();
    }
}
