"""Pickling: every value object survives `pickle` and `copy.deepcopy` whole, bad states
are a ValueError, and records read in a worker process come back to the parent."""

import copy
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

from conftest import CORPUS, STARTS, corpus_files, random_game

import masu
from masu import kif, reversi, shogi, tsume

# Every writer runs on records it cannot hold whole: what each leaves out is tested in
# test_kif.py.
pytestmark = pytest.mark.filterwarnings("ignore::masu.kif.LossWarning")


def round_trip(obj):
    return pickle.loads(pickle.dumps(obj))


def test_a_board_keeps_its_start_history_and_repetitions():
    for seed, start in enumerate(STARTS):
        board = random_game(seed, start)
        again = round_trip(board)
        assert again.usi() == board.usi()
        assert again.sfen() == board.sfen() and again == board
        assert [m.usi() for m in again.move_stack] == [m.usi() for m in board.move_stack]
        assert copy.deepcopy(board).usi() == board.usi()
    # Three repetitions in the history: a fourth after unpickling ends the game.
    board = shogi.Board()
    shuffle = ["5i4h", "5a4b", "4h5i", "4b5a"]
    for usi in shuffle * 2 + shuffle[:3]:
        board.push_usi(usi)
    again = round_trip(board)
    assert again.repetitions() == board.repetitions() == 3
    board.push_usi(shuffle[3])
    again.push_usi(shuffle[3])
    assert board.is_fourfold_repetition() and again.is_fourfold_repetition()


def test_a_mate_problem_without_the_attacker_king_comes_back():
    # It pickled, but read back without `tsume=True` it was "missing king".
    board = shogi.Board("4k4/9/4P4/9/9/9/9/9/9 b G 1", tsume=True)
    moves = board.legal_moves
    board.push_usi("G*5b")
    again = round_trip(board)
    assert again.usi() == board.usi() and again == board
    assert round_trip(moves).usi() == moves.usi()
    assert round_trip(shogi.Board()).usi() == "position startpos"


def test_functions_pickle_by_name_for_process_pools():
    # The extension's functions were named after its submodules (`kif`, not `masu.kif`):
    # pickle could not find them, and process pools could not send them.
    from masu import dlshogi

    functions = [kif.read, kif.read_str, kif.read_all, tsume.solve, tsume.solve_many,
                 shogi.perft, shogi.rotate_sfen, reversi.solve, reversi.perft,
                 dlshogi.make_move_label]
    for f in functions:
        assert round_trip(f) is f, f
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        [record] = pool.map(kif.read_str, ["   1 ７六歩(77)\n"])
    assert record.moves == ["7g7f"]


def test_moves_come_back_as_the_same_objects():
    for seed, start in enumerate(STARTS):
        board = random_game(seed, start, plies=40)
        moves = board.legal_moves
        assert round_trip(moves).usi() == moves.usi()
        for m in moves:
            again = round_trip(m)
            assert again is m
            assert (again.japanese(), again.to_move16(), again.captured) == (
                m.japanese(),
                m.to_move16(),
                m.captured,
            )
        for m in board.move_stack:
            assert round_trip(m) == m


@pytest.mark.parametrize(
    "state",
    [
        ("7g7f", 99, None, 0),  # no such kind
        ("7g7f", 0, 7, 0),  # a king captured
        ("7g7f", 0, None, 2),  # no such side
        ("7g7f", 4, None, 0),  # a gold that promotes: written "7g7f+" below
        ("7g7f+", 4, None, 0),
        ("P*5e", 1, None, 0),  # a drop of another kind than written
        ("P*5e", 0, 1, 0),  # a drop that captures
        ("7g7g", 0, None, 0),  # no motion
        ("nonsense", 0, None, 0),
    ],
)
def test_a_move_state_no_position_has_is_a_value_error(state):
    if state == ("7g7f", 4, None, 0):
        # A gold moving without promotion is a move some position has.
        assert str(shogi.Move._from_state(state)) == "7g7f"
        return
    with pytest.raises(ValueError):
        shogi.Move._from_state(state)


def test_every_corpus_record_comes_back_whole():
    files = [CORPUS / name for name in corpus_files()]
    assert len(files) == 150
    for path in files:
        record = kif.read(path)
        again = round_trip(record)
        assert (again.format, again.header, again.start_sfen) == (
            record.format,
            record.header,
            record.start_sfen,
        ), path
        assert again.moves == record.moves, path
        assert again.variations == record.variations, path
        assert (again.comments, again.times, again.result) == (
            record.comments,
            record.times,
            record.result,
        ), path
        assert [(w.line, w.column, str(w)) for w in again.warnings] == [
            (w.line, w.column, str(w)) for w in record.warnings
        ], path
        assert again.to_kif() == record.to_kif() and again.to_jkf() == record.to_jkf(), path
        # Records, their warnings and solutions compare by value (they compared by
        # identity: a record never equalled its own copy).
        assert again == record and again.warnings == record.warnings, path
    assert kif.read(files[0]) != kif.read(files[1])


def test_warnings_pickle_alone():
    record = kif.read("   1 ７六歩(77)\n   3 ３四歩(33)\n".encode())
    assert record.warnings
    for w in record.warnings:
        again = round_trip(w)
        assert (again.line, again.column, str(again)) == (w.line, w.column, str(w))
        assert again == w and hash(again) == hash(w)


def test_a_record_state_no_record_has_is_a_value_error():
    with pytest.raises(ValueError):
        kif.Record._from_state(("not json", [], "kif"))
    good = kif.read("   1 ７六歩(77)\n".encode()).__reduce__()[1][0]
    with pytest.raises(ValueError):
        kif.Record._from_state((good[0], [], "pgn"))


def test_solutions_pickle():
    for sfen in ["8k/9/8P/9/9/9/9/9/9 b G 1", "8k/9/9/9/9/9/9/9/9 b P 1"]:
        solution = tsume.solve(sfen, level="full")
        again = round_trip(solution)
        for field in [
            "verdict",
            "length",
            "exact",
            "line",
            "convention_length",
            "alternatives",
            "stopped",
            "nodes",
            "seconds",
        ]:
            assert getattr(again, field) == getattr(solution, field), field
        assert again == solution
    state = solution.__reduce__()[1][0]
    with pytest.raises(ValueError):
        type(solution)._from_state(("solved",) + state[1:])


def test_a_reversi_game_keeps_its_start_and_passes():
    # Random games until one has a pass in it.
    for seed in range(200):
        board, player = reversi.Board(), reversi.Computer("random", seed=seed)
        while player.play(board) is not None:
            pass
        if "pass" in board.transcript(passes=True):
            break
    else:
        pytest.fail("no random game with a pass")
    while board.moves and board.moves[-1] != "pass":
        board.undo()
    again = round_trip(board)
    assert again.transcript(passes=True) == board.transcript(passes=True)
    assert (str(again), again.turn, again.moves) == (str(board), board.turn, board.moves)
    # A game from a position of its own, with moves after it.
    start = reversi.Board(str(reversi.Board.from_transcript("f5d6c3")))
    start.play("d3")
    again = copy.deepcopy(start)
    assert (str(again), again.moves) == (str(start), ["d3"])
    assert again.undo() == "d3" and str(again) == str(reversi.Board.from_transcript("f5d6c3"))
    with pytest.raises(ValueError):
        reversi.Board._from_state(("not a board", ""))


def test_a_computer_player_does_not_pickle():
    # Its random state would be lost: refused rather than reset.
    with pytest.raises(TypeError):
        pickle.dumps(reversi.Computer("random", seed=1))


def read_moves(path):
    return kif.read(path)


def test_records_read_in_a_worker_process_come_back():
    files = [CORPUS / name for name in corpus_files()[:3]]
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        records = list(pool.map(read_moves, files))
    assert [r.moves for r in records] == [kif.read(f).moves for f in files]
    assert isinstance(records[0], masu.kif.Record)
