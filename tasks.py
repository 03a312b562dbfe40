#!/usr/bin/env python3
"""The two quick-start commands (see README.md), with nothing but Python needed to start.

    python3 tasks.py conformance   # set up .venv, run the conformance suite on the reference
    python3 tasks.py test          # set up .venv with every extra, run every check and test
    python3 tasks.py mutation      # mutation testing with the cases alone (long; not in CI)
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
JS = ROOT / "conformance" / "examples" / "js"


def run(*args: str | Path) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    code = subprocess.call([str(a) for a in args], cwd=ROOT)
    if code:
        sys.exit(code)


def setup(extras: str) -> None:
    """Create .venv once and install the package (editable) with the given extras."""
    if not (BIN / "python").exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'base'}"
    pyproject = ROOT / "pyproject.toml"
    if not stamp.exists() or stamp.stat().st_mtime < pyproject.stat().st_mtime:
        run(BIN / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check",
            "-e", f".[{extras}]" if extras else ".")
        stamp.touch()


def conformance(argv: list[str]) -> None:
    setup("")
    run(BIN / "pokerspec", "conformance", "run", *argv)


def js_engine() -> None:
    """The independent JavaScript engine (conformance/examples/js): install its pinned dev
    dependencies once, check its JSDoc types, run its unit tests and the whole suite on it."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        print("SKIPPED the JavaScript engine's checks: node and npm are not installed", flush=True)
        return
    lock, installed = JS / "package-lock.json", JS / "node_modules" / ".package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        run("npm", "ci", "--no-audit", "--no-fund", "--prefix", JS)
    run(JS / "node_modules" / ".bin" / "tsc", "-p", JS / "jsconfig.json")
    run("node", "--test", "--test-reporter=dot", JS / "test")
    run(BIN / "pokerspec", "conformance", "run", "--strict", "--quiet",
        "--impl", f"exec:node {shlex.quote(str(JS / 'engine.js'))}")


def test(argv: list[str]) -> None:
    setup("dev,peers,docs")
    run(BIN / "ruff", "check", "reference", "conformance", "docs", "benchmarks", "tasks.py")
    run(BIN / "mypy", "reference/pokerspec", "conformance/adapters", "benchmarks", "docs/hooks")
    js_engine()
    run(BIN / "python", "-m", "pytest", "-n", "2", "-q", *argv)


def mutation(argv: list[str]) -> None:
    """Mutation testing of the rules modules with the conformance cases alone as the test
    (docs/maintainers/mutation.md). Resumable: run it again to go on where it stopped; ``--fresh``
    starts a new session. Hours on two cores; never part of CI."""
    setup("mutation")
    here = ROOT / "conformance" / "mutation"
    config, session = here / "cosmic-ray.toml", ROOT / "mutation.sqlite"
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")

    def step(*args: str | Path) -> None:
        print("+", " ".join(str(a) for a in args), flush=True)
        if subprocess.call([str(a) for a in args], cwd=ROOT, env=env):
            sys.exit(1)

    step(BIN / "pokerspec", "conformance", "run", "--quiet")  # the cases are valid and pass unmutated
    if "--fresh" in argv or not session.exists():
        step(BIN / "cosmic-ray", "init", "--force", config, session)
        step(BIN / "python", here / "session.py", "skip-annotations", session)
    step(BIN / "python", here / "cases_only.py", "--prime")
    step(BIN / "cosmic-ray", "exec", config, session)
    step(BIN / "python", here / "session.py", "report", session)


def main() -> None:
    commands = {"conformance": conformance, "test": test, "mutation": mutation}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(f"usage: python3 tasks.py {{{'|'.join(commands)}}} [args...]")
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
