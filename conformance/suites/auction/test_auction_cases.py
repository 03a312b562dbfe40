"""Every Auction poker case, under each profile it lists, through the reference engine exactly
as the runner grades a third-party engine."""

from __future__ import annotations

import pytest
from pokerspec.conformance.cases import VECTORS, Case, load_cases
from pokerspec.conformance.grading import Verdict, grade
from pokerspec.conformance.reference_engine import ReferenceEngine

CASES, BAD = load_cases([VECTORS / "auction"])
RUNS = [(case, profile) for case in CASES for profile in case.profiles]


def test_every_case_file_is_valid() -> None:
    assert not BAD, [f"{b.path}: {b.field}: {b.message}" for b in BAD]
    assert all(case.game == "auction" for case in CASES)


@pytest.mark.parametrize(("case", "profile"), RUNS, ids=[f"{c.id}[{p}]" for c, p in RUNS])
def test_case_passes(case: Case, profile: str) -> None:
    result = grade(case, ReferenceEngine(), profile)
    assert result.verdict is Verdict.PASS, (result.step, result.message, result.expected, result.actual)
