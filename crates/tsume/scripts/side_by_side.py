#!/usr/bin/env python3
"""Every problem of a problem file through this crate's solver and cshogi's DfPn (and
KomoringHeights when KH is set), one after the other, printed as one Markdown table:
the comparison measured in one run, on one machine, under one load.

    cargo build --release -p masu-tsume --example solve
    python3 crates/tsume/scripts/side_by_side.py FILE [NODES] [TABLE_MB] [SECONDS] [REF_SECONDS]

Run from the workspace root (or set SOLVE to the `solve` example's binary). NODES is
this solver's node budget (default 10 M) and cshogi's (cshogi counts only expansions);
SECONDS this solver's time limit per problem (default 60), REF_SECONDS the reference
solvers' (default SECONDS: a long solve need not wait as long for a reference that will
not finish); TABLE_MB this solver's and KomoringHeights' table (default 1024). `TSUME_LEVEL=proof|exact` in the environment
stops this solver after the proof or the shortest length, as for the example.

Columns: the known length; this solver's answer ("611" = proven shortest, "≤ 593" = a
mate of at most that length proven), its nodes, CPU seconds (user and system: the
kernel's share is mostly backing the table's pages when they are first touched), wall
seconds and peak memory (one process per problem, a fresh table each); cshogi's answer
(the length of its PV, which need not be the shortest; it cannot tell "no mate" from
"gave up"), nodes and seconds; and KomoringHeights' answer, positions and seconds (one
thread, `PostSearchLevel UpperBound`, see komoring_heights.py).
"""
import os
import subprocess
import sys
import tempfile
import time

from problem_file import problem_lines, sfen_and_name


def ours(binary, line, nodes, table_mb, seconds):
    """(answer, nodes, CPU seconds, wall seconds, peak RSS in MB) of the `solve` example on
    one problem."""
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", encoding="utf-8") as one:
        one.write(line + "\n")
        one.flush()
        start = time.time()
        proc = subprocess.Popen([binary, one.name, str(nodes), str(table_mb), str(seconds)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        report = proc.stderr.read()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.time() - start
    fields = report.rstrip("\n").split("\t")
    if status != 0 or len(fields) < 7:
        return f"error: {report.strip()[:80]}", "-", "-", "-", "-"
    searched = fields[4].split()[1]
    words = fields[6].split()
    if words[0] == "mate":
        length = words[1]
        answer = f"≤ {length[:-1]}" if length.endswith("?") else f"**{length}**"
    else:
        answer = " ".join(words[:2])
    cpu = usage.ru_utime + usage.ru_stime
    return (answer, f"{int(searched):,}", f"{cpu:.1f}", f"{wall:.1f}",
            f"{usage.ru_maxrss // 1024:,}")


def main():
    path = sys.argv[1]
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
    table_mb = int(sys.argv[3]) if len(sys.argv) > 3 else 1024
    seconds = int(sys.argv[4]) if len(sys.argv) > 4 else 60
    ref_seconds = int(sys.argv[5]) if len(sys.argv) > 5 else seconds
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    binary = os.environ.get("SOLVE", os.path.join(target, "release", "examples", "solve"))
    if not os.path.exists(binary):
        sys.exit(f"{binary} not found: build the `solve` example first (see above)")
    try:
        import cshogi_dfpn
    except ImportError:
        cshogi_dfpn = None
        print("cshogi is not installed (pip install cshogi): its column is left empty",
              file=sys.stderr)
    engine = os.environ.get("KH")
    if engine:
        import komoring_heights
    header = ["problem", "known", "masu-tsume", "nodes", "CPU s", "wall s", "peak MB",
              "cshogi DfPn", "nodes", "s"]
    if engine:
        header += ["KomoringHeights", "positions", "s"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for line in problem_lines(path):
        sfen, name = sfen_and_name(line)
        known = line.split("\t")[1] if "\t" in line else "?"
        row = [name, known or "?", *ours(binary, line, nodes, table_mb, seconds)]
        if cshogi_dfpn:
            answer, searched, took = cshogi_dfpn.solve(sfen, nodes, ref_seconds)
            row += [answer, f"{searched:,}" if isinstance(searched, int) else searched,
                    f"{took:.1f}"]
        else:
            row += ["-", "-", "-"]
        if engine:
            answer, visited, took = komoring_heights.solve(engine, sfen, ref_seconds, table_mb)
            row += [answer, visited, f"{took:.1f}"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
