"""masu.usi: a USI engine driven through its process, against a scripted engine (every
mode of tests/data/fake_usi_engine.py) and, where the workspace has built it, `masu usi`."""

import os
import shlex
import sys
import threading
import time

import pytest

from conftest import HERE
from masu.kif import read_str
from masu.shogi import Board
from masu.usi import (
    BestMove,
    Engine,
    EngineError,
    EngineProtocolError,
    EngineTimeoutError,
    play_game,
)

FAKE = str(HERE / "data" / "fake_usi_engine.py")
REPO = HERE.parent.parent.parent
MASU_CLI = next(
    (p for p in (REPO / "target" / d / "masu" for d in ("release", "debug")) if p.exists()),
    None,
)


def fake(mode="play", **kwargs):
    return Engine([sys.executable, FAKE, mode], **kwargs)


def test_the_handshake_reads_the_name_and_every_option():
    with fake() as engine:
        assert engine.name == "偽エンジン 1.0"
        assert engine.author == "the masu tests"
        opts = engine.options
        assert opts["USI_Hash"] == ("USI_Hash", "spin", 256, 1, 4096, [])
        assert opts["Ponder"].type == "check" and opts["Ponder"].default is False
        assert opts["Style"].vars == ["Normal", "Very Aggressive"]
        assert opts["Book File"].default == "book/main book.db"
        assert opts["Note"].default == ""
        assert opts["Clear Hash"] == ("Clear Hash", "button", None, None, None, [])
        assert "Broken" not in opts
        [(line, why)] = engine.unreadable_options
        assert line == "option name Broken type spin default lots"
        assert why.startswith("column 38: `default` takes a number")
        assert "偽エンジン" in repr(engine) and "running" in repr(engine)
    assert engine.returncode == 0
    assert "exited 0" in repr(engine)


def test_commands_are_written_as_usi_writes_them(tmp_path, monkeypatch):
    log = tmp_path / "log.txt"
    monkeypatch.setenv("FAKE_USI_LOG", str(log))
    with fake(options={"USI_Hash": 16, "Ponder": True}) as engine:
        engine.setoption("Clear Hash")
        engine.setoption("Book File", "a b.db")
        engine.setoption("Note", "")
        engine.isready()
        engine.usinewgame()
        engine.position()
        engine.position("startpos", ["7g7f"])
        board = Board("4k4/9/9/9/9/9/9/9/4K4 b G 1")
        board.push_usi("G*5b")
        engine.position(board)
        engine.position("position startpos moves 2g2f", ["8c8d"])
        with pytest.raises(TypeError, match="not one str"):
            engine.position("startpos", "7g7f")  # its characters were taken for moves
        with pytest.raises(TypeError, match="not int"):
            engine.position(5)  # type: ignore[arg-type]
        engine.start_go(btime=1000, wtime=2000, byoyomi=300, binc=0, winc=5, nodes=7)
        engine.wait_bestmove(timeout=30)
        engine.start_go(depth=3, movetime=10)
        engine.wait_bestmove(timeout=30)
        engine.gameover("win")
    assert log.read_text("utf-8").splitlines() == [
        "usi",
        "setoption name USI_Hash value 16",
        "setoption name Ponder value true",
        "setoption name Clear Hash",
        "setoption name Book File value a b.db",
        "setoption name Note value <empty>",
        "isready",
        "usinewgame",
        "position startpos",
        "position startpos moves 7g7f",
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b",
        "position startpos moves 2g2f 8c8d",
        "go btime 1000 wtime 2000 byoyomi 300 binc 0 winc 5 nodes 7",
        "go depth 3 movetime 10",
        "gameover win",
        "quit",
    ]


def test_bad_arguments_raise_before_the_engine_sees_them():
    with fake() as engine:
        with pytest.raises(ValueError):
            engine.position("not a position")
        with pytest.raises(ValueError):  # IllegalMoveError is one
            engine.position(None, ["7g7e"])
        with pytest.raises(ValueError):
            engine.send("stop\nquit")
        with pytest.raises(ValueError):
            engine.go(byoyomi=-1)
        with pytest.raises(ValueError):
            engine.go_mate(True)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            engine.gameover("won")
        engine.isready()  # still answering
    with pytest.raises(ValueError):
        Engine([])


def test_go_returns_the_move_the_ponder_move_and_the_info_lines():
    seen = []
    with fake() as engine:
        engine.position("startpos", ["7g7f"])
        best = engine.go(byoyomi=100, timeout=30, on_info=seen.append)
    assert isinstance(best, BestMove)
    assert best.move in Board("position startpos moves 7g7f").legal_moves.usi()
    assert best.ponder == "1a1b"
    assert best.info == seen
    assert best.info[0] == {
        "depth": 1, "seldepth": 2, "nodes": 10, "cp": 50, "bound": "lower"
    }
    assert best.info[1]["pv"] == [best.move]
    assert best.info[2] == {"line": "info this line is not usi"}
    assert best.score == {"cp": best.info[1]["cp"]}


def test_a_search_started_apart_ends_on_stop_or_ponderhit():
    with fake() as engine:
        engine.position()
        engine.start_go(infinite=True)
        with pytest.raises(EngineTimeoutError):
            engine.wait_bestmove(timeout=0.2)
        engine.stop()
        assert engine.wait_bestmove(timeout=30).move in Board().legal_moves.usi()
        engine.start_go(ponder=True, btime=10, wtime=10)
        threading.Timer(0.05, engine.ponderhit).start()
        assert engine.wait_bestmove(timeout=30).move in Board().legal_moves.usi()


def test_an_engine_that_exits_raises_with_its_stderr():
    engine = fake("die")
    engine.position()
    with pytest.raises(EngineError, match=r"exit code 3.*\n.*cannot search"):
        engine.go(timeout=30)
    with pytest.raises(EngineError, match="has exited"):
        engine.read_line(1)
    with pytest.raises(EngineError):
        engine.isready()
    assert engine.quit() == 3



@pytest.mark.skipif(os.name != "posix", reason="a POSIX shell starts the engine")
def test_an_engine_that_exits_is_seen_to_though_another_process_holds_its_output():
    # A launcher whose background job keeps the engine's stdout open: its output has no
    # end while the job runs, and a wait without a time limit waited for the job (for ever,
    # for a job that does not end).
    launcher = f"sleep 30 & exec {shlex.quote(sys.executable)} {shlex.quote(FAKE)} die"
    engine = Engine(["sh", "-c", launcher])
    engine.position()
    started = time.monotonic()
    with pytest.raises(EngineError, match="exit code 3"):
        engine.go()
    assert time.monotonic() - started < 10
    engine.kill()

def test_an_engine_that_does_not_answer_times_out_and_is_ended():
    started = time.monotonic()
    with pytest.raises(EngineTimeoutError, match="did not write usiok within 0.3 s"):
        fake("mute", timeout=0.3)
    assert time.monotonic() - started < 10
    with fake("silent") as engine:
        engine.position()
        with pytest.raises(TimeoutError):  # EngineTimeoutError is one
            engine.go(timeout=0.2)
    # `quit` then ends even an engine that stopped reading.
    assert engine.returncode is not None


def test_a_missing_program_is_an_engine_error():
    with pytest.raises(EngineError, match="cannot start"):
        Engine("/nonexistent/engine --flag")


def test_play_game_ends_in_checkmate_with_times_and_scores():
    # White's king mated in a few moves: each side's mate-in-one finds it.
    start = Board("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1")
    with fake() as black, fake() as white:
        record = play_game(black, white, board=start, byoyomi=1000, header={"棋戦": "test"})
    assert record.moves == ["G*5b"]
    assert record.result is not None and record.winner == 0
    assert record.header["先手"] == "偽エンジン 1.0" and record.header["棋戦"] == "test"
    assert record.scores == [99999]  # mate in one, Black's side
    assert len(record.times) == 1 and record.times[0][0] is not None
    again = read_str(record.to_kif())
    assert again.moves == record.moves and again.winner == 0
    assert start.move_stack == []  # the board given is not changed


def test_play_game_ends_on_the_move_limit_resignation_declaration_and_fouls():
    with fake() as black, fake() as white:
        record = play_game(black, white, max_moves=12, nodes=100)
    assert len(record.moves) == 12
    assert record.winner is None and record.result is not None
    assert all(s is not None for s in record.scores)
    # The scores are Black's: White's cp (moves - 40) written with its sign turned.
    board = Board()
    for i, move in enumerate(record.moves):
        cp = len(board.legal_moves) - 40
        assert record.scores[i] == (cp if i % 2 == 0 else -cp)
        board.push_usi(move)
    assert read_str(record.to_kif()).moves == record.moves

    cases = [("resign", None), ("illegal", None), ("win", None), ("garbled", None)]
    for mode, _ in cases:
        with fake(mode) as black, fake() as white:
            record = play_game(black, white)
        assert record.moves == [] and record.winner == 1, mode
    # A side silent past its byoyomi and margin loses on time.
    with fake("silent") as black, fake() as white:
        record = play_game(black, white, byoyomi=100, margin_ms=100)
    assert record.moves == [] and record.winner == 1 and "切れ負け" in record.to_kif()
    # A declaration that holds wins: Black's king entered, 28 points with its hand.
    entered = Board("4K4/LGSBRSGL1/NPPPPPPPN/1b5r1/lnsgkgsnl/pppppppp1/9/9/9 b 3P 1")
    assert entered.is_nyugyoku()
    with fake("win") as black, fake() as white:
        record = play_game(black, white, board=entered)
    assert record.winner == 0


@pytest.mark.skipif(MASU_CLI is None, reason="the workspace has not built `masu`")
def test_masu_usi_answers_mate_searches_and_plays():
    with Engine([str(MASU_CLI), "usi"], options={"USI_Hash": 16}) as engine:
        assert engine.name is not None and engine.name.startswith("masu")
        assert {"USI_Hash", "AnswerLevel", "Threads"} <= set(engine.options)
        engine.isready()
        engine.position("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
        infos = []
        assert engine.go_mate(10_000, timeout=60, on_info=infos.append) == ("mate", ["G*5b"])
        engine.position("4k4/9/9/9/9/9/9/9/9 b P2r2b4g4s4n4l17p 1")
        assert engine.go_mate(10_000, timeout=60)[0] == "nomate"
        engine.position("4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1")
        assert engine.go(byoyomi=1000, timeout=60).move == "G*5b"


def test_play_match_changes_colours_and_tallies_from_the_first_engines_side():
    from masu.usi import MatchResult, play_match

    seen = []
    with fake() as first, fake("resign") as second:
        result = play_match(first, second, games=4, on_game=lambda i, r: seen.append(i))
    assert seen == [0, 1, 2, 3]
    assert (result.wins, result.draws, result.losses) == (4, 0, 0)
    # The second engine resigns at once when Black, after the first's move when White.
    assert [len(r.moves) for r in result.records] == [1, 0, 1, 0]
    assert [r.winner for r in result.records] == [0, 1, 0, 1]
    assert result.score == 1.0 and result.elo is None and result.elo_margin is None
    # Openings: each played twice, once with each engine Black.
    openings = ["position startpos moves 7g7f", Board("position startpos moves 2g2f")]
    with fake() as first, fake() as second:
        result = play_match(first, second, games=3, openings=openings, max_moves=3)
    # An opening's moves are the game's first moves, without a time or a score; the
    # engines' moves after them have both.
    assert [r.moves[0] for r in result.records] == ["7g7f", "7g7f", "2g2f"]
    assert [len(r.moves) for r in result.records] == [3, 3, 3]
    for record in result.records:
        assert record.times[0] == (None, None) and record.scores[0] is None
        assert all(t[0] is not None for t in record.times[1:])
        assert all(s is not None for s in record.scores[1:])
    assert (result.wins, result.draws, result.losses) == (0, 3, 0)  # the move limit
    with pytest.raises(ValueError):
        play_match(first, second, games=0)
    # The Elo difference and its 95 % margin (the score's spread over the games, normal
    # approximation) of 30 wins, 10 draws and 20 losses.
    tally = MatchResult([], 30, 10, 20)
    assert round(tally.score, 4) == 0.5833
    assert round(tally.elo or 0, 1) == 58.5
    assert round(tally.elo_margin or 0, 1) == 82.8


def test_an_engine_dropped_without_quit_is_ended():
    import gc

    engine = fake()
    process = engine._process
    del engine
    gc.collect()
    assert process.wait(timeout=10) is not None


def test_an_engine_that_writes_anything_raises_engine_errors_and_never_hangs():
    # Garbage, bytes that are no text, long and half lines, wrong answers, exits: every
    # call returns or raises EngineError (a timeout is one) within its timeout.
    answered = 0
    for seed in range(16):
        started = time.monotonic()
        try:
            engine = Engine([sys.executable, FAKE, "chaos", str(seed)], timeout=0.5)
        except EngineError:
            continue
        try:
            for _ in range(3):
                engine.isready(timeout=0.5)
                engine.position(None, ["7g7f"])
                engine.go(byoyomi=10, timeout=0.5)
                engine.go_mate(100, timeout=0.5)
                answered += 1
        except EngineError:
            pass
        finally:
            engine.quit(timeout=0.5)  # killed when it does not exit on `quit`
            assert engine.returncode is not None
        assert time.monotonic() - started < 10, seed
    assert answered >= 3  # some runs get their answers


def test_multipv_scores_are_the_best_lines():
    # The worst line is written last: the score and the record's comment are the best's.
    with fake("multipv") as engine:
        engine.position(None)
        best = engine.go()
        assert best.score == {"cp": 50}
        assert best.main_info is not None and best.main_info["pv"][0] == best.move
    with fake("multipv") as black, fake("multipv") as white:
        record = play_game(black, white, max_moves=2)
    assert record.scores == [50, -50]


def test_a_timeout_holds_against_an_engine_that_writes_without_end():
    with fake("flood") as engine:
        engine.position(None)
        started = time.monotonic()
        with pytest.raises(EngineTimeoutError):
            engine.go(timeout=0.5)
        assert time.monotonic() - started < 5
        engine.kill()


def test_a_garbled_bestmove_is_a_protocol_error_and_loses_a_game():
    with fake("garbled") as engine:
        engine.position(None)
        with pytest.raises(EngineProtocolError, match="7g7z"):
            engine.go()
        assert engine.returncode is None  # still running


def test_quit_closes_every_pipe():
    engine = fake()
    engine.quit()
    process = engine._process
    assert process.stdin.closed and process.stdout.closed and process.stderr.closed


def test_quit_returns_when_the_engine_no_longer_reads_its_input():
    engine = fake("deaf")
    engine.send("go infinite")
    # Commands sent on until the pipe is full: the sender waits in its write.
    def flood():
        try:
            while True:
                engine.send("isready " + "x" * 1000)
        except EngineError:
            pass

    sender = threading.Thread(target=flood, daemon=True)
    sender.start()
    time.sleep(0.5)
    assert sender.is_alive()
    quitting = threading.Thread(target=engine.quit, kwargs={"timeout": 0.5}, daemon=True)
    started = time.monotonic()
    quitting.start()
    quitting.join(timeout=10)
    assert not quitting.is_alive(), "quit() waited on the full pipe"
    assert time.monotonic() - started < 5
    sender.join(timeout=5)
    assert not sender.is_alive() and engine.returncode is not None


def test_byoyomi_alone_is_sent_with_clocks_at_zero(tmp_path, monkeypatch):
    log = tmp_path / "commands.txt"
    monkeypatch.setenv("FAKE_USI_LOG", str(log))
    with fake() as black, fake() as white:
        play_game(black, white, byoyomi=1000, max_moves=1)
    gos = [line for line in log.read_text(encoding="utf-8").splitlines() if line.startswith("go")]
    assert gos[0] == "go btime 0 wtime 0 byoyomi 1000"


def test_engine_lines_decode_in_utf8_or_shift_jis_and_keep_a_stray_byte_apart():
    from masu.usi.engine import _decode

    assert _decode("id name 将棋太郎\r\n".encode("cp932")) == "id name 将棋太郎"
    # UTF-8 with one stray byte stays UTF-8 (it was decoded whole as cp932: mojibake).
    assert _decode("info string 評価値 ".encode() + b"\xff\n") == "info string 評価値 \ufffd"
    assert _decode(b"bestmove 7g7f\r\n") == "bestmove 7g7f"


def _eventually(condition, seconds=10.0):
    """Waits until `condition()` holds (a loaded machine may take a while), at most
    `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time given"
        time.sleep(0.01)


def _timed_out_go(engine):
    # Not pytest.raises: its traceback would keep the engine alive.
    try:
        engine.go(timeout=0.2)
    except EngineTimeoutError:
        return
    pytest.fail("the search answered")


def test_an_engine_writing_with_nobody_reading_waits_and_its_search_reads_to_the_end():
    from masu.usi.engine import _QUEUE_LINES

    with fake("flood_until_stop") as engine:
        engine.position(None)
        _timed_out_go(engine)
        # Nobody reads: the lines held stay bounded, the engine waits on its pipe.
        _eventually(lambda: engine._lines.qsize() == _QUEUE_LINES)
        time.sleep(0.3)
        assert engine._lines.qsize() == _QUEUE_LINES
        # Stopped, the search is read to its bestmove, each of its lines in order.
        engine.stop()
        best = engine.wait_bestmove(timeout=10)
        assert best.move == "7g7f"
        nodes = [info["nodes"] for info in best.info]
        assert len(nodes) >= _QUEUE_LINES // 2
        assert nodes == list(range(nodes[0], nodes[0] + len(nodes)))
        engine.isready(timeout=10)
        started = time.monotonic()
    # Not the 5 s of quit's wait and a kill: the engine took quit.
    assert time.monotonic() - started < 4
    assert engine.returncode == 0
    for pump in engine._pumps:
        pump.join(timeout=1)
        assert not pump.is_alive()


def test_a_long_search_keeps_its_last_info_lines_and_its_score(monkeypatch):
    from masu.usi import engine as engine_module

    monkeypatch.setattr(engine_module, "_INFO_KEPT", 100)
    seen = []
    with fake("flood_until_stop") as engine:

        def count(info):
            seen.append(info)
            if len(seen) == 300:
                engine.stop()

        engine.position(None)
        best = engine.go(timeout=30, on_info=count)
    assert best.move == "7g7f" and len(seen) >= 300
    # The first line alone scored the best line: it stays, before the last 100.
    assert best.info[0] == seen[0] and best.score == {"cp": 7}
    assert best.info[1:] == seen[-100:]
    assert [info["nodes"] for info in best.info[1:]] == list(
        range(len(seen) - 99, len(seen) + 1)
    )


@pytest.mark.parametrize("end", ["kill", "quit", "collected"])
def test_an_engine_that_never_stops_writing_is_held_back_and_ended(end):
    import gc

    from masu.usi.engine import _QUEUE_LINES

    engine = fake("flood")  # it no longer reads its input either
    engine.position(None)
    _timed_out_go(engine)
    _eventually(lambda: engine._lines.qsize() == _QUEUE_LINES)
    time.sleep(0.3)
    assert engine._lines.qsize() == _QUEUE_LINES
    pumps, process = engine._pumps, engine._process
    started = time.monotonic()
    if end == "kill":
        engine.kill()
    elif end == "quit":
        engine.quit(timeout=0.3)
    else:
        del engine
        gc.collect()
    assert process.wait(timeout=10) is not None
    # The threads reading its output end too: none waits for room no one will make.
    for pump in pumps:
        pump.join(timeout=5)
        assert not pump.is_alive()


def test_the_lines_held_are_bounded_in_characters_and_let_go_on_close():
    from masu.usi.engine import _LINE_BYTES, _QUEUE_CHARS, _Lines

    lines = _Lines()
    long = "x" * _LINE_BYTES

    def put_many():
        for _ in range(10):
            lines.put(long)
        lines.put(None)

    writer = threading.Thread(target=put_many, daemon=True)
    writer.start()
    full = _QUEUE_CHARS // _LINE_BYTES
    _eventually(lambda: lines.qsize() == full)
    time.sleep(0.1)
    assert lines.qsize() == full
    assert lines.get(0) == long
    _eventually(lambda: lines.qsize() == full)
    time.sleep(0.1)
    assert lines.qsize() == full
    lines.close()  # the rest is dropped, the end kept
    writer.join(timeout=1)
    assert not writer.is_alive()
    assert lines.qsize() == _QUEUE_CHARS // _LINE_BYTES + 1


def test_a_line_without_end_is_read_as_its_start():
    import io

    from masu.usi.engine import _LINE_BYTES, _pump

    read = []
    _pump(io.BytesIO(b"x" * (3 * _LINE_BYTES + 5) + b"\nusiok\n"), read.append)
    assert read == ["x" * _LINE_BYTES, "usiok", None]


def test_a_search_whose_wait_timed_out_does_not_answer_the_next_one():
    seen = []
    after_7g7f = Board("position startpos moves 7g7f").legal_moves.usi()
    with fake("slow") as engine:
        engine.position(None)
        with pytest.raises(EngineTimeoutError):
            engine.go(timeout=0.05)
        # Its answer, a move of Black's, comes before this search's.
        engine.position(None, ["7g7f"])
        best = engine.go(timeout=5, on_info=seen.append)
        assert best.move in after_7g7f
        assert best.info == seen and len(seen) == 3
        # A `stop` and `wait_bestmove` after the timeout still read that search's answer.
        engine.position(None)
        with pytest.raises(EngineTimeoutError):
            engine.go(timeout=0.05)
        engine.stop()
        assert engine.wait_bestmove(timeout=5).move in Board().legal_moves.usi()
        engine.position(None, ["7g7f"])
        assert engine.go(timeout=5).move in after_7g7f
