"""The chaos suite's tools (imported by its tests; conftest.py puts this folder on the path):
name the fault-injecting engine (faulty.py), find the processes a scenario left, hash inputs,
and read reports that must be valid."""

from __future__ import annotations

import hashlib
import json
import shlex
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
FAULTY = HERE / "faulty.py"
FIXTURES = ROOT / "conformance" / "suites" / "runner" / "fixtures" / "core"


def engine(mode: str, marker: str, *options: str) -> str:
    """The ``--impl`` of the faulty engine in ``mode``; ``marker`` names its processes."""
    return f"exec:{shlex.quote(sys.executable)} {shlex.quote(str(FAULTY))} {mode} {' '.join(options)} " \
           f"--marker {marker}"


def processes_with(marker: str) -> list[int]:
    """The live (not zombie) processes whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if marker.encode() in words and state != "Z":
            found.append(int(entry.name))
    return found


def no_orphans(marker: str, seconds: float = 15.0) -> None:
    """Wait until no process with ``marker`` is alive, failing after ``seconds``: an engine ends
    within a second once asked, but a loaded two-core machine has taken over 5 s to reap one;
    a process really left behind lives for minutes (the faults' sleepers sleep 300 s)."""
    deadline = time.monotonic() + seconds
    while processes_with(marker):
        assert time.monotonic() < deadline, f"processes left behind: {processes_with(marker)}"
        time.sleep(0.02)


def digest(paths: Iterable[Path]) -> dict[str, str]:
    """The content hash of every regular file under ``paths`` (what a scenario must not change)."""
    out = {}
    for path in paths:
        for f in [path] if not path.is_dir() else sorted(path.rglob("*")):
            if f.is_file() and not f.is_symlink():
                out[str(f)] = hashlib.sha256(f.read_bytes()).hexdigest()
    return out


Pokerspec = Callable[..., "Outcome"]
"""The ``pokerspec`` fixture: ``pokerspec(*args, inputs=[...])`` runs the command in process."""


@dataclass
class Outcome:
    code: int
    text: str
    records: list[dict[str, object]] = field(default_factory=list)

    def verdicts(self) -> dict[str, str]:
        return {str(r["case"]): str(r["verdict"]) for r in self.records if r.get("record") == "case"}


def valid_reports(jsonl: Path | None, junit: Path | None) -> list[dict[str, object]]:
    """The records of the JSON-lines report (every line parses) after checking the JUnit parses."""
    records: list[dict[str, object]] = []
    if jsonl is not None and jsonl.exists():
        records = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    if junit is not None and junit.exists():
        ET.parse(junit)
    return records
