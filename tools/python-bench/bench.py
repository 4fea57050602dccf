"""masu, cshogi and python-shogi from Python, side by side (a benchmark, not a test).

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install ./crates/python numpy cshogi python-shogi
    /tmp/bench/bin/python tools/python-bench/bench.py [--positions 100000]

Rows: legal moves of many positions set from SFEN; push/pop of every legal move of those
positions; perft 4 from the start in Python (and masu's perft in Rust); reading the record
corpus of crates/kif/tests/data (each library on the files it reads; masu also with
read_many, in parallel); converting the corpus to HCPE; converting YaneuraOu training
examples (PackedSfenValue, one per position of the first row) to HCPE; `set_hcp` of each row
of an array of HCP positions; dlshogi's network input and move labels of HCPE examples, in
training batches of 1,024 (position by position in each library, and masu's
`hcpe_decode_with_value`). python-shogi runs a tenth of the positions and perft 3 (it would take
minutes otherwise): its rows are scaled to the same work and marked so. Each row prints
the time of each library (the best of five runs, masu and cshogi taking turns; perft in
Python and the record rows the best of ten; python-shogi's one run of the board rows) and
the ratio to masu.
"""

import argparse
import importlib.metadata
import pathlib
import random
import sys
import time

import numpy as np

import masu
import masu.dlshogi
import masu.kif
import masu.shogi

try:
    import cshogi
    import cshogi.CSA
    import cshogi.KIF
    import cshogi.dlshogi
except ImportError:
    cshogi = None
try:
    import shogi as pyshogi
    import shogi.CSA
    import shogi.KIF
except ImportError:
    pyshogi = None

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "crates" / "kif" / "tests" / "data" / "corpus"


def positions(count, seed=1):
    """SFENs of `count` positions from seeded random games (60 plies at most each)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = masu.shogi.Board()
        for _ in range(rng.randrange(1, 60)):
            moves = board.legal_moves
            if not moves:
                break
            board.push(rng.choice(moves))
            out.append(board.sfen())
    return out[:count]


def timed(fn, *args, repeat=3):
    """(best seconds of `repeat` runs, result): the machine is shared, the best run is the
    one least disturbed."""
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn(*args)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    return best, result


def alternated(calls, repeat=5, warm=False):
    """{library: (best seconds, result)} of `calls` ({library: (fn, *args)}), the libraries
    taking turns run by run, so that a slow spell of the shared machine falls on both (its
    speed drifts by half within minutes: five turns, where three left the push/pop row
    anywhere between 0.86x and 1.01x in two runs). `warm`: each turn times the second of
    two runs, for rows of a few milliseconds, where the caches and branch history another
    library left behind weigh (a 1.3 ms run of masu's `read` took 1.8-1.9 ms right after a
    run of cshogi or python-shogi; python-shogi's 21 ms, the same either way)."""
    best = {}
    for _ in range(repeat):
        for lib, (fn, *args) in calls.items():
            if warm:
                fn(*args)
            seconds, result = timed(fn, *args, repeat=1)
            if lib not in best or seconds < best[lib][0]:
                best[lib] = (seconds, result)
    return best


def with_cshogi(masu_call, cshogi_call):
    """The calls of a row: masu's, and cshogi's when it is installed."""
    calls = {"masu": masu_call}
    if cshogi:
        calls["cshogi"] = cshogi_call
    return calls


# Legal moves of every position: counted (`len`), and listed as move objects (`list`).
def legal(make_board, sfens, collect):
    board, n = make_board(), 0
    for s in sfens:
        board.set_sfen(s)
        n += len(collect(board.legal_moves))
    return n


def count(moves):
    return range(len(moves))


# Push and pop every legal move.
def push_pop(make_board, sfens):
    board, n = make_board(), 0
    for s in sfens:
        board.set_sfen(s)
        for m in list(board.legal_moves):
            board.push(m)
            board.pop()
            n += 1
    return n


# Perft in Python: push/pop down to depth 1, which counts the legal moves.
def python_perft(board, depth):
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    n = 0
    for m in list(moves):
        board.push(m)
        n += python_perft(board, depth - 1)
        board.pop()
    return n


# Reading records.
def corpus_files():
    return sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() in {".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf", ".json"})


def readable_by_all(files):
    """The KIF and CSA files every installed peer reads without an exception (they read no
    KI2/JKF)."""
    parsers = {".csa": [], ".kif": []}
    if cshogi:
        parsers[".csa"].append(cshogi.CSA.Parser.parse_file)
        parsers[".kif"].append(cshogi.KIF.Parser.parse_file)
    if pyshogi:
        parsers[".csa"].append(pyshogi.CSA.Parser.parse_file)
        parsers[".kif"].append(pyshogi.KIF.Parser.parse_file)
    keep = []
    for f in files:
        readers = parsers.get(f.suffix.lower())
        if readers is None:
            continue
        try:
            for parse in readers:
                parse(str(f))
        except Exception:
            continue
        keep.append(f)
    return keep


def masu_read(files):
    return sum(len(masu.kif.read(f).moves) for f in files)


def masu_read_many(files):
    return sum(len(r.moves) for r in masu.kif.read_many(files))


def cshogi_read(files):
    n = 0
    for f in files:
        if f.suffix.lower() == ".csa":
            n += sum(len(p.moves) for p in cshogi.CSA.Parser.parse_file(str(f)))
        else:
            n += len(cshogi.KIF.Parser.parse_file(str(f)).moves)
    return n


def pyshogi_read(files):
    n = 0
    for f in files:
        parser = pyshogi.CSA.Parser if f.suffix.lower() == ".csa" else pyshogi.KIF.Parser
        for game in parser.parse_file(str(f)):
            n += len(game["moves"])
    return n


# Records to HCPE.
def has_both_kings(path):
    board = masu.shogi.Board()
    try:
        board.set_sfen(masu.kif.read(path).start_sfen)
    except ValueError:
        return False
    return True


def masu_hcpe(files):
    return len(masu.kif.to_hcpe(files, skip_errors=True))


def cshogi_hcpe(files):
    out = []
    board = cshogi.Board()
    for f in files:
        games = cshogi.CSA.Parser.parse_file(str(f)) if f.suffix.lower() == ".csa" else [cshogi.KIF.Parser.parse_file(str(f))]
        for game in games:
            try:
                board.set_sfen(game.sfen)
            except Exception:
                continue
            result = {cshogi.BLACK_WIN: 1, cshogi.WHITE_WIN: 2}.get(game.win, 0)
            entries = np.zeros(len(game.moves), dtype=cshogi.HuffmanCodedPosAndEval)
            for i, m in enumerate(game.moves):
                board.to_hcp(entries[i : i + 1]["hcp"])
                entries[i]["bestMove16"] = cshogi.move16(m)
                entries[i]["gameResult"] = result
                board.push(m)
            out.append(entries)
    return len(np.concatenate(out))


# YaneuraOu's examples to dlshogi's.
def psv_examples(sfens):
    """A PackedSfenValue example for each position with a legal move: its first move,
    a score and a result from the position's index (made once, not timed)."""
    psvs = np.zeros(len(sfens), dtype=masu.shogi.PackedSfenValue)
    n = 0
    for i, sfen in enumerate(sfens):
        board = masu.shogi.Board(sfen)
        moves = board.legal_moves
        if not moves:
            continue
        board.to_psfen(psvs[n]["sfen"])
        psvs[n]["move"] = moves[0].to_psv_move16()
        psvs[n]["score"] = i % 2000 - 1000
        psvs[n]["game_result"] = i % 3 - 1
        n += 1
    return psvs[:n]


def set_hcp_each(board_class, hcps):
    """A training loop's read of its positions: `set_hcp` of each row of an HCP array."""
    board = board_class()
    for row in hcps:
        board.set_hcp(row)
    return len(hcps)


def masu_psv_to_hcpe(psvs):
    return len(masu.shogi.psv_to_hcpe(psvs))


def cshogi_psv_to_hcpe(psvs):
    """The conversion written with cshogi's calls, example by example."""
    out = np.zeros(len(psvs), dtype=cshogi.HuffmanCodedPosAndEval)
    board = cshogi.Board()
    for i, psv in enumerate(psvs):
        board.set_psfen(psv["sfen"])
        board.to_hcp(out[i]["hcp"])
        out[i]["eval"] = psv["score"]
        out[i]["bestMove16"] = cshogi.move16(board.move_from_psv(int(psv["move"])))
        won = psv["game_result"]
        black_won = (board.turn == cshogi.BLACK) == (won == 1)
        out[i]["gameResult"] = 0 if won == 0 else 1 if black_won else 2
    return len(out)


# dlshogi's network input, a training batch of 1,024 examples at a time into arrays reused.
BATCH = 1024


def batch_arrays():
    return (
        np.zeros((BATCH, masu.dlshogi.FEATURES1_NUM, 9, 9), np.float32),
        np.zeros((BATCH, masu.dlshogi.FEATURES2_NUM, 9, 9), np.float32),
        np.zeros(BATCH, np.int64),
        np.zeros((BATCH, 1), np.float32),
        np.zeros((BATCH, 1), np.float32),
    )


def input_each(board_class, dlshogi, hcpes):
    """A training batch made with one library's per-position calls: each example's position
    set from its HCP, its input written and its move labelled (as cshogi users write it)."""
    features1, features2, labels, _, _ = batch_arrays()
    board = board_class()
    for start in range(0, len(hcpes), BATCH):
        for i, example in enumerate(hcpes[start : start + BATCH]):
            board.set_hcp(example["hcp"])
            dlshogi.make_input_features(board, features1[i], features2[i])
            labels[i] = dlshogi.make_move_label(int(example["bestMove16"]), board.turn)
    return len(hcpes)


def masu_decode_batches(hcpes):
    """The same batches, with the results and values, by `hcpe_decode_with_value`."""
    out = batch_arrays()
    for start in range(0, len(hcpes), BATCH):
        batch = hcpes[start : start + BATCH]
        masu.dlshogi.hcpe_decode_with_value(batch, *(a[: len(batch)] for a in out))
    return len(hcpes)


def installed(name):
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def row(name, runs, unit):
    """Prints one row: each library's seconds and its time relative to masu."""
    base = runs["masu"][0]
    cells = []
    for lib, (seconds, count) in runs.items():
        ratio = "" if lib == "masu" else f" ({seconds / base:.2f}x masu)"
        shown = f"{seconds * 1e3:.2f} ms" if seconds < 0.1 else f"{seconds:.3f} s"
        cells.append(f"{lib} {shown}{ratio}")
    print(f"{name}: " + "; ".join(cells) + f" [{unit}]")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100_000)
    args = parser.parse_args()
    sfens = positions(args.positions)
    tenth = sfens[: len(sfens) // 10]
    versions = ", ".join(f"{name} {installed(name)}" for name in ("masu", "cshogi", "python-shogi", "numpy"))
    print(f"{versions}, Python {sys.version.split()[0]}")

    for label, collect in [("counted", count), ("listed", list)]:
        runs = alternated(
            with_cshogi(
                (legal, masu.shogi.Board, sfens, collect),
                (legal, cshogi and cshogi.Board, sfens, collect),
            )
        )
        if pyshogi:
            t, n = timed(legal, pyshogi.Board, tenth, collect, repeat=1)
            runs["python-shogi (1/10, x10)"] = (t * 10, n * 10)
        assert runs["masu"][1] == runs.get("cshogi", runs["masu"])[1]
        row(f"legal moves of {len(sfens):,} positions, {label}", runs, f"{runs['masu'][1]:,} moves")

    runs = alternated(
        with_cshogi(
            (push_pop, masu.shogi.Board, sfens),
            (push_pop, cshogi and cshogi.Board, sfens),
        )
    )
    if pyshogi:
        t, n = timed(push_pop, pyshogi.Board, tenth, repeat=1)
        runs["python-shogi (1/10, x10)"] = (t * 10, n * 10)
    row("push/pop of every legal move", runs, f"{runs['masu'][1]:,} push+pop")

    # A run takes about 15 ms, where a busy moment of the machine weighs: best of ten.
    runs = alternated(
        with_cshogi(
            (python_perft, masu.shogi.Board(), 4),
            (python_perft, cshogi and cshogi.Board(), 4),
        ),
        repeat=10,
    )
    assert runs["masu"][1] == 719_731
    if pyshogi:
        t, n = timed(python_perft, pyshogi.Board(), 3, repeat=1)
        assert n == 25_470
        # Perft 4 plays 30x the positions of perft 3 (25,470 legal-move lists vs 900).
        runs["python-shogi (perft 3, x28.3)"] = (t * 25_470 / 900, n)
    row("perft 4 in Python (push/pop)", runs, "719,731 leaves")
    t, n = timed(masu.shogi.perft, masu.shogi.Board(), 4)
    assert n == 719_731
    print(f"perft 4, masu.shogi.perft (Rust): {t:.3f} s")

    files = corpus_files()
    common = readable_by_all(files) if cshogi or pyshogi else files
    if cshogi or pyshogi:
        # A few milliseconds a run, where a busy moment of the machine weighs: best of ten
        # turns, each library warm in its turn.
        calls = with_cshogi((masu_read, common), (cshogi_read, common))
        if pyshogi:
            calls["python-shogi"] = (pyshogi_read, common)
        runs = alternated(calls, repeat=10, warm=True)
        row(f"reading the {len(common)} KIF/CSA records every peer reads", runs, "files")
        # The formats apart: python-shogi's KIF reader transliterates each move line by a
        # regular expression, with no board and no check of the move.
        for suffix in (".kif", ".csa"):
            some = [f for f in common if f.suffix.lower() == suffix]
            by_format = {lib: (fn, some) for lib, (fn, _) in calls.items()}
            by_format = alternated(by_format, repeat=10, warm=True)
            row(f"  of which {suffix[1:].upper()} ({len(some)} files)", by_format, "files")
        peers = {lib: t for lib, t in runs.items() if lib != "masu"}
        runs = {"masu": timed(masu_read_many, common, repeat=10), **peers}
        row("the same records, masu.kif.read_many (parallel)", runs, "files")
    t, n = timed(masu_read, files)
    print(f"reading all {len(files)} corpus records (KIF, KI2, CSA, JKF), masu: {t:.3f} s")

    # Records with both kings (cshogi's to_hcp writes past its 32 bytes on a tsume
    # position without an attacker king and corrupts the heap).
    even = [f for f in common if has_both_kings(f)]
    runs = alternated(with_cshogi((masu_hcpe, even), (cshogi_hcpe, even)), repeat=10, warm=True)
    row(f"records to HCPE ({len(even)} files)", runs, f"{runs['masu'][1]:,} positions (masu)")

    hcps = masu.shogi.psv_to_hcpe(psv_examples(sfens[:20_000]))["hcp"]
    runs = alternated(
        with_cshogi((set_hcp_each, masu.shogi.Board, hcps), (set_hcp_each, cshogi and cshogi.Board, hcps))
    )
    row(f"set_hcp of each row of an array of {len(hcps):,} positions", runs, "positions")

    psvs = psv_examples(sfens)
    runs = alternated(with_cshogi((masu_psv_to_hcpe, psvs), (cshogi_psv_to_hcpe, psvs)))
    row(f"PackedSfenValue to HCPE ({len(psvs):,} examples)", runs, "examples")

    hcpes = masu.shogi.psv_to_hcpe(psvs[:20_480])
    runs = alternated(
        with_cshogi(
            (input_each, masu.shogi.Board, masu.dlshogi, hcpes),
            (input_each, cshogi and cshogi.Board, cshogi and cshogi.dlshogi, hcpes),
        )
    )
    row(f"dlshogi input and label of {len(hcpes):,} HCPE examples, position by position", runs, "examples")
    runs = {"masu": timed(masu_decode_batches, hcpes, repeat=5), **{k: v for k, v in runs.items() if k != "masu"}}
    row("the same, masu.dlshogi.hcpe_decode_with_value by batch (parallel)", runs, "examples")


if __name__ == "__main__":
    main()
