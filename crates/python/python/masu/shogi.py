"""Shogi: the board, moves, perft, and the training-data formats.

Squares are numbered as cshogi numbers them, ``1a = 0, 1b = 1, ... 9i = 80`` (file-major),
and methods that take a square also accept its USI name (``"7g"``). Colours are ``BLACK =
0`` (sente) and ``WHITE = 1`` (gote).

The numpy dtypes (``HuffmanCodedPos``, ``HuffmanCodedPosAndEval``, ``PackedSfen``,
``PackedSfenValue``) have cshogi's field names and layouts; importing them needs numpy,
nothing else in this module does.
"""

from masu._masu import shogi as _shogi

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

# The names the extension defines; the numpy dtypes are made on first use (`__getattr__`).
globals().update((name, getattr(_shogi, name)) for name in __all__ if hasattr(_shogi, name))

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
