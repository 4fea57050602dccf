//! `masu.shogi.Move`: one legal move of a position.

use pyo3::prelude::*;
use shogi::packed::{hcp, psfen};

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

#[pymethods]
impl Move {
    /// The USI text: `7g7f`, `8h2b+`, `P*5e`.
    fn usi(&self) -> String {
        self.mv.to_string()
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

    fn __str__(&self) -> String {
        self.usi()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.mv)
    }
}
