"""Tsume solving with df-pn."""

from typing import List, Optional, Tuple

class Solution:
    """The answer to a mate problem."""

    verdict: str
    length: Optional[int]
    exact: bool
    line: List[str]
    convention_length: Optional[int]
    alternatives: List[Tuple[int, str]]
    stopped: Optional[str]
    nodes: int
    seconds: float

def solve(
    sfen: str,
    level: str = "full",
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    hash_mb: int = 256,
    threads: int = 1,
) -> Solution:
    """Solves one mate problem (with `threads` above 1, on that many threads)."""

def solve_many(
    sfens: List[str],
    level: str = "full",
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    hash_mb: int = 64,
    threads: Optional[int] = None,
) -> List[Solution]:
    """Solves many mate problems in parallel."""
