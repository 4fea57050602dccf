"""Reversi (othello): the board, the exact endgame solver, perft and computer players."""

from typing import ClassVar, List, Optional, Tuple, final

__all__ = ["BLACK", "Board", "Computer", "Solver", "WHITE", "perft", "solve"]

BLACK: int
WHITE: int

@final
class Board:
    """A reversi board with its history."""

    def __new__(cls, text: Optional[str] = None) -> "Board":
        """The standard start, or a 64-character board string and the side to move."""
    @staticmethod
    def from_transcript(transcript: str) -> "Board":
        """A game from the standard start and a transcript; ValueError for bad text,
        IllegalMoveError for an illegal move."""
    @property
    def legal_moves(self) -> List[str]:
        """The legal squares of the side to move."""
    @property
    def winner(self) -> Optional[int]:
        """The winner of a finished game, `None` for a draw or a game going on."""
    @property
    def turn(self) -> int:
        """The side to move: 0 black, 1 white."""
    @property
    def moves(self) -> List[str]:
        """The moves played, passes included."""
    def transcript(self, passes: bool = False) -> str:
        """The moves played, run together; passes left out unless `passes` (but a last pass)."""
    def play(self, move: str) -> None:
        """Plays a square or a forced `"pass"`."""
    def pass_(self) -> None:
        """Passes (only when forced)."""
    def undo(self) -> str:
        """Takes back the last move and returns it."""
    def must_pass(self) -> bool:
        """Whether the side to move has no move but the game goes on."""
    def is_game_over(self) -> bool:
        """Whether neither side can move."""
    def score(self, empties_to_winner: bool = False) -> int:
        """Black's discs minus White's."""
    def discs(self) -> Tuple[int, int]:
        """(black, white) disc counts."""
    def copy(self) -> "Board":
        """An independent copy."""
    def to_svg(self, size: int = 40, legal_moves: bool = True) -> str:
        """An SVG picture of the position, the last move marked."""
    def _repr_svg_(self) -> str: ...
    def bitboards(self) -> Tuple[int, int]:
        """Black's and White's discs as 64-bit masks, bit i for square i (a1 = 0, h8 = 63)."""
    def diagram(self) -> str:
        """The diagram: a line of file letters, the eight ranks, and `X to move` or `O to move`."""
    def __eq__(self, other: object, /) -> bool:
        """Equal discs and side to move, whatever the histories."""
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class Computer:
    """A computer player."""

    def __new__(
        cls,
        kind: str,
        seed: int = 1,
        playouts: int = 100,
        depth: int = 6,
        solve_empties: int = 14,
    ) -> "Computer":
        """A player: `"random"`, `"greedy"`, `"montecarlo"` (`playouts` per move) or
        `"alphabeta"` (`depth` plies), solving exactly from `solve_empties` empty squares.
        `playouts` and `depth` are whole numbers from 1, `solve_empties` from 0; ValueError
        otherwise."""
    def choose(self, board: Board) -> Optional[str]:
        """The player's move, `None` when the game is over; Ctrl-C stops an alpha-beta or
        Monte-Carlo player's thinking (KeyboardInterrupt)."""
    def play(self, board: Board) -> Optional[str]:
        """Chooses and plays a move on `board`."""

@final
class Solver:
    """An exact endgame solver that keeps its table from one solve to the next."""

    @property
    def hash_mb(self) -> int:
        """The table's size in MiB, as asked for."""

    def __new__(cls, hash_mb: int = 64) -> "Solver":
        """A solver with a table of `hash_mb` MiB (a whole number from 1), reserved now."""
    def solve(
        self, board: Board, nodes: Optional[int] = None, time: Optional[float] = None
    ) -> Tuple[int, Optional[str]]:
        """(exact score for the side to move, best move), with this solver's table."""
    def clear(self) -> None:
        """Empties the table."""

def solve(
    board: Board, hash_mb: int = 64, nodes: Optional[int] = None, time: Optional[float] = None
) -> Tuple[int, Optional[str]]:
    """(exact score for the side to move, best move). ``time`` (seconds) and ``nodes`` limit
    the search and raise TimeoutError when hit; ``nodes`` counts the search's nodes, not the
    shallow searches ordering each node's moves, so far from the end ``time`` is the limit
    of the wall time. ``hash_mb`` is a whole number from 1, ``nodes`` from 0; ValueError
    otherwise."""

def perft(board: Board, depth: int) -> int:
    """Leaves `depth` plies below `board` (a pass is a ply, a finished game one leaf);
    Ctrl-C stops it. ValueError for a `depth` below 0."""
