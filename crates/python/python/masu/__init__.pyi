from masu import dlshogi as dlshogi
from masu import kif as kif
from masu import reversi as reversi
from masu import shogi as shogi
from masu import tsume as tsume
from masu import usi as usi

__all__ = ["IllegalMoveError", "__version__", "dlshogi", "kif", "reversi", "shogi", "tsume", "usi"]

__version__: str

class IllegalMoveError(ValueError):
    """A well-formed move that is not legal in the position."""
