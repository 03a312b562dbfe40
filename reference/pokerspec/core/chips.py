"""Chips: amounts, splitting a share among tied winners, high-low halves and side pots
(spec/core/06-chips.md, rules ``core.chips.*``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from pokerspec.core.types import Chips, Seat


class OddChipRule(Enum):
    """How the remainder of a tied split is given out (``core.chips.split``)."""

    REMAINDER_TO_FIRST = "remainder-to-first"
    """The whole remainder to the first winner in priority order (the seeds)."""
    ONE_EACH = "one-each"
    """One chip each to the first winners in priority order (TDA/BARGE)."""


def amount(value: object) -> Chips:
    """Accept a non-negative integer amount; reject anything else (``core.chips.amount``)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"bad amount {value!r}: chips are non-negative integers")
    return Chips(value)


def split(
    total: Chips, winners: Sequence[Seat], rule: OddChipRule = OddChipRule.REMAINDER_TO_FIRST
) -> dict[Seat, Chips]:
    """Split ``total`` among ``winners`` given in the game's priority order (``core.chips.split``)."""
    if not winners:
        raise ValueError("a split needs at least one winner")
    if len(set(winners)) != len(winners):
        raise ValueError("a winner is listed twice")
    base, rest = divmod(amount(total), len(winners))
    shares = {seat: Chips(base) for seat in winners}
    if rule is OddChipRule.REMAINDER_TO_FIRST:
        shares[winners[0]] = Chips(base + rest)
    else:
        for seat in winners[:rest]:
            shares[seat] = Chips(base + 1)
    return shares


def high_low_halves(total: Chips) -> tuple[Chips, Chips]:
    """(high half, low half); the odd chip of the whole pot goes to high (``core.chips.odd-to-high``)."""
    low = amount(total) // 2
    return Chips(total - low), Chips(low)


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its amount and the seats that may win it (``core.chips.side-pots``)."""

    amount: Chips
    eligible: tuple[Seat, ...]


def build_pots(
    contributed: Mapping[Seat, Chips], folded: frozenset[Seat] | set[Seat]
) -> tuple[tuple[Pot, ...], dict[Seat, Chips]]:
    """Main and side pots from each seat's total contribution for the hand (``core.chips.side-pots``).

    First the uncalled excess — what the largest contributor put in above the second largest —
    goes back to him if he is still in the hand (``core.chips.uncalled``). Then each level at
    which a live seat's contribution stops closes a pot that the live seats reaching it may win.
    Folded chips are dead money in every level they reach, the last pot taking whatever is above
    the highest live level, and are never returned (``core.chips.dead``).
    Returns the pots, main pot first, and the returned excess.
    """
    paid = {seat: amount(c) for seat, c in contributed.items()}
    returned: dict[Seat, Chips] = {}
    if paid:
        seat = max(paid, key=lambda s: paid[s])
        second = max((c for s, c in paid.items() if s != seat), default=0)
        if seat not in folded and paid[seat] > second:
            returned[seat] = Chips(paid[seat] - second)
            paid[seat] = Chips(second)
    live = sorted(s for s in paid if s not in folded)
    levels = sorted({paid[s] for s in live if paid[s] > 0})
    pots: list[Pot] = []
    previous = 0
    for i, level in enumerate(levels):
        last = i == len(levels) - 1
        size = sum(
            (c if last else min(c, level)) - min(c, previous) for c in paid.values() if c > previous
        )
        eligible = tuple(s for s in live if paid[s] >= level)
        if size:
            pots.append(Pot(Chips(size), eligible))
        previous = level
    if not levels and any(paid.values()):
        raise ValueError("chips in the pot but no live seat to win them")
    return tuple(pots), returned
