#!/usr/bin/env python3
"""Every problem of a problem file through masu's solver (`masu solve`) and cshogi's DfPn
(and shtsume when SHTSUME is set, KomoringHeights when KH is set), one after the other,
printed as one Markdown table: the comparison measured in one run, on one machine, under
one load.

    cargo build --release -p masu
    python3 tools/tsume/side_by_side.py FILE [NODES] [TABLE_MB] [SECONDS] [REF_SECONDS]

Run from the workspace root (or set MASU to the `masu` binary). NODES is this solver's
node budget (default 10 M) and cshogi's (cshogi counts only expansions); SECONDS this
solver's time limit per problem (default 60), REF_SECONDS the reference solvers' (default
SECONDS: a long solve need not wait as long for a reference that will not finish);
TABLE_MB this solver's and KomoringHeights' table (default 1024). `TSUME_LEVEL=proof|exact`
in the environment stops this solver after the proof or the shortest length (`masu solve
--level`; default: the full answer).

Columns: the known length; this solver's answer ("611" = proven shortest, "≤ 593" = a
mate of at most that length proven), its nodes, CPU seconds (user and system: the
kernel's share is mostly backing the table's pages when they are first touched), wall
seconds and peak memory (one process per problem, a fresh table each); cshogi's answer
(the length of its PV, which need not be the shortest; it cannot tell "no mate" from
"gave up"), nodes and seconds; shtsume's answer, positions, CPU and wall seconds and peak
memory (one process per problem with TABLE_MB and REF_SECONDS, see shtsume.py); and
KomoringHeights' answer, positions and seconds (one thread, `PostSearchLevel UpperBound`,
see komoring_heights.py).
"""
import json
import os
import subprocess
import sys
import tempfile
import time

from problem_file import problem_lines, sfen_and_name, usage_columns


def ours(binary, line, nodes, table_mb, seconds, level):
    """(answer, nodes, CPU seconds, wall seconds, peak RSS in MB) of `masu solve` on one
    problem."""
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", encoding="utf-8") as one, \
            tempfile.TemporaryFile("w+", encoding="utf-8") as errors:
        one.write(line + "\n")
        one.flush()
        start = time.time()
        command = [binary, "solve", one.name, "--json", "--jobs", "1", "--level", level,
                   "--nodes", str(nodes), "--hash", str(table_mb), "--time", str(seconds)]
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True)
        report = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.time() - start
        errors.seek(0)
        error_text = errors.read()
    # Exit status 1 with a report only says the answer is not the one the file records
    # (橋本587手詰's minimax length is 589); 2 is arguments that do not parse.
    if os.waitstatus_to_exitcode(status) not in (0, 1) or not report.strip():
        return f"error: {error_text.strip()[:80]}", "-", "-", "-", "-"
    answer = json.loads(report.splitlines()[0])
    if answer["verdict"] == "mate":
        length = answer["length"]
        answer_text = f"**{length}**" if answer["exact"] else f"≤ {length}"
    elif answer["verdict"] == "no_mate":
        # The peers' columns' word, so that the table's rows compare at a glance.
        answer_text = "nomate"
    else:
        answer_text = answer["verdict"]
    return (answer_text, f"{answer['nodes']:,}", *usage_columns(usage, wall))


def main():
    path = sys.argv[1]
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
    table_mb = int(sys.argv[3]) if len(sys.argv) > 3 else 1024
    seconds = int(sys.argv[4]) if len(sys.argv) > 4 else 60
    ref_seconds = int(sys.argv[5]) if len(sys.argv) > 5 else seconds
    level = os.environ.get("TSUME_LEVEL", "full")
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    binary = os.environ.get("MASU", os.path.join(target, "release", "masu"))
    if not os.path.exists(binary):
        sys.exit(f"{binary} not found: build it first (cargo build --release -p masu)")
    try:
        import cshogi_dfpn
    except ImportError:
        cshogi_dfpn = None
        print("cshogi is not installed (pip install cshogi): its column is left empty",
              file=sys.stderr)
    sht = os.environ.get("SHTSUME")
    if sht:
        import shtsume
    engine = os.environ.get("KH")
    if engine:
        import komoring_heights
    header = ["problem", "known", "masu-tsume", "nodes", "CPU s", "wall s", "peak MB",
              "cshogi DfPn", "nodes", "s"]
    if sht:
        header += ["shtsume", "positions", "CPU s", "wall s", "peak MB"]
    if engine:
        header += ["KomoringHeights", "positions", "s"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for line in problem_lines(path):
        sfen, name = sfen_and_name(line)
        known = line.split("\t")[1] if "\t" in line else "?"
        row = [name, known or "?", *ours(binary, line, nodes, table_mb, seconds, level)]
        if cshogi_dfpn:
            answer, searched, took = cshogi_dfpn.solve(sfen, nodes, ref_seconds)
            row += [answer, f"{searched:,}" if isinstance(searched, int) else searched,
                    f"{took:.1f}"]
        else:
            row += ["-", "-", "-"]
        if sht:
            answer, positions, usage, wall = shtsume.solve(sht, sfen, ref_seconds, table_mb)
            row += [answer, positions, *usage_columns(usage, wall)]
        if engine:
            answer, visited, took = komoring_heights.solve(engine, sfen, ref_seconds, table_mb)
            row += [answer, visited, f"{took:.1f}"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
