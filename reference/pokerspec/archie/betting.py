"""Betting actions and closing a round (spec/archie/03-betting.md, rules ``archie.betting.*``).

A ``Round`` is one fixed-limit betting round between the two seats; ``bets`` are round totals.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pokerspec.archie.table import ArchieRules, non_dealer, unit
from pokerspec.core.actions import BET_RAISE, CHECK_CALL, FOLD, Action, ActionError, Reason, betting_actions
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


def apply(rnd: Round, action: Action, rules: ArchieRules) -> Round:
    """The round after ``action`` by the seat to act, or ``ActionError``: a fold with no bet
    pending (``archie.betting.open``), a bet over the cap (``archie.table.cap``), an amount that
    is not the call or one unit more (``archie.betting.facing``). A check followed by the other
    seat's bet lets the checker raise (``archie.betting.check-raise``); after a plain call of the
    big blind, the big blind still acts (``archie.betting.option``)."""
    seat = action.seat
    top = max(rnd.bets)
    bets = list(rnd.bets)
    raises = rnd.raises
    if action.verb is FOLD:
        if rnd.bets[seat] == top:
            raise ActionError(Reason.ILLEGAL_ACTION, "no bet is pending: check or bet, do not fold")
        return replace(rnd, acted=rnd.acted | {seat}, folded=seat)
    if action.verb is CHECK_CALL:
        if action.amount is not None and action.amount != top:
            raise ActionError(Reason.WRONG_AMOUNT, f"a check or call makes this round's total {top}")
        bets[seat] = top
    elif action.verb is BET_RAISE:
        if raises >= rules.cap:
            raise ActionError(Reason.OVER_CAP, f"the round is capped at a bet and {rules.cap - 1} raises")
        target = Chips(top + rnd.unit)
        if action.amount != target:
            raise ActionError(Reason.WRONG_AMOUNT, f"a bet or raise now goes to exactly {target}")
        bets[seat] = target
        raises += 1
    else:
        raise ActionError(Reason.ILLEGAL_ACTION, f"{action.verb.value} is not a betting action")
    return Round(rnd.unit, (bets[0], bets[1]), raises, Seat(1 - seat), rnd.acted | {seat}, rnd.folded)
