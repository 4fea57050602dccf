"""Tsume (mate problem) solving with df-pn: ``solve`` for one problem, ``solve_many`` for
many in parallel. Both release the GIL and stop cleanly on Ctrl-C or a time limit."""

from masu._masu import tsume as _tsume

Solution = _tsume.Solution
solve = _tsume.solve
solve_many = _tsume.solve_many

__all__ = ["Solution", "solve", "solve_many"]
