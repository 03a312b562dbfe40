"""Cards as cards: rank and suit symbol, coloured by suit (``core.cards.notation``)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from pokerspec.core.cards import RANK_CHARS, CardError, parse_card, rank_of, suit_of
from pokerspec.core.game import Json

SUIT_SYMBOLS = "♣♦♥♠"
SUIT_CLASSES = ("c", "d", "h", "s")


def card_html(token: str) -> str:
    """A card as a card; a token that is no card stays code."""
    try:
        card = parse_card(token)
    except CardError:
        return f"<code>{escape(token)}</code>"
    rank = rank_of(card)
    face = "10" if rank == 10 else RANK_CHARS[rank - 2]
    suit = suit_of(card)
    return f'<span class="ps-card ps-{SUIT_CLASSES[suit]}">{face}{SUIT_SYMBOLS[suit]}</span>'


def cards_html(tokens: Iterable[Json]) -> str:
    return '<span class="ps-cards">' + "".join(card_html(str(t)) for t in tokens) + "</span>"


def action_html(action: str) -> str:
    """An action with its cards as cards: ``p1 sd 7h 8c`` shows the two discards as cards."""
    words = action.split()
    head, cards = words[:2], words[2:]
    try:
        for token in cards:
            parse_card(token)
    except CardError:
        return f"<code>{escape(action)}</code>"
    if not cards:
        return f"<code>{escape(action)}</code>"
    return f"<code>{escape(' '.join(head))}</code> {cards_html(cards)}"
