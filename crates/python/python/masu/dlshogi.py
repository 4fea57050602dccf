"""dlshogi's network input and policy labels: cshogi's ``cshogi.dlshogi`` names, and
dlshogi's ``hcpe_decode_with_value`` for a whole batch of training examples.

The input is two float32 arrays seen by the side to move (its pieces first and, with White
to move, the board turned half a turn): ``features1``, 62 planes of 9x9 (per side, the 14
piece kinds, the squares each kind attacks, and the squares attacked at least once, twice
and three times), and ``features2``, 57 planes (per side, 28 planes for the pieces in hand,
then a plane of ones when the side to move is in check). A move's label is
``plane * 81 + destination`` with 27 planes: ten directions, the same ten promoting, seven
drops. Both are byte for byte cshogi's (the tests compare them).
"""

from masu._masu import shogi as _shogi
from masu import _names

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

EVAL_SCALE = _shogi.EVAL_SCALE
FEATURES1_NUM = _shogi.FEATURES1_NUM
FEATURES2_NUM = _shogi.FEATURES2_NUM
MOVE_LABELS_NUM = _shogi.MOVE_LABELS_NUM
MOVE_PLANES_NUM = _shogi.MOVE_PLANES_NUM
make_input_features = _shogi.make_input_features
make_move_label = _shogi.make_move_label
make_move_labels = _shogi.make_move_labels


def hcpe_decode_with_value(hcpes, features1=None, features2=None, move=None, result=None, value=None):
    """Decodes a batch of dlshogi's training examples (a numpy array of
    ``HuffmanCodedPosAndEval``, or its bytes) for training, in parallel in Rust, as
    dlshogi's ``hcpe_decode_with_value``: for each example its input
    (``features1``, float32, shape ``(n, 62, 9, 9)``; ``features2``, ``(n, 57, 9, 9)``), the
    label of its ``bestMove16`` (``move``, int64), the game's result for the side to move
    (``result``, float32: 1 won, 0 lost, 0.5 drawn) and its ``eval`` as a value (``value``,
    float32: ``1 / (1 + exp(-eval / EVAL_SCALE))``).

    Returns the five arrays. Arrays passed in (C-ordered, of those dtypes and ``n`` rows of
    entries, in any shape: dlshogi's ``(n, 1)`` for ``result`` and ``value``) are filled and
    returned; the others are made. The arrays are written in place by several threads with
    the GIL held (a batch of 1,024 takes about a millisecond), so no Python code touches them
    meanwhile; arrays that share memory are refused. An example whose position, move or
    result does not decode raises ValueError naming its index, the arrays then holding part
    of the batch.
    """
    import numpy

    from masu.shogi import _example_bytes

    data = _example_bytes(hcpes, "HuffmanCodedPosAndEval")
    n = len(data) // 38
    arrays = []
    for name, dtype, shape, given in [
        ("features1", numpy.float32, (n, FEATURES1_NUM, 9, 9), features1),
        ("features2", numpy.float32, (n, FEATURES2_NUM, 9, 9), features2),
        ("move", numpy.int64, (n,), move),
        ("result", numpy.float32, (n,), result),
        ("value", numpy.float32, (n,), value),
    ]:
        if given is None:
            given = numpy.empty(shape, dtype)
        elif not isinstance(given, numpy.ndarray) or given.dtype != dtype or given.size != numpy.prod(shape):
            raise ValueError(f"{name} must be a numpy {numpy.dtype(dtype)} array of {int(numpy.prod(shape))} entries")
        elif not (given.flags.c_contiguous and given.flags.writeable):
            raise ValueError(f"{name} must be a writable array in C order")
        for other_name, other in zip(["features1", "features2", "move", "result"], arrays):
            if numpy.may_share_memory(given, other):
                raise ValueError(f"{other_name} and {name} share memory")
        arrays.append(given)
    if not _shogi.hcpe_decode_into(data, *arrays):
        # A build whose ABI cannot write into arrays: numpy copies each block in.
        for array, block in zip(arrays, _shogi.hcpe_decode_bytes(data)):
            numpy.copyto(array, numpy.frombuffer(block, dtype=array.dtype).reshape(array.shape))
    return tuple(arrays)


_names.claim(globals())
