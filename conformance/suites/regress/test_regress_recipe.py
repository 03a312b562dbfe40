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
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest
from pokerspec.auction.profiles import SEED
from pokerspec.core.types import Chips

ROOT = Path(__file__).resolve().parents[3]
TESTS = ("conformance/", "docs/")
"""Where the test files are (a pytest node ID begins with one)."""


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


def change_b() -> list[tuple[str, str, str]]:
    """Change B as a maintainer makes it first: stud's odd chip to the tied player nearest the
    button's left instead of the one who showed first (``stud.showdown.odd-chip``, the seed's order;
    the suit order of ``stud-odd-chip-suit`` stays): the showdown and the engine hand the button to
    the award, and the English paragraph says so, nothing else yet."""
    showdown, engine = "reference/pokerspec/stud/showdown.py", "reference/pokerspec/stud/engine.py"
    return [
        (showdown, "rules: StudRules\n) -> list[Seat]:",
         "rules: StudRules,\n    clockwise: Sequence[Seat],\n) -> list[Seat]:"),
        (showdown, "    return winners\n", "    return [s for s in clockwise if s in winners]\n"),
        (showdown, "shares = split(pot.amount, _odd_chip_priority(winners, own, rules), rules.odd_chip_rule)",
         "priority = _odd_chip_priority(winners, own, rules, from_left(seats, button))\n"
         "        shares = split(pot.amount, priority, rules.odd_chip_rule)"),
        (showdown, "common: Card | None, rules: StudRules,\n) -> Outcome:",
         "common: Card | None, rules: StudRules,\n    button: Seat,\n) -> Outcome:"),
        (showdown, "for s in live}, None, rules)",
         "for s in live}, None, rules,\n                 setup.dealer)"),
        (engine, "state.common, state.rules)", "state.common, state.rules, state.button)"),
        (engine, "common: Card | None, rules: StudRules,\n) -> Outcome:",
         "common: Card | None, rules: StudRules, button: Seat,\n) -> Outcome:"),
        (engine, "own, common, rules)", "own, common, rules, button)"),
        ("spec/stud/06-showdown.md", "the tied player who **showed first**",
         "the tied player **nearest the button's left**"),
    ]


CHANGES = {"A": change_a, "B": change_b}


def scratch_repo(into: Path, change: str) -> Path:
    """``scratch_copy`` committed as a git repository of its own, then ``change`` made in its work
    tree: the quick loop selects by the files the work tree changes against ``HEAD``, so the
    change is what it sees (a copy without git would show it no change at all)."""
    scratch = scratch_copy(into)
    git = ["git", "-c", "user.name=scratch", "-c", "user.email=scratch@localhost",
           "-c", "commit.gpgsign=false"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "before the change"]):
        subprocess.run([*git, *args], cwd=scratch, check=True, capture_output=True)
    for path, old, new in CHANGES[change]():
        file = scratch / path
        text = file.read_text(encoding="utf-8")
        assert text.count(old) == 1, (path, old)
        file.write_text(text.replace(old, new), encoding="utf-8")
    return scratch


def _keep_going(scratch: Path, junit: Path, *flags: str) -> str:
    """The output of one ``tasks.py test --keep-going`` run in ``scratch``, its JUnit report kept in
    ``junit``."""
    venv = Path(sys.executable).parent.parent
    env = dict(os.environ, POKERSPEC_VENV=str(venv), PYTHONPATH=str(scratch / "reference"),
               POKERSPEC_JUNIT=str(junit))
    for name in ("POKERSPEC_RECIPE_TEST", "POKERSPEC_QUICK_AGREES_TEST"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "tasks.py", "test", "--keep-going", *flags], cwd=scratch, env=env,
                          capture_output=True, text=True, timeout=7200, check=False)
    return done.stdout + done.stderr


def failed_steps(out: str) -> set[str]:
    """The steps other than pytest a ``--keep-going`` report lists as failed, by their
    ``STEP_FIXES`` key (the quick and the full run title them differently), else their title."""
    lines = out[out.find("place(s) failed"):].splitlines() if "place(s) failed" in out else []
    keys = {f"fix: {fix}": key for key, fix in _tasks().STEP_FIXES.items()}
    found = set()
    for line, after in zip(lines, [*lines[1:], ""], strict=True):
        if line.startswith("  FAILED ") and not re.search(r"\.py: \d+ test\(s\)$", line):
            found.add(keys.get(after.strip(), line.removeprefix("  FAILED ").split(":")[0]))
    return found


def junit_id(node: str) -> tuple[str, str]:
    """A pytest node ID as its JUnit report names it: (``classname``, ``name``)."""
    path, *inner = node.split("::")
    return ".".join([path.removesuffix(".py").replace("/", "."), *inner[:-1]]), inner[-1]


def failed_in(junit: Path) -> set[tuple[str, str]]:
    """The tests a JUnit report records as failed or errored."""
    import xml.etree.ElementTree as ET

    if not junit.exists():
        return set()
    return {(case.get("classname", ""), case.get("name", "")) for case in ET.parse(junit).iter("testcase")
            if case.find("failure") is not None or case.find("error") is not None}


@pytest.mark.skipif(not os.environ.get("POKERSPEC_QUICK_AGREES_TEST"),
                    reason="one full run per change (a quarter of an hour or more each): "
                           "set POKERSPEC_QUICK_AGREES_TEST=1")
@pytest.mark.parametrize("change", ["A", "B"])
def test_the_quick_loop_fails_wherever_the_full_run_does(tmp_path: Path, change: str) -> None:
    """Change A (Auction's bids 1 to 4, the reserve its invariant then needs, the English
    paragraphs) or B (stud's odd chip to the tied player nearest the button's left) in a scratch
    repository: every test and every step the full run fails, the quick run fails too.

    The full run is ``tasks.py test --keep-going`` as CI runs it (the JavaScript engine, the wheel,
    all of pytest). The quick run is ``tasks.py test --quick --keep-going`` with pytest collecting
    only: its own steps run (ruff, mypy, both conformance runs, the JavaScript unit tests when
    selected), and each test it selects has, in the same tree, the full run's result, so the full
    run's failures it does not collect are exactly the ones a real quick run would pass. The
    wheel step has no quick counterpart: it runs, from an installed wheel, what the conformance
    runs, golden traces and perft tests run in the tree, so it may fail only beside them."""
    scratch = scratch_repo(tmp_path / "clone", change)
    began = time.monotonic()
    full_out = _keep_going(scratch, tmp_path / "full.xml")
    full_took = time.monotonic() - began
    quick_out = _keep_going(scratch, tmp_path / "quick.xml", "--quick", "--collect-only")
    quick_took = time.monotonic() - began - full_took
    collected = {junit_id(line.strip()) for line in quick_out.splitlines()
                 if line.startswith(TESTS) and "::" in line}
    failed = failed_in(tmp_path / "full.xml")
    steps, quick_steps = failed_steps(full_out) - {"pytest"}, failed_steps(quick_out)
    print(f"change {change}: full run {full_took:.0f} s, {len(failed)} test(s) and {len(steps)} step(s) "
          f"failed {sorted(steps)}; quick run's own steps {quick_took:.0f} s, {len(collected)} test(s) "
          f"selected, steps failed {sorted(quick_steps)}")
    assert collected, quick_out[-3000:]
    assert failed or steps, "the change should break something:\n" + full_out[-3000:]
    missed = sorted(failed - collected)
    assert not missed, f"the quick loop is green where the full run fails: {missed}"
    if quick_steps or failed & collected:  # the quick run is red: the wheel's failures are the others'
        steps.discard("wheel")
    assert steps <= quick_steps, f"steps only the full run fails: {sorted(steps - quick_steps)}"
