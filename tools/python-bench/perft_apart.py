"""Perft 4 in Python taken apart, masu against cshogi (a measurement, not a test).

    /tmp/bench/bin/python tools/python-bench/perft_apart.py [--runs 15]

Three walks of the tree from the start position, each the best of `--runs` runs with masu
and cshogi taking turns; each calls one function one ply from the leaves:

- `perft`: bench.py's row (there `len()` of the legal moves; push/pop above);
- `lists`: the same walk asking for the legal moves there without `len()`;
- `walk`: the same walk without them.

`perft - lists` is the cost of the `len()` calls, `lists - walk` that of the `legal_moves`
property, `walk` that of push/pop and the walk itself. cshogi generates the moves in the
property; masu's property copies the position and `len()` counts the moves without
listing them, so its generation falls in `perft - lists`.
"""

import argparse
import time

import cshogi

import masu.shogi


def tree(board, depth, leaf):
    """The walk of bench.py's perft, with `leaf(board)` one ply from the leaves."""
    if depth == 1:
        return leaf(board)
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += tree(board, depth - 1, leaf)
        board.pop()
    return n


# What each walk does one ply from the leaves (the same call in all three, so that their
# differences are the work alone).
LEAVES = {
    "perft": lambda board: len(board.legal_moves),
    "lists": lambda board: board.legal_moves is None or 1,
    "walk": lambda board: 1,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    boards = {"masu": masu.shogi.Board, "cshogi": cshogi.Board}
    for name, leaf in LEAVES.items():
        best = {}
        for _ in range(args.runs):
            for lib, make in boards.items():
                start = time.perf_counter()
                tree(make(), 4, leaf)
                seconds = time.perf_counter() - start
                best[lib] = min(best.get(lib, seconds), seconds)
        cells = "; ".join(f"{lib} {s * 1e3:.2f} ms" for lib, s in best.items())
        print(f"{name}: {cells}")


if __name__ == "__main__":
    main()
