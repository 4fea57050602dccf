"""An engine's USI lines read as a program that runs engines wants them."""

import pytest

from masu.shogi import (
    read_usi_bestmove,
    read_usi_checkmate,
    read_usi_info,
    read_usi_option,
    write_usi_setoption,
)


def test_info_gives_what_the_line_gives():
    line = ("info depth 12 seldepth 20 time 1500 nodes 2000000 nps 1333333 hashfull 512 "
            "multipv 2 score cp -85 upperbound currmove 2g2f pv 7g7f 3c3d 8h2b+ P*4e "
            "string the rest,  as it is")
    assert read_usi_info(line) == {
        "depth": 12, "seldepth": 20, "time": 1500, "nodes": 2000000, "nps": 1333333,
        "hashfull": 512, "multipv": 2, "cp": -85, "bound": "upper", "currmove": "2g2f",
        "pv": ["7g7f", "3c3d", "8h2b+", "P*4e"], "string": "the rest,  as it is",
    }
    assert read_usi_info("info") == {}
    assert read_usi_info("info nodes 10 depth 3") == {"nodes": 10, "depth": 3}


@pytest.mark.parametrize("text, mate, mating", [
    ("mate 7", 7, True), ("mate -6", 6, False), ("mate -0", 0, False), ("mate +", None, True),
    ("mate -", None, False),
])
def test_mate_scores(text, mate, mating):
    info = read_usi_info(f"info score {text} lowerbound")
    assert (info["mate"], info["mating"], info["bound"]) == (mate, mating, "lower")
    assert "cp" not in info


def test_bad_lines_say_the_column():
    for line, column in [("info depth x", 12), ("info nodes -1", 12), ("info currmovenumber 3", 6),
                         ("info pv 7g7f 7g7z", 14), ("bestmove 7g7f", 1)]:
        with pytest.raises(ValueError, match=f"column {column}:"):
            read_usi_info(line)
    with pytest.raises(ValueError, match="column 15"):
        read_usi_bestmove("bestmove 7g7f 3c3d")
    with pytest.raises(ValueError, match="column 10"):
        read_usi_checkmate("checkmate")
    with pytest.raises(TypeError):
        read_usi_info(b"info depth 1")


def test_bestmove_and_checkmate():
    assert read_usi_bestmove("bestmove 7g7f ponder 3c3d") == ("7g7f", "3c3d")
    assert read_usi_bestmove("bestmove P*5e") == ("P*5e", None)
    assert read_usi_bestmove("bestmove resign") == ("resign", None)
    assert read_usi_bestmove("bestmove win") == ("win", None)
    assert read_usi_checkmate("checkmate 2c2b+ 1a2b G*2a") == ("mate", ["2c2b+", "1a2b", "G*2a"])
    for status in ["nomate", "timeout", "notimplemented"]:
        assert read_usi_checkmate(f"checkmate {status}") == (status, [])


def test_options_of_every_type():
    def option(name, type_, default=None, min=None, max=None, vars=()):
        return {"name": name, "type": type_, "default": default, "min": min, "max": max,
                "vars": list(vars)}

    for line, want in [
        ("option name USI_Hash type spin default 256 min 1 max 4096",
         option("USI_Hash", "spin", 256, 1, 4096)),
        ("option name USI_Ponder type check default false",
         option("USI_Ponder", "check", False)),
        ("option name Style type combo default Normal var Normal var Very Aggressive",
         option("Style", "combo", "Normal", vars=["Normal", "Very Aggressive"])),
        ("option name Clear Hash type button", option("Clear Hash", "button")),
        ("option name Book File type filename default book/main book.db",
         option("Book File", "filename", "book/main book.db")),
        ("option name Note type string default <empty>", option("Note", "string", "")),
        ("option name Note type string", option("Note", "string")),
    ]:
        assert read_usi_option(line) == want, line
    for line, column in [("option name X type spin default x", 33), ("option type spin", 8),
                         ("option name X type colour", 20), ("info depth 1", 1)]:
        with pytest.raises(ValueError, match=f"column {column}:"):
            read_usi_option(line)


def test_setoption_lines():
    assert write_usi_setoption("USI_Hash", "1024") == "setoption name USI_Hash value 1024"
    assert write_usi_setoption("Clear Hash") == "setoption name Clear Hash"
    assert write_usi_setoption("Book File", "") == "setoption name Book File value <empty>"
