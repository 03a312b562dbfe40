"""Rule profiles as data (spec/profiles.md, rules ``*.profile.*``).

A profile names a game and a frozen rules object; the defaults are the rules the chapters
specify, the alternatives are deltas where the sources disagree. Each game package lists its
own in ``pokerspec.<game>.profiles.PROFILES``; this module only gathers them.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Generic, TypeVar

from pokerspec.core.types import RuleId

GAMES = ("archie", "auction", "stud")

R = TypeVar("R", covariant=True)


@dataclass(frozen=True, slots=True)
class Profile(Generic[R]):
    name: str
    """Stable name used by cases and the command line, e.g. ``archie-barge``."""
    game: str
    rules: R
    summary: str
    default: bool = False
    changes: tuple[RuleId, ...] = ()
    """The rule IDs whose behaviour differs from the game's default profile."""


class UnknownProfile(KeyError):
    pass


@cache
def all_profiles() -> dict[str, Profile[object]]:
    found: dict[str, Profile[object]] = {}
    for game in GAMES:
        module = importlib.import_module(f"pokerspec.{game}.profiles")
        for profile in module.PROFILES:
            found[profile.name] = profile
    return found


def get_profile(name: str) -> Profile[object]:
    try:
        return all_profiles()[name]
    except KeyError:
        known = ", ".join(sorted(all_profiles()))
        raise UnknownProfile(f"unknown profile {name!r}; known profiles: {known}") from None


def default_profile(game: str) -> Profile[object]:
    for profile in all_profiles().values():
        if profile.game == game and profile.default:
            return profile
    raise UnknownProfile(f"no default profile for game {game!r}")
