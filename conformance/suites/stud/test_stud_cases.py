"""Every stud case, through the reference engine and the grader, under each profile it lists."""

from __future__ import annotations

import pytest
from pokerspec.conformance.cases import VECTORS, Case, load_cases
from pokerspec.conformance.grading import Verdict, grade
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.stud.profiles import PROFILES

CASES, BAD = load_cases([VECTORS / "stud"])
RUNS = [pytest.param(case, profile, id=f"{case.id}@{profile}") for case in CASES for profile in case.profiles]


def test_cases_are_well_formed() -> None:
    assert not BAD, BAD
    assert {c.game for c in CASES} == {"stud"}
    known = {p.name for p in PROFILES}
    assert all(set(c.profiles) <= known for c in CASES)


def test_every_profile_has_cases() -> None:
    covered = {p for c in CASES for p in c.profiles}
    assert covered == {p.name for p in PROFILES}


@pytest.mark.parametrize(("case", "profile"), RUNS)
def test_case_passes(case: Case, profile: str) -> None:
    result = grade(case, ReferenceEngine(), profile)
    assert result.verdict is Verdict.PASS, (result.step, result.message, result.expected, result.actual)
