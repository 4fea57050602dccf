"""CSHOGI.md, the page for cshogi users, names what exists: each masu name on it is in
masu, each cshogi name in cshogi (when installed), and what it says masu lacks, masu lacks."""

import importlib
import re

import pytest

from conftest import HERE

import masu

PAGE = (HERE.parent / "CSHOGI.md").read_text("utf-8")


def section(title):
    """The text of the `## title` section."""
    start = PAGE.index(f"## {title}\n")
    end = PAGE.find("\n## ", start + 1)
    return PAGE[start : end if end >= 0 else len(PAGE)]


def spans(text):
    """The code spans of `text` that name something: the dotted path before any call or
    index, `*` patterns and spans that start with a dot left out."""
    names = []
    for span in re.findall(r"`([^`]+)`", text):
        path = re.match(r"[A-Za-z_][A-Za-z0-9_.]*", span)
        if path and "*" not in span:
            names.append(path.group(0).rstrip("."))
    return names


def resolve(path, package):
    """The object `path` names in `package` (masu or cshogi): `board.x` on its Board,
    `m.x` on masu's Move, `dlshogi.x` in the package's dlshogi module, `masu.x.y` /
    `cshogi.x.y` from the module, a bare name on the Board or the shogi module. Raises
    AttributeError or ImportError when it is missing."""
    first, *rest = path.split(".")
    shogi = masu.shogi if package == "masu" else importlib.import_module("cshogi")
    if first == "board":
        obj = shogi.Board
    elif first == "dlshogi":
        obj = importlib.import_module(f"{package}.dlshogi")
    elif first == "m" and package == "masu":
        obj = masu.shogi.Move
    elif first in ("masu", "cshogi"):
        obj = importlib.import_module(first)
        for name in rest:
            try:
                obj = getattr(obj, name)
            except AttributeError:
                obj = importlib.import_module(f"{obj.__name__}.{name}")
        return obj
    else:
        return getattr(shogi.Board, first, None) or getattr(shogi, first)
    for name in rest:
        obj = getattr(obj, name)
    return obj


def table_rows():
    rows = []
    for line in section("Different names or values").splitlines()[4:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3:
            rows.append((spans(cells[0]), spans(cells[1]), cells[1]))
    return rows


def test_the_example_runs():
    block = re.search(r"```python\n(.*?)```", PAGE, re.S).group(1)
    exec(compile(block, "CSHOGI.md", "exec"), {})


def test_every_masu_name_exists():
    names = spans(section("The same in both")) + spans(section("Only in masu"))
    rows = table_rows()
    assert len(rows) >= 15
    for _, ours, cell in rows:
        if cell != "the same":
            names += ours
    assert len(names) > 60
    for name in names:
        assert resolve(name, "masu") is not None, name


def test_every_cshogi_name_exists_and_what_masu_lacks_is_lacking():
    pytest.importorskip("cshogi")
    names = spans(section("The same in both")) + [n for row in table_rows() for n in row[0]]
    for name in names:
        assert resolve(name, "cshogi") is not None, name
    lacking = spans(PAGE[PAGE.index("Not in masu:") : PAGE.index("## Only in masu")])
    assert len(lacking) >= 10
    for name in lacking:
        assert resolve(name, "cshogi") is not None, name
        with pytest.raises((AttributeError, ImportError)):
            resolve(f"board.{name}", "masu")
    for name in ["move_to_ki2", "ki2_line", "outcome", "is_checkmate", "repetitions", "usi"]:
        assert f"`{name}" in section("Only in masu")
        assert not hasattr(importlib.import_module("cshogi").Board, name), name
