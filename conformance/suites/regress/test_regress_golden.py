"""Golden traces: the committed baselines match the reference, and a behaviour change is caught
with a readable diff naming the case or hand."""

from __future__ import annotations

import argparse
import json
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


def test_one_step_per_line_and_a_capped_check_with_a_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A golden file holds a head line, one line per step and an outcome line per trace, and
    ``golden check`` prints at most ``SHOWN`` lines, then per file what changed."""
    golden.update(tmp_path, games=["archie"])
    lines = (tmp_path / "archie" / "archie-barge.jsonl").read_text(encoding="utf-8").splitlines()
    hand = [json.loads(line) for line in lines if '"id":"corpus-20261129-0000"' in line]
    assert hand[0]["kind"] == "corpus" and hand[0]["steps"] == len(hand) - 2
    assert [r["step"] for r in hand[1:-1]] == list(range(len(hand) - 2)) and "outcome" in hand[-1]
    original = ReferenceEngine._op_showdown

    def stingy(self: ReferenceEngine, message: Mapping[str, Json]) -> Message:
        reply = original(self, message)
        outcome = reply["outcome"]
        assert isinstance(outcome, dict) and isinstance(outcome["received"], dict)
        outcome["received"] = {**outcome["received"], "p1": 0}
        return reply

    monkeypatch.setattr(ReferenceEngine, "_op_showdown", stingy)
    monkeypatch.setattr(golden, "SHOWN", 5)
    parser = argparse.ArgumentParser()
    golden.register(parser.add_subparsers(), "golden")
    args = parser.parse_args(["golden", "check", "--dir", str(tmp_path), "--game", "archie"])
    assert args.handler(args) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[5].startswith("... ") and "more lines (--all prints them)" in out[5]
    summary = out[out.index("summary:") + 1:]
    assert summary[0].startswith("  archie/archie-barge.jsonl: ") and "case(s)" in summary[0]
