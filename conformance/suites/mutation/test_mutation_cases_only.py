"""The test command of the mutation run (conformance/mutation/cases_only.py) scores a broken or
hung ``start`` as a kill that says what it is, never retries it away (docs/maintainers/mutation.md)."""

from __future__ import annotations

import time
from collections.abc import Callable
from types import ModuleType

import pytest
from pokerspec.conformance.reference_engine import ReferenceEngine

Load = Callable[[str], ModuleType]
"""The ``script`` fixture (conftest.py)."""


def test_unmutated_reference_survives(script: Load, capsys: pytest.CaptureFixture[str]) -> None:
    assert script("cases_only").main([]) == 0
    assert "mutation:" not in capsys.readouterr().out


def test_refused_start_is_a_kill(script: Load, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    def broken(_self: ReferenceEngine, _message: object) -> object:
        raise ValueError("the warm-up ranking broke")

    monkeypatch.setattr(ReferenceEngine, "_op_start", broken)
    assert script("cases_only").main([]) == 1
    assert "mutation: killed at start" in capsys.readouterr().out


def test_hung_start_is_a_timeout_kill(script: Load, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    def hung(_self: ReferenceEngine, _message: object) -> object:
        while True:
            time.sleep(0.05)

    cases_only = script("cases_only")
    monkeypatch.setattr(ReferenceEngine, "_op_start", hung)
    monkeypatch.setattr(cases_only, "START_TIMEOUT", 1)
    assert cases_only.main([]) == 1
    assert "mutation: timeout at start" in capsys.readouterr().out


@pytest.mark.parametrize(("output", "expected"), [
    ("mutation: killed at start (the engine refused the handshake)\n", "`start`"),
    ("mutation: timeout at start (no reply to start within 20 s)\n", "a timeout at start"),
    ("timeout", "a timeout"),
    ("mutation: killed by stud-showdown-0001 [stud-standard] - wrong winner\n",
     "`stud-showdown-0001` [stud-standard]"),
])
def test_report_names_how_a_mutant_was_killed(script: Load, output: str, expected: str) -> None:
    session = script("session")
    mutant = session.Mutant("j", "stud/engine.py", "core/X", 0, (1, 0), (1, 1), "killed", output)
    assert session.killer(mutant) == expected
