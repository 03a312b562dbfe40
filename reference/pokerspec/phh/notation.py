"""PHH action notation (docs/examples/real-hands.md): reading the strings of ``actions`` and writing them.

PHH writes the dealer as ``d`` and players as ``p1`` .. ``pN``: ``d dh p1 AsKs`` deals cards to a
player (``??`` is a card nobody saw), ``d db 7c`` turns cards for the board, ``p1 pb`` posts the
bring-in, ``p1 cbr 4`` completes, bets or raises to 4, ``p1 cc`` checks or calls, ``p1 f`` folds,
``p1 sd 7h8c`` discards (``p1 sd`` stands pat), ``p1 sm AsKs`` shows (``p1 sm -`` shows the cards
already dealt, ``p1 sm`` mucks). Text after `` # `` is a comment. pokerspec's own extensions for
its other games are listed in ``EXTENSION_VERBS`` and ``DEAL_ROW``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pokerspec.core.cards import Card, CardError, format_card, parse_card
from pokerspec.core.types import Seat, seat_name
from pokerspec.phh.document import PhhError

Slot = Card | None
"""A card as a record gives it: None for ``??``, a card nobody saw."""

PLAYER_VERBS = frozenset({"pb", "cbr", "cc", "f", "sd", "sm"})
"""The PHH standard's player verbs."""
EXTENSION_VERBS = frozenset({"bid", "pick", "dec"})
"""pokerspec's own verbs for the auction's bids and picks and the declaration
(docs/examples/real-hands.md)."""
DEAL_ROW = "dr"
"""pokerspec's own dealer verb: ``d dr 7c8d9h`` turns up an auction row (docs/examples/real-hands.md)."""

_CARD = re.compile(r"\?\?|[2-9TJQKA][cdhs]", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Deal:
    """``d dh pN cards`` (to one seat) or, with ``seat`` None, ``d db cards`` (the board)."""

    seat: Seat | None
    cards: tuple[Slot, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """A player's action: the verb, its amount, its cards (None when the verb takes none;
    ``SHOW_DEALT`` for ``sm -``) and a declaration's choice."""

    seat: Seat
    verb: str
    amount: int | None = None
    cards: tuple[Slot, ...] | None = None
    choice: str | None = None


SHOW_DEALT: tuple[Slot, ...] = ()
"""``sm -``: show the cards already dealt (told apart from a muck, whose cards are None)."""

PhhAction = Deal | Play | None
"""None is a no-op: an empty string or a comment."""


def parse_cards_slots(text: str) -> tuple[Slot, ...]:
    """``AsKs??7h`` as cards, ``??`` as None; anything else raises ``ValueError``."""
    tokens = _CARD.findall(text)
    if not tokens or "".join(tokens) != text:
        raise ValueError(f"bad cards {text!r}: expected cards such as AsKs or ?? written together")
    return tuple(None if t == "??" else parse_card(t) for t in tokens)


def format_slots(cards: Sequence[Slot]) -> str:
    return "".join("??" if c is None else format_card(c) for c in cards)


def _seat(token: str, seats: int) -> Seat:
    match = re.fullmatch(r"p([1-9][0-9]*)", token)
    if match is None or int(match.group(1)) > seats:
        raise ValueError(f"no player {token!r} at this table of {seats}")
    return Seat(int(match.group(1)) - 1)


def parse_phh_action(text: str, seats: int, step: int, line: int | None, source: str) -> PhhAction:
    """Read one action string; a malformed one raises ``PhhError('bad_action')`` naming the file
    (``source``), the step and the line."""
    words = text.split("#", 1)[0].split()
    try:
        return _parse(words, seats)
    except (ValueError, CardError) as exc:
        where = f"step {step}" + (f" (line {line})" if line else "")
        raise PhhError("bad_action", f"{source}: {where}, {text!r}: {exc}", line=line, step=step,
                       action=text) from None


def _parse(words: list[str], seats: int) -> PhhAction:
    if not words:
        return None
    if words[0] == "d":
        if len(words) == 4 and words[1] == "dh":
            return Deal(_seat(words[2], seats), parse_cards_slots(words[3]))
        if len(words) == 3 and words[1] == "db":
            return Deal(None, parse_cards_slots(words[2]))
        raise ValueError("the dealer deals with 'd dh pN CARDS' or 'd db CARDS'")
    seat, verb, rest = _seat(words[0], seats), words[1] if len(words) > 1 else "", words[2:]
    if verb not in PLAYER_VERBS and verb not in EXTENSION_VERBS:
        raise ValueError(f"unknown verb {verb!r}")
    if verb == "cbr" or verb == "bid":
        if len(rest) != 1 or not rest[0].isdigit():
            raise ValueError(f"{verb} needs one whole amount")
        return Play(seat, verb, amount=int(rest[0]))
    if verb in ("sd", "sm", "pick"):
        if len(rest) > 1:
            raise ValueError(f"{verb} takes its cards written together")
        if not rest:
            return Play(seat, verb)
        shown = SHOW_DEALT if verb == "sm" and rest[0] == "-" else parse_cards_slots(rest[0])
        return Play(seat, verb, cards=shown)
    if verb == "dec":
        if len(rest) != 1 or rest[0] not in ("l", "h", "b"):
            raise ValueError("dec takes l, h or b")
        return Play(seat, verb, choice=rest[0])
    if rest:
        raise ValueError(f"{verb} takes nothing more")
    return Play(seat, verb)


def deal_text(seat: Seat | None, cards: Sequence[Slot]) -> str:
    """``d dh pN cards`` or, for the board, ``d db cards``."""
    if seat is None:
        return f"d db {format_slots(cards)}"
    return f"d dh {seat_name(seat)} {format_slots(cards)}"
