"""Third to seventh street: burns, the cards, who acts first and the fixed-limit betting
(spec/stud/03-streets.md, rules ``stud.streets.*``)."""

from __future__ import annotations

from functools import lru_cache

from pokerspec.core.actions import CHECK_CALL, FOLD, Action, betting_actions
from pokerspec.core.exposed import exposed_rank
from pokerspec.core.game import Legal
from pokerspec.core.high import HighRank
from pokerspec.core.types import Chips, Seat
from pokerspec.stud.allin import is_full_bet
from pokerspec.stud.runout import deal_seventh
from pokerspec.stud.state import Cards, StudState, from_left, replaced, street_phase


def bet_size(state: StudState) -> Chips:
    """The small bet on third and fourth street, the big bet on fifth to seventh (``stud.streets.limits``)."""
    return state.rules.small_bet if state.street <= 4 else state.rules.big_bet


def dealing_order(state: StudState) -> list[Seat]:
    """The seats still in the hand, clockwise from the button's left."""
    return [s for s in from_left(state.seats, state.button) if s not in state.folded]


_NO_BOARD = HighRank(-1)
"""A folded seat's board: below every exposed hand, and never compared (a folded seat neither
opens a round nor shows)."""


def deal_street(state: StudState) -> StudState:
    """Burn one card, then one card to each player still in: face up on fourth to sixth street,
    face down on seventh (``stud.streets.burn``, ``stud.streets.cards``); seventh street may run
    short (``stud.runout.common``). Bets of the closed round are already in the pot."""
    dealt, folded = state.cards, state.folded
    street = dealt.street + 1
    active = dealing_order(state)
    hole, up = list(dealt.hole), list(dealt.up)
    if street < 7:
        stub = dealt.stub
        burns = (*dealt.burns, stub[0])
        for i, seat in enumerate(active):
            up[seat] = (*up[seat], stub[1 + i])
        stub, common = stub[1 + len(active):], dealt.common
        boards = tuple(exposed_rank(cards) if s not in folded else _NO_BOARD for s, cards in enumerate(up))
    else:
        seventh = deal_seventh(dealt.stub, dealt.burns, active, state.rules.running_out)
        for seat, card in seventh.cards.items():
            hole[seat] = (*hole[seat], card)
        stub, burns, common, boards = seventh.stub, seventh.burns, seventh.common, dealt.boards
    cards = Cards(street, tuple(hole), tuple(up), stub, burns, common, boards)
    return replaced(state, phase=street_phase(street), cards=cards)


def first_actor(state: StudState) -> Seat:
    """The best exposed hand among the players who can still bet opens fourth to seventh street;
    equal boards go to the seat nearest the button's left (``stud.streets.first-actor``). The
    common card is everybody's and is not part of any board (``stud.runout.opener``)."""
    candidates = [s for s in from_left(state.seats, state.button) if state.can_bet(s)]
    boards = state.boards
    best = max(boards[s] for s in candidates)
    return next(s for s in candidates if boards[s] == best)


def open_round(state: StudState) -> StudState:
    """A new betting round once the cards of a street are out, opened by ``first_actor``."""
    zero = Chips(0)
    return replaced(
        state, bets=(zero,) * state.seats, current=zero, level=zero, raises=0, acted=frozenset(),
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
    if not state.others_can_bet(seat):
        return None
    return Chips(min(state.level + bet_size(state), total))


def capped(state: StudState) -> bool:
    """A bet (or completion) and ``raises`` raises per round (``stud.streets.cap``)."""
    return state.raises >= 1 + state.rules.raises


def call_total(state: StudState, seat: Seat) -> Chips:
    """The round total after a check or call; a short stack calls all-in for less (``stud.allin.short``)."""
    return Chips(min(state.current, state.bets[seat] + state.stacks[seat]))


def betting_options(state: StudState, seat: Seat) -> Legal:
    """The listing of a betting turn: fold (at any turn), check or call, and the one bet or raise
    if open (``stud.streets.actions``)."""
    target = None if capped(state) else raise_target(state, seat)
    return _listing(seat, call_total(state, seat), target)


@lru_cache(maxsize=4096)
def _listing(seat: Seat, call: Chips, target: Chips | None) -> Legal:
    """The listing for one betting turn, built once and shared like ``betting_actions``."""
    return Legal((seat,), betting_actions(seat, call, target))


def bet(state: StudState, action: Action) -> StudState:
    """Put in the chips of a listed betting action and pass the turn (``core.contract.precedence``
    has refused any other); a completion counts as the round's bet, not as a raise
    (``stud.bringin.respond``). ``action`` is the listed action itself, so its amount is the
    round total ``betting_options`` worked out: ``call_total`` or ``raise_target``."""
    seat = action.seat
    if action.verb is FOLD:
        folded, acted = state.folded | {seat}, state.acted | {seat}
        to_act = next_to_act(seat, state.stacks, state.bets, state.current, folded, acted)
        return replaced(state, folded=folded, acted=acted, to_act=to_act)
    if action.verb is CHECK_CALL:
        total = action.amount
        assert total is not None, "a listed check or call has its total"
        stacks, bets, contributed = put(state, seat, total)
        acted = state.acted | {seat}
        to_act = next_to_act(seat, stacks, bets, state.current, state.folded, acted)
        return replaced(state, stacks=stacks, bets=bets, contributed=contributed, acted=acted, to_act=to_act)
    target = action.amount
    assert target is not None, "a listed bet or raise has its total"
    full = is_full_bet(target - state.level, bet_size(state))
    stacks, bets, contributed = put(state, seat, target)
    current = max(state.current, target)
    acted = frozenset({seat}) if full else state.acted | {seat}
    return replaced(
        state, stacks=stacks, bets=bets, contributed=contributed, current=current, aggressor=seat,
        level=target if full else state.level, raises=state.raises + (1 if full else 0), acted=acted,
        to_act=next_to_act(seat, stacks, bets, current, state.folded, acted),
    )


Amounts = tuple[Chips, ...]


def put(state: StudState, seat: Seat, total: Chips) -> tuple[Amounts, Amounts, Amounts]:
    """Stacks, round bets and contributions once the seat's round total is ``total``; the chips
    are in the pot at once."""
    chips = total - state.bets[seat]
    stacks, bets, contributed = list(state.stacks), list(state.bets), list(state.contributed)
    stacks[seat] = Chips(stacks[seat] - chips)
    bets[seat] = total
    contributed[seat] = Chips(contributed[seat] + chips)
    return tuple(stacks), tuple(bets), tuple(contributed)


def next_to_act(
    after: Seat, stacks: Amounts, bets: Amounts, current: Chips, folded: frozenset[Seat],
    acted: frozenset[Seat],
) -> Seat | None:
    """The next seat clockwise from ``after`` that still has to act; None when the round is closed:
    everyone who can bet has acted since the last full bet and matched ``current``, or is all-in
    (``stud.streets.close``)."""
    for seat in from_left(len(stacks), after):
        if stacks[seat] > 0 and seat not in folded and (seat not in acted or bets[seat] < current):
            return seat
    return None
