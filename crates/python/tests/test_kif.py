"""masu.kif: reading every corpus record with the main line the Rust crate reads, writing
in each format, and the bulk HCPE conversion (checked with cshogi where installed)."""

import pathlib
import pickle
import warnings

import pytest

from conftest import CORPUS, HERE, corpus_files

import masu
from masu import kif
from masu.shogi import Board

KIF = """\
開始日時：2024/01/01
手合割：平手
先手：羽生
後手：藤井
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:16/00:00:16)
   2 ３四歩(33)   ( 0:05/00:00:05)+
*角道を開ける
   3 ２二角成(88) ( 0:30/00:00:46)
   4 同　銀(31)   ( 0:02/00:00:07)
   5 投了         ( 0:01/00:00:47)
まで4手で後手の勝ち

変化：2手
   2 ８四歩(83)   ( 0:03/00:00:03)
"""


def main_lines():
    """file -> USI main line, as the Rust crate's `masu kif convert --to usi` writes it
    (tests/data/corpus_main_lines.tsv; the command is in tests/data/SOURCES.md). The three
    records that end in a recorded foul have no USI line and are left out of it."""
    table = {}
    for line in (HERE / "data" / "corpus_main_lines.tsv").read_text("utf-8").splitlines()[1:]:
        name, moves = line.split("\t")
        table[name] = moves.split()
    return table


def reference_plies():
    """file -> main-line length the peer parsers agree on (masu-kif's ref_plies.tsv)."""
    rows = (CORPUS / "ref_plies.tsv").read_text("utf-8").splitlines()[1:]
    return {name: int(plies) for name, _, plies in (r.split("\t") for r in rows)}


def test_every_corpus_variation_replays_from_its_parents():
    # `variations` alone gave no way to tell which line a nested variation leaves: 16 of
    # the corpus's did not replay from the main line.
    replayed = 0
    for name in corpus_files():
        record = kif.read(CORPUS / name)
        lines, parents = record.variations, record.variation_parents
        assert len(parents) == len(lines)
        full = []
        for (ply, moves), parent in zip(lines, parents):
            assert parent is None or parent < len(full), name  # parents come first
            before = record.moves if parent is None else full[parent]
            full.append(before[: ply - 1] + moves)
            board = record.board(0)
            for move in full[-1]:
                board.push_usi(move)
            replayed += 1
    assert replayed >= 75


def test_record_fields():
    record = kif.read(KIF.encode("utf-8"))
    assert record.format == "kif"
    assert record.header["先手"] == "羽生"
    assert record.headers[0] == ("開始日時", "2024/01/01")
    assert record.start_sfen == masu.shogi.STARTING_SFEN
    assert record.moves == ["7g7f", "3c3d", "8h2b+", "3a2b"]
    assert record.comments == [[], [], ["角道を開ける"], [], []]
    assert record.times[0] == (16.0, 16.0)
    assert record.times[3] == (2.0, 7.0)
    assert record.variations == [(2, ["8c8d"])]
    assert record.variation_parents == [None]
    assert record.result == "投了"
    assert record.winner == 1
    assert record.warnings == []
    assert repr(record) == "Record(format='kif', moves=4, result='投了')"
    assert record.to_usi() == "position startpos moves 7g7f 3c3d 8h2b+ 3a2b"
    board = record.board()
    assert board.move_number == 5 and board.peek().usi() == "3a2b"
    assert record.board(4) == board and record.board(0) == masu.shogi.Board()
    after_two = record.board(2)
    assert after_two.move_stack == board.move_stack[:2] and after_two.peek().usi() == "3c3d"
    with pytest.raises(IndexError, match="^ply 5 of a main line of 4 moves$"):
        record.board(5)


def test_list_properties_are_new_lists_each_time():
    record = kif.read(KIF.encode("utf-8"))
    # Made once and handed out as new lists: what a caller changes is its own.
    for name in ("moves", "comments", "times", "scores", "headers", "variations"):
        first = getattr(record, name)
        assert first == getattr(record, name) and first is not getattr(record, name), name
        first.append(None)
        assert getattr(record, name) != first, name
    comments = record.comments
    comments[2].append("mine")
    assert record.comments[2] == ["角道を開ける"]
    assert record.comments == [[], [], ["角道を開ける"], [], []]
    assert record.times[3] == (2.0, 7.0) and record.scores == [None] * 4
    assert record == kif.read(KIF.encode("utf-8"))


def test_warnings_say_where():
    # No gold stands on 8h: the move and the two lines after it cannot be read.
    text = KIF.replace("   3 ２二角成(88)", "   3 ２二金(88)  ")
    record = kif.read(text.encode("utf-8"))
    assert record.moves == ["7g7f", "3c3d"]
    assert record.warnings, "a damaged move is reported"
    w = record.warnings[0]
    assert (w.line, w.column) == (9, 6)
    assert str(w).startswith("line 9, column 6: illegal move at ply 3")
    assert (w.kind, w.damages_game) == ("illegal_move", True)
    assert repr(w) == f"ReadWarning(line=9, column=6, kind='illegal_move', damages_game=True, message={w.message!r})"
    # The lines after it are dropped, which damages the game too.
    assert [(w.line, w.kind, w.damages_game) for w in record.warnings[1:]] == [
        (line, "dropped", True) for line in (10, 11, 12)
    ]
    again = pickle.loads(pickle.dumps(record))
    assert again.warnings == record.warnings and again.warnings[0].kind == "illegal_move"


def test_a_quirk_kept_verbatim_is_a_warning_that_leaves_the_game_whole():
    text = KIF.replace("手合割：平手", "手合割：平手\n棋譜の来歴は不明")
    record = kif.read(text.encode("utf-8"))
    assert record.moves == kif.read(KIF.encode("utf-8")).moves
    assert [(w.line, w.kind, w.damages_game) for w in record.warnings] == [(3, "unknown_line", False)]


def test_a_strict_reading_raises_at_the_first_problem(tmp_path):
    bad_move = KIF.replace("   3 ２二角成(88)", "   3 ２二金(88)  ")
    path = tmp_path / "bad.kif"
    path.write_text(bad_move, encoding="utf-8")
    for read in [
        lambda: kif.read(bad_move.encode("utf-8"), strict=True),
        lambda: kif.read(path, strict=True),
        lambda: kif.read_str(bad_move, strict=True),
        lambda: kif.read_all(path, strict=True),
        lambda: kif.read_many([path], strict=True),
    ]:
        with pytest.raises(kif.ReadError, match="line 9, column 6: illegal move at ply 3") as caught:
            read()
        assert isinstance(caught.value, ValueError)
        assert (caught.value.line, caught.value.column, caught.value.kind) == (9, 6, "illegal_move")
    # A quirk that leaves the game whole fails a strict reading too.
    quirk = KIF.replace("手合割：平手", "手合割：平手\n棋譜の来歴は不明")
    with pytest.raises(kif.ReadError) as caught:
        kif.read_str(quirk, strict=True)
    assert (caught.value.line, caught.value.column, caught.value.kind) == (3, 1, "unknown_line")
    # A record without a problem reads strictly as it reads leniently.
    assert kif.read_str(KIF, strict=True) == kif.read_str(KIF)
    with pytest.warns(UserWarning, match="bad.kif"):
        assert kif.read_many([path], skip_errors=True, strict=True) == []
    assert kif.read_many([path]) == [kif.read(path)]


def test_every_corpus_record_read_strictly_fails_at_its_first_warning():
    """Or, with no warning at all, at the illegal last move of a foul the record states
    (which a lenient reading keeps without one)."""
    fouls = 0
    for name in corpus_files():
        record = kif.read(CORPUS / name)
        try:
            strict = kif.read(CORPUS / name, strict=True)
        except kif.ReadError as e:
            if record.warnings:
                first = record.warnings[0]
                assert (e.line, e.column, e.kind) == (first.line, first.column, first.kind), name
            else:
                assert e.kind == "illegal_move", name
                fouls += 1
        else:
            assert not record.warnings and strict == record, name
    assert fouls == 3


def test_a_foul_dropping_a_kind_no_hand_holds_keeps_its_own_text():
    # A bishop dropped promoted side up (馬打), a foul the record states: USI has no text
    # for it, and cshogi's 16-bit code of such a drop is the code of the board move 9i5e.
    head = "手合割：平手\n手数----指手---------消費時間--\n"
    record = kif.read((head + "   1 ５五馬打\n").encode("utf-8"))
    assert record.moves == ["+B*5e"]
    board = masu.shogi.Board("k8/9/9/9/9/9/9/9/B3K4 b - 1")
    assert "9i5e" in [m.usi() for m in board.legal_moves]
    assert record.moves == ["+B*5e"]
    king = kif.read((head + "   1 ７六歩(77)\n   2 ４二玉(00)\n").encode("utf-8"))
    assert king.moves == ["7g7f", "K*4b"]
    for r in (record, king):
        again = pickle.loads(pickle.dumps(r))
        assert again.moves == r.moves and again.to_kif() == r.to_kif()


def test_unreadable_input_raises():
    with pytest.raises(OSError):
        kif.read("/nonexistent/record.kif")
    with pytest.raises(ValueError, match="line 1, column 2"):
        kif.read(b"{")
    with pytest.raises(kif.ReadError, match="binary data") as caught:
        kif.read(b"\xff\xfe\x00")
    # Bytes of no text encoding: no place.
    assert (caught.value.line, caught.value.column, caught.value.kind) == (None, None, "encoding")


def test_header_values_come_without_the_blanks_around_them():
    # Kifu for Windows pads values with full-width spaces; `headers` keeps them as written.
    r = kif.read_str("手合割：平手\u3000\u3000\n先手：羽生\u3000\n後手： 藤井 \n   1 ７六歩(77)\n")
    assert r.header == {"手合割": "平手", "先手": "羽生", "後手": "藤井"}
    assert r.headers == [("手合割", "平手\u3000\u3000"), ("先手", "羽生\u3000"), ("後手", " 藤井 ")]
    assert r.to_kif() == kif.read(r.to_kif().encode("utf-8")).to_kif()
    # Records are read-only: assigning to a header raises instead of changing a copy.
    with pytest.raises(TypeError):
        r.header["先手"] = "someone else"  # type: ignore[index]
    assert r.header["先手"] == "羽生" and dict(r.header)["後手"] == "藤井"


def test_a_game_played_on_a_board_is_saved_as_a_record(tmp_path):
    board = masu.shogi.Board()
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"]:
        board.push_usi(usi)
    record = kif.Record.from_board(board, header={"先手": "bot", "後手": "me"}, ending="投了")
    assert (record.moves, record.result, record.winner) == (board_moves(board), "投了", 1)
    assert record.headers == [("先手", "bot"), ("後手", "me")]
    for ext in ["kif", "ki2", "csa", "jkf"]:
        record.write(tmp_path / f"game.{ext}")
        back = kif.read(tmp_path / f"game.{ext}")
        assert (back.moves, back.winner, back.start_sfen) == (record.moves, 1, record.start_sfen)
    # A game over on the board ends with its own word; another ending is refused then.
    mated = masu.shogi.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    mated.push_usi("G*5b")
    assert (kif.Record.from_board(mated).result, kif.Record.from_board(mated).winner) == ("詰み", 0)
    with pytest.raises(ValueError, match="already over"):
        kif.Record.from_board(mated, ending="投了")
    with pytest.raises(ValueError, match="not a KIF word"):
        kif.Record.from_board(board, ending="bogus")


def with_totals(times):
    """`times` as KIF writes them: a time without its total gets the mover's running total
    (a move without a time spends none)."""
    clock = [0.0, 0.0]
    out = []
    for i, (spent, total) in enumerate(times):
        side = i % 2
        clock[side] = total if total is not None else clock[side] + (spent or 0.0)
        out.append((spent, clock[side]) if spent is not None or total is not None else (None, None))
    return out


def test_a_time_without_its_total_is_written_with_the_movers_running_total():
    board = Board("position startpos moves 7g7f 3c3d 2g2f 8c8d")
    record = kif.Record.from_board(board, times=[(3, None), (5, None), (2, 9), (1, None)])
    assert "( 0:02/00:00:09)" in record.to_kif()
    assert kif.read_str(record.to_kif()).times == [(3, 3), (5, 5), (2, 9), (1, 6)]
    # CSA holds the time spent alone: written as KIF, each move gets its mover's total.
    csa = kif.read_str("V2.2\nPI\n+\n+7776FU,T3\n-3334FU,T5\n+2726FU,T2\n")
    assert csa.times == [(3, None), (5, None), (2, None)]
    assert kif.read_str(csa.to_kif()).times == [(3, 3), (5, 5), (2, 5)]


def test_comments_and_times_given_to_from_board_are_the_records():
    # Every corpus record's main-line comments and times, given back with its board, come
    # back as read, and again from the KIF text written.
    given = 0
    for name in corpus_files():
        record = kif.read(CORPUS / name)
        if not record.moves or not any(record.comments) and not any(any(t) for t in record.times):
            continue
        try:
            board = record.board()
        except ValueError:
            continue  # a recorded foul: no board plays it
        copy = kif.Record.from_board(board, comments=record.comments, times=record.times)
        assert (copy.comments, copy.times) == (record.comments, record.times), name
        if all(s is None or s == int(s) for t in record.times for s in t):
            back = kif.read_str(copy.to_kif())
            assert (back.comments, back.times) == (record.comments, with_totals(record.times)), name
        given += 1
    assert given >= 60

    board = masu.shogi.Board()
    for usi in ["7g7f", "3c3d", "2g2f", "4c4d"]:
        board.push_usi(usi)
    record = kif.Record.from_board(
        board,
        comments=["start", ["* 50 -3334FU", "a fine move"], None, "two\nlines"],
        times=[3, 5, 2, (None, 9)],
    )
    assert record.comments == [["start"], ["* 50 -3334FU", "a fine move"], [], ["two", "lines"], []]
    # Seconds alone count the mover's total, a pair is as given; an engine line is a score.
    assert record.times == [(3.0, 3.0), (5.0, 5.0), (2.0, 5.0), (None, 9.0)]
    assert record.scores == [50, None, None, None]
    assert "** 50 -3334FU" in record.to_kif()
    # Lines break where a reader breaks them, a lone carriage return included: the record
    # given is the record that reads back.
    breaks = kif.Record.from_board(board, comments=[None, "a\rb\r\nc\n\rd", ["e\r", "f"]])
    assert breaks.comments == [[], ["a", "b", "c", "", "d"], ["e", "", "f"], [], []]
    assert kif.read_str(breaks.to_kif()).comments == breaks.comments
    with pytest.warns(kif.LossWarning, match="total time"):
        assert "'** 50 -3334FU" in record.to_csa()

    with pytest.raises(ValueError, match="5 places"):
        kif.Record.from_board(board, comments=[None] * 6)
    with pytest.raises(ValueError, match="4 moves"):
        kif.Record.from_board(board, times=[1] * 5)
    with pytest.raises(ValueError, match=r"^times\[1\]: time must be a number of seconds from 0 to 1.8e19, got -1"):
        kif.Record.from_board(board, times=[1, -1])
    with pytest.raises(TypeError, match=r"^comments\[2\]: a comment is a str"):
        kif.Record.from_board(board, comments=[None, "x", 5])
    with pytest.raises(TypeError, match=r"^times\[0\]: a time is seconds spent"):
        kif.Record.from_board(board, times=["3"])
    with pytest.raises(TypeError, match="comments is a list of entries"):
        kif.Record.from_board(board, comments=5)
    with pytest.raises(TypeError, match="comments is a list of entries.*not str"):
        kif.Record.from_board(board, comments="one comment")  # not one a character
    with pytest.raises(TypeError, match=r"^comments\[0\]: a comment is a str.*not bytes"):
        kif.Record.from_board(board, comments=[b"bytes"])
    for header in ({1: "a"}, {"先手": None}):
        with pytest.raises(TypeError, match="^a header's key and value are each a str, not"):
            kif.Record.from_board(board, header=header)  # type: ignore[dict-item]


def board_moves(board):
    return [m.usi() for m in board.move_stack]


@pytest.mark.filterwarnings("ignore::masu.kif.LossWarning")
def test_read_str_reads_text_as_read_reads_its_bytes():
    for text in [KIF, "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n", "\ufeff▲７六歩 △３四歩\n"]:
        from_text, from_bytes = kif.read_str(text), kif.read(text.encode("utf-8"))
        assert from_text.moves == from_bytes.moves and from_text.moves
        assert from_text.to_kif() == from_bytes.to_kif()
    with pytest.raises(ValueError, match="line 1, column 2"):
        kif.read_str("{")
    with pytest.raises(TypeError):
        kif.read_str(KIF.encode("utf-8"))
    # A record's text where a path goes: the error says where text goes.
    with pytest.raises(OSError, match="masu.kif.read_str"):
        kif.read(KIF)
    jkf = kif.read_str(KIF).to_jkf().replace("\n", "")
    with pytest.raises(OSError, match="masu.kif.read_str"):
        kif.read(jkf)
    assert kif.read_str(jkf).moves == kif.read_str(KIF).moves


def test_every_corpus_record_reads_the_main_line_of_the_rust_crate():
    expected = main_lines()
    plies = reference_plies()
    files = corpus_files()
    assert len(files) == len(plies) == 150 and len(expected) == 147
    for name in files:
        record = kif.read(CORPUS / name)
        assert len(record.moves) == plies[name], name
        if name in expected:
            assert record.moves == expected[name], name
        else:
            # A recorded foul: the last move is kept, and no board can play it (one is
            # played after a checkmate).
            with pytest.raises(ValueError, match="illegal|the game is over"):
                record.board()


@pytest.mark.parametrize("ext", ["kif", "kifu", "ki2", "ki2u", "csa", "jkf"])
@pytest.mark.filterwarnings("ignore::masu.kif.LossWarning")
def test_write_reads_back(tmp_path, ext):
    record = kif.read(KIF.encode("utf-8"))
    path = tmp_path / f"game.{ext}"
    record.write(path)
    back = kif.read(path)
    assert back.moves == record.moves
    assert back.format == {"kifu": "kif", "ki2u": "ki2"}.get(ext, ext)
    if ext != "csa":
        assert back.variations == record.variations
    if ext in ("kif", "ki2"):
        assert path.read_bytes().decode("cp932")
    with pytest.raises(ValueError, match="extension"):
        record.write(tmp_path / "game.txt")


def test_a_character_shift_jis_lacks_is_named_with_its_place(tmp_path):
    record = kif.read_str(KIF.replace("*角道を開ける", "*角道 😀"))
    message = r"^Shift_JIS cannot hold '😀' \(U\+1F600\) at line \d+, column 5 of the KIF output"
    with pytest.raises(ValueError, match=message):
        record.write(tmp_path / "game.kif")
    record.write(tmp_path / "game.kifu")  # UTF-8 holds it
    assert kif.read(tmp_path / "game.kifu").comments[2] == ["角道 😀"]


@pytest.mark.filterwarnings("ignore::masu.kif.LossWarning")
def test_text_writers():
    record = kif.read(KIF.encode("utf-8"))
    assert "２二角成(88)" in record.to_kif()
    assert "▲２二角成" in record.to_ki2()
    assert "+8822UM" in record.to_csa()
    assert record.to_jkf().lstrip().startswith("{")
    for text in [record.to_kif(), record.to_ki2(), record.to_csa(), record.to_jkf()]:
        assert kif.read(text.encode("utf-8")).moves == record.moves


def test_writers_warn_of_what_their_format_cannot_hold(tmp_path):
    record = kif.read(KIF.encode("utf-8"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        record.to_kif()
        record.write(tmp_path / "game.kif")
    with pytest.warns(kif.LossWarning) as caught:
        record.to_csa()
    (message,) = [str(w.message) for w in caught]
    assert message.startswith("CSA cannot hold ")
    assert "the variation starting at ply 2" in message
    assert "the total time at plies 1 to 5 (5 moves)" in message
    # The trailer is the one every writer makes of the resignation: nothing is lost.
    assert "trailer" not in message
    with pytest.warns(kif.LossWarning, match="^KI2 cannot hold the times of 6 moves$"):
        record.write(tmp_path / "game.ki2u")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        record.to_jkf()
    # A trailer in other words than the writers' is kept, and lost in JKF.
    worded = kif.read(KIF.replace("まで4手で後手の勝ち", "まで、4手で後手の勝ち").encode("utf-8"))
    with pytest.warns(kif.LossWarning, match="^JKF cannot hold the trailer まで、4手で後手の勝ち"):
        worded.to_jkf()
    assert issubclass(kif.LossWarning, UserWarning)
    # A character Shift_JIS lacks, written as its customary stand-in.
    marked = kif.read(KIF.replace("角道を開ける", "☗角道を開ける").encode("utf-8"))
    with pytest.warns(kif.LossWarning, match="character ☗ at line 9, column 2"):
        marked.write(tmp_path / "marked.kif")
    # One Shift_JIS writes as another, read back so: `¥` is the byte of `\`.
    yen = kif.read(KIF.replace("角道を開ける", "¥100").encode("utf-8"))
    with pytest.warns(kif.LossWarning, match="character ¥ at line 9, column 2"):
        yen.write(tmp_path / "yen.kif")


def test_to_hcpe_converts_every_main_line_position():
    np = pytest.importorskip("numpy")
    def even_game(path):
        # Tsume records have no attacker king: HCP cannot hold them.
        record = kif.read(path)
        return record.warnings == [] and record.start_sfen.count("k") == record.start_sfen.count("K") == 1

    files = [CORPUS / name for name in corpus_files() if name.startswith(("kif/", "csa/"))]
    files = [f for f in files if even_game(f)][:40]
    array = kif.to_hcpe(files)
    assert array.dtype == masu.shogi.HuffmanCodedPosAndEval
    board = masu.shogi.Board()
    i = 0
    for path in files:
        record = kif.read(path)
        game = masu.shogi.Board(record.start_sfen)
        for usi in record.moves:
            entry = array[i]
            board.set_hcp(entry["hcp"])
            assert board.zobrist_hash() == game.zobrist_hash(), path
            assert board.move_from_move16(int(entry["bestMove16"])).usi() == usi
            assert entry["gameResult"] == {None: 0, 0: 1, 1: 2}[record.winner]
            game.push_usi(usi)
            i += 1
    assert i == len(array) > 1000

    # The same positions as YaneuraOu's examples: each entry converted, with the position's
    # move number, which HCPE does not hold.
    psvs = kif.to_psv(files)
    assert psvs.dtype == masu.shogi.PackedSfenValue and len(psvs) == len(array)
    from_hcpe = masu.shogi.hcpe_to_psv(array)
    assert (psvs[["sfen", "score", "move", "game_result"]] == from_hcpe[["sfen", "score", "move", "game_result"]]).all()
    plies = [masu.shogi.Board(kif.read(p).start_sfen).move_number + k for p in files for k in range(len(kif.read(p).moves))]
    assert psvs["gamePly"].tolist() == plies


def test_read_many_reads_each_file_as_read_does():
    paths = [CORPUS / name for name in corpus_files()]
    records = kif.read_many(paths)
    assert len(records) == len(paths) == 150
    for path, many in zip(paths, records):
        one = kif.read(path)
        assert many.moves == one.moves, path
        assert many.headers == one.headers, path
        assert many.format == one.format, path
        assert many.comments == one.comments, path
        assert many.times == one.times, path
        assert many.variations == one.variations, path
        assert [str(w) for w in many.warnings] == [str(w) for w in one.warnings], path
    assert kif.read_many([]) == []
    assert [r.moves for r in kif.read_many(p for p in paths[:3])] == [r.moves for r in records[:3]]


def test_files_of_every_size_read_as_their_bytes(tmp_path):
    # A thread reads files into a buffer it keeps (64 KiB, doubled as needed, let go after
    # a file over 1 MiB): records around those sizes, a short one after each long one.
    start = b"V2.2\nPI\n+\n+7776FU\n-3334FU\n"
    for i, size in enumerate([40, 65535, 65536, 65537, 3 * 65536, 1024 * 1024 + 3, 40]):
        padding = size - len(start) - len(b"'*\n")
        data = start + b"'*" + b"x" * padding + b"\n"
        assert len(data) == size
        path = tmp_path / f"{i}.csa"
        path.write_bytes(data)
        from_path, from_bytes = kif.read(path), kif.read(data)
        assert from_path.moves == from_bytes.moves == ["7g7f", "3c3d"], size
        assert from_path.comments == from_bytes.comments, size
        assert from_path.comments[-1] == ["x" * padding], size
        short = tmp_path / f"{i}-short.csa"
        short.write_bytes(start)
        assert kif.read(short).comments == [[], [], []], size
    empty = tmp_path / "empty.kif"
    empty.write_bytes(b"")
    assert kif.read(empty).moves == kif.read(b"").moves == []


@pytest.mark.filterwarnings("ignore::masu.kif.LossWarning")
def test_read_takes_buffers_and_file_objects(tmp_path):
    import io
    import zipfile

    files = [CORPUS / name for name in corpus_files()][::25]
    archive = tmp_path / "records.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for f in files:
            z.write(f, f.name)  # names of the corpus are unique
    with zipfile.ZipFile(archive) as z:
        for f in files:
            data = f.read_bytes()
            expected = kif.read(f)
            with open(f, "rb") as binary:
                sources = [bytearray(data), memoryview(data), io.BytesIO(data), binary,
                           z.open(f.name)]
                for source in sources:
                    got = kif.read(source)
                    assert (got.moves, got.header) == (expected.moves, expected.header), (f, source)
                    assert [r.moves for r in kif.read_all(io.BytesIO(data))] == [
                        r.moves for r in kif.read_all(f)]
    # A file opened as text gives its text, read as read_str reads it.
    text = KIF.encode("cp932")
    path = tmp_path / "game.kif"
    path.write_bytes(text)
    with open(path, encoding="cp932") as opened:
        assert kif.read(opened).moves == kif.read(path).moves == kif.read_str(KIF).moves
    assert kif.read(io.StringIO(KIF)).moves == kif.read_str(KIF).moves
    for wrong in [12, None, 1.5, [b"V2.2"]]:
        with pytest.raises(TypeError, match="path"):
            kif.read(wrong)

    class ReadsNumbers:
        def read(self):
            return 12

    with pytest.raises(TypeError, match="read"):
        kif.read(ReadsNumbers())


def test_read_many_errors(tmp_path):
    bad = tmp_path / "bad.kif"
    bad.write_bytes(b"\xff\xfe\x00")
    good = CORPUS / corpus_files()[0]
    with pytest.raises(ValueError, match="bad.kif"):
        kif.read_many([good, bad])
    with pytest.raises(OSError, match="missing.kif"):
        kif.read_many([good, tmp_path / "missing.kif"])
    with pytest.warns(UserWarning) as caught:
        records = kif.read_many([bad, good, tmp_path / "missing.kif"], skip_errors=True)
    messages = [str(w.message) for w in caught]
    assert len(messages) == 2
    assert "bad.kif" in messages[0] and "binary data" in messages[0]
    assert "missing.kif" in messages[1]
    assert caught[0].filename == __file__
    assert [r.moves for r in records] == [kif.read(good).moves]


def test_to_hcpe_errors(tmp_path):
    pytest.importorskip("numpy")
    bad = tmp_path / "bad.kif"
    bad.write_bytes(b"\xff\xfe\x00")
    tsume = CORPUS / "csa" / "skc__tsumeshogi.csa"
    good = CORPUS / corpus_files()[0]
    with pytest.raises(ValueError, match="bad.kif"):
        kif.to_hcpe([good, bad])
    with pytest.raises(ValueError, match="the black king is missing"):
        kif.to_hcpe([tsume])
    with pytest.raises(OSError):
        kif.to_hcpe([tmp_path / "missing.kif"])
    with pytest.warns(UserWarning) as caught:
        array = kif.to_hcpe([bad, good, tsume], skip_errors=True)
    messages = [str(w.message) for w in caught]
    assert len(messages) == 2
    assert "bad.kif" in messages[0] and "binary data" in messages[0]
    assert messages[1].endswith(
        "skc__tsumeshogi.csa: the position before move 1: the black king is missing"
    )
    # At the line of the call, as read_many's (they pointed into masu/kif.py).
    assert caught[0].filename == __file__
    assert len(array) == len(kif.to_hcpe([good])) > 0


def test_to_hcpe_leaves_out_a_record_read_damaged(tmp_path):
    # Move 3 is illegal: the reader drops it and the resignation after it, so the game's
    # result is lost and its rows would say a draw.
    pytest.importorskip("numpy")
    damaged = tmp_path / "damaged.csa"
    damaged.write_text("V2.2\nPI\n+\n+7776FU\n-3334FU\n+2277UM\n-8384FU\n%TORYO\n")
    with pytest.raises(kif.ReadError, match="damaged.csa: the record as read is not the game") as caught:
        kif.to_hcpe([damaged])
    assert (caught.value.line, caught.value.kind) == (6, "illegal_move")
    with pytest.warns(UserWarning, match="line 6"):
        assert len(kif.to_hcpe([damaged], skip_errors=True)) == 0


def test_to_hcpe_evals_and_scores_match_cshogi_csa_parser():
    """The engine scores of every CSA corpus record that has them, as cshogi's CSA parser
    reads them, and the HCPE evals dlshogi's csa_to_hcpe makes of those scores (clamped to
    ±32767, negated when White is to move)."""
    pytest.importorskip("numpy")
    cshogi = pytest.importorskip("cshogi")
    import cshogi.CSA

    files = sorted(f for f in (CORPUS / "csa").iterdir() if b"'**" in f.read_bytes())
    checked = 0
    for path in files:
        record = kif.read(path)
        if record.start_sfen.count("k") != 1 or record.start_sfen.count("K") != 1:
            continue
        parsed = cshogi.CSA.Parser.parse_file(str(path))[0]
        assert [s or 0 for s in record.scores] == list(parsed.scores), path
        board = cshogi.Board(parsed.sfen)
        expected = []
        for move, score in zip(parsed.moves, parsed.scores):
            clamped = min(32767, max(score, -32767))
            expected.append(clamped if board.turn == cshogi.BLACK else -clamped)
            board.push(move)
        array = kif.to_hcpe([path])
        assert list(array["eval"]) == expected[: len(array)], path
        checked += len(array)
    assert checked > 500


def test_ratings_and_endings_match_cshogi_csa_parser():
    """Every CSA corpus record's ratings and ending as cshogi's CSA parser reads them
    (cshogi gives 0 for a rating the record lacks, and its `endgame` is the CSA word)."""
    cshogi = pytest.importorskip("cshogi")
    import cshogi.CSA

    rated = 0
    for path in sorted((CORPUS / "csa").iterdir()):
        record = kif.read(path)
        try:
            parsed = cshogi.CSA.Parser.parse_file(str(path))[0]
        except Exception:  # cshogi refuses some records masu reads
            continue
        assert [r or 0.0 for r in record.ratings] == list(parsed.ratings), path
        rated += None not in record.ratings
        kings = record.start_sfen.count("k") == record.start_sfen.count("K") == 1
        if parsed.endgame and record.result and kings:
            # cshogi's ending word takes the record, any other leaves it out.
            assert kif.to_hcpe([path], endings=[parsed.endgame]).size == kif.to_hcpe([path]).size, path
            other = "%CHUDAN" if parsed.endgame != "%CHUDAN" else "%TORYO"
            assert kif.to_hcpe([path], endings=[other]).size == 0, path
    assert rated >= 2
    floodgate = kif.read(CORPUS / "csa" / "skc__floodgate.csa")
    assert floodgate.ratings == (3382.0, 3613.0)
    assert "black_rate:10b_n003_1060+507782308a74bb96974b7f14cd6f50d1:3382.0" in floodgate.program_comments


def test_to_hcpe_takes_the_records_chosen():
    pytest.importorskip("numpy")
    floodgate = CORPUS / "csa" / "skc__floodgate.csa"  # 125 moves, rated 3382 and 3613
    unrated = CORPUS / "kif" / "kfjs__20081220kyoochi.kif"  # 142 moves
    both = [floodgate, unrated]
    every = kif.to_hcpe(both)
    assert len(every) == 125 + 142
    assert (kif.to_hcpe(both, min_rating=3300) == kif.to_hcpe([floodgate])).all()
    assert len(kif.to_hcpe(both, min_rating=3400)) == 0
    assert (kif.to_hcpe(both, min_moves=130) == kif.to_hcpe([unrated])).all()
    assert len(kif.to_hcpe(both, endings=["%TORYO"])) == len(every)
    assert len(kif.to_hcpe(both, endings=("投了",), min_moves=126)) == 142
    assert len(kif.to_hcpe(both, endings=["%SENNICHITE", "%KACHI"])) == 0
    assert len(kif.to_psv(both, min_rating=3300)) == 125
    with pytest.raises(ValueError, match="names no end of a game"):
        kif.to_hcpe(both, endings=["%BOGUS"])
    with pytest.raises(ValueError, match="min_rating NaN is no rating"):
        kif.to_hcpe(both, min_rating=float("nan"))
    with pytest.raises(TypeError, match="list of words"):
        kif.to_hcpe(both, endings="%TORYO")
    for one in [floodgate, str(floodgate)]:
        for convert in [kif.to_hcpe, kif.to_psv, kif.read_many]:
            with pytest.raises(TypeError, match=r"list of paths, not one .*: \[path\] for one file"):
                convert(one)


def test_every_record_of_a_csa_file_is_read_and_converted(tmp_path):
    """A CSA file of several games (`/` between them): `read_all` gives each, as cshogi's
    parser lists them, `read` the first with a warning that names `read_all`, and the
    training conversions take every game."""
    cshogi = pytest.importorskip("cshogi")
    import cshogi.CSA

    games = [
        CORPUS / "csa" / "skc__floodgate.csa",
        CORPUS / "csa" / "mog__csa_game_001.csa",
        CORPUS / "csa" / "kfjs__2005_GPS_K-SHOGI.csa",
    ]
    text = "/\n".join(kif.read(g).to_csa() for g in games)
    path = tmp_path / "three.csa"
    path.write_text(text, "utf-8")
    records = kif.read_all(path)
    assert [r.moves for r in records] == [kif.read(g).moves for g in games]
    assert [r.moves for r in kif.read_all(text.encode("utf-8"))] == [r.moves for r in records]
    theirs = cshogi.CSA.Parser.parse_file(str(path))
    assert [[cshogi.move_to_usi(m) for m in t.moves] for t in theirs] == [r.moves for r in records]
    first = kif.read(path)
    assert first.moves == records[0].moves
    assert [w.message for w in first.warnings if "read_all" in w.message]
    assert len(kif.read_all(CORPUS / "kif" / "kfjs__20081220kyoochi.kif")) == 1
    array = kif.to_hcpe([path])
    assert len(array) == sum(len(r.moves) for r in records)
    assert (array == np_concat([kif.to_hcpe([g]) for g in games])).all()
    assert len(kif.to_psv([path], min_moves=120)) == sum(len(r.moves) for r in records if len(r.moves) >= 120)


@pytest.mark.filterwarnings("ignore::masu.kif.LossWarning")
def test_several_records_are_written_to_one_csa_file(tmp_path):
    """`write_all` and `to_csa_all` give the file `read_all` reads back, game by game; a
    record with variations warns that CSA leaves them out; a file of another format is
    refused."""
    games = [kif.read(CORPUS / "csa" / "skc__floodgate.csa"), kif.read(CORPUS / "kif" / "kfjs__20081220kyoochi.kif")]
    path = tmp_path / "two.csa"
    kif.write_all(games, path)
    back = kif.read_all(path)
    assert [(r.start_sfen, r.moves, r.winner) for r in back] == [(g.start_sfen, g.moves, g.winner) for g in games]
    assert path.read_text("utf-8") == kif.to_csa_all(games)
    assert kif.to_csa_all(games).count("\n/\n") == 1
    assert kif.to_csa_all([]) == ""
    branched = kif.read(CORPUS / "kif" / "tsumemi__branchedgame.kif")
    with pytest.warns(kif.LossWarning, match="variation"):
        kif.to_csa_all([games[0], branched])
    with pytest.raises(ValueError, match="no .csa file"):
        kif.write_all(games, tmp_path / "two.kif")
    assert not (tmp_path / "two.kif").exists()
    with pytest.raises(TypeError):
        kif.write_all(["not a record"], path)


def np_concat(arrays):
    import numpy

    return numpy.concatenate(arrays)


def test_a_game_that_does_not_convert_is_left_out_alone(tmp_path):
    """In a file of several games, one that cannot be converted (a mate problem without
    the attacker's king) raises naming its place, or with ``skip_errors`` is left out with
    a warning while the file's other games are kept."""
    pytest.importorskip("numpy")
    games = [CORPUS / "csa" / "skc__floodgate.csa", CORPUS / "csa" / "mog__csa_game_001.csa"]
    problem = (CORPUS / "csa" / "skc__tsumeshogi.csa").read_text("utf-8")
    path = tmp_path / "with_a_problem.csa"
    path.write_text(kif.read(games[0]).to_csa() + "/\n" + problem + "/\n" + kif.read(games[1]).to_csa(), "utf-8")
    with pytest.raises(ValueError, match=r"with_a_problem.csa \(record 2\): the position before move 1"):
        kif.to_hcpe([path])
    with pytest.warns(UserWarning, match=r"record 2"):
        kept = kif.to_hcpe([path], skip_errors=True)
    assert (kept == np_concat([kif.to_hcpe([g]) for g in games])).all()


def repetition_then(move):
    """A KIF whose rooks go back and forth until the start occurs a fourth time (ply 12),
    then `move` is played all the same."""
    cycle = ["４八飛(28)", "６二飛(82)", "２八飛(48)", "８二飛(62)"]
    moves = cycle * 3 + [move]
    lines = [f"{i:4} {m}" for i, m in enumerate(moves, 1)]
    return "手合割：平手\n" + "\n".join(lines) + "\n"


def test_a_move_after_a_fourfold_repetition_is_read_with_a_warning():
    record = kif.read(repetition_then("７六歩(77)").encode("cp932"))
    assert len(record.moves) == 13 and record.moves[-1] == "7g7f"
    [warning] = record.warnings
    assert (warning.line, warning.column) == (14, 6)
    assert warning.message.startswith(
        "line 14, column 6: move after the game ended by repetition at ply 13: the position"
        " after ply 12 occurred a fourth time: draw by repetition"
    )


def test_the_board_of_a_record_plays_on_after_a_repetition_as_a_board_does():
    record = kif.read_str(repetition_then("７六歩(77)"))
    board = record.board()
    assert len(board.move_stack) == 13 and board.peek().usi() == "7g7f"
    assert board.usi() == record.to_usi() and board == Board(record.to_usi())
    assert record.board(13) == board
    assert record.board(12).is_fourfold_repetition()


def test_a_ply_or_min_moves_below_0_is_a_value_error_saying_what_is_taken():
    # Each raised OverflowError (PyO3's conversion into an unsigned type).
    record = kif.read(CORPUS / corpus_files()[0])
    moves = len(record.moves)
    for ply in (-1, -(10**30)):
        with pytest.raises(ValueError, match=f"^ply counts the main line's moves from the start, 0 to {moves}, got {ply}$"):
            record.board(ply)
    with pytest.raises(IndexError, match=f"ply {moves + 1} of a main line of {moves} moves"):
        record.board(moves + 1)
    assert record.board(moves) == record.board()
    # The numpy wrappers pass `min_moves` through to this.
    training_bytes = masu._masu.kif.training_bytes
    with pytest.raises(ValueError, match="^min_moves is a whole number from 0 to 18446744073709551615, got -1$"):
        training_bytes([], "hcpe", False, -1, None, None)
