"""Perft 4 in Python taken apart, masu against cshogi (a measurement, not a test).

    /tmp/bench/bin/python tools/python-bench/perft_apart.py [--runs 15]

Three walks of the tree from the start position, each the best of `--runs` runs with masu
and cshogi taking turns:

- `perft`: bench.py's row (legal moves at every node, `len()` of them one ply from the
  leaves, push/pop elsewhere);
- `lists`: the same walk without the `len()` calls;
- `walk`: the same walk without the lists one ply from the leaves.

`perft - lists` is the cost of the `len()` calls, `lists - walk` that of making the legal
move lists one ply from the leaves, `walk` that of push/pop and the walk itself.
"""

import argparse
import time

import cshogi

import masu.shogi


def perft(board, depth):
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    n = 0
    for m in list(moves):
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def lists(board, depth):
    moves = board.legal_moves
    if depth == 1:
        return 1
    n = 0
    for m in list(moves):
        board.push(m)
        n += lists(board, depth - 1)
        board.pop()
    return n


def walk(board, depth):
    if depth == 1:
        return 1
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += walk(board, depth - 1)
        board.pop()
    return n


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    boards = {"masu": masu.shogi.Board, "cshogi": cshogi.Board}
    for fn in (perft, lists, walk):
        best = {}
        for _ in range(args.runs):
            for lib, make in boards.items():
                start = time.perf_counter()
                fn(make(), 4)
                seconds = time.perf_counter() - start
                best[lib] = min(best.get(lib, seconds), seconds)
        cells = "; ".join(f"{lib} {s * 1e3:.2f} ms" for lib, s in best.items())
        print(f"{fn.__name__}: {cells}")


if __name__ == "__main__":
    main()
