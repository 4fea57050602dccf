"""Shared helpers: seeded random games and the record corpus of the masu-kif crate."""

import pathlib
import random

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
