"""A USI engine for the tests of masu.usi, run as `python fake_usi_engine.py MODE`.

Modes: `play` (a mate in one when there is one, else the legal move the position's hash
picks, with `info` lines), `resign`, `win` (declares), `illegal` (answers a move that is
not legal), `garbled` (answers `bestmove 7g7z`), `multipv` (as `play`, with a second line
scored worse written last), `flood` (answers `go` with `info` lines without end),
`flood_until_stop` (answers `go` with `info` lines until `stop`, then
`bestmove`), `slow` (as `play`, each answer 0.3 s after its `go`),
`silent` (never answers `go`), `die` (exits on `go`, after a line on stderr),
`mute` (never answers `usi`), `deaf` (stops reading its input at `go`, and never
exits by itself), `chaos SEED` (answers every command with lines picked at
random: garbage, bytes that are no text, long lines, half lines, the right answer or a
wrong one, and now and then exits). Every command read is appended to the file named by
FAKE_USI_LOG when it is set.
"""

import os
import random
import sys
import threading
import time

from masu.shogi import Board


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


CHAOS_LINES = [
    b"",
    b"info depth x",
    b"info score mate -0 pv 7g7f",
    b"info string \x82\xa0\xff\xfe",
    b"bestmove",
    b"bestmove 7g7f ponder",
    b"bestmove 9z9z",
    b"bestmove resign",
    b"bestmove 7g7f",
    b"checkmate",
    b"checkmate nomate",
    b"checkmate G*5b",
    b"usiok",
    b"readyok",
    b"id name \x93\xfa\x96\x7b",
    b"option name X type spin min max",
    b"option name",
    b"\x00\x01\x02",
]


def chaos(seed):
    """Answers each command with random lines (see the module's docstring)."""
    rng = random.Random(seed)
    out = sys.stdout.buffer
    answers = {"usi": b"usiok", "isready": b"readyok", "go": b"bestmove 7g7f", "mate": b"checkmate nomate"}
    for line in sys.stdin:
        words = line.split()
        key = "mate" if words[:2] == ["go", "mate"] else (words or [""])[0]
        if key == "quit" and rng.random() < 0.8:
            return
        answer = answers.get(key)
        for _ in range(rng.randrange(0, 4)):
            pick = rng.random()
            if pick < 0.05:
                out.write(b"x" * rng.randrange(10_000, 200_000) + b"\n")
            elif pick < 0.08:
                out.write(b"bestmo")  # half a line
            else:
                out.write(rng.choice(CHAOS_LINES) + rng.choice([b"\n", b"\r\n"]))
        if answer is not None and rng.random() < 0.9:
            out.write(answer + b"\n")
        out.flush()
        if rng.random() < 0.03:
            sys.exit(rng.choice([0, 1, 7]))
        if rng.random() < 0.05:
            time.sleep(0.3)


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "play"
    if mode == "chaos":
        chaos(int(sys.argv[2]))
        return
    log = os.environ.get("FAKE_USI_LOG")
    board = Board()
    pondering = False
    flooding = None
    halt = threading.Event()

    def flood():
        # Numbered, so that a test sees every line read in order.
        nodes = 0
        while not halt.is_set():
            nodes += 1
            # Only the first line scores the best line.
            score = " score cp 7 pv 7g7f" if nodes == 1 else ""
            say(f"info depth 1 nodes {nodes}{score}")

    for raw in sys.stdin:
        line = raw.strip()
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(line + "\n")
        words = line.split()
        if not words:
            continue
        if words[0] == "usi":
            if mode == "mute":
                continue
            say("id name 偽エンジン 1.0")
            say("id author the masu tests")
            say("option name USI_Hash type spin default 256 min 1 max 4096")
            say("option name Ponder type check default false")
            say("option name Style type combo default Normal var Normal var Very Aggressive")
            say("option name Book File type filename default book/main book.db")
            say("option name Note type string default <empty>")
            say("option name Clear Hash type button")
            say("option name Broken type spin default lots")
            say("usiok")
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "position":
            board = Board(line)
        elif words[0] == "go":
            if mode == "silent":
                continue
            if mode == "deaf":
                while True:
                    time.sleep(60)
            if mode == "die":
                sys.stderr.write("fake engine: cannot search\n")
                sys.stderr.flush()
                sys.exit(3)
            if "ponder" in words or "infinite" in words:
                pondering = True
                continue
            if mode == "flood_until_stop":
                halt.clear()
                flooding = threading.Thread(target=flood, daemon=True)
                flooding.start()
                continue
            if mode == "slow":
                time.sleep(0.3)
            answer(mode, board)
        elif words[0] == "stop" and flooding is not None:
            halt.set()
            flooding.join()
            flooding = None
            say("bestmove 7g7f")
        elif words[0] in ("stop", "ponderhit") and pondering:
            pondering = False
            answer(mode, board)
        elif words[0] == "quit":
            halt.set()
            if flooding is not None:
                flooding.join()
            return


def answer(mode, board):
    if mode == "resign":
        say("bestmove resign")
        return
    if mode == "win":
        say("bestmove win")
        return
    if mode == "illegal":
        say("bestmove 1a1b")
        return
    if mode == "garbled":
        say("bestmove 7g7z")
        return
    if mode == "flood":
        while True:
            say("info depth 1 nodes 1 score cp 0 pv 7g7f")
    moves = list(board.legal_moves)
    if not moves:
        say("bestmove resign")
        return
    mate = board.mate_move_in_1ply()
    if mate is not None:
        say(f"info depth 1 score mate 1 pv {mate.usi()}")
        say(f"bestmove {mate.usi()}")
        return
    move = moves[board.zobrist_hash() % len(moves)]
    if mode == "multipv":
        other = moves[(board.zobrist_hash() + 1) % len(moves)]
        say(f"info depth 2 multipv 1 score cp 50 pv {move.usi()}")
        say(f"info depth 2 multipv 2 score cp -80 pv {other.usi()}")
        say(f"bestmove {move.usi()}")
        return
    say("info depth 1 seldepth 2 nodes 10 score cp 50 lowerbound")
    say(f"info depth 2 nodes 40 score cp {len(moves) - 40} pv {move.usi()}")
    say("info this line is not usi")
    time.sleep(0.001)
    say(f"bestmove {move.usi()} ponder 1a1b")


if __name__ == "__main__":
    main()
