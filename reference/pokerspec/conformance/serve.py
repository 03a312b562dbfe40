"""Serve an engine over stdin/stdout with the JSON-lines protocol, version 1.1: ``python -m
pokerspec.conformance.serve [IMPL]`` (the reference by default, or ``python:module:Factory``).

This is how the suite's self-test runs the reference through the exec protocol, and a template
for engine authors: read a line, answer it with one line that carries the request's ``id``,
flush, stop at ``stop`` or end of input. Every line gets its reply, whatever is wrong with it —
not JSON, not an object, an unknown op, a missing field, an engine that raises — so one bad
request never costs the replies to the others.
"""

from __future__ import annotations

import codecs
import contextlib
import math
import os
import sys
from typing import IO, NoReturn

from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.protocol import (
    MAX_LINE,
    PROTOCOL_MINOR,
    Engine,
    Message,
    decode_message,
    encode_message,
)
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json

_encode = encode_message
_decode = decode_message


def _error(code: str, message: str) -> Message:
    return {"error": {"code": code, "message": message}}


def reply_to(engine: Engine, message: Json) -> Message:
    """The reply to one decoded request line (without the ``id``, which ``answer`` adds); an
    engine that raises gets an ``internal`` error reply, and serving goes on."""
    if not isinstance(message, dict):
        return _error("bad_request", "a request is a JSON object")
    try:
        reply = engine.handle(message)
    except Exception as exc:
        return _error("internal", f"the engine failed: {type(exc).__name__}: {exc}")
    if message.get("op") == "start" and "error" not in reply:
        reply = {**reply, "minor": PROTOCOL_MINOR}
    return reply


def answer(engine: Engine, line: str) -> tuple[str, bool]:
    """The reply line (without its newline) to one request line, and whether it was ``stop``. A
    whole-number ``id`` is written after the reply's own fields, without copying the reply (the
    commonest case, and most requests are answered in a few microseconds)."""
    try:
        message: Json = _decode(line)
    except ValueError as exc:
        return _encode(_error("bad_request", f"not JSON: {exc}")), False
    except RecursionError:
        return _encode(_error("bad_request", "not JSON this reader can take: nested too deeply")), False
    if not isinstance(message, dict):
        return _encode(reply_to(engine, message)), False
    stop = message.get("op") == "stop"
    if "id" not in message:
        return _encode(reply_to(engine, message)), stop
    ident = message.pop("id")
    if isinstance(ident, float) and not math.isfinite(ident):  # 1e999: no JSON number to echo
        refused = _error("bad_request", "the id is not a number JSON can write back")
        return _encode({**refused, "id": None}), stop
    reply = reply_to(engine, message)
    if type(ident) is int and reply and "id" not in reply:
        return f"{_encode(reply)[:-1]},\"id\":{ident}}}", stop
    return _encode({**reply, "id": ident}), stop


WRITE_EVERY = 256
"""Replies written together at most (a write lets the runner read them as the engine goes on)."""
TOO_LONG = _encode(_error("bad_request", f"a request line is at most {MAX_LINE} bytes"))


def serve(engine: Engine, stdin: int, stdout: IO[bytes]) -> None:
    """Answer requests from file descriptor ``stdin`` until ``stop`` or end of input (a last
    request without its newline is answered too). Whatever arrived together is answered
    together, with one write for every ``WRITE_EVERY`` replies: the runner sends a case's
    requests at once, so a case costs one round trip, and reads the first replies of a long batch
    while the rest are worked out. A line is read in time linear in its length; one over
    ``MAX_LINE`` is answered ``bad_request`` without being kept."""
    text = codecs.getincrementaldecoder("utf-8")(errors="replace")
    parts: list[str] = []
    """The start of the line whose newline has not arrived."""
    size = 0
    too_long = False
    stop = False
    while not stop:
        chunk = os.read(stdin, 1 << 16)
        pieces = text.decode(chunk, final=not chunk).split("\n")
        lines: list[str | None] = []
        """Complete lines, None for one over the limit."""
        for piece in pieces[:-1]:
            lines.append(None if too_long else "".join([*parts, piece]) if parts else piece)
            parts, size, too_long = [], 0, False
        size += len(pieces[-1])
        too_long = too_long or size > MAX_LINE
        if too_long:
            parts = []
        else:
            parts.append(pieces[-1])
        if not chunk:
            lines.append(None if too_long else "".join(parts))
            stop = True
        out: list[str] = []
        for line in lines:
            if line is None:
                out.append(TOO_LONG)
            elif line.strip():
                reply, stopped = answer(engine, line)
                out.append(reply)
                if stopped:
                    stop = True
                    break
                if len(out) == WRITE_EVERY:
                    stdout.write(("\n".join(out) + "\n").encode())
                    stdout.flush()
                    out = []
        if out:
            stdout.write(("\n".join(out) + "\n").encode())
            stdout.flush()
    engine.close()


def main(argv: list[str]) -> int:
    impl = argv[0] if argv else "reference"
    try:
        engine = ReferenceEngine() if impl == "reference" else open_engine(impl)
    except (ValueError, ImportError, OSError) as exc:
        print(f"pokerspec.conformance.serve: {exc}", file=sys.stderr)
        return 2
    try:
        serve(engine, sys.stdin.fileno(), sys.stdout.buffer)
    except (KeyboardInterrupt, BrokenPipeError):
        return 1
    return 0


def leave(status: int) -> NoReturn:
    """End the served reference's process once its replies are flushed, without the
    interpreter's teardown: freeing the ranking tables and every module took about 30 ms after
    ``stop``, which the runner waits out at the end of each run. An engine served from an adapter
    (``python:...``) exits normally, so its own exit hooks still run."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(status)


if __name__ == "__main__":
    status = main(sys.argv[1:])
    if sys.argv[1:] in ([], ["reference"]):
        leave(status)
    sys.exit(status)
