"""The cost of one short solve from Python: masu.tsume's `solve`, a reused `Solver`,
`solve_many`, and cshogi's `DfPn`; masu.reversi's `solve` and a reused `Solver` on short
endgames (a benchmark, not a test).

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install ./crates/python cshogi
    /tmp/bench/bin/python tools/python-bench/solve_calls.py

Each row: the best and the median of five loops, in microseconds a call.
"""

import statistics
import time

from masu import reversi, tsume

try:
    import cshogi
except ImportError:
    cshogi = None

PROBLEMS = {
    "mate in 1": "8k/9/8P/9/9/9/9/9/9 b G 1",
    "mate in 1, defender's hand full": "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
    "mate in 3": "9/8k/9/8P/9/9/9/9/9 b 2G 1",
}


def per_call(work, calls, loops=5):
    """Best and median of `loops` timings of `calls` calls of `work`, in µs a call."""
    times = []
    for _ in range(loops):
        start = time.perf_counter()
        for _ in range(calls):
            work()
        times.append((time.perf_counter() - start) / calls * 1e6)
    return min(times), statistics.median(times)


def row(name, timing):
    print(f"{name:<56} {timing[0]:8.2f} {timing[1]:8.2f}")


def main():
    print(f"{'µs a call':<56} {'best':>8} {'median':>8}")
    for label, sfen in PROBLEMS.items():
        for level in ("proof", "exact", "full"):
            row(f"{label}, solve, {level}", per_call(lambda: tsume.solve(sfen, level=level), 300))
            solver = tsume.Solver(level=level)
            row(f"{label}, Solver.solve, {level}", per_call(lambda: solver.solve(sfen), 3000))
        batch = [sfen] * 1000
        many = per_call(lambda: tsume.solve_many(batch, threads=1), 3)
        row(f"{label}, solve_many (1,000, one thread)", (many[0] / 1000, many[1] / 1000))
        if cshogi is not None:
            board, dfpn = cshogi.Board(sfen), cshogi.DfPn()
            row(f"{label}, cshogi DfPn.search (reused)", per_call(lambda: dfpn.search(board), 3000))


def reversi_rows():
    for empties in (8, 14):
        board = reversi.Board()
        player = reversi.Computer("random", seed=5)
        while 64 - sum(board.discs()) > empties:
            player.play(board)
        row(f"reversi, {empties} empties, solve", per_call(lambda: reversi.solve(board), 20))
        solver = reversi.Solver()
        row(f"reversi, {empties} empties, Solver.solve", per_call(lambda: solver.solve(board), 200))


if __name__ == "__main__":
    main()
    reversi_rows()
