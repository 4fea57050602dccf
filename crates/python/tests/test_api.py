"""Every public name of the package has a docstring, the stubs list what the modules
export and match them (mypy's stubtest), and the README's examples type-check."""

import ast
import inspect
import subprocess
import sys

import pytest

import masu
from conftest import HERE
from test_readme import python_blocks

MODULES = [masu, masu.shogi, masu.kif, masu.tsume, masu.reversi, masu.dlshogi, masu.usi]
STUBS = HERE.parent / "python" / "masu"


def public(obj):
    return [n for n in dir(obj) if not n.startswith("_")]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_public_names_have_docstrings(module):
    assert module.__doc__
    for name in getattr(module, "__all__", public(module)):
        obj = getattr(module, name)
        if isinstance(obj, (int, str)) or name.startswith("Huffman") or name.startswith("Packed"):
            continue
        assert inspect.getdoc(obj), f"{module.__name__}.{name}"
        if inspect.isclass(obj):
            for member in [n for n in vars(obj) if not n.startswith("_")]:
                assert inspect.getdoc(getattr(obj, member)), f"{module.__name__}.{name}.{member}"


# The modules of the compiled extension, declared in stubs; masu.usi is Python, typed in
# its own source.
@pytest.mark.parametrize("module", MODULES[1:-1], ids=lambda m: m.__name__)
def test_stubs_declare_every_export(module):
    stub = STUBS / (module.__name__.split(".")[-1] + ".pyi")
    tree = ast.parse(stub.read_text("utf-8"))
    declared = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            declared.add(node.target.id)
    assert set(module.__all__) <= declared
    assert (STUBS / "py.typed").exists()


def run_mypy(args, cwd):
    """mypy on `args` in `cwd` (its cache stays there); skipped where mypy is missing."""
    pytest.importorskip("mypy")
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=cwd, capture_output=True, text=True
    )


def test_stubs_match_the_module(tmp_path):
    # Names, signatures (parameter names, defaults, positional-only), finality.
    done = run_mypy(["mypy.stubtest", "masu"], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_readme_examples_type_check(tmp_path):
    for i, block in enumerate(python_blocks()):
        (tmp_path / f"example_{i}.py").write_text(block, "utf-8")
    files = sorted(p.name for p in tmp_path.glob("example_*.py"))
    done = run_mypy(["mypy", "--strict", *files], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
