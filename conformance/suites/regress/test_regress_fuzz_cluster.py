"""Fuzz campaigns on a Dask cluster (issue 24): a scheduler and two worker processes on
127.0.0.1 play a campaign to exactly the findings of the same campaign on one machine, also when
a worker is killed mid-run or the client is killed and the campaign resumed; a scheduler that
cannot be reached, or a missing extra, is exit 2 before any work."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import cast

import pytest
from pokerspec import cluster as clusters
from pokerspec.cli import main
from pokerspec.cluster import Cluster
from pokerspec.conformance.adapters import load_factory
from pokerspec.conformance.protocol import Message
from pokerspec.core.game import Json
from pokerspec.fuzz import campaign as campaigns
from pokerspec.fuzz.campaign import Campaign, prepare

pytest.importorskip("distributed", reason="the cluster extra is not installed")

IMPL = f"python:{Path(__file__).resolve()}:SlowTwoBugs"
BUGGY = Path(__file__).resolve().with_name("test_regress_fuzz.py")
HANDS = 240


class SlowTwoBugs:
    """``TwoBugs`` of test_regress_fuzz.py (loaded by path, as a worker loads this file), 4 ms
    slower a hand: a run lasts long enough to be interrupted."""

    def __init__(self) -> None:
        self.engine = load_factory(f"{BUGGY}:TwoBugs")

    def handle(self, message: Mapping[str, Json]) -> Message:
        if message.get("op") == "new_hand":
            time.sleep(0.004)
        return self.engine.handle(message)

    def close(self) -> None:
        self.engine.close()



@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> list[Json]:
    """The campaign's findings played on one machine."""
    directory = tmp_path_factory.mktemp("local")
    prepare(_campaign(), directory, 1).play()
    return _findings(directory)


def _campaign() -> Campaign:
    return Campaign(IMPL, "archie", "archie-barge", 3, HANDS)


def _findings(directory: Path) -> list[Json]:
    """A campaign directory's counts, classes and cases, without timings."""
    report = cast(dict[str, Json], json.loads((directory / "report.json").read_text(encoding="utf-8")))
    files = (directory / "findings").glob("*.json")
    cases = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in files}
    classes = cast(list[dict[str, Json]], report["classes"])
    return [report["hands"], report["done"], report["disagreements"],
            *({**c, "case_file": cases[str(c["file"]).removeprefix("findings/")] if c["file"] else None}
              for c in classes)]


def test_a_killed_worker_changes_nothing(dask_scheduler: str, local: list[Json], tmp_path: Path) -> None:
    with Cluster.connect(dask_scheduler) as cluster:
        pids = cast(dict[str, int], cluster.client.run(os.getpid))
        victim = min(pids.values())
        run = prepare(_campaign(), tmp_path, 1, cluster)
        killed: list[int] = []

        def kill_one(state: campaigns.State, left: int) -> None:
            if not killed:
                os.kill(victim, signal.SIGKILL)
                killed.append(state.hands)

        run.progress = kill_one
        report = run.play()
        assert killed and killed[0] < HANDS // 2, "the worker was killed once, early in the run"
        assert report["jobs"] == 2 and report["complete"] is True
        with pytest.raises(ProcessLookupError):
            os.kill(victim, 0)
        assert victim not in cast(dict[str, int], cluster.client.run(os.getpid)).values()
    assert len(local) > 4, "the campaign meets several classes"
    assert _findings(tmp_path) == local


def test_a_killed_client_resumes_on_the_cluster(dask_scheduler: str, local: list[Json],
                                                tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pokerspec.cli", "conformance", "fuzz", "--impl", IMPL, "--game",
               "archie", "--hands", str(HANDS), "--seed", "3", "--cluster", dask_scheduler,
               "--dir", str(tmp_path)]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / "state.json").exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.01)
        proc.kill()
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == -signal.SIGKILL, err
    kept, _, state = campaigns.load(tmp_path)
    assert 0 < state.hands < HANDS and state.done == [(0, state.hands)]
    with Cluster.connect(dask_scheduler) as cluster:
        report = prepare(kept, tmp_path, 1, cluster).play()
    assert report["complete"] is True
    assert _findings(tmp_path) == local


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = campaigns.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_command_line(dask_scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    fuzz = ("fuzz", "--impl", IMPL, "--game", "archie", "--hands", "40", "--seed", "3")
    code, out, err = _cli(capsys, *fuzz, "--cluster", dask_scheduler, "--dir", str(tmp_path))
    assert code == 1, err
    assert f"Dask scheduler {dask_scheduler}: 2 workers, 2 threads; dashboard http" in out
    assert "40 hands" in out and "by worker:" in out and " hands/s" in out.split("by worker:")[1]
    code, out, err = _cli(capsys, *fuzz, "--cluster", dask_scheduler, "--jobs", "2")
    assert code == 2 and "drop --jobs" in err
    monkeypatch.setattr(clusters, "CONNECT_SECONDS", 0.5)
    began = time.monotonic()
    code, out, err = _cli(capsys, *fuzz, "--cluster", "tcp://127.0.0.1:9", "--dir", str(tmp_path / "never"))
    assert code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    assert time.monotonic() - began < 10 and not (tmp_path / "never").exists()
    code, out, err = _cli(capsys, *fuzz, "--cluster", "http://127.0.0.1:8787")
    assert code == 2 and "not a scheduler's address like tcp://host:8786" in err
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, out, err = _cli(capsys, *fuzz, "--cluster", dask_scheduler)
    assert code == 2 and "pip install 'pokerspec[cluster]'" in err


def _untimed(text: str) -> list[str]:
    """Output lines without the cluster's and without the seconds they took."""
    return [re.sub(r"\d+\.\d+ s\b", "", line) for line in text.splitlines()
            if not line.startswith(("Dask scheduler", "by worker:", "  tcp://"))]


def test_the_ranking_fuzz_runs_a_task_a_ranking(dask_scheduler: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    impl = f"python:{Path(__file__).resolve().with_name('test_regress_fuzz_ranking.py')}:NoWheel"
    argv = ["conformance", "fuzz", "--ranking", "all", "--impl", impl, "--pairs", "1500"]
    assert main(argv) == 1
    here = capsys.readouterr().out
    assert main([*argv, "--cluster", dask_scheduler]) == 1
    there = capsys.readouterr().out
    assert "a straight named 'high-card'" in here
    assert _untimed(there) == _untimed(here)
    assert sum(int(n) for n in re.findall(r": (\d) tasks, ", there)) == 4


def test_compliance_runs_a_task_a_library(dask_scheduler: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("treys", reason="the peers extra is not installed")
    argv = ["compliance", "--engine", "treys", "--pairs", "50"]
    assert main([*argv, "--out", str(tmp_path / "here")]) == 0
    assert main([*argv, "--out", str(tmp_path / "there"), "--cluster", dask_scheduler]) == 0
    assert "by worker:" in capsys.readouterr().out
    for name in ("treys",):
        here, there = (json.loads((tmp_path / d / "results" / f"{name}.json").read_text(encoding="utf-8"))
                       for d in ("here", "there"))
        untimed = [re.sub(r'"seconds": [\d.]+', "", json.dumps(r)) for r in (here, there)]
        assert untimed[0] == untimed[1]
