"""Running out of cards (spec/stud/04-running-out.md, rules ``stud.runout.*``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerspec.core.cards import Card
from pokerspec.core.types import Seat
from pokerspec.stud.profiles import RunningOut


@dataclass(frozen=True, slots=True)
class SeventhStreet:
    """What the seventh-street deal gives: a card face down for each seat, or one common card."""

    cards: dict[Seat, Card]
    common: Card | None
    stub: tuple[Card, ...]
    burns: tuple[Card, ...]


def deal_seventh(
    stub: tuple[Card, ...], burns: tuple[Card, ...], active: Sequence[Seat], rule: RunningOut
) -> SeventhStreet:
    """Deal seventh street to ``active`` (in dealing order) from the stub (``stud.runout.common``).

    With R cards left and A active players: if R >= A + 1, burn one and deal one card face down to
    each; else if R >= 2, burn one and turn one common card face up for everybody; else turn the
    last card as the common card without a burn. Under ``RESHUFFLE_BURNS`` a short stub first
    takes the burn cards back under it, in the order they were burned
    (``stud.profile.reshuffle-burns``); under ``SKIP_LAST_BURN`` a stub of exactly A cards is
    dealt out without the burn (``stud.profile.skip-last-burn``).
    """
    if rule is RunningOut.RESHUFFLE_BURNS and len(stub) < len(active) + 1:
        stub, burns = stub + burns, ()
    if rule is RunningOut.SKIP_LAST_BURN and len(stub) == len(active):
        return SeventhStreet(dict(zip(active, stub, strict=True)), None, (), burns)
    if len(stub) >= len(active) + 1:
        cards = {seat: stub[1 + i] for i, seat in enumerate(active)}
        return SeventhStreet(cards, None, stub[1 + len(active):], (*burns, stub[0]))
    if len(stub) >= 2:
        return SeventhStreet({}, stub[1], stub[2:], (*burns, stub[0]))
    return SeventhStreet({}, stub[0], stub[1:], burns)
