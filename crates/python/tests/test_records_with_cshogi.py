"""Records between masu and cshogi, both ways.

What masu writes, cshogi reads: every corpus record written as a Shift_JIS `.kif` and as
a `.csa` file, read back by cshogi's KIF and CSA parsers, gives cshogi the record's start,
main line, players and each move's time (and from CSA its result). And what cshogi's KIF
and CSA exporters write of random games (the even start and handicaps, times, players, a
resignation), masu reads without a warning, with the same moves, times and winner.

Where cshogi cannot follow the record whatever writes it, the record is left out, each
for its reason: KIF variations (cshogi's KIF parser reads them into the main line), a
start from a board diagram or a handicap its KIF parser has no name for, and moves after
a recorded foul (cshogi has no move for an illegal one)."""

import datetime
import random

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


# The results whose winner cshogi's KIF parser reads from a `まで` trailer.
WINS = ("投了", "反則勝ち", "反則負け", "入玉勝ち")


@pytest.mark.filterwarnings("ignore::masu.kif.LossWarning")
def test_kif_written_by_masu_reads_in_cshogi(tmp_path):
    path = tmp_path / "record.kif"
    checked = won = 0
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
        # cshogi's KIF parser takes the result from the `まで` trailer alone, which masu
        # writes for a line ending in a result even when the record was read from CSA (it
        # reads no winner from `時間切れにより` or `詰み`; mog__kif_game_012 keeps its own
        # trailer, `まで122手で中断` after 投了).
        if record.result in WINS and not name.endswith("mog__kif_game_012.kif"):
            assert parsed.win == record.winner + 1, name
            won += name.endswith((".csa", ".jkf"))  # a record without trailers
        elif record.result in ("千日手", "持将棋"):
            assert parsed.win == 0, name
        checked += 1
    assert checked >= 95 and won >= 12


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


def test_what_cshogi_writes_masu_reads(tmp_path):
    rng = random.Random(7)
    starts = [
        EVEN,
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",  # lance handicap
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",  # two pieces
    ]
    for game in range(60):
        start = starts[game % len(starts)]
        board = cshogi.Board(start)
        moves, seconds = [], []
        for _ in range(rng.randrange(0, 100)):
            legal = list(board.legal_moves)
            if not legal or board.is_draw():
                break
            move = rng.choice(legal)
            board.push(move)
            moves.append(move)
            seconds.append(rng.randrange(0, 70))
        kif_path, csa_path = tmp_path / f"{game}.kif", tmp_path / f"{game}.csa"
        exporter = cshogi.KIF.Exporter(str(kif_path))
        handicap = None if start == EVEN else cshogi.Board(start)
        exporter.header(["先手の人", "後手の人"], datetime.datetime(2026, 1, 2, 3, 4, 5), handicap=handicap)
        totals = [0, 0]
        for i, (move, spent) in enumerate(zip(moves, seconds)):
            totals[i % 2] += spent
            exporter.move(move, spent, totals[i % 2])
        exporter.end("resign", 3, totals[len(moves) % 2] + 3)
        exporter.close()
        exporter = cshogi.CSA.Exporter(str(csa_path))
        exporter.info(init_board=cshogi.Board(start), names=["先手の人", "後手の人"])
        for move, spent in zip(moves, seconds):
            exporter.move(move, time=spent)
        exporter.endgame("%TORYO", 3)
        exporter.close()
        resigner = (cshogi.Board(start).turn + len(moves)) % 2
        for path in (kif_path, csa_path):
            record = kif.read(path)
            assert record.warnings == [], (path.name, [w.message for w in record.warnings])
            assert same_position(record.start_sfen, start), path.name
            assert record.moves == [cshogi.move_to_usi(m) for m in moves], path.name
            assert [t[0] for t in record.times] == seconds, path.name
            assert (record.result, record.winner) == ("投了", 1 - resigner), path.name
            assert [record.header.get("先手"), record.header.get("後手")] == ["先手の人", "後手の人"], path.name
