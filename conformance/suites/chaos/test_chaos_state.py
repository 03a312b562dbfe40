"""Tampered state is input: a fuzz campaign's ``campaign.json`` and ``state.json`` are checked
like case files (encoding, nesting, types, value ranges) before ``fuzz --resume`` or ``merge``
plays or writes anything; the error names the file (exit 2). ``--resume`` says which engine
command it runs and refuses another ``--impl`` without ``--yes``."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from chaoskit import Pokerspec

FUZZ = ["conformance", "fuzz", "--impl", "reference", "--game", "stud", "--hands", "3", "--quiet"]


def _campaign(field: str, value: object) -> Callable[[Path], str]:
    def tamper(folder: Path) -> str:
        path = folder / "campaign.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        data["campaign"][field] = value
        path.write_text(json.dumps(data), encoding="utf-8")
        return path.name
    return tamper


def _state(change: Callable[[dict[str, object]], None]) -> Callable[[Path], str]:
    def tamper(folder: Path) -> str:
        path = folder / "state.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
        return path.name
    return tamper


def _raw(name: str, make: Callable[[Path], None]) -> Callable[[Path], str]:
    def tamper(folder: Path) -> str:
        (folder / name).unlink()
        make(folder / name)
        return name
    return tamper


TAMPERED: dict[str, Callable[[Path], str]] = {
    "shards-0": _campaign("shards", 0),
    "shard-past-shards": _campaign("shard", 2),
    "hands-negative": _campaign("hands", -5),
    "hands-a-string": _campaign("hands", "3"),
    "hands-true": _campaign("hands", True),
    "timeout-1e12": _campaign("timeout", 1e12),
    "timeout-negative": _campaign("timeout", -1),
    "another-games-profile": _campaign("profile", "archie-barge"),
    "no-such-game": _campaign("game", "chess"),
    "finding-case-a-list": _state(lambda d: d.update(findings=[{"class": {"what": "x", "field": "y",
                                                                           "rule": "z"}, "count": 1,
                                                                 "first": 0, "case": [1, 2]}])),
    "done-not-ranges": _state(lambda d: d.update(done=[[5, 1]])),
    "hands-done-negative": _state(lambda d: d.update(hands=-1)),
    "state-deep": _raw("state.json", lambda p: p.write_text("[" * 100_000 + "]" * 100_000)),
    "state-not-utf8": _raw("state.json", lambda p: p.write_bytes(b'{"done": "\xff"}')),
    "state-a-fifo": _raw("state.json", lambda p: os.mkfifo(p)),
    "campaign-deep": _raw("campaign.json", lambda p: p.write_text('{"a":' * 5_000 + "1" + "}" * 5_000)),
}


@pytest.mark.parametrize("command", ["resume", "merge"])
@pytest.mark.parametrize("kind", sorted(TAMPERED))
def test_a_tampered_campaign_is_refused_naming_its_file(pokerspec: Pokerspec, tmp_path: Path, kind: str,
                                                        command: str) -> None:
    folder = tmp_path / "campaign"
    assert pokerspec(*FUZZ, "--dir", str(folder)).code == 0
    name = TAMPERED[kind](folder)
    args = (["conformance", "fuzz", "--resume", str(folder), "--quiet"] if command == "resume" else
            ["conformance", "merge", str(folder), "--out", str(tmp_path / "merged")])
    got = pokerspec(*args)
    assert got.code == 2, got.text
    assert name in got.text and "no disagreement" not in got.text, got.text


def test_resume_names_the_engine_and_wants_yes_for_another(pokerspec: Pokerspec, tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    assert pokerspec(*FUZZ, "--dir", str(folder)).code == 0
    _campaign("impl", "exec:echo \x1b[2J")(folder)
    got = pokerspec("conformance", "fuzz", "--resume", str(folder), "--impl", "reference", "--quiet")
    assert got.code == 2 and "--yes" in got.text, got.text
    assert "\x1b" not in got.text and "\\x1b" in got.text, got.text
