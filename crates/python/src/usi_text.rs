//! The USI text of a move as a Python string made once per move and shared: a record's
//! `moves` and `Move.usi()` hand out the same `str` objects for the same moves instead of
//! decoding four or five bytes into a new string each time.

use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::types::PyString;
use shogi::packed::hcp;

use crate::slots::locked;

/// The strings by cshogi's 16-bit move code, which has 15 bits in use and determines the
/// USI text (origin or dropped piece, destination, promotion): a direct index, no
/// collisions. 256 KiB of pointers; the strings made are those of the moves seen, about
/// 14,000 at most.
static TEXTS: Mutex<Vec<Option<Py<PyString>>>> = Mutex::new(Vec::new());

const CODES: usize = 1 << 15;

/// The table of USI strings, locked: take it once for a whole line of moves.
pub(crate) struct UsiTexts(MutexGuard<'static, Vec<Option<Py<PyString>>>>);

impl UsiTexts {
    pub(crate) fn lock() -> UsiTexts {
        UsiTexts(locked(&TEXTS, CODES))
    }

    /// The USI text of `mv`: `7g7f`, `8h2b+`, `P*5e` (`+B*5b` or `K*4b` for a recorded
    /// foul dropping a kind no hand holds).
    pub(crate) fn get<'py>(&mut self, py: Python<'py>, mv: shogi::Move) -> Bound<'py, PyString> {
        let text = |mv: shogi::Move| PyString::new(py, mv.to_usi().encode(&mut [0; 6]));
        if let shogi::Move::Drop { kind, .. } = mv
            && !kind.is_hand_kind()
        {
            // The code of such a drop is not its own (cshogi's codes have no room for it:
            // it is a board move's), so its text is made each time rather than shared.
            return text(mv);
        }
        let slot = &mut self.0[usize::from(hcp::move16(mv))];
        match slot {
            Some(text) => text.bind(py).clone(),
            None => {
                let text = text(mv);
                *slot = Some(text.clone().unbind());
                text
            }
        }
    }
}
