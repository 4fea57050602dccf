"""Random calls of the whole Python API, typed by masu's own stubs.

Every function and method the `.pyi` stubs of masu.shogi, masu.kif, masu.tsume,
masu.reversi and masu.dlshogi declare is called with arguments made for its annotations
(numbers at the edges, text near valid SFEN, USI and records, bytes, numpy arrays of other
dtypes, shapes and strides, read-only ones, boards, moves, records), an argument of another
type now and then, and trailing defaults left out at random.

A call may raise any `Exception`: bad input is the caller's. What fails the run is what a
user must never see: a Rust panic (`pyo3_runtime.PanicException`, a `BaseException`), a
`SystemError` (a binding that returned without a value or an error), a crash, or a call
slower than `--slow` seconds. Each finding is printed with the seed and the call number
that make it again (`--seed S --only N`), and the run exits with status 1.

    pip install numpy ./crates/python
    python tools/python-fuzz/fuzz_api.py --seconds 600 --seed 1

Searches are kept short by the parameters' names (`nodes`, `time`, `depth`, `ply`,
`playouts` ...); files are read and written only in a scratch directory the run works in.
"""

import argparse
import ast
import faulthandler
import os
import random
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

import masu
from masu import dlshogi, kif, reversi, shogi, tsume

MODULES = {"shogi": shogi, "kif": kif, "tsume": tsume, "reversi": reversi, "dlshogi": dlshogi}
STUBS = Path(masu.__file__).parent

SFENS = [
    shogi.STARTING_SFEN,
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "8k/9/9/9/9/9/9/9/8K b 2R2B4G4S4N4L18P 1",
    "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
    "7nl/7k1/6ppp/9/9/9/9/9/9 b GS2r2b3g3s3n3l15p 1",
    "+P+P+P+P+P+P+P+P+P/4K3+R/9/9/9/9/9/9/4k4 b B4G4SN 1",
    "startpos moves 7g7f 3c3d 8h2b+",
]
WORDS = ["7g7f", "3c3d", "P*5e", "8h2b+", "G*5b", "5a4a", "+7776FU", "7776FU", "-3334FU",
         "resign", "full", "proof", "exact", "short", "random", "greedy", "montecarlo",
         "alphabeta", "f5", "d3", "pass", "f5d6c3", "x.kif", "a.csa", "b.ki2", "c.jkf",
         "d.kifu", "e.usi", "f.txt", "P", "+B", "k", "5e", "55", ""]
RECORDS = [
    "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n"
    "   2 ３四歩(33)   ( 0:02/00:00:02)\n*コメント\n   3 投了\n",
    "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\nT1\n-3334FU\n%TORYO\n",
    "▲７六歩 △３四歩 ▲２二角成 △同銀\n",
    '{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]}',
]
INTS = [0, 1, 2, 3, 7, 8, 9, 24, 27, 80, 81, 255, 256, 2**15 - 1, 2**15, 2**16 - 1, 2**16,
        2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64, 10**30]
DTYPES = [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64, np.float32, np.float64,
          np.bool_]
STRUCTURED = ["HuffmanCodedPos", "HuffmanCodedPosAndEval", "PackedSfen", "PackedSfenValue"]
# Parameters whose size is the cost of the call: kept small.
BOUNDED = {"depth": (0, 3), "ply": (-2, 7), "nodes": (0, 3000), "playouts": (0, 20),
           "solve_empties": (0, 8), "threads": (0, 2), "max_plies": (0, 15),
           "size": (0, 200), "jobs": (0, 2)}
LIMITS = {"nodes": 3000, "time": 0.05}


class Draws:
    """The choices of one call, from a seeded generator (the calls a run makes are the same
    on every run with its seed)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def number(self, lo, hi):
        return self.rng.randint(lo, hi)

    def coin(self):
        return self.rng.random() < 0.5

    def pick(self, values):
        return self.rng.choice(values)

    def bytes(self, count):
        return self.rng.randbytes(count)

    def text(self, count):
        top = self.rng.choice([0x7F, 0x3100, 0x10FFFF])
        chars = (self.rng.randint(0, top) for _ in range(count))
        return "".join(chr(c) for c in chars if not 0xD800 <= c < 0xE000)


class Maker:
    """Argument values from a call's draws."""

    def __init__(self, draws):
        self.draws = draws
        # The shogi board a method is called on: moves, codes and squares are made for it
        # more often than not, so that the calls get past the argument checks.
        self.context = None
        # The number of rows of the first array of examples made: the arrays made after it
        # for the same call take it more often than not.
        self.batch = None

    def pick(self, values):
        return self.draws.pick(values)

    def number(self, lo, hi):
        return self.draws.number(lo, hi)

    def mutated(self, text):
        """`text` with a few characters changed, cut or repeated."""
        chars = list(text)
        for _ in range(self.number(0, 4)):
            at = self.number(0, len(chars))
            what = self.number(0, 3)
            if what == 0 and chars:
                del chars[min(at, len(chars) - 1)]
            elif what == 1:
                chars.insert(at, chr(self.number(0, 0x3100)))
            elif what == 2:
                chars[at:at] = chars[at : at + self.number(1, 40)] * self.number(1, 5)
            else:
                chars = chars[:at]
        return "".join(chars)

    def rows(self):
        """A batch's number of rows: the call's batch size if it has one, mostly."""
        if self.batch is not None and self.number(0, 3):
            return self.batch
        return self.number(0, 4)

    def legal(self):
        """A legal move of the receiver (or of a random board), when it has one."""
        board = self.context if self.context is not None and self.draws.coin() else self.board()
        moves = board.legal_moves
        return moves[self.number(0, len(moves) - 1)] if len(moves) else None

    def int_(self, name=""):
        if name == "move16" and self.draws.coin():
            m = self.legal()
            return self.pick([m.to_move16(), m.to_psv_move16()]) if m else 0
        if name in ("move16", "index") and self.draws.coin():
            return self.number(0, 2**16 - 1)
        if name in ("from_square", "to_square") and self.draws.coin():
            m = self.legal()
            square = getattr(m, name) if m else None
            return 81 if square is None else square
        if "square" in name and self.draws.coin():
            return self.number(0, 81)
        if name in BOUNDED:
            return self.number(*BOUNDED[name])
        if self.draws.coin():
            return self.number(-2, 300)
        return self.pick(INTS) * (-1 if self.draws.coin() else 1)

    def float_(self, name=""):
        if name == "time":
            return self.pick([0.0, 0.001, 0.05, -1.0, float("nan")])
        return self.pick([0.0, 0.5, -1.0, 1e300, float("nan"), float("inf")])

    def str_(self, name=""):
        if name in ("usi", "csa", "move") and self.draws.coin():
            m = self.legal()
            return (m.usi() if name != "csa" else m.csa()[self.number(0, 1):]) if m else ""
        if name == "piece" and self.draws.coin():
            return self.pick(list("PLNSGBRK") + ["+P", "p", "x"])
        if "square" in name and self.draws.coin():
            return f"{self.number(1, 9)}{self.pick('abcdefghij')}"
        pick = self.number(0, 5)
        if pick == 0:
            return self.pick(SFENS)
        if pick == 1:
            return self.mutated(self.pick(SFENS))
        if pick == 2:
            return self.pick(WORDS)
        if pick == 3:
            return self.mutated(self.pick(RECORDS))
        if pick == 4:
            return self.mutated(self.pick(WORDS))
        return self.draws.text(self.number(0, 64))

    def bytes_(self, name=""):
        if self.draws.coin():
            return self.draws.bytes(self.number(0, 80))
        text = self.mutated(self.pick(RECORDS))
        return text.encode(self.pick(["utf-8", "cp932", "utf-16"]), "replace")

    def array(self, name=""):
        planes = {"features1": 62, "features2": 57, "features": 104}
        rows = {"hcpes": "HuffmanCodedPosAndEval", "hcp": "HuffmanCodedPos",
                "psvs": "PackedSfenValue", "psfen": "PackedSfen"}
        if name in rows and self.draws.coin():
            # Rows of the format the parameter takes, each a position of a random board,
            # now and then one byte changed.
            a = np.zeros(self.number(0, 5), getattr(shogi, rows[name]))
            raw = a.view(np.uint8).reshape(len(a), a.dtype.itemsize)
            for row in raw:
                b = self.board(problems=False)
                packed = b.to_psfen() if name in ("psvs", "psfen") else b.to_hcp()
                row[: len(packed)] = np.frombuffer(packed, np.uint8)
                if self.number(0, 7) == 0:
                    row[self.number(0, len(row) - 1)] = self.number(0, 255)
            self.batch = len(a) if self.batch is None else self.batch
            if len(a) == 1 and name in ("hcp", "psfen") and self.draws.coin():
                return raw[0]  # one row's bytes, as a training loop passes them
            return a
        if name in planes and self.draws.coin():
            # The shapes dlshogi's arrays have, one example or a batch.
            shape = (planes[name], 9, 9) if self.draws.coin() else (self.rows(), planes[name], 9, 9)
            a = np.zeros(shape, self.pick([np.float32, np.float32, np.uint8]))
        elif name in ("move", "result", "value") and self.draws.coin():
            a = np.zeros((self.rows(),) + ((1,) if name != "move" else ()), self.pick([np.int64, np.float32]))
        elif self.draws.coin():
            a = np.zeros(self.number(0, 6), getattr(shogi, self.pick(STRUCTURED)))
            raw = a.view(np.uint8)
            raw[:] = np.frombuffer(self.draws.bytes(raw.size).ljust(raw.size, b"\0"), np.uint8)
            if a.size and self.draws.coin():
                a[0] = np.frombuffer(self.board().to_hcp().ljust(a.dtype.itemsize, b"\0"), a.dtype)[0]
        else:
            shape = tuple(self.number(0, 40) for _ in range(self.number(1, 4)))
            if self.draws.coin():
                shape = self.pick([(62, 9, 9), (57, 9, 9), (2, 62, 9, 9), (104, 9, 9), (32,), (38,)])
            a = np.zeros(shape, self.pick(DTYPES))
        how = self.number(0, 5)
        if how == 1 and a.ndim and a.shape[0] > 1:
            a = a[::2]
        elif how == 2:
            a = np.asfortranarray(a)
        elif how == 3:
            a.flags.writeable = False
        elif how == 4 and a.size > 2:
            a = a.reshape(-1)[1:]
        return a

    def board(self, problems=True):
        """A board a few random moves from a start; `problems`: mate problems among them."""
        sfen = self.pick([s for s in SFENS[:7] if problems or "K" in s])
        b = shogi.Board(sfen, tsume="K" not in sfen)  # a mate problem: no attacker's king
        for _ in range(self.number(0, 12)):
            moves = b.legal_moves
            if not len(moves):
                break
            b.push(moves[self.number(0, len(moves) - 1)])
        return b

    def move(self):
        moves = list(self.board().legal_moves)
        return moves[self.number(0, len(moves) - 1)] if moves else None

    def record(self):
        return kif.read_str(self.pick(RECORDS))

    def reversi_board(self):
        b = reversi.Board()
        for _ in range(self.number(0, 40)):
            moves = b.legal_moves
            if not moves:
                if b.is_game_over():
                    break
                b.pass_()
                continue
            b.play(moves[self.number(0, len(moves) - 1)])
        return b

    def anything(self, name=""):
        maker = self.pick([self.int_, self.float_, self.str_, self.bytes_, self.array,
                           lambda name="": self.board(), lambda name="": self.move(),
                           lambda name="": self.record(), lambda name="": self.reversi_board(),
                           lambda name="": None, lambda name="": [self.str_() for _ in range(3)]])
        return maker(name)

    def of(self, annotation, module, name=""):
        """A value for `annotation` (a stub's AST node), another type one time in twelve."""
        if self.number(0, 11) == 0:
            return self.anything(name)
        node = annotation
        if node is None:
            return self.anything(name)
        if isinstance(node, ast.Constant):
            if node.value is None:
                return None
            return self.of(ast.parse(node.value, mode="eval").body, module, name)
        if isinstance(node, ast.Name) or isinstance(node, ast.Attribute):
            kind = node.id if isinstance(node, ast.Name) else node.attr
            return self.named(kind, module, name)
        if isinstance(node, ast.Subscript):
            outer = node.value.id if isinstance(node.value, ast.Name) else node.value.attr
            inner = node.slice
            items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            if outer == "Optional":
                return None if self.number(0, 3) == 0 else self.of(items[0], module, name)
            if outer == "Union":
                return self.of(self.pick(items), module, name)
            if outer in ("List", "Sequence", "Iterable", "Collection"):
                return [self.of(items[0], module, name) for _ in range(self.number(0, 5))]
            if outer == "Tuple":
                return tuple(self.of(i, module, name) for i in items if not isinstance(i, ast.Constant))
            if outer in ("Dict", "Mapping"):
                return {self.str_(): self.str_() for _ in range(self.number(0, 3))}
            if outer == "Literal":
                return self.pick([i.value for i in items])
        if isinstance(node, ast.BinOp):  # X | Y
            return self.of(self.pick([node.left, node.right]), module, name)
        return self.anything(name)

    def named(self, kind, module, name):
        if kind == "int":
            return self.int_(name)
        if kind == "float":
            return self.float_(name) if name == "time" or self.draws.coin() else self.int_(name)
        if kind == "bool":
            return self.draws.coin()
        if kind == "str" or kind == "PathLike":
            return self.str_(name)
        if kind in ("bytes", "bytearray"):
            return self.bytes_(name)
        if kind == "Board":
            return self.reversi_board() if module == "reversi" else self.board()
        if kind == "Move":
            return self.move()
        if kind == "Record":
            return self.record()
        if kind == "_Square":
            return self.pick([self.int_(name), self.str_(name)])
        if kind in ("Any", "object", "ndarray", "NDArray", "ArrayLike"):
            return self.array(name) if self.draws.coin() else self.anything(name)
        return self.anything(name)


def stub_functions():
    """(module name, class name or None, function name, its AST) for every stub def."""
    found = []
    for module in MODULES:
        tree = ast.parse((STUBS / f"{module}.pyi").read_text("utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                found.append((module, None, node.name, node))
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name not in ("__hash__",):
                        found.append((module, node.name, item.name, item))
    return found


TARGETS = stub_functions()


def receiver(maker, module, cls):
    """An instance to call a method of `module.cls` on."""
    if cls == "Board" and module == "reversi":
        return maker.reversi_board()
    if cls == "Board":
        maker.context = maker.board()
        return maker.context
    if cls == "Move":
        return maker.move()
    if cls == "LegalMoves":
        return maker.board().legal_moves
    if cls == "Record":
        return maker.record()
    if cls == "Solver" and module == "tsume":
        return tsume.Solver(nodes=LIMITS["nodes"], time=LIMITS["time"], hash_mb=1)
    if cls == "Solver":
        return reversi.Solver(hash_mb=1)
    if cls == "Computer":
        return reversi.Computer(maker.pick(["random", "greedy", "alphabeta", "montecarlo"]),
                                depth=2, playouts=10, solve_empties=6)
    return getattr(MODULES[module], cls)


def arguments(maker, module, fn):
    """Positional and keyword arguments for `fn`'s parameters."""
    params = [a for a in fn.args.posonlyargs + fn.args.args if a.arg not in ("self", "cls")]
    defaults = len(fn.args.defaults)
    required = len(params) - defaults
    keep = maker.number(required, len(params)) if params else 0
    args = [maker.of(p.annotation, module, p.arg) for p in params[:keep]]
    kwargs = {}
    for p, default in zip(fn.args.kwonlyargs, fn.args.kw_defaults):
        if default is None or maker.draws.coin():
            kwargs[p.arg] = maker.of(p.annotation, module, p.arg)
    # Searches stay short: their limits are given whatever else was made.
    names = [p.arg for p in params] + [p.arg for p in fn.args.kwonlyargs]
    for limit, value in LIMITS.items():
        if limit in names:
            where = names.index(limit)
            if where < len(args):
                args[where] = value
            else:
                kwargs[limit] = value
    return args, kwargs


def one_call(seed):
    """Makes and runs call `seed`: its description, and the exception it raised if any."""
    maker = Maker(Draws(seed))
    module, cls, name, fn = TARGETS[maker.number(0, len(TARGETS) - 1)]
    what = f"{module}.{cls + '.' if cls else ''}{name}"
    try:
        if cls is None:
            target = getattr(MODULES[module], name)
        elif name == "__new__":
            target = getattr(MODULES[module], cls)
        else:
            target = getattr(receiver(maker, module, cls), name)
        if not callable(target):
            return what, None
        args, kwargs = arguments(maker, module, fn)
        if cls == "Computer" and name == "__new__":
            kwargs.update(depth=2, playouts=10, solve_empties=6)
        what = f"{what}(*{args!r:.300}, **{kwargs!r:.200})"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            target(*args, **kwargs)
    except SystemError as e:  # a binding that returned without a value or an error
        return what, e
    except Exception:
        return what, None
    except BaseException as e:  # a Rust panic; KeyboardInterrupt goes on up
        if isinstance(e, KeyboardInterrupt):
            raise
        return what, e
    return what, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", type=int, help="run this call of the seed's run alone")
    parser.add_argument("--slow", type=float, default=10, help="seconds a call may take")
    options = parser.parse_args()
    os.chdir(tempfile.mkdtemp(prefix="masu-pyfuzz-"))
    base = options.seed << 32
    calls = [options.only] if options.only is not None else range(1 << 32)
    findings, start = 0, time.monotonic()
    for n in calls:
        if options.only is None and time.monotonic() - start > options.seconds:
            break
        # A call that hangs prints every thread's stack and ends the run.
        faulthandler.dump_traceback_later(options.slow * 3, exit=True)
        began = time.monotonic()
        what, error = one_call(base + n)
        took = time.monotonic() - began
        faulthandler.cancel_dump_traceback_later()
        if error is not None or took > options.slow:
            findings += 1
            print(f"call {n} (--seed {options.seed} --only {n}): {what}\n  "
                  f"{type(error).__name__ if error else 'slow'}: {error or f'{took:.1f} s'}",
                  flush=True)
    print(f"{n + 1 if options.only is None else 1} calls, {findings} findings")
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
