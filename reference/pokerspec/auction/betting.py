"""The single betting round after the fifth auction (spec/auction/03-betting.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerspec.core.actions import CHECK_CALL, FOLD, Action, betting_actions
from pokerspec.core.cards import Card
from pokerspec.core.exposed import exposed_rank
from pokerspec.core.types import Chips, Seat


def first_actor(players: Sequence[Seat], exposed: Sequence[tuple[Card, ...]]) -> Seat:
    """The best five exposed cards act first, ranked as a full high hand; a tie goes to the
    first of them clockwise from the dealer's left (``auction.betting.first``).

    ``players`` are in that clockwise order, so ``max`` keeps the first of equals.
    """
    return max(players, key=lambda s: exposed_rank(exposed[s]))


@dataclass(frozen=True, slots=True)
class Betting:
    """One fixed-limit round: ``level`` is the total each live seat must reach, ``pending`` the
    seats that still owe an answer, in clockwise order from the seat to act."""

    order: tuple[Seat, ...]
    """The live seats clockwise, starting with the first actor."""
    round_bets: tuple[Chips, ...]
    level: Chips
    pending: tuple[Seat, ...]
    folded: frozenset[Seat]
    unit: Chips
    cap: Chips

    @staticmethod
    def open(order: tuple[Seat, ...], seats: int, unit: Chips, cap: Chips) -> Betting:
        """A fresh round: nothing to match, whatever was bid in the auctions
        (``auction.betting.bids-not-bets``)."""
        return Betting(order, tuple(Chips(0) for _ in range(seats)), Chips(0), order, frozenset(), unit, cap)

    @property
    def to_act(self) -> Seat | None:
        return self.pending[0] if self.pending else None

    @property
    def live(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.order if s not in self.folded)

    @property
    def over(self) -> bool:
        return not self.pending or len(self.order) - len(self.folded) == 1  # one live seat left

    def legal(self) -> tuple[Action, ...]:
        """Check or bet one unit with nothing to match; call, raise one unit or fold facing a bet
        (``auction.betting.actions``). No fold when nothing is pending (AUC-7); no raise once
        the cap is reached (``auction.betting.cap``)."""
        seat = self.to_act
        if seat is None or self.over:
            return ()
        raise_to = Chips(self.level + self.unit) if self.level < self.cap else None
        return betting_actions(seat, self.level, raise_to, fold=self.level > self.round_bets[seat])

    def apply(self, action: Action) -> tuple[Betting, Chips]:
        """The new round and the chips the actor puts in, for an action of the listing
        (``core.contract.precedence`` has refused any other). A bet or raise reopens the round for
        every other live seat, so a check-raise is allowed; the round ends when nobody owes an
        answer (``auction.betting.end``)."""
        seat, order, bets, level, folded = action.seat, self.order, self.round_bets, self.level, self.folded
        rest = self.pending[1:]
        if action.verb is FOLD:
            return Betting(order, bets, level, rest, folded | {seat}, self.unit, self.cap), Chips(0)
        if action.verb is CHECK_CALL:
            owed = Chips(level - bets[seat])
            return Betting(order, self._put(seat, level), level, rest, folded, self.unit, self.cap), owed
        target = Chips(level + self.unit)
        i = order.index(seat)
        reopened = tuple(s for s in order[i + 1 :] + order[:i] if s not in folded)
        paid = Chips(target - bets[seat])
        return Betting(order, self._put(seat, target), target, reopened, folded, self.unit, self.cap), paid

    def _put(self, seat: Seat, total: Chips) -> tuple[Chips, ...]:
        return tuple(total if s == seat else b for s, b in enumerate(self.round_bets))
