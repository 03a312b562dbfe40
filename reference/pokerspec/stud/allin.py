"""All-in and side pots (spec/stud/05-allin.md, rules ``stud.allin.*``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from pokerspec.core.chips import Pot, build_pots
from pokerspec.core.types import Chips, Seat


def is_full_bet(increment: int, bet: Chips) -> bool:
    """An all-in bet or raise of at least half a bet counts as a full one: it reopens the betting
    and counts toward the cap; a smaller one does neither (``stud.allin.reopen``)."""
    return 2 * increment >= bet


def betting_over(live: Sequence[Seat], stacks: Sequence[Chips]) -> bool:
    """Nobody can bet any more when at most one player still in the hand has chips; the rest of
    the cards are then dealt without betting and the hands exposed (``stud.allin.runout``)."""
    return sum(1 for s in live if stacks[s] > 0) <= 1


Pots = tuple[tuple[Pot, ...], Mapping[Seat, Chips]]
"""The pots, main pot first, and the excess returned by seat."""


def pots_of(contributed: Sequence[Chips], folded: frozenset[Seat]) -> Pots:
    """Main and side pots from each seat's total for the hand: folded chips stay in as dead
    money, and the excess nobody matched goes back (``stud.allin.pots``, ``core.chips.side-pots``)."""
    return _pots(tuple(contributed), folded)


@lru_cache(maxsize=1024)
def _pots(contributed: tuple[Chips, ...], folded: frozenset[Seat]) -> Pots:
    """``pots_of``, built once for each contribution and fold: the showdown asks for the pots when it
    starts and again to award them, and many hands end with the same chips in."""
    return build_pots({Seat(i): c for i, c in enumerate(contributed)}, folded)


pots_cache_clear = _pots.cache_clear
"""Forget every pot built (for code that replaces ``build_pots``: ``pokerspec.regress.mutants``)."""
