"""Every alternative profile changes only what it says it changes: diffed against its game's
default over the cases and a random corpus, each changed case or hand differs only where the
profile's rules act. Also ``pokerspec profiles``."""

from __future__ import annotations

import argparse
import json
from functools import cache
from typing import cast

import pytest
from pokerspec.conformance.cases import Case, load_cases
from pokerspec.core.game import Json
from pokerspec.profiles import GAMES, all_profiles, default_profile
from pokerspec.regress import listing
from pokerspec.regress.diff import Report, collect, compare

SHOWDOWN_VERBS = {"sm", "mu"}


@cache
def _cases() -> tuple[Case, ...]:
    return tuple(load_cases()[0])


def _diff(profile: str, hands: int) -> Report:
    game = all_profiles()[profile].game
    base = default_profile(game).name
    cases = _cases()
    return compare(collect(base, [base, profile], hands, 7, cases),
                   collect(profile, [base, profile], hands, 7, cases))


def _showdown_step(step: Json) -> bool:
    """A step where only showing or mucking is possible (the showdown order acts there)."""
    if not isinstance(step, dict):
        return False
    legal = cast(list[str], step.get("legal", []))
    return bool(legal) and all(a.split()[1] in SHOWDOWN_VERBS for a in legal)


@pytest.mark.parametrize(("profile", "hands"), [("archie-pagat", 120), ("auction-buderick", 50),
                                               ("stud-odd-chip-suit", 120)])
def test_only_the_award_changes(profile: str, hands: int) -> None:
    report = _diff(profile, hands)
    assert report.changes, "the profile's own cases at least must change"
    changes = set(all_profiles()[profile].changes)
    for change in report.changes:
        assert change.where == "outcome", change
        if change.kind == "corpus":
            assert set(change.rules) == changes


def test_last_aggressor_changes_only_the_showdown() -> None:
    report = _diff("stud-last-aggressor", 120)
    assert report.changes, "some random showdowns have a last aggressor who is not the best board"
    for change in report.changes:
        if change.where == "step":
            assert _showdown_step(change.a) and _showdown_step(change.b), change
        else:
            assert change.where == "outcome", change


def test_reshuffled_burns_change_only_crowded_tables() -> None:
    # Only a table that runs out of cards on seventh street (STUD-9) can be affected.
    report = _diff("stud-reshuffle-burns", 150)
    assert any(c.kind == "corpus" for c in report.changes), "seed 7 deals crowded tables that run short"
    for change in report.changes:
        if change.kind != "corpus":
            continue
        setup = cast(dict[str, list[int]], report.a.traces[change.id]["setup"])
        assert len(setup["stacks"]) >= 7, change
        assert change.where == "outcome" or _showdown_step(change.a), change


def test_profiles_listing(capsys: pytest.CaptureFixture[str]) -> None:
    rows = listing.listing()
    assert {r["name"] for r in rows} == set(all_profiles())
    for game in GAMES:
        mine = [r for r in rows if r["game"] == game]
        assert mine[0]["default"] is True, "the default is listed first"
        assert sum(1 for r in mine if r["default"]) == 1
        assert all(r["changes"] for r in mine if not r["default"]), "an alternative names what it changes"
    parser = argparse.ArgumentParser()
    listing.register(parser.add_subparsers(), "profiles")
    args = parser.parse_args(["profiles", "--game", "archie", "--json"])
    assert args.handler(args) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in shown] == ["archie-barge", "archie-pagat"]
