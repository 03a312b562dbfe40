"""Fuzz campaigns (issue 18): ``--jobs`` plays in several processes, ``--shard I/N`` plays a
deterministic slice, ``merge`` combines the slices into exactly the whole campaign's findings,
and a stopped campaign resumes from its directory to the same result."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from itertools import pairwise
from pathlib import Path
from typing import cast

import pytest
from pokerspec import __version__
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.fuzz import campaign as campaigns
from pokerspec.fuzz.campaign import Campaign, CampaignError, Stopped, merge, prepare

BUGGY = Path(__file__).resolve().with_name("test_regress_fuzz.py")
IMPL = f"python:{BUGGY}:TwoBugs"
HANDS = 60


def _campaign(**changes: object) -> Campaign:
    base = Campaign(IMPL, "archie", "archie-barge", 3, HANDS)
    return Campaign(**{**base.to_json(), **changes})  # type: ignore[arg-type]


def _findings(directory: Path) -> list[Json]:
    """A campaign directory's classes and cases, without timings."""
    report = cast(dict[str, Json], json.loads((directory / "report.json").read_text(encoding="utf-8")))
    files = (directory / "findings").glob("*.json")
    cases = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in files}
    classes = cast(list[dict[str, Json]], report["classes"])
    return [{**c, "case_file": cases[str(c["file"]).removeprefix("findings/")] if c["file"] else None}
            for c in classes]


def test_four_shards_merge_into_the_unsharded_campaign(tmp_path: Path) -> None:
    prepare(_campaign(), tmp_path / "whole", 1).play()
    shards = []
    for i in range(1, 5):
        shards.append(tmp_path / f"shard{i}")
        prepare(_campaign(shard=i, shards=4), shards[-1], 1).play()
    spans = [_campaign(shard=i, shards=4).span for i in range(1, 5)]
    assert spans[0][0] == 0 and spans[-1][1] == HANDS and all(a[1] == b[0] for a, b in pairwise(spans))
    merged = merge(shards[::-1], tmp_path / "merged")
    assert merged["complete"] is True and merged["hands"] == HANDS
    whole = _findings(tmp_path / "whole")
    assert len(whole) >= 2
    assert _findings(tmp_path / "merged") == whole


def test_copies_of_a_shard_collapse_and_overlaps_are_refused(tmp_path: Path) -> None:
    prepare(_campaign(shard=1, shards=2), tmp_path / "a", 1).play()
    prepare(_campaign(shard=1, shards=2), tmp_path / "b", 1).play()
    once = merge([tmp_path / "a", tmp_path / "b"], tmp_path / "m")
    assert once["hands"] == HANDS // 2 and once["complete"] is False
    assert (once["pokerspec"], once["protocol"]) == (__version__, "1.1"), "the report names the versions"
    prepare(_campaign(shard=1, shards=3), tmp_path / "c", 1).play()
    with pytest.raises(CampaignError, match="overlaps"):
        merge([tmp_path / "a", tmp_path / "c"], tmp_path / "m2")
    prepare(_campaign(seed=4, shard=2, shards=2), tmp_path / "d", 1).play()
    with pytest.raises(CampaignError, match="another campaign"):
        merge([tmp_path / "a", tmp_path / "d"], tmp_path / "m3")


def test_two_jobs_use_two_processes_and_find_the_same(tmp_path: Path) -> None:
    one = prepare(_campaign(), tmp_path / "one", 1)
    one.play()
    two = prepare(_campaign(), tmp_path / "two", 2)
    report = two.play()
    assert report["jobs"] == 2 and report["processes"] == 2
    assert os.getpid() not in two.processes
    assert _findings(tmp_path / "two") == _findings(tmp_path / "one")


def test_a_stopped_campaign_resumes_to_the_same_findings(tmp_path: Path) -> None:
    prepare(_campaign(), tmp_path / "straight", 1).play()
    run = prepare(_campaign(), tmp_path / "stopped", 1)

    def stop(state: campaigns.State, left: int) -> None:
        if state.hands >= 20:
            raise Stopped(130)

    run.progress = stop
    with pytest.raises(Stopped):
        run.play()
    kept, _, state = campaigns.load(tmp_path / "stopped")
    assert 20 <= state.hands < HANDS and state.done == [(0, state.hands)]
    again = prepare(kept, tmp_path / "stopped", 2)
    report = again.play()
    assert report["complete"] is True and report["hands"] == HANDS
    assert _findings(tmp_path / "stopped") == _findings(tmp_path / "straight")


class ParentOnly(ReferenceEngine):
    """Opens only in the process named by ``FUZZ_TEST_PARENT``: a worker cannot open it."""

    def __init__(self) -> None:
        if os.getpid() != int(os.environ["FUZZ_TEST_PARENT"]):
            raise RuntimeError("not in the parent process")
        super().__init__()


def test_a_worker_that_cannot_open_the_engine_fails_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FUZZ_TEST_PARENT", str(os.getpid()))
    run = prepare(_campaign(impl=f"python:{Path(__file__).resolve()}:ParentOnly"), None, 2)
    with pytest.raises(CampaignError, match="a worker cannot open the engine"):
        run.play()


def test_a_directory_keeps_one_campaign(tmp_path: Path) -> None:
    prepare(_campaign(hands=10), tmp_path, 1).play()
    with pytest.raises(CampaignError, match="another campaign"):
        prepare(_campaign(hands=10, seed=9), tmp_path, 1)


def test_the_rest_of_a_campaign_is_cut_into_chunks() -> None:
    state = campaigns.State(done=[(10, 20), (40, 45)])
    assert state.todo((0, 50), 8) == [(0, 8), (8, 10), (20, 28), (28, 36), (36, 40), (45, 50)]
    assert campaigns.State().todo((5, 5), 8) == []


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    campaigns.register(parser.add_subparsers())
    args = parser.parse_args(list(argv))
    code: int = args.handler(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for i in (1, 2):
        code, out, err = _cli(capsys, "fuzz", "--impl", IMPL, "--game", "archie", "--hands", "30", "--seed",
                              "3", "--shard", f"{i}/2", "--dir", str(tmp_path / f"s{i}"), "--jobs", "2")
        assert code == 1, err
        assert f"(shard {i}/2)" in out and "@ archie.award.split" in out
    code, out, err = _cli(capsys, "merge", str(tmp_path / "s1"), str(tmp_path / "s2"), "--out",
                          str(tmp_path / "all"))
    assert code == 1, err
    assert "30 hands" in out and (tmp_path / "all" / "report.json").exists()
    code, out, err = _cli(capsys, "fuzz", "--resume", str(tmp_path / "all"))
    assert code == 1 and "30 hands" in out, out
    code, out, err = _cli(capsys, "fuzz", "--impl", IMPL, "--game", "archie", "--hands", "31", "--dir",
                          str(tmp_path / "s1"))
    assert code == 2 and "another campaign" in err
    code, out, err = _cli(capsys, "merge", str(tmp_path / "nothing-here"), "--out", str(tmp_path / "x"))
    assert code == 2 and "cannot read" in err
    with pytest.raises(SystemExit):
        _cli(capsys, "fuzz", "--impl", "reference", "--game", "archie", "--shard", "3/2")
    assert "I must be between 1 and N" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        _cli(capsys, "fuzz", "--impl", "reference", "--game", "archie", "--timeout", "-1")
    assert "give a positive number of seconds" in capsys.readouterr().err


def test_an_interrupted_campaign_says_how_to_resume(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pokerspec.cli", "conformance", "fuzz", "--impl", "reference", "--game",
               "archie", "--hands", "1000000", "--jobs", "2", "--dir", str(tmp_path)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "state.json").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert f"resume with: pokerspec conformance fuzz --resume {tmp_path}" in err
    _, _, state = campaigns.load(tmp_path)
    assert state.hands > 0 and state.done == [(0, state.hands)]
