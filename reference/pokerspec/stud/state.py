"""The state of one stud hand: an immutable snapshot that every rule module reads and the
engine replaces, never mutates (spec/stud/index.md).

A ``NamedTuple`` rather than a frozen dataclass: every accepted action makes a new state, and
``_replace`` copies the fields several times faster than ``dataclasses.replace``."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from pokerspec.core.cards import Card
from pokerspec.core.chips import Pot
from pokerspec.core.game import Outcome
from pokerspec.core.high import HighRank
from pokerspec.core.types import Chips, Seat
from pokerspec.stud.profiles import StudRules

SHOWDOWN = "showdown"
OVER = "over"


def street_phase(street: int) -> str:
    """``street-3`` .. ``street-7``, then ``showdown`` and ``over`` (``core.contract.phases``)."""
    return f"street-{street}"


class Cards(NamedTuple):
    """The cards as they lie once a street is dealt. They change once a street, so the state
    holds them as one field and a bet copies one reference instead of seven."""

    street: int
    hole: tuple[tuple[Card, ...], ...]
    """Face-down cards by seat, in the order dealt (two, then the seventh)."""
    up: tuple[tuple[Card, ...], ...]
    """Face-up cards by seat, in the order dealt."""
    stub: tuple[Card, ...]
    burns: tuple[Card, ...]
    common: Card | None
    boards: tuple[HighRank, ...]
    """The exposed rank of each seat's face-up cards, ranked once per street."""


class StudState(NamedTuple):
    """Everything about a hand in progress. Chips are in the pot as soon as they are bet, so
    ``contributed`` already holds this round's ``bets``."""

    rules: StudRules
    button: Seat
    cards: Cards
    phase: str
    stacks: tuple[Chips, ...]
    contributed: tuple[Chips, ...]
    bets: tuple[Chips, ...]
    """Chips put in during the current betting round."""
    folded: frozenset[Seat]
    to_act: Seat | None
    current: Chips
    """The highest round total so far: what a call matches."""
    level: Chips
    """The last full bet level: a raise goes to ``level`` plus one bet (``stud.allin.reopen``)."""
    raises: int
    """Full bets and raises this round, the completion counting as the bet (``stud.streets.cap``)."""
    acted: frozenset[Seat]
    """Seats that have acted since the last full bet or raise."""
    bring_in_due: bool
    aggressor: Seat | None
    """The last seat to bet or raise in the current (or last) betting round."""
    order: tuple[Seat, ...] = ()
    """The show order, once the showdown starts."""
    pots: tuple[Pot, ...] = ()
    """The pots, worked out once when the showdown starts: no chip moves after that."""
    shown: tuple[Seat, ...] = ()
    mucked: tuple[Seat, ...] = ()
    result: Outcome | None = None

    @property
    def seats(self) -> int:
        return len(self.stacks)

    @property
    def street(self) -> int:
        return self.cards.street

    @property
    def hole(self) -> tuple[tuple[Card, ...], ...]:
        return self.cards.hole

    @property
    def up(self) -> tuple[tuple[Card, ...], ...]:
        return self.cards.up

    @property
    def stub(self) -> tuple[Card, ...]:
        return self.cards.stub

    @property
    def burns(self) -> tuple[Card, ...]:
        return self.cards.burns

    @property
    def common(self) -> Card | None:
        return self.cards.common

    @property
    def boards(self) -> tuple[HighRank, ...]:
        return self.cards.boards

    def live(self) -> list[Seat]:
        """Seats still in the hand, in seat order."""
        return [Seat(i) for i in range(self.seats) if i not in self.folded]

    def can_bet(self, seat: Seat) -> bool:
        """Still in the hand and not all-in."""
        return seat not in self.folded and self.stacks[seat] > 0

    def others_can_bet(self, seat: Seat) -> bool:
        """Some other seat is still in the hand and not all-in (a plain loop: this is asked at
        nearly every turn, and a generator costs more than the test)."""
        for other, chips in enumerate(self.stacks):
            if chips > 0 and other != seat and other not in self.folded:
                return True
        return False


_FIELD_INDEX = {name: i for i, name in enumerate(StudState._fields)}


def replaced(state: StudState, **changes: object) -> StudState:
    """``state._replace(**changes)`` for the code that runs at every action and every street
    (``streets.bet``, ``streets.deal_street``, the engine's transitions): one list copy and an
    index per changed field, where ``_replace`` pops a dictionary once for each of the twenty
    fields and goes through ``_make``; about a third cheaper. The values are not type-checked
    here, so the callers stay few."""
    values: list[object] = list(state)
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return tuple.__new__(StudState, values)


@lru_cache(maxsize=64)
def from_left(seats: int, button: Seat) -> tuple[Seat, ...]:
    """Every seat clockwise, starting at the button's left and ending with the button."""
    return tuple(Seat((button + 1 + i) % seats) for i in range(seats))
