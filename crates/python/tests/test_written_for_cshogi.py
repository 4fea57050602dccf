"""What masu writes, cshogi reads: every corpus record written as a Shift_JIS `.kif` and
as a `.csa` file, read back by cshogi's KIF and CSA parsers, gives cshogi the record's
start, main line, players and each move's time (and from CSA its result).

Where cshogi cannot follow the record whatever writes it, the record is left out, each
for its reason: KIF variations (cshogi's KIF parser reads them into the main line), a
start from a board diagram or a handicap its KIF parser has no name for, and moves after
a recorded foul (cshogi has no move for an illegal one)."""

import warnings

import pytest

from conftest import CORPUS, corpus_files
from masu import kif
from masu.shogi import Board

cshogi = pytest.importorskip("cshogi")
import cshogi.CSA  # noqa: E402
import cshogi.KIF  # noqa: E402

EVEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def legal_prefix(record):
    """The main line's moves up to the first one that is not legal (a recorded foul)."""
    board = Board(record.start_sfen)
    moves = []
    for move in record.moves:
        try:
            board.push_usi(move)
        except ValueError:
            break
        moves.append(move)
    return moves


def same_position(a, b):
    # cshogi writes a hand's pieces in another order: compare the positions.
    return Board(a).zobrist_hash() == Board(b).zobrist_hash()


def records():
    for name in corpus_files():
        record = kif.read(CORPUS / name)
        if record.moves and record.start_sfen.count("k") == record.start_sfen.count("K") == 1:
            yield name, record


def check(name, record, parsed, seconds):
    moves = legal_prefix(record)
    assert [cshogi.move_to_usi(m) for m in parsed.moves][: len(moves)] == moves, name
    assert same_position(parsed.sfen, record.start_sfen), name
    spent = [t[0] for t in record.times][: len(moves)]
    if any(s is not None for s in spent):
        assert list(parsed.times)[: len(moves)] == [seconds(s or 0) for s in spent], name


@pytest.mark.filterwarnings("ignore::masu.kif.LossWarning")
def test_kif_written_by_masu_reads_in_cshogi(tmp_path):
    path = tmp_path / "record.kif"
    checked = 0
    for name, record in records():
        if record.variations:
            continue
        try:
            record.write(path)
        except ValueError:
            continue  # a character Shift_JIS lacks: masu says so (a .kifu holds it)
        try:
            parsed = cshogi.KIF.Parser.parse_file(str(path))
        except (KeyError, cshogi.KIF.ParserException):
            assert record.start_sfen != EVEN, name  # a handicap cshogi has no name for
            continue
        if parsed.sfen == EVEN and record.start_sfen != EVEN and "手合割" not in record.header:
            continue  # a board diagram: cshogi's KIF parser reads none
        check(name, record, parsed, int)
        names = [record.header.get("先手"), record.header.get("後手")]
        if None not in names:
            assert list(parsed.names) == names, name
        checked += 1
    assert checked >= 95


@pytest.mark.filterwarnings("ignore::masu.kif.LossWarning")
def test_csa_written_by_masu_reads_in_cshogi(tmp_path):
    path = tmp_path / "record.csa"
    checked = timed = 0
    for name, record in records():
        record.write(path)
        parsed = cshogi.CSA.Parser.parse_file(str(path))[0]
        # CSA V3.0 keeps milliseconds; cshogi counts whole seconds.
        check(name, record, parsed, lambda s: int(round(s)) if s == int(s) else int(s))
        timed += any(t[0] for t in record.times)
        names = [record.header.get("先手"), record.header.get("後手")]
        if None not in names:
            assert list(parsed.names) == names, name
        if record.result not in (None, "詰み"):  # cshogi names no winner for %TSUMI
            assert parsed.win == (0 if record.winner is None else record.winner + 1), name
        checked += 1
    assert checked >= 110 and timed >= 50
