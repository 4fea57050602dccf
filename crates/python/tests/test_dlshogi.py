"""masu.dlshogi against cshogi's dlshogi module (a test-only oracle, GPL: used from PyPI,
never read): the network input of every position along random games and of full hands, the
label of every legal move, and a batch of HCPE examples decoded at once."""

import math
import random

import pytest

from conftest import STARTS

import masu
from masu import dlshogi

np = pytest.importorskip("numpy")
try:
    import cshogi
    import cshogi.dlshogi as cshogi_dlshogi
except ImportError:  # the tests of masu alone still run (the oldest Pythons have no cshogi)
    cshogi = cshogi_dlshogi = None

needs_cshogi = pytest.mark.skipif(cshogi is None, reason="cshogi, the oracle, is not installed")

# Hands above what the planes tell apart (ten pawns, four of each minor piece), both sides
# to move, one in check.
FULL_HANDS = [
    "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L10P8p 1",
    "4k4/9/9/9/9/9/9/9/4K4 w 2r2b4g4s4n4l10p8P 1",
    "4k4/9/9/9/9/9/9/9/4K4 b RB2G3S4NL9Prb2gs3l9p 1",
    "4k4/4R4/9/9/9/9/9/9/4K4 w B4G4S4N4L18Prb 1",
]


def features(board, make):
    features1 = np.zeros((dlshogi.FEATURES1_NUM, 9, 9), np.float32)
    features2 = np.zeros((dlshogi.FEATURES2_NUM, 9, 9), np.float32)
    make(board, features1, features2)
    return features1, features2


def assert_same_input(ours, theirs):
    our1, our2 = features(ours, dlshogi.make_input_features)
    their1, their2 = features(theirs, cshogi_dlshogi.make_input_features)
    assert np.array_equal(our1, their1), ours.sfen()
    assert np.array_equal(our2, their2), ours.sfen()


@needs_cshogi
def test_sizes_are_cshogis():
    assert (dlshogi.FEATURES1_NUM, dlshogi.FEATURES2_NUM) == (cshogi_dlshogi.FEATURES1_NUM, cshogi_dlshogi.FEATURES2_NUM)
    assert dlshogi.MOVE_LABELS_NUM == dlshogi.MOVE_PLANES_NUM * 81 == 2187


@needs_cshogi
@pytest.mark.parametrize("start", STARTS)
def test_input_and_labels_equal_cshogi_along_random_games(start):
    from test_cshogi import both_along_random_games

    for ours, theirs in both_along_random_games(start, 900):
        assert_same_input(ours, theirs)
        assert dlshogi.make_move_labels(ours) == [dlshogi.make_move_label(m, ours.turn) for m in ours.legal_moves]
        for move in ours.legal_moves:
            code = move.to_move16()
            label = cshogi_dlshogi.make_move_label(code, theirs.turn)
            assert dlshogi.make_move_label(move, ours.turn) == label, move.usi()
            assert dlshogi.make_move_label(code, ours.turn) == label


@needs_cshogi
@pytest.mark.parametrize("sfen", FULL_HANDS)
def test_full_hands_and_check_equal_cshogi(sfen):
    assert_same_input(masu.shogi.Board(sfen), cshogi.Board(sfen))


def test_every_entry_is_written_and_bad_arrays_are_refused():
    board = masu.shogi.Board()
    features1 = np.full((dlshogi.FEATURES1_NUM, 9, 9), 7.0, np.float32)
    features2 = np.full(dlshogi.FEATURES2_NUM * 81, 7.0, np.float32)  # any shape of that size
    dlshogi.make_input_features(board, features1, features2)
    assert set(np.unique(features1)) == {0.0, 1.0} and set(np.unique(features2)) == {0.0}
    good = np.zeros((dlshogi.FEATURES2_NUM, 9, 9), np.float32)
    for bad in [np.zeros((61, 9, 9), np.float32), np.zeros((62, 9, 9), np.uint8), [0.0] * 62 * 81]:
        with pytest.raises((ValueError, TypeError)):
            dlshogi.make_input_features(board, bad, good)
    # A view that skips entries is filled through numpy.
    strided = np.zeros((dlshogi.FEATURES1_NUM * 2, 9, 9), np.float32)[::2]
    dlshogi.make_input_features(board, strided, good)
    assert np.array_equal(strided, features1)


def test_labels_refuse_what_is_no_move():
    # A piece that stays on its square (0 among them: 162 codes a colour were labelled),
    # and integers no 16-bit code is.
    stay = [sq | sq << 7 | promote for sq in range(81) for promote in (0, 1 << 14)]
    for code in [0x8000 | 0x3B3B, 81, (90 << 7) | 5, (82 << 7) | (1 << 14) | 5, -1, 1 << 16, *stay]:
        with pytest.raises(ValueError):
            dlshogi.make_move_label(code, masu.shogi.BLACK)
    with pytest.raises(ValueError):
        dlshogi.make_move_label(7739, 2)
    with pytest.raises(TypeError):
        dlshogi.make_move_label("7g7f", masu.shogi.BLACK)


def random_examples(count, seed=7):
    """HCPE examples of positions along random games, each with a random legal move, an
    evaluation and a game result."""
    rng = random.Random(seed)
    examples = np.zeros(count, masu.shogi.HuffmanCodedPosAndEval)
    boards = []
    board = masu.shogi.Board()
    for i in range(count):
        moves = list(board.legal_moves)
        if not moves or board.move_number > 150:
            board = masu.shogi.Board(rng.choice(STARTS))
            moves = list(board.legal_moves)
        move = rng.choice(moves)
        board.to_hcp(examples[i : i + 1]["hcp"])
        examples[i]["eval"] = rng.randrange(-3000, 3000)
        examples[i]["bestMove16"] = move.to_move16()
        examples[i]["gameResult"] = rng.randrange(3)
        boards.append(board.copy())
        board.push(move)
    return examples, boards


@needs_cshogi
def test_a_batch_decodes_as_each_example_alone():
    examples, boards = random_examples(600)
    features1, features2, move, result, value = dlshogi.hcpe_decode_with_value(examples)
    assert features1.shape == (600, 62, 9, 9) and features2.shape == (600, 57, 9, 9)
    assert (move.dtype, result.dtype, value.dtype) == (np.int64, np.float32, np.float32)
    theirs = cshogi.Board()
    for i, example in enumerate(examples):
        theirs.set_hcp(example["hcp"])
        their1, their2 = features(theirs, cshogi_dlshogi.make_input_features)
        assert np.array_equal(features1[i], their1) and np.array_equal(features2[i], their2)
        assert move[i] == cshogi_dlshogi.make_move_label(int(example["bestMove16"]), theirs.turn)
        won = {0: 0.5, 1: float(theirs.turn == cshogi.BLACK), 2: float(theirs.turn == cshogi.WHITE)}
        assert result[i] == won[int(example["gameResult"])]
        expected = 1 / (1 + math.exp(-int(example["eval"]) / dlshogi.EVAL_SCALE))
        assert value[i] == pytest.approx(expected, rel=1e-6)
    # Arrays of the caller's, in dlshogi's shapes, are filled; bytes are read as the array.
    given = (
        np.zeros((600, 62, 9, 9), np.float32),
        np.zeros((600, 57, 9, 9), np.float32),
        np.zeros(600, np.int64),
        np.zeros((600, 1), np.float32),
        np.zeros((600, 1), np.float32),
    )
    filled = dlshogi.hcpe_decode_with_value(examples.tobytes(), *given)
    assert all(a is b for a, b in zip(filled, given))
    assert np.array_equal(given[0], features1) and np.array_equal(given[4][:, 0], value)


def test_a_batch_decodes_as_masus_calls_one_by_one():
    examples, boards = random_examples(300, seed=11)
    features1, features2, move, _, _ = dlshogi.hcpe_decode_with_value(examples)
    for i, board in enumerate(boards):
        ours1, ours2 = features(board, dlshogi.make_input_features)
        assert np.array_equal(features1[i], ours1) and np.array_equal(features2[i], ours2)
        assert move[i] == dlshogi.make_move_label(board.move_from_move16(int(examples[i]["bestMove16"])), board.turn)


def test_examples_that_do_not_decode_name_their_index():
    examples, _ = random_examples(5)
    broken = examples.copy()
    broken[3]["bestMove16"] = 0  # 1a1a: no move
    with pytest.raises(ValueError, match=r"hcpes\[3\]"):
        dlshogi.hcpe_decode_with_value(broken)
    broken = examples.copy()
    broken[2]["gameResult"] = 3
    with pytest.raises(ValueError, match=r"hcpes\[2\]: gameResult 3"):
        dlshogi.hcpe_decode_with_value(broken)
    with pytest.raises(ValueError, match="whole number"):
        dlshogi.hcpe_decode_with_value(examples.tobytes()[:-1])
    with pytest.raises(ValueError, match="features1"):
        dlshogi.hcpe_decode_with_value(examples, np.zeros((4, 62, 9, 9), np.float32))


def test_arrays_that_overlap_or_skip_entries_are_refused():
    examples, _ = random_examples(4)
    result = np.zeros(8, np.float32)
    with pytest.raises(ValueError, match="share memory"):
        dlshogi.hcpe_decode_with_value(examples, None, None, None, result[:4], result[2:6])
    with pytest.raises(ValueError, match="C order"):
        dlshogi.hcpe_decode_with_value(examples, None, None, None, result[::2])
    assert not result.any()


def test_the_copying_fallback_gives_the_same_arrays(monkeypatch):
    # What builds that cannot write into arrays do (the stable ABI before CPython 3.11).
    examples, _ = random_examples(50)
    written = dlshogi.hcpe_decode_with_value(examples)
    monkeypatch.setattr(dlshogi._shogi, "hcpe_decode_into", lambda *args: False)
    given = np.full((50, 1), 9.0, np.float32)
    copied = dlshogi.hcpe_decode_with_value(examples, None, None, None, None, given)
    assert copied[4] is given
    for ours, theirs in zip(written, copied):
        assert ours.tobytes() == theirs.tobytes()
