"""A match between two engines: games with the colours changing every game, the score and
the Elo difference it gives."""

import math
from typing import Callable, List, NamedTuple, Optional, Sequence, Union

from masu.kif import Record
from masu.shogi import Board
from masu.usi.engine import Engine
from masu.usi.game import play_game

__all__ = ["MatchResult", "play_match"]

# The normal quantile of a two-sided 95 % interval.
_Z95 = 1.959964


def _elo(score: float) -> float:
    return -400.0 * math.log10(1.0 / score - 1.0)


class MatchResult(NamedTuple):
    """The games of a match and their tally, from the first engine's side."""

    records: List[Record]
    """Each game's record, in the order played."""
    wins: int
    draws: int
    losses: int

    @property
    def score(self) -> float:
        """The first engine's points a game (a win 1, a draw 1/2); 0.5 with no game."""
        games = self.wins + self.draws + self.losses
        return (self.wins + self.draws / 2) / games if games else 0.5

    @property
    def elo(self) -> Optional[float]:
        """The Elo difference the score gives (the first engine's rating less the
        second's); ``None`` for a score of 0 or 1, which no finite difference gives."""
        score = self.score
        # `+ 0.0`: an even score gives 0.0, not -0.0.
        return _elo(score) + 0.0 if 0.0 < score < 1.0 else None

    @property
    def elo_margin(self) -> Optional[float]:
        """Half the width of the 95 % confidence interval of `elo`, from the games' spread
        of results; ``None`` when either end of the interval is 0 or 1."""
        games = self.wins + self.draws + self.losses
        score = self.score
        if games < 2:
            return None
        spread = (
            self.wins * (1.0 - score) ** 2
            + self.draws * (0.5 - score) ** 2
            + self.losses * score**2
        ) / games
        half = _Z95 * math.sqrt(spread / games)
        low, high = score - half, score + half
        if not (0.0 < low and high < 1.0):
            return None
        return (_elo(high) - _elo(low)) / 2


def play_match(
    first: Engine,
    second: Engine,
    *,
    games: int = 2,
    openings: Optional[Sequence[Union[Board, str]]] = None,
    time_ms: Optional[int] = None,
    byoyomi: Optional[int] = None,
    increment: Optional[int] = None,
    nodes: Optional[int] = None,
    depth: Optional[int] = None,
    max_moves: Optional[int] = 256,
    margin_ms: int = 1000,
    on_game: Optional[Callable[[int, Record], None]] = None,
) -> MatchResult:
    """Plays `games` games between two engines with `play_game`, `first` Black in the
    even-numbered games (0, 2, ...) and White in the others, and tallies them from
    `first`'s side.

    `openings` (boards or SFEN/USI ``position`` text) are the games' starts, each played
    twice in turn, once with each engine Black, so that neither gains by the colours; the
    even game when ``None``. The limits are `play_game`'s, and a game ends as a draw
    (最大手数) after `max_moves` moves (256, as floodgate plays). `on_game(index, record)`
    is called after each game (to save it, or to print the running score). Raises
    ValueError for a number of games below 1 or an opening that does not read."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games is a whole number from 1: {games!r}")
    starts = [
        opening.copy() if isinstance(opening, Board) else Board(opening)
        for opening in openings or []
    ]
    records: List[Record] = []
    tally = {"win": 0, "draw": 0, "loss": 0}
    for index in range(games):
        first_is_black = index % 2 == 0
        black, white = (first, second) if first_is_black else (second, first)
        start = starts[(index // 2) % len(starts)] if starts else None
        record = play_game(
            black,
            white,
            board=start,
            time_ms=time_ms,
            byoyomi=byoyomi,
            increment=increment,
            nodes=nodes,
            depth=depth,
            max_moves=max_moves,
            margin_ms=margin_ms,
        )
        records.append(record)
        winner = record.winner
        if winner is None:
            tally["draw"] += 1
        elif (winner == 0) == first_is_black:
            tally["win"] += 1
        else:
            tally["loss"] += 1
        if on_game is not None:
            on_game(index, record)
    return MatchResult(records, tally["win"], tally["draw"], tally["loss"])
