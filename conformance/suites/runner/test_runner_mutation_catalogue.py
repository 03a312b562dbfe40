"""The mutation catalogue (``pokerspec.regress.mutants``): the cases pinning each broken rule kill
its mutant on their own (and so does the suite), the patches leave nothing behind, and
docs/maintainers/mutants.md lists every mutant."""

from __future__ import annotations

import json
import sys
import time
from contextlib import nullcontext
from functools import cache
from pathlib import Path

import pokerspec.archie.award
import pokerspec.auction.award
import pytest
from pokerspec.conformance.grading import grade
from pokerspec.conformance.protocol import handshake
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.conformance.runner import Planned
from pokerspec.core import chips
from pokerspec.core.types import RuleId
from pokerspec.profiles import all_profiles
from pokerspec.regress.mutants import (
    MUTANTS,
    Hang,
    Mutant,
    around,
    check,
    first_cover,
    main,
    markdown,
    page,
    perft_kill,
    recorded,
    row,
    suite,
    time_limit,
)

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "maintainers" / "mutants.md"


PARAMS = [pytest.param(m, id=m.name, marks=[pytest.mark.xfail(strict=True, reason=m.gap)] if m.gap else [])
          for m in MUTANTS]
"""Every mutant; one with a known gap must survive until its case is written (then drop the gap)."""


@cache
def items() -> tuple[Planned, ...]:
    return tuple(suite())


def _failures(mutant: Mutant, planned: tuple[Planned, ...]) -> str:
    found = check(mutant, planned, first_only=True)
    return "" if found.killed else f"{mutant.name} survived {found.runs} required case runs"


def test_the_unpatched_reference_passes_every_required_case() -> None:
    found = check(None, items())
    assert found.runs > 0
    assert not found.failures, [(r.case, r.profile, r.message) for r in found.failures[:5]]


@pytest.mark.parametrize("mutant", PARAMS)
def test_the_cases_pinning_the_broken_rule_kill_it(mutant: Mutant) -> None:
    """Killed by the cases that list its rule alone, so by the whole suite too (each case is graded
    on a hand of its own)."""
    own = tuple(i for i in items() if mutant.rule in i.case.rules)
    assert own, f"no case pins {mutant.rule}"
    assert not _failures(mutant, own), f"the cases pinning {mutant.rule} do not notice the mutant"


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_the_patch_runs_without_an_internal_error(mutant: Mutant) -> None:
    """A mutant must be killed by a wrong answer, not by its own patch failing (a stale signature
    would fail every request and still count as killed): the cases pinning its rule run under it
    without an exception escaping the reference, which answers only the refusals it makes on
    purpose and lets any other exception through."""
    engine = ReferenceEngine()
    handshake(engine)
    with mutant.patch():
        for item in items():
            if mutant.rule in item.case.rules:
                grade(item.case, engine, item.profile)


def test_a_mutant_that_changes_nothing_survives() -> None:
    harmless = Mutant("no-op", "core", RuleId("core.high.wheel"), "nothing", nullcontext)
    found = check(harmless, items(), first_only=True)
    assert not found.killed and not found.pinned
    assert "**SURVIVED**" in markdown([found])


def test_every_patch_is_undone() -> None:
    loaded = {name: dict(vars(module)) for name, module in sys.modules.items()
              if module is not None and name.startswith("pokerspec")}
    for mutant in MUTANTS:
        with mutant.patch():
            pass
    for name, before in loaded.items():
        after = vars(sys.modules[name])
        changed = [k for k, v in before.items() if after.get(k) is not v]
        assert not changed, f"{name}: {changed} still patched"
    assert not check(None, items(), first_only=True).killed


def test_the_names_are_unique_and_the_command_selects_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert len({m.name for m in MUTANTS}) == len(MUTANTS)
    assert main(["--mutant", "archie-barge-nines"]) == 0
    out = capsys.readouterr().out
    assert "archie-barge-nines" in out and "killed, pinned" in out
    assert "core-no-wheel" not in out


def test_the_json_report_names_the_killing_cases(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--mutant", "core-remainder-to-last", "--json"]) == 0
    sane, found = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert sane["mutant"] is None and not sane["killed"] and sane["runs"] > 0
    assert found["mutant"] == "core-remainder-to-last" and found["killed"] and found["pinned"]
    assert any("core.chips.split" in k["rules"] for k in found["killed_by"])


def test_a_patch_reaches_every_copy_imported_by_name() -> None:
    original = chips.split
    with around(chips, "split", lambda split: lambda *args: split(*args)):
        assert chips.split is not original
        assert pokerspec.archie.award.split is chips.split and pokerspec.auction.award.split is chips.split
    assert pokerspec.archie.award.split is original and chips.split is original
    with around(pokerspec.auction.award, "split", lambda split: lambda *args: split(*args), everywhere=False):
        assert pokerspec.auction.award.split is not original and pokerspec.archie.award.split is original


def test_a_hang_is_cut_short() -> None:
    began = time.monotonic()
    with pytest.raises(Hang), time_limit(0.05):
        while True:
            time.sleep(0.01)
    assert time.monotonic() - began < 5


def _rows(text: str) -> list[str]:
    """The mutants' rows of the page (one line each, under its table's head)."""
    return [line for line in text.splitlines() if line.startswith("| `")]


def test_the_maintainers_page_is_its_rows_in_the_catalogue_s_order() -> None:
    """docs/maintainers/mutants.md is ``page`` around one row for each mutant, in ``MUTANTS``'
    order, with the result counted from the rows; each row is checked against a fresh run of its
    mutant below."""
    text = DOC.read_text(encoding="utf-8")
    rows = _rows(text)
    assert [r.split("`")[1] for r in rows] == [m.name for m in MUTANTS], (
        "regenerate: python -m pokerspec.regress.mutants --markdown > docs/maintainers/mutants.md")
    results = [r.split(" | ")[3] for r in rows]
    killed = sum(not r.startswith("**SURVIVED**") for r in results)
    pinned = sum(r.startswith("killed, pinned") for r in results)
    assert text == page(len(rows), killed, pinned, rows)


@pytest.mark.slow
@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_the_record_and_the_page_say_what_kills_the_mutant(mutant: Mutant) -> None:
    """conformance/misreadings/killed.json and the mutant's row of docs/maintainers/mutants.md are
    what the suite and the perft tables do to the mutant now: the first required case that
    fails, the first position whose counts differ, and every failing case."""
    found = check(mutant, items())
    found.perft = perft_kill(mutant)
    entry = recorded()[mutant.name]
    assert entry["rule"] == mutant.rule
    assert entry["case"] == (found.failures[0].case if found.failures else None), \
        "rerun python -m pokerspec.regress.mutants --record"
    assert entry["perft"] == found.perft, "rerun python -m pokerspec.regress.mutants --record"
    assert row(found) in _rows(DOC.read_text(encoding="utf-8")), \
        "regenerate: python -m pokerspec.regress.mutants --markdown > docs/maintainers/mutants.md"


@pytest.mark.parametrize("profile", sorted(all_profiles()))
def test_every_profile_is_covered_by_a_mutant(profile: str) -> None:
    """A case run under every profile kills some mutant (one breaking the profile's changes is
    tried first): a new profile without cases or mutants of its own fails here."""
    assert first_cover(profile, items()) is not None, (
        f"no mutant is killed by a case run under {profile}: add cases listing it and a mutant in "
        "pokerspec/regress/mutants.py that breaks one of its changes under it")
