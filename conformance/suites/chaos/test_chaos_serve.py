"""The served reference (``python -m pokerspec.conformance.serve``) under any line: every line
gets one reply object, serving goes on, and a last request without its newline is answered."""

from __future__ import annotations

import io
import json
import os
import threading
import time

import pytest
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.conformance.serve import WRITE_EVERY, serve

LAST = b'{"op": "parse", "input": ["As"], "id": 99}'
"""The request after the hostile line, sent without a newline: its reply must come."""

HOSTILE: dict[str, bytes] = {
    "not-json": b"this is not JSON {",
    "list": b"[1, 2, 3]",
    "string": b'"start"',
    "number": b"1e999",
    "null": b"null",
    "empty-object": b"{}",
    "op-a-number": b'{"op": 5, "id": 1}',
    "unknown-op": b'{"op": "nope", "id": 1}',
    "deep-nesting": b"[" * 100_000 + b"]" * 100_000,
    "deep-object": b'{"op": "parse", "input": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    "huge-line": b'{"op": "parse", "input": ["' + b"x" * (3 << 20) + b'"]}',
    "invalid-utf8": b'{"op": "parse", "input": ["\xff\xfe"], "id": 1}',
    "nul-bytes": b"\0" * 64,
    "nan": b'{"op": "split", "amount": NaN, "winners": ["p1"], "id": 1}',
    "wrong-types": b'{"op": "parse", "input": "As", "id": 1}',
    "legal-without-hand": b'{"op": "legal", "id": 1}',
    "act-without-hand": b'{"op": "act", "action": "p1 f", "id": 1}',
    "observe-without-hand": b'{"op": "observe", "id": 1}',
    "probe-without-hand": b'{"op": "probe", "action": "p1 f", "id": 1}',
    "rank-garbage": b'{"op": "rank", "ranking": "high", "hands": [[1, 2], {"a": 3}], "id": 1}',
    "showdown-garbage": b'{"op": "showdown", "game": "auction", "profile": 7, "setup": [], "id": 1}',
    "bom": b'\xef\xbb\xbf{"op": "parse", "input": ["Kd"], "id": 1}',
    "id-1e999": b'{"op": "parse", "input": ["As"], "id": 1e999}',
    "id-minus-1e999": b'{"op": "parse", "input": ["As"], "id": -1e999}',
}


def served(data: bytes) -> list[dict[str, object]]:
    """The reply lines of serving ``data`` (written from a thread: it may be larger than a pipe)."""
    read, write = os.pipe()

    def feed() -> None:
        with os.fdopen(write, "wb") as out:
            out.write(data)

    writer = threading.Thread(target=feed)
    writer.start()
    out = io.BytesIO()
    try:
        serve(ReferenceEngine(), read, out)
    finally:
        writer.join()
        os.close(read)
    return [json.loads(line, parse_constant=_not_json) for line in out.getvalue().decode().splitlines()]


def _not_json(name: str) -> object:
    raise ValueError(f"a reply holds {name}, which is not JSON")


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_serve_answers_every_line_and_goes_on(kind: str) -> None:
    began = time.monotonic()
    replies = served(HOSTILE[kind] + b"\n" + LAST)
    assert len(replies) == 2, replies
    assert all(isinstance(r, dict) for r in replies)
    assert replies[-1] == {"cards": ["As"], "id": 99}
    assert time.monotonic() - began < 20


def test_a_long_line_costs_linear_time() -> None:
    """50 MB took 51 s when each read joined the whole line read so far."""
    began = time.monotonic()
    replies = served(b'{"op": "parse", "input": ["' + b"x" * 50_000_000 + b'"]}\n' + LAST)
    assert len(replies) == 2
    assert time.monotonic() - began < 15


def test_a_long_batch_is_written_as_it_is_answered() -> None:
    """Replies to lines that arrived together go out every ``WRITE_EVERY`` lines, in order, each
    with its id, so that the runner reads the first while the engine works on the rest."""
    count = 2 * WRITE_EVERY + 5
    read, write = os.pipe()
    with os.fdopen(write, "wb") as out:
        out.write(b"".join(b'{"op": "parse", "input": ["As"], "id": %d}\n' % i for i in range(count)))

    class Writes(io.BytesIO):
        writes = 0

        def write(self, data: bytes) -> int:  # type: ignore[override]
            Writes.writes += 1
            return super().write(data)

    written = Writes()
    try:
        serve(ReferenceEngine(), read, written)
    finally:
        os.close(read)
    replies = [json.loads(line) for line in written.getvalue().decode().splitlines()]
    assert [r["id"] for r in replies] == list(range(count))
    assert Writes.writes == 3
