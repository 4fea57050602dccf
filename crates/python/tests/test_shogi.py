"""masu.shogi.Board and Move: the API cshogi and python-shogi users know."""

import collections.abc
import copy
import pickle
import random
import threading

import pytest

from conftest import STARTS, random_game

import masu
from masu.shogi import BLACK, WHITE, Board, perft

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_start_position():
    board = Board()
    assert board.sfen() == START == masu.shogi.STARTING_SFEN
    assert board.turn == BLACK
    assert board.move_number == 1
    assert len(board.legal_moves) == 30
    assert board.piece(0) == "l"
    assert board.piece("5i") == "K"
    assert board.piece("5e") is None
    assert board.pieces_in_hand == ([0] * 7, [0] * 7)
    assert repr(board) == f"Board('{START}')"
    assert "後手の持駒" in str(board)


def test_push_pop_peek():
    board = Board()
    m = board.push_usi("7g7f")
    assert m.usi() == "7g7f" and str(m) == "7g7f"
    assert board.turn == WHITE and board.move_number == 2
    assert board.peek() == m
    board.push(board.move_from_usi("3c3d"))
    board.push("8h2b+")
    assert board.pieces_in_hand[0] == [0, 0, 0, 0, 0, 1, 0]
    assert [m.usi() for m in board.move_stack] == ["7g7f", "3c3d", "8h2b+"]
    # The objects pushed, not copies of them; the same moves again on the next reading.
    assert board.move_stack[0] is m
    assert all(a is b for a, b in zip(board.move_stack, board.move_stack))
    assert board.pop().usi() == "8h2b+"
    assert board.pop().usi() == "3c3d"
    assert board.pop().usi() == "7g7f"
    assert board.sfen() == START
    with pytest.raises(IndexError):
        board.pop()
    assert board.peek() is None


def test_errors_are_exceptions_with_the_rust_message():
    board = Board()
    with pytest.raises(masu.IllegalMoveError, match="illegal usi move 7g7e"):
        board.push_usi("7g7e")
    assert issubclass(masu.IllegalMoveError, ValueError)
    with pytest.raises(ValueError, match="invalid usi move"):
        board.push_usi("7g7")
    with pytest.raises(ValueError):
        Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1")
    with pytest.raises(ValueError):
        board.set_sfen("9/9/9/9/9/9/9/9/9 b - 1")
    assert board.sfen() == START
    with pytest.raises(ValueError):
        board.piece(81)
    assert not board.is_legal("7g7e")
    assert not board.is_legal("nonsense")
    assert board.is_legal("7g7f")
    with pytest.raises(TypeError, match="a move is a Move or USI text, not int"):
        board.push(77)


def test_legal_moves_is_a_sequence():
    moves = Board().legal_moves
    assert len(moves) == 30
    assert moves[0] == list(moves)[0] and moves[-1] == list(moves)[29]
    assert "7g7f" in moves and moves[3] in moves and "7g7e" not in moves and 5 not in moves
    assert sorted(moves.usi()) == sorted(m.usi() for m in moves)
    with pytest.raises(IndexError):
        moves[30]
    assert repr(moves).startswith("<LegalMoves ")
    assert repr(moves[0]) == f"<Move {moves[0].usi()}>"


def test_legal_moves_slice_search_and_count_as_a_list_does():
    moves = Board().legal_moves
    as_list = list(moves)
    assert isinstance(moves, collections.abc.Sequence)
    bounds = [None, -40, -30, -29, -3, -1, 0, 1, 5, 29, 30, 31, 10**30, -(10**30)]
    for start in bounds:
        for stop in bounds:
            for step in [None, 1, 2, 7, -1, -3, 10**30]:
                chosen = slice(start, stop, step)
                assert moves[chosen] == as_list[chosen], chosen
    with pytest.raises(ValueError, match="slice step cannot be zero"):
        moves[::0]
    with pytest.raises(IndexError):
        moves[10**30]
    with pytest.raises(TypeError, match="integers or slices, not str"):
        moves["7g7f"]
    class Three:
        # Any object with `__index__` is an index (numpy's integers are such).
        def __index__(self):
            return 3

    assert moves[Three()] == as_list[3] and moves[True] == as_list[1]
    for i, m in enumerate(as_list):
        assert moves.index(m) == i and moves.index(m.usi()) == i
        assert moves.count(m) == 1 and moves.count(m.usi()) == 1
        for start, stop in [(0, None), (i, i + 1), (-30, 30), (i - 30, None)]:
            assert moves.index(m, start, stop) == as_list.index(m, start, *([stop] if stop else []))
        with pytest.raises(ValueError, match="is not in the legal moves"):
            moves.index(m, i + 1)
        with pytest.raises(ValueError):
            moves.index(m, 0, i)
    for absent in ["7g7e", "7G7F", 5, None]:
        assert moves.count(absent) == 0
        with pytest.raises(ValueError, match="is not in the legal moves"):
            moves.index(absent)


def test_legal_moves_stay_those_of_their_position():
    board = Board()
    counted, listed = board.legal_moves, board.legal_moves
    before = listed.usi()
    board.push_usi("7g7f")
    board.push_usi("3c3d")
    assert len(counted) == 30 and counted.usi() == before and "8h2b+" not in counted
    assert listed.usi() == before and len(board.legal_moves) == len(board.legal_moves.usi())
    # A text is in the moves exactly when it is one move's USI as written.
    moves = board.legal_moves
    assert "8h2b+" in moves and "8h2b" in moves and "P*5e" not in moves
    assert all(text not in moves for text in ["8H2B+", " 8h2b", "8h2b+ ", "8h2b++", "", "pass"])
    assert all(m.usi() in moves for m in moves)


def test_a_pushed_move_is_checked_in_the_position_it_is_pushed_in():
    """`push` checks a Move with the pins it keeps for the position while the moves after
    it are pushed and popped: moves listed at other positions (the same number of moves in,
    after pops, after set_sfen, on a copy) are refused exactly when `is_legal` (the full
    check) refuses them."""
    rng = random.Random(11)
    board, seen = Board(), []
    refused = 0
    for start in STARTS:
        board.set_sfen(start)
        for ply in range(60):
            listed = list(board.legal_moves)
            if not listed:
                break
            seen.extend(rng.sample(listed, min(5, len(listed))))
            for m in listed + rng.sample(seen, min(len(seen), 30)):
                legal, sfen = board.is_legal(m), board.sfen()
                try:
                    board.push(m)
                except masu.IllegalMoveError:
                    assert not legal, (sfen, m.usi())
                    refused += 1
                    continue
                assert legal, (sfen, m.usi())
                board.pop()
                assert board.sfen() == sfen
            if ply % 10 == 9:
                # Back three moves, then on by others: the positions after are replaced.
                for _ in range(3):
                    board.pop()
                board = board.copy() if ply % 20 == 9 else board
            board.push(rng.choice(list(board.legal_moves)))
    assert refused > 1000


def test_moves_carry_their_pieces_and_names():
    board = Board("position startpos moves 7g7f 3c3d")
    assert board.move_number == 3 and len(board.move_stack) == 2
    m = board.move_from_usi("8h2b+")
    assert (m.from_square, m.to_square) == (7 * 9 + 7, 1 * 9 + 1)
    assert m.piece == "B" and m.captured == "B"
    assert m.is_promotion and m.is_capture and not m.is_drop
    assert m.japanese() == "２二角成(88)"
    assert m.to_move16() == (m.from_square << 7) | m.to_square | (1 << 14)
    assert board.move_from_move16(m.to_move16()) == m
    assert board.move_from_psv_move16(m.to_psv_move16()) == m
    assert len({m, board.move_from_usi("8h2b+")}) == 1
    drop = Board("4k4/9/9/9/9/9/9/9/4K4 b G 1").move_from_usi("G*5b")
    assert drop.is_drop and drop.from_square is None and drop.japanese() == "５二金打"


@pytest.mark.parametrize("start", STARTS)
def test_ki2_words_read_back_as_the_moves_played(start):
    """`ki2_line` tells every move of random games apart: masu.kif's KI2 reader, given the
    words alone, plays the same moves."""
    for seed in range(8):
        game = random_game(seed, start)
        played = [m.usi() for m in game.move_stack]
        words = Board(start).ki2_line(played)
        assert len(words) == len(played)
        text = masu.kif.Record.from_board(Board(start)).to_ki2() + " ".join(words) + "\n"
        assert masu.kif.read_str(text).moves == played


def test_ki2_of_one_move_and_errors_naming_the_place():
    board = Board("position startpos moves 7g7f 3c3d 8h2b")
    assert board.move_to_ki2("3a2b") == "△同　銀"  # after the move played before
    assert board.ki2_line(["3a2b", "B*5e"]) == ["△同　銀", "▲５五角"]
    golds = Board("4k4/9/9/9/9/9/9/3G1G3/4K4 b G 1")
    assert golds.move_to_ki2(golds.move_from_usi("6h5h")) == "▲５八金左"
    assert golds.move_to_ki2("G*5g") == "▲５七金打"  # the 6h gold could go there too
    with pytest.raises(masu.IllegalMoveError, match="^move 2 of the line: "):
        board.ki2_line(["3a2b", "3a2b"])
    with pytest.raises(ValueError, match="^move 1 of the line: "):
        board.ki2_line(["x"])
    with pytest.raises(TypeError):
        board.ki2_line([7])
    with pytest.raises(TypeError, match="not one str"):
        board.ki2_line("3a2b")  # its characters were taken for moves
    assert board.ki2_line([]) == [] and len(board.move_stack) == 3


def test_check_mate_and_mate_in_one():
    board = Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    assert not board.is_check()
    mate = board.mate_move_in_1ply()
    assert mate is not None and mate.usi() == "G*5b"
    board.push(mate)
    assert board.is_check() and board.is_checkmate() and board.is_game_over()
    assert board.winner == BLACK
    assert board.outcome() == "black wins by checkmate"
    assert not board.is_draw()
    assert Board().mate_move_in_1ply() is None


def test_a_mate_problem_reads_with_tsume():
    problem = "4k4/9/4P4/9/9/9/9/9/9 b G 1"
    # Without the attacker's king the game rules refuse it, and the error says the way.
    with pytest.raises(ValueError, match=r"missing king .*Board\(sfen, tsume=True\)"):
        Board(problem)
    board = Board(problem, tsume=True)
    # The pieces on neither the board nor a hand are the defender's, as tsume.solve reads.
    assert board.sfen() == "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
    # Its repr builds it again, as a game position's does.
    assert repr(board) == f"Board('{board.sfen()}', tsume=True)"
    assert eval(repr(board), {"Board": Board}) == board
    assert len(board.legal_moves) == 81
    board.push_usi(masu.tsume.solve(problem).line[0])
    assert board.is_checkmate() and board.is_game_over() and board.winner == BLACK
    board.set_sfen(problem + " moves G*4b", tsume=True)
    assert board.move_stack[0].usi() == "G*4b" and not board.is_game_over()


def test_repetition_is_a_draw():
    board = Board()
    for _ in range(3):
        for usi in ["5i5h", "5a5b", "5h5i", "5b5a"]:
            board.push_usi(usi)
    assert board.repetitions() == 4
    assert board.is_fourfold_repetition() and board.is_game_over()
    assert board.outcome() == "draw by repetition"
    assert board.is_draw() == masu.shogi.REPETITION_DRAW
    # Play may go on, as in cshogi: the outcome follows the position reached.
    board.push_usi("7g7f")
    assert not board.is_game_over() and not board.is_fourfold_repetition()
    assert board.is_draw() == masu.shogi.NOT_REPETITION
    board.pop()
    assert board.is_fourfold_repetition()


def test_a_move_pushed_on_another_position_says_why_it_is_refused():
    # The same text, another capture: the Move holds the piece it captures.
    rook_takes_nothing = Board("4k4/9/9/9/4p4/9/9/9/4K3R b - 1").move_from_usi("1i1a")
    board = Board("4k3g/9/9/9/4p4/9/9/9/4K3R b - 1")
    with pytest.raises(masu.IllegalMoveError, match=r'another position .*push_usi\("1i1a"\)'):
        board.push(rook_takes_nothing)
    assert board.push_usi("1i1a").captured == "G"
    # A move no text makes legal here names the rule it breaks.
    with pytest.raises(masu.IllegalMoveError, match="illegal move 5e5d: .+"):
        Board().push(Board("4k4/9/9/9/4P4/9/9/9/4K4 b - 1").move_from_usi("5e5d"))


def test_a_history_played_on_past_the_end_reads_back():
    # push plays on after a repetition or a perpetual check; the board's USI line and its
    # pickle hold those moves, and read back (cshogi's set_position takes them too).
    repeated = Board()
    for usi in ["5i5h", "5a5b", "5h5i", "5b5a"] * 3 + ["7g7f"]:
        repeated.push_usi(usi)
    perpetual = Board("4k4/9/9/9/9/9/9/9/R3K4 b - 1")
    for usi in ["9i9a"] + ["5a5b", "9a9b", "5b5a", "9b9a"] * 3 + ["5a5b"]:
        perpetual.push_usi(usi)
    for board in (repeated, perpetual):
        for back in (Board(board.usi()), pickle.loads(pickle.dumps(board))):
            assert back == board and back.move_stack == board.move_stack
        other = Board()
        other.set_position(board.usi().removeprefix("position "))
        assert other.usi() == board.usi()
    # A move that is not legal still does not read.
    with pytest.raises(masu.IllegalMoveError):
        Board(repeated.usi() + " 7g7f")


def test_is_draw_answers_as_cshogi_for_a_search():
    board = Board()
    for usi in ["5i5h", "5a5b", "5h5i"]:
        board.push_usi(usi)
    assert board.is_draw() == masu.shogi.NOT_REPETITION
    board.push_usi("5b5a")
    assert board.is_draw() == board.is_draw(4) == masu.shogi.REPETITION_DRAW
    assert board.is_draw(3) == masu.shogi.NOT_REPETITION
    assert not board.is_fourfold_repetition()
    # Perpetual check: White to move was checked on every Black move since.
    board = Board("4k4/9/9/9/9/9/9/9/R3K4 b - 1 moves 9i9a 5a5b 9a9b 5b5a 9b9a")
    assert board.is_draw() == masu.shogi.REPETITION_WIN
    board.push_usi("5a5b")
    assert board.is_draw() == masu.shogi.REPETITION_LOSE
    # The answer a move would bring, the board left as it was.
    board = Board()
    for usi in ["5i5h", "5a5b", "5h5i"]:
        board.push_usi(usi)
    assert board.move_is_draw("5b5a") == masu.shogi.REPETITION_DRAW
    assert board.move_is_draw("5b5a", 3) == board.move_is_draw("5b4b") == masu.shogi.NOT_REPETITION
    assert len(board.move_stack) == 3
    with pytest.raises(masu.IllegalMoveError):
        board.move_is_draw("5b5c+")
    # A recorded resignation stays through a move tried and through one pushed and popped.
    board = masu.kif.read(b"V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n").board()
    assert board.outcome() == "white wins by resignation"
    assert board.move_is_draw("2g2f") == masu.shogi.NOT_REPETITION
    board.push_usi("2g2f")
    board.pop()
    assert board.outcome() == "white wins by resignation"
    # The same board with a pawn more for the side to move, then for the other side.
    board = Board("4k4/9/9/9/9/9/9/7R1/4K4 b p 1 moves 2h2d P*2c 2d2c 5a4a 2c2h 4a5a")
    assert board.is_draw() == masu.shogi.REPETITION_SUPERIOR
    # As cshogi reads the limit: 0 (falsy) is none, a negative one looks at nothing.
    assert board.is_draw(0) == masu.shogi.REPETITION_SUPERIOR
    assert board.is_draw(-1) == board.is_draw(5) == masu.shogi.NOT_REPETITION
    board.push_usi("2h2d")
    assert board.is_draw() == masu.shogi.REPETITION_INFERIOR


@pytest.mark.parametrize(
    "sfen, win27, win24, points24",
    [
        # Black's king on 5b, nine tokins and a dragon in the camp (14 points) and 14 in hand:
        # 28 points, as many as Black needs under the 27-point rule. The last number: the
        # points, where the conditions are met (24 to 30 draw under the 24-point rule).
        ("+P+P+P+P+P+P+P+P+P/4K3+R/9/9/9/9/9/9/4k4 b B4G4SN 1", True, False, 28),
        ("+P+P+P+P+P+P+P+P+P/4K3+R/9/9/9/9/9/9/4k4 b B4G4S 1", False, False, 27),
        ("+P+P+P+P+P+P+P+P+P/4K3+R/9/9/9/9/9/9/4k4 b 2B4G4SN 1", True, True, 33),
        ("+P+P+P+P+P+P+P+P+P/4K3+R/9/9/4r4/9/9/9/4k4 b 2B4G4SN 1", False, False, 0),  # check
        ("+P+P+P+P+P+P+P+P1/4K3+R/9/9/9/9/9/9/4k4 b 2B4G4SNP 1", False, False, 0),  # 9 pieces
        # White needs 27: the first position turned around, one point less in hand.
        ("4K4/9/9/9/9/9/9/+r3k4/+p+p+p+p+p+p+p+p+p w b4g4s 1", True, False, 27),
    ],
)
def test_entering_king_declaration(sfen, win27, win24, points24):
    board = Board(sfen)
    assert (board.is_nyugyoku(), board.is_nyugyoku(24)) == (win27, win24)
    with pytest.raises(ValueError):
        board.is_nyugyoku(25)
    with pytest.raises(ValueError):
        board.nyugyoku_result(25)
    shogi = masu.shogi
    assert (board.is_nyugyoku(27), board.is_nyugyoku(shogi.LAW_24)) == (win27, win24)
    assert board.nyugyoku_result(shogi.LAW_27) == (shogi.NYUGYOKU_WIN if win27 else shogi.NYUGYOKU_NONE)
    assert board.nyugyoku_result(shogi.LAW_24) == (
        shogi.NYUGYOKU_WIN if win24 else shogi.NYUGYOKU_DRAW if points24 in range(24, 31) else shogi.NYUGYOKU_NONE
    )
    # cshogi's defaults: the 27-point rule for is_nyugyoku, the 24-point one for the result.
    assert board.nyugyoku_result() == board.nyugyoku_result(shogi.LAW_24)
    assert board.is_nyugyoku() == board.is_nyugyoku(shogi.LAW_27)


def test_csa_moves_round_trip():
    for seed, start in enumerate(STARTS):
        board = random_game(seed, start, plies=60)
        sign = "+" if board.turn == BLACK else "-"
        for m in board.legal_moves:
            text = m.csa()
            assert text[0] == sign and len(text) == 7
            assert board.move_from_csa(text) == m
            assert board.move_from_csa(text[1:]) == m
    board = Board()
    assert board.push_csa("+7776FU").usi() == "7g7f"
    board.push_csa("3334FU")
    assert str(board.move_from_csa("+8822UM")) == "8h2b+"
    assert str(board.move_from_csa("+8822KA")) == "8h2b"
    with pytest.raises(masu.IllegalMoveError):
        board.push_csa("-4132KI")  # the other side's sign
    with pytest.raises(masu.IllegalMoveError, match="^no piece of the side to move on the origin square: \\+7775FU$"):
        board.push_csa("+7775FU")  # no such move
    # The rule a move breaks, as push_usi says it.
    with pytest.raises(masu.IllegalMoveError, match="^illegal move \\+7674FU: a pawn on 7f cannot reach 7d$"):
        board.push_csa("+7674FU")
    with pytest.raises(masu.IllegalMoveError, match="^illegal move 7674FU: a pawn on 7f cannot reach 7d$"):
        board.move_from_csa("7674FU")
    with pytest.raises(ValueError):
        board.push_csa("+77FU")
    assert board.move_stack[-1].usi() == "3c3d"


def test_copy_and_hash():
    board = Board()
    board.push_usi("7g7f")
    other = board.copy()
    other.push_usi("3c3d")
    assert board.move_number == 2 and other.move_number == 3
    assert copy.deepcopy(board) == board
    assert board.zobrist_hash() != other.zobrist_hash()
    other.pop()
    assert board.zobrist_hash() == other.zobrist_hash() and board == other


def test_a_board_has_no_hash_since_it_changes():
    # A board hashed by its position would be lost from a set once it moved on.
    board = Board()
    with pytest.raises(TypeError, match="unhashable"):
        hash(board)
    with pytest.raises(TypeError):
        {board}
    assert Board.__hash__ is None
    assert {board.zobrist_hash(), Board().zobrist_hash()} == {board.zobrist_hash()}


def test_perft_and_svg():
    assert perft(Board(), 1) == 30
    assert perft(Board(), 3) == 25_470
    svg = Board()._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert Board().to_svg(size=20, flip=True).startswith("<svg")


def test_hcp_and_psfen_round_trip():
    board = Board("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e")
    hcp = board.to_hcp()
    assert isinstance(hcp, bytes) and len(hcp) == 32
    other = Board()
    other.set_hcp(hcp)
    # The formats do not store the move number.
    assert other.sfen().rsplit(" ", 1)[0] == board.sfen().rsplit(" ", 1)[0]
    other.set_psfen(board.to_psfen())
    assert other.sfen().rsplit(" ", 1)[0] == board.sfen().rsplit(" ", 1)[0]
    with pytest.raises(ValueError, match="expected 32 bytes"):
        other.set_hcp(b"\0" * 31)
    with pytest.raises(ValueError, match="both kings stand on 1a"):
        other.set_hcp(bytes(32))
    with pytest.raises(ValueError, match="missing king"):
        Board("4k4/9/9/9/9/9/9/9/9 b - 1")  # strict SFEN: no black king
    np = pytest.importorskip("numpy")
    array = np.frombuffer(hcp, dtype=masu.shogi.HuffmanCodedPos)
    other.set_hcp(array)
    assert other.zobrist_hash() == board.zobrist_hash()
    assert masu.shogi.HuffmanCodedPosAndEval.itemsize == 38
    assert masu.shogi.PackedSfenValue.itemsize == 40


def test_a_board_shared_by_threads_stays_consistent():
    # One thread plays a move and takes it back; the others read the board meanwhile and
    # see one position or the other, whole.
    board = Board()
    after = Board(START + " moves 7g7f").sfen()
    failures = []

    def write():
        for _ in range(3000):
            board.push_usi("7g7f")
            board.pop()

    def read():
        try:
            for _ in range(3000):
                assert board.sfen() in (START, after)
                assert len(board.legal_moves) == 30
        except Exception as e:  # noqa: BLE001 - the test reports whatever went wrong
            failures.append(e)

    threads = [threading.Thread(target=write)] + [threading.Thread(target=read) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    assert board.sfen() == START and board.move_stack == []


def test_an_argument_that_uses_the_board_while_it_is_read():
    # `bytes(hcp)` runs the object's Python code before the board is changed.
    board = Board()
    hcp = Board("4k4/9/9/9/9/9/9/9/4K4 b - 1").to_hcp()

    class Sneaky:
        def __bytes__(self):
            board.push_usi("7g7f")
            return hcp

    board.set_hcp(Sneaky())
    assert board.sfen() == "4k4/9/9/9/9/9/9/9/4K4 b - 1"
    assert board.move_stack == []


def test_the_per_move_calls_take_one_argument_by_position():
    # push, push_usi, push_move16 and is_legal are CPython METH_O methods.
    import inspect
    import sys

    for name in ("push", "push_usi", "push_move16", "is_legal"):
        method = getattr(Board, name)
        assert list(inspect.signature(method).parameters)[1:] in (["move"], ["usi"], ["move16"])
        assert inspect.getdoc(method)
    board = Board()
    with pytest.raises(TypeError, match="keyword"):
        board.push(move="7g7f")
    with pytest.raises(TypeError):
        board.push()
    with pytest.raises(TypeError):
        Board.push(object(), "7g7f")
    with pytest.raises(OverflowError):
        board.push_move16(-1)
    # References are neither kept nor lost, on the normal path or on errors.
    move = board.move_from_usi("7g7f")
    before = (sys.getrefcount(move), sys.getrefcount(masu.IllegalMoveError))
    for _ in range(1000):
        board.push(move)
        board.pop()
        with pytest.raises(masu.IllegalMoveError):
            board.push("7g7e")
        assert board.is_legal(move)
    assert (sys.getrefcount(move), sys.getrefcount(masu.IllegalMoveError)) == before
    assert board.push_usi("2g2f").usi() == "2g2f"
    board.push_move16(board.move_from_usi("3c3d").to_move16())
    assert board.sfen() == "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 3"


def test_set_position_takes_a_usi_position_line():
    board = Board()
    board.set_position("startpos moves 7g7f 3c3d")
    assert [m.usi() for m in board.move_stack] == ["7g7f", "3c3d"]
    board.set_position("sfen 4k4/9/9/9/9/9/9/7R1/4K4 b p 1 moves 2h2d")
    assert board.sfen() == "4k4/9/9/7R1/9/9/9/9/4K4 w p 2"
    with pytest.raises(ValueError):
        board.set_position("startpos moves 7g7e")


def test_is_mate_needs_check_and_every_evasion_mated():
    board = Board("8k/3+R5/l6N1/2+B6/9/9/9/9/4K4 w - 2")  # 1a2a, then 7d6e mates
    assert board.is_check() and not board.is_mate(0) and not board.is_mate(1)
    assert board.is_mate(2) and board.is_mate(3) and board.is_mate(4)
    board.push_usi("1a2a")
    board.push_usi("7d6e")
    assert board.is_mate(0)
    assert not Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").is_mate(4)  # not in check


def test_moves_from_squares_and_pieces_set_from_lists():
    board = masu.shogi.Board()
    assert board.move(60, 59) == board.move("7g", "7f") == board.move_from_usi("7g7f")
    with pytest.raises(masu.IllegalMoveError, match="8h2b\\+"):
        board.move("8h", "2b", True)  # the diagonal is blocked
    with pytest.raises(masu.IllegalMoveError):
        board.move("7g", "7f", True)  # no promotion outside the zone
    with pytest.raises(ValueError, match="square index 81"):
        board.move(81, 0)
    # The bad one of the two named: the Rust message says what a square is, not which.
    with pytest.raises(ValueError, match='^invalid square: expected a file 1-9 and a rank a-i, such as 7g: "10a"$'):
        board.move("7g", "10a")
    with pytest.raises(ValueError, match='such as 7g: "0a"$'):
        board.piece("0a")
    # Neither an index nor a name: a TypeError that says what a square is.
    for other in (3.5, None, b"7g"):
        with pytest.raises(TypeError, match='a square is an index 0-80 or a name such as "7g", not'):
            board.piece(other)  # type: ignore[arg-type]
    hands = masu.shogi.Board("4k4/9/9/9/9/9/9/4P4/4K4 b RG2P 1")
    assert hands.drop_move("5e", "G").usi() == "G*5e"
    with pytest.raises(masu.IllegalMoveError, match="nifu"):
        hands.drop_move("5e", "P")
    with pytest.raises(masu.IllegalMoveError):
        hands.drop_move("5e", "B")  # none in hand
    for letter in ["K", "p", "+R", "", "PP"]:
        with pytest.raises(ValueError, match="P, L, N, S, G, B or R"):
            hands.drop_move("5e", letter)

    played = masu.shogi.Board()
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"]:
        played.push_usi(usi)
    board.set_pieces(played.pieces, played.pieces_in_hand)
    # The pieces and hands of `played`; the side to move and move number stay.
    assert board.sfen() == played.sfen().rsplit(" ", 1)[0] + " 1"
    assert board.pieces == played.pieces and board.pieces_in_hand == played.pieces_in_hand
    assert board.turn == masu.shogi.BLACK and board.move_number == 1 and board.move_stack == []
    board.set_pieces(played.pieces, [list(h) for h in played.pieces_in_hand])  # any sequences
    assert board.pieces_in_hand == played.pieces_in_hand
    with pytest.raises(ValueError, match="81"):
        board.set_pieces(played.pieces[:80], played.pieces_in_hand)
    with pytest.raises(TypeError, match=r"^pieces\[0\]: a piece is an SFEN letter .* not int"):
        board.set_pieces([0] * 81, played.pieces_in_hand)  # cshogi's piece codes
    with pytest.raises(TypeError, match="pieces is a list of 81 pieces"):
        board.set_pieces(played.sfen(), played.pieces_in_hand)
    with pytest.raises(ValueError, match="Black's and White's counts, not 3"):
        board.set_pieces(played.pieces, ([0] * 7,) * 3)
    with pytest.raises(ValueError, match="7 counts"):
        board.set_pieces(played.pieces, ([1], [0] * 7))
    with pytest.raises(ValueError, match="too many"):
        board.set_pieces(played.pieces, ([19] + [0] * 6, [0] * 7))
    with pytest.raises(ValueError, match='square 4: "X" is no SFEN piece'):
        board.set_pieces(played.pieces[:4] + ["X"] + played.pieces[5:], played.pieces_in_hand)
    # A mate problem has no attacker king: only with tsume=True.
    problem = masu.shogi.Board("4k4/9/4P4/9/9/9/9/9/9 b G 1", tsume=True)
    with pytest.raises(ValueError, match="tsume=True"):
        board.set_pieces(problem.pieces, problem.pieces_in_hand)
    board.set_pieces(problem.pieces, problem.pieces_in_hand, tsume=True)
    assert board.mate_move_in_1ply().usi() == "G*5b"


def test_a_depth_or_ply_below_0_is_a_value_error_saying_what_is_taken():
    # Each raised OverflowError (PyO3's conversion into an unsigned type).
    board = Board()
    with pytest.raises(ValueError, match="^depth is a whole number from 0 to 4294967295, got -1$"):
        perft(board, -1)
    with pytest.raises(ValueError, match="^ply is a whole number from 0 to 4294967295, got -1$"):
        board.mate_move(-1)
    with pytest.raises(ValueError, match="^ply is a whole number from 0 to 4294967295, got -3$"):
        board.is_mate(-3)
    assert perft(board, 1) == 30


# Each piece's moves as (file, rank) steps for Black, rank 1 the far side; a slider's
# steps repeat until a piece stands in the way. White's are Black's turned round.
GOLD = [(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)]
KING = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
DIAGONALS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
LINES = [(0, 1), (0, -1), (1, 0), (-1, 0)]
STEPS = {
    "p": [(0, -1)],
    "n": [(1, -2), (-1, -2)],
    "s": [(0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1)],
    "g": GOLD, "+p": GOLD, "+l": GOLD, "+n": GOLD, "+s": GOLD,
    "k": KING, "+b": LINES, "+r": DIAGONALS,
}
RAYS = {"l": [(0, -1)], "b": DIAGONALS, "r": LINES, "+b": DIAGONALS, "+r": LINES}


def attacked_from(pieces, index):
    """The squares the piece on square `index` attacks, worked out from the rules alone."""
    piece = pieces[index]
    kind, sign = piece.lower(), (1 if piece.lstrip("+").isupper() else -1)
    file, rank = index // 9 + 1, index % 9 + 1
    on_board = lambda f, r: 1 <= f <= 9 and 1 <= r <= 9
    out = set()
    for df, dr in STEPS.get(kind, []):
        f, r = file + sign * df, rank + sign * dr
        if on_board(f, r):
            out.add((f - 1) * 9 + r - 1)
    for df, dr in RAYS.get(kind, []):
        f, r = file + sign * df, rank + sign * dr
        while on_board(f, r):
            out.add((f - 1) * 9 + r - 1)
            if pieces[(f - 1) * 9 + r - 1] is not None:
                break
            f, r = f + sign * df, r + sign * dr
    return out


def test_attackers_are_the_pieces_whose_moves_reach_the_square():
    for seed in range(12):
        board = random_game(seed, STARTS[seed % len(STARTS)], plies=20 + 10 * seed)
        pieces = board.pieces
        reach = {i: attacked_from(pieces, i) for i, p in enumerate(pieces) if p is not None}
        for color in (BLACK, WHITE):
            ours = {i for i, p in enumerate(pieces) if p is not None and p.lstrip("+").isupper() == (color == BLACK)}
            for square in range(81):
                expected = sorted(i for i in ours if square in reach[i])
                assert board.attackers(color, square) == expected, (board.sfen(), color, square)
                assert board.is_attacked_by(color, square) == bool(expected)
    board = Board()
    assert board.attackers(BLACK, "7f") == [60] and board.attackers(WHITE, "7f") == []
    # White's knight on 2a (index 9) and bishop on 2b (10) reach the pawn on 3c.
    assert board.attackers(WHITE, "3c") == [9, 10] and board.is_attacked_by(WHITE, "3c")
    assert not board.is_attacked_by(BLACK, "5e") and not board.is_attacked_by(WHITE, "5e")
    with pytest.raises(ValueError, match="neither 0"):
        board.attackers(2, 0)
    with pytest.raises(ValueError, match="not 0-80"):
        board.is_attacked_by(BLACK, 81)
