#!/usr/bin/env python3
"""Reference column: the same problem file through cshogi's DfPn (pip install cshogi).

    python3 crates/tsume/scripts/cshogi_dfpn.py FILE [NODES] [SECONDS]

Prints per problem: the PV length cshogi reports (not necessarily the shortest), nodes
and time. cshogi takes the hands as written in the SFEN, so problems that leave the
defender's hand implicit get it filled in here first (tsume convention).
"""
import sys
import threading
import time

import cshogi

from problem_file import fill_defender_hand, problems


def solve(sfen, nodes, seconds):
    """(answer, nodes searched, seconds) for one problem: 'mate N' with the length of
    cshogi's PV, or 'no mate / unknown' (its DfPn does not tell the two apart)."""
    board = cshogi.Board(fill_defender_hand(sfen))
    dfpn = cshogi.DfPn(depth=1600, nodes=nodes)
    start = time.time()
    timer = threading.Timer(seconds, dfpn.stop)
    timer.start()
    found = dfpn.search(board)
    timer.cancel()
    took = time.time() - start
    answer = f"mate {len(dfpn.get_pv(board))}" if found else "no mate / unknown"
    return answer, dfpn.searched_node, took


def main():
    path = sys.argv[1]
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    for sfen, name in problems(path):
        answer, searched, took = solve(sfen, nodes, seconds)
        print(f"{name}\tcshogi {answer}\tnodes {searched}\t{took:.2f} s", flush=True)


if __name__ == "__main__":
    main()
