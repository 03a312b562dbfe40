"""A line out of place is charged by the ids and the order of the lines alone, never by when it
arrives (docs/engine-authors/protocol.md, "Lines out of place"). Each fault below writes a line
out of place at the boundary of two cases — in place of case B's first reply, just after case
A's last (``wrong-id``, ``no-id``, ...), or after B's last reply, where C's first is due
(``unasked``, ...) — and the exec adapter is driven in two orders that differ only in
scheduling, each forced without load:

- *early*: each case is submitted before the one before it is collected (as the runner does),
  and faulty.py (``--together parse``) writes A's replies with B's in one write, so the line
  out of place is there when the runner checks the end of A (and ``unasked``'s, the end of B);
- *late*: each case is submitted only after the one before was collected, so no line of a case
  can exist when the case before it is checked.

Both orders must charge the same case, B, and no other: an honest case is never blamed for its
neighbour's line, and the faulty one never passes."""

from __future__ import annotations

import sys
import time

import pytest
from chaoskit import FAULTY
from pokerspec.conformance.adapters import ExecEngine
from pokerspec.conformance.protocol import START, Message

PARSE: Message = {"op": "parse", "input": ["As", "Kd"]}
RANK: Message = {"op": "rank", "ranking": "high", "hands": [["As", "2d", "3c", "4h", "5s"],
                                                            ["2c", "3d", "4s", "5h", "6c"]]}
SPLIT: Message = {"op": "split", "amount": 7, "winners": ["p2", "p1"]}
CASES = {"A": [PARSE, PARSE], "B": [RANK], "C": [SPLIT]}
"""The faults hit B's one request, ``rank``: a wrong line in its place stands between A and B;
an extra line after it (``unasked``), between B and C. Either is B's. (C asks no ``parse``, so
that the engine restarted after B's error does not hold its reply.)"""

WHOSE = {"wrong-id": "B", "no-id": "B", "string-id": "B", "not-json": "B", "not-object": "B",
         "invalid-utf8": "B", "trailing-garbage": "B", "twice-early": "B", "twice-late": "B",
         "unasked": "B", "unasked-noid": "B", "unasked-late": "B", "unasked-burst": "B", "none": None}


def charged(mode: str, early: bool, names: tuple[str, ...] = ("A", "B", "C"),
            timeout: float = 5.0) -> dict[str, str]:
    """Each case's failure kind (``pass`` if none) with faulty.py in ``mode``, the cases submitted
    one ahead (``early``: as the runner does) or each after the one before was collected."""
    together = ["--together", "parse"] if early else []
    engine = ExecEngine([sys.executable, str(FAULTY), mode, *together], timeout=timeout)
    got = dict.fromkeys(names, "pass")
    tickets: dict[str, int] = {}
    try:
        engine.handle(START)
        for position, name in enumerate(names):
            for ahead in names[position: position + 2 if early else position + 1]:
                if ahead not in tickets:
                    tickets[ahead] = engine.submit(CASES[ahead])
            _, failure = engine.collect(tickets[name])
            if failure is not None:
                got[name] = failure.kind
        whose = {ticket: name for name, ticket in tickets.items()}
        for ticket, failure in engine.finish():
            got[whose[ticket]] = failure.kind
    finally:
        engine.kill()
    return got


@pytest.mark.parametrize("mode", sorted(WHOSE))
def test_the_order_of_lines_decides_not_their_timing(mode: str) -> None:
    early, late = charged(mode, early=True), charged(mode, early=False)
    assert early == late, f"{mode}: early {early}, late {late}"
    assert {n for n, kind in early.items() if kind != "pass"} == ({WHOSE[mode]} if WHOSE[mode] else set())


@pytest.mark.parametrize("mode", ["wrong-id", "no-id", "not-json", "unasked", "unasked-late"])
def test_nothing_after_the_fault_but_stop(mode: str) -> None:
    """B ends the run: a line in place of its reply is still B's, and found at once (the adapter
    asks a ``barrier`` so that a line follows it, instead of waiting out the timeout); an extra
    line after it, before ``stop``'s reply, is B's too. A reply timeout of 30 s shows that nothing
    waits for it."""
    for early in (True, False):
        began = time.monotonic()
        got = charged(mode, early, ("A", "B"), timeout=30.0)
        assert got["A"] == "pass" and got["B"] != "pass", (early, got)
        assert time.monotonic() - began < 15.0
