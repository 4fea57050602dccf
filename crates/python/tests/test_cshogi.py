"""Differential tests against cshogi (a test-only oracle, GPL: used from PyPI, never read):
legal move sets and SFEN along random games from the even game and handicaps, and HCP,
HCPE and PackedSfen bytes of the positions met."""

import random
import re

import pytest

from conftest import STARTS, random_game

import masu

cshogi = pytest.importorskip("cshogi")
np = pytest.importorskip("numpy")

GAMES_PER_START = 30


def cshogi_bytes(board, method, dtype):
    out = np.zeros(1, dtype=dtype)
    getattr(board, method)(out)
    return out.tobytes()


@pytest.mark.parametrize("start", STARTS)
def test_legal_moves_and_sfen_agree_along_random_games(start):
    for seed in range(GAMES_PER_START):
        rng = random.Random(seed)
        ours = masu.shogi.Board(start)
        theirs = cshogi.Board(start)
        for _ in range(200):
            # Counted before listing (a fresh sequence counts without making the list).
            assert len(ours.legal_moves) == len(theirs.legal_moves), ours.sfen()
            our_moves = sorted(m.usi() for m in ours.legal_moves)
            their_moves = sorted(cshogi.move_to_usi(m) for m in theirs.legal_moves)
            assert our_moves == their_moves, ours.sfen()
            assert ours.sfen() == theirs.sfen()
            assert ours.is_check() == theirs.is_check()
            if not our_moves:
                break
            usi = rng.choice(our_moves)
            ours.push_usi(usi)
            theirs.push_usi(usi)


# cshogi's piece codes by SFEN text: Black's 1-14 (pawn ... dragon), White's 17-30.
CSHOGI_PIECES = {
    text: code + (16 if text[-1].islower() else 0)
    for code, kind in enumerate(["P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"], 1)
    for text in [kind, kind.lower()]
}


def both_along_random_games(start, seed, games=GAMES_PER_START // 3, plies=200):
    """Our board and cshogi's at each position of `games` random games from `start`."""
    for game in range(games):
        rng = random.Random(seed + game)
        ours = masu.shogi.Board(start)
        theirs = cshogi.Board(start)
        for _ in range(plies):
            yield ours, theirs
            moves = [m.usi() for m in ours.legal_moves]
            if not moves:
                break
            usi = rng.choice(moves)
            ours.push_usi(usi)
            theirs.push_usi(usi)


@pytest.mark.parametrize("start", STARTS)
def test_checks_kings_and_pieces_agree_along_random_games(start):
    for ours, theirs in both_along_random_games(start, 500):
        our_checks = [m.usi() for m in ours.check_moves]
        assert sorted(our_checks) == sorted(cshogi.move_to_usi(m) for m in theirs.check_moves), ours.sfen()
        assert len(set(our_checks)) == len(our_checks)
        for color in (masu.shogi.BLACK, masu.shogi.WHITE):
            assert ours.king_square(color) == theirs.king_square(color)
        assert [CSHOGI_PIECES.get(p, 0) for p in ours.pieces] == theirs.pieces, ours.sfen()


@pytest.mark.parametrize("start", STARTS)
def test_moves_made_from_squares_are_cshogis_legal_moves(start):
    # Every (from, to, promotion) and every drop is tried: the ones `move` and `drop_move`
    # accept are cshogi's legal moves (its own `move` builds any code, and its `is_legal`
    # passes a promotion flag where none can be).
    letters = ["P", "L", "N", "S", "G", "B", "R"]
    for ours, theirs in both_along_random_games(start, 700, games=2, plies=120):
        if ours.move_number % 15 != 1:
            continue
        legal = {cshogi.move_to_usi(m) for m in theirs.legal_moves}
        made = set()
        for square, piece in enumerate(ours.pieces):
            if piece is None or piece.isupper() != (ours.turn == masu.shogi.BLACK):
                continue
            for to in range(81):
                for promotion in (False, True):
                    try:
                        made.add(ours.move(square, to, promotion).usi())
                    except masu.IllegalMoveError:
                        pass
        for letter in letters:
            for to in range(81):
                try:
                    made.add(ours.drop_move(to, letter).usi())
                except masu.IllegalMoveError:
                    pass
        assert made == legal, ours.sfen()


@pytest.mark.parametrize("start", STARTS)
def test_set_pieces_reads_pieces_as_cshogi_reads_its_codes(start):
    for ours, _ in both_along_random_games(start, 800, games=2, plies=120):
        pieces, hands = ours.pieces, ours.pieces_in_hand
        mine = ours.copy()
        mine.set_pieces(pieces, hands)
        assert mine.sfen() == ours.sfen() and mine.move_stack == []
        theirs = cshogi.Board(ours.sfen())
        theirs.set_pieces([CSHOGI_PIECES.get(p, 0) for p in pieces], hands)
        assert theirs.sfen() == mine.sfen()


def csa_position(text):
    """(rows, the pieces in each hand sorted, the side to move) of a CSA position, so that
    hands written one kind to a line (cshogi) or one side to a line (masu) compare."""
    lines = text.splitlines()
    hands = {"+": [], "-": []}
    for line in lines[9:-1]:
        hands[line[1]] += [line[i:i + 4] for i in range(2, len(line), 4)]
    return lines[:9], {side: sorted(pieces) for side, pieces in hands.items()}, lines[-1]


@pytest.mark.parametrize("start", STARTS)
def test_csa_pos_agrees_along_random_games(start):
    for ours, theirs in both_along_random_games(start, 700, games=3):
        text = ours.csa_pos()
        assert csa_position(text) == csa_position(theirs.csa_pos()), ours.sfen()
        # And it reads back as the start of a CSA record (which has no move number).
        start = masu.kif.read(("V2.2\n" + text).encode()).start_sfen
        assert start.rsplit(" ", 1)[0] == ours.sfen().rsplit(" ", 1)[0]



def planes(board, method, shape=(28, 9, 9)):
    features = np.zeros(shape, np.float32)
    getattr(board, method)(features)
    return features


@pytest.mark.parametrize("start", STARTS)
def test_piece_planes_equal_cshogi(start):
    for ours, theirs in both_along_random_games(start, 700):
        for method in ("piece_planes", "piece_planes_rotate"):
            expected = planes(theirs, method)
            assert np.array_equal(planes(ours, method), expected), (method, ours.sfen())
            # dlshogi's input with the hand planes after the pieces: only the first 28
            # planes are written, the rest is left as it was.
            big = np.full((104, 9, 9), 0.5, np.float32)
            getattr(ours, method)(big)
            assert np.array_equal(big[:28], np.where(expected == 1, 1, 0.5)) and (big[28:] == 0.5).all()


def test_piece_planes_take_any_float32_array_and_refuse_others():
    board = masu.shogi.Board("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4")
    expected = planes(board, "piece_planes")
    assert expected.sum() == 39  # one bishop in hand
    # A view in another memory order is written by its indices, as a C-ordered one.
    strided = np.zeros((9, 9, 28), np.float32).transpose(2, 0, 1)
    board.piece_planes(strided)
    assert np.array_equal(strided, expected)
    flat = np.zeros(28 * 81, np.float32)
    board.piece_planes(flat)
    assert np.array_equal(flat, expected.reshape(-1))
    with pytest.raises(ValueError, match="float32"):
        board.piece_planes(np.zeros((28, 9, 9), np.float64))
    with pytest.raises(ValueError, match="fewer than"):
        board.piece_planes(np.zeros((27, 9, 9), np.float32))
    with pytest.raises(TypeError):
        board.piece_planes([0.0] * 2268)
    frozen = np.zeros((28, 9, 9), np.float32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError):
        board.piece_planes(frozen)
    assert not frozen.any()


@pytest.mark.parametrize("start", STARTS)
def test_packed_bytes_equal_cshogi(start):
    for seed in range(GAMES_PER_START):
        rng = random.Random(1000 + seed)
        ours = masu.shogi.Board(start)
        theirs = cshogi.Board(start)
        for _ in range(160):
            hcp = cshogi_bytes(theirs, "to_hcp", cshogi.HuffmanCodedPos)
            psfen = cshogi_bytes(theirs, "to_psfen", cshogi.PackedSfen)
            assert ours.to_hcp() == hcp, ours.sfen()
            assert ours.to_psfen() == psfen, ours.sfen()
            moves = ours.legal_moves
            if not moves or ours.is_game_over():
                break
            m = rng.choice(moves)
            their_move = theirs.move_from_usi(m.usi())
            assert m.to_move16() == cshogi.move16(their_move)
            assert m.to_psv_move16() == cshogi.move16_to_psv(cshogi.move16(their_move))
            ours.push(m)
            theirs.push(their_move)


def test_cshogi_reads_our_bytes_and_we_read_theirs():
    for seed in range(40):
        board = random_game(seed, STARTS[seed % len(STARTS)], plies=seed * 4)
        theirs = cshogi.Board()
        theirs.set_hcp(np.frombuffer(board.to_hcp(), dtype=np.uint8))
        assert theirs.sfen().rsplit(" ", 1)[0] == board.sfen().rsplit(" ", 1)[0]
        theirs.set_psfen(np.frombuffer(board.to_psfen(), dtype=np.uint8))
        assert theirs.sfen().rsplit(" ", 1)[0] == board.sfen().rsplit(" ", 1)[0]
        ours = masu.shogi.Board()
        ours.set_hcp(cshogi_bytes(theirs, "to_hcp", cshogi.HuffmanCodedPos))
        assert ours.zobrist_hash() == board.zobrist_hash()


def test_arrays_are_filled_as_cshogi_fills_them():
    """cshogi's training-data loops write into arrays: `board.to_hcp(hcpes[i]["hcp"])`,
    `board.to_psfen(psvs[i]["sfen"])`. The same calls fill the same bytes here."""
    n = 24
    ours = np.zeros(n, masu.shogi.HuffmanCodedPosAndEval)
    theirs = np.zeros(n, cshogi.HuffmanCodedPosAndEval)
    our_psv = np.zeros(n, masu.shogi.PackedSfenValue)
    their_psv = np.zeros(n, cshogi.PackedSfenValue)
    our_hcps = np.zeros(n, masu.shogi.HuffmanCodedPos)
    for i in range(n):
        board = random_game(i, STARTS[i % len(STARTS)], plies=i * 5)
        other = cshogi.Board(board.sfen())
        assert board.to_hcp(ours[i]["hcp"]) is None
        other.to_hcp(theirs[i]["hcp"])
        board.to_psfen(our_psv[i]["sfen"])
        other.to_psfen(their_psv[i]["sfen"])
        board.to_hcp(our_hcps[i : i + 1])  # a structured record of 32 bytes
    assert ours.tobytes() == theirs.tobytes()
    assert our_psv.tobytes() == their_psv.tobytes()
    assert our_hcps.tobytes() == ours["hcp"].tobytes()
    board = masu.shogi.Board()
    for wrong in [np.zeros(31, np.uint8), np.zeros((4, 16), np.uint8)[:, :8], our_hcps[:2]]:
        with pytest.raises(ValueError):
            board.to_hcp(wrong)
    with pytest.raises(TypeError):
        board.to_hcp(bytearray(32).decode())


def test_psv_examples_convert_to_hcpe_as_cshogi_reads_them():
    """Random games' positions as YaneuraOu examples (a random legal move, score and
    result each), converted by `psv_to_hcpe`: cshogi, reading each example with
    `set_psfen` and `move_from_psv`, gives the same HCP, move code and Black-side result."""
    rng = random.Random(7)
    psvs = np.zeros(300, masu.shogi.PackedSfenValue)
    for i in range(len(psvs)):
        board = random_game(i, STARTS[i % len(STARTS)], plies=rng.randrange(120))
        moves = board.legal_moves
        if not moves:
            board = masu.shogi.Board()
            moves = board.legal_moves
        board.to_psfen(psvs[i]["sfen"])
        psvs[i]["score"] = rng.randrange(-32768, 32768)
        psvs[i]["move"] = rng.choice(moves).to_psv_move16()
        psvs[i]["gamePly"] = rng.randrange(1, 500)
        psvs[i]["game_result"] = rng.choice([-1, 0, 1])
    hcpes = masu.shogi.psv_to_hcpe(psvs)
    assert hcpes.dtype == cshogi.HuffmanCodedPosAndEval and len(hcpes) == len(psvs)
    for psv, hcpe in zip(psvs, hcpes):
        theirs = cshogi.Board()
        theirs.set_psfen(psv["sfen"])
        assert bytes(hcpe["hcp"]) == cshogi_bytes(theirs, "to_hcp", cshogi.HuffmanCodedPos)
        assert hcpe["bestMove16"] == cshogi.move16(theirs.move_from_psv(int(psv["move"])))
        assert hcpe["eval"] == psv["score"]
        won = int(psv["game_result"])  # the side to move's: 1 won, -1 lost
        black_won = (theirs.turn == cshogi.BLACK) == (won == 1)
        assert hcpe["gameResult"] == (0 if won == 0 else 1 if black_won else 2)
    back = masu.shogi.hcpe_to_psv(hcpes)
    expected = psvs.copy()
    expected["gamePly"] = 0  # HCPE does not store it
    assert back.tobytes() == expected.tobytes()
    assert (masu.shogi.psv_to_hcpe(psvs.tobytes()) == hcpes).all()


def test_examples_that_do_not_convert_raise_or_are_skipped():
    psvs = np.zeros(4, masu.shogi.PackedSfenValue)
    board = masu.shogi.Board()
    for i in range(4):
        board.to_psfen(psvs[i]["sfen"])
        psvs[i]["move"] = board.move_from_usi("7g7f").to_psv_move16()
    psvs[2]["game_result"] = 5
    with pytest.raises(ValueError, match=r"^psvs\[2\]: game result 5 is none of the format's$"):
        masu.shogi.psv_to_hcpe(psvs)
    with pytest.warns(UserWarning, match="skipped 1 of 4 examples"):
        assert len(masu.shogi.psv_to_hcpe(psvs, skip_errors=True)) == 3
    with pytest.raises(TypeError, match="dtype"):
        masu.shogi.psv_to_hcpe(np.zeros(4, masu.shogi.HuffmanCodedPosAndEval))
    with pytest.raises(ValueError, match="not a whole number of 40-byte examples"):
        masu.shogi.psv_to_hcpe(psvs.tobytes()[:-1])
    assert len(masu.shogi.hcpe_to_psv(b"")) == 0
    # Past the first batch of 65,536: the index still counts from the array's start.
    many = np.repeat(psvs[:1], 70_000)
    many[65_540]["game_result"] = 9
    with pytest.raises(ValueError, match=r"^psvs\[65540\]: game result 9"):
        masu.shogi.psv_to_hcpe(many)
    with pytest.warns(UserWarning, match="skipped 1 of 70000 examples"):
        kept = masu.shogi.psv_to_hcpe(many, skip_errors=True)
    assert len(kept) == 69_999 and (kept == masu.shogi.psv_to_hcpe(psvs[:1])[0]).all()


def test_dtypes_match_cshogi():
    for name in ["HuffmanCodedPos", "HuffmanCodedPosAndEval", "PackedSfen", "PackedSfenValue"]:
        ours = getattr(masu.shogi, name)
        theirs = getattr(cshogi, name)
        assert ours == theirs, name  # names, types and offsets


def test_mate_in_one_agrees():
    # Positions in check are left out: cshogi's mate search is wrong there (its issue #33).
    for seed in range(80):
        board = random_game(seed, STARTS[seed % len(STARTS)], plies=40 + seed)
        if board.is_check() or board.is_game_over():
            continue
        theirs = cshogi.Board(board.sfen())
        ours = board.mate_move_in_1ply()
        assert (ours is None) == (theirs.mate_move_in_1ply() == 0), board.sfen()
        if ours is not None:
            board.push(ours)
            assert board.is_checkmate()


def entering_king_position(rng):
    """A position near the declaration's thresholds: Black's king in White's camp with a
    random number of Black pieces around it and in hand, sometimes a White rook that may
    give check; White's king at home. Turned around for White half the time."""
    board = [[""] * 9 for _ in range(9)]  # board[rank][file]: rank 0 is a, file 0 is 9
    king = (rng.randrange(3), rng.randrange(9))
    board[king[0]][king[1]] = "K"
    board[8][rng.randrange(9)] = "k"
    camp = [(r, f) for r in range(3) for f in range(9) if (r, f) != king]
    pieces = ["+P"] * 9 + ["G"] * 4 + ["S"] * 4 + ["+R", "B"]
    rng.shuffle(pieces)
    placed = pieces[: rng.randrange(6, 15)]
    for (r, f), piece in zip(rng.sample(camp, len(placed)), placed):
        board[r][f] = piece
    if rng.random() < 0.2:
        board[rng.randrange(3, 8)][rng.randrange(9)] = "r"
    hand_pool = ["B", "N", "N", "L", "L", "P", "P", "P"]
    hand = "".join(rng.sample(hand_pool, rng.randrange(len(hand_pool) + 1)))
    turn = "b"
    if rng.random() < 0.5:
        board = [[p.swapcase() for p in reversed(rank)] for rank in reversed(board)]
        hand, turn = hand.lower(), "w"
    rows = []
    for rank in board:
        row, empty = "", 0
        for piece in rank:
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {turn} {hand or '-'} 1"


def test_entering_king_declaration_agrees():
    rng = random.Random(7)
    wins = {27: 0, 24: 0}
    results = [0, 0, 0]
    for _ in range(3000):
        sfen = entering_king_position(rng)
        try:
            ours = masu.shogi.Board(sfen)
        except ValueError:
            continue  # a rook that leaves the side not to move in check
        # Our SFEN writes the hand with counts (`2P`), which cshogi reads; it miscounts a
        # letter written twice (`PP`).
        theirs = cshogi.Board(ours.sfen())
        assert ours.is_nyugyoku() == theirs.is_nyugyoku(), sfen
        assert ours.is_nyugyoku(24) == theirs.is_nyugyoku(cshogi.LAW_24), sfen
        for rule, law in [(masu.shogi.LAW_27, cshogi.LAW_27), (masu.shogi.LAW_24, cshogi.LAW_24)]:
            results[ours.nyugyoku_result(rule)] += 1
            assert ours.nyugyoku_result(rule) == theirs.nyugyoku_result(law), (sfen, rule)
        wins[27] += ours.is_nyugyoku()
        wins[24] += ours.is_nyugyoku(24)
    # Both answers come up, under both rules.
    assert 100 < wins[27] < 2900 and 50 < wins[24] < 2900, wins
    assert min(results) > 50, results  # none, a win, a draw


@pytest.mark.parametrize("start", STARTS)
def test_csa_moves_agree(start):
    for seed in range(5):
        ours = random_game(seed, start, plies=80)
        theirs = cshogi.Board(ours.sfen())
        sign = "+" if ours.turn == 0 else "-"
        for m in theirs.legal_moves:
            text = cshogi.move_to_csa(m)
            assert ours.move_from_csa(sign + text).usi() == cshogi.move_to_usi(m)
            assert ours.move_from_usi(cshogi.move_to_usi(m)).csa() == sign + text


def random_endgame(rng):
    """The SFEN of a random endgame with Black to move: White's king on ranks 1-2 with up to
    three defenders, Black's king on rank 9, one to three attackers and up to two pieces in
    Black's hand (some positions are not legal; the caller skips those)."""
    rows = [[None] * 9 for _ in range(9)]

    def put(piece, rank, file):
        if rows[rank][file] is None:
            rows[rank][file] = piece

    put("k", rng.randrange(2), rng.randrange(9))
    put("K", 8, rng.randrange(9))
    for piece in rng.sample(["g", "s", "l", "n", "p", "p"], rng.randrange(4)):
        put(piece, rng.randrange(3), rng.randrange(9))
    for piece in rng.sample(["G", "S", "+R", "+B", "R", "B", "N", "L", "P", "+P"], rng.randrange(1, 4)):
        put(piece, rng.randrange(5), rng.randrange(9))
    board = "/".join(
        "".join(piece or "1" for piece in row) for row in rows
    )
    for n in range(9, 1, -1):
        board = board.replace("1" * n, str(n))
    hand = "".join(rng.sample(["G", "S", "R", "B", "N", "L", "P"], rng.randrange(3)))
    return f"{board} b {hand or '-'} 1"


def mated_within(board, ply):
    """Whether every legal move of `board` (in check) leaves a mate by checks within
    `ply - 1` plies, by `mate_move` (an odd `ply` counts as one less)."""
    board = board.copy()
    for reply in list(board.legal_moves):
        board.push(reply)
        mated = ply >= 2 and board.mate_move(ply // 2 * 2 - 1) is not None
        board.pop()
        if not mated:
            return False
    return True


def mates_within_three(board, move):
    """Whether `move` checks and every reply leaves a mate in one (or there is no reply)."""
    board = board.copy()
    board.push(move)
    return board.is_check() and mated_within(board, 2)


def test_mate_move_finds_every_mate_cshogi_finds_and_only_mates():
    rng = random.Random(3)
    found = 0
    for _ in range(3000):
        sfen = random_endgame(rng)
        try:
            ours = masu.shogi.Board(sfen)
        except ValueError:
            continue
        theirs = cshogi.Board(sfen)
        move = ours.mate_move(3)
        in_one = ours.mate_move_in_1ply()
        assert (ours.mate_move(1) is None) == (in_one is None), sfen
        if move is None:
            # cshogi's search finds no mate in 3 that ours misses.
            assert theirs.mate_move(3) == 0, sfen
            continue
        found += 1
        assert mates_within_three(ours, move), (sfen, move.usi())
        if in_one is not None:
            # The first move of a shortest mate: a mate in one when there is one.
            after = ours.copy()
            after.push(move)
            assert after.is_checkmate(), (sfen, move.usi())
    assert found > 100



# Few pieces and full hands: captures, drops and moves taken back make repetitions and
# boards that come back with other hands.
REPEATING_STARTS = [
    "4k4/9/9/9/9/9/9/7R1/4K4 w Gp 1",
    "3gk4/9/4p4/9/9/9/4P4/1B5R1/4KG3 b SPsp 1",
    "4k4/9/9/9/9/9/9/9/4K4 b RGPrgp 1",
]
# Games that end in each answer (the pawn and the gold taken on the way come back as hands).
REPEATING_GAMES = [
    "4k4/9/9/9/9/9/9/9/R3K4 b - 1 moves 9i9a 5a5b 9a9b 5b5a 9b9a 5a5b",
    "4k4/9/9/9/9/9/9/7R1/4K4 b p 1 moves 2h2d P*2c 2d2c 5a4a 2c2h 4a5a 2h2d",
    "4k4/9/9/9/9/9/9/7R1/4K4 w Gp 1 moves P*2c 2h2c 5a4a G*4b 4a4b 2c2d 4b5a 2d2h",
]


def repeating_games():
    """Our board and cshogi's at each position of random games that mostly take the
    mover's last move back, and of `REPEATING_GAMES`."""
    for start in REPEATING_STARTS:
        for seed in range(40):
            rng = random.Random(seed)
            ours = masu.shogi.Board(start)
            theirs = cshogi.Board(start)
            for _ in range(120):
                yield ours, theirs
                moves = [m.usi() for m in ours.legal_moves]
                if not moves:
                    break
                last = ours.move_stack[-2] if len(ours.move_stack) >= 2 else None
                back = last.usi()[2:4] + last.usi()[0:2] if last and not last.is_drop else None
                usi = back if back in moves and rng.random() < 0.85 else rng.choice(moves)
                ours.push_usi(usi)
                theirs.push_usi(usi)
    for game in REPEATING_GAMES:
        sfen, moves = game.split(" moves ")
        ours = masu.shogi.Board(sfen)
        theirs = cshogi.Board(sfen)
        for usi in moves.split():
            ours.push_usi(usi)
            theirs.push_usi(usi)
            yield ours, theirs


def test_is_draw_agrees_with_cshogi():
    answers = set()
    for ours, theirs in repeating_games():
        for ply in (None, 4, 6, 16):
            assert ours.is_draw(ply) == theirs.is_draw(ply), (ours.usi(), ply)
        answers.add(ours.is_draw())
        # As cshogi's `is_draw` after the move (its `move_is_draw` tells only the same
        # position, 0 for a board that comes back with other hands).
        for move in list(ours.legal_moves)[:4]:
            theirs.push_usi(move.usi())
            after = theirs.is_draw(16)
            theirs.pop()
            assert ours.move_is_draw(move, 16) == after, (ours.usi(), move)
    assert answers == set(range(6))  # none, draw, win, lose, superior, inferior


def test_is_mate_finds_every_mate_cshogi_finds_and_only_mates():
    rng = random.Random(5)
    found = 0
    for _ in range(3000):
        try:
            ours = masu.shogi.Board(random_endgame(rng))
        except ValueError:
            continue
        # Black plays a check (most of the time) or any move: White to move.
        moves = list(ours.check_moves) if rng.random() < 0.8 else list(ours.legal_moves)
        if not moves:
            continue
        ours.push(rng.choice(moves))
        theirs = cshogi.Board(ours.sfen())
        for ply in (2, 3, 4):
            mated = ours.is_mate(ply)
            assert mated == (ours.is_check() and mated_within(ours, ply)), (ours.sfen(), ply)
            # cshogi's is_mate takes even plies only (and is_mate(0) can crash the process).
            if ply % 2 == 0 and theirs.is_mate(ply):
                assert mated, (ours.sfen(), ply)
                found += 1
    assert found > 50


@pytest.mark.parametrize("start", STARTS)
def test_rotated_positions_and_moves_agree(start):
    # The position seen from the other side, and its legal moves each rotated, as cshogi's
    # rotate_sfen and move_rotate give them; the game's constants of HCPE results too.
    for ours, theirs in both_along_random_games(start, 900, games=2, plies=150):
        rotated = masu.shogi.rotate_sfen(ours.sfen())
        if not re.search(r"\d\d", ours.sfen().split()[2]):
            # cshogi's rotate_sfen writes ten pawns in hand as "P" (its Board writes "10P").
            assert rotated == cshogi.rotate_sfen(theirs.sfen())
        assert masu.shogi.rotate_sfen(rotated) == ours.sfen()
        board = masu.shogi.Board(rotated)
        assert sorted(m.rotated().usi() for m in ours.legal_moves) == sorted(m.usi() for m in board.legal_moves)
        assert sorted(m.rotated().usi() for m in ours.legal_moves) == sorted(
            cshogi.move_to_usi(cshogi.move_rotate(m)) for m in theirs.legal_moves
        )
        for m in ours.legal_moves:
            assert board.is_legal(m.rotated()) and m.rotated().rotated() == m
    assert (masu.shogi.DRAW, masu.shogi.BLACK_WIN, masu.shogi.WHITE_WIN) == (
        cshogi.DRAW,
        cshogi.BLACK_WIN,
        cshogi.WHITE_WIN,
    )
