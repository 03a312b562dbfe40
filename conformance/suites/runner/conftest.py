"""Shared fixtures for the runner's tests: run ``pokerspec conformance run`` in process or as a
subprocess (on the runner's own fixture cases unless told otherwise), and name the example and
deliberately broken engines."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from pokerspec.conformance.cli import main

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
EXAMPLES = ROOT / "conformance" / "examples"


Records = list[dict[str, object]]


@pytest.fixture
def fixtures_dir() -> Path:
    """The runner's own hand-worked core cases."""
    return HERE / "fixtures"


@pytest.fixture
def engines_py() -> Path:
    """In-process test engines (``--impl python:<path>:<Factory>``)."""
    return HERE / "engines.py"


@pytest.fixture
def serve_impl() -> str:
    """The reference served over stdio: the exec protocol's self-test."""
    return f"exec:{shlex.quote(sys.executable)} -m pokerspec.conformance.serve"


@pytest.fixture
def js_impl() -> str:
    """The independent JavaScript engine (conformance/examples/js; skipped without Node.js)."""
    if shutil.which("node") is None:
        pytest.skip("Node.js is not installed")
    return f"exec:node {shlex.quote(str(EXAMPLES / 'js' / 'engine.js'))}"


@pytest.fixture
def core_only_impl(broken: Callable[..., str]) -> str:
    """An engine of the shared chapter only (the reference saying it plays no game)."""
    return broken("nogames")


@pytest.fixture
def broken() -> Callable[[str], str]:
    """``broken("hang")`` is the ``--impl`` of a deliberately broken engine (``broken("hang",
    "--v1.0")``: one written for protocol 1.0)."""
    script = EXAMPLES / "broken" / "broken.py"
    return lambda *mode: f"exec:{shlex.quote(sys.executable)} {shlex.quote(str(script))} {' '.join(mode)}"


@pytest.fixture
def run_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], fixtures_dir: Path
            ) -> Callable[..., tuple[int, str, Records]]:
    """Run in process: ``run_cli(*args, own=True)`` -> (exit code, console text (stdout then
    stderr), JSON-lines records (none if the run could not be made)). ``own`` runs only the
    fixture cases (plus any ``--vectors`` in ``args``)."""

    def run(*args: str, own: bool = True) -> tuple[int, str, Records]:
        out = tmp_path / "report.jsonl"
        base = ["run", "--quiet", "--report", str(out)]
        if own:
            base += ["--no-default-vectors", "--vectors", str(fixtures_dir)]
        code = main([*base, *args])
        captured = capsys.readouterr()
        lines = out.read_text(encoding="utf-8").splitlines() if out.exists() else []
        return code, captured.out + captured.err, [json.loads(line) for line in lines]

    return run


@pytest.fixture
def run_subprocess() -> Callable[..., subprocess.CompletedProcess[str]]:
    """``pokerspec conformance run ARGS`` in a fresh interpreter."""

    def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pokerspec.conformance.cli", "run", *args],
                              capture_output=True, text=True, timeout=timeout, cwd=ROOT)

    return run


@pytest.fixture
def verdicts() -> Callable[[Records], dict[str, set[str]]]:
    """Case IDs by verdict, from JSON-lines records."""

    def by_verdict(records: Records) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for r in records:
            if r["record"] == "case":
                out.setdefault(str(r["verdict"]), set()).add(str(r["case"]))
        return out

    return by_verdict
