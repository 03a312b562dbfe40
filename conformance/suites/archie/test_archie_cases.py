"""Every Archie case passes on the reference, under each profile it lists, through the same
engine interface a third-party implementation uses."""

from __future__ import annotations

import pytest
from pokerspec.conformance.cases import VECTORS, Case, load_cases
from pokerspec.conformance.grading import Verdict, grade
from pokerspec.conformance.reference_engine import ReferenceEngine

CASES, BAD = load_cases([VECTORS / "archie"])


def test_every_archie_case_is_well_formed() -> None:
    assert not BAD, [(str(b.path), b.field, b.message) for b in BAD]
    assert len(CASES) >= 30
    assert all(c.game == "archie" and c.profiles for c in CASES)


@pytest.mark.parametrize(
    ("case", "profile"), [(c, p) for c in CASES for p in c.profiles], ids=lambda v: getattr(v, "id", v)
)
def test_archie_case_passes(case: Case, profile: str) -> None:
    result = grade(case, ReferenceEngine(), profile)
    assert result.verdict is Verdict.PASS, (result.step, result.message, result.expected, result.actual)


def test_both_article_showdowns_are_pinned_as_showdowns_and_as_hands() -> None:
    kinds = {c.id: c.kind for c in CASES}
    assert kinds["archie-showdown-0001"] == kinds["archie-showdown-0002"] == "showdown"
    assert kinds["archie-showdown-0004"] == kinds["archie-showdown-0005"] == "hand"


def test_a_showdown_of_three_seats_is_refused_as_bad_seats() -> None:
    """A showdown request is judged by the setup rules of a deal (``core.contract.setup``,
    ``archie.table.players``): three seats are ``bad_seats``, never an internal failure."""
    from pokerspec.conformance.reference_engine import ReferenceEngine

    request = {"op": "showdown", "game": "archie", "profile": "archie-barge", "id": 1, "setup": {
        "dealer": "p1", "seats": 3, "contributed": {"p1": 24, "p2": 24},
        "hands": {"p1": ["As", "2d", "3c", "4h", "5s"], "p2": ["9c", "9h", "7d", "7s", "2c"]}}}
    reply = ReferenceEngine().handle(request)
    assert reply.get("error", {}).get("code") == "bad_seats", reply
