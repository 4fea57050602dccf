"""Shogi: the board, moves, perft, and the training-data formats."""

from typing import Any, ClassVar, Dict, Iterable, Iterator, List, Optional, Sequence, SupportsIndex, Tuple, Union, final, overload

__all__ = [
    "BLACK",
    "BLACK_WIN",
    "Board",
    "DRAW",
    "HuffmanCodedPos",
    "HuffmanCodedPosAndEval",
    "LegalMoves",
    "LAW_24",
    "LAW_27",
    "Move",
    "NOT_REPETITION",
    "NYUGYOKU_DRAW",
    "NYUGYOKU_NONE",
    "NYUGYOKU_WIN",
    "PackedSfen",
    "PackedSfenValue",
    "REPETITION_DRAW",
    "REPETITION_INFERIOR",
    "REPETITION_LOSE",
    "REPETITION_SUPERIOR",
    "REPETITION_WIN",
    "STARTING_SFEN",
    "WHITE",
    "WHITE_WIN",
    "hcpe_to_psv",
    "perft",
    "psv_to_hcpe",
    "read_usi_bestmove",
    "read_usi_checkmate",
    "read_usi_info",
    "read_usi_option",
    "rotate_sfen",
    "write_usi_setoption",
]

BLACK: int
WHITE: int
DRAW: int
BLACK_WIN: int
WHITE_WIN: int
STARTING_SFEN: str
NOT_REPETITION: int
LAW_24: int
LAW_27: int
NYUGYOKU_NONE: int
NYUGYOKU_WIN: int
NYUGYOKU_DRAW: int
REPETITION_DRAW: int
REPETITION_WIN: int
REPETITION_LOSE: int
REPETITION_SUPERIOR: int
REPETITION_INFERIOR: int
HuffmanCodedPos: Any
HuffmanCodedPosAndEval: Any
PackedSfen: Any
PackedSfenValue: Any

# A square: its index (0-80, 1a = 0) or its USI name (`"7g"`).
_Square = Union[int, str]

@final
class Move:
    """A move of a shogi position; `str(move)` is its USI text."""

    @property
    def from_square(self) -> Optional[int]:
        """The origin square index (0-80, 1a = 0), `None` for a drop."""
    @property
    def to_square(self) -> int:
        """The destination square index (0-80, 1a = 0)."""
    @property
    def piece(self) -> str:
        """The moving or dropped piece as an uppercase SFEN letter, before promotion."""
    @property
    def captured(self) -> Optional[str]:
        """The captured piece as an uppercase SFEN letter, `None` when nothing is captured."""
    @property
    def is_drop(self) -> bool:
        """Whether the move drops a piece from hand."""
    @property
    def is_promotion(self) -> bool:
        """Whether the piece promotes."""
    @property
    def is_capture(self) -> bool:
        """Whether the move captures."""
    def usi(self) -> str:
        """The USI text: `7g7f`, `8h2b+`, `P*5e`."""
    def csa(self) -> str:
        """The CSA text with the side's sign: `+7776FU` (the piece after the move)."""
    def to_move16(self) -> int:
        """cshogi's 16-bit move (HCPE's `bestMove16`)."""
    def to_psv_move16(self) -> int:
        """YaneuraOu's 16-bit move (PackedSfenValue's `move`)."""
    def rotated(self) -> "Move":
        """The move seen from the other side, played by the other side (cshogi's `move_rotate`)."""
    def japanese(self) -> str:
        """The Japanese text as KIF writes it: `７六歩(77)`."""
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class LegalMoves(Sequence[Move]):
    """The legal moves of a position: a read-only sequence of `Move` (registered as a
    `collections.abc.Sequence`)."""

    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: SupportsIndex, /) -> Move: ...
    @overload
    def __getitem__(self, index: slice, /) -> List[Move]: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, item: object, /) -> bool: ...
    def index(self, item: Any, start: SupportsIndex = 0, stop: Optional[SupportsIndex] = None) -> int:
        """The place of the move `item` (a `Move` or USI text) among the moves from `start`
        up to `stop`; raises ValueError when it is not there."""
    def count(self, item: Any) -> int:
        """How many times the move `item` (a `Move` or USI text) is in the list: 1 or 0."""
    def usi(self) -> List[str]:
        """The moves in USI, in list order."""

@final
class Board:
    """A shogi board: the position, the moves played since it was set, and the game's end."""

    def __new__(cls, sfen: Optional[str] = None, tsume: bool = False) -> "Board":
        """The even-game start, or SFEN, `startpos`, or a USI `position` line; `tsume`: a
        mate problem, the attacker's king optional, the other pieces the defender's."""
    @property
    def turn(self) -> int:
        """The side to move: 0 (`BLACK`) or 1 (`WHITE`)."""
    @property
    def move_number(self) -> int:
        """The move number as SFEN writes it (1 at the start of a game)."""
    @property
    def legal_moves(self) -> LegalMoves:
        """Every legal move of the side to move."""
    @property
    def move_stack(self) -> List[Move]:
        """The moves played since the position was set, oldest first: a new list of the
        `Move` objects pushed (others for moves pushed as text, the same on each reading)."""
    @property
    def check_moves(self) -> List[Move]:
        """The legal moves that give check: drops first, then board moves."""
    @property
    def pieces(self) -> List[Optional[str]]:
        """The 81 squares' pieces in index order (1a = 0), as SFEN writes them, or `None`."""
    def king_square(self, color: int) -> int:
        """The square index (0-80, 1a = 0) of `color`'s king."""
    def attackers(self, color: int, square: _Square) -> List[int]:
        """The squares (0-80, ascending) of `color`'s pieces that attack `square`, pinned ones included."""
    def is_attacked_by(self, color: int, square: _Square) -> bool:
        """Whether a piece of `color` attacks `square`."""
    def piece_planes(self, features: Any) -> None:
        """Sets to 1.0 the entries of the 28 piece planes in a numpy float32 array (cshogi's layout)."""
    def piece_planes_rotate(self, features: Any) -> None:
        """`piece_planes` seen by the side to move (turned half a turn for White)."""
    @property
    def pieces_in_hand(self) -> Tuple[List[int], List[int]]:
        """Black's and White's hand counts: pawn, lance, knight, silver, gold, bishop, rook."""
    @property
    def winner(self) -> Optional[int]:
        """The winner (0 Black, 1 White), `None` while the game goes on or after a draw."""
    def sfen(self) -> str:
        """The SFEN of the current position."""
    def set_sfen(self, sfen: str, tsume: bool = False) -> None:
        """Sets the position from SFEN and clears the history (`tsume` as in `Board`)."""
    def set_position(self, position: str) -> None:
        """Sets the position from a USI `position` line without its first word."""
    def reset(self) -> None:
        """Sets the even-game start position and clears the history."""
    def push_usi(self, usi: str, /) -> Move:
        """Plays a USI move and returns it."""
    def push(self, move: Union[Move, str], /) -> None:
        """Plays a `Move` (or USI text)."""
    def push_move16(self, move16: int, /) -> None:
        """Plays cshogi's 16-bit move."""
    def pop(self) -> Move:
        """Takes back the last move and returns it (IndexError when there is none)."""
    def peek(self) -> Optional[Move]:
        """The last move played, `None` at the start."""
    def move_from_usi(self, usi: str) -> Move:
        """The legal move written as `usi`."""
    def move_to_ki2(self, move: Union[Move, str], /) -> str:
        """The move in KI2 notation as played here: `▲７六歩`, `△同　銀`, `▲５八金右`."""
    def ki2_line(self, moves: Iterable[Union[Move, str]]) -> List[str]:
        """The moves in KI2 notation, played one after the other from here."""
    def move_from_csa(self, csa: str) -> Move:
        """The legal move written in CSA (`+7776FU` or `7776FU`)."""
    def push_csa(self, csa: str) -> Move:
        """Plays a move written in CSA and returns it."""
    def move(self, from_square: _Square, to_square: _Square, promotion: bool = False) -> Move:
        """The legal move of the piece on `from_square` to `to_square`, promoting when
        `promotion` (cshogi's `move`); IllegalMoveError when it is not legal here."""
    def drop_move(self, to_square: _Square, piece: str) -> Move:
        """The legal drop of `piece` (`"P"`, `"L"`, `"N"`, `"S"`, `"G"`, `"B"`, `"R"`) on
        `to_square` (cshogi's `drop_move`); IllegalMoveError when it is not legal here."""
    def set_pieces(
        self,
        pieces: Sequence[Optional[str]],
        pieces_in_hand: Sequence[Sequence[int]],
        tsume: bool = False,
    ) -> None:
        """Sets the pieces as `pieces` and `pieces_in_hand` give them; the side to move and
        move number stay, the history is cleared (cshogi's `set_pieces`)."""
    def move_from_move16(self, move16: int) -> Move:
        """The legal move written as cshogi's 16-bit code."""
    def move_from_psv_move16(self, move16: int) -> Move:
        """The legal move written as YaneuraOu's 16-bit code."""
    def is_legal(self, move: Union[Move, str], /) -> bool:
        """Whether `move` is legal here."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is in check and has no legal move (out of check without
        one it has lost too, shogi having no stalemate: `outcome()` says checkmate)."""
    def is_game_over(self) -> bool:
        """Whether the game is over: no legal move, or a fourth repetition (cshogi's only at no
        legal move; python-shogi's at both). Play may go on after a repetition."""
    def is_draw(self, ply: Optional[int] = None) -> int:
        """What the position repeats within `ply` plies (`None` or 0: the whole history, as
        in cshogi), as cshogi answers: a `REPETITION_*` code, `NOT_REPETITION` (0) for none."""
    def move_is_draw(self, move: Union[Move, str], ply: Optional[int] = None) -> int:
        """What the position after `move` would repeat, as `is_draw` answers it."""
    def is_fourfold_repetition(self) -> bool:
        """Whether the game is drawn by repetition (a fourth occurrence)."""
    def is_nyugyoku(self, rule: int = 1) -> bool:
        """Whether the side to move wins by declaring (入玉宣言) under `LAW_27` (or 27) or `LAW_24` (or 24)."""
    def nyugyoku_result(self, rule: int = 0) -> int:
        """The declaration judged under `LAW_24` (the default, as in cshogi) or `LAW_27`:
        `NYUGYOKU_WIN`, `NYUGYOKU_DRAW` or `NYUGYOKU_NONE`."""
    def outcome(self) -> Optional[str]:
        """How the game ended (`"draw by repetition"`, `"white wins by perpetual check"`: White
        wins, Black having checked on every move) ..., `None` while it goes on."""
    def repetitions(self) -> int:
        """How many times the current position has occurred since the board was set."""
    def piece(self, square: _Square) -> Optional[str]:
        """The piece on `square` as SFEN writes it, `None` for an empty square."""
    def zobrist_hash(self) -> int:
        """The 64-bit Zobrist key of board, hands and side to move."""
    def copy(self) -> "Board":
        """An independent copy, history included."""
    def mate_move_in_1ply(self) -> Optional[Move]:
        """A move that checkmates at once, `None` when there is none."""
    def mate_move(self, ply: int) -> Optional[Move]:
        """The first move of a shortest mate by checks in at most `ply` plies (from 0), or
        `None`."""
    def is_mate(self, ply: int) -> bool:
        """Whether the side to move, in check, is mated within `ply` plies (from 0) whatever
        it plays."""
    def csa_pos(self) -> str:
        """The position in CSA: rows `P1`-`P9`, the hands, the side to move's sign."""
    @overload
    def to_hcp(self, hcp: None = None) -> bytes:
        """The position as 32 HCP bytes, as cshogi writes them; given a numpy array of
        32 bytes, fills it (cshogi's `to_hcp(hcp)`)."""
    @overload
    def to_hcp(self, hcp: Any) -> None: ...
    def set_hcp(self, hcp: Any) -> None:
        """Sets the position from 32 HCP bytes (bytes or a numpy array)."""
    @overload
    def to_psfen(self, psfen: None = None) -> bytes:
        """The position as 32 PackedSfen bytes, as YaneuraOu writes them; given a numpy
        array of 32 bytes, fills it (cshogi's `to_psfen(psfen)`)."""
    @overload
    def to_psfen(self, psfen: Any) -> None: ...
    def set_psfen(self, psfen: Any) -> None:
        """Sets the position from 32 PackedSfen bytes."""
    def to_bod(self) -> str:
        """The board diagram as KIF writes it."""
    def to_svg(self, size: int = 40, flip: bool = False) -> str:
        """An SVG picture of the position."""
    def _repr_svg_(self) -> str: ...
    def usi(self) -> str:
        """The USI `position` line of the history."""
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: Any) -> "Board": ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]

def rotate_sfen(sfen: str) -> str:
    """The position seen from the other side: the board turned, pieces and hands changing
    sides, the other side to move (cshogi's `rotate_sfen`)."""

def perft(board: Board, depth: int) -> int:
    """The number of legal move sequences of `depth` plies (from 0) from `board`."""

def psv_to_hcpe(psvs: Any, skip_errors: bool = False) -> Any:
    """YaneuraOu's PackedSfenValue examples as dlshogi's HCPE (numpy arrays), in parallel."""

def hcpe_to_psv(hcpes: Any, skip_errors: bool = False) -> Any:
    """dlshogi's HCPE examples as YaneuraOu's PackedSfenValue (numpy arrays), in parallel."""

def read_usi_info(line: str) -> Dict[str, Any]:
    """An engine's `info` line as a dict: `depth`, `seldepth`, `time` (ms), `nodes`, `nps`, `hashfull`, `multipv`, `cp` or `mate` with `mating`, `bound`, `currmove`, `pv`, `string`, those it gives."""

def read_usi_bestmove(line: str) -> Tuple[str, Optional[str]]:
    """An engine's `bestmove` line as `(move, ponder)`; the move may be `"resign"` or `"win"`."""

def read_usi_checkmate(line: str) -> Tuple[str, List[str]]:
    """An engine's `checkmate` answer as `(status, moves)`: `"mate"`, `"nomate"`, `"timeout"` or `"notimplemented"`."""

def write_usi_setoption(name: str, value: Optional[str] = None) -> str:
    """The `setoption` line for option `name` and its text `value` (`None` for a button); the empty text as `<empty>`."""

def read_usi_option(line: str) -> Dict[str, Any]:
    """An engine's `option` line as a dict: `name`, `type`, `default` (bool, int or text; `None` when not given), `min`, `max`, `vars`."""
