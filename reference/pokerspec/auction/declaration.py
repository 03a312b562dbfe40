"""High, low or both: the sealed declaration and the two hands (spec/auction/04-declaration.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from pokerspec.core.cards import Card
from pokerspec.core.high import HighRank, high_rank
from pokerspec.core.low import LowRank, low_rank


class Declaration(Enum):
    """One marker per remaining player: low, high or both (``auction.declare.choices``)."""

    LOW = "l"
    HIGH = "h"
    BOTH = "b"

    @property
    def claims_high(self) -> bool:
        return self is not Declaration.LOW

    @property
    def claims_low(self) -> bool:
        return self is not Declaration.HIGH


@dataclass(frozen=True, slots=True)
class Hands:
    """A player's two ranks, each from its own best five of the seven cards."""

    high: HighRank
    low: LowRank


def evaluate(cards: Sequence[Card]) -> Hands:
    """High is the best ordinary five (``auction.declare.high``); low the best ace-to-five five
    with no qualifier, pairs allowed when unavoidable (``auction.declare.low``). The two fives
    are chosen independently and may differ."""
    return Hands(high_rank(cards), low_rank(cards))
