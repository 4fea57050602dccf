"""Two engines playing a game into a record."""

import time
from typing import Dict, List, Optional

from masu.kif import Record
from masu.shogi import Board
from masu.usi.engine import (
    BestMove,
    Engine,
    EngineError,
    EngineProtocolError,
    EngineTimeoutError,
)

__all__ = ["play_game"]


def _score_comment(board: Board, best: BestMove) -> Optional[str]:
    """The engine's last score and line as floodgate writes them beside a move (``* 113
    -3334FU +2625FU``): from Black's side, the line in CSA (up to its first move that is
    not legal), a mate as 100000 less its plies."""
    score = best.score
    if score is None:
        return None
    if "cp" in score:
        value = int(score["cp"])
    else:
        plies = score.get("mate")
        value = 100000 - (plies if isinstance(plies, int) else 0)
        if not score.get("mating", True):
            value = -value
    if board.turn == 1:
        value = -value
    line: List[str] = []
    info = best.main_info
    if info is not None and info.get("pv"):
        pv = board.copy()
        for usi in info["pv"]:
            try:
                move = pv.move_from_usi(usi)
            except ValueError:
                break
            line.append(move.csa())
            pv.push(move)
    return " ".join([f"* {value}", *line])


def _stop_late_search(engine: Engine, margin_ms: int) -> None:
    """Stops a search past its time and reads its answer, so that the engine takes the
    next command in order; an engine that does not answer even then is left to
    ``gameover`` and ``quit``."""
    engine.stop()
    try:
        engine.wait_bestmove(timeout=max(margin_ms, 1000) / 1000)
    except EngineError:
        pass


def play_game(
    black: Engine,
    white: Engine,
    *,
    board: Optional[Board] = None,
    time_ms: Optional[int] = None,
    byoyomi: Optional[int] = None,
    increment: Optional[int] = None,
    nodes: Optional[int] = None,
    depth: Optional[int] = None,
    max_moves: Optional[int] = None,
    margin_ms: int = 1000,
    header: Optional[Dict[str, str]] = None,
) -> Record:
    """Plays a game between two engines from `board` (the even game when ``None``; it is
    not changed) and returns its record, with each move's time (whole seconds, rounded down,
    as floodgate counts them) and, where the engine gave one, its score and line as a
    comment as floodgate writes it (``record.scores`` reads them).

    Each side has `time_ms` of main time, `byoyomi` ms a move after it and `increment` ms
    added after each move (USI's ``btime``/``wtime``, ``byoyomi``, ``binc``/``winc``), or a
    search limit of `nodes` or `depth` plies; without any, every move waits as long as the
    engine takes. A side that takes more than its time plus `margin_ms` loses on time.
    The game ends with checkmate, repetition (perpetual check included), a resignation, a
    declaration of entering king (judged as 27-point rule; a wrong one loses), an illegal
    move or a ``bestmove`` that does not read (it loses), or after `max_moves` moves in all (最大手数). Raises EngineError when
    an engine exits."""
    game = Board() if board is None else board.copy()
    engines = (black, white)
    clocks = [time_ms, time_ms]
    # Per move of the record, the board's own moves (an opening) first, without a time.
    opening = len(game.move_stack)
    times: List[Optional[int]] = [None] * opening
    # A comment per position, the start's first: a move's score follows it.
    comments: List[Optional[str]] = [None] * (1 + opening)
    timed = time_ms is not None or byoyomi is not None
    for engine in engines:
        engine.isready()
        engine.usinewgame()
    heading = {"先手": black.name or "black", "後手": white.name or "white"}
    heading.update(header or {})
    ending: Optional[str] = None
    results = {0: "draw", 1: "draw"}
    while not game.is_game_over():
        if max_moves is not None and len(game.move_stack) >= max_moves:
            ending = "最大手数"
            break
        side = game.turn
        engine = engines[side]
        limit_ms = (clocks[side] or 0) + (byoyomi or 0)
        engine.position(game)
        started = time.monotonic()
        try:
            best: Optional[BestMove] = engine.go(
                # Byoyomi alone is sent with clocks at 0, as GUIs send it.
                btime=(clocks[0] or 0) if timed else None,
                wtime=(clocks[1] or 0) if timed else None,
                byoyomi=byoyomi,
                binc=increment,
                winc=increment,
                nodes=nodes,
                depth=depth,
                timeout=(limit_ms + margin_ms) / 1000 if timed else None,
            )
        except EngineTimeoutError:
            best = None
            _stop_late_search(engine, margin_ms)
        except EngineProtocolError:
            # A `bestmove` that does not read (`bestmove 7g7z`) is no legal move.
            best = BestMove("", None, [])
        spent_ms = (time.monotonic() - started) * 1000
        if best is None or (timed and spent_ms > limit_ms + margin_ms):
            ending = "切れ負け"
        elif best.move == "resign":
            ending = "投了"
        elif best.move == "win":
            ending = "入玉勝ち" if game.is_nyugyoku() else "反則負け"
        else:
            try:
                move = game.move_from_usi(best.move)
            except ValueError:
                ending = "反則負け"
            else:
                comments.append(_score_comment(game, best))
                game.push(move)
                # Whole seconds, rounded down, as floodgate counts them.
                times.append(int(spent_ms // 1000))
                clock = clocks[side]
                if clock is not None:
                    clocks[side] = max(0, int(clock - spent_ms)) + (increment or 0)
                continue
        # The side to move ended the game: it won by declaring, lost otherwise.
        winner = side if ending == "入玉勝ち" else 1 - side
        results = {winner: "win", 1 - winner: "lose"}
        break
    else:
        outcome_winner = game.winner
        if outcome_winner is not None:
            results = {outcome_winner: "win", 1 - outcome_winner: "lose"}
    for side, engine in enumerate(engines):
        engine.gameover(results[side])
    return Record.from_board(
        game, header=heading, ending=ending, comments=comments, times=times
    )
