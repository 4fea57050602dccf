"""Shogi: the board, moves, perft, and the training-data formats.

Squares are numbered as cshogi numbers them, ``1a = 0, 1b = 1, ... 9i = 80`` (file-major),
and methods that take a square also accept its USI name (``"7g"``). Colours are ``BLACK =
0`` (sente) and ``WHITE = 1`` (gote).

The numpy dtypes (``HuffmanCodedPos``, ``HuffmanCodedPosAndEval``, ``PackedSfen``,
``PackedSfenValue``) have cshogi's field names and layouts; importing them needs numpy,
nothing else in this module does.
"""

from masu._masu import shogi as _shogi

Board = _shogi.Board
Move = _shogi.Move
LegalMoves = _shogi.LegalMoves
perft = _shogi.perft
BLACK = _shogi.BLACK
WHITE = _shogi.WHITE
STARTING_SFEN = _shogi.STARTING_SFEN
NOT_REPETITION = _shogi.NOT_REPETITION
REPETITION_DRAW = _shogi.REPETITION_DRAW
REPETITION_WIN = _shogi.REPETITION_WIN
REPETITION_LOSE = _shogi.REPETITION_LOSE
REPETITION_SUPERIOR = _shogi.REPETITION_SUPERIOR
REPETITION_INFERIOR = _shogi.REPETITION_INFERIOR

__all__ = [
    "BLACK",
    "Board",
    "HuffmanCodedPos",
    "HuffmanCodedPosAndEval",
    "LegalMoves",
    "Move",
    "NOT_REPETITION",
    "PackedSfen",
    "PackedSfenValue",
    "REPETITION_DRAW",
    "REPETITION_INFERIOR",
    "REPETITION_LOSE",
    "REPETITION_SUPERIOR",
    "REPETITION_WIN",
    "STARTING_SFEN",
    "WHITE",
    "perft",
]

_DTYPES = {
    "HuffmanCodedPos": [("hcp", "u1", 32)],
    "HuffmanCodedPosAndEval": [
        ("hcp", "u1", 32),
        ("eval", "<i2"),
        ("bestMove16", "<u2"),
        ("gameResult", "i1"),
        ("dummy", "u1"),
    ],
    "PackedSfen": [("sfen", "u1", 32)],
    "PackedSfenValue": [
        ("sfen", "u1", 32),
        ("score", "<i2"),
        ("move", "<u2"),
        ("gamePly", "<u2"),
        ("game_result", "i1"),
        ("padding", "u1"),
    ],
}


def __getattr__(name):
    """The numpy dtypes, built on first use so that numpy stays optional."""
    if name in _DTYPES:
        import numpy

        dtype = numpy.dtype(_DTYPES[name])
        globals()[name] = dtype
        return dtype
    raise AttributeError(f"module 'masu.shogi' has no attribute {name!r}")
