"""Golden traces: the committed baselines match the reference, and a behaviour change is caught
with a readable diff naming the case or hand."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path

import pytest
from pokerspec.conformance.protocol import Message
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.regress import golden


def test_committed_golden_traces_match() -> None:
    problems = golden.check()
    assert not problems, "behaviour changed; if intended run `pokerspec golden update`:\n" + "\n".join(
        problems[:200])


def test_every_golden_file_is_labelled() -> None:
    files = sorted(golden.GOLDEN.rglob("*.jsonl"))
    assert files
    for file in files:
        assert golden.LABEL in file.read_text(encoding="utf-8").splitlines()[0], file


def test_a_changed_award_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    golden.update(tmp_path, games=["archie"])
    assert golden.check(tmp_path, games=["archie"]) == []
    original = ReferenceEngine._op_showdown

    def stingy(self: ReferenceEngine, message: Mapping[str, Json]) -> Message:
        reply = original(self, message)
        outcome = reply["outcome"]
        assert isinstance(outcome, dict)
        received = outcome["received"]
        assert isinstance(received, dict)
        outcome["received"] = {**received, "p1": 0}
        return reply

    monkeypatch.setattr(ReferenceEngine, "_op_showdown", stingy)
    problems = golden.check(tmp_path, games=["archie"])
    assert problems
    text = "\n".join(problems)
    # Anna's wheel scoop (the first example) now shows p1 receiving nothing.
    assert "archie/archie-barge.jsonl: case archie-showdown-0001 (showdown): outcome differs" in text
    assert "--- golden/archie-showdown-0001" in text and "+++ now/archie-showdown-0001" in text
    updated = golden.update(tmp_path, games=["archie"])
    assert updated == ["archie/archie-barge.jsonl", "archie/archie-pagat.jsonl"]
    assert golden.check(tmp_path, games=["archie"]) == []


def test_missing_and_stale_files_are_reported(tmp_path: Path) -> None:
    golden.update(tmp_path, games=["core"])
    (tmp_path / "core" / "core.jsonl").rename(tmp_path / "core" / "old.jsonl")
    problems = golden.check(tmp_path, games=["core"])
    assert problems == ["core/old.jsonl: stale golden file (no such profile any more)",
                        "core/core.jsonl: missing (run `pokerspec golden update`)"]


def test_command_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    golden.register(parser.add_subparsers(), "golden")

    def run(*argv: str) -> int:
        args = parser.parse_args(["golden", *argv, "--dir", str(tmp_path), "--game", "core"])
        code: int = args.handler(args)
        return code

    assert run("update") == 0
    assert run("check") == 0
    file = tmp_path / "core" / "core.jsonl"
    lines = file.read_text(encoding="utf-8").splitlines()
    file.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert run("check") == 1
    assert ": new" in capsys.readouterr().out
