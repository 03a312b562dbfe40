#!/usr/bin/env python3
"""The two quick-start commands (see README.md), with nothing but Python needed to start.

    python3 tasks.py conformance   # set up .venv, run the conformance suite on the reference
    python3 tasks.py test          # set up .venv with every extra, run every check and test
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


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


def setup_js() -> None:
    """Install the JavaScript libraries graded by ``pokerspec compliance`` (pinned in
    conformance/adapters/js/package-lock.json) from the npm registry, once; skipped without npm."""
    js = ROOT / "conformance" / "adapters" / "js"
    npm = shutil.which("npm")
    stamp = js / "node_modules" / ".package-lock.json"
    if npm is None:
        print("npm not found: the JavaScript adapters' tests will be skipped", flush=True)
        return
    if not stamp.exists() or stamp.stat().st_mtime < (js / "package-lock.json").stat().st_mtime:
        print("+ npm ci (conformance/adapters/js)", flush=True)
        code = subprocess.call([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=js)
        if code:
            sys.exit(code)


def conformance(argv: list[str]) -> None:
    setup("")
    run(BIN / "pokerspec", "conformance", "run", *argv)


def test(argv: list[str]) -> None:
    setup("dev,peers,docs")
    setup_js()
    run(BIN / "ruff", "check", "reference", "conformance", "docs", "benchmarks", "tasks.py")
    run(BIN / "mypy", "reference/pokerspec", "conformance/adapters", "benchmarks", "docs/hooks")
    run(BIN / "python", "-m", "pytest", "-n", "2", "-q", *argv)


def main() -> None:
    commands = {"conformance": conformance, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(f"usage: python3 tasks.py {{{'|'.join(commands)}}} [args...]")
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
