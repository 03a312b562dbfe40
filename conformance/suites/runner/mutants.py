"""Mutation check: the reference with one rule deliberately wrong, served over the exec protocol.

    python mutants.py NAME

The suite must catch every mutant: at least one required case fails, and the failing cases pin
the rule that was broken (``test_runner_mutants.py``). Each mutant is patched into a fresh
process before anything is ranked, so the lookup tables are built from the wrong rule too.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Mapping

import pokerspec.archie.award
import pokerspec.archie.betting
import pokerspec.auction.award
import pokerspec.conformance.reference_engine
import pokerspec.core.high
import pokerspec.core.low
from pokerspec.archie.table import ArchieRules
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.conformance.serve import serve
from pokerspec.core.cards import Card, Rank, rank_of
from pokerspec.core.game import Game, Json
from pokerspec.core.types import Chips
from pokerspec.stud.profiles import OddChipOrder, StudRules


def _rules_mutant(change: Callable[[object], object]) -> None:
    """Every profile's rules pass through ``change`` before the game sees them."""
    original = ReferenceEngine._rules

    def _rules(self: ReferenceEngine, message: Mapping[str, Json]) -> tuple[Game[object, object], object]:
        game, rules = original(self, message)
        return game, change(rules)

    ReferenceEngine._rules = _rules  # type: ignore[method-assign]


def nines() -> None:
    """Archie's high qualifier is a pair of nines under every profile (BARGE says sixes)."""
    _rules_mutant(lambda r: dataclasses.replace(r, high_pair=Rank(9)) if isinstance(r, ArchieRules) else r)


def odd_chip_to_low() -> None:
    """A high-low pot's odd chip goes to the low half (the rule: to high)."""

    def halves(total: Chips) -> tuple[Chips, Chips]:
        return Chips(total // 2), Chips(total - total // 2)

    for module in (pokerspec.archie.award, pokerspec.auction.award, pokerspec.conformance.reference_engine):
        module.high_low_halves = halves  # type: ignore[attr-defined]


def no_big_blind_option() -> None:
    """Archie's first round closes as soon as the small blind calls: the big blind gets no option."""

    def closed(rnd: pokerspec.archie.betting.Round) -> bool:
        called_blind = rnd.raises == 1 and len(rnd.acted) == 1 and rnd.bets[0] == rnd.bets[1] > 0
        return called_blind or (len(rnd.acted) == 2 and rnd.bets[0] == rnd.bets[1])

    pokerspec.archie.betting.Round.closed = property(closed)  # type: ignore[assignment]


def stud_odd_chip_by_suit() -> None:
    """Stud's odd chip goes by highest card and suit under every profile (the seed: first shown)."""
    _rules_mutant(lambda r: dataclasses.replace(r, odd_chip_order=OddChipOrder.HIGH_CARD_SUIT)
                  if isinstance(r, StudRules) else r)


def no_wheel() -> None:
    """A-2-3-4-5 is not a straight."""
    original = pokerspec.core.high.straight_top

    def straight_top(ranks: list[int]) -> int | None:
        top = original(ranks)
        return None if top == 5 else top

    pokerspec.core.high.straight_top = straight_top  # type: ignore[assignment]


def ace_high_low() -> None:
    """In ace-to-five low the ace counts high (as in deuce-to-seven)."""

    def low_value(card: Card) -> int:
        return rank_of(card)

    pokerspec.core.low.low_value = low_value


MUTANTS: dict[str, Callable[[], None]] = {
    "nines": nines, "odd-chip-to-low": odd_chip_to_low, "no-big-blind-option": no_big_blind_option,
    "stud-odd-chip-by-suit": stud_odd_chip_by_suit, "no-wheel": no_wheel, "ace-high-low": ace_high_low,
}


if __name__ == "__main__":
    MUTANTS[sys.argv[1]]()
    serve(ReferenceEngine(), sys.stdin.fileno(), sys.stdout.buffer)
