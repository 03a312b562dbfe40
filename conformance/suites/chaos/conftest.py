"""The chaos suite's fixtures: run any ``pokerspec`` command in process against the
fault-injecting engine (faulty.py) or hostile inputs, and check what every scenario must hold —
no traceback, no process of the engine left, every report valid, no input changed (the tests
assert the exit code and the verdicts)."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest
from pokerspec.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent))

from chaoskit import Outcome, digest, no_orphans, valid_reports


@pytest.fixture
def marker(request: pytest.FixtureRequest) -> Iterator[str]:
    """A word unique to the scenario, given to its engines; no process holding it may remain."""
    word = "chaos-" + hashlib.sha1(request.node.nodeid.encode()).hexdigest()[:12]
    yield word
    no_orphans(word)


@pytest.fixture
def pokerspec(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Callable[..., Outcome]:
    """``pokerspec(*args, inputs=[...])``: run the command in process; the inputs' hashes must
    not change, the output must hold no traceback, and ``run``'s reports must be valid."""

    def run(*args: str, inputs: Iterable[Path] = (), reports: bool = True) -> Outcome:
        watched = [*inputs]
        before = digest(watched)
        extra: list[str] = []
        jsonl = junit = None
        if reports and args[:2] == ("conformance", "run"):
            jsonl, junit = tmp_path / "report.jsonl", tmp_path / "report.xml"
            extra = ["--report", str(jsonl), "--junit", str(junit)]
        code = main([*args, *extra])
        captured = capsys.readouterr()
        text = captured.out + captured.err
        assert "Traceback" not in text, text
        assert "internal error" not in text, text
        assert digest(watched) == before, "an input changed"
        return Outcome(code, text, valid_reports(jsonl, junit))

    return run
