"""Problem-file helpers shared by the reference-solver scripts."""

import os
import sys

TOTAL = {"p": 18, "l": 4, "n": 4, "s": 4, "g": 4, "b": 2, "r": 2}


def fill_defender_hand(sfen):
    """The SFEN with every piece not on the board or in a hand given to the defender."""
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


def problem_lines(path):
    """The problem lines of a `tests/data` style file (comments and blank lines left out)."""
    for line in open(path, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            yield line.rstrip("\n")


def sfen_and_name(line):
    """(SFEN without moves, name) of one problem line."""
    cols = line.split("\t")
    return cols[0].split(" moves ")[0], cols[3] if len(cols) > 3 else ""


def problems(path):
    """(SFEN without moves, name) for each problem line of a `tests/data` style file."""
    for line in problem_lines(path):
        yield sfen_and_name(line)


def usage_columns(usage, wall):
    """CPU seconds (user + system), wall seconds and peak RSS in MB of a finished child, as
    table cells."""
    cpu = usage.ru_utime + usage.ru_stime
    return f"{cpu:.1f}", f"{wall:.1f}", f"{usage.ru_maxrss // 1024:,}"


def reference_arguments(variable):
    """(binary, FILE, SECONDS, TABLE_MB) of a reference-solver script: the binary from the
    environment `variable`, the rest from `FILE [SECONDS] [TABLE_MB]` (defaults 60 s and
    1024 MB)."""
    binary = os.environ.get(variable)
    if not binary:
        sys.exit(f"set {variable} to the solver's binary (see the script's docstring)")
    path = sys.argv[1]
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    table_mb = int(sys.argv[3]) if len(sys.argv) > 3 else 1024
    return binary, path, seconds, table_mb
