"""The Archie state machine and ``GAME`` (spec/archie/, every section).

``ArchieState`` is immutable; ``ArchieGame.apply`` returns a new state or raises
``ActionError`` and leaves the old one as it was. It is a ``NamedTuple`` rather than a frozen
dataclass because ``_replace`` copies it several times faster than ``dataclasses.replace``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import NamedTuple

from pokerspec.archie import betting, deal
from pokerspec.archie.betting import Round
from pokerspec.archie.showdown import settle
from pokerspec.archie.table import BETTING_ROUNDS, PLAYERS, ArchieRules, check_setup
from pokerspec.core.actions import Action, Turn, Verb, judge, listed
from pokerspec.core.cards import Card, card_names
from pokerspec.core.game import Game, Json, LastListed, Legal, Outcome, Setup, SetupError, ShowdownSetup
from pokerspec.core.types import Chips, Seat, seat_name

Pending = tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
"""Each seat's committed discard during a draw, None until it commits."""


class ArchieState(NamedTuple):
    """One hand. ``stacks`` are chips behind; ``contributed`` counts everything put in this hand,
    the current round included. Exactly one of ``betting`` (a betting round) and ``discards``
    (a draw: each seat's committed discard, or None) is set while the hand is live."""

    rules: ArchieRules
    dealer: Seat
    stacks: tuple[Chips, Chips]
    contributed: tuple[Chips, Chips]
    hands: deal.Hands
    stub: tuple[Card, ...]
    betting_round: int
    """0..3: betting round 1..4, and the draw that follows rounds 1..3."""
    betting: Round | None
    discards: Pending | None = None
    drawn: tuple[int, int] = (0, 0)
    folded: Seat | None = None

    @property
    def over(self) -> bool:
        return self.betting is None and self.discards is None

    @property
    def phase(self) -> str:
        """``bet-1``, ``draw-1`` ... ``bet-4``, then ``over`` (``archie.deal.draws``,
        ``core.contract.phases``)."""
        if self.over:
            return "over"
        return f"{'bet' if self.discards is None else 'draw'}-{self.betting_round + 1}"

    @property
    def to_act(self) -> Seat | None:
        if self.betting is not None:
            return self.betting.to_act
        if self.discards is not None:
            return next(s for s in deal.draw_order(self.dealer) if self.discards[s] is None)
        return None


def _seat_pair(a: Chips, b: Chips) -> dict[str, Json]:
    return {"p1": a, "p2": b}


def _turn(state: ArchieState, seat: Seat, listing: tuple[Action, ...]) -> Turn:
    """What ``judge`` needs to refuse an action of ``seat`` in its place in the order of reasons
    (``core.contract.precedence``)."""
    discards, betting_round = state.discards, state.betting
    mine = 0 <= seat < 2
    return Turn(
        seats=2, over=state.over, folded=(), to_act=() if state.to_act is None else (state.to_act,),
        committed=() if discards is None else tuple(Seat(s) for s in (0, 1) if discards[s] is not None),
        listing=listing,
        capped=betting_round is not None and betting_round.raises >= state.rules.cap,
        stack=state.stacks[seat] if mine else Chips(0),
        round_bet=betting_round.bets[seat] if betting_round is not None and mine else Chips(0),
        hand=state.hands[seat] if mine else (),
    )


class ArchieGame:
    """Archie, BARGE rules, on the two-player training table."""

    name = "archie"

    def __init__(self) -> None:
        self._legal = LastListed(_listing)

    def start(self, setup: Setup, rules: ArchieRules) -> ArchieState:
        """Check the table (``archie.table.players``, ``archie.table.reserve``), deal five cards
        each (``archie.deal.order``) and post the blinds (``archie.table.blinds``)."""
        check_setup(setup.stacks, setup.dealer, setup.deck, rules)
        hands, stub = deal.initial_deal(setup.deck, setup.dealer)
        rnd = betting.first_round(rules, setup.dealer)
        stacks = (Chips(setup.stacks[0] - rnd.bets[0]), Chips(setup.stacks[1] - rnd.bets[1]))
        return ArchieState(rules, setup.dealer, stacks, rnd.bets, hands, stub, 0, rnd)

    def legal(self, state: ArchieState) -> Legal:
        """Who acts and every legal action; a draw is listed once as ``sd *``."""
        return self._legal(state)

    def apply(self, state: ArchieState, action: Action) -> ArchieState:
        """The state after ``action``, or ``ActionError`` with the first reason in the published
        order (``core.contract.precedence``); a draw is one step in which each seat commits once.
        A betting action found in the listing is played as listed (the listing is exact,
        ``core.notation.legal``); any other, and every draw (listed as ``sd *``), goes through
        ``judge``."""
        discards = state.discards
        betting_round = state.betting
        listing = self._legal(state).actions
        if action not in listing:
            judge(action, _turn(state, action.seat, listing))
        if betting_round is not None:
            return self._bet(state, betting_round, action)
        assert discards is not None, "a live hand is either betting or drawing"
        return self._draw(state, discards, action)

    def _bet(self, state: ArchieState, rnd: Round, action: Action) -> ArchieState:
        """Move the chips of a betting action; a closed round leads to the next draw, and the
        fourth to the showdown (``archie.betting.then-draw``)."""
        after = betting.apply(rnd, action)
        seat = action.seat
        paid = after.bets[seat] - rnd.bets[seat]
        stacks = list(state.stacks)
        contributed = list(state.contributed)
        stacks[seat] = Chips(stacks[seat] - paid)
        contributed[seat] = Chips(contributed[seat] + paid)
        live: Round | None = after
        folded, discards = state.folded, state.discards
        if after.folded is not None:
            live, folded = None, after.folded
        elif after.closed:
            live = None
            if state.betting_round < BETTING_ROUNDS - 1:
                discards = (None, None)
        return state._replace(stacks=(stacks[0], stacks[1]), contributed=(contributed[0], contributed[1]),
                              betting=live, folded=folded, discards=discards)

    def _draw(self, state: ArchieState, discards: Pending, action: Action) -> ArchieState:
        """Record a discard; its count is public at once, the cards stay hidden (``archie.deal.discard``).
        Once both have committed, deal the replacements and open the next betting round
        (``archie.deal.replace``)."""
        seat = action.seat
        cards = action.cards or ()
        pending = list(discards)
        pending[seat] = cards
        drawn = list(state.drawn)
        drawn[seat] += len(cards)
        first, second = pending
        state = state._replace(discards=(first, second), drawn=(drawn[0], drawn[1]))
        if first is None or second is None:
            return state
        hands, stub = deal.replace_discards(state.hands, (first, second), state.stub, state.dealer)
        nxt = state.betting_round + 1
        return state._replace(hands=hands, stub=stub, discards=None, betting_round=nxt,
                              betting=betting.later_round(state.rules, nxt, state.dealer))

    def observe(self, state: ArchieState) -> dict[str, Json]:
        """The observables of Archie (``core.contract.observables``): no round bets outside a
        betting round; ``drawn`` counts every discard as soon as it is committed."""
        bets = state.betting.bets if state.betting is not None else (Chips(0), Chips(0))
        return {
            "phase": state.phase,
            "pot": sum(state.contributed),
            "stacks": _seat_pair(*state.stacks),
            "round_bets": _seat_pair(*bets),
            "contributed": _seat_pair(*state.contributed),
            "hands": {"p1": card_names(state.hands[0]), "p2": card_names(state.hands[1])},
            "folded": [] if state.folded is None else [seat_name(state.folded)],
            "stub": len(state.stub),
            "drawn": {"p1": state.drawn[0], "p2": state.drawn[1]},
        }


    def observed(self, state: ArchieState) -> Mapping[str, Json]:
        """``observe``: every observation is built afresh, so the caller may keep it too."""
        return self.observe(state)

    def outcome(self, state: ArchieState) -> Outcome | None:
        if not state.over:
            return None
        hands = {Seat(i): h for i, h in enumerate(state.hands)}
        return settle(hands, state.contributed, state.folded, state.dealer, state.rules)

    def showdown(self, setup: ShowdownSetup, rules: ArchieRules) -> Outcome:
        """The fold-or-showdown settlement on its own, from two hands and what each put in; a
        table of other than two seats, or a dealer not one of them, is ``bad_seats`` as a deal's
        setup is (``core.contract.setup``, ``archie.table.players``)."""
        seats = setup.seats or len(setup.hands)
        if seats != PLAYERS or not 0 <= setup.dealer < PLAYERS:
            raise SetupError("bad_seats", f"an Archie showdown has exactly {PLAYERS} seats, "
                                          "one of them the dealer")
        if len(setup.folded) > 1:
            raise ValueError("an Archie showdown has at most one of its two seats folded")
        contributed = tuple(setup.contributed.get(Seat(i), Chips(0)) for i in range(seats))
        folded = next(iter(setup.folded), None)
        return settle(setup.hands, contributed, folded, setup.dealer, rules)


def _listing(state: ArchieState) -> Legal:
    """``ArchieGame.legal`` worked out."""
    seat = state.to_act
    if seat is None:
        return Legal((), ())
    if state.betting is not None:
        return Legal((seat,), betting.legal(state.betting, state.rules))
    return _draw_listing(seat)


@cache
def _draw_listing(seat: Seat) -> Legal:
    """A draw's listing, ``sd *``: one for each seat, shared like ``listed``'s actions."""
    return Legal((seat,), (listed(seat, Verb.DRAW),))


GAME: Game[ArchieState, ArchieRules] = ArchieGame()
