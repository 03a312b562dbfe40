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

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Final

from pokerspec.core.cards import Card, CardError, format_cards, parse_card
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


FOLD: Final = Verb.FOLD
CHECK_CALL: Final = Verb.CHECK_CALL
BET_RAISE: Final = Verb.BET_RAISE
SHOW: Final = Verb.SHOW
MUCK: Final = Verb.MUCK
BID: Final = Verb.BID
DRAW: Final = Verb.DRAW
PICK: Final = Verb.PICK
"""The betting, showdown, bid and card verbs under plain module names, for the engines' per-action code:
reading a member off an ``Enum`` class goes through ``EnumType.__getattr__`` and costs about
ten times as much as reading a module global. ``Final`` here and on the other constants read at
every action lets the mypyc build read them without a dictionary lookup."""
_VERBS = {verb.value: verb for verb in Verb}
"""Verbs by their notation; a dictionary lookup is much cheaper than calling ``Verb(text)``."""
AMOUNT_VERBS: Final = frozenset({Verb.CHECK_CALL, Verb.BET_RAISE, Verb.BRING_IN, Verb.BID})
CARD_VERBS: Final = frozenset({Verb.DRAW, Verb.PICK})
DECLARATIONS = ("l", "h", "b")
"""Low, high, both (``auction.declare.choices``)."""
_SEAT_WORD = re.compile(r"p[1-9][0-9]*")
_DIGITS = re.compile(r"0|[1-9][0-9]*")
"""An amount in decimal digits, without a leading zero (``core.notation.actions``, CORE-81)."""


class Reason(Enum):
    """The closed list of reasons for rejecting an action (``core.notation.reasons``), in the
    order in which they are checked (``core.contract.precedence``)."""

    MALFORMED = "malformed"
    """The action text cannot be read (bad verb, bad seat, bad card, a missing or extra argument)."""
    HAND_OVER = "hand_over"
    """The hand has ended; nothing more can be done."""
    FOLDED = "folded"
    """The seat has folded and takes no further part."""
    ALREADY_COMMITTED = "already_committed"
    """The seat has already made its bid, discard or declaration in the current step."""
    NOT_YOUR_TURN = "not_your_turn"
    """The seat is not (one of) the seat(s) to act."""
    MUST_BRING_IN = "must_bring_in"
    """The bring-in is forced: the player may not fold or check."""
    OVER_CAP = "over_cap"
    """A bet or raise after the round's cap has been reached."""
    ILLEGAL_ACTION = "illegal_action"
    """The seat's listing holds no action with this verb (a fold with no bet pending...)."""
    INSUFFICIENT_CHIPS = "insufficient_chips"
    """The amount is more than the seat can put in."""
    WRONG_AMOUNT = "wrong_amount"
    """The verb is allowed but not for this amount."""
    TOO_MANY_CARDS = "too_many_cards"
    """More cards than allowed (more than five discards)."""
    DUPLICATE_CARD = "duplicate_card"
    """The same card named twice in one action."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """A discard names a card the player does not hold."""
    NOT_IN_ROW = "not_in_row"
    """An auction pick names a card that is not in the current row."""


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
    """Write one action as ``parse_action`` reads it (``core.notation.actions``)."""
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
    """Read one action (``core.notation.actions``); raise ``ActionError(MALFORMED)`` naming what is
    wrong. Only ``cc`` may leave out its amount; a card named twice is read as written and refused
    later, in its place in the order of reasons (``core.contract.precedence``). Seats, verbs and
    declarations are lower case, amounts decimal digits with no leading zero (CORE-81), and words
    are separated by exactly one space; only cards take every spelling card notation accepts
    (CORE-70)."""
    words = text.split(" ")
    if len(words) < 2 or "" in words:
        raise ActionError(Reason.MALFORMED,
                          f"bad action {text!r}: expected 'pN verb ...', one space between words")
    if _SEAT_WORD.fullmatch(words[0]) is None:
        raise ActionError(Reason.MALFORMED, f"bad seat {words[0]!r}: expected p1, p2, ... in lower case")
    try:
        seat = parse_seat(words[0], seats)
    except ValueError as exc:
        raise ActionError(Reason.MALFORMED, str(exc)) from None
    verb = _VERBS.get(words[1])
    if verb is None:
        raise ActionError(Reason.MALFORMED, f"bad action {text!r}: unknown verb {words[1]!r}")
    rest = words[2:]
    if verb in AMOUNT_VERBS:
        if len(rest) > 1 or (rest and _DIGITS.fullmatch(rest[0]) is None):
            raise ActionError(Reason.MALFORMED, f"bad action {text!r}: expected one whole amount")
        if verb is not Verb.CHECK_CALL and not rest:
            raise ActionError(Reason.MALFORMED, f"bad action {text!r}: {verb.value} needs an amount")
        return Action(seat, verb, amount=Chips(int(rest[0])) if rest else None)
    if verb in CARD_VERBS:
        if verb is Verb.PICK and len(rest) != 1:
            raise ActionError(Reason.MALFORMED, f"bad action {text!r}: pick names one card")
        try:
            cards = tuple(parse_card(token) for token in rest)
        except CardError as exc:
            raise ActionError(Reason.MALFORMED, f"bad action {text!r}: {exc}") from None
        return Action(seat, verb, cards=cards)
    if verb is Verb.DECLARE:
        if len(rest) != 1 or rest[0] not in DECLARATIONS:
            raise ActionError(Reason.MALFORMED, f"bad action {text!r}: declare l, h or b")
        return Action(seat, verb, choice=rest[0])
    if rest:
        raise ActionError(Reason.MALFORMED, f"bad action {text!r}: {verb.value} takes nothing more")
    return Action(seat, verb)


NO_CHIPS: Final = Chips(0)
"""A ``Turn``'s stack and round bet when the action has none."""


class Turn:
    """What the order of rejection reasons needs to know about a state (``core.contract.precedence``).

    ``listing`` is the state's complete legal-action listing; ``committed`` the seats that have
    already made their bid, discard or declaration in the current step; ``capped`` whether a
    betting round is in progress and has reached its cap; ``bring_in`` whether the seat to act
    owes the forced bring-in. ``stack`` and ``round_bet`` are the acting seat's chips behind and
    chips put in during the current betting round; ``hand`` its own cards (for discards).

    A plain class with slots rather than a frozen dataclass or a named tuple: the engines make one
    for every action, a frozen dataclass sets each of its eleven fields through
    ``object.__setattr__``, and a named tuple's constructor is slower still; the mypyc build
    compiles this one to a native class."""

    __slots__ = ("bring_in", "capped", "committed", "folded", "hand", "listing", "over", "round_bet",
                 "seats", "stack", "to_act")

    def __init__(self, seats: int, over: bool, folded: Collection[Seat], committed: Collection[Seat],
                 to_act: Collection[Seat], listing: Sequence[Action], capped: bool = False,
                 bring_in: bool = False, stack: Chips = NO_CHIPS, round_bet: Chips = NO_CHIPS,
                 hand: Collection[Card] = ()) -> None:
        self.seats = seats
        self.over = over
        self.folded = folded
        self.committed = committed
        self.to_act = to_act
        self.listing = listing
        self.capped = capped
        self.bring_in = bring_in
        self.stack = stack
        self.round_bet = round_bet
        self.hand = hand


MAX_DISCARD: Final = 5
"""The most cards one draw may name (``archie.deal.discard``)."""


def judge(action: Action, turn: Turn) -> Action:
    """Raise ``ActionError`` with the first reason, in the published order, that refuses
    ``action``; if the action is in the listing, return the first listed action of its seat and
    verb (``core.contract.precedence``): in a betting listing the only one, with the exact
    amount even when ``action`` leaves out its own (``p2 cc``).

    The seat first (the hand over, folded, already committed, not to act), then the verb (the
    forced bring-in, the cap, a verb the listing does not offer), then the amount (more than the
    seat has, not the listed amount), then the cards (too many, twice, not held, not in the row).
    """
    seat, verb = action.seat, action.verb
    if not 0 <= seat < turn.seats:
        raise ActionError(Reason.MALFORMED, f"{action}: this table has {turn.seats} seats")
    if turn.over:
        raise ActionError(Reason.HAND_OVER, f"{action}: the hand is over")
    if seat in turn.folded:
        raise ActionError(Reason.FOLDED, f"{action}: {seat_name(seat)} has folded")
    if seat in turn.committed:
        raise ActionError(Reason.ALREADY_COMMITTED, f"{action}: {seat_name(seat)} has already committed")
    if seat not in turn.to_act:
        raise ActionError(Reason.NOT_YOUR_TURN, f"{action}: {seat_name(seat)} is not to act")
    if turn.bring_in and (verb is FOLD or verb is CHECK_CALL):
        raise ActionError(Reason.MUST_BRING_IN, f"{action}: the bring-in is forced: post it or open for more")
    if verb is BET_RAISE and turn.capped:
        raise ActionError(Reason.OVER_CAP, f"{action}: the round has had its bet and every raise")
    offered = [a for a in turn.listing if a.seat == seat and a.verb is verb]
    if not offered:
        raise ActionError(Reason.ILLEGAL_ACTION, f"{action}: {verb.value} is not allowed now")
    if action.amount is not None:
        room = turn.stack if verb is BID else turn.stack + turn.round_bet
        if action.amount > room:
            raise ActionError(Reason.INSUFFICIENT_CHIPS, f"{action}: {seat_name(seat)} can put in {room}")
        if action.amount not in [a.amount for a in offered]:
            amounts = ", ".join(str(a.amount) for a in offered)
            raise ActionError(Reason.WRONG_AMOUNT, f"{action}: the amount must be {amounts}")
    cards = action.cards or ()
    if verb is DRAW:
        if len(cards) > MAX_DISCARD:
            raise ActionError(Reason.TOO_MANY_CARDS, f"{action}: at most {MAX_DISCARD} cards")
        if len(set(cards)) != len(cards):
            raise ActionError(Reason.DUPLICATE_CARD, f"{action}: a card is named twice")
        if any(card not in turn.hand for card in cards):
            raise ActionError(Reason.CARD_NOT_IN_HAND, f"{action}: a card is not in this player's hand")
    if verb is PICK and all(a.cards != cards for a in offered):
        raise ActionError(Reason.NOT_IN_ROW, f"{action}: that card is not in the row")
    return offered[0]
