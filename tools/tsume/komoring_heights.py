#!/usr/bin/env python3
"""Reference column: the same problem file through KomoringHeights' USI mate search.

    KH=/path/to/KomoringHeights python3 tools/tsume/komoring_heights.py FILE [SECONDS] [HASH_MB]

KomoringHeights (GPL-3.0) is not part of this repository. Build it from
https://github.com/komori-n/KomoringHeights (in source/: `make normal TARGET_CPU=AVX2
COMPILER=g++ YANEURAOU_EDITION=USER_ENGINE`) and point KH at the binary. Each problem gets
a fresh engine with one thread, a HASH_MB table (default 1024) and `PostSearchLevel
UpperBound`: the first mate found, not proven shortest, the question this crate's proof
level answers. Prints per problem: the length of the line it reports (or nomate /
timeout), the positions it visited and the time.
"""
import subprocess
import time

from problem_file import fill_defender_hand, problems, reference_arguments


def solve(engine, sfen, seconds, hash_mb):
    """(answer, positions visited, seconds) for one problem."""
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)

    def send(command):
        proc.stdin.write(command + "\n")
        proc.stdin.flush()

    def wait_for(prefix):
        for line in proc.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"the engine stopped before '{prefix}'")

    for name, value in (("Threads", 1), ("USI_Hash", hash_mb),
                        ("PostSearchLevel", "UpperBound")):
        send(f"setoption name {name} value {value}")
    send("isready")
    wait_for("readyok")
    send("usinewgame")
    send(f"position sfen {fill_defender_hand(sfen)}")
    start = time.time()
    send(f"go mate {seconds * 1000}")
    nodes = "?"
    for line in proc.stdout:
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words:
            nodes = words[words.index("nodes") + 1]
        if words[:1] == ["checkmate"]:
            took = time.time() - start
            moves = words[1:]
            # USI: the mating line, or one of these words.
            words_only = ("nomate", "timeout", "notimplemented")
            answer = moves[0] if moves[:1] and moves[0] in words_only else f"mate {len(moves)}"
            break
    else:
        raise RuntimeError("the engine stopped without an answer")
    send("quit")
    proc.wait()
    return answer, nodes, took


def main():
    engine, path, seconds, hash_mb = reference_arguments("KH")
    for sfen, name in problems(path):
        answer, nodes, took = solve(engine, sfen, seconds, hash_mb)
        print(f"{name}\tKomoringHeights {answer}\tpositions {nodes}\t{took:.2f} s", flush=True)


if __name__ == "__main__":
    main()
