"""Betting actions and closing a round (spec/archie/03-betting.md, rules ``archie.betting.*``).

A ``Round`` is one fixed-limit betting round between the two seats; ``bets`` are round totals.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pokerspec.archie.table import ArchieRules, non_dealer, unit
from pokerspec.core.actions import BET_RAISE, FOLD, Action, betting_actions
from pokerspec.core.types import Chips, Seat


@dataclass(frozen=True, slots=True)
class Round:
    """One betting round: the unit, each seat's total, bets and raises made, who acts next,
    who has acted, and who folded."""

    unit: Chips
    bets: tuple[Chips, Chips]
    raises: int
    """Bets and raises so far; the big blind counts as the bet of round 1 (``archie.table.cap``)."""
    to_act: Seat
    acted: frozenset[Seat] = frozenset()
    folded: Seat | None = None

    @property
    def closed(self) -> bool:
        """Both seats have acted and the totals match; two checks also match
        (``archie.betting.close``)."""
        return len(self.acted) == 2 and self.bets[0] == self.bets[1]


def first_round(rules: ArchieRules, dealer: Seat) -> Round:
    """Round 1: the dealer has posted the small blind and the other seat the big blind, which
    is the round's bet; the dealer (small blind) acts first (``archie.table.blinds``,
    ``archie.betting.first``)."""
    bets = [Chips(0), Chips(0)]
    bets[dealer] = rules.small_blind
    bets[non_dealer(dealer)] = rules.big_blind
    return Round(unit(rules, 0), (bets[0], bets[1]), 1, dealer)


def later_round(rules: ArchieRules, betting_round: int, dealer: Seat) -> Round:
    """Rounds 2..4 start with nothing in and the big blind to act (``archie.betting.first``)."""
    return Round(unit(rules, betting_round), (Chips(0), Chips(0)), 0, non_dealer(dealer))


def legal(rnd: Round, rules: ArchieRules) -> tuple[Action, ...]:
    """The seat to act may, with no bet pending, check or bet (never fold, ``archie.betting.open``);
    facing a bet, fold, call or raise by the unit (``archie.betting.facing``); no bet or raise
    once the cap is reached (``archie.table.cap``)."""
    seat = rnd.to_act
    top = max(rnd.bets)
    raise_to = Chips(top + rnd.unit) if rnd.raises < rules.cap else None
    return betting_actions(seat, top, raise_to, fold=rnd.bets[seat] != top)


def apply(rnd: Round, action: Action) -> Round:
    """The round after ``action``, an action of the listing by the seat to act
    (``core.contract.precedence`` has refused any other). A fold ends it; a call or check brings the
    seat's total to the other's; a bet or raise goes one unit above and counts toward the cap
    (``archie.table.cap``). A check followed by the other seat's bet lets the checker raise
    (``archie.betting.check-raise``); after a plain call of the big blind, the big blind still acts
    (``archie.betting.option``)."""
    seat = action.seat
    if action.verb is FOLD:
        return replace(rnd, acted=rnd.acted | {seat}, folded=seat)
    top = max(rnd.bets)
    bets = list(rnd.bets)
    raises = rnd.raises
    if action.verb is BET_RAISE:
        top = Chips(top + rnd.unit)
        raises += 1
    bets[seat] = top
    return Round(rnd.unit, (bets[0], bets[1]), raises, Seat(1 - seat), rnd.acted | {seat}, rnd.folded)
