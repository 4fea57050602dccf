"""A short run of tools/python-fuzz/fuzz_api.py in every test run: random calls of every
function and method the stubs declare, none of which may panic, raise SystemError or hang
(the tool's longer runs are in the repository's README)."""

import importlib.util
import time

from conftest import HERE

FUZZ = HERE.parents[2] / "tools" / "python-fuzz" / "fuzz_api.py"
CALLS = 3000
SLOW = 10.0


def fuzz_module():
    spec = importlib.util.spec_from_file_location("fuzz_api", FUZZ)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_calls_of_every_stub_function(tmp_path, monkeypatch):
    fuzz = fuzz_module()
    monkeypatch.chdir(tmp_path)  # files the calls write stay in a scratch directory
    # Every function and method the stubs declare is a target (149 when this was written).
    assert len(fuzz.TARGETS) > 140
    findings = []
    for n in range(CALLS):
        began = time.monotonic()
        what, error = fuzz.one_call((7 << 32) + n)
        took = time.monotonic() - began
        if error is not None or took > SLOW:
            findings.append((n, what, repr(error), took))
    assert findings == []
