"""The table and stakes (spec/archie/01-table.md, rules ``archie.table.*``).

Every amount and choice of the game is a field of the frozen ``ArchieRules``, so a profile is
data: the BARGE default and the Pagat delta (``archie.pagat.*``) differ only in field values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from pokerspec.core.cards import Card, Rank
from pokerspec.core.chips import OddChipRule
from pokerspec.core.game import RulesError, SetupError
from pokerspec.core.types import Chips, Seat

PLAYERS = 2
"""Exactly two players (``archie.table.players``)."""

BETTING_ROUNDS = 4
"""Four betting rounds: before the first draw and after each of the three draws."""


class NoQualifier(Enum):
    """What happens at a showdown where no hand qualifies in either direction."""

    BEST_HIGH = "best-high"
    """The best ordinary high hand takes the whole pot (``archie.award.nobody``)."""
    EQUAL_SPLIT = "equal-split"
    """The pot is shared equally by the players at the showdown (``archie.pagat.nobody``)."""


@dataclass(frozen=True, slots=True)
class ArchieRules:
    """The stakes and choices of one profile (``archie.table.blinds``, ``archie.table.limits``,
    ``archie.table.cap``, ``archie.table.reserve``)."""

    small_blind: Chips = Chips(1)
    """The small blind (``archie.table.blinds``)."""
    big_blind: Chips = Chips(2)
    """The big blind, the first bet of round 1 (``archie.table.blinds``)."""
    small_bet: Chips = Chips(2)
    """The unit of betting rounds 1 and 2 (``archie.table.limits``)."""
    big_bet: Chips = Chips(4)
    """The unit of betting rounds 3 and 4 (``archie.table.limits``)."""
    cap: int = 4
    """Bets per round: one bet and three raises; in round 1 the big blind is the bet
    (``archie.table.cap``)."""
    reserve: Chips = Chips(48)
    """Chips a seat must hold to be dealt in (``archie.table.reserve``)."""
    high_pair: Rank = Rank(6)
    """The lowest pair that qualifies for high (``archie.qualify.high``)."""
    no_qualifier: NoQualifier = NoQualifier.BEST_HIGH
    """Who wins when no hand qualifies (``archie.award.nobody``)."""
    odd_chip: OddChipRule = OddChipRule.REMAINDER_TO_FIRST
    """How the remainder of a tied share is given out (``archie.award.odd-chip``)."""

    def __post_init__(self) -> None:
        """The big blind is the small bet and the reserve covers the most a seat can put in,
        else a ``RulesError`` with the arithmetic (the class docstring names the rules)."""
        if self.big_blind != self.small_bet:
            raise RulesError(f"archie rules: big blind {self.big_blind} ≠ small bet {self.small_bet}: the "
                             "big blind is the first bet of round 1, so it must equal the small bet")
        need = max_contribution(self)
        if self.reserve < need:
            terms = " + ".join(f"{self.cap}×{unit(self, r)}" for r in range(BETTING_ROUNDS))
            raise RulesError(f"archie rules: reserve {self.reserve} < {terms} = {need} (the cap in every "
                             f"betting round): a reserve of {self.reserve} does not cover {need}")


def unit(rules: ArchieRules, betting_round: int) -> Chips:
    """The bet and raise size of betting round 0..3 (``archie.table.limits``)."""
    return rules.small_bet if betting_round < 2 else rules.big_bet


def max_contribution(rules: ArchieRules) -> Chips:
    """The most one seat can put in a hand: the cap in every round, 8 + 8 + 16 + 16 = 48
    by default (``archie.table.reserve``)."""
    return Chips(sum(rules.cap * unit(rules, r) for r in range(BETTING_ROUNDS)))


def check_setup(stacks: Sequence[Chips], dealer: Seat, deck: Sequence[Card], rules: ArchieRules) -> None:
    """Refuse a deal the table does not allow (``core.contract.setup``): not exactly two seats or a
    dealer who is not one of them (``archie.table.players``), a seat below the reserve
    (``archie.table.reserve``), or a deck that is not the 52 distinct cards (``archie.table.deck``)."""
    if len(stacks) != PLAYERS or not 0 <= dealer < PLAYERS:
        raise SetupError("bad_seats", f"Archie is dealt to exactly {PLAYERS} seats, one of them the dealer")
    for seat, stack in enumerate(stacks):
        if stack < rules.reserve:
            raise SetupError(
                "short_stack", f"seat p{seat + 1} has {stack} chips; {rules.reserve} are needed to deal"
            )
    if len(deck) != 52 or len(set(deck)) != 52:
        raise SetupError("bad_deck", "the deck must be the 52 distinct cards, without jokers")


def non_dealer(dealer: Seat) -> Seat:
    """The seat that is not the dealer: the big blind (``archie.table.blinds``)."""
    return Seat(1 - dealer)
