#!/usr/bin/env python3
"""Reference column: the same problem file through shtsume's command line.

    SHTSUME=/path/to/shtsume python3 tools/tsume/shtsume.py FILE [SECONDS] [TABLE_MB]

shtsume (MIT) is not part of this repository. Build it from
https://github.com/hkijin/shtsume (`make` at its root gives `./shtsume`) and point SHTSUME
at the binary. Each problem is one process, `shtsume -m TABLE_MB -i SECONDS SFEN` (table
default 1024 MB, search level 0), with every piece not on the board given to the defender.
shtsume keeps its limit in microseconds in an `int` (a limit above 2,147 s wraps and stops
it at once), so SECONDS is capped there; it caps its table at 2,047 MB whatever TABLE_MB asks.
Prints per problem: the length shtsume reports (or nomate / unsolved), the positions it
searched, CPU seconds (user + system), wall seconds and peak RSS.
"""
import os
import re
import subprocess
import time

from problem_file import fill_defender_hand, problems, reference_arguments, usage_columns

MATE = re.compile(r"詰みました。(\d+)手詰め")
POSITIONS = re.compile(r"探索局面数\s*(\d+)")
# The longest limit shtsume takes (its microseconds in a 32-bit int).
MAX_SECONDS = 2147


def solve(binary, sfen, seconds, table_mb):
    """(answer, positions searched, resource usage, wall seconds) of shtsume on one
    problem: the length it found, "nomate", or "unsolved" (the time limit)."""
    command = [binary, "-m", str(table_mb), "-i", str(min(MAX_SECONDS, max(1, int(seconds)))),
               fill_defender_hand(sfen)]
    start = time.time()
    proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, errors="replace")
    out = proc.stdout.read()
    _, _, usage = os.wait4(proc.pid, 0)
    wall = time.time() - start
    mate = MATE.search(out)
    if mate:
        answer = mate.group(1)
    elif "不詰です" in out:
        answer = "nomate"
    else:
        answer = "unsolved"
    positions = POSITIONS.search(out)
    return answer, f"{int(positions.group(1)):,}" if positions else "-", usage, wall


def main():
    binary, path, seconds, table_mb = reference_arguments("SHTSUME")
    print("| problem | shtsume | positions | CPU s | wall s | peak MB |")
    print("|---|---|---|---|---|---|")
    for sfen, name in problems(path):
        answer, positions, usage, wall = solve(binary, sfen, seconds, table_mb)
        cells = [name, answer, positions, *usage_columns(usage, wall)]
        print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
