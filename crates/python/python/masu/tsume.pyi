"""Tsume solving with df-pn."""

from typing import List, Optional, Sequence, Tuple, Union, final

from masu.shogi import Board

__all__ = ["Solution", "Solver", "solve", "solve_many"]

@final
class Solution:
    """The answer to a mate problem."""

    verdict: str
    length: Optional[int]
    exact: bool
    line: List[str]
    line_ki2: List[str]
    convention_length: Optional[int]
    alternatives: List[Tuple[int, str]]
    undecided: List[Tuple[int, str]]
    alternatives_complete: bool
    stopped: Optional[str]
    nodes: int
    seconds: float

@final
class Solver:
    """A solver that keeps its settings and table from one problem to the next."""

    level: str
    nodes: Optional[int]
    time: Optional[float]
    hash_mb: int
    threads: int

    def __new__(
        cls,
        level: str = "full",
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        hash_mb: int = 256,
        threads: int = 1,
    ) -> "Solver":
        """A solver with the settings of `solve`; its table is reserved now."""

    def solve(self, sfen: Union[str, Board], max_plies: Optional[int] = None) -> Solution:
        """Solves one mate problem with this solver's settings and table."""

def solve(
    sfen: Union[str, Board],
    level: str = "full",
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    hash_mb: int = 256,
    threads: int = 1,
    max_plies: Optional[int] = None,
) -> Solution:
    """Solves one mate problem (with `threads` above 1, on that many threads); with
    `max_plies`, "no_mate_within" means no mate that short. ValueError for `threads`
    outside 1 to 1024, `hash_mb` below 1, or `nodes` or `max_plies` below 0."""

def solve_many(
    sfens: Sequence[Union[str, Board]],
    level: str = "full",
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    hash_mb: int = 64,
    threads: Optional[int] = None,
    max_plies: Optional[int] = None,
) -> List[Solution]:
    """Solves many mate problems in parallel."""
