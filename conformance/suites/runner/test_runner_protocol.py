"""The protocol: its JSON Schema is a valid schema covering every op the runner sends, and
``python -m pokerspec.conformance.serve`` (the reference over stdio, protocol 1.1) answers every
line with one line carrying the request's id, refuses what is not a request, and answers a
burst of requests in order; it and the JavaScript engine give the error codes no case can pin.
The runner's closing ``stop`` waits for the engine to exit rather than cutting it short."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest
from pokerspec.conformance.adapters import OPS, PROTOCOL_SCHEMA, ExecEngine, reply_problem, request_problem
from pokerspec.conformance.protocol import handshake


def test_the_protocol_schema_is_a_schema_and_covers_every_op() -> None:
    schema = json.loads(PROTOCOL_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    defs = schema["$defs"]
    assert {d.removeprefix("request-") for d in defs if d.startswith("request-")} == OPS
    assert {d.removeprefix("result-") for d in defs if d.startswith("result-")} == OPS
    assert request_problem({"op": "rank", "ranking": "high", "hands": [["As"]]}) is None
    assert "ranking" in str(request_problem({"op": "rank", "hands": []}))
    assert "is not valid" in str(request_problem({"op": "shuffle"}))
    assert reply_problem("act", {"rejected": "wrong_amount", "message": "no"}) is None
    assert reply_problem("act", {"rejected": "because"}) is not None
    assert reply_problem("parse", {"error": {"code": "bad_card", "token": "1h"}}) is None
    assert reply_problem("parse", {"cards": ["10h"]}) is not None, "replies use canonical cards"


def test_serve_answers_every_bad_request_and_loses_no_reply() -> None:
    """The reference over stdio answers every line with one line, in order, with the request's
    id where it had one: an unknown op, a missing field, a missing op, bad JSON and a non-object
    each get their error reply and cost no other reply; it stops at ``stop``."""
    requests = [
        {"op": "start", "protocol": 1, "minor": 1, "id": 0},
        {"op": "shuffle", "id": 1},
        {"op": "parse", "id": 2},
        {"id": 3},
        "not JSON at all",
        [1, 2],
        {"op": "rank", "ranking": "high", "hands": "As Kd", "id": 6},
        {"op": "split", "amount": 7, "winners": ["p2", "p1"], "id": 7},
        {"op": "snapshot", "id": 8},
        {"op": "stop", "id": 9},
    ]
    lines = [r if isinstance(r, str) else json.dumps(r) for r in requests]
    lines[1:1] = [""]  # a blank line gets no reply
    lines.append(json.dumps({"op": "parse", "input": ["2c"], "id": 10}))  # nor does a line after stop
    done = subprocess.run([sys.executable, "-m", "pokerspec.conformance.serve"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == len(requests)
    assert replies[0]["minor"] == 1 and replies[0]["id"] == 0 and "snapshot" in replies[0]["capabilities"]
    codes = [r.get("error", {}).get("code") for r in replies]
    bad = "bad_request"
    assert codes == [None, "unknown_op", bad, bad, bad, bad, bad, None, bad, None]
    assert [r.get("id") for r in replies] == [0, 1, 2, 3, None, None, 6, 7, 8, 9]
    assert "missing field 'input'" in replies[2]["error"]["message"]
    assert replies[7]["shares"] == {"p1": 3, "p2": 4}


ENGINES = {
    "reference": [sys.executable, "-m", "pokerspec.conformance.serve"],
    "javascript": ["node", str(Path(__file__).resolve().parents[2] / "examples" / "js" / "engine.js")],
}


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_an_unreadable_line_and_a_hand_op_without_a_hand_are_bad_request(engine: str) -> None:
    """The protocol's error codes that no case can express (docs/engine-authors/protocol.md): a
    line that is not a JSON object gets ``bad_request`` without an id, and ``legal``, ``act``,
    ``observe`` and ``outcome`` before any hand has started get ``bad_request`` with their id.
    Both the served reference and the JavaScript engine answer them."""
    command = ENGINES[engine]
    if shutil.which(command[0]) is None:
        pytest.skip(f"{command[0]} is not installed")
    requests: list[object] = [
        {"op": "start", "protocol": 1, "minor": 1, "id": 0},
        "{not JSON",
        [1, 2],
        {"op": "legal", "id": 1},
        {"op": "act", "action": "p1 f", "id": 2},
        {"op": "observe", "id": 3},
        {"op": "outcome", "id": 4},
        {"op": "stop", "id": 5},
    ]
    lines = [r if isinstance(r, str) else json.dumps(r) for r in requests]
    done = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60)
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == len(requests), done.stderr
    codes = [r.get("error", {}).get("code") for r in replies]
    assert codes == [None] + ["bad_request"] * 6 + [None]
    assert [r.get("id") for r in replies] == [0, None, None, 1, 2, 3, 4, 5]


SLOW_EXIT = """
import json, sys, time
for line in sys.stdin:
    request = json.loads(line)
    reply = {"ok": True} if request["op"] != "start" else {
        "protocol": 1, "minor": 1, "engine": {"name": "slow-exit"}, "games": [], "profiles": [],
        "capabilities": []}
    print(json.dumps({**reply, "id": request["id"]}), flush=True)
    if request["op"] == "stop":
        break
time.sleep(0.3)
open(sys.argv[1], "w").write("exited")
"""


def test_the_closing_stop_lets_the_engine_exit_in_its_own_time(tmp_path: Path) -> None:
    """After ``stop`` is answered the runner waits (up to a second) for the engine to exit, woken
    by the exit itself: an engine that writes a file 0.3 s after its reply to ``stop`` is not
    killed before it has."""
    script, marker = tmp_path / "slow_exit.py", tmp_path / "exited.txt"
    script.write_text(SLOW_EXIT, encoding="utf-8")
    engine = ExecEngine([sys.executable, str(script), str(marker)])
    handshake(engine)
    began = time.monotonic()
    assert engine.finish() == []
    assert marker.read_text(encoding="utf-8") == "exited"
    assert time.monotonic() - began >= 0.3
