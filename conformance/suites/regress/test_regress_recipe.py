"""The rule-change recipe in one pass (docs/maintainers/regression.md): change A — Auction's
highest bid one higher than today's, with the reserve its invariant then demands, and the English
paragraphs — made in a scratch copy of the clone; ONE ``tasks.py test --quick --keep-going`` run
must list every place the change missed, each with the command that fixes it: the cases, the
JavaScript engine's amounts, the tests with literal limits, the golden traces, the case prose, the
translations.

The scratch run takes about two minutes (over the minute CI allows one test), so it runs when
``POKERSPEC_RECIPE_TEST=1`` is set; the report it reads is checked in CI by the fast test below.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from pokerspec.auction.profiles import SEED
from pokerspec.core.types import Chips

ROOT = Path(__file__).resolve().parents[3]


def _tasks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pokerspec_tasks", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    tasks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tasks)
    return tasks


def test_the_keep_going_report_names_each_place_and_its_fix(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    junit.write_text(
        '<testsuites><testsuite name="pytest">'
        '<testcase classname="conformance.suites.regress.test_regress_golden" name="test_committed">'
        '<failure message="behaviour changed&#10;more">x</failure></testcase>'
        '<testcase classname="conformance.suites.auction.test_auction_rules" name="test_reserve">'
        '<failure message="assert 25 == 20">x</failure></testcase>'
        '<testcase classname="conformance.suites.auction.test_auction_rules" name="test_ok"/>'
        '</testsuite></testsuites>', encoding="utf-8")
    tasks = _tasks()
    tests = tasks.failed_tests(junit)
    assert tests == {
        "conformance/suites/regress/test_regress_golden.py": [("test_committed", "behaviour changed")],
        "conformance/suites/auction/test_auction_rules.py": [("test_reserve", "assert 25 == 20")]}
    lines = tasks.report([("ruff: exit status 1", "ruff")], tests)
    text = "\n".join(lines)
    assert lines[0].startswith("==> 3 place(s) failed")
    assert "FAILED conformance/suites/regress/test_regress_golden.py: 1 test(s)" in text
    assert "fix: pokerspec golden update" in text
    assert f"fix: {tasks.OTHER_TESTS}" in text and "fix: ruff check --fix" in text
    fixes = lines[lines.index("the fixes, once each:") + 1:]
    assert len(fixes) == 3 and fixes[0].startswith("  ruff check --fix")


def scratch_copy(into: Path) -> Path:
    """The clone's files without its environment, caches and git; the pinned npm packages linked."""
    ignore = shutil.ignore_patterns(".venv", ".git", "node_modules", "__pycache__", ".mypy_cache",
                                    ".ruff_cache", ".pytest_cache", "*.egg-info", "build", "site", "dist")
    shutil.copytree(ROOT, into, symlinks=True, ignore=ignore)
    for js in ("conformance/examples/js", "conformance/adapters/js"):
        if (ROOT / js / "node_modules").is_dir():
            (into / js / "node_modules").symlink_to(ROOT / js / "node_modules")
    return into


def change_a() -> list[tuple[str, str, str]]:
    """Change A as a maintainer makes it first, from today's values: the rules object (the
    highest bid one higher, the reserve raised as the configuration error's arithmetic asks) and
    the English paragraphs, nothing else yet."""
    rules = SEED
    top = Chips(rules.max_bid + 1)
    need = rules.ante + rules.auctions * top + rules.cap
    reserve = max(rules.reserve, need)

    def bids(highest: int) -> str:
        return ", ".join(map(str, range(rules.min_bid, highest))) + f" or {highest}"

    setup, auctions = "reference/pokerspec/auction/setup.py", "spec/auction/02-auctions.md"
    low, high = rules.min_bid, rules.max_bid
    return [
        (setup, f"max_bid: Chips = Chips({rules.max_bid})", f"max_bid: Chips = Chips({top})"),
        (setup, f"reserve: Chips = Chips({rules.reserve})", f"reserve: Chips = Chips({reserve})"),
        (auctions, f"a bid of {bids(high)} chips", f"a bid of {bids(top)} chips"),
        (auctions, f"from {low} to {high}", f"from {low} to {top}"),
        ("spec/auction/01-setup.md", f"| {bids(rules.max_bid)} |", f"| {bids(top)} |"),
        ("spec/auction/01-setup.md", f"at least {rules.reserve} chips", f"at least {reserve} chips"),
        ("spec/auction/01-setup.md", f"({rules.auctions} × {rules.max_bid})", f"({rules.auctions} × {top})"),
    ]


MISSED = {
    "conformance/suites/test_js_parity.py": "fix: change the JavaScript engine's amounts",
    "conformance/suites/auction/test_auction_rules.py": "",
    "conformance/suites/auction/test_auction_cases.py": "",
    "conformance/suites/regress/test_regress_golden.py": "pokerspec golden update",
    "docs/tests/test_case_prose.py": "rewrite the case's explanation",
    "docs/tests/test_spec_numbers.py": "edit the translations",
}
"""Every place change A misses, as the report names it (its test file), and what the report says."""


@pytest.mark.skipif(not os.environ.get("POKERSPEC_RECIPE_TEST"),
                    reason="about two minutes: set POKERSPEC_RECIPE_TEST=1 to run change A in a scratch copy")
def test_change_a_one_keep_going_run_lists_every_missed_place(tmp_path: Path) -> None:
    scratch = scratch_copy(tmp_path / "clone")
    for path, old, new in change_a():
        file = scratch / path
        text = file.read_text(encoding="utf-8")
        assert old in text, (path, old)
        file.write_text(text.replace(old, new), encoding="utf-8")
    venv = Path(sys.executable).parent.parent
    env = dict(os.environ, POKERSPEC_VENV=str(venv), PYTHONPATH=str(scratch / "reference"))
    env.pop("POKERSPEC_RECIPE_TEST")
    done = subprocess.run([sys.executable, "tasks.py", "test", "--quick", "--keep-going"], cwd=scratch,
                          env=env, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]
    out = done.stdout
    assert out.count("==> ") >= 1 and "place(s) failed" in out, out[-3000:]
    summary = out[out.index("place(s) failed"):]
    for place, says in MISSED.items():
        assert f"FAILED {place}" in summary, f"{place} missing from the report:\n{summary}"
        if says:
            assert says in summary[summary.index(f"FAILED {place}"):], (place, says)
    assert "the fixes, once each:" in summary


def _failed_places(scratch: Path, *flags: str) -> set[str]:
    """The places one ``tasks.py test --keep-going`` run reports as failed (test files and steps)."""
    venv = Path(sys.executable).parent.parent
    env = dict(os.environ, POKERSPEC_VENV=str(venv), PYTHONPATH=str(scratch / "reference"))
    env.pop("POKERSPEC_RECIPE_TEST", None)
    done = subprocess.run([sys.executable, "tasks.py", "test", "--keep-going", *flags], cwd=scratch, env=env,
                          capture_output=True, text=True, timeout=7200, check=False)
    summary = done.stdout[done.stdout.find("place(s) failed"):] if "place(s) failed" in done.stdout else ""
    return {line.split("FAILED ", 1)[1].split(":")[0] for line in summary.splitlines() if "FAILED " in line}


@pytest.mark.skipif(not os.environ.get("POKERSPEC_QUICK_AGREES_TEST"),
                    reason="two full runs (half an hour or more each): set POKERSPEC_QUICK_AGREES_TEST=1")
@pytest.mark.parametrize("change", ["A", "B"])
def test_the_quick_loop_fails_wherever_the_full_run_does(tmp_path: Path, change: str) -> None:
    """Change A (the highest bid, the reserve and the English paragraphs) or B (stud's odd chip to
    the lowest tied seat, ``pokerspec.regress.examples``) in a scratch copy: every test file the
    full run fails, the quick run fails too (only slow and browser tests are the full run's own)."""
    from pokerspec.regress.examples import CHANGES, make

    scratch = scratch_copy(tmp_path / "clone")
    if change == "A":
        for path, old, new in change_a():
            file = scratch / path
            file.write_text(file.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    else:
        make(CHANGES["odd-chip-lowest-seat"], scratch)
    quick, full = _failed_places(scratch, "--quick"), _failed_places(scratch)
    assert full, "the change should break something"
    missed = {p for p in full - quick if p.endswith(".py")}
    assert not missed, f"the quick loop is green where the full run fails: {sorted(missed)}"
