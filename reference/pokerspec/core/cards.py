"""Cards and notation (spec/core/01-cards.md, rules ``core.cards.*``).

A card is an ``int`` 0..51: ``(rank - 2) * 4 + suit`` with ranks 2..14 (ace = 14) and suits
clubs 0, diamonds 1, hearts 2, spades 3. Because suits are numbered in bring-in order, the
natural integer order of cards *is* the bring-in order (``core.bringin.order``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NewType

Card = NewType("Card", int)
Rank = NewType("Rank", int)
"""2..14 in high games; the ace is 14 (``core.cards.ranks``)."""
Suit = NewType("Suit", int)
"""0 clubs, 1 diamonds, 2 hearts, 3 spades (``core.cards.suits``)."""

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
_SUIT_INPUT = {
    "c": 0, "d": 1, "h": 2, "s": 3,
    "♣": 0, "♦": 1, "♥": 2, "♠": 3,
    "♧": 0, "♢": 1, "♡": 2, "♤": 3,
}
_RANK_INPUT = {ch: i + 2 for i, ch in enumerate(RANK_CHARS)} | {"10": 10}


class CardError(ValueError):
    """A bad or duplicate card, naming the offending token (``core.cards.notation``)."""

    def __init__(self, code: str, token: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.token = token


def make_card(rank: int, suit: int) -> Card:
    return Card((rank - 2) * 4 + suit)


def rank_of(card: Card) -> Rank:
    return Rank((card >> 2) + 2)


def suit_of(card: Card) -> Suit:
    return Suit(card & 3)


def parse_card(token: str) -> Card:
    """Read one card: ``As``, ``Td``, ``10d``, ``A♠``, ``10♥``, in any case (``core.cards.notation``)."""
    known = _CANONICAL.get(token)
    if known is not None:
        return known
    t = token.strip()
    if len(t) < 2:
        raise CardError("bad_card", token, f"bad card {token!r}: expected rank then suit, like As or 10h")
    rank = _RANK_INPUT.get(t[:-1].upper())
    suit = _SUIT_INPUT.get(t[-1].lower())
    if rank is None or suit is None:
        raise CardError("bad_card", token, f"bad card {token!r}: expected rank then suit, like As or 10h")
    return make_card(rank, suit)


def format_card(card: Card) -> str:
    """The canonical form: rank ``23456789TJQKA`` then suit ``cdhs``, e.g. ``Td``."""
    if not 0 <= card < 52:
        raise ValueError(f"not a card: {card}")
    return _NAMES[card]


_NAMES: Final = tuple(RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3] for card in range(52))
"""Each card's canonical name, by card."""
_CANONICAL = {name: Card(card) for card, name in enumerate(_NAMES)}
"""The cards by canonical name: the common case of ``parse_card``, read without taking the token apart."""


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read distinct cards from a list of tokens or a string (``As Kd`` or ``AsKd``).

    A duplicate is rejected with code ``duplicate_card`` naming it (``core.cards.distinct``).
    """
    tokens = _split(text) if isinstance(text, str) else list(text)
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        card = parse_card(token)
        if card in seen:
            raise CardError("duplicate_card", token, f"duplicate card {format_card(card)}")
        seen.add(card)
        cards.append(card)
    return tuple(cards)


def card_names(cards: Iterable[Card]) -> list[str]:
    """Each card's canonical name (``format_card``), for observing dealt cards: one table lookup
    a card, without ``format_card``'s range check."""
    return list(map(_NAMES.__getitem__, cards))


def format_cards(cards: Sequence[Card]) -> str:
    return " ".join(format_card(c) for c in cards)


def _split(text: str) -> list[str]:
    """Split ``"As Kd"``, ``"As,Kd"`` or ``"AsKd10h"`` into card tokens."""
    out: list[str] = []
    for word in text.replace(",", " ").split():
        i = 0
        while i < len(word):
            j = i + 1
            while j < len(word) and word[j].lower() not in _SUIT_INPUT:
                j += 1
            out.append(word[i : j + 1])
            i = j + 1
    return out
