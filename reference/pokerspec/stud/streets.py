"""Third to seventh street: burns, the cards, who acts first and the fixed-limit betting
(spec/stud/03-streets.md, rules ``stud.streets.*``)."""

from __future__ import annotations

from functools import lru_cache

from pokerspec.core.actions import Action, ActionError, Reason, Verb
from pokerspec.core.exposed import exposed_rank
from pokerspec.core.high import HighRank
from pokerspec.core.types import Chips, Seat
from pokerspec.stud.allin import is_full_bet
from pokerspec.stud.runout import deal_seventh
from pokerspec.stud.state import StudState, from_left, street_phase


def bet_size(state: StudState) -> Chips:
    """The small bet on third and fourth street, the big bet on fifth to seventh (``stud.streets.limits``)."""
    return state.rules.small_bet if state.street <= 4 else state.rules.big_bet


def dealing_order(state: StudState) -> list[Seat]:
    """The seats still in the hand, clockwise from the button's left."""
    return [s for s in from_left(state.seats, state.button) if s not in state.folded]


def deal_street(state: StudState) -> StudState:
    """Burn one card, then one card to each player still in: face up on fourth to sixth street,
    face down on seventh (``stud.streets.burn``, ``stud.streets.cards``); seventh street may run
    short (``stud.runout.common``). Bets of the closed round are already in the pot."""
    street = state.street + 1
    active = dealing_order(state)
    hole, up = list(state.hole), list(state.up)
    if street < 7:
        stub = state.stub
        burns = (*state.burns, stub[0])
        for i, seat in enumerate(active):
            up[seat] = (*up[seat], stub[1 + i])
        stub, common = stub[1 + len(active):], state.common
        boards = tuple(
            exposed_rank(up[s]) if s not in state.folded else HighRank(-1) for s in range(state.seats)
        )
    else:
        seventh = deal_seventh(state.stub, state.burns, active, state.rules.running_out)
        for seat, card in seventh.cards.items():
            hole[seat] = (*hole[seat], card)
        stub, burns, common, boards = seventh.stub, seventh.burns, seventh.common, state.boards
    return state._replace(
        street=street, phase=street_phase(street), hole=tuple(hole), up=tuple(up),
        stub=stub, burns=burns, common=common, boards=boards,
    )


def first_actor(state: StudState) -> Seat:
    """The best exposed hand among the players who can still bet opens fourth to seventh street;
    equal boards go to the seat nearest the button's left (``stud.streets.first-actor``). The
    common card is everybody's and is not part of any board (``stud.runout.opener``)."""
    candidates = [s for s in from_left(state.seats, state.button) if state.can_bet(s)]
    best = max(state.boards[s] for s in candidates)
    return next(s for s in candidates if state.boards[s] == best)


def open_round(state: StudState) -> StudState:
    """A new betting round once the cards of a street are out, opened by ``first_actor``."""
    zero = Chips(0)
    return state._replace(
        bets=(zero,) * state.seats, current=zero, level=zero, raises=0, acted=frozenset(),
        aggressor=None, to_act=first_actor(state),
    )


def raise_target(state: StudState, seat: Seat) -> Chips | None:
    """The one amount this seat may bet or raise to, or None. In fixed limit every bet, completion
    and raise is one bet above the last full level, or all the player's chips if fewer
    (``stud.streets.actions``, ``stud.allin.short``). A player who has acted since the last full bet
    may not raise a short all-in (``stud.allin.reopen``), and nobody raises when every opponent is
    all-in."""
    total = state.bets[seat] + state.stacks[seat]
    if seat in state.acted or total <= state.current:
        return None
    stacks, folded = state.stacks, state.folded
    if not any(stacks[s] > 0 and s not in folded for s in range(len(stacks)) if s != seat):
        return None
    return Chips(min(state.level + bet_size(state), total))


def capped(state: StudState) -> bool:
    """A bet (or completion) and ``raises`` raises per round (``stud.streets.cap``)."""
    return state.raises >= 1 + state.rules.raises


def call_total(state: StudState, seat: Seat) -> Chips:
    """The round total after a check or call; a short stack calls all-in for less (``stud.allin.short``)."""
    return Chips(min(state.current, state.bets[seat] + state.stacks[seat]))


def betting_options(state: StudState, seat: Seat) -> tuple[Action, ...]:
    """Fold (at any turn), check or call, and the one bet or raise if open (``stud.streets.actions``)."""
    target = None if capped(state) else raise_target(state, seat)
    return _options(seat, call_total(state, seat), target)


@lru_cache(maxsize=4096)
def _options(seat: Seat, call: Chips, target: Chips | None) -> tuple[Action, ...]:
    """Fold, call to ``call`` and raise to ``target`` if any. The same few listings recur all hand
    long and actions are immutable, so they are built once and shared."""
    fold, check_call = Action(seat, Verb.FOLD), Action(seat, Verb.CHECK_CALL, call)
    return (fold, check_call) if target is None else (fold, check_call, Action(seat, Verb.BET_RAISE, target))


def bet(state: StudState, action: Action) -> StudState:
    """Check ``action`` against the betting options and put the chips in; a completion counts as
    the round's bet, not as a raise (``stud.bringin.respond``)."""
    seat = action.seat
    if action.verb is Verb.FOLD:
        return state._replace(folded=state.folded | {seat}, acted=state.acted | {seat})
    if action.verb is Verb.CHECK_CALL:
        total = call_total(state, seat)
        if action.amount is not None and action.amount != total:
            raise ActionError(Reason.WRONG_AMOUNT, f"{action}: a check or call makes {total} this round")
        stacks, bets, contributed = _put(state, seat, total)
        return state._replace(stacks=stacks, bets=bets, contributed=contributed, acted=state.acted | {seat})
    if action.verb is not Verb.BET_RAISE:
        raise ActionError(Reason.ILLEGAL_ACTION, f"{action}: not a betting action")
    if capped(state):
        cap = state.rules.raises
        raise ActionError(Reason.OVER_CAP, f"{action}: the round is capped at a bet and {cap} raises")
    target = raise_target(state, seat)
    if target is None:
        raise ActionError(Reason.ILLEGAL_ACTION, f"{action}: no bet or raise is open to {seat + 1}")
    if action.amount != target:
        if action.amount is not None and action.amount > state.bets[seat] + state.stacks[seat]:
            raise ActionError(Reason.INSUFFICIENT_CHIPS, f"{action}: only {state.stacks[seat]} chips behind")
        raise ActionError(Reason.WRONG_AMOUNT, f"{action}: the bet or raise is to {target}")
    full = is_full_bet(target - state.level, bet_size(state))
    stacks, bets, contributed = _put(state, seat, target)
    return state._replace(
        stacks=stacks, bets=bets, contributed=contributed, current=max(state.current, target),
        aggressor=seat, level=target if full else state.level, raises=state.raises + (1 if full else 0),
        acted=frozenset({seat}) if full else state.acted | {seat},
    )


Amounts = tuple[Chips, ...]


def _put(state: StudState, seat: Seat, total: Chips) -> tuple[Amounts, Amounts, Amounts]:
    """Stacks, round bets and contributions once the seat's round total is ``total``; the chips
    are in the pot at once."""
    put = total - state.bets[seat]
    stacks, bets, contributed = list(state.stacks), list(state.bets), list(state.contributed)
    stacks[seat] = Chips(stacks[seat] - put)
    bets[seat] = total
    contributed[seat] = Chips(contributed[seat] + put)
    return tuple(stacks), tuple(bets), tuple(contributed)


def next_to_act(state: StudState, after: Seat) -> Seat | None:
    """The next seat clockwise that still has to act; None when the round is closed: everyone
    who can bet has acted since the last full bet and matched it, or is all-in (``stud.streets.close``)."""
    seats, stacks, folded, acted, bets = state.seats, state.stacks, state.folded, state.acted, state.bets
    for i in range(1, seats + 1):
        seat = Seat((after + i) % seats)
        if stacks[seat] > 0 and seat not in folded and (seat not in acted or bets[seat] < state.current):
            return seat
    return None
