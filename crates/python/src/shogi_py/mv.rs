//! `masu.shogi.Move`: one legal move of a position.

use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::types::PyString;
use shogi::packed::{hcp, psfen};

use crate::errors::value_error;
use crate::pickle::{Reduced, reduce_with};
use crate::slots::locked;
use crate::usi_text::UsiTexts;

/// A move of a shogi position, as `Board.legal_moves` and `Board.push_usi` give it.
///
/// It stores the moving and captured pieces, so it is meaningful only in the position it
/// was made for. `str(move)` is its USI text.
#[pyclass(module = "masu.shogi", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Move {
    pub(crate) mv: shogi::Move,
    /// The side that plays it (Japanese names depend on it).
    pub(crate) color: shogi::Color,
}

/// The last `Move` object made for each move (and side), in a direct-mapped table of
/// [`INTERNED_SLOTS`] slots. Making a Python object and freeing it again costs more than
/// generating the move; positions share most of their moves, so `list(board.legal_moves)`
/// mostly hands out objects from here. The objects are immutable, so sharing them is
/// invisible but for `is`.
static INTERNED: Mutex<Vec<Option<Py<Move>>>> = Mutex::new(Vec::new());

/// 2^14 slots: 128 KiB of pointers and at most 16,384 objects kept alive.
const INTERNED_BITS: u32 = 14;
const INTERNED_SLOTS: usize = 1 << INTERNED_BITS;

/// The table of interned moves, locked: take it once for a whole list of moves.
pub(crate) struct Interner(MutexGuard<'static, Vec<Option<Py<Move>>>>);

impl Interner {
    pub(crate) fn lock() -> Interner {
        Interner(locked(&INTERNED, INTERNED_SLOTS))
    }

    /// The object of `m`: the interned one when its slot holds `m`, else a new one that
    /// takes the slot.
    pub(crate) fn get(&mut self, py: Python<'_>, m: Move) -> PyResult<Py<Move>> {
        let slot = &mut self.0[m.slot()];
        if let Some(object) = slot.as_ref()
            && *object.get() == m
        {
            return Ok(object.clone_ref(py));
        }
        let object = Py::new(py, m)?;
        // Dropped as a `Bound`: a plain `Py` drop asks whether the thread is attached.
        if let Some(old) = slot.replace(object.clone_ref(py)) {
            drop(old.into_bound(py));
        }
        Ok(object)
    }
}

/// A pickled move: USI text, moving kind and captured kind (`PieceKind::index`), side.
type MoveState = (String, usize, Option<usize>, usize);

impl Move {
    /// The move of a pickled state, `None` when no position has it as a legal move: the
    /// kinds and the USI text must agree (a drop of a hand kind, a promotion of a kind that
    /// promotes), and no king is captured.
    fn from_state((usi, kind, capture, color): &MoveState) -> Option<Move> {
        let kind = shogi::PieceKind::from_index(*kind)?;
        let capture = match capture {
            Some(k) => Some(shogi::PieceKind::from_index(*k)?),
            None => None,
        };
        if capture == Some(shogi::PieceKind::King) {
            return None;
        }
        let mv = match usi.parse::<shogi::UsiMove>().ok()? {
            shogi::UsiMove::Normal { from, to, promote } => {
                if from == to || (promote && !kind.can_promote()) {
                    return None;
                }
                shogi::Move::Normal {
                    from,
                    to,
                    kind,
                    capture,
                    promote,
                }
            }
            shogi::UsiMove::Drop { kind: dropped, to } => {
                if dropped != kind || capture.is_some() {
                    return None;
                }
                shogi::Move::Drop { kind, to }
            }
        };
        let color = match color {
            0 => shogi::Color::Black,
            1 => shogi::Color::White,
            _ => return None,
        };
        Some(Move { mv, color })
    }

    /// The object of `mv` played by `color`, interned (see [`Interner`]).
    pub(crate) fn object(
        py: Python<'_>,
        mv: shogi::Move,
        color: shogi::Color,
    ) -> PyResult<Py<Move>> {
        Interner::lock().get(py, Move { mv, color })
    }

    /// The slot of this move in [`INTERNED`]: its 16-bit code (origin, destination,
    /// promotion or dropped kind), the moving and captured kinds and the side, mixed by a
    /// multiplication.
    fn slot(&self) -> usize {
        let capture = self.mv.capture().map_or(15, |k| k.index() as u32);
        let code = u32::from(hcp::move16(self.mv))
            | (self.mv.kind().index() as u32) << 15
            | capture << 19
            | (self.color.index() as u32) << 23;
        (code.wrapping_mul(0x9e37_79b1) >> (32 - INTERNED_BITS)) as usize
    }
}

#[pymethods]
impl Move {
    /// The USI text: `7g7f`, `8h2b+`, `P*5e`.
    fn usi<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        UsiTexts::lock().get(py, self.mv)
    }

    /// The CSA text with the side's sign: `+7776FU`, `-0055KA`, `+8822UM` (the piece after
    /// the move). cshogi's `move_to_csa` is this without the sign.
    fn csa(&self) -> String {
        kif::csa::CsaMove::from_move(&self.mv, self.color).to_string()
    }

    /// cshogi's 16-bit move (HCPE's `bestMove16`): destination in bits 0-6, origin in bits
    /// 7-13 (81 + piece number for a drop), promotion in bit 14.
    fn to_move16(&self) -> u16 {
        hcp::move16(self.mv)
    }

    /// YaneuraOu's 16-bit move (PackedSfenValue's `move`): bit 14 marks a drop, bit 15 a
    /// promotion.
    fn to_psv_move16(&self) -> u16 {
        psfen::move16(self.mv)
    }

    /// The same move seen from the other side of the board, played by the other side, as
    /// it is played in the position `rotate_sfen` gives (cshogi's `move_rotate`): `7g7f`
    /// becomes `3c3d`.
    fn rotated(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        Move::object(py, self.mv.rotated(), !self.color)
    }

    /// The Japanese text as KIF writes it: `７六歩(77)`, `２二角成(88)`, `５五角打`.
    fn japanese(&self) -> String {
        self.mv.to_japanese(self.color).with_origin().to_string()
    }

    /// The origin square index (0-80, 1a = 0), `None` for a drop.
    #[getter(from_square)]
    fn origin(&self) -> Option<usize> {
        self.mv.from().map(shogi::Square::index)
    }

    /// The destination square index (0-80, 1a = 0).
    #[getter]
    fn to_square(&self) -> usize {
        self.mv.to().index()
    }

    /// The moving or dropped piece as an uppercase SFEN letter (`P`, `+B` ...), before any
    /// promotion.
    #[getter]
    fn piece(&self) -> &'static str {
        self.mv.kind().to_sfen()
    }

    /// The captured piece as an uppercase SFEN letter, `None` when nothing is captured.
    #[getter]
    fn captured(&self) -> Option<&'static str> {
        self.mv.capture().map(shogi::PieceKind::to_sfen)
    }

    /// Whether the move drops a piece from hand.
    #[getter]
    fn is_drop(&self) -> bool {
        self.mv.is_drop()
    }

    /// Whether the piece promotes.
    #[getter]
    fn is_promotion(&self) -> bool {
        self.mv.is_promotion()
    }

    /// Whether the move captures.
    #[getter]
    fn is_capture(&self) -> bool {
        self.mv.is_capture()
    }

    /// Pickles as (USI text, moving kind, captured kind, side); see [`Move::from_state`].
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, MoveState> {
        let Move { mv, color } = slf.get().clone();
        let state = (
            mv.to_usi().to_string(),
            mv.kind().index(),
            mv.capture().map(shogi::PieceKind::index),
            color.index(),
        );
        reduce_with(slf, state)
    }

    /// The move of a pickled state, the interned object. Raises ValueError for a state no
    /// legal move of any position has.
    #[classmethod]
    fn _from_state(
        _class: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        state: MoveState,
    ) -> PyResult<Py<Move>> {
        let m = Move::from_state(&state)
            .ok_or_else(|| value_error(format!("not a move: {state:?}")))?;
        Interner::lock().get(py, m)
    }

    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.usi(py)
    }

    /// `<Move 7g7f>`: a move is made by a board (`board.move_from_usi`), not by a
    /// constructor, so its repr is not one (as `LegalMoves`' is not).
    fn __repr__(&self) -> String {
        format!("<Move {}>", self.mv)
    }
}
