"""Shogi: the board, moves, perft, and the training-data formats.

Squares are numbered as cshogi numbers them, ``1a = 0, 1b = 1, ... 9i = 80`` (file-major),
and methods that take a square also accept its USI name (``"7g"``). Colours are ``BLACK =
0`` (sente) and ``WHITE = 1`` (gote).

The numpy dtypes (``HuffmanCodedPos``, ``HuffmanCodedPosAndEval``, ``PackedSfen``,
``PackedSfenValue``) have cshogi's field names and layouts; importing them needs numpy,
nothing else in this module does.
"""

from masu._masu import shogi as _shogi
from masu import _names

__all__ = [
    "BLACK",
    "BLACK_WIN",
    "DRAW",
    "Board",
    "HuffmanCodedPos",
    "HuffmanCodedPosAndEval",
    "LegalMoves",
    "LAW_24",
    "LAW_27",
    "Move",
    "NOT_REPETITION",
    "NYUGYOKU_DRAW",
    "NYUGYOKU_NONE",
    "NYUGYOKU_WIN",
    "PackedSfen",
    "PackedSfenValue",
    "REPETITION_DRAW",
    "REPETITION_INFERIOR",
    "REPETITION_LOSE",
    "REPETITION_SUPERIOR",
    "REPETITION_WIN",
    "STARTING_SFEN",
    "WHITE",
    "WHITE_WIN",
    "hcpe_to_psv",
    "perft",
    "psv_to_hcpe",
    "read_usi_bestmove",
    "read_usi_checkmate",
    "read_usi_info",
    "read_usi_option",
    "rotate_sfen",
    "write_usi_setoption",
]

import collections.abc
import warnings

# The names the extension defines; the numpy dtypes are made on first use (`__getattr__`).
globals().update((name, getattr(_shogi, name)) for name in __all__ if hasattr(_shogi, name))
# A sequence to `isinstance` and to code that asks for one, as a list or a tuple is.
collections.abc.Sequence.register(_shogi.LegalMoves)

_DTYPES = {
    "HuffmanCodedPos": [("hcp", "u1", 32)],
    "HuffmanCodedPosAndEval": [
        ("hcp", "u1", 32),
        ("eval", "<i2"),
        ("bestMove16", "<i2"),  # cshogi's type: its codes use 15 bits
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


def _example_bytes(examples, source):
    """The bytes of `examples`: a numpy array of the dtype named `source`, or its bytes."""
    import numpy

    if isinstance(examples, (bytes, bytearray, memoryview)):
        return bytes(examples)
    source = __getattr__(source)
    array = numpy.ascontiguousarray(examples)
    if (array.dtype.itemsize, array.dtype.names) != (source.itemsize, source.names):
        raise TypeError(f"expected an array of dtype {source}, not {array.dtype}")
    return array.tobytes()


def _convert(examples, source, target, to_bytes, skip_errors):
    """`examples` (a numpy array of dtype `source`, or its bytes) converted by the
    extension's `to_bytes` into an array of dtype `target`."""
    import numpy

    data = _example_bytes(examples, source)
    source, target = __getattr__(source), __getattr__(target)
    converted, skipped = to_bytes(data, skip_errors)
    if skipped:
        total = len(data) // source.itemsize
        warnings.warn(f"skipped {skipped} of {total} examples that do not convert", stacklevel=3)
    return numpy.frombuffer(converted, dtype=target)


def psv_to_hcpe(psvs, skip_errors=False):
    """Converts YaneuraOu's training examples (a numpy array of ``PackedSfenValue``, or
    its bytes) to dlshogi's: an array of ``HuffmanCodedPosAndEval``, one per example, in
    order. The position is the same, ``eval`` the score (both the side to move's),
    ``bestMove16`` the same move in cshogi's code, and ``gameResult`` the game's result
    seen from the board (1 Black won, 2 White won, 0 drawn) where ``game_result`` saw it
    from the side to move (1 won, -1 lost, 0 drawn). Converted in parallel in Rust with the
    GIL released.

    An example that does not convert (bytes that are no position, a move code that is no
    legal move there, a result other than 1, 0, -1) raises ValueError naming its index,
    unless ``skip_errors`` is true: it is then left out, and a ``UserWarning`` counts them.
    """
    return _convert(psvs, "PackedSfenValue", "HuffmanCodedPosAndEval", _shogi.psv_to_hcpe_bytes, skip_errors)


def hcpe_to_psv(hcpes, skip_errors=False):
    """Converts dlshogi's training examples (a numpy array of ``HuffmanCodedPosAndEval``,
    or its bytes) to YaneuraOu's: an array of ``PackedSfenValue``, as ``psv_to_hcpe`` the
    other way; ``gamePly`` is 0 (HCPE does not store it). Errors as in ``psv_to_hcpe``.
    """
    return _convert(hcpes, "HuffmanCodedPosAndEval", "PackedSfenValue", _shogi.hcpe_to_psv_bytes, skip_errors)


_names.claim(globals())
