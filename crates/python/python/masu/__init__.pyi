from masu import dlshogi as dlshogi
from masu import kif as kif
from masu import reversi as reversi
from masu import shogi as shogi
from masu import tsume as tsume

__all__ = ["IllegalMoveError", "__version__", "dlshogi", "kif", "reversi", "shogi", "tsume"]

__version__: str

class IllegalMoveError(ValueError):
    """A well-formed move that is not legal in the position."""
