//! dlshogi's network input and policy labels ([`shogi::planes`]) for Python: one board's,
//! as cshogi's `dlshogi` module gives them, and a batch of HCPE examples' decoded in
//! parallel, as dlshogi's `hcpe_decode_with_value`. The numpy side is in `masu/dlshogi.py`.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBytes, PyInt};
use rayon::prelude::*;
use shogi::packed::{Hcp, Hcpe, hcp};
use shogi::planes::{self, FEATURES1_LEN, FEATURES2_LEN};
use shogi::{Color, UsiMove};

use super::{Board, Move, planes::write_all};
use crate::errors::{value_error, wrong_type};
#[cfg(all(any(Py_3_11, not(Py_LIMITED_API)), not(Py_GIL_DISABLED)))]
use crate::unsafe_speedups::{ArrayOut, fill};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(make_input_features, m)?)?;
    m.add_function(wrap_pyfunction!(make_move_label, m)?)?;
    m.add_function(wrap_pyfunction!(make_move_labels, m)?)?;
    m.add_function(wrap_pyfunction!(hcpe_decode_into, m)?)?;
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
    // Straight into C-ordered arrays of the right sizes where the build can (no copy of the
    // 38 KB through the stack); through `write_all` otherwise. The arrays are taken before
    // the board is borrowed: taking them may run Python code.
    #[cfg(all(any(Py_3_11, not(Py_LIMITED_API)), not(Py_GIL_DISABLED)))]
    if let (Ok(a), Ok(b)) = (
        ArrayOut::<f32>::get(features1, "features1"),
        ArrayOut::<f32>::get(features2, "features2"),
    ) && (a.len(), b.len()) == (FEATURES1_LEN, FEATURES2_LEN)
    {
        let state = board.state(py)?;
        let pos = state.position();
        return fill(py, &mut [a, b], &mut [], |floats, _| {
            let [f1, f2] =
                <[_; 2]>::try_from(floats).unwrap_or_else(|_| unreachable!("two arrays"));
            let (Ok(f1), Ok(f2)) = (f1.try_into(), f2.try_into()) else {
                unreachable!("sizes checked")
            };
            planes::input_features(pos, f1, f2);
        });
    }
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
    } else if r#move.cast::<PyInt>().is_ok() {
        return Err(value_error(format!(
            "move code {move} is not a 16-bit move code (0 to 65535)",
            move = r#move
        )));
    } else {
        return Err(wrong_type("a move is a Move or a 16-bit move code", r#move));
    };
    Ok(planes::move_label(usi, mover))
}

/// The policy labels of every legal move of `board`, in the order of `board.legal_moves`
/// (what a search reads from the policy output when it expands a node), in one call where
/// `make_move_label` takes one per move.
#[pyfunction]
fn make_move_labels(py: Python<'_>, board: &Board) -> PyResult<Vec<usize>> {
    let state = board.state(py)?;
    let pos = state.position();
    let mut list = shogi::MoveList::new();
    pos.legal_moves_into(&mut list);
    Ok(list
        .iter()
        .map(|&m| planes::move_label(m, pos.turn()))
        .collect())
}

/// dlshogi's scale of evaluations: an evaluation `e` (the side to move's) is the value
/// `1 / (1 + exp(-e / EVAL_SCALE))`.
const EVAL_SCALE: f64 = 756.086_496_295_176_2;

/// Decodes the HCPE examples in `data` (38 bytes each) for dlshogi's training, in parallel,
/// into the five arrays given (numpy arrays of float32, float32, int64, float32 and float32
/// with as many entries as the examples need, in C order): every example's `features1`,
/// `features2`, label, result and value. The GIL stays held (the arrays are the caller's,
/// which no Python code may touch meanwhile). False, with nothing written, where this build
/// of the extension cannot write into arrays (the stable ABI of CPython before 3.11, the
/// free-threaded interpreter: `masu/dlshogi.py` copies [`hcpe_decode_bytes`] in). An example
/// whose position, move or result does not decode raises ValueError naming its index.
#[pyfunction]
fn hcpe_decode_into(
    py: Python<'_>,
    data: PyBackedBytes,
    features1: &Bound<'_, PyAny>,
    features2: &Bound<'_, PyAny>,
    labels: &Bound<'_, PyAny>,
    results: &Bound<'_, PyAny>,
    values: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    #[cfg(all(any(Py_3_11, not(Py_LIMITED_API)), not(Py_GIL_DISABLED)))]
    {
        let examples = examples(&data)?;
        let n = examples.len();
        let mut floats = [
            ArrayOut::get(features1, "features1")?,
            ArrayOut::get(features2, "features2")?,
            ArrayOut::get(results, "result")?,
            ArrayOut::get(values, "value")?,
        ];
        let mut ints = [ArrayOut::get(labels, "move")?];
        for (array, per_example) in floats.iter().zip([FEATURES1_LEN, FEATURES2_LEN, 1, 1]) {
            check_size(array.name(), array.len(), n * per_example)?;
        }
        check_size("move", ints[0].len(), n)?;
        let decoded = fill(py, &mut floats, &mut ints, |floats, ints| {
            let [features1, features2, results, values] =
                <[_; 4]>::try_from(floats).unwrap_or_else(|_| unreachable!("four float arrays"));
            let [labels] =
                <[_; 1]>::try_from(ints).unwrap_or_else(|_| unreachable!("one int array"));
            decode_into(examples, features1, features2, labels, results, values)
        })?;
        decoded.map_err(failed)?;
        Ok(true)
    }
    #[cfg(not(all(any(Py_3_11, not(Py_LIMITED_API)), not(Py_GIL_DISABLED))))]
    {
        let _ = (py, data, features1, features2, labels, results, values);
        Ok(false)
    }
}

#[cfg(all(any(Py_3_11, not(Py_LIMITED_API)), not(Py_GIL_DISABLED)))]
fn check_size(name: &str, size: usize, expected: usize) -> PyResult<()> {
    if size == expected {
        Ok(())
    } else {
        Err(value_error(format!(
            "{name} has {size} entries where the examples need {expected}"
        )))
    }
}

/// [`hcpe_decode_into`]'s five arrays as the bytes of each (native-endian), decoded with the
/// GIL released, for the builds that cannot write into arrays.
#[pyfunction]
fn hcpe_decode_bytes<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
) -> PyResult<[Bound<'py, PyBytes>; 5]> {
    let examples = examples(&data)?;
    let n = examples.len();
    let mut features1 = vec![0.0; n * FEATURES1_LEN];
    let mut features2 = vec![0.0; n * FEATURES2_LEN];
    let mut labels = vec![0; n];
    let mut results = vec![0.0; n];
    let mut values = vec![0.0; n];
    py.detach(|| {
        decode_into(
            examples,
            &mut features1,
            &mut features2,
            &mut labels,
            &mut results,
            &mut values,
        )
    })
    .map_err(failed)?;
    let floats = |values: &[f32]| {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        PyBytes::new(py, &bytes)
    };
    let labels: Vec<u8> = labels.iter().flat_map(|v| v.to_ne_bytes()).collect();
    Ok([
        floats(&features1),
        floats(&features2),
        PyBytes::new(py, &labels),
        floats(&results),
        floats(&values),
    ])
}

/// The examples of `data`, ValueError when it is not a whole number of them.
fn examples(data: &[u8]) -> PyResult<&[[u8; Hcpe::SIZE]]> {
    let (examples, rest) = data.as_chunks::<{ Hcpe::SIZE }>();
    if rest.is_empty() {
        Ok(examples)
    } else {
        Err(value_error(format!(
            "{} bytes are not a whole number of 38-byte examples",
            data.len()
        )))
    }
}

/// The error of the example that did not decode.
fn failed((index, message): (usize, String)) -> PyErr {
    value_error(format!("hcpes[{index}]: {message}"))
}

/// Decodes every example of `examples` on rayon's threads into the slices (each as long as
/// the examples need); the first failure by index and message.
fn decode_into(
    examples: &[[u8; Hcpe::SIZE]],
    features1: &mut [f32],
    features2: &mut [f32],
    labels: &mut [i64],
    results: &mut [f32],
    values: &mut [f32],
) -> Result<(), (usize, String)> {
    examples
        .par_iter()
        .zip(features1.par_chunks_exact_mut(FEATURES1_LEN))
        .zip(features2.par_chunks_exact_mut(FEATURES2_LEN))
        .zip(labels.par_iter_mut())
        .zip(results.par_iter_mut())
        .zip(values.par_iter_mut())
        .enumerate()
        .try_for_each(|(index, (((((bytes, f1), f2), label), result), value))| {
            let (Ok(f1), Ok(f2)) = (f1.try_into(), f2.try_into()) else {
                unreachable!("chunks of the inputs' sizes")
            };
            let decoded = decode(&Hcpe::from_bytes(bytes), f1, f2).map_err(|e| (index, e))?;
            (*label, *result, *value) = (decoded.label, decoded.result, decoded.value);
            Ok(())
        })
}

/// An example's label, result and value.
struct Decoded {
    label: i64,
    result: f32,
    value: f32,
}

/// Writes `example`'s inputs into `features1` and `features2` and gives the rest.
fn decode(
    example: &Hcpe,
    features1: &mut [f32; FEATURES1_LEN],
    features2: &mut [f32; FEATURES2_LEN],
) -> Result<Decoded, String> {
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
    planes::input_features(&pos, features1, features2);
    Ok(Decoded {
        label: planes::move_label(mv, turn) as i64,
        result,
        value: (1.0 / (1.0 + (-f64::from(example.eval) / EVAL_SCALE).exp())) as f32,
    })
}
