"""Clean interruption: SIGINT or SIGTERM during a run — or during the engine's handshake — ends
the engine's whole process group, prints one line, writes the partial report and exits 130 or
143, with no traceback."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="finds processes in /proc")


def processes_with(marker: str) -> list[int]:
    """The processes whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                words = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if marker.encode() in words:
                found.append(int(entry.name))
    return found


def _wait_for(condition: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.mark.parametrize(("signum", "status", "mode"), [
    (signal.SIGINT, 130, "hang"), (signal.SIGTERM, 143, "hang"), (signal.SIGINT, 130, "mute"),
])
def test_an_interrupt_ends_the_engine_and_keeps_the_partial_report(
        tmp_path: Path, fixtures_dir: Path, broken: Callable[..., str],
        signum: int, status: int, mode: str) -> None:
    """``hang``: the engine hangs on the high ranking, after the notation case passed;
    ``mute``: it starts a helper process and never answers the handshake."""
    marker = f"marker-{tmp_path.name}"
    report = tmp_path / "partial.jsonl"
    core = fixtures_dir / "core"
    flag = tmp_path / "hanging"
    impl = broken(mode, marker, f"--flag={flag}")
    cli = subprocess.Popen(
        [sys.executable, "-m", "pokerspec.cli", "conformance", "run", "--impl", impl,
         "--timeout", "120", "--no-default-vectors", "--vectors", str(core / "runner-notation-0001.json"),
         "--vectors", str(core / "runner-high-0001.json"), "--report", str(report)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(flag.exists)  # the notation case has passed; the engine hangs on the high ranking
        assert len(processes_with(marker)) == (2 if mode == "mute" else 1)  # (mute: and its helper)
        cli.send_signal(signum)
        out, err = cli.communicate(timeout=60)
    finally:
        if cli.poll() is None:
            cli.kill()
    assert cli.returncode == status, out + err
    assert "Traceback" not in out + err
    interrupted = [line for line in (out + err).splitlines() if "interrupted" in line.lower()]
    assert len(interrupted) == 1, out + err
    assert signal.Signals(signum).name in interrupted[0]
    _wait_for(lambda: not processes_with(marker), 10)
    assert report.exists(), out + err
    records = [json.loads(line) for line in report.read_text().splitlines()]
    assert records[0]["interrupted"] == signal.Signals(signum).name
    assert records[0]["ok"] is False
    assert records[0]["planned"] == 2
    if mode == "hang":
        cases = [(r["case"], r["verdict"]) for r in records[1:] if "case" in r]
        assert cases == [("runner-notation-0001", "pass")]
