"""Differential fuzzing finds deliberately wrong rules without any hand-written case: each
mutant of ``pokerspec.regress.mutants`` is served in its own process (``exec:``) and fuzzed
against the unpatched reference, under each profile of its game (core mutants: under each
game's default), until a disagreement shows. Mutants that only a tie reveals are found thanks
to the corpus's rank-grouped decks (``pokerspec.regress.corpus.grouped_by_rank``)."""

from __future__ import annotations

import os
import shlex
import sys
from contextlib import ExitStack
from pathlib import Path

import pytest
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.fuzz.hands import fuzz
from pokerspec.profiles import all_profiles, default_profile
from pokerspec.regress.mutants import MUTANTS, Mutant

HERE = Path(__file__).resolve()
HANDS = {"archie": 200, "auction": 200, "stud": 150}
"""Random hands per profile."""

OUT_OF_REACH = {
    "archie-reserve-forty": "the fuzzer deals the profile's own stacks, never one under the reserve",
    "auction-reserve-ten": "the fuzzer deals the profile's own stacks, never one under the reserve",
    "auction-eight-players": "the fuzzer seats the profile's own table, never an eighth player",
    "archie-odd-chip-to-dealer": "needs a tied pot with an odd chip, which Archie's stakes rarely make in "
                                 "this many random hands",
    "archie-tie-not-shared": "needs two equal Archie hands, too rare in this many random hands",
    "core-low-trips-over-two-pair": "needs two low hands of trips and two pair meeting, too rare in "
                                    "this many random hands",
    "core-suits-from-spades": "the fuzzer deals whole shuffled decks, so no deck is ever completed",
    "core-deck-suit-by-suit": "the fuzzer deals whole shuffled decks, so no deck is ever completed",
    "core-rest-descending": "the fuzzer deals whole shuffled decks, so no deck is ever completed",
    "core-duplicate-by-spelling": "the fuzzer writes every card canonically, so a repeat is never spelled "
                                  "another way",
    "core-fraction-rounded-down": "the fuzzer's stacks are whole numbers",
    "core-button-round-the-table": "the fuzzer's dealer is always one of the seats",
    "core-split-of-the-paid": "the fuzzer plays hands and never sends a split request",
    "archie-three-seats-dealt": "the fuzzer seats the profile's own table, never a third seat",
    "archie-dealer-seat-wraps": "the fuzzer names one of the two seats as the dealer, never another",
    "archie-one-way-per-hand": "needs a straight or flush of eight or lower at a showdown, too rare in "
                               "this many random hands",
    "archie-low-is-not-high": "needs a straight or flush of eight or lower at a showdown, too rare in "
                              "this many random hands",
    "archie-wheel-ace-high": "needs the wheel to meet another straight at a showdown, too rare in this "
                             "many random hands",
    "archie-straight-over-flush": "needs a straight to meet a flush at a showdown, too rare in this many "
                                  "random hands",
    "archie-low-from-the-lowest": "needs two qualified lows that the top card and the bottom card order "
                                  "differently, too rare in this many random hands",
    "archie-low-by-total": "needs two qualified lows that the top card and the total order differently, "
                           "too rare in this many random hands",
    "archie-halves-swapped": "only an odd pot shows it, and no pot of a hand is odd (ARC-14): the showdown "
                             "cases have one",
    "archie-winners-share-equally": "needs a tie in one direction and another winner in the other, too "
                                    "rare in this many random hands",
    "auction-carry-ignored": "the fuzzer starts every hand with an empty pot, never one carried over",
    "auction-row-for-every-seat": "the fuzzer deals the profile's own stacks, so nobody sits out and a row "
                                  "for every seat is a row for every player",
    "stud-empty-seat-dealt-in": "the fuzzer deals the profile's own stacks, never an empty seat",
    "stud-short-bring-in-skipped": "the fuzzer deals the profile's own stacks, never one short of the "
                                   "bring-in",
    "stud-short-bring-in-no-all-in-open": "the fuzzer deals the profile's own stacks, never one short of a "
                                          "full bet",
    "stud-stakes-ignored": "the fuzzer's hands carry no stakes of their own",
    "stud-completion-to-twice-the-bring-in": "every stud profile's small bet is twice its bring-in, and the "
                                             "fuzzer's hands carry no stakes of their own",
}
"""Misreadings the random hands of this test cannot reach, and why: the cases kill each of them
(``pokerspec coverage`` and conformance/misreadings/killed.json say which)."""

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


def targets(mutant: Mutant) -> list[tuple[str, str]]:
    """(game, profile) pairs to fuzz, the likeliest first."""
    if mutant.game == "core":
        return [(g, default_profile(g).name) for g in ("auction", "stud", "archie")]
    mine = sorted((p for p in all_profiles().values() if p.game == mutant.game),
                  key=lambda p: (not p.default, p.name))
    return [(mutant.game, p.name) for p in mine]


def fuzz_mutant(mutant: Mutant, seed: int = 1) -> str | None:
    """The first profile under which fuzzing finds ``mutant``, or None if it survives."""
    command = shlex.join(["env", f"POKERSPEC_MUTANT={mutant.name}", sys.executable, "-m",
                          "pokerspec.conformance.serve", f"python:{HERE}:MutantEngine"])
    engine = open_engine(f"exec:{command}", timeout=60)
    try:
        for game, profile in targets(mutant):
            if fuzz(engine, game, profile, HANDS[game], seed, shrink=False, stop=True).findings:
                return profile
    finally:
        engine.close()
    return None


@pytest.mark.slow
@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_fuzzing_finds_the_mutant(mutant: Mutant) -> None:
    if mutant.name in OUT_OF_REACH:
        pytest.skip(f"{mutant.name}: {OUT_OF_REACH[mutant.name]}")
    found = fuzz_mutant(mutant)
    assert found, f"{mutant.name} ({mutant.wrong}) survived the random hands"
