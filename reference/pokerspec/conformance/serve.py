"""Serve an engine over stdin/stdout with the JSON-lines protocol: ``python -m
pokerspec.conformance.serve [IMPL]`` (the reference by default, or ``python:module:Factory``).

This is how the suite's self-test runs the reference through the exec protocol, and a template
for engine authors: read a line, answer it with one line, flush, stop at ``stop`` or end of input.
"""

from __future__ import annotations

import json
import os
import sys
from typing import IO

from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.protocol import Engine, Message


def answer(engine: Engine, line: bytes) -> tuple[bytes, bool]:
    """The reply line to one request line, and whether it was ``stop``."""
    try:
        message = json.loads(line)
    except ValueError as exc:
        reply: Message = {"error": {"code": "bad_request", "message": f"not JSON: {exc}"}}
        message = None
    else:
        if isinstance(message, dict):
            reply = engine.handle(message)
        else:
            reply = {"error": {"code": "bad_request", "message": "a request is a JSON object"}}
    stop = isinstance(message, dict) and message.get("op") == "stop"
    return json.dumps(reply, separators=(",", ":")).encode() + b"\n", stop


def serve(engine: Engine, stdin: int, stdout: IO[bytes]) -> None:
    """Answer requests from file descriptor ``stdin`` until ``stop`` or end of input. Whatever
    arrived together is answered together, with one write: the runner sends a case's requests
    at once, so a case costs one round trip."""
    pending = b""
    while True:
        chunk = os.read(stdin, 1 << 16)
        if not chunk:
            break
        *lines, pending = (pending + chunk).split(b"\n")
        out: list[bytes] = []
        stop = False
        for line in lines:
            if line.strip() and not stop:
                reply, stop = answer(engine, line)
                out.append(reply)
        stdout.write(b"".join(out))
        stdout.flush()
        if stop:
            break
    engine.close()


def main(argv: list[str]) -> int:
    serve(open_engine(argv[0] if argv else "reference"), sys.stdin.fileno(), sys.stdout.buffer)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
