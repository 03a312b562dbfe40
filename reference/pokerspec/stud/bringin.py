"""Antes and the bring-in (spec/stud/02-bringin.md, rules ``stud.bringin.*``)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerspec.core.actions import Action, Verb, listed
from pokerspec.core.cards import Card
from pokerspec.core.exposed import bring_in_card
from pokerspec.core.types import Chips, Seat
from pokerspec.stud.allin import is_full_bet
from pokerspec.stud.state import StudState
from pokerspec.stud.streets import next_to_act, put


def post_antes(stacks: Sequence[Chips], ante: Chips) -> tuple[tuple[Chips, ...], tuple[Chips, ...]]:
    """Every player antes before the deal; a stack smaller than the ante goes in whole and is
    all-in (``stud.bringin.ante``). Returns the stacks left and the antes paid."""
    paid = tuple(Chips(min(ante, s)) for s in stacks)
    return tuple(Chips(s - p) for s, p in zip(stacks, paid, strict=True)), paid


def bring_in_seat(up: Sequence[Sequence[Card]], candidates: Sequence[Seat]) -> Seat:
    """The seat whose upcard is lowest, ace high, clubs then diamonds then hearts then spades
    among equal ranks (``stud.bringin.lowest``, ``core.bringin.order``). Only seats that still
    have chips after the ante are candidates."""
    lowest = bring_in_card([up[s][0] for s in candidates])
    return next(s for s in candidates if up[s][0] == lowest)


def bring_in_options(state: StudState, seat: Seat) -> tuple[Action, ...]:
    """The forced bring-in: the smaller amount (``pb``) or a full bet (``cbr``), nothing else
    (``stud.bringin.forced``). A stack that cannot cover the smaller amount posts what it has
    and is all-in; one between the two amounts may also put in everything (``stud.bringin.short``)."""
    rules, stack = state.rules, state.stacks[seat]
    post = listed(seat, Verb.BRING_IN, Chips(min(rules.bring_in, stack)))
    if stack > rules.bring_in:
        return post, listed(seat, Verb.BET_RAISE, Chips(min(rules.small_bet, stack)))
    return (post,)


def post_bring_in(state: StudState, action: Action) -> StudState:
    """Post the bring-in chosen from its options (``core.contract.precedence`` has refused anything
    else). The smaller amount is not a bet: the next player may still complete; a full bring-in
    is the round's bet (``stud.bringin.forced``). Posting counts as acting, so if everyone just
    calls, the round ends without the bring-in acting again (``stud.bringin.close``); the turn
    passes as after any bet (``next_to_act``)."""
    seat = action.seat
    total = next(o.amount for o in bring_in_options(state, seat) if o.verb is action.verb)
    assert total is not None, "both bring-in options carry their amount"
    stacks, bets, contributed = put(state, seat, total)
    full = action.verb is Verb.BET_RAISE and is_full_bet(total, state.rules.small_bet)
    acted = frozenset({seat})
    return state._replace(
        stacks=stacks,
        bets=bets,
        contributed=contributed,
        current=total,
        level=total if full else Chips(0),
        raises=1 if full else 0,
        acted=acted,
        bring_in_due=False,
        aggressor=seat if action.verb is Verb.BET_RAISE else None,
        to_act=next_to_act(seat, stacks, bets, total, state.folded, acted),
    )
