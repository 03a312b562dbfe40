"""The shared chapter's cases (conformance/vectors/core/) graded against the reference engine.

Every case must pass through the same protocol a third-party engine speaks; and every case must
be able to fail: a corrupted reply, and engines with realistic bugs, are caught.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import pytest
from pokerspec.conformance.cases import VECTORS, Case, load_cases
from pokerspec.conformance.grading import Verdict, grade
from pokerspec.conformance.protocol import Message
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json

CORE = VECTORS / "core"
CASES, BAD = load_cases([CORE])
BY_ID = {c.id: c for c in CASES}


def test_every_core_case_file_loads() -> None:
    assert not BAD, "\n".join(f"{b.path}: {b.field}: {b.message}" for b in BAD)
    assert len(CASES) >= 60


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case_shape(case: Case) -> None:
    """Core cases hold for every profile, live under their section and carry their chapter's rules."""
    assert case.game == "core" and not case.profiles
    assert case.path.parent.parent == CORE
    section = case.id.split("-")[1]
    assert case.path.parent.name == section, f"{case.id} should be under core/{section}/"
    assert case.path.stem == case.id
    assert all(rule.startswith("core.") for rule in case.rules)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_reference_passes(case: Case) -> None:
    result = grade(case, ReferenceEngine(), None)
    assert result.verdict is Verdict.PASS, f"{case.id}: {result.message}"


def _corrupt(reply: Json) -> Json:
    """A plausible but wrong reply: ties broken or order reversed, chips moved, errors dropped."""
    if not isinstance(reply, dict):
        return reply
    out = dict(reply)
    if "error" in out:
        return {"cards": ["As"], "shares": {"p1": 0}, "pots": []}
    if "order" in out:
        flat = [i for group in cast(list[list[int]], out["order"]) for i in group]
        out["order"] = [[i] for i in reversed(flat)] if len(flat) > 1 else []
        if "qualifies" in out:
            out["qualifies"] = [not q for q in cast(list[bool], out["qualifies"])]
    if "cards" in out:
        cards = cast(list[str], out["cards"])
        out["cards"] = [c.lower() for c in cards]
    if "shares" in out:
        shares = dict(cast(dict[str, int], out["shares"]))
        first = next(iter(shares))
        shares[first] += 1
        out["shares"] = shares
    if out.get("pots"):
        pots = [dict(cast(dict[str, Json], p)) for p in cast(list[Json], out["pots"])]
        pots[0]["amount"] = cast(int, pots[0]["amount"]) + 1
        out["pots"] = cast(Json, pots)
    elif out.get("returned"):
        returned = dict(cast(dict[str, int], out["returned"]))
        returned[next(iter(returned))] += 1
        out["returned"] = returned
    return out


class CorruptingEngine(ReferenceEngine):
    """The reference, with every reply corrupted."""

    def handle(self, message: Mapping[str, Json]) -> Message:
        return cast(Message, _corrupt(super().handle(message)))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_a_corrupted_reply_fails(case: Case) -> None:
    """Each case checks something: a wrong answer to it is graded FAIL."""
    result = grade(case, CorruptingEngine(), None)
    assert result.verdict is Verdict.FAIL, f"{case.id} did not catch a corrupted reply"


class SuitsRankEngine(ReferenceEngine):
    """A buggy engine that breaks ties, as if suits ranked."""

    def handle(self, message: Mapping[str, Json]) -> Message:
        reply = super().handle(message)
        if message.get("op") == "rank" and "order" in reply:
            groups = cast(list[list[int]], reply["order"])
            reply["order"] = [[i] for group in groups for i in group]
        return reply


class OddChipToLowEngine(ReferenceEngine):
    """A buggy engine that gives a high-low pot's odd chip to the low half."""

    def handle(self, message: Mapping[str, Json]) -> Message:
        if message.get("op") == "split" and "high" in message:
            swapped = dict(message)
            swapped["high"], swapped["low"] = message["low"], message["high"]
            return super().handle(swapped)
        return super().handle(message)


class RemainderSpreadEngine(ReferenceEngine):
    """A buggy engine that always spreads the remainder one chip each."""

    def handle(self, message: Mapping[str, Json]) -> Message:
        return super().handle({**message, "odd_chip": "one-each"})


def _pinning(rule: str) -> list[Case]:
    found = [c for c in CASES if rule in c.rules]
    assert found, f"no case pins {rule}"
    return found


def test_a_tie_breaking_engine_fails_the_suit_cases() -> None:
    ties = [c for c in _pinning("core.high.suits") if c.kind == "ranking"]
    for case in ties:
        assert grade(case, SuitsRankEngine(), None).verdict is Verdict.FAIL, case.id


def test_an_odd_chip_to_low_engine_fails() -> None:
    odd = [c for c in _pinning("core.chips.odd-to-high")
           if cast(int, cast(dict[str, Json], c.data["setup"])["amount"]) % 2]
    assert odd
    for case in odd:
        assert grade(case, OddChipToLowEngine(), None).verdict is Verdict.FAIL, case.id


def test_a_one_each_engine_fails_remainder_to_first() -> None:
    """The default rule (the seeds) differs from one-each only with 3+ winners and remainder 2+."""
    failed = {c.id for c in _pinning("core.chips.split")
              if grade(c, RemainderSpreadEngine(), None).verdict is Verdict.FAIL}
    assert failed == {"core-chips-0004", "core-chips-0006"}
