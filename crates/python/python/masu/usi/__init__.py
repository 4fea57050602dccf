"""Running USI engines: start one, set its options, give it positions and time, and read
its answers (with ``masu.shogi``'s readers of ``info``, ``bestmove`` and ``checkmate``
lines); ``play_game`` plays two engines against each other into a ``masu.kif.Record``,
``play_match`` plays many games with the colours changing and gives the score and Elo.

An engine runs as a child process. Its output is read by a thread of its own, so every
wait has a timeout and an engine that exits or stops answering raises ``EngineError``
(with the last lines it wrote to stderr) instead of hanging the program; what it writes
is held until read up to a bound (an engine writing without end waits on its pipe), so
that memory stays bounded whatever it writes.
"""

from masu.usi.engine import (
    BestMove,
    Engine,
    EngineError,
    EngineOption,
    EngineProtocolError,
    EngineTimeoutError,
)
from masu.usi.game import play_game
from masu.usi.match import MatchResult, play_match

__all__ = [
    "BestMove",
    "Engine",
    "EngineError",
    "EngineProtocolError",
    "EngineOption",
    "EngineTimeoutError",
    "MatchResult",
    "play_game",
    "play_match",
]
