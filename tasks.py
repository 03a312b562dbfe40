#!/usr/bin/env python3
"""The quick-start commands (see README.md), with nothing but Python needed to start.

    python3 tasks.py conformance   # set up .venv, run the conformance suite on the reference
    python3 tasks.py test          # set up .venv with every extra, run every check and test
    python3 tasks.py docs          # set up .venv with the docs extra, serve the site on localhost
    python3 tasks.py mutation      # mutation testing with the cases alone (long; not in CI)
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
JS = ROOT / "conformance" / "examples" / "js"
JS_EXAMPLE = JS / "engine.js"
"""The independent JavaScript engine that the tests and the wheel check run: the one place to name it."""
JS_ADAPTERS = ROOT / "conformance" / "adapters" / "js"
"""The JavaScript libraries that ``pokerspec compliance`` grades (pinned in their package-lock.json)."""
ENV = dict(os.environ, PYTHONUNBUFFERED="1")
"""Children print as they go, so a CI log shows progress."""


def run(*args: str | Path, cwd: Path = ROOT) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    code = subprocess.call([str(a) for a in args], cwd=cwd, env=ENV)
    if code:
        sys.exit(code)


def output(*args: str | Path, cwd: Path) -> list[str]:
    """Run a command, exit on failure, and return its output lines (shown as a count and the last line)."""
    print("+", " ".join(shlex.quote(str(a)) for a in args), flush=True)
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=ENV, capture_output=True, text=True,
                          check=False)
    lines = done.stdout.splitlines()
    print(f"  {len(lines)} lines; last: {lines[-1] if lines else '(none)'}", flush=True)
    if done.returncode:
        print(done.stdout[-3000:] + done.stderr[-3000:], flush=True)
        sys.exit(f"exit status {done.returncode}")
    return lines


def expect(condition: bool, failure: str) -> None:
    if not condition:
        sys.exit(failure)


class Steps:
    """Numbered steps with their time, so a long command shows where it is."""

    def __init__(self, total: int) -> None:
        self.total, self.number, self.began = total, 0, time.monotonic()

    def __call__(self, title: str) -> None:
        self.number += 1
        print(f"\n==> [{self.number}/{self.total}] {title} ({time.monotonic() - self.began:.0f} s so far)",
              flush=True)


def setup(extras: str) -> None:
    """Create .venv once and install the package (editable) with the given extras."""
    if not (BIN / "python").exists():
        print("setting up .venv (the first time takes a few minutes)", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'base'}"
    pyproject = ROOT / "pyproject.toml"
    if not stamp.exists() or stamp.stat().st_mtime < pyproject.stat().st_mtime:
        run(BIN / "python", "-m", "pip", "install", "--progress-bar", "off", "--disable-pip-version-check",
            "-e", f".[{extras}]" if extras else ".")
        stamp.touch()


def conformance(argv: list[str]) -> None:
    setup("")
    run(BIN / "pokerspec", "conformance", "run", *argv)


def npm_ci(folder: Path) -> bool:
    """Install a folder's pinned npm packages once (again when its lock file changes); False, with
    a message, when node or npm is missing."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        print(f"SKIPPED npm ci in {folder.relative_to(ROOT)}: node and npm are not installed", flush=True)
        return False
    lock, installed = folder / "package-lock.json", folder / "node_modules" / ".package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error", cwd=folder)
    return True


def js_engine() -> None:
    """The independent JavaScript engine (conformance/examples/js): check its JSDoc types, run
    its unit tests and the whole suite on it, strictly."""
    if not npm_ci(JS):
        return
    run(JS / "node_modules" / ".bin" / "tsc", "-p", JS / "jsconfig.json")
    run("node", "--test", "--test-reporter=dot", JS / "test")
    run(BIN / "pokerspec", "conformance", "run", "--strict", "--quiet",
        "--impl", f"exec:node {shlex.quote(str(JS_EXAMPLE))}")
    run(BIN / "pokerspec", "perft", "--all", "--impl", f"exec:node {shlex.quote(str(JS_EXAMPLE))}")


def docs(argv: list[str]) -> None:
    setup("docs")
    run(BIN / "mkdocs", "serve", *argv)


def wheel() -> None:
    """What an engine author gets: build the wheel, install it with pip into a fresh virtual
    environment outside the checkout, and run the suite from there (another directory, no
    checkout in sight) against the reference over exec and against the JavaScript example."""
    with tempfile.TemporaryDirectory(prefix="pokerspec-wheel-") as tmp:
        outside = Path(tmp)
        shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools would reuse stale copies
        run(BIN / "python", "-m", "pip", "wheel", "--no-deps", "-q", "--disable-pip-version-check",
            "-w", outside / "dist", ".")
        (built,) = (outside / "dist").glob("pokerspec-*.whl")
        venv.EnvBuilder(with_pip=False).create(outside / "venv")
        python = outside / "venv" / "bin" / "python"
        run(BIN / "python", "-m", "pip", "--python", python, "install", "-q", "--disable-pip-version-check",
            built)
        pokerspec = outside / "venv" / "bin" / "pokerspec"
        (where,) = output(python, "-c", "import pokerspec; print(pokerspec.__file__)", cwd=outside)
        expect(where.startswith(str(outside)), f"pokerspec imported from {where}, not the fresh environment")
        output(python, "-c", IMPORT_ALL, cwd=outside)
        output(pokerspec, "--version", cwd=outside)
        cases = len(list((ROOT / "conformance" / "vectors").rglob("*.json")))
        listed = output(pokerspec, "conformance", "list", "--json", cwd=outside)
        expect(len(listed) == cases, f"the wheel lists {len(listed)} cases, the checkout has {cases}")
        serve = f"exec:{shlex.quote(str(python))} -m pokerspec.conformance.serve"
        output(pokerspec, "conformance", "run", "--quiet", "--strict", "--impl", serve,
               "--require", "core", "archie", "auction", "stud", cwd=outside)
        if shutil.which("node"):
            output(pokerspec, "conformance", "run", "--quiet", "--strict", "--impl",
                   f"exec:node {shlex.quote(str(JS_EXAMPLE))}", "--require", "core", "archie", "auction",
                   "stud", cwd=outside)
        else:
            print("  (node is not installed: the JavaScript example was not run)")
        output(pokerspec, "golden", "check", "--game", "core", cwd=outside)
        output(pokerspec, "perft", "--position", "stud-streets-0702", cwd=outside)


IMPORT_ALL = """
import importlib, pkgutil, pokerspec
broken = []
for module in pkgutil.walk_packages(pokerspec.__path__, "pokerspec."):
    try:
        importlib.import_module(module.name)
    except ImportError as exc:
        broken.append(f"{module.name}: {exc}")
print("every module imports with the declared dependencies only" if not broken else "\\n".join(broken))
raise SystemExit(1 if broken else 0)
"""
"""Every module of the installed package imports with nothing but its declared dependencies."""


def test(argv: list[str]) -> None:
    steps = Steps(6)
    steps("set up .venv with every extra, and the JavaScript libraries graded by compliance")
    setup("dev,peers,docs")
    npm_ci(JS_ADAPTERS)
    steps("ruff")
    run(BIN / "ruff", "check", "reference", "conformance", "docs", "benchmarks", "tasks.py")
    steps("mypy --strict")
    run(BIN / "mypy", "reference/pokerspec", "conformance/adapters", "benchmarks", "docs/hooks")
    steps("the independent JavaScript engine: types, unit tests, the whole suite")
    js_engine()
    steps("the wheel, installed in a fresh environment outside the checkout")
    wheel()
    steps("pytest (two workers; a dot per test)")
    run(BIN / "python", "-m", "pytest", "-n", "2", "-q", "--durations=5", *argv)
    print(f"\nall checks passed in {time.monotonic() - steps.began:.0f} s")


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
    commands = {"conformance": conformance, "test": test, "docs": docs, "mutation": mutation}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(f"usage: python3 tasks.py {{{'|'.join(commands)}}} [args...]")
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
