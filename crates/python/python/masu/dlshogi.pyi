"""dlshogi's network input and policy labels (cshogi's ``cshogi.dlshogi`` names)."""

from typing import Any, List, Optional, Tuple, Union

from masu.shogi import Board, Move

__all__ = [
    "EVAL_SCALE",
    "FEATURES1_NUM",
    "FEATURES2_NUM",
    "MOVE_LABELS_NUM",
    "MOVE_PLANES_NUM",
    "hcpe_decode_with_value",
    "make_input_features",
    "make_move_label",
    "make_move_labels",
]

EVAL_SCALE: float
FEATURES1_NUM: int
FEATURES2_NUM: int
MOVE_LABELS_NUM: int
MOVE_PLANES_NUM: int

def make_input_features(board: Board, features1: Any, features2: Any) -> None:
    """Writes the board's input, seen by the side to move, into two float32 arrays."""

def make_move_label(move: Union[Move, int], color: int) -> int:
    """The policy label (0 .. 2186) of a move or 16-bit move code played by ``color``."""

def make_move_labels(board: Board) -> List[int]:
    """The labels of every legal move, in the order of ``board.legal_moves``."""

def hcpe_decode_with_value(
    hcpes: Any,
    features1: Optional[Any] = None,
    features2: Optional[Any] = None,
    move: Optional[Any] = None,
    result: Optional[Any] = None,
    value: Optional[Any] = None,
) -> Tuple[Any, Any, Any, Any, Any]:
    """A batch of HCPE examples as (features1, features2, move, result, value) arrays."""
