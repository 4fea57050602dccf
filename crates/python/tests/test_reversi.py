"""masu.reversi: board, transcript, passes, solver, perft and computer players."""

import pickle
import sys
import threading
import time

import pytest

import masu

from conftest import interrupted_after
from masu.reversi import Board, Computer, Solver, perft, solve


def test_board_and_transcript():
    board = Board()
    assert str(board) == "---------------------------OX------XO--------------------------- X"
    assert sorted(board.legal_moves) == ["c4", "d3", "e6", "f5"]
    board.play("f5")
    assert board.turn == 1 and board.discs() == (4, 1)
    assert board.transcript() == "f5"
    assert board.undo() == "f5"
    with pytest.raises(masu.IllegalMoveError):
        board.play("a1")
    with pytest.raises(ValueError, match='expected a square such as f5, or pass, got "z9"'):
        board.play("z9")
    # A move of another type says what a move is (the argument by its Python name).
    with pytest.raises(TypeError, match=r'a move is a str such as "f5" or "pass", not int'):
        board.play(37)  # type: ignore[arg-type]
    board.play(move="f5")
    assert board.undo() == "f5"
    with pytest.raises(masu.IllegalMoveError):
        board.pass_()
    # An illegal move of a transcript is an IllegalMoveError, as one played is.
    with pytest.raises(masu.IllegalMoveError, match="move 2 .*illegal move a1"):
        Board.from_transcript("f5a1")
    with pytest.raises(ValueError) as bad_text:
        Board.from_transcript("1. f5")
    assert not isinstance(bad_text.value, masu.IllegalMoveError)
    game = Board.from_transcript("f5d6c3d3c4")
    assert game.moves == ["f5", "d6", "c3", "d3", "c4"]
    assert len(game.diagram().splitlines()) >= 8
    # Boards compare by their discs and side to move, not by their histories.
    same = Board(str(game))
    # The side to move may be written as a word, as the letters are.
    assert Board(str(game)[:64] + " white") == same
    assert same == game and same.moves == []
    assert game.copy() == game and pickle.loads(pickle.dumps(game)) == game
    assert Board() != game and Board() != str(Board())
    assert len({str(Board()), str(Board()), str(game)}) == 2
    # A board changes, so it has no hash (a set would lose it once it moved on).
    with pytest.raises(TypeError, match="unhashable"):
        hash(game)


def test_pictures_and_bitboards():
    board = Board.from_transcript("f5d6")
    svg = board.to_svg()
    assert svg.startswith("<svg") and board._repr_svg_() == svg
    assert svg.count('class="disc black"') == 3 and svg.count('class="disc white"') == 3
    assert svg.count('class="lastmove"') == 1 and svg.count('class="legal"') == len(board.legal_moves)
    assert board.to_svg(legal_moves=False).count('class="legal"') == 0
    assert 'width="' in board.to_svg(size=2**32 - 1)  # clamped, not overflowed
    black, white = board.bitboards()
    text = str(board)  # squares a1, b1, ... h8, then the side to move
    for i in range(64):
        assert (black >> i) & 1 == (text[i] == "X") and (white >> i) & 1 == (text[i] == "O")
    assert (bin(black).count("1"), bin(white).count("1")) == board.discs()


def test_perft_and_solve():
    assert [perft(Board(), d) for d in range(1, 5)] == [4, 12, 56, 244]
    # Counted in subtrees past six plies: the published counts (Aart Bik), passes and all.
    assert [perft(Board(), d) for d in (9, 10)] == [3_005_288, 24_571_284]
    # Ten empties left after a seeded random game; the exact score must equal minus the
    # score after the best move (a pass keeps the count of empties, a move lowers it).
    board = Board()
    player = Computer("random", seed=3)
    while 64 - sum(board.discs()) > 10 and not board.is_game_over():
        player.play(board)
    score, best = solve(board)
    assert best is not None
    mover = board.turn
    board.play(best)
    if board.is_game_over():
        final = board.score(empties_to_winner=True)
        assert score == (final if mover == 0 else -final)
    else:
        assert solve(board)[0] == -score


def test_a_reused_solver_answers_as_solve_down_a_game():
    solver = Solver(hash_mb=4)
    assert repr(solver) == "Solver(hash_mb=4)" and solver.hash_mb == 4
    board = Board()
    player = Computer("random", seed=11)
    while 64 - sum(board.discs()) > 12 and not board.is_game_over():
        player.play(board)
    # Down the game, the reused solver agrees with a fresh solve at every position.
    while not board.is_game_over():
        assert solver.solve(board) == solve(board, hash_mb=4)
        player.play(board)
    solver.clear()
    with pytest.raises(ValueError):
        Solver(hash_mb=1 << 40)


def test_limits_and_ctrl_c_stop_a_solve_of_the_start_position():
    # At 60 empties every node's move ordering is a search of its own.
    start = time.monotonic()
    with pytest.raises(TimeoutError):
        solve(Board(), time=0.2)
    with pytest.raises(TimeoutError):
        Solver().solve(Board(), time=0.2)
    assert time.monotonic() - start < 10
    interrupted_after(0.2, lambda: solve(Board(), time=30))
    interrupted_after(0.2, lambda: Solver().solve(Board()))
    # An alpha-beta player 30 plies deep would think for ever; it ignored Ctrl-C.
    interrupted_after(0.2, lambda: Computer("alphabeta", depth=30).choose(Board()))
    # A billion playouts a move, and perft 16, run for hours; they ignored Ctrl-C too.
    interrupted_after(0.2, lambda: Computer("montecarlo", playouts=10**9).choose(Board()))
    interrupted_after(0.2, lambda: perft(Board(), 16))



def test_a_result_done_while_the_wait_takes_the_gil_back_is_kept():
    # The wait for perft's worker wakes every 50 ms and takes the GIL back; a worker that
    # finished in between had its result taken and dropped by the next look, and the call
    # raised RuntimeError ("stopped without a result"). A thread running Python code holds
    # the GIL for a switch interval at a time, so the waits often take that long.
    spinning = True

    def spin():
        while spinning:
            pass

    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.02)
    spinner = threading.Thread(target=spin)
    spinner.start()
    try:
        for _ in range(20):
            assert perft(Board(), 10) == 24_571_284
    finally:
        spinning = False
        spinner.join()
        sys.setswitchinterval(interval)

def test_computer_players_finish_a_game():
    board = Board()
    black, white = Computer("greedy"), Computer("random", seed=7)
    while not board.is_game_over():
        player = black if board.turn == 0 else white
        assert player.play(board) is not None
    assert board.winner in (0, 1, None)
    assert board.discs()[0] + board.discs()[1] <= 64
    assert Computer("alphabeta", depth=2).choose(Board()) in ["c4", "d3", "e6", "f5"]
    assert repr(Computer("alphabeta")) == "Computer('alphabeta')"
    with pytest.raises(ValueError, match="unknown player"):
        Computer("oracle")


def test_a_table_too_large_is_a_value_error():
    with pytest.raises(ValueError):
        solve(Board(), hash_mb=1 << 40)
    with pytest.raises(ValueError, match="hash_mb 0 is not a table size"):
        solve(Board(), hash_mb=0)
    with pytest.raises(ValueError, match="time must be a number of seconds from 0 to 1.8e19"):
        solve(Board(), time=float("inf"))


def test_a_transcript_without_passes_reads_back_to_the_same_game():
    # c4 ... h4 leaves White no move: the forced pass ends the moves and must be written.
    game = "c4c5f6c3d6g7f4g4e3c7f5g5h6h5e6d2e2f7b6e1d8a7a5b8h4"
    board = Board.from_transcript(game)
    board.pass_()
    assert board.transcript() == game + "pass"
    assert Board.from_transcript(board.transcript()) == board
    board.play("b5")
    assert board.transcript() == game + "b5"
    assert Board.from_transcript(board.transcript()) == board
    # The shared texts of the moves: the squares', and the pass after the last of them.
    assert board.moves == [game[i : i + 2] for i in range(0, len(game), 2)] + ["pass", "b5"]
    assert board.undo() == "b5" and board.undo() == "pass" and board.undo() == "h4"


def test_a_count_outside_what_it_takes_is_a_value_error_saying_what_is_taken():
    # Negative counts raised OverflowError; 0 playouts or depth was quietly 1.
    for kwargs, message in [
        ({"playouts": 0}, "playouts is a whole number from 1 to 4294967295, got 0"),
        ({"depth": 0}, "depth is a whole number from 1 to 4294967295, got 0"),
        ({"depth": -1}, "depth is a whole number from 1 to 4294967295, got -1"),
        ({"playouts": 1 << 32}, "playouts is a whole number from 1 to 4294967295, got 4294967296"),
        ({"solve_empties": -1}, "solve_empties is a whole number from 0 to 4294967295, got -1"),
    ]:
        for kind in ("montecarlo", "alphabeta"):
            with pytest.raises(ValueError, match=f"^{message}$"):
                Computer(kind, **kwargs)
    assert Computer("montecarlo", playouts=1).choose(Board()) in Board().legal_moves
    with pytest.raises(ValueError, match="^depth is a whole number from 0 to 4294967295, got -1$"):
        perft(Board(), -1)
    assert perft(Board(), 0) == 1
    with pytest.raises(ValueError, match="^nodes is a whole number from 0 to 18446744073709551615, got -1$"):
        solve(Board(), nodes=-1)
    with pytest.raises(ValueError, match="^nodes is a whole number from 0"):
        Solver(hash_mb=1).solve(Board(), nodes=-5)
    with pytest.raises(ValueError, match="^hash_mb is a whole number from 1 to 18446744073709551615, got -1$"):
        Solver(hash_mb=-1)
    assert Solver(hash_mb=2).hash_mb == 2
