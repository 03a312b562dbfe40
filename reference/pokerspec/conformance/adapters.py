"""Reaching an engine (docs/engine-authors/running.md): the reference, an in-process Python
adapter, or any executable speaking the JSON-lines protocol. All three give the runner the same
``Engine`` interface, and everything an engine does wrong becomes an ``EngineFailure`` for the
case at hand, never a crash of the run.

``--impl`` forms: ``reference``; ``python:package.module:Factory`` or
``python:path/to/file.py:Factory`` (``Factory()`` returns an object with ``handle`` and
``close``); ``exec:'command args'`` (a subprocess, one JSON object per line each way).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import json
import os
import select
import selectors
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import IO, cast

import jsonschema

from pokerspec.conformance.protocol import (
    MAX_LINE,
    Engine,
    EngineFailure,
    Message,
    Pipelined,
    Replies,
    Streaming,
    decode_message,
    encode_message,
)
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.resources import SCHEMAS

PROTOCOL_SCHEMA = SCHEMAS / "protocol.schema.json"
STDERR_TAIL = 2000
"""How many characters of an engine's stderr (or traceback) are kept with an errored case."""
DEFAULT_TIMEOUT = 5.0
PATIENCE = 2.0
"""After this many seconds without a reply the exec adapter tells ``on_wait`` (a progress note)."""
BARRIER: Message = {"op": "barrier"}
"""The end-of-case request for engines without echoed ids (protocol 1.0): no engine implements
it, so each must answer ``unknown_op``, and that answer arriving exactly in its place shows that
no line of the case went missing or came extra."""
_SENTINEL = -2
"""The ticket of a ``BARRIER`` the exec adapter asks of a 1.1 engine so that a line follows the
reply it waits for, when a misplaced line can only be placed by the line after it."""
_ENCODE = encode_message
_DECODE = decode_message
STARTUP_TIMEOUT = 10.0
"""The reply to ``start`` may take this long (or ``timeout``, if longer): engines load tables."""


def _tail(text: str) -> str:
    return text[-STDERR_TAIL:]


def one_by_one(engine: Pipelined, message: Mapping[str, Json]) -> Message:
    """A single request through a pipelined engine; a failure is raised, not returned."""
    replies, failure = engine.handle_all([message])
    if failure is not None:
        raise failure
    return replies[0]


class PythonEngine:
    """An in-process engine. An exception it raises errors the case (with the traceback tail);
    a reply that is not an object is garbage."""

    def __init__(self, target: Engine) -> None:
        self._target = target

    def handle(self, message: Mapping[str, Json]) -> Message:
        try:
            reply = self._target.handle(message)
        except Exception as exc:
            tail = _tail(traceback.format_exc())
            raise EngineFailure("crash", f"{type(exc).__name__}: {exc}", tail) from exc
        if not isinstance(reply, dict):
            raise EngineFailure("garbage", f"reply to {message.get('op')} is not an object: {reply!r:.200}")
        return reply

    def close(self) -> None:
        self._target.close()


def load_factory(target: str) -> Engine:
    """Build the engine named by ``module:Factory`` or ``path.py:Factory``."""
    where, sep, name = target.rpartition(":")
    if not sep or not where or not name:
        raise ValueError(f"python:{target}: expected python:package.module:Factory or python:file.py:Factory")
    if where.endswith(".py") or "/" in where:
        path = Path(where).resolve()
        spec = importlib.util.spec_from_file_location(f"pokerspec_adapter_{path.stem}", path)
        if spec is None or spec.loader is None or not path.is_file():
            raise ValueError(f"python:{target}: no Python file {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    else:
        module = importlib.import_module(where)
    factory = getattr(module, name, None)
    if not callable(factory):
        raise ValueError(f"python:{target}: {where} has no callable {name}")
    try:
        engine = factory()
    except Exception as exc:
        raise ValueError(f"python:{target}: {name}() failed: {type(exc).__name__}: {exc}") from exc
    if not callable(getattr(engine, "handle", None)) or not callable(getattr(engine, "close", None)):
        raise ValueError(f"python:{target}: {name}() must return an object with handle() and close()")
    return cast(Engine, engine)


@dataclass(slots=True)
class _Batch:
    """The requests of one ``submit``: written with ``ids`` (and, for a 1.0 engine, the
    barrier's id last) to the process of ``generation``, or not written yet."""

    messages: list[Message]
    ticket: int
    ids: list[int] = field(default_factory=list)
    generation: int = -1


class ExecEngine:
    """An engine in a subprocess: one JSON object per line on its stdin and stdout.

    Every request carries an ``id`` (0 for ``start``, then counting up); an engine that answers
    ``start`` with ``"minor": 1`` (protocol 1.1) echoes it in every reply, and a reply with a
    missing, repeated or unexpected ``id`` is a protocol error. An engine written for 1.0 is
    checked instead by an end-of-case request (``BARRIER``) that it must answer with
    ``unknown_op``: a line too many or too few shifts that answer and is caught. In both modes a
    line that arrives when no reply is due is a protocol error too. Replies reach the caller
    without their ``id``. Which case a 1.1 engine's line out of place is charged to depends on
    the ids and the order of the lines alone, never on when it is read (``_check``,
    ``_misplaced``, ``_settle``; docs/engine-authors/protocol.md, "Lines out of place").

    A case's requests are written at once (``submit``) and its replies read as they come
    (``collect``), so a case costs one round trip, not one per message; for a 1.1 engine the
    runner submits the next case before it grades this one, so the engine works while the
    runner grades (the ids keep every reply with its request). Every reply must arrive within
    ``timeout`` seconds of the previous one (the handshake within ``STARTUP_TIMEOUT``) and fit
    in ``max_line`` bytes; ``on_wait`` (if set) hears once per reply when one is ``patience``
    seconds late. Whatever goes wrong — a hang, a crash, an oversized, unreadable or stray line —
    the process group is killed, the case errors with the tail of the engine's stderr, and the
    next case starts a fresh process, replays the ``start`` handshake and resends what was
    submitted after the failed case.
    """

    def __init__(self, command: str | Sequence[str], timeout: float = DEFAULT_TIMEOUT,
                 max_line: int = MAX_LINE) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("exec: needs a command")
        self.timeout = timeout
        self.max_line = max_line
        self.restarts = 0
        self.on_wait: Callable[[Json, float], None] | None = None
        self.patience = PATIENCE
        self.minor: int | None = None
        """The minor version of the running engine's start reply (None before it)."""
        self._proc: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._selector: selectors.BaseSelector | None = None
        self._in = self._out = -1
        self._buffer = bytearray()
        self._pending = b""
        """Request bytes not yet written."""
        self._start: Message | None = None
        self._generation = 0
        self._next_id = 0
        self._asked: dict[int, Json] = {}
        """The op of each request written to the current process (the last few thousand)."""
        self._owner: dict[int, int] = {}
        """The ticket of each request written to the current process (the last few thousand)."""
        self._late: list[tuple[int, EngineFailure]] = []
        """Protocol errors of cases already collected, found in later lines (a late reply)."""
        self._pidfd = -1
        self._exited = False
        self._last = -1
        """The ticket collected last: a stray line after it, before ``stop``'s reply, is its."""
        self._answered_by = -1
        """The ticket of the case whose reply was read last from the current process (-1: none,
        or the reply to ``start``): the case an extra line after it belongs to."""
        self._batches: dict[int, _Batch] = {}
        self._next_batch = 0
        _LIVE.add(self)

    def _spawn(self) -> None:
        _become_subreaper()
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed by kill)
        try:
            proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=self._stderr, bufsize=0, start_new_session=True)
        except OSError as exc:
            self._stderr.close()
            self._stderr = None
            raise EngineFailure("crash", f"cannot start {shlex.join(self.argv)}: {exc}") from exc
        assert proc.stdin is not None and proc.stdout is not None
        self._proc, self._in, self._out = proc, proc.stdin.fileno(), proc.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ)
        self._exited = False
        if hasattr(os, "pidfd_open"):  # the engine's exit wakes the reader even if a child holds stdout
            try:
                self._pidfd = os.pidfd_open(proc.pid)
                self._selector.register(self._pidfd, selectors.EVENT_READ)
            except OSError:
                self._pidfd = -1
        self._buffer.clear()
        self._pending = b""
        self._next_id = 0
        self._asked = {}
        self._owner = {}
        self._answered_by = -1
        self.minor = None
        if self._generation:
            self.restarts += 1

    def cpu_seconds(self) -> float | None:
        """The CPU time (user and system, in seconds) the running engine process has used so far,
        read from /proc (Linux); None without a process or /proc. The benchmark adds it to the
        runner's own, a measure that other load on the machine hardly changes."""
        if self._proc is None:
            return None
        try:
            fields = Path(f"/proc/{self._proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stderr_tail(self) -> str:
        if self._stderr is None:
            return ""
        self._stderr.flush()
        size = self._stderr.seek(0, os.SEEK_END)
        self._stderr.seek(max(0, size - 4 * STDERR_TAIL))
        return _tail(self._stderr.read().decode("utf-8", "replace"))

    def kill(self) -> None:
        """End the process and everything it started and forget it; the next case respawns it.
        The engine runs in its own session, so its group ID is its process ID, which is not
        reused while the group has a member or the engine is unreaped: the group is killed, and
        so is every descendant that left it (``setsid``), found by its parent links, and on Linux
        every orphan that a descendant left (the runner is their subreaper, ``_end_orphans``)."""
        proc = self._proc
        if proc is None:
            return
        below = _descendants(proc.pid)
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            if proc.poll() is None:
                proc.kill()
        for pid in below:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        proc.wait()
        _reap(below)
        _end_orphans()
        if self._selector is not None:
            self._selector.close()
        if self._pidfd >= 0:
            os.close(self._pidfd)
            self._pidfd = -1
        for stream in (proc.stdin, proc.stdout, self._stderr):
            if stream is not None:
                stream.close()
        self._proc = self._stderr = self._selector = None
        self._generation += 1

    def _failure(self, kind: str, message: str) -> EngineFailure:
        return self._fail(EngineFailure(kind, message))

    def _fail(self, failure: EngineFailure) -> EngineFailure:
        """``failure`` with the tail of the engine's stderr, the engine killed."""
        failure.stderr_tail = self.stderr_tail()
        self.kill()
        return failure

    def _died(self, op: Json) -> EngineFailure:
        assert self._proc is not None
        try:
            status = self._proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            status = None
        how = "closed its output" if status is None else f"exited with status {status}"
        return self._failure("crash", f"engine {how} while handling {op}")

    def handle(self, message: Mapping[str, Json]) -> Message:
        return one_by_one(self, message)

    def handle_all(self, messages: Sequence[Mapping[str, Json]]) -> Replies:
        return self.collect(self.submit(messages))

    def submit(self, messages: Sequence[Mapping[str, Json]]) -> int:
        """Queue a case's requests and return its ticket for ``collect``. A 1.1 engine gets
        them at once, behind any submitted before; a 1.0 engine when they are collected."""
        ticket = self._next_batch
        self._next_batch += 1
        batch = _Batch([dict(m) for m in messages], ticket)
        self._batches[ticket] = batch
        if any(m.get("op") == "start" for m in batch.messages):
            self._start = next(m for m in batch.messages if m.get("op") == "start")
        earlier = all(b.generation == self._generation for t, b in self._batches.items() if t < ticket)
        if self.minor and self._proc is not None and earlier:
            self._frame(batch)
            self._write_some()
        return ticket

    def collect(self, ticket: int) -> Replies:
        """The replies to the requests of ``ticket`` (the oldest not yet collected), in order,
        up to the first failure (then also returned)."""
        batch = self._batches.pop(ticket)
        self._last = ticket
        replies: list[Message] = []
        if not batch.messages:
            return replies, None
        try:
            if self._proc is None:
                self._spawn()
                if self._start is not None and batch.messages[0].get("op") != "start":
                    (reply,) = self._read(self._frame(_Batch([self._start], -1)), [])
                    if "error" in reply:
                        raise self._failure("handshake", f"restarted engine refused start: {reply!r:.200}")
            if batch.generation != self._generation:
                self._frame(batch)
                for later in sorted(self._batches) if self.minor else ():  # in the order submitted
                    if self._batches[later].generation != self._generation:
                        self._frame(self._batches[later])
            self._read(batch, replies)
            if batch.messages[-1].get("op") not in ("start", "stop"):  # after start: the first case's
                self._check_quiet(batch)
        except EngineFailure as failure:
            return replies, failure
        return replies, None

    def _frame(self, batch: _Batch) -> _Batch:
        """Number the requests of ``batch`` for the current process and queue their lines; a
        1.0 engine gets ``BARRIER`` after a case's requests."""
        first = self._next_id
        messages = batch.messages
        if self.minor == 0 and messages[-1].get("op") != "stop":
            messages = [*messages, BARRIER]
        batch.ids = list(range(first, first + len(messages)))
        batch.generation = self._generation
        self._next_id += len(messages)
        if len(self._asked) > 4096:
            self._asked = {i: op for i, op in self._asked.items() if i >= first - 1024}
            self._owner = {i: t for i, t in self._owner.items() if i >= first - 1024}
        lines = []
        for i, message in zip(batch.ids, messages, strict=True):
            self._asked[i] = message.get("op")
            self._owner[i] = batch.ticket
            lines.append(f"{_ENCODE(message)[:-1]},\"id\":{i}}}" if message and "id" not in message
                         else _ENCODE({**message, "id": i}))
        self._pending += "\n".join(lines).encode() + b"\n"
        return batch

    def _write_some(self) -> None:
        """Write what the pipe takes now, without waiting."""
        try:
            sent = os.write(self._in, self._pending[:1 << 16])
        except (BlockingIOError, BrokenPipeError):
            return
        self._pending = self._pending[sent:]

    def _read(self, batch: _Batch, replies: list[Message]) -> list[Message]:
        """Read the replies of ``batch`` into ``replies`` (and return it), writing whatever is
        queued meanwhile; the barrier's reply is checked and left out."""
        assert self._selector is not None
        ops = [m.get("op") for m in batch.messages]
        total = len(batch.ids)
        writing = False
        held: tuple[EngineFailure, bytes] | None = None
        """A misplaced line where the case's first reply is due, and its failure if it stands in
        that reply's place: the next line that is a reply tells (``_settle``), within
        ``timeout`` (the clock is not restarted by the lines it passes over)."""
        try:
            deadline = 0.0
            while len(replies) < total:
                index = len(replies)
                op = ops[index] if index < len(ops) else BARRIER["op"]
                line = self._next_line(op)
                if line is not None:  # already read: no clock needed
                    if held is not None:
                        if self._settle(batch, *held, line):
                            continue
                        held = None
                    reply = self._check(batch, index, op, line)
                    if isinstance(reply, EngineFailure):
                        held = reply, line
                        deadline = 0.0
                    elif reply is not None:
                        replies.append(reply)
                        self._answered_by = -1 if op == "start" else batch.ticket
                        deadline = 0.0
                    continue
                if not deadline:
                    allowed = max(self.timeout, STARTUP_TIMEOUT) if op == "start" else self.timeout
                    began = time.monotonic()
                    deadline = began + allowed
                    noted = self.on_wait is None or self.patience >= allowed
                if self._exited:
                    raise self._died(op)
                if self._pending and not writing:
                    self._selector.register(self._in, selectors.EVENT_WRITE)
                    writing = True
                now = time.monotonic()
                if now >= deadline:
                    raise self._failure("timeout", f"no reply to {op} within {allowed:g} s")
                wake = deadline if noted else min(deadline, began + self.patience)
                if not noted and now >= wake:
                    assert self.on_wait is not None
                    self.on_wait(op, now - began)
                    noted = True
                    continue
                for key, _ in self._selector.select(wake - now):
                    if key.fd == self._in:
                        try:
                            sent = os.write(self._in, self._pending[:1 << 16])
                        except BlockingIOError:
                            continue
                        except OSError:
                            raise self._died(op) from None
                        self._pending = self._pending[sent:]
                        if not self._pending:
                            self._selector.unregister(self._in)
                            writing = False
                    elif key.fd == self._pidfd:
                        self._selector.unregister(self._pidfd)
                        self._exited = True
                        self._drain()
                    else:
                        chunk = os.read(self._out, 1 << 16)
                        if not chunk:
                            raise self._died(op)
                        self._buffer += chunk
        except EngineFailure as failure:  # no line after a misplaced one: it stands where it is
            if held is None or failure is held[0]:
                raise
            held[0].stderr_tail = failure.stderr_tail
            raise held[0] from None
        finally:
            if writing and self._selector is not None:
                self._selector.unregister(self._in)
        if total > len(ops):
            replies.pop()
        return replies

    def _drain(self) -> None:
        """Read what the exited engine left in the pipe (a child may keep it open: no EOF)."""
        while len(self._buffer) <= self.max_line:
            try:
                chunk = os.read(self._out, 1 << 16)
            except BlockingIOError:
                return
            if not chunk:
                return
            self._buffer += chunk

    def _stray(self, batch: _Batch, got: Json, line: str) -> bool:
        """Whether a line with id ``got`` that is not due now answers a request of a case
        already collected (a late or repeated reply): then it is that case's protocol error,
        kept for ``finish``, and reading goes on. A second reply to ``start`` is the first case's
        asked after it on the process (``_handshake_owner``)."""
        if not isinstance(got, int) or isinstance(got, bool):
            return False
        op = self._asked.get(got)
        owner = self._handshake_owner(got) if op == "start" else self._owner.get(got)
        if owner is None or owner == batch.ticket or owner in self._batches or owner < 0:
            return False
        failure = EngineFailure("protocol", f"a late line: after this case was graded the engine wrote "
                                f"another reply to request {got} ({op}) of this case: {line[:200]}")
        if op != "start":  # its position in its case's requests
            failure.request = got - min(i for i, t in self._owner.items() if t == owner)
        self._late.append((owner, failure))
        return True

    def _handshake_owner(self, start: int) -> int | None:
        """The case a second reply to the ``start`` request ``start`` is charged to: the first
        case asked after it on the process (a handshake belongs to no case), None before one is."""
        owner = self._owner.get(start + 1)
        return None if owner == _SENTINEL else owner

    def late(self) -> list[tuple[int, EngineFailure]]:
        late, self._late = self._late, []
        return late

    def finish(self) -> list[tuple[int, EngineFailure]]:
        """Say ``stop`` (proving the pipe quiet after the last case) and return the protocol
        errors that lines read after their cases were collected showed, with each case's ticket."""
        self._batches.clear()
        last = self._last
        if self._proc is not None and self._proc.poll() is None:
            self.timeout = min(self.timeout, 1.0)
            self.on_wait = None
            try:
                self.handle({"op": "stop"})
                self._exit_within(1.0)
            except EngineFailure as exc:  # a stray line before stop's reply: the last case's
                if exc.kind in ("protocol", "garbage", "oversized") and last >= 0:
                    self._late.append((last, exc))
        self.kill()
        late, self._late = self._late, []
        return late

    def _exit_within(self, seconds: float) -> None:
        """Give the engine ``seconds`` to exit, woken by its exit where Linux gives a pidfd
        (``Popen.wait`` with a timeout polls, with sleeps doubling up to 50 ms: it looks at 31.5
        and 63.5 ms, so an engine that exits after 35 ms is seen to at 63.5)."""
        assert self._proc is not None
        if self._pidfd >= 0:
            select.select([self._pidfd], [], [], seconds)
            seconds = 0.0
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(timeout=seconds)

    def _check(self, batch: _Batch, index: int, op: Json, line: bytes) -> Message | EngineFailure | None:
        """The reply ``line`` without its ``id``, once it is known to answer request ``index`` of
        ``batch``; None for a line set aside (a late reply to an earlier case, kept for
        ``finish``, or the reply to a ``_SENTINEL``); the failure, not yet raised, of a line that
        only the next line can place (``_misplaced``). Any other line out of place is raised."""
        expected = batch.ids[index]
        try:
            reply = self._parse(op, line)
        except EngineFailure as unreadable:
            return self._misplaced(batch, index, unreadable)
        if op == "start":
            minor = reply.get("minor", 0)
            self.minor = minor if isinstance(minor, int) and not isinstance(minor, bool) else 0
        got = reply.pop("id", None)
        if op == BARRIER["op"]:
            error = reply.get("error")
            if isinstance(error, dict) and error.get("code") == "unknown_op":
                return reply
            raise self._failure("protocol", "replies out of step: the end-of-case check (op "
                                f"{BARRIER['op']!r}, answered unknown_op by any engine) got "
                                f"{_ENCODE(reply)[:200]} — the engine wrote a line too many or too few "
                                "in this case (an engine without protocol 1.1's echoed ids is checked "
                                "once per case)")
        if not self.minor or (type(got) is int and got == expected):
            return reply
        owner = self._owner.get(got) if type(got) is int else None
        if owner == _SENTINEL or self._stray(batch, got, _ENCODE(reply)):
            return None
        failure = EngineFailure("protocol", self._misnumbered(got, expected, op))
        if owner is None:  # no id of a request: its place says whose it is
            return self._misplaced(batch, index, failure)
        failure.request = _answered(batch, got, index)
        raise self._fail(failure)

    def _misplaced(self, batch: _Batch, index: int, failure: EngineFailure) -> EngineFailure:
        """A line where request ``index`` of ``batch`` is due that is no reply to any request (no
        JSON object, or its ``id`` missing, not an integer or never asked) is that reply,
        wrongly written (``failure``, raised), except where ``index`` opens the case and an earlier
        case was answered before it on this process: there it may as well be an extra line of that
        case, so its failure is returned to wait for the next line (``_settle``). If no request
        follows, a ``_SENTINEL`` is asked so that a line comes after the due reply."""
        if index or not self.minor or self._answered_by < 0:
            raise self._fail(failure)
        if self._next_id == batch.ids[0] + 1:
            self._frame(_Batch([BARRIER], _SENTINEL))
        return failure

    def _settle(self, batch: _Batch, failure: EngineFailure, misplaced: bytes, line: bytes) -> bool:
        """Place the ``misplaced`` line read where the first reply of ``batch`` was due by a
        ``line`` after it. If that is the due reply, the misplaced line was an extra line after
        the case answered before (charged to it at the end of the run, and reading goes on); if
        it is a reply to any other request, the misplaced line stood in the due reply's place,
        and ``failure`` is raised. True: ``line`` places nothing (it is out of place itself, or a
        second reply to a case already graded, charged by its id): the next line decides."""
        try:
            after = json.loads(line)
        except (ValueError, RecursionError):
            after = None
        got = after.get("id") if isinstance(after, dict) else None
        owner = self._owner.get(got) if type(got) is int else None
        if owner is None or self._stray(batch, got, line.decode("utf-8", "replace")):
            return True
        if got != batch.ids[0]:
            raise self._fail(failure)
        extra = EngineFailure("protocol", "an extra line: after the last reply of this case the engine "
                              f"wrote {misplaced[:200]!r}")
        self._late.append((self._answered_by, extra))
        return False

    def _misnumbered(self, got: Json, expected: int, op: Json) -> str:
        if got is None:
            return f"the reply to {op} (request {expected}) carries no id; a 1.1 engine echoes it"
        if type(got) is int and got in self._asked and got > expected:
            return (f"out of order: the reply to request {got} ({self._asked[got]}) came before the "
                    f"reply to request {expected} ({op})")
        if type(got) is int and got in self._asked:
            return (f"an extra line: a second reply to request {got} ({self._asked[got]}) came where "
                    f"the reply to request {expected} ({op}) was due")
        if type(got) is not int:
            return (f"the reply to {op} (request {expected}) has id {_ENCODE(got)[:40]}, "
                    "not the integer it was sent")
        return f"a reply with id {got!r}, which no request had, came where the reply to {op} was due"

    def _check_quiet(self, batch: _Batch) -> None:
        """What the engine wrote after the last reply of ``batch``, as far as it has arrived: a
        repeated reply to a request of this case is this case's protocol error; so is any line if
        no other request is outstanding. With a later case's requests written, any other line is
        left for that case's ``collect``, which places it by the ids and the order of the lines
        alone (``_check``), as it would place it arriving after this check."""
        try:
            chunk = os.read(self._out, 1 << 16)
        except BlockingIOError:
            chunk = None
        if chunk:
            self._buffer += chunk
        following = self._next_id > batch.ids[-1] + 1
        while True:
            end = self._buffer.find(b"\n")
            while end == 0 or (end > 0 and not self._buffer[:end].strip()):
                del self._buffer[: end + 1]
                end = self._buffer.find(b"\n")
            if end < 0:
                return
            line = bytes(self._buffer[:end])
            try:
                got = json.loads(line).get("id") if self.minor else None
            except (ValueError, AttributeError, RecursionError):
                got = None
            owner = self._owner.get(got) if type(got) is int else None
            if owner != _SENTINEL and not self._stray(batch, got, line.decode("utf-8", "replace")):
                if following and owner != batch.ticket:
                    return
                break
            del self._buffer[: end + 1]
        failure = self._failure("protocol", f"an extra line: after the last reply of this case the engine "
                                f"wrote {line[:200]!r}")
        failure.request = _answered(batch, got, len(batch.messages))
        raise failure

    def _next_line(self, op: Json) -> bytes | None:
        """The next complete non-blank line from the buffer, or None if it has not all arrived."""
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                if len(self._buffer) > self.max_line:
                    raise self._failure("oversized", f"reply to {op} is over the {self.max_line}-byte limit")
                return None
            line = bytes(self._buffer[:end])
            del self._buffer[: end + 1]
            if len(line) > self.max_line:
                raise self._failure("oversized", f"reply to {op} is {len(line)} bytes, over the "
                                    f"{self.max_line}-byte limit")
            if line.strip():
                return line

    @staticmethod
    def _parse(op: Json, line: bytes) -> Message:
        """The JSON object of ``line``; a garbage failure (the engine not yet killed) if it is none."""
        try:
            reply = _DECODE(line.decode())
        except ValueError as exc:  # UnicodeDecodeError included
            raise EngineFailure("garbage", f"reply to {op} is not JSON ({exc}): {line[:200]!r}") from None
        except RecursionError:
            raise EngineFailure("garbage", f"reply to {op} is nested too deeply to read: "
                                f"{line[:200]!r}") from None
        if not isinstance(reply, dict):
            raise EngineFailure("garbage", f"reply to {op} is not an object: {line[:200]!r}")
        return reply

    def close(self) -> None:
        """Say ``stop``, give the engine a moment to exit, then end its whole process group."""
        self.finish()


_LIVE: weakref.WeakSet[ExecEngine] = weakref.WeakSet()
PR_SET_CHILD_SUBREAPER = 36
"""Linux's prctl option that makes a process the reaper of its orphaned descendants."""


@cache
def _become_subreaper() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux; once a process): a
    process an engine started that leaves its session and its parent (a daemon's double fork)
    is then this process's child, not init's, and is ended with the engine. Elsewhere such a
    process can outlive the engine (macOS and Windows have no subreaper)."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        return bool(ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _children(pid: int | str) -> list[int] | None:
    """The live children of ``pid`` from /proc (Linux's per-thread ``children`` lists), or None
    where /proc does not list them."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    out: list[int] = []
    for task in tasks:
        try:
            out += map(int, Path(f"/proc/{pid}/task/{task}/children").read_text().split())
        except FileNotFoundError:
            if Path(f"/proc/{pid}/task/{task}").exists():
                return None  # a kernel without the lists
        except OSError:
            continue
    return out


def _parents() -> dict[int, list[int]]:
    """Each live process's children, by the parent links of every process in /proc (empty
    without it): the slow way, where /proc lists no children."""
    out: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return out
    for name in entries:
        if name.isdigit():
            try:
                fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            out.setdefault(int(fields[1]), []).append(int(name))
    return out


def _descendants(pid: int) -> list[int]:
    """Every descendant of ``pid``, by parent links (whatever session or group it is in)."""
    known: dict[int, list[int]] | None = None
    out, todo = [], [pid]
    while todo:
        at = todo.pop()
        below = _children(at)
        if below is None:
            known = _parents() if known is None else known
            below = known.get(at, [])
        out += below
        todo += below
    return out


def _session(pid: int) -> int | None:
    try:
        return os.getsid(pid)
    except OSError:
        return None


def _end_orphans() -> None:
    """Kill and reap every orphan an engine left with this process (its subreaper): a child of
    this process in a session of its own that is no running engine (an engine's session leader
    is its own; a worker process this program started shares its session)."""
    if not _become_subreaper():
        return
    engines = {e._proc.pid for e in list(_LIVE) if e._proc is not None}
    mine = os.getsid(0)
    children = _children("self")
    for pid in _parents().get(os.getpid(), []) if children is None else children:
        session = _session(pid)
        if session is not None and session != mine and pid not in engines:
            below = [pid, *_descendants(pid)]
            for victim in below:
                with contextlib.suppress(OSError):
                    os.kill(victim, signal.SIGKILL)
            _reap(below)


def _reap(pids: Sequence[int]) -> None:
    """Wait for those of ``pids`` that are (now) this process's children; the others are
    someone else's to reap."""
    for pid in pids:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


def _answered(batch: _Batch, got: Json, answered: int) -> int | None:
    """The position in ``batch`` of request ``got`` when it is among the first ``answered``
    (a second reply to it: its protocol error), else None."""
    if isinstance(got, int) and not isinstance(got, bool) and got in batch.ids[:answered]:
        return batch.ids.index(got)
    return None


def kill_engines() -> None:
    """End every engine process this program started (on an interrupt: no orphans)."""
    for engine in list(_LIVE):
        engine.kill()


@cache
def _validator(definition: str) -> jsonschema.protocols.Validator:
    schema = json.loads(PROTOCOL_SCHEMA.read_text(encoding="utf-8"))
    sub = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"}
    cls = jsonschema.validators.validator_for(sub)
    return cls(sub)


def protocol_problem(definition: str, message: Json) -> str | None:
    """Where ``message`` breaks ``$defs/<definition>`` of the protocol schema, or None."""
    errors = list(_validator(definition).iter_errors(message))
    if not errors:
        return None
    best = jsonschema.exceptions.best_match(errors)
    where = "/".join(str(p) for p in best.absolute_path) or "(top level)"
    return f"{where}: {best.message}"


OPS = frozenset({"start", "parse", "rank", "split", "pots", "showdown", "new_hand", "legal", "act", "observe",
                 "snapshot", "push", "pop", "probe", "outcome", "stop"})


def request_problem(message: Mapping[str, Json]) -> str | None:
    """Where a request breaks the protocol schema (``$defs/request-<op>``), or None."""
    op = message.get("op")
    return protocol_problem(f"request-{op}" if op in OPS else "request", dict(message))


def reply_problem(op: Json, reply: Message) -> str | None:
    """Where the reply to ``op`` breaks the protocol schema (``$defs/result-<op>``, or
    ``$defs/error`` for an error reply), or None."""
    if "error" in reply:
        return protocol_problem("error", reply)
    return protocol_problem(f"result-{op}" if op in OPS else "reply", reply)


class StrictEngine:
    """``--strict``: every request and every reply is checked against protocol.schema.json. It
    streams like the engine it wraps (an exec engine), so a late reply is still charged to its
    case."""

    def __init__(self, inner: Engine) -> None:
        self._inner = inner
        self._sent: dict[int, tuple[list[Mapping[str, Json]], EngineFailure | None, int]] = {}
        """Each ticket's requests that were sent, the failure of the first that was not, and the
        inner engine's ticket (-1: the inner engine does not stream; sent at ``collect``)."""
        self._mine: dict[int, int] = {}
        """This wrapper's ticket for each of the inner engine's."""
        self._next = 0

    @property
    def inner(self) -> Engine:
        return self._inner

    def handle(self, message: Mapping[str, Json]) -> Message:
        return one_by_one(self, message)

    def handle_all(self, messages: Sequence[Mapping[str, Json]]) -> Replies:
        return self.collect(self.submit(messages))

    def submit(self, messages: Sequence[Mapping[str, Json]]) -> int:
        """Queue the requests up to the first that breaks the schema."""
        failure: EngineFailure | None = None
        for i, message in enumerate(messages):
            problem = request_problem(message)
            if problem:
                failure = EngineFailure("protocol", f"request {message.get('op')} breaks the protocol "
                                        f"schema: {problem}")
                messages = messages[:i]
                break
        inner = self._inner.submit(messages) if isinstance(self._inner, Streaming) else -1
        ticket, self._next = self._next, self._next + 1
        self._sent[ticket] = (list(messages), failure, inner)
        self._mine[inner] = ticket
        return ticket

    def collect(self, ticket: int) -> Replies:
        """The replies up to the first that breaks the schema."""
        messages, failure, inner = self._sent.pop(ticket)
        if isinstance(self._inner, Streaming):
            replies, failed = self._inner.collect(inner)
        elif isinstance(self._inner, Pipelined):
            replies, failed = self._inner.handle_all(messages)
        else:
            replies, failed = [], None
            try:
                for message in messages:
                    replies.append(self._inner.handle(message))
            except EngineFailure as exc:
                failed = exc
        for i, reply in enumerate(replies):
            op = messages[i].get("op")
            problem = reply_problem(op, reply)
            if problem:
                broken = EngineFailure("protocol", f"reply to {op} breaks the protocol schema: {problem}")
                return replies[:i], broken
        return replies, failed or failure

    def late(self) -> list[tuple[int, EngineFailure]]:
        if not isinstance(self._inner, Streaming):
            return []
        return [(self._mine[t], f) for t, f in self._inner.late() if t in self._mine]

    def finish(self) -> list[tuple[int, EngineFailure]]:
        if not isinstance(self._inner, Streaming):
            return []
        return [(self._mine[t], f) for t, f in self._inner.finish() if t in self._mine]

    def close(self) -> None:
        self._inner.close()


def open_engine(impl: str, timeout: float = DEFAULT_TIMEOUT, strict: bool = False) -> Engine:
    """The engine named by an ``--impl`` value; ``ValueError`` if it cannot be named or built."""
    engine: Engine
    if impl == "reference":
        engine = PythonEngine(ReferenceEngine())
    elif impl.startswith("python:"):
        engine = PythonEngine(load_factory(impl.removeprefix("python:")))
    elif impl.startswith("exec:"):
        engine = ExecEngine(impl.removeprefix("exec:"), timeout)
    else:
        raise ValueError(f"--impl {impl!r}: expected reference, python:module:Factory or exec:'command'")
    return StrictEngine(engine) if strict else engine
