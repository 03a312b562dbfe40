"""Case translations (the optional ``i18n`` field): the cases shown on the worked-example pages and
every Archie case carry ru, pt and fr, and no translated note points at the wrong step.

What is still untranslated elsewhere:
``PYTHONPATH=docs/hooks .venv/bin/python -m pokersite.translations --all``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pokersite.translations import example_cases, report, required, stray_notes
from pokerspec.conformance.cases import Case, load_cases
from pokerspec.core.game import Json

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    good, bad = load_cases([ROOT / "conformance" / "vectors"])
    assert not bad, bad
    return good


def test_the_worked_examples_show_cases() -> None:
    assert {"archie-showdown-0001", "auction-auctions-0001"} <= example_cases(ROOT)


def test_required_cases_are_translated(cases: list[Case]) -> None:
    chosen = required(ROOT, cases)
    assert any(c.game == "auction" for c in chosen), "the auction example's cases are required too"
    lines = report(chosen)
    assert not lines, (f"{len(lines)} translations missing (add them to the case's i18n field):\n  "
                       + "\n  ".join(lines))


def test_translated_notes_name_steps_with_notes(cases: list[Case]) -> None:
    stray = [line for case in cases for line in stray_notes(case)]
    assert not stray, "\n".join(stray)


def test_the_check_sees_a_missing_note(cases: list[Case]) -> None:
    """The check can fail: a case whose note lost its translation is reported with the step."""
    case = next(c for c in cases if c.id == "archie-showdown-0004")
    ru: Json = {"title": "t", "explanation": "e" * 20, "notes": {"5": "n", "6": "x"}}
    data: dict[str, Json] = {**case.data, "i18n": {"ru": ru}}
    broken = Case(case.path, data)
    assert report([broken], ["ru"]) == [f"archie-showdown-0004 [ru]: note 4  ({case.path})"]
    assert stray_notes(broken) == ["archie-showdown-0004: i18n.ru.notes.6 — step 6 has no note"]
