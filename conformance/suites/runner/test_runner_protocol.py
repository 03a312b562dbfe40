"""The protocol: its JSON Schema is a valid schema covering every op the runner sends, and
``python -m pokerspec.conformance.serve`` (the reference over stdio) answers every line with one
line, refuses what is not a request, and answers a burst of requests in order."""

from __future__ import annotations

import json
import subprocess
import sys

import jsonschema
from pokerspec.conformance.adapters import OPS, PROTOCOL_SCHEMA, reply_problem, request_problem


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


def test_serve_answers_line_by_line_and_stops() -> None:
    requests = [
        '{"op": "start", "protocol": 1}',
        "this is not JSON",
        "[1, 2]",
        "",
        '{"op": "parse", "input": ["10h", "A\u2660"]}',
        '{"op": "split", "amount": 7, "winners": ["p2", "p1"]}',
        '{"op": "stop"}',
        '{"op": "parse", "input": ["2c"]}',
    ]
    done = subprocess.run([sys.executable, "-m", "pokerspec.conformance.serve"],
                          input="\n".join(requests) + "\n", capture_output=True, text=True, timeout=60)
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0
    assert len(replies) == 6, "one reply per request, none for the blank line or after stop"
    assert replies[0]["protocol"] == 1 and replies[0]["engine"]["name"] == "pokerspec-reference"
    assert replies[1]["error"]["code"] == "bad_request"
    assert replies[2]["error"]["code"] == "bad_request"
    assert replies[3] == {"cards": ["Th", "As"]}
    assert replies[4] == {"shares": {"p1": 3, "p2": 4}}
    assert replies[5] == {"ok": True}
