"""The README's Python examples run as written."""

import re

from conftest import HERE

README = HERE.parent / "README.md"


def python_blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), re.S)


def test_readme_examples_run():
    blocks = python_blocks()
    assert len(blocks) >= 4
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})
