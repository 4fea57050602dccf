"""Game records: read KIF, KI2, CSA and JKF, write them, convert them to HCPE."""

import os
from typing import IO, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union, final

from masu.shogi import Board

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

class LossWarning(UserWarning):
    """Part of a record that the format it was written in cannot hold, left out."""

class ReadError(ValueError):
    """A record that cannot be read, or, read strictly, the first problem in it: where
    (`line`, `column`, 1-based) and what (`kind`, as `ReadWarning.kind` names it); `None`
    where there is no place or no diagnostic."""

    line: Optional[int]
    column: Optional[int]
    kind: Optional[str]

@final
class ReadWarning:
    """A problem met while reading a record: where, what (`kind`, a snake-case name such as
    `illegal_move` or `unknown_line`), whether the game read can differ from the game
    written (`damages_game`), and the whole message."""

    line: int
    column: int
    message: str
    kind: str
    damages_game: bool

@final
class Record:
    """A game record. Immutable: its list properties are new lists on each access, which
    the caller may change; their items are made at the first access and shared after it,
    so reading one again in a loop costs a copy of references."""

    @property
    def header(self) -> Mapping[str, str]:
        """The headers as a read-only mapping (`dict(record.header)` makes a dict), the
        values without the blanks around them."""
    @property
    def headers(self) -> List[Tuple[str, str]]:
        """The headers as (key, value) pairs in file order, the values as written."""
    @property
    def start_sfen(self) -> str:
        """The SFEN of the start position."""
    @property
    def moves(self) -> List[str]:
        """The moves of the main line in USI (a recorded foul dropping a kind no hand holds,
        ``３二龍(00)``, as ``+R*3b``, which USI has no word for)."""
    @property
    def comments(self) -> List[List[str]]:
        """Comments: entry 0 before the first move, entry i after move i."""
    @property
    def scores(self) -> List[Optional[int]]:
        """Engine evaluation beside each main-line move (CSA ``'**`` lines), Black's side."""
    @property
    def ratings(self) -> Tuple[Optional[float], Optional[float]]:
        """Black's and White's ratings as floodgate writes them (``'black_rate:NAME:3382.0``)."""
    @property
    def program_comments(self) -> List[str]:
        """KIF ``#`` lines and CSA ``'`` lines that are not comments, without the mark: those
        before the first move, then those after each main-line move."""
    @property
    def times(self) -> List[Tuple[Optional[float], Optional[float]]]:
        """(seconds spent, total seconds) of each main-line move."""
    @property
    def variations(self) -> List[Tuple[int, List[str]]]:
        """(ply of the first move, USI moves) of every variation."""
    @property
    def variation_parents(self) -> List[Optional[int]]:
        """For each of `variations`, the index of the variation it branches from (`None`: the main line)."""
    @property
    def result(self) -> Optional[str]:
        """The KIF word of the special that ends the main line."""
    @property
    def winner(self) -> Optional[int]:
        """0 Black, 1 White, `None` for a draw or no result."""
    @property
    def warnings(self) -> List[ReadWarning]:
        """What the reader could not take as written."""
    @property
    def format(self) -> str:
        """`"kif"`, `"ki2"`, `"csa"` or `"jkf"`."""
    @classmethod
    def from_board(
        cls,
        board: Board,
        header: Optional[Dict[str, str]] = None,
        ending: Optional[str] = None,
        comments: Optional[Sequence[Union[str, Sequence[str], None]]] = None,
        times: Optional[
            Sequence[Union[float, Tuple[Optional[float], Optional[float]], None]]
        ] = None,
    ) -> "Record":
        """The record of the game on `board`, its ending when over (詰み, 千日手, 入玉勝ち; a
        perpetual check has no word of its own: its moves show it), or the KIF word `ending`;
        `comments` and `times` in the shapes the properties give them (seconds alone: the
        total is counted)."""
    def board(self, ply: Optional[int] = None) -> Board:
        """A board after the first `ply` moves of the main line (from 0; all when `None`)."""
    def to_kif(self) -> str:
        """The record as KIF text."""
    def to_ki2(self) -> str:
        """The record as KI2 text."""
    def to_csa(self) -> str:
        """The record as CSA V3.0 text."""
    def to_jkf(self) -> str:
        """The record as JKF text."""
    def to_usi(self) -> str:
        """The USI `position` command of the main line's end: the start and the moves
        alone, for an engine (no LossWarning for the rest)."""
    def write(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the record, format and encoding from the extension."""

_Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes], IO[str]]

def read(source: _Source, *, strict: bool = False) -> Record:
    """Reads a record from a path, bytes, a buffer or a file object; `strict`: the first
    problem raises `ReadError` instead of being a warning."""

def read_all(source: _Source, *, strict: bool = False) -> List[Record]:
    """Reads every record of a path, bytes, a buffer or a file object (a CSA file may hold several)."""

def to_csa_all(records: Sequence[Record]) -> str:
    """Several records as one CSA text, a ``/`` line between each and the next."""

def write_all(records: Sequence[Record], path: Union[str, "os.PathLike[str]"]) -> None:
    """Writes several records to one ``.csa`` file."""

def read_str(text: str, *, strict: bool = False) -> Record:
    """Reads a record from text already decoded, the format detected."""

def read_many(
    paths: Iterable[Union[str, "os.PathLike[str]"]], skip_errors: bool = False, *, strict: bool = False
) -> List[Record]:
    """Reads many record files in parallel, in the order given."""

def to_hcpe(
    paths: Iterable[Union[str, "os.PathLike[str]"]],
    skip_errors: bool = False,
    *,
    min_moves: int = 0,
    min_rating: Optional[float] = None,
    endings: Optional[Iterable[str]] = None,
) -> Any:
    """Converts record files to a numpy array of `HuffmanCodedPosAndEval`; only the records
    of `min_moves` moves (from 0), players rated `min_rating` and a main line ending in one of
    `endings` (KIF or CSA words) when given."""

def to_psv(
    paths: Iterable[Union[str, "os.PathLike[str]"]],
    skip_errors: bool = False,
    *,
    min_moves: int = 0,
    min_rating: Optional[float] = None,
    endings: Optional[Iterable[str]] = None,
) -> Any:
    """Converts record files to a numpy array of `PackedSfenValue` (YaneuraOu's examples),
    the records chosen as `to_hcpe` chooses them."""
