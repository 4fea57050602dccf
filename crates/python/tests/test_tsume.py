"""masu.tsume: one problem, many in parallel, limits and bad input."""

import pickle
import threading
import time

import pytest

from conftest import interrupted_after
import masu
from masu import tsume

# Black: a pawn on 1d and two golds in hand against the king on 1b: mate in three.
MATE3 = "9/8k/9/8P/9/9/9/9/9 b 2G 1"
# 木星の旅 (a journey to Jupiter, 411 plies): far beyond any time limit here.
JUPITER = "3pl3p/1+Pn3pk1/2+p6/4+pG3/1K3p2P/+B5l1+B/+p3pS1+ll/p+p2PN3/3S1+sSPN b 2R2P3gn2p 1"
# A lone king and nothing to check with.
NO_MATE = "4k4/9/9/9/9/9/9/9/9 b P 1"


def test_mate_in_three():
    s = tsume.solve(MATE3, hash_mb=8)
    assert s.verdict == "mate"
    assert s.length == 3 and s.exact
    assert len(s.line) == 3 and s.line[0].startswith("G*")
    assert s.line_ki2 == masu.shogi.Board(MATE3, tsume=True).ki2_line(s.line)
    assert s.line_ki2[0].startswith("▲") and s.line_ki2[1].startswith("△")
    assert s.convention_length == 3
    assert s.nodes > 0 and s.seconds >= 0
    assert repr(s) == f"Solution(verdict='mate', length=3, line={s.line!r}, nodes={s.nodes})"
    assert repr(tsume.solve("9/9/9/9/9/9/9/9/k8 b - 1", hash_mb=8)).startswith(
        "Solution(verdict='no_mate', length=None, line=[], "
    )


def test_two_threads_answer_as_one():
    one = tsume.solve(MATE3, level="exact", hash_mb=8)
    two = tsume.solve(MATE3, level="exact", hash_mb=8, threads=2)
    assert (two.verdict, two.length, two.exact) == (one.verdict, one.length, one.exact)
    assert tsume.solve(NO_MATE, hash_mb=8, threads=2).verdict == "no_mate"
    for bad in (0, 1025, 10**6):
        with pytest.raises(ValueError, match="threads must be from 1 to 1024"):
            tsume.solve(MATE3, threads=bad)
        # A batch's threads too (0 was taken for one per core, which None says).
        with pytest.raises(ValueError, match="threads must be from 1 to 1024"):
            tsume.solve_many([MATE3], threads=bad)


def test_levels_no_mate_and_limits():
    assert tsume.solve(MATE3, level="proof", hash_mb=8).verdict == "mate"
    # A node limit that stops the 余詰 search after the proof names itself (it was None).
    cut_sfen = "9/6+p2/4k4/5R3/9/9/9/9/9 b R2B2G3SNL2gs3n3l17p 1"
    cut = tsume.solve(cut_sfen, nodes=10_000, hash_mb=16)
    assert (cut.verdict, cut.alternatives_complete, cut.stopped) == ("mate", False, "node_limit")
    assert pickle.loads(pickle.dumps(cut)) == cut
    assert tsume.solve(cut_sfen, hash_mb=16).stopped is None
    # A mate in 1 is the shortest at every level (the proof level called it a bound).
    mate1 = tsume.solve("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", level="proof", hash_mb=8)
    assert (mate1.length, mate1.exact) == (1, True)
    short = tsume.solve(MATE3, level="short", hash_mb=8)
    assert (short.verdict, short.length, short.exact) == ("mate", 3, True)
    assert tsume.solve(NO_MATE, hash_mb=8).verdict == "no_mate"
    stopped = tsume.solve(MATE3, nodes=1, hash_mb=8)
    assert stopped.verdict in ("unknown", "mate")
    if stopped.verdict == "unknown":
        assert stopped.stopped == "node_limit"
    with pytest.raises(ValueError, match="level"):
        tsume.solve(MATE3, level="fast")
    for bad in (-1.0, float("nan"), float("inf"), 1e30):
        with pytest.raises(ValueError, match="time must be a number of seconds from 0 to 1.8e19"):
            tsume.solve(MATE3, time=bad)
    # A limit past what the clock holds is none (it panicked).
    assert tsume.solve(MATE3, time=1.8e19).length == 3
    with pytest.raises(ValueError):
        tsume.solve("not a position")


def test_a_bound_on_the_length():
    assert tsume.solve(MATE3, max_plies=1, hash_mb=8).verdict == "no_mate_within"
    within = tsume.solve(MATE3, max_plies=5, hash_mb=8)
    assert (within.verdict, within.length, within.exact) == ("mate", 3, True)
    assert tsume.Solver(hash_mb=8).solve(MATE3, max_plies=1).verdict == "no_mate_within"
    bounded = tsume.solve_many([MATE3, MATE3], hash_mb=8, threads=2, max_plies=1)
    assert [s.verdict for s in bounded] == ["no_mate_within", "no_mate_within"]


def test_many_in_parallel_keep_their_order():
    solutions = tsume.solve_many([MATE3, NO_MATE, MATE3], hash_mb=8, threads=2)
    assert [s.verdict for s in solutions] == ["mate", "no_mate", "mate"]
    # A bad position in a batch is named by its index.
    with pytest.raises(ValueError, match=r"^sfens\[1\] 'bad': invalid board"):
        tsume.solve_many([MATE3, "bad", MATE3], hash_mb=8)
    with pytest.raises(TypeError, match=r"^sfens\[0\] 7: a problem is SFEN text or a Board"):
        tsume.solve_many([7], hash_mb=8)
    # So is one that reads but no solve takes.
    with pytest.raises(ValueError, match=r"^sfens\[1\]: .*king"):
        tsume.solve_many([MATE3, "4K4/9/9/9/9/9/9/9/9 b G 1"], hash_mb=8)


def test_a_board_is_a_problem_too():
    board = masu.shogi.Board(MATE3, tsume=True)
    by_text = tsume.solve(MATE3, level="exact", hash_mb=8)
    assert tsume.solve(board, level="exact", hash_mb=8).line == by_text.line
    assert tsume.Solver(level="exact", hash_mb=8).solve(board).line == by_text.line
    many = tsume.solve_many([board, MATE3], level="exact", hash_mb=8, threads=1)
    assert [s.line for s in many] == [by_text.line] * 2
    # The position the board is at: after the first two moves, a mate in one.
    board.push_usi(by_text.line[0])
    board.push_usi(by_text.line[1])
    assert tsume.solve(board, hash_mb=8).length == 1
    with pytest.raises(TypeError, match="^a problem is SFEN text or a Board, not int$"):
        tsume.solve(7)


def test_a_time_limit_stops_a_long_search():
    start = time.monotonic()
    s = tsume.solve(JUPITER, level="proof", time=0.1, hash_mb=16)
    assert time.monotonic() - start < 5
    assert s.verdict == "unknown" and s.stopped == "time_limit"


def test_the_gil_is_released_while_solving():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    tsume.solve(JUPITER, level="proof", time=0.3, hash_mb=16)
    stop.set()
    thread.join()
    assert len(ticks) > 20


# 木星の旅's search soon goes deeper than the calling thread searches and carries on, on a
# thread of its own; the 39-ply problem of the Rust tests bounded to 37 plies (a disproof
# of a minute) stays on the calling thread.
CHAINS = "9/1+R+N1kP2S/6pn1/9/9/5+B3/1R2S4/3p5/9 b NPb4g2sn4l14p 1"


def test_ctrl_c_stops_a_search():
    interrupted_after(0.2, lambda: tsume.solve(JUPITER, level="proof", time=30, hash_mb=16))
    solver = tsume.Solver(level="exact", time=30, hash_mb=16)
    interrupted_after(0.2, lambda: solver.solve(CHAINS, max_plies=37))
    interrupted_after(0.2, lambda: solver.solve(JUPITER))
    # The stop was for those solves: the next one runs.
    assert solver.solve(MATE3).length == 3
    interrupted_after(0.2, lambda: tsume.solve_many([JUPITER] * 2, time=30, hash_mb=16))


def test_a_solver_keeps_its_settings_for_many_problems():
    solver = tsume.Solver(level="exact", hash_mb=8)
    assert repr(solver) == "Solver(level='exact', nodes=None, time=None, hash_mb=8, threads=1)"
    assert (solver.level, solver.nodes, solver.time, solver.hash_mb) == ("exact", None, None, 8)
    for _ in range(3):
        s = solver.solve(MATE3)
        assert (s.verdict, s.length, s.exact, s.line) == ("mate", 3, True, tsume.solve(MATE3).line)
        # The exact level stops before the convention answer.
        assert s.convention_length is None
        assert solver.solve(NO_MATE).verdict == "no_mate"
    limited = tsume.Solver(level="proof", time=0.1, hash_mb=16)
    s = limited.solve(JUPITER)
    assert s.verdict == "unknown" and s.stopped == "time_limit"
    assert limited.solve(MATE3).verdict == "mate"
    with pytest.raises(ValueError):
        solver.solve("not a position")
    for bad in ({"level": "fast"}, {"threads": 0}, {"time": -1.0}, {"hash_mb": 1 << 40}):
        with pytest.raises(ValueError):
            tsume.Solver(**bad)


def test_a_count_below_0_is_a_value_error_saying_what_is_taken():
    # Each raised OverflowError (PyO3's conversion into an unsigned type).
    with pytest.raises(ValueError, match="^nodes is a whole number from 0 to 18446744073709551615, got -1$"):
        tsume.solve(MATE3, nodes=-1)
    with pytest.raises(ValueError, match="^hash_mb is a whole number from 1 to 18446744073709551615, got -1$"):
        tsume.Solver(hash_mb=-1)
    with pytest.raises(ValueError, match="^max_plies is a whole number from 0 to 4294967295, got -1$"):
        tsume.Solver(hash_mb=1).solve(MATE3, max_plies=-1)
    with pytest.raises(ValueError, match="^max_plies is a whole number from 0"):
        tsume.solve_many([MATE3], hash_mb=1, threads=1, max_plies=-3)
    with pytest.raises(ValueError, match="^threads must be from 1 to 1024, got -1$"):
        tsume.solve(MATE3, threads=-1)
    with pytest.raises(ValueError, match=r"^threads must be from 1 to 1024 \(None: one per core\), got -2$"):
        tsume.solve_many([MATE3], threads=-2)
    solver = tsume.Solver(nodes=5, hash_mb=1, threads=2)
    assert (solver.nodes, solver.hash_mb, solver.threads) == (5, 1, 2)


def test_a_table_too_large_is_a_value_error():
    with pytest.raises(ValueError):
        tsume.solve(MATE3, hash_mb=1 << 40)
    # A size that is none says what would do.
    with pytest.raises(ValueError, match=r"^hash_mb 0 is not a table size: a table has at least 1 MiB$"):
        tsume.solve(MATE3, hash_mb=0)
    with pytest.raises(ValueError, match=r"do not fit in the address space$"):
        tsume.Solver(hash_mb=(1 << 64) - 1)
    with pytest.raises(ValueError):
        tsume.solve_many([MATE3], hash_mb=1 << 40)


def test_a_node_limit_in_the_yozume_search_keeps_the_proven_length():
    # A mate in 7 whose 余詰 search needs some 150,000 nodes: a limit of 10,000 stops it,
    # and the shortest length proven before stays (it was "13, an upper bound").
    problem = "9/6+p2/4k4/5R3/9/9/9/9/9 b R2B2G3SNL2gs3n3l17p 1"
    cut = tsume.solve(problem, nodes=10_000)
    assert (cut.length, cut.exact, cut.alternatives_complete) == (7, True, False)
    assert cut.convention_length is None and cut.nodes < 20_000
    whole = tsume.solve(problem)
    assert (whole.length, whole.exact, whole.alternatives_complete) == (7, True, True)
    assert whole.undecided == [] and all(ply % 2 == 0 for ply, _ in whole.alternatives)
    assert not tsume.solve(problem, level="exact").alternatives_complete
    assert pickle.loads(pickle.dumps(cut)) == cut
