"""Game records: read KIF, KI2, CSA and JKF (format and encoding detected), write any of
them, and convert many files to HCPE training data in parallel."""

import os
import warnings
from typing import Iterable, Optional, Union

from masu._masu import kif as _kif
from masu import _names

Record = _kif.Record
ReadWarning = _kif.ReadWarning
ReadError = _kif.ReadError
LossWarning = _kif.LossWarning
read = _kif.read
read_all = _kif.read_all
read_str = _kif.read_str
to_csa_all = _kif.to_csa_all
write_all = _kif.write_all

__all__ = [
    "LossWarning",
    "ReadError",
    "ReadWarning",
    "Record",
    "read",
    "read_all",
    "read_many",
    "read_str",
    "to_csa_all",
    "to_hcpe",
    "to_psv",
    "write_all",
]


def _warn_skipped(errors, stacklevel):
    """Warns of each record left out, at the line of the user's call `stacklevel` frames
    up (1: the caller of this function)."""
    for _path, message in errors:
        # The message names the file.
        warnings.warn(f"skipped {message}", stacklevel=stacklevel + 1)


def _paths(paths):
    """The paths as strings; one path alone (whose characters would be taken for paths)
    is refused."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        raise TypeError(f"paths is a list of paths, not one {type(paths).__name__}: [path] for one file")
    return [os.fspath(p) for p in paths]


def _training(layout, dtype, paths, skip_errors, min_moves, min_rating, endings):
    """The examples of ``to_hcpe`` or ``to_psv`` (``layout``) as an array of ``dtype``
    (a name in ``masu.shogi``), converted in Rust; ``endings`` as a list, a single word
    refused (a ``str`` is iterable too)."""
    import numpy

    from masu import shogi

    if isinstance(endings, str):
        raise TypeError("endings is a list of words, not one str")
    endings = None if endings is None else list(endings)
    data, errors = _kif.training_bytes(
        _paths(paths), layout, skip_errors, min_moves, min_rating, endings
    )
    # Up: `to_hcpe` or `to_psv`, then the user's call.
    _warn_skipped(errors, 3)
    return numpy.frombuffer(data, dtype=getattr(shogi, dtype)).copy()


def read_many(
    paths: Iterable[Union[str, "os.PathLike[str]"]], skip_errors: bool = False, *, strict: bool = False
):
    """Reads many record files, as ``read`` reads each one, in parallel in Rust with the
    GIL released; returns the records in the order given (a list of ``Record``, one a
    file: of a CSA file of several games, the first with a warning; ``read_all`` gives
    them all). ``strict`` as for ``read``: a file with any problem cannot be read.

    A file that cannot be read raises ``ReadError`` (a ValueError; OSError when it cannot
    be opened), unless ``skip_errors`` is true: it is then left out with a ``UserWarning``
    naming it.
    """
    records, errors = _kif.read_many_records(_paths(paths), skip_errors, strict)
    _warn_skipped(errors, 2)
    return records


def to_hcpe(
    paths: Iterable[Union[str, "os.PathLike[str]"]],
    skip_errors: bool = False,
    *,
    min_moves: int = 0,
    min_rating: Optional[float] = None,
    endings: Optional[Iterable[str]] = None,
):
    """Converts record files to one numpy array of dtype
    ``masu.shogi.HuffmanCodedPosAndEval`` (cshogi's HCPE layout, 38 bytes a position).

    Every position of each record's main line before a move (every record of a CSA file
    that holds several) becomes one entry: the position as HCP, ``bestMove16`` the move
    played (cshogi's code), ``eval`` the engine evaluation written beside the move
    (``Record.scores``, turned to the side to move's point of view and clamped to ±32767,
    as dlshogi's ``csa_to_hcpe`` does; 0 without one), and ``gameResult`` 0 for a draw or
    no result, 1 when Black won, 2 when White did. The entries of a record end before its
    first illegal move. The files are read and converted in parallel in Rust with the GIL
    released, and concatenated in the order given.

    Only the records chosen are converted, as dlshogi's ``csa_to_hcpe`` chooses floodgate
    games: ``min_moves`` main-line moves at least, both players rated ``min_rating`` or
    more (``Record.ratings``; a record without both is left out once it is given), and a
    main line that ends with one of ``endings``, KIF words or CSA words (``["%TORYO",
    "%SENNICHITE", "%KACHI"]``; ValueError for a word that names no end of a game).

    A file that cannot be read, or a game that cannot be converted (a mate problem without
    the attacker's king; a record whose read dropped moves, after an unreadable or illegal
    one, whose result is then unknown: ``masu_kif::training::game_of``), raises ValueError (OSError when a file cannot be opened), unless
    ``skip_errors`` is true: it is then left out with a ``UserWarning`` naming it, a game
    alone (its file's other games kept).
    """
    return _training("hcpe", "HuffmanCodedPosAndEval", paths, skip_errors, min_moves, min_rating, endings)


def to_psv(
    paths: Iterable[Union[str, "os.PathLike[str]"]],
    skip_errors: bool = False,
    *,
    min_moves: int = 0,
    min_rating: Optional[float] = None,
    endings: Optional[Iterable[str]] = None,
):
    """Converts record files to one numpy array of dtype ``masu.shogi.PackedSfenValue``
    (YaneuraOu's training examples, 40 bytes each), as ``to_hcpe`` converts them to HCPE:
    the same positions, moves (YaneuraOu's code) and evaluations (``score``), ``gamePly``
    the position's move number (1 at the start of a game) and ``game_result`` the side to
    move's (1 won, -1 lost, 0 a draw or no result). The choice of records and errors as in
    ``to_hcpe``.
    """
    return _training("psv", "PackedSfenValue", paths, skip_errors, min_moves, min_rating, endings)


_names.claim(globals())
