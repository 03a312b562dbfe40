"""Action notation and rejection reasons (spec/core/07-actions.md, rules ``core.notation.*``).

Actions (``core.notation.actions``) are written close to the Poker Hand History (PHH) standard:
``p1 cbr 4`` (complete, bet or raise *to* 4 this round), ``p2 cc`` (check or call), ``p1 f``
(fold), ``p1 pb 1`` (post the bring-in), ``p1 sd 7h 8c`` (discard and draw; ``p1 sd`` stands
pat), ``p1 sm`` (show at showdown), ``p1 mu`` (muck), and for auctions ``p1 bid 3``,
``p1 pick Ac``, ``p1 dec h``.

A *legal action* (``core.notation.legal``) is written the same way with its exact amount
(``p2 cc 2``: calling makes this round's total 2; ``p1 cc 0`` is a check). A draw is listed
once as ``p1 sd *``: any 0..5 of the player's own cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from pokerspec.core.cards import Card, CardError, format_cards, parse_cards
from pokerspec.core.types import Chips, Seat, parse_seat, seat_name


class Verb(Enum):
    FOLD = "f"
    CHECK_CALL = "cc"
    BET_RAISE = "cbr"
    BRING_IN = "pb"
    DRAW = "sd"
    SHOW = "sm"
    MUCK = "mu"
    BID = "bid"
    PICK = "pick"
    DECLARE = "dec"


FOLD, CHECK_CALL, BET_RAISE, SHOW, MUCK = Verb.FOLD, Verb.CHECK_CALL, Verb.BET_RAISE, Verb.SHOW, Verb.MUCK
"""The betting and showdown verbs under plain module names, for the engines' per-action code:
reading a member off an ``Enum`` class goes through ``EnumType.__getattr__`` and costs about
ten times as much as reading a module global."""
_VERBS = {verb.value: verb for verb in Verb}
"""Verbs by their notation; a dictionary lookup is much cheaper than calling ``Verb(text)``."""
AMOUNT_VERBS = frozenset({Verb.CHECK_CALL, Verb.BET_RAISE, Verb.BRING_IN, Verb.BID})
CARD_VERBS = frozenset({Verb.DRAW, Verb.PICK})
DECLARATIONS = ("l", "h", "b")
"""Low, high, both (``auction.declare.choices``)."""


class Reason(Enum):
    """The closed list of reasons for rejecting an action (``core.notation.reasons``)."""

    MALFORMED = "malformed"
    """The action text cannot be read (bad verb, bad seat, bad card, bad amount)."""
    HAND_OVER = "hand_over"
    """The hand has ended; nothing more can be done."""
    NOT_YOUR_TURN = "not_your_turn"
    """The seat is not (one of) the seat(s) to act."""
    ILLEGAL_ACTION = "illegal_action"
    """This kind of action is not allowed now (a check facing a bet, a fold with no bet...)."""
    WRONG_AMOUNT = "wrong_amount"
    """The action is allowed but not for this amount."""
    OVER_CAP = "over_cap"
    """A bet or raise after the round's cap has been reached."""
    INSUFFICIENT_CHIPS = "insufficient_chips"
    """The seat has not got the chips."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """A discard names a card the player does not hold."""
    TOO_MANY_CARDS = "too_many_cards"
    """More cards than allowed (more than five discards)."""
    DUPLICATE_CARD = "duplicate_card"
    """The same card named twice in one action."""
    NOT_IN_ROW = "not_in_row"
    """An auction pick names a card that is not in the current row."""
    ALREADY_COMMITTED = "already_committed"
    """A second bid, discard or declaration from a seat that has already committed."""
    MUST_BRING_IN = "must_bring_in"
    """The bring-in is forced: the player may not fold or check."""
    FOLDED = "folded"
    """The seat has folded and takes no further part."""


class ActionError(ValueError):
    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Action:
    """One action by one seat. ``amount`` is a round total for betting verbs, a bid for ``bid``.

    ``cards`` is ``None`` for "any subset of own cards" in a legal-action listing (``sd *``).
    """

    seat: Seat
    verb: Verb
    amount: Chips | None = None
    cards: tuple[Card, ...] | None = None
    choice: str | None = None

    def __str__(self) -> str:
        return format_action(self)


@lru_cache(maxsize=4096)
def listed(seat: Seat, verb: Verb, amount: Chips | None = None) -> Action:
    """The action ``seat verb amount`` for a legal-action listing (``core.notation.legal``): the
    same few are listed over and over, and an ``Action`` is immutable, so they are shared."""
    return Action(seat, verb, amount)


@lru_cache(maxsize=4096)
def betting_actions(seat: Seat, call: Chips, raise_to: Chips | None, fold: bool = True) -> tuple[Action, ...]:
    """A betting turn's listing (``core.notation.legal``): fold where allowed, check or call to the
    round total ``call``, and bet or raise to ``raise_to`` if one is open; shared like ``listed``."""
    check_call = Action(seat, Verb.CHECK_CALL, call)
    raised = () if raise_to is None else (Action(seat, Verb.BET_RAISE, raise_to),)
    return ((Action(seat, Verb.FOLD),) if fold else ()) + (check_call, *raised)


def format_action(action: Action) -> str:
    parts = [seat_name(action.seat), action.verb.value]
    if action.amount is not None:
        parts.append(str(action.amount))
    if action.verb in CARD_VERBS:
        if action.cards is None:
            parts.append("*")
        elif action.cards:
            parts.append(format_cards(action.cards))
    if action.choice is not None:
        parts.append(action.choice)
    return " ".join(parts)


def parse_action(text: str, seats: int | None = None) -> Action:
    """Read one action (``core.notation.actions``); raise ``ActionError(MALFORMED | DUPLICATE_CARD)``
    naming what is wrong (``core.notation.reasons``)."""
    words = text.split()
    if len(words) < 2:
        raise ActionError(Reason.MALFORMED, f"bad action {text!r}: expected 'pN verb ...'")
    try:
        seat = parse_seat(words[0], seats)
    except ValueError as exc:
        raise ActionError(Reason.MALFORMED, str(exc)) from None
    verb = _VERBS.get(words[1].lower())
    if verb is None:
        raise ActionError(Reason.MALFORMED, f"bad action {text!r}: unknown verb {words[1]!r}")
    rest = words[2:]
    if verb in AMOUNT_VERBS:
        if len(rest) > 1 or (rest and not rest[0].isdigit()):
            raise ActionError(Reason.MALFORMED, f"bad action {text!r}: expected one whole amount")
        if verb is not Verb.CHECK_CALL and not rest:
            raise ActionError(Reason.MALFORMED, f"bad action {text!r}: {verb.value} needs an amount")
        return Action(seat, verb, amount=Chips(int(rest[0])) if rest else None)
    if verb in CARD_VERBS:
        if verb is Verb.PICK and len(rest) != 1:
            raise ActionError(Reason.MALFORMED, f"bad action {text!r}: pick names one card")
        try:
            cards = parse_cards(" ".join(rest))
        except CardError as exc:
            reason = Reason.DUPLICATE_CARD if exc.code == "duplicate_card" else Reason.MALFORMED
            raise ActionError(reason, f"bad action {text!r}: {exc}") from None
        return Action(seat, verb, cards=cards)
    if verb is Verb.DECLARE:
        if len(rest) != 1 or rest[0].lower() not in DECLARATIONS:
            raise ActionError(Reason.MALFORMED, f"bad action {text!r}: declare l, h or b")
        return Action(seat, verb, choice=rest[0].lower())
    if rest:
        raise ActionError(Reason.MALFORMED, f"bad action {text!r}: {verb.value} takes nothing more")
    return Action(seat, verb)
