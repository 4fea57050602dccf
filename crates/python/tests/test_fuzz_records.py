"""The records of the readers' fuzz corpora (fuzz/corpus: damaged, odd and hostile inputs
that each reached new code) through the Python API: each reads or raises ValueError; every
property of a record read is there; it pickles back whole; what it writes in each format is
read back as that format, with the same main line (in CSA up to a foul it cannot name); and the HCPE entries made
from them decode to positions where their moves are legal."""

import pickle
import warnings

import pytest

from conftest import HERE

from masu import kif, shogi

# Every writer runs on records it cannot hold whole: what each leaves out is tested in
# test_kif.py.
pytestmark = pytest.mark.filterwarnings("ignore::masu.kif.LossWarning")

FUZZ = HERE.parent.parent.parent / "fuzz" / "corpus"
TARGETS = ["kif_read", "ki2_read", "csa_from_bytes", "jkf_from_bytes"]
PROPERTIES = ["header", "headers", "start_sfen", "moves", "comments", "scores", "times",
              "variations", "result", "winner", "warnings", "format"]
WRITERS = {"kif": "to_kif", "ki2": "to_ki2", "csa": "to_csa", "jkf": "to_jkf"}


def records(target):
    for path in sorted((FUZZ / target).iterdir()):
        try:
            yield path.name, kif.read(path.read_bytes())
        except ValueError:
            continue


@pytest.mark.skipif(not FUZZ.is_dir(), reason="the fuzz corpora are in the repository only")
@pytest.mark.parametrize("target", TARGETS)
def test_fuzz_corpus_records_read_pickle_and_write_back(target):
    count = 0
    for name, record in records(target):
        count += 1
        for prop in PROPERTIES:
            repr(getattr(record, prop))
        again = pickle.loads(pickle.dumps(record))
        assert again.moves == record.moves and again.variations == record.variations, name
        assert again.to_kif() == record.to_kif(), name
        for fmt, writer in WRITERS.items():
            back = kif.read(getattr(record, writer)().encode("utf-8"))
            assert back.format == fmt, (name, fmt)
            # CSA leaves out a foul no CSA move names (a gold "promoted", a king dropped),
            # which ends its line: there the main line is the record's up to that foul.
            expected = record.moves
            if fmt == "csa" and len(back.moves) == len(expected) - 1:
                expected = expected[:-1]
            assert back.moves == expected, (name, fmt)
    assert count > 100, f"only {count} records of {target} read"


@pytest.mark.skipif(not FUZZ.is_dir(), reason="the fuzz corpora are in the repository only")
def test_hcpe_of_the_fuzz_corpus_records_decodes():
    paths = [p for target in TARGETS for p in sorted((FUZZ / target).iterdir())]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # each file skipped is a warning
        entries = kif.to_hcpe(paths, skip_errors=True)
    # Most of these records are damaged on purpose and give none (2,833 rows of 22,310 files).
    assert len(entries) > 1_000
    board = shogi.Board()
    for entry in entries:
        board.set_hcp(entry["hcp"])
        assert board.is_legal(board.move_from_move16(int(entry["bestMove16"])))
