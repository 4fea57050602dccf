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

TOTAL = {"p": 18, "l": 4, "n": 4, "s": 4, "g": 4, "b": 2, "r": 2}


def fill_defender_hand(sfen):
    board, turn, hands, ply = sfen.split()[:4]
    count = {k: 0 for k in TOTAL}
    for ch in board.replace("+", ""):
        if ch.lower() in count:
            count[ch.lower()] += 1
    num = ""
    for ch in "" if hands == "-" else hands:
        if ch.isdigit():
            num += ch
        else:
            count[ch.lower()] += int(num or 1)
            num = ""
    rest = "".join(f"{TOTAL[k] - count[k] if TOTAL[k] - count[k] > 1 else ''}{k}"
                   for k in "rbgsnlp" if TOTAL[k] > count[k])
    defender_upper = turn == "w"
    rest = rest.upper() if defender_upper else rest
    new_hands = ("" if hands == "-" else hands) + rest
    return f"{board} {turn} {new_hands or '-'} {ply}"


def main():
    path = sys.argv[1]
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    for line in open(path, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.rstrip("\n").split("\t")
        sfen = cols[0].split(" moves ")[0]
        name = cols[3] if len(cols) > 3 else ""
        board = cshogi.Board(fill_defender_hand(sfen))
        dfpn = cshogi.DfPn(depth=1600, nodes=nodes)
        start = time.time()
        timer = threading.Timer(seconds, dfpn.stop)
        timer.start()
        found = dfpn.search(board)
        timer.cancel()
        took = time.time() - start
        pv = dfpn.get_pv(board) if found else []
        print(f"{name}\tcshogi {'mate ' + str(len(pv)) if found else 'no mate / unknown'}\t"
              f"nodes {dfpn.searched_node}\t{took:.2f} s", flush=True)


if __name__ == "__main__":
    main()
