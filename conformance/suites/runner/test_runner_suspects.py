"""How well the suspects point (docs/engine-authors/running.md): each planted bug of
``pokerspec.regress.planted`` (a rule deliberately broken in the reference, served as an engine)
must have its broken rule as the first suspect of ``conformance run`` for at least 9 in 10 of the
bugs and among the first three for all; the same for ``conformance fuzz`` on the games' bugs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pokerspec.conformance.grading import grade
from pokerspec.conformance.protocol import Hello
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.conformance.report import suspects
from pokerspec.conformance.runner import Report, Run
from pokerspec.regress.mutants import suite
from pokerspec.regress.planted import PLANTED, mutant

HANDS = "60"
"""Hands a fuzz campaign plays per planted bug: enough for every bug to show."""


def _place(rule: str, ranked: list[str]) -> int | None:
    return ranked.index(rule) + 1 if rule in ranked else None


def _figure(places: dict[str, int | None]) -> tuple[int, int]:
    """(bugs whose broken rule is the first suspect, bugs whose is among the first three)."""
    return (sum(p == 1 for p in places.values()), sum(p is not None and p <= 3 for p in places.values()))


def test_the_first_suspect_of_a_run_is_the_planted_bug_s_rule() -> None:
    items = suite()
    places: dict[str, int | None] = {}
    for name in PLANTED:
        planted = mutant(name)
        report = Report(Hello(name, "", frozenset(), frozenset(), frozenset()))
        with planted.patch():
            engine = ReferenceEngine()
            report.runs += [Run(i.case, grade(i.case, engine, i.profile)) for i in items]
        places[name] = _place(planted.rule, [s[0] for s in suspects(report)])
    first, top3 = _figure(places)
    assert len(PLANTED) >= 10 and {mutant(n).game for n in PLANTED} == {"core", "archie", "auction", "stud"}
    assert first * 10 >= 9 * len(PLANTED), places
    assert top3 == len(PLANTED), places


@pytest.mark.parametrize("name", [n for n in PLANTED if mutant(n).game != "core"])
def test_the_first_suspect_of_a_fuzz_campaign_is_the_planted_bug_s_rule(name: str, tmp_path: Path) -> None:
    planted = mutant(name)
    impl = f"exec:{sys.executable} -m pokerspec.regress.planted {name}"
    done = subprocess.run([sys.executable, "-m", "pokerspec.cli", "conformance", "fuzz", "--impl", impl,
                           "--game", planted.game, "--hands", HANDS, "--dir", str(tmp_path / "c"),
                           "--no-shrink", "--quiet"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    report = json.loads((tmp_path / "c" / "report.json").read_text(encoding="utf-8"))
    ranked = [s["rule"] for s in report["suspects"]]
    assert _place(planted.rule, ranked) == 1, ranked
    assert f"1. {planted.rule} — " in done.stdout
