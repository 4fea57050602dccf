#!/usr/bin/env python3
"""Reference column: the same problem file through cshogi's DfPn (pip install cshogi).

    python3 tools/tsume/cshogi_dfpn.py FILE [NODES] [SECONDS]

Prints per problem: the PV length cshogi reports (not necessarily the shortest), nodes
and time. cshogi takes the hands as written in the SFEN, so problems that leave the
defender's hand implicit get it filled in here first (tsume convention).
"""
import multiprocessing
import queue
import sys
import time

import cshogi

from problem_file import fill_defender_hand, problems


def search(sfen, nodes, answers):
    """Runs cshogi's DfPn on one problem and puts (answer, nodes searched) on `answers`."""
    board = cshogi.Board(fill_defender_hand(sfen))
    dfpn = cshogi.DfPn(depth=1600, nodes=nodes)
    found = dfpn.search(board)
    answer = f"mate {len(dfpn.get_pv(board))}" if found else "no mate / unknown"
    answers.put((answer, dfpn.searched_node))


def solve(sfen, nodes, seconds):
    """(answer, nodes searched, seconds) for one problem: 'mate N' with the length of
    cshogi's PV, 'no mate / unknown' (its DfPn does not tell the two apart), or 'timeout'.

    The search runs in a child process that is killed at the time limit: DfPn holds
    Python's global lock while it searches, so a timer in this process never gets to
    call its `stop`, and its table grows without bound (about 100 bytes a node)."""
    answers = multiprocessing.Queue()
    child = multiprocessing.Process(target=search, args=(sfen, nodes, answers))
    start = time.time()
    child.start()
    try:
        answer, searched = answers.get(timeout=seconds)
    except queue.Empty:
        answer, searched = "timeout", "?"
    took = time.time() - start
    child.kill()
    child.join()
    return answer, searched, took


def main():
    path = sys.argv[1]
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    for sfen, name in problems(path):
        answer, searched, took = solve(sfen, nodes, seconds)
        print(f"{name}\tcshogi {answer}\tnodes {searched}\t{took:.2f} s", flush=True)


if __name__ == "__main__":
    main()
