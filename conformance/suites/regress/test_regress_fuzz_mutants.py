"""Differential fuzzing finds deliberately wrong rules without any hand-written case: each
mutant of ``pokerspec.conformance.mutants`` that changes how a hand is played or paid is served
in its own process (``exec:``) and fuzzed against the unpatched reference."""

from __future__ import annotations

import os
import shlex
import sys
from contextlib import ExitStack
from pathlib import Path

import pytest
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.fuzz import fuzz
from pokerspec.conformance.mutants import MUTANTS, Mutant
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.profiles import all_profiles

HERE = Path(__file__).resolve()
HANDS = {"archie": 200, "auction": 40, "stud": 150}
"""Random hands per mutant (auction hands are the slowest)."""
FUZZED = [m for m in MUTANTS if m.game in HANDS]


class MutantEngine(ReferenceEngine):
    """The reference with the mutant named by ``POKERSPEC_MUTANT`` patched in for good."""

    def __init__(self) -> None:
        super().__init__()
        chosen = {m.name: m for m in MUTANTS}[os.environ["POKERSPEC_MUTANT"]]
        self._patched = ExitStack()
        self._patched.enter_context(chosen.patch())

    def close(self) -> None:
        super().close()
        self._patched.close()


def fuzz_mutant(mutant: Mutant, seed: int = 1) -> str | None:
    """The first profile of the mutant's game (default first) under which fuzzing finds it."""
    command = shlex.join(["env", f"POKERSPEC_MUTANT={mutant.name}", sys.executable, "-m",
                          "pokerspec.conformance.serve", f"python:{HERE}:MutantEngine"])
    engine = open_engine(f"exec:{command}", timeout=60)
    profiles = sorted((p for p in all_profiles().values() if p.game == mutant.game),
                      key=lambda p: (not p.default, p.name))
    try:
        for profile in profiles:
            if fuzz(engine, mutant.game, profile.name, HANDS[mutant.game], seed, shrink=False).finding:
                return profile.name
    finally:
        engine.close()
    return None


@pytest.mark.slow
@pytest.mark.parametrize("mutant", FUZZED, ids=[m.name for m in FUZZED])
def test_fuzzing_finds_the_mutant(mutant: Mutant) -> None:
    if mutant.name in SURVIVORS:
        pytest.skip(SURVIVORS[mutant.name])
    found = fuzz_mutant(mutant)
    assert found, f"{mutant.name} ({mutant.wrong}) survived {HANDS[mutant.game]} random hands per profile"


SURVIVORS: dict[str, str] = {}
"""Mutants random hands do not reach, with the reason."""
