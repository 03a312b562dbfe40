"""Signals at every stage of a run (the handshake, a case, twice in a row): the exit status names
the signal, the partial report is valid and marked interrupted, and the engine's whole process
group — a grandchild and an engine that ignores SIGTERM included — is gone."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from chaoskit import FIXTURES, ROOT, engine, no_orphans, processes_with

STAGES = {
    "handshake": ("hang", ["--op", "start"]),
    "case": ("hang", []),
    "case-grandchild": ("grandchild-hang", []),
    "case-ignoring-sigterm": ("ignore-term", []),
}
SIGNALS = {"SIGINT": (signal.SIGINT, 130), "SIGTERM": (signal.SIGTERM, 143), "SIGHUP": (signal.SIGHUP, 129),
           "SIGINT-twice": (signal.SIGINT, 130)}


def _wait_for(condition: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


@pytest.mark.parametrize("name", sorted(SIGNALS))
@pytest.mark.parametrize("stage", sorted(STAGES))
def test_a_signal_leaves_a_valid_partial_report_and_no_process(tmp_path: Path, marker: str, stage: str,
                                                               name: str) -> None:
    signum, status = SIGNALS[name]
    mode, options = STAGES[stage]
    report, junit = tmp_path / "partial.jsonl", tmp_path / "partial.xml"
    impl = engine(mode, marker, *options)
    cli = subprocess.Popen(
        [sys.executable, "-m", "pokerspec.cli", "conformance", "run", "--impl", impl, "--timeout", "120",
         "--no-default-vectors", "--vectors", str(FIXTURES / "runner-notation-0001.json"),
         "--vectors", str(FIXTURES / "runner-high-0001.json"), "--report", str(report),
         "--junit", str(junit)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        wanted = 2 if "grandchild" in stage else 1
        _wait_for(lambda: len(processes_with(marker)) >= wanted)
        time.sleep(0.3 if stage == "handshake" else 0.6)  # the engine is hanging in the handshake or a case
        cli.send_signal(signum)
        if name.endswith("twice"):
            time.sleep(0.005)
            cli.send_signal(signum)
        out, err = cli.communicate(timeout=60)
    finally:
        if cli.poll() is None:
            cli.kill()
    assert cli.returncode == status, out + err
    assert "Traceback" not in out + err
    no_orphans(marker)
    if stage != "handshake":
        records = [json.loads(line) for line in report.read_text().splitlines()]
        assert records[0]["interrupted"] == name.removesuffix("-twice")
        assert records[0]["ok"] is False
        ET.parse(junit)
