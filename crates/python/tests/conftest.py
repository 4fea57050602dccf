"""Shared helpers: seeded random games, the record corpus of the masu-kif crate, and
Ctrl-C sent during a call."""

import os
import pathlib
import random
import signal
import threading
import time

import pytest

import masu

HERE = pathlib.Path(__file__).resolve().parent
# The 150 real records masu-kif is tested on (sources and licences in its SOURCES.md).
CORPUS = HERE.parent.parent / "kif" / "tests" / "data" / "corpus"

STARTS = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    # Lance, bishop, rook, two-piece and six-piece handicaps: White moves first.
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    # Drops everywhere: nifu and pawn-drop mate come up.
    "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1",
]


def random_game(seed, start=STARTS[0], plies=120):
    """A board after up to `plies` random legal moves from `start` (seeded)."""
    rng = random.Random(seed)
    board = masu.shogi.Board(start)
    for _ in range(plies):
        moves = board.legal_moves
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
    return board


def corpus_files():
    """Every record file of the corpus, sorted, as paths relative to it."""
    return sorted(
        p.relative_to(CORPUS).as_posix()
        for p in CORPUS.rglob("*")
        if p.is_file() and p.suffix.lower() in {".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf", ".json"}
    )


@pytest.fixture
def corpus():
    return CORPUS


def interrupted_after(seconds, work):
    """Runs `work` with a SIGINT sent after `seconds`; asserts it raised KeyboardInterrupt
    within five seconds."""
    # Python turns SIGINT into KeyboardInterrupt only if it was not ignored when Python
    # started, and a background job of a non-interactive shell starts with it ignored.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            work()
        timer.join()
        assert time.monotonic() - start < 5
    finally:
        signal.signal(signal.SIGINT, previous)
