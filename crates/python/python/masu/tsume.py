"""Tsume (mate problem) solving with df-pn: ``solve`` for one problem, ``Solver`` for many
one after another with one table, ``solve_many`` for many in parallel. All release the GIL
and stop cleanly on Ctrl-C or a time limit."""

from masu._masu import tsume as _tsume
from masu import _names

Solution = _tsume.Solution
Solver = _tsume.Solver
solve = _tsume.solve
solve_many = _tsume.solve_many

__all__ = ["Solution", "Solver", "solve", "solve_many"]


_names.claim(globals())
