#!/usr/bin/env python3
"""A whole problem file as a batch: `masu solve` in one process (one table, one thread)
against cshogi's DfPn in one Python process, measured in the same run.

    cargo build --release -p masu
    python3 tools/tsume/batch.py FILE [LEVEL ...]

LEVEL is a `masu solve --level` (default: exact and full). Prints one Markdown table: for
each solver, the CPU seconds of the whole file (user + system of the process, start-up
included for masu; cshogi's is the sum of its `search` calls, so Python's start-up and the
parsing of the file are not counted against it), the slowest problem, the peak RSS (of the
`masu` process; of this Python process for cshogi, the interpreter and numpy included),
and how many answers have the file's known length. cshogi's DfPn reports a PV, not a proven shortest length, so
its "known length" column counts the PVs of that length.

`MASU` names the binary (default target/release/masu); `NODES` caps cshogi's nodes per
problem (default 2,000,000); `HASH` is masu's table in MiB (default 256).
"""
import json
import os
import resource
import subprocess
import sys
import time

from problem_file import fill_defender_hand, problem_lines, sfen_and_name


def known_lengths(path):
    """The known length of each problem line (None where the file has none)."""
    lengths = []
    for line in problem_lines(path):
        cols = line.split("\t")
        lengths.append(int(cols[1]) if len(cols) > 1 and cols[1].isdigit() else None)
    return lengths


def masu_batch(binary, path, level, hash_mb):
    """(CPU seconds, slowest problem's seconds, peak RSS in MB, answers of the known length,
    problems)."""
    command = [binary, "solve", path, "--json", "--jobs", "1", "--level", level,
               "--hash", str(hash_mb)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    report = proc.stdout.read()
    _, _, usage = os.wait4(proc.pid, 0)
    answers = [json.loads(line) for line in report.splitlines() if line.startswith("{")]
    right = sum(1 for answer, known in zip(answers, known_lengths(path))
                if answer.get("verdict") == "mate" and answer.get("length") == known)
    slowest = max((answer.get("millis", 0) for answer in answers), default=0) / 1000
    rss_mb = usage.ru_maxrss / 1024
    return usage.ru_utime + usage.ru_stime, slowest, rss_mb, right, len(answers)


def cshogi_batch(path, nodes):
    """The same five figures for cshogi's DfPn, every problem in this process."""
    import cshogi

    total, slowest, right, count = 0.0, 0.0, 0, 0
    for (sfen, _), known in zip((sfen_and_name(line) for line in problem_lines(path)),
                                known_lengths(path)):
        board = cshogi.Board(fill_defender_hand(sfen))
        dfpn = cshogi.DfPn(depth=1600, nodes=nodes)
        start = time.process_time()
        found = dfpn.search(board)
        took = time.process_time() - start
        total += took
        slowest = max(slowest, took)
        right += bool(found) and len(dfpn.get_pv(board)) == known
        count += 1
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return total, slowest, rss_mb, right, count


def main():
    path = sys.argv[1]
    levels = sys.argv[2:] or ["exact", "full"]
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    binary = os.environ.get("MASU", os.path.join(target, "release", "masu"))
    nodes = int(os.environ.get("NODES", "2000000"))
    hash_mb = int(os.environ.get("HASH", "256"))
    rows = [(f"masu solve --level {level}", masu_batch(binary, path, level, hash_mb))
            for level in levels]
    try:
        rows.append(("cshogi DfPn", cshogi_batch(path, nodes)))
    except ImportError:
        print("cshogi is not installed (pip install cshogi): its row is left out",
              file=sys.stderr)
    print("| solver | CPU s, whole file | slowest problem, s | peak RSS, MB | known length "
          "| problems |")
    print("|---|---|---|---|---|---|")
    for name, (cpu, slowest, rss_mb, right, count) in rows:
        print(f"| {name} | {cpu:.2f} | {slowest:.3f} | {rss_mb:,.0f} | {right} | {count} |")


if __name__ == "__main__":
    main()
