"""``benchmarks/cpu.py`` states the fuzz goal per action: each game's line names the actions
played, the hands, the actions per CPU second and the goal of its build (a few hands here)."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_every_game_is_reported_per_action(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    cpu = importlib.import_module("cpu")  # benchmarks/cpu.py, a script beside its helpers

    monkeypatch.setattr(cpu, "HANDS", {"archie": 20, "auction": 10, "stud": 10})
    try:
        assert cpu.main(["--rounds", "1", "--only", "fuzz"]) == 0
    finally:
        sys.modules.pop("cpu", None)
    lines = capsys.readouterr().out.splitlines()
    line = re.compile(r"fuzz (\w+): ([\d,]+) actions \((\d+) hands\) in [\d.]+ CPU s, [\d,]+ actions per CPU "
                      r"second \([\d,]+ hands\); goal (20,000 in pure Python|30,000 in the mypyc build): "
                      r"(met|missed)")
    found = {m.group(1): m for m in map(line.fullmatch, lines) if m}
    assert sorted(found) == ["archie", "auction", "stud"], lines
    for game, hands in (("archie", 20), ("auction", 10), ("stud", 10)):
        actions = int(found[game].group(2).replace(",", ""))
        assert int(found[game].group(3)) == hands and actions > hands, "every hand plays actions"
