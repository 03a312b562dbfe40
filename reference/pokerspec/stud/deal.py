"""The deal (spec/stud/01-deal.md, rules ``stud.deal.*``)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerspec.core.cards import Card
from pokerspec.core.game import Setup, SetupError
from pokerspec.core.types import Seat
from pokerspec.stud.state import from_left

MIN_SEATS = 2
MAX_SEATS = 8


def check_table(setup: Setup) -> None:
    """Two to eight seats, every one with chips, and a full 52-card deck (``stud.deal.players``)."""
    seats = len(setup.stacks)
    if not MIN_SEATS <= seats <= MAX_SEATS or any(s <= 0 for s in setup.stacks):
        raise SetupError("bad_seats", f"stud needs 2 to 8 seats, each with chips; got stacks {setup.stacks}")
    if not 0 <= setup.dealer < seats:
        raise SetupError("bad_seats", f"the button must be one of the {seats} seats")
    if len(setup.deck) != 52 or len(set(setup.deck)) != 52:
        raise SetupError("bad_deck", "stud is dealt from one complete 52-card deck")


def deal_third_street(
    deck: Sequence[Card], seats: int, button: Seat
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """One card at a time, clockwise from the button's left: a round face down, a second round
    face down, then a round face up (``stud.deal.order``). Returns hole cards, upcards, stub."""
    order = from_left(seats, button)
    hole: list[list[Card]] = [[] for _ in range(seats)]
    up: list[tuple[Card, ...]] = [() for _ in range(seats)]
    top = 0
    for _ in range(2):
        for seat in order:
            hole[seat].append(deck[top])
            top += 1
    for seat in order:
        up[seat] = (deck[top],)
        top += 1
    return tuple(tuple(h) for h in hole), tuple(up), tuple(deck[top:])


def next_button(button: Seat, seats: int) -> Seat:
    """After the hand the button moves one seat clockwise (``stud.deal.order``)."""
    return Seat((button + 1) % seats)
