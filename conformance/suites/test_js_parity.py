"""The independent JavaScript engine (conformance/examples/js) and the reference agree on the
amounts and profiles, read from the JavaScript source without running it: a limit changed in the
reference and not in the engine fails here, at once and by name, even while the cases still hold
the old limit (``pokerspec where RULE_ID`` lists the engine's places for a rule).

- every ``export const NAME = <number>`` of ``lib/<game>/`` whose name is a field of the game's
  rules (``MAX_BID`` for ``max_bid``), and every ``camelCase: <number>`` of the stud training
  profile (``bringIn`` for ``bring_in``), equals the default profile's value;
- ``lib/<game>/profiles.js`` names exactly the game's profiles.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pokerspec.profiles import GAMES, all_profiles, default_profile

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "conformance" / "examples" / "js" / "lib"
_CONST = re.compile(r"^export const ([A-Z][A-Z_]*) = (\d+);", re.MULTILINE)
_TRAINING = re.compile(r"\b([a-z]+(?:[A-Z][a-z]*)*): (\d+)\b")
_PROFILE = re.compile(r"^\s*'([a-z]+-[a-z0-9-]+)':", re.MULTILINE)


def _snake(name: str) -> str:
    """``MAX_BID`` and ``maxBid`` -> ``max_bid``."""
    return name.lower() if name.isupper() else re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def constants(game: str) -> list[tuple[str, str, int]]:
    """(where, rules field, value) of the engine's amounts that name a field of the game's rules."""
    rules = default_profile(game).rules
    found: list[tuple[str, str, int]] = []
    for file in sorted((LIB / game).glob("*.js")):
        text = file.read_text(encoding="utf-8")
        pairs = [(m.group(1), m.group(2), m.start()) for m in _CONST.finditer(text)]
        if game == "stud" and file.name == "profiles.js":
            pairs += [(m.group(1), m.group(2), m.start()) for m in _TRAINING.finditer(text)]
        for name, value, at in pairs:
            field = _snake(name)
            if isinstance(getattr(rules, field, None), int):
                line = text.count("\n", 0, at) + 1
                found.append((f"{file.relative_to(ROOT).as_posix()}:{line} {name}", field, int(value)))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_engine_states_the_reference_amounts(game: str) -> None:
    found = constants(game)
    assert found, f"no amount of lib/{game} names a field of the rules"
    rules = default_profile(game).rules
    wrong = [f"{where} = {value}, but {default_profile(game).name} has {field} = {getattr(rules, field)}"
             for where, field, value in found if getattr(rules, field) != value]
    assert not wrong, "the JavaScript engine's amounts differ from the reference:\n  " + "\n  ".join(wrong)


@pytest.mark.parametrize("game", GAMES)
def test_the_engine_offers_every_profile(game: str) -> None:
    offered = set(_PROFILE.findall((LIB / game / "profiles.js").read_text(encoding="utf-8")))
    expected = {name for name, p in all_profiles().items() if p.game == game}
    assert offered == expected, (f"conformance/examples/js/lib/{game}/profiles.js: missing "
                                 f"{sorted(expected - offered)}, unknown {sorted(offered - expected)}")
