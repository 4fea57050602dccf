"""A USI engine in a child process: the protocol's commands, and its answers read with
masu.shogi's readers of `info`, `bestmove`, `checkmate` and `option` lines."""

import collections
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import weakref
from typing import (
    IO,
    Any,
    Callable,
    Deque,
    Dict,
    List,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    Union,
    cast,
)

from masu.shogi import (
    Board,
    read_usi_bestmove,
    read_usi_checkmate,
    read_usi_info,
    read_usi_option,
    write_usi_setoption,
)

__all__ = [
    "BestMove",
    "Engine",
    "EngineError",
    "EngineOption",
    "EngineProtocolError",
    "EngineTimeoutError",
]

# Lines of stderr kept for the message of an EngineError.
_STDERR_LINES = 20
# Lines of stdout read and not yet taken, at most: an engine that writes faster than it is
# read then waits on its pipe, as any program writing to a pipe does. A few thousand are
# many seconds of `info` lines; the characters bound a few long lines.
_QUEUE_LINES = 4096
_QUEUE_CHARS = 1 << 22
# A longer line keeps its first bytes, the rest up to its end is skipped.
_LINE_BYTES = 1 << 20
# `info` lines a BestMove keeps, the latest: a search without a time limit may write for
# hours (`on_info` sees every line).
_INFO_KEPT = 10_000
# How long a wait for a line goes before it looks whether the engine's process has exited:
# its output ends only when every process holding the pipe has closed it, and one it started
# (a launcher script's background job, a worker process) may hold it long after.
_EXIT_CHECK = 0.1


class EngineError(RuntimeError):
    """An engine exited, could not be started, or answered what the protocol does not allow."""


class EngineTimeoutError(EngineError, TimeoutError):
    """An engine did not answer within the time it was given."""


class EngineProtocolError(EngineError):
    """An engine wrote an answer that does not read (``bestmove 7g7z``): it is still
    running, and a game it plays loses by it."""


class EngineOption(NamedTuple):
    """An option an engine declares in its answer to ``usi``."""

    name: str
    type: str
    """``check``, ``spin``, ``combo``, ``button``, ``string`` or ``filename``."""
    default: Union[bool, int, str, None]
    """A ``bool`` for a check, an ``int`` for a spin, text for the others (``""`` for
    ``<empty>``); ``None`` when the engine gives none."""
    min: Optional[int]
    """A spin's smallest value."""
    max: Optional[int]
    """A spin's largest value."""
    vars: List[str]
    """A ``combo`` option's choices."""


class BestMove(NamedTuple):
    """An engine's answer to ``go``."""

    move: str
    """A USI move, ``"resign"`` or ``"win"`` (a declaration of entering king)."""
    ponder: Optional[str]
    info: List[Dict[str, Any]]
    """The ``info`` lines written during the search, oldest first, as
    ``masu.shogi.read_usi_info`` reads them; a line it does not take is kept as
    ``{"line": text}``. A search that writes more than 10,000 keeps its last 10,000, and
    before them the last line with a score of its best line when that came earlier (so
    that ``main_info`` and ``score`` stay the search's); ``on_info`` sees every line."""

    @property
    def main_info(self) -> Optional[Dict[str, Any]]:
        """The last ``info`` line with a score of the engine's best line (``multipv 1``, or
        no ``multipv``), ``None`` without one: with MultiPV the last line written is often
        the worst of the lines."""
        for line in reversed(self.info):
            if _scores_best_line(line):
                return cast(Dict[str, Any], line)
        return None

    @property
    def score(self) -> Optional[Dict[str, Any]]:
        """The last score the engine gave its best line (``{"cp": ...}`` or ``{"mate": ...,
        "mating": ...}``, with ``bound`` when it gave one; from ``main_info``), ``None``
        without one."""
        info = self.main_info
        if info is None:
            return None
        keys = ("cp", "mate", "mating", "bound")
        return {k: info[k] for k in keys if k in info}


def _scores_best_line(info: Dict[str, Any]) -> bool:
    return ("cp" in info or "mate" in info) and info.get("multipv", 1) == 1


def _decode(raw: bytes) -> str:
    # Engines write UTF-8; some older Windows ones write their names in Shift_JIS. A line
    # with UTF-8 characters before its first bad byte is UTF-8 with a stray byte (Shift_JIS
    # text is seldom valid UTF-8 by chance): it keeps its text, the stray bytes replaced.
    try:
        return raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError as err:
        utf8_before = any(b >= 0x80 for b in raw[: err.start])
    if not utf8_before:
        try:
            return raw.decode("cp932").rstrip("\r\n")
        except UnicodeDecodeError:
            pass
    return raw.decode("utf-8", errors="replace").rstrip("\r\n")


class _Lines:
    """The engine's lines read and not yet taken, oldest first: at most `_QUEUE_LINES` lines
    and `_QUEUE_CHARS` characters (one longer line alone), `put` waiting for room, so that
    an engine's output held here stays bounded whatever it writes.

    ``close()`` is for when nobody will read any more (``quit``, ``kill``, the engine
    collected): ``put`` then returns at once and drops the line, so that the reader thread
    goes on reading the pipe to its end instead of waiting for room forever (and an engine
    blocked writing to it can take ``quit``). The end, ``None``, is always kept."""

    def __init__(self) -> None:
        self._lines: Deque[Optional[str]] = collections.deque()
        self._chars = 0
        self._closed = False
        self._changed = threading.Condition(threading.Lock())

    def put(self, line: Optional[str]) -> None:
        with self._changed:
            if line is not None:
                while not self._closed and self._lines and (
                    len(self._lines) >= _QUEUE_LINES
                    or self._chars + len(line) > _QUEUE_CHARS
                ):
                    self._changed.wait()
                if self._closed:
                    return
                self._chars += len(line)
            self._lines.append(line)
            self._changed.notify_all()

    def get(self, timeout: Optional[float]) -> Optional[str]:
        """The oldest line, waiting at most `timeout` seconds (``None``: as long as it
        takes); raises queue.Empty."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            while not self._lines:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise queue.Empty
                self._changed.wait(left)
            line = self._lines.popleft()
            if line is not None:
                self._chars -= len(line)
            self._changed.notify_all()
            return line

    def qsize(self) -> int:
        """How many lines are waiting (the end included)."""
        with self._changed:
            return len(self._lines)

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._changed.notify_all()


def _pump(stream: IO[bytes], sink: Callable[[Optional[str]], None]) -> None:
    """Hands each line of `stream` to `sink`, then `None` at its end; a line longer than
    `_LINE_BYTES` as its first `_LINE_BYTES` bytes."""
    try:
        for raw in iter(lambda: stream.readline(_LINE_BYTES), b""):
            part = raw
            # Short of `_LINE_BYTES` without a newline is the stream's end.
            while len(part) == _LINE_BYTES and not part.endswith(b"\n"):
                part = stream.readline(_LINE_BYTES)
            sink(_decode(raw))
    except (OSError, ValueError):
        pass
    sink(None)


# Each engine starts a session of its own (POSIX), so that killing it reaches what it
# started: an engine run through a launcher script would outlive the script.
_OWN_SESSION = os.name == "posix"


def _kill(process: "subprocess.Popen[bytes]") -> None:
    """Ends an engine's process and, on POSIX, every process of its session."""
    if _OWN_SESSION:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass
    if process.poll() is None:
        process.kill()
    process.wait()


def _end_process(process: "subprocess.Popen[bytes]", lines: _Lines) -> None:
    """Ends the process of an engine collected without `quit`, and lets its reader end."""
    lines.close()
    if process.poll() is None:
        _kill(process)


def _usi_value(value: Union[bool, int, str]) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Engine:
    """A USI engine in a child process.

    ``Engine("path/to/engine")`` (a command line, split as a shell splits it, or a list of
    arguments) starts it and waits up to ``timeout`` seconds for its ``usiok``; ``options``
    are then set. Use it in a ``with`` block, or call ``quit()``, so that the process ends.

    The engine's output is read as it comes and held until a call reads it, a few thousand
    lines at most (a longer line than a mebibyte as its first mebibyte): an engine that
    writes more while nobody reads (``info`` lines of a search whose wait timed out) waits
    on its pipe until a call reads on, as a program writing to a full pipe does. No line is
    lost: ``stop()`` then ``wait_bestmove()`` read such a search to its end.
    """

    def __init__(
        self,
        command: Union[str, Sequence[str]],
        *,
        options: Optional[Dict[str, Union[bool, int, str]]] = None,
        cwd: Optional[str] = None,
        timeout: float = 30.0,
    ) -> None:
        args = shlex.split(command) if isinstance(command, str) else list(command)
        if not args:
            raise ValueError("an engine's command is empty")
        self.name: Optional[str] = None
        """What the engine calls itself (``id name``)."""
        self.author: Optional[str] = None
        """The engine's ``id author``."""
        self.options: Dict[str, EngineOption] = {}
        """The options the engine declares, by name."""
        self.unreadable_options: List[Tuple[str, str]] = []
        """The engine's ``option`` lines that do not read as USI, each with what is wrong
        (``masu.shogi.read_usi_option``'s message); such options can still be set."""
        self._lines = _Lines()
        self._stderr: Deque[str] = collections.deque(maxlen=_STDERR_LINES)
        self._write_lock = threading.Lock()
        self._ended = False
        # Searches sent (`go`) whose answer (`bestmove`, `checkmate`) is not read yet.
        self._searches = 0
        self._searches_lock = threading.Lock()
        try:
            self._process = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                start_new_session=_OWN_SESSION,
            )
        except OSError as err:
            raise EngineError(f"cannot start {args[0]}: {err}") from err
        assert self._process.stdout is not None and self._process.stderr is not None
        stderr = self._stderr

        def keep(line: Optional[str]) -> None:
            if line is not None:
                stderr.append(line)

        # The threads hold the queue and the deque, not the engine: an engine dropped
        # without `quit` is collected, and its process ended by the finalizer.
        self._pumps = [
            threading.Thread(target=_pump, args=(stream, sink), daemon=True)
            for stream, sink in (
                (self._process.stdout, self._lines.put),
                (self._process.stderr, keep),
            )
        ]
        for pump in self._pumps:
            pump.start()
        weakref.finalize(self, _end_process, self._process, self._lines)
        try:
            self._handshake(timeout)
            for name, value in (options or {}).items():
                self.setoption(name, value)
        except BaseException:
            self.kill()
            raise

    def _handshake(self, timeout: float) -> None:
        def take(line: str) -> None:
            words = line.split(maxsplit=2)
            if words[:2] == ["id", "name"]:
                self.name = words[2] if len(words) > 2 else ""
            elif words[:2] == ["id", "author"]:
                self.author = words[2] if len(words) > 2 else ""
            elif words[:1] == ["option"]:
                try:
                    option = EngineOption(**read_usi_option(line))
                except ValueError as err:
                    self.unreadable_options.append((line, str(err)))
                else:
                    self.options[option.name] = option

        self.send("usi")
        self._wait_for("usiok", timeout, take)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.quit()

    def __repr__(self) -> str:
        state = "running" if self.returncode is None else f"exited {self.returncode}"
        return f"<masu.usi.Engine {self.name!r} ({state})>"

    @property
    def returncode(self) -> Optional[int]:
        """The process's exit code, ``None`` while it runs."""
        return self._process.poll()

    def _failure(self, what: str) -> str:
        if self._process.poll() is not None:
            # The last lines of stderr may still be on their way to the deque.
            self._pumps[1].join(timeout=1.0)
        code = self._process.poll()
        if code is not None:
            what += f" (exit code {code})"
        if self._stderr:
            what += "; its stderr ended with:\n" + "\n".join(self._stderr)
        return what

    def send(self, command: str) -> None:
        """Writes one command line to the engine (any thread may call it). Like any write
        to a pipe, it waits while the engine leaves its input unread and the pipe is full;
        ``quit()`` or ``kill()`` from another thread ends such a wait with EngineError."""
        if "\n" in command or "\r" in command:
            raise ValueError(f"a USI command is one line: {command!r}")
        assert self._process.stdin is not None
        with self._write_lock:
            if command.split(maxsplit=1)[:1] == ["go"]:
                with self._searches_lock:
                    self._searches += 1
            try:
                self._process.stdin.write(command.encode("utf-8") + b"\n")
                self._process.stdin.flush()
            except (BrokenPipeError, OSError, ValueError) as err:
                raise EngineError(self._failure(f"{self._label()} is gone")) from err

    def _label(self) -> str:
        return f"the engine {self.name}" if self.name else "the engine"

    def read_line(self, timeout: Optional[float] = None) -> str:
        """The engine's next line of output, waiting at most `timeout` seconds (``None``:
        as long as it takes). Raises EngineTimeoutError, or EngineError when it has
        exited. After ``quit()`` or ``kill()`` it gives only the lines read before them."""
        if self._ended:
            raise EngineError(self._failure(f"{self._label()} has exited"))
        line = self._next_line(timeout)
        if line is None:
            self._ended = True
            try:
                self._process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
            raise EngineError(self._failure(f"{self._label()} has exited"))
        if line.split(maxsplit=1)[:1] in (["bestmove"], ["checkmate"]):
            with self._searches_lock:
                self._searches = max(self._searches - 1, 0)
        return line

    def _next_line(self, timeout: Optional[float]) -> Optional[str]:
        """The next line read, or ``None`` at the end of the output, or once the process
        has exited and its output has come to no end a second later; raises
        EngineTimeoutError after `timeout` seconds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            step = _EXIT_CHECK if left is None else max(min(left, _EXIT_CHECK), 0.0)
            try:
                return self._lines.get(timeout=step)
            except queue.Empty:
                if left is not None and left <= step:
                    raise EngineTimeoutError(
                        f"{self._label()} did not answer within {timeout:g} s"
                    ) from None
                if self._process.poll() is not None:
                    # Its last lines may still be on their way: the reader gets them, and
                    # the end, unless another process holds the pipe open.
                    self._pumps[0].join(timeout=1.0)
                    try:
                        return self._lines.get(timeout=0.0)
                    except queue.Empty:
                        return None

    def _wait_for(
        self,
        word: str,
        timeout: Optional[float],
        on_line: Optional[Callable[[str], None]] = None,
        *,
        answer: bool = False,
    ) -> str:
        """Reads lines until one whose first word is `word`, within `timeout` in all.

        With `answer` (`word` the answer to ``go``), the lines of earlier searches whose
        answer was not read (their wait timed out) are skipped, their answer included: an
        engine answers its searches in order, each ``go`` with one ``bestmove`` or
        ``checkmate``."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            # Checked before each line, not only when none is waiting: an engine that
            # writes `info` without end never leaves the queue empty.
            if left is not None and left <= 0:
                raise EngineTimeoutError(
                    f"{self._label()} did not write {word} within {timeout:g} s"
                )
            try:
                line = self.read_line(left)
            except EngineTimeoutError:
                raise EngineTimeoutError(
                    f"{self._label()} did not write {word} within {timeout:g} s"
                ) from None
            first = line.split(maxsplit=1)[:1]
            if answer:
                # `read_line` has counted an answer read: one is still awaited when the
                # line is an earlier search's.
                is_answer = first in (["bestmove"], ["checkmate"])
                if self._searches > (0 if is_answer else 1):
                    continue
            if first == [word]:
                return line
            if on_line is not None:
                on_line(line)

    def setoption(self, name: str, value: Union[bool, int, str, None] = None) -> None:
        """Sets an option (``value`` ``None`` for a ``button``); ``True``/``False`` are
        written ``true``/``false``, ``""`` as ``<empty>``."""
        text = None if value is None else _usi_value(value)
        # masu-shogi's writer: the empty text is `<empty>` (a blank after `value` would be
        # no value at all).
        self.send(write_usi_setoption(name, text))

    def isready(self, timeout: Optional[float] = 600.0) -> None:
        """Sends ``isready`` and waits for ``readyok``, at most `timeout` seconds (``None``:
        as long as it takes): an engine loads its evaluation files and books here, which
        can take minutes for a large network."""
        self.send("isready")
        self._wait_for("readyok", timeout)

    def usinewgame(self) -> None:
        """Tells the engine a new game starts."""
        self.send("usinewgame")

    def position(
        self, position: Union[Board, str, None] = None, moves: Sequence[str] = ()
    ) -> None:
        """Sends the position to search: a ``Board`` (its start and the moves played on it,
        so that the engine sees repetitions coming), ``None`` or ``"startpos"`` for the
        even game, an SFEN (a mate problem's without the attacker's king too), or a whole
        ``position ...`` line; ``moves`` (USI) are played after it. The text is checked
        here: bad SFEN or USI raises ValueError, an illegal move IllegalMoveError (a
        ValueError), before the engine sees it."""
        if isinstance(moves, str):
            # Its characters would be taken for moves.
            raise TypeError("moves is a list of USI moves, not one str: [move] for one move")
        if not isinstance(position, (Board, str, type(None))):
            raise TypeError(f"position is a Board, an SFEN or None, not {type(position).__name__}")
        if isinstance(position, Board):
            board = position.copy()
            for move in moves:
                board.push_usi(move)
            self.send(board.usi())
            return
        text = "startpos" if position is None else " ".join(position.split())
        if text.startswith("position "):
            text = text[len("position ") :]
        if not text.startswith(("startpos", "sfen ")):
            text = f"sfen {text}"
        if moves:
            text += " " if " moves " in f"{text} " else " moves "
            text += " ".join(moves)
        try:
            Board(text)
        except ValueError as err:
            # A mate problem's position may leave out the attacker's king.
            try:
                Board(text, tsume=True)
            except ValueError:
                raise err from None
        self.send(f"position {text}")

    def start_go(
        self,
        *,
        btime: Optional[int] = None,
        wtime: Optional[int] = None,
        byoyomi: Optional[int] = None,
        binc: Optional[int] = None,
        winc: Optional[int] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        movetime: Optional[int] = None,
        infinite: bool = False,
        ponder: bool = False,
    ) -> None:
        """Sends ``go`` with the limits given (milliseconds, nodes, plies) and returns at
        once: for a search that ends only on ``stop`` or ``ponderhit``; ``wait_bestmove``
        reads its answer."""
        words = ["go"]
        if ponder:
            words.append("ponder")
        for key, value in (
            ("btime", btime),
            ("wtime", wtime),
            ("byoyomi", byoyomi),
            ("binc", binc),
            ("winc", winc),
            ("nodes", nodes),
            ("depth", depth),
            ("movetime", movetime),
        ):
            if value is not None:
                # An engine reads each as a 64-bit count at most.
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**64:
                    raise ValueError(f"{key} is a whole number from 0 to 2**64 - 1: {value!r}")
                words.append(f"{key} {value}")
        if infinite:
            words.append("infinite")
        self.send(" ".join(words))

    def wait_bestmove(
        self,
        timeout: Optional[float] = None,
        on_info: Optional[Callable[[Dict[str, Any]], None]] = None,
    ) -> BestMove:
        """Waits for the ``bestmove`` of the search running, at most `timeout` seconds
        (``None``: as long as it takes), handing each ``info`` line to `on_info` as it
        comes.

        The search is the last ``go`` sent: the lines and the answer of an earlier one whose
        wait timed out, still to come, are skipped (``stop()`` then ``wait_bestmove()``
        after a timeout read that search's answer instead, as ``play_game`` does)."""
        infos: Deque[Dict[str, Any]] = collections.deque(maxlen=_INFO_KEPT)
        # The last line scoring the best line, and how many lines came after it.
        main: Optional[Dict[str, Any]] = None
        after_main = 0

        def take(line: str) -> None:
            nonlocal main, after_main
            if line.split(maxsplit=1)[:1] != ["info"]:
                return
            try:
                info = read_usi_info(line)
            except ValueError:
                info = {"line": line}
            infos.append(info)
            if _scores_best_line(info):
                main, after_main = info, 0
            else:
                after_main += 1
            if on_info is not None:
                on_info(info)

        line = self._wait_for("bestmove", timeout, take, answer=True)
        try:
            move, ponder = read_usi_bestmove(line)
        except ValueError as err:
            raise EngineProtocolError(f"{self._label()} wrote {line!r}: {err}") from err
        kept = list(infos)
        if main is not None and after_main >= len(kept):
            kept.insert(0, main)  # let go with the older lines: it stays first
        return BestMove(move, ponder, kept)

    def go(
        self,
        *,
        btime: Optional[int] = None,
        wtime: Optional[int] = None,
        byoyomi: Optional[int] = None,
        binc: Optional[int] = None,
        winc: Optional[int] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        movetime: Optional[int] = None,
        timeout: Optional[float] = None,
        on_info: Optional[Callable[[Dict[str, Any]], None]] = None,
    ) -> BestMove:
        """Searches the position sent and returns the engine's ``bestmove``: ``start_go``
        then ``wait_bestmove`` (limits in milliseconds, nodes and plies)."""
        self.start_go(
            btime=btime,
            wtime=wtime,
            byoyomi=byoyomi,
            binc=binc,
            winc=winc,
            nodes=nodes,
            depth=depth,
            movetime=movetime,
        )
        return self.wait_bestmove(timeout, on_info)

    def go_mate(
        self,
        time_ms: Optional[int] = None,
        *,
        timeout: Optional[float] = None,
        on_info: Optional[Callable[[Dict[str, Any]], None]] = None,
    ) -> Tuple[str, List[str]]:
        """A mate search of the position sent (``go mate <time_ms>``, ``go mate infinite``
        when ``None``): its ``checkmate`` answer as ``(status, moves)``, status ``"mate"``,
        ``"nomate"``, ``"timeout"`` or ``"notimplemented"``. As in ``wait_bestmove``, the
        answer of an earlier search whose wait timed out is not taken for this one's."""
        if time_ms is None:
            self.send("go mate infinite")
        elif isinstance(time_ms, bool) or not isinstance(time_ms, int) or time_ms < 0:
            raise ValueError(f"time_ms is a whole number from 0: {time_ms!r}")
        else:
            self.send(f"go mate {time_ms}")

        def take(line: str) -> None:
            if on_info is not None and line.split(maxsplit=1)[:1] == ["info"]:
                try:
                    on_info(read_usi_info(line))
                except ValueError:
                    on_info({"line": line})

        line = self._wait_for("checkmate", timeout, take, answer=True)
        try:
            return read_usi_checkmate(line)
        except ValueError as err:
            raise EngineProtocolError(f"{self._label()} wrote {line!r}: {err}") from err

    def stop(self) -> None:
        """Asks the search running to stop and answer (any thread may call it)."""
        self.send("stop")

    def ponderhit(self) -> None:
        """Tells an engine pondering that the move it pondered was played."""
        self.send("ponderhit")

    def gameover(self, result: str) -> None:
        """Tells the engine the game is over: ``"win"``, ``"lose"`` or ``"draw"`` (its own
        result)."""
        if result not in ("win", "lose", "draw"):
            raise ValueError(f"a game's result is win, lose or draw: {result!r}")
        self.send(f"gameover {result}")

    def quit(self, timeout: float = 5.0) -> Optional[int]:
        """Sends ``quit`` and waits up to `timeout` seconds for the process to end, then
        kills it; returns its exit code. Calling it again does nothing more. What the
        engine writes from here is read and dropped. It returns within about `timeout`
        seconds also when the engine no longer reads its input."""
        # Nobody reads any more: lines the engine writes from here are dropped, so that one
        # blocked writing to a full pipe goes on and takes `quit`.
        self._lines.close()
        if self._process.poll() is None:
            # `quit` is written on a thread of its own: to an engine that stopped reading
            # its input, its pipe full, the write would wait for ever, and `quit` with it.
            # Ending the process ends the write.
            writer = threading.Thread(target=self._send_quit, daemon=True)
            writer.start()
            try:
                self._process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
            writer.join(timeout=1.0)
        self._close_pipes()
        return self._process.poll()

    def _send_quit(self) -> None:
        try:
            self.send("quit")
        except EngineError:
            pass

    def kill(self) -> None:
        """Ends the process at once (on POSIX with every process it started); what it
        still writes is read and dropped."""
        self._lines.close()
        _kill(self._process)
        self._close_pipes()

    def _close_pipes(self) -> None:
        if self._process.stdin is not None and not self._process.stdin.closed:
            try:
                self._process.stdin.close()
            except OSError:
                pass
        # Each reader ends at its pipe's end once the process has ended, and its pipe is
        # closed then. One still reading (a child of the engine holds the pipe open) keeps
        # it: closing a pipe under a reader would wait for that read.
        for pump, pipe in zip(self._pumps, (self._process.stdout, self._process.stderr)):
            pump.join(timeout=1.0)
            if pipe is not None and not pump.is_alive() and not pipe.closed:
                try:
                    pipe.close()
                except OSError:
                    pass
