"""Stale case prose: a case's English explanation (its translations are held to the English by
``test_case_translations``) against the case's own numbers and its profiles' limits.

- **Amounts.** A stack the explanation states against the reserve ("p2 has 19 chips, below the
  20-chip reserve") is the case's stack; a limit it names ("the 20-chip reserve", "outside 1 to
  3") is the limit of every profile the case lists.
- **Boundaries.** A case whose explanation names a boundary must still reach it under every
  profile it lists: "the highest bid" — some seat bids the profile's ``max_bid``; "exactly the
  reserve" — some stack is the reserve; "one short" of the reserve — some stack is one below it.

A limit raised without its cases fails here, naming the case and what it no longer bears out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from pokerspec.auction.setup import AuctionRules
from pokerspec.conformance.cases import Case, load_cases
from pokerspec.core.game import Json
from pokerspec.core.types import Chips
from pokerspec.profiles import get_profile

ROOT = Path(__file__).resolve().parents[2]
CASES = [c for c in load_cases([ROOT / "conformance" / "vectors"])[0] if c.game != "core"]


@dataclass(frozen=True, slots=True)
class Limit:
    """A phrase naming a limit: its number (the first non-empty group) is ``parameter``."""

    game: str
    phrase: re.Pattern[str]
    parameter: str


LIMITS = (
    Limit("auction", re.compile(r"(\d+)-chip reserve|reserve of (\d+)|the (\d+) of the reserve"), "reserve"),
    Limit("archie", re.compile(r"(\d+)-chip reserve|reserve of (\d+)"), "reserve"),
    Limit("auction", re.compile(r"outside 1 to (\d+)|bids? (?:of|from) 1 to (\d+)|1, 2 or (\d+) chips"),
          "max_bid"),
)


def _stacks(case: Case) -> list[int]:
    setup = case.data.get("setup")
    stacks = setup.get("stacks") if isinstance(setup, dict) else None
    return [s for s in stacks if isinstance(s, int)] if isinstance(stacks, list) else []


def _acts(case: Case) -> list[str]:
    steps = case.data.get("steps")
    if not isinstance(steps, list):
        return []
    return [str(s["act"]) for s in steps if isinstance(s, dict) and "act" in s]


def _rule(profile: str, name: str) -> int | None:
    value: Json = getattr(get_profile(profile).rules, name, None)
    return value if isinstance(value, int) else None


@dataclass(frozen=True, slots=True)
class Boundary:
    """A phrase naming a boundary, and whether the case reaches it under a profile."""

    phrase: re.Pattern[str]
    what: str
    reached: Callable[[Case, str], bool]


def _bids_max(case: Case, profile: str) -> bool:
    top = _rule(profile, "max_bid")
    return top is not None and any(re.fullmatch(rf"p\d+ bid {top}", a) for a in _acts(case))


def _stack_at(offset: int) -> Callable[[Case, str], bool]:
    def reached(case: Case, profile: str) -> bool:
        reserve = _rule(profile, "reserve")
        return reserve is not None and reserve + offset in _stacks(case)
    return reached


BOUNDARIES = (
    Boundary(re.compile(r"\bthe highest bid\b", re.I), "the highest bid: some seat bids max_bid", _bids_max),
    Boundary(re.compile(r"\bexactly the reserve\b", re.I), "exactly the reserve: a stack equals it",
             _stack_at(0)),
    Boundary(re.compile(r"\breserve\b.*\bone (?:chip )?short\b", re.I | re.S),
             "one short of the reserve: a stack one below it", _stack_at(-1)),
)
_STACK = re.compile(r"\b(p\d+) (?:has|holds) (\d+) chips?,? (?:below|fewer than|one short|exactly)")
"""A starting stack stated against the reserve ("p2 has 19 chips, below the 20-chip reserve")."""


def problems(case: Case) -> list[str]:
    """What the explanation says that the case or its profiles no longer bear out."""
    text = str(case.data["explanation"]) + " " + str(case.data["title"])
    found: list[str] = []
    stacks = _stacks(case)
    for seat, amount in _STACK.findall(text):
        index = int(seat[1:]) - 1
        if index < len(stacks) and stacks[index] != int(amount):
            found.append(f"says {seat} has {amount} chips; its stack is {stacks[index]}")
    for profile in case.profiles:
        for limit in LIMITS:
            if limit.game != case.game:
                continue
            value = _rule(profile, limit.parameter)
            for match in limit.phrase.finditer(text):
                said = int(next(g for g in match.groups() if g))
                if value is not None and said != value:
                    found.append(f"says {match.group(0)!r}; {limit.parameter} is {value} under {profile}")
        for boundary in BOUNDARIES:
            if boundary.phrase.search(text) and not boundary.reached(case, profile):
                found.append(f"names a boundary it no longer reaches under {profile} ({boundary.what})")
    return sorted(set(found))


@pytest.mark.parametrize("game", ["archie", "auction", "stud"])
def test_explanations_match_their_cases_and_limits(game: str) -> None:
    stale = [f"{c.id} ({c.where}): {p}" for c in CASES if c.game == game for p in problems(c)]
    assert not stale, ("stale case prose (rewrite the explanation and its i18n, or the case, and check "
                       "the boundary it was written for):\n  " + "\n  ".join(stale))


def test_the_checks_see_a_raised_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A case stating the reserve, once the reserve is raised by 5 (with the highest bid, as
    the invariant demands)."""
    from dataclasses import replace

    from pokerspec import profiles

    case = next(c for c in CASES if "-chip reserve" in str(c.data["explanation"]) and c.game == "auction")
    assert problems(case) == []
    seed = profiles.all_profiles()["auction-seed"]
    assert isinstance(seed.rules, AuctionRules)
    reserve = seed.rules.reserve
    raised = replace(seed, rules=replace(seed.rules, max_bid=Chips(seed.rules.max_bid + 1),
                                         reserve=Chips(reserve + 5)))
    monkeypatch.setitem(profiles.all_profiles(), "auction-seed", raised)
    assert any(f"'{reserve}-chip reserve'; reserve is {reserve + 5}" in p for p in problems(case))
