"""Mutation check: the suite catches deliberately wrong rules in the reference. Each mutant
(``mutants.py``) is the reference with one rule broken, served over the exec protocol; the whole
suite must fail on it, and among the failing cases must be ones pinning the broken rule."""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

MUTANTS = {
    "nines": "archie.qualify.high",
    "odd-chip-to-low": "core.chips.odd-to-high",
    "no-big-blind-option": "archie.betting.option",
    "stud-odd-chip-by-suit": "stud.showdown.odd-chip",
    "no-wheel": "core.high.wheel",
    "ace-high-low": "core.low.ace",
}
"""Each mutant and the rule it breaks."""


@pytest.mark.parametrize(("mutant", "rule"), sorted(MUTANTS.items()))
def test_the_suite_catches_the_mutant(tmp_path: Path, run_subprocess: Callable[..., CompletedProcess[str]],
                                      mutant: str, rule: str) -> None:
    script = Path(__file__).parent / "mutants.py"
    report = tmp_path / "r.jsonl"
    impl = f"exec:{shlex.quote(sys.executable)} {shlex.quote(str(script))} {mutant}"
    done = run_subprocess("--quiet", "--impl", impl, "--report", str(report))
    records = [json.loads(line) for line in report.read_text().splitlines()]
    failed = [r for r in records if r["record"] == "case" and r["verdict"] != "pass"]
    assert done.returncode == 1, done.stdout[-2000:]
    assert all(r["verdict"] == "fail" for r in failed), "a mutant must answer wrongly, not break"
    caught = {rule_id for r in failed if r["level"] == "required" for rule_id in r["rules"]}
    assert rule in caught, f"no failing required case pins {rule}; failing rules: {sorted(caught)}"
