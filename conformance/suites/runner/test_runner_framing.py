"""Protocol 1.1 framing: every request carries an ``id`` that a 1.1 engine echoes, so a stray,
repeated or out-of-order line is a protocol error for the case at hand — never a reply graded
against the wrong request. An engine written for 1.0 (no ids) runs in a compatibility mode that
checks, once per case, that no line went missing or came extra."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from pokerspec.conformance.adapters import BARRIER, ExecEngine
from pokerspec.conformance.protocol import START, handshake

Run = Callable[..., tuple[int, str, list[dict[str, object]]]]
ByVerdict = Callable[..., dict[str, set[str]]]
SELECT = ("--case", "runner-high-0001", "--case", "runner-split-0001", "--case", "runner-high-0002",
          "--case", "runner-notation-0001")
HANDS = ("--case", "archie-table-0003", "--case", "archie-betting-0003", "--case", "archie-award-0001",
         "--profile", "archie-barge")


def _cases(records: list[dict[str, object]]) -> dict[str, dict[str, object]]:
    return {str(r["case"]): r for r in records if r["record"] == "case"}


@pytest.mark.parametrize("protocol", ["1.1", "1.0"])
def test_an_extra_line_is_a_protocol_error_and_never_a_verdict_on_another_case(
        run_cli: Run, broken: Callable[..., str], verdicts: ByVerdict, protocol: str) -> None:
    """The engine writes every high ranking twice. Without the check the second copy would be
    graded as the reply to the next case's request (the split case after it), and every reply
    after that against the request before it."""
    impl = broken("extra", *(["--v1.0"] if protocol == "1.0" else []))
    code, text, records = run_cli("--impl", impl, *SELECT)
    assert code == 1
    assert records[0]["protocol"] == protocol
    assert verdicts(records) == {"error": {"runner-high-0001", "runner-high-0002"},
                                 "pass": {"runner-split-0001", "runner-notation-0001"}}
    message = str(_cases(records)["runner-high-0001"]["message"])
    assert message.startswith("engine protocol:")
    assert ("extra line" if protocol == "1.1" else "a line too many or too few") in message
    assert "ERROR runner-high-0001" in text


def test_replies_out_of_order_are_a_protocol_error(run_cli: Run, broken: Callable[..., str]) -> None:
    """The engine holds back the reply to each hand's first ``legal`` and writes it after the
    next one; the echoed ids show it."""
    code, text, records = run_cli("--impl", broken("reorder"), *HANDS, own=False)
    cases = _cases(records)
    assert code == 1
    for hand in ("archie-table-0003", "archie-betting-0003"):
        assert cases[hand]["verdict"] == "error", text
        assert "out of order: the reply to request" in str(cases[hand]["message"])
    assert cases["archie-award-0001"]["verdict"] == "pass", "a showdown has no legal step"


def test_an_engine_for_protocol_1_0_runs_in_the_checked_compatibility_mode(
        run_cli: Run, broken: Callable[..., str], verdicts: ByVerdict) -> None:
    code, text, records = run_cli("--impl", broken("none", "--v1.0"))
    assert code == 0, text
    assert records[0]["protocol"] == "1.0"
    assert set(verdicts(records)) == {"pass"}
    code, text, records = run_cli("--impl", broken("none", "--v1.0"), *HANDS, own=False)
    assert code == 0, text
    assert set(verdicts(records)) == {"pass"}


def test_an_engine_that_says_1_1_must_echo_ids(run_cli: Run, broken: Callable[..., str]) -> None:
    code, text, _ = run_cli("--impl", broken("noid"))
    assert code == 2
    assert "the reply to start (request 0) carries no id; a 1.1 engine echoes it" in text


def test_requests_carry_ids_and_a_1_0_engine_gets_the_end_of_case_check(tmp_path: Path) -> None:
    """What goes over the pipe, recorded by a stand-in engine: the start request of 1.1, then
    numbered requests, and (for an engine that did not say minor 1) the barrier that it answers
    with unknown_op."""
    log = tmp_path / "requests.jsonl"
    script = tmp_path / "echo.py"
    script.write_text(
        "import json, sys\n"
        f"log = open({str(log)!r}, 'a')\n"
        "for line in sys.stdin:\n"
        "    log.write(line); log.flush()\n"
        "    m = json.loads(line)\n"
        "    if m['op'] == 'start':\n"
        "        r = {'protocol': 1, 'engine': {'name': 'echo', 'version': '0'}, 'capabilities': []}\n"
        "    elif m['op'] == 'stop':\n"
        "        r = {'ok': True}\n"
        "    else:\n"
        "        r = {'error': {'code': 'unknown_op'}}\n"
        "    print(json.dumps(r), flush=True)\n", encoding="utf-8")
    engine = ExecEngine([sys.executable, str(script)])
    hello = handshake(engine)
    replies, failure = engine.handle_all([{"op": "legal"}, {"op": "observe"}])
    engine.close()
    assert hello.minor == 0 and failure is None and len(replies) == 2
    sent = [json.loads(line) for line in log.read_text().splitlines()]
    assert sent == [{**START, "id": 0}, {"op": "legal", "id": 1}, {"op": "observe", "id": 2},
                    {**BARRIER, "id": 3}, {"op": "stop", "id": 4}]
    assert START == {"op": "start", "protocol": 1, "minor": 1}
