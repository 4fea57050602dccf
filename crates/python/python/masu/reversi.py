"""Reversi (othello): the board, the exact endgame solver, perft and computer players."""

from masu._masu import reversi as _reversi
from masu import _names

Board = _reversi.Board
Computer = _reversi.Computer
Solver = _reversi.Solver
solve = _reversi.solve
perft = _reversi.perft
BLACK = 0
WHITE = 1

__all__ = ["BLACK", "Board", "Computer", "Solver", "WHITE", "perft", "solve"]


_names.claim(globals())
