"""masu: shogi and reversi for Python, in Rust.

Modules:

- ``masu.shogi``: ``Board`` (legal moves, push/pop, SFEN, HCP/PackedSfen), ``Move``,
  ``perft`` and the numpy dtypes of the training-data formats;
- ``masu.kif``: ``read`` records in KIF, KI2, CSA and JKF, write them, and ``to_hcpe`` for
  many files at once;
- ``masu.dlshogi``: dlshogi's network input and move labels, one board's or a batch of
  HCPE examples' at once;
- ``masu.tsume``: ``solve`` mate problems (df-pn), one or many in parallel;
- ``masu.reversi``: ``Board``, ``solve``, ``perft`` and ``Computer`` players;
- ``masu.usi``: ``Engine`` runs a USI engine, ``play_game`` plays two into a record.

Errors are Python exceptions carrying the Rust message: ``ValueError`` for bad text or
bytes, ``IllegalMoveError`` (a ``ValueError``) for a move that is not legal.
"""

from masu._masu import IllegalMoveError, __version__
from masu import dlshogi, kif, reversi, shogi, tsume, usi

__all__ = ["IllegalMoveError", "__version__", "dlshogi", "kif", "reversi", "shogi", "tsume", "usi"]
