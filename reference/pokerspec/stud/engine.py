"""The stud engine: the ``Game`` protocol over ``StudState`` (spec/stud/index.md).

``start`` deals third street and posts antes; ``apply`` checks an action against the options of
the seat to act and returns a new state, or raises ``ActionError`` leaving the old one as it was.
When a betting round closes the next street is dealt, the hand runs out without betting, or the
showdown begins.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from pokerspec.core.actions import SHOW, Action, Turn, Verb, judge, listed
from pokerspec.core.cards import Card, card_names, format_card
from pokerspec.core.exposed import exposed_rank
from pokerspec.core.game import (
    CARDS_BY_SEAT,
    Json,
    LastListed,
    Legal,
    Outcome,
    Setup,
    ShowdownSetup,
    handed_out,
)
from pokerspec.core.types import SEAT_NAMES, Chips, Seat, seat_name
from pokerspec.stud import showdown as sd
from pokerspec.stud.allin import betting_over, pots_of
from pokerspec.stud.bringin import bring_in_options, bring_in_seat, post_antes, post_bring_in
from pokerspec.stud.deal import check_table, deal_third_street
from pokerspec.stud.profiles import StudRules
from pokerspec.stud.state import OVER, SHOWDOWN, Cards, StudState, replaced, street_phase
from pokerspec.stud.streets import bet, betting_options, capped, deal_street, open_round


class StudGame:
    """Seven-card stud, fixed limit, 2 to 8 players."""

    name = "stud"

    def __init__(self) -> None:
        self._legal = LastListed(_listing)

    def start(self, setup: Setup, rules: StudRules) -> StudState:
        """Deal third street, post the antes, and call for the bring-in (``stud.deal.order``,
        ``stud.bringin.ante``, ``stud.bringin.lowest``)."""
        check_table(setup)
        seats = len(setup.stacks)
        hole, up, stub = deal_third_street(setup.deck, seats, setup.dealer)
        stacks, antes = post_antes(setup.stacks, rules.ante)
        zero = Chips(0)
        state = StudState(
            rules=rules, button=setup.dealer,
            cards=Cards(street=3, hole=hole, up=up, stub=stub, burns=(), common=None,
                        boards=tuple(exposed_rank(u) for u in up)),
            phase=street_phase(3), stacks=stacks, contributed=antes, bets=(zero,) * seats,
            folded=frozenset(), to_act=None, current=zero, level=zero, raises=0, acted=frozenset(),
            bring_in_due=True, aggressor=None,
        )
        if betting_over(state.live(), stacks):
            return _run_out(state._replace(bring_in_due=False))
        candidates = [Seat(s) for s in range(seats) if stacks[s] > 0]
        return state._replace(to_act=bring_in_seat(up, candidates))

    def legal(self, state: StudState) -> Legal:
        """The seat to act and its exact options: the bring-in's two amounts, the betting options, or
        show and (where allowed) muck (``stud.bringin.forced``, ``stud.streets.actions``,
        ``stud.showdown.muck``)."""
        return self._legal(state)

    def apply(self, state: StudState, action: Action) -> StudState:
        """The state after ``action``; a refused action raises ``ActionError`` with the first reason
        in the published order (``core.contract.precedence``) and leaves ``state`` as it was. An
        action found in the listing is played as listed (the listing is exact,
        ``core.notation.legal``); any other goes through ``judge``, which refuses it or returns the
        listed action it stands for (``p2 cc`` for ``p2 cc 2``)."""
        legal = self._legal(state)
        for option in legal.actions:  # by identity first: a walk plays the listed actions themselves
            if option is action:
                break
        else:
            option = action if action in legal.actions else judge(action, _turn(state, action.seat, legal))
        if state.phase == SHOWDOWN:
            return _show(state, action)
        if state.bring_in_due:
            return _after_action(post_bring_in(state, action))
        return _after_action(bet(state, option))

    def observe(self, state: StudState) -> dict[str, Json]:
        """Phase, chips, every seat's cards (hole cards first, then upcards, then the seventh card),
        the upcards, the common card, folded seats and the number of cards in the stub; round bets
        only while a betting round is open (``core.contract.observables``). A copy the caller owns
        (``handed_out``) of ``observed``."""
        return handed_out(self.observed(state), CARDS_BY_SEAT)

    def observed(self, state: StudState) -> Mapping[str, Json]:
        """The observation made of kept parts (``_seen``, ``_by_name``, ``_folded``): read-only."""
        hands, exposed, common, stub = _seen(state.cards)
        betting = state.phase not in (SHOWDOWN, OVER)
        return {
            "phase": state.phase,
            "pot": sum(state.contributed),
            "stacks": _by_name(state.stacks),
            "round_bets": _by_name(state.bets if betting else (Chips(0),) * state.seats),
            "contributed": _by_name(state.contributed),
            "hands": hands,
            "exposed": exposed,
            "common": common,
            "folded": _folded(state.folded),
            "stub": stub,
        }

    def outcome(self, state: StudState) -> Outcome | None:
        """The result once the hand is over, else None."""
        return state.result

    def showdown(self, setup: ShowdownSetup, rules: StudRules) -> Outcome:
        """Award final hands on their own (``stud.showdown.award``)."""
        return sd.showdown(setup, rules)


def _turn(state: StudState, seat: Seat, legal: Legal) -> Turn:
    """What ``judge`` needs to refuse an action of ``seat`` in its place in the order of reasons
    (``core.contract.precedence``). The Turn's fields in order, positionally: keywords cost a
    third of the Turn's making."""
    mine = 0 <= seat < state.seats
    betting = state.phase != SHOWDOWN
    bring_in = state.bring_in_due
    return Turn(
        state.seats, state.phase == OVER, state.folded, (),  # seats, over, folded, committed
        legal.to_act, legal.actions,  # to_act, listing
        betting and not bring_in and capped(state), bring_in,  # capped, bring_in
        state.stacks[seat] if mine else Chips(0),  # stack
        state.bets[seat] if mine and betting else Chips(0),  # round_bet
    )


def _listing(state: StudState) -> Legal:
    """``StudGame.legal`` worked out."""
    seat = state.to_act
    if seat is None:
        return Legal((), ())
    if state.phase == SHOWDOWN:
        show = listed(seat, Verb.SHOW)
        if sd.may_muck(seat, state.shown, state.mucked, state.pots):
            return Legal((seat,), (show, listed(seat, Verb.MUCK)))
        return Legal((seat,), (show,))
    if state.bring_in_due:
        return Legal((seat,), bring_in_options(state, seat))
    return betting_options(state, seat)


Seen = tuple[dict[str, list[str]], dict[str, list[str]], list[str], int]
"""What ``observe`` reports of the cards: every seat's cards and upcards by name, the common card
and the number of cards in the stub."""
_SEEN: dict[int, tuple[Cards, Seen]] = {}
"""``_seen`` of one street's cards, by their identity (the ``Cards`` is kept with the answer, so no
other can take its id)."""


def _seen(cards: Cards) -> Seen:
    """The cards as ``observe`` reports them: each seat's cards (the two hole cards, the upcards,
    then the seventh card), its upcards, the common card and the stub's size. The cards change
    once a street, so this is built once per street, not at every action (``observe`` copies it)."""
    known = _SEEN.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    if len(_SEEN) >= 16:
        _SEEN.clear()
    hole, up = cards.hole, cards.up
    names = SEAT_NAMES[: len(hole)]
    seen: Seen = ({name: card_names((*hole[s][:2], *up[s], *hole[s][2:])) for s, name in enumerate(names)},
                  {name: card_names(up[s]) for s, name in enumerate(names)},
                  [] if cards.common is None else [format_card(cards.common)], len(cards.stub))
    _SEEN[id(cards)] = (cards, seen)
    return seen


@lru_cache(maxsize=1024)
def _by_name(amounts: tuple[Chips, ...]) -> dict[str, Json]:
    """Amounts by seat name (``p1``, ``p2`` ...), for ``observe`` to copy: one for each distinct
    set of amounts (most actions change one seat's chips, a check or fold none)."""
    return dict(zip(SEAT_NAMES[: len(amounts)], amounts, strict=True))


@lru_cache(maxsize=256)
def _folded(folded: frozenset[Seat]) -> list[Json]:
    """The folded seats by name, in seat order, for ``observe`` to copy."""
    return [seat_name(s) for s in sorted(folded)]


def _after_action(state: StudState) -> StudState:
    """After an action that passed the turn: one player left takes the pot
    (``stud.showdown.uncontested``); a closed round (nobody to act) leads to the next street, a
    run-out or the showdown."""
    if len(state.folded) == state.seats - 1:
        result = _uncontested(state.seats, state.contributed, state.folded, state.common)
        return replaced(state, phase=OVER, to_act=None, result=result)
    if state.to_act is not None:
        return state
    if betting_over(state.live(), state.stacks):
        return _run_out(state)
    if state.street == 7:
        order = _order(state, state.aggressor)
        pots = pots_of(state.contributed, state.folded)[0]
        return replaced(state, phase=SHOWDOWN, order=order, to_act=order[0], pots=pots)
    return open_round(_next_street(state))


_DEALT: dict[tuple[int, frozenset[Seat]], tuple[Cards, Cards]] = {}
"""The cards ``deal_street`` dealt from one street's cards (by identity: the key's ``Cards`` is
kept with the answer, so no other can take its id) for one set of folded seats."""


def _next_street(state: StudState) -> StudState:
    """``deal_street(state)``. The next street's cards depend only on the cards as they lie and
    who folded (the seats, the button and the rules are the hand's own), and a tree deals each
    street after many different bets with the same folds, so each deal is kept (``_DEALT``)."""
    key = (id(state.cards), state.folded)
    known = _DEALT.get(key)
    if known is None or known[0] is not state.cards:
        if len(_DEALT) >= 64:
            _DEALT.clear()
        dealt = deal_street(state)
        _DEALT[key] = (state.cards, dealt.cards)
        return dealt
    return replaced(state, phase=street_phase(known[1].street), cards=known[1])


def _order(state: StudState, aggressor: Seat | None) -> tuple[Seat, ...]:
    """The show order; ``aggressor`` is the last bettor or raiser on seventh street, if any."""
    live = state.live()
    boards = {s: state.boards[s] for s in live}
    return sd.show_order(live, boards, state.seats, state.button, state.rules, aggressor)


def _run_out(state: StudState) -> StudState:
    """Nobody can bet: deal every remaining street and expose all hands at once, in show order
    (``stud.allin.runout``). A bet made before seventh street does not make its maker the last
    aggressor of the final round (``stud.profile.last-aggressor``)."""
    aggressor = state.aggressor if state.street == 7 else None
    while state.street < 7:
        state = _next_street(state)
    order = _order(state, aggressor)
    return _finish(replaced(state, order=order, shown=order))


def _show(state: StudState, action: Action) -> StudState:
    """``sm`` or ``mu`` in show order (``stud.showdown.order``, ``stud.showdown.muck``)."""
    seat, shown, mucked = action.seat, state.shown, state.mucked
    if action.verb is SHOW:
        shown = (*shown, seat)
    else:
        mucked = (*mucked, seat)
    done = len(shown) + len(mucked)
    if done < len(state.order):
        return replaced(state, shown=shown, mucked=mucked, to_act=state.order[done])
    return _finish(replaced(state, shown=shown, mucked=mucked))


def _finish(state: StudState) -> StudState:
    """The hands in show order are shown or mucked: award the pots (``stud.showdown.award``)."""
    result = _awarded(state.seats, state.contributed, state.folded, state.order, state.mucked,
                      state.hole, state.up, state.common, state.rules)
    return replaced(state, phase=OVER, to_act=None, result=result)


@lru_cache(maxsize=4096)
def _awarded(
    seats: int, contributed: tuple[Chips, ...], folded: frozenset[Seat], order: tuple[Seat, ...],
    mucked: tuple[Seat, ...], hole: tuple[tuple[Card, ...], ...], up: tuple[tuple[Card, ...], ...],
    common: Card | None, rules: StudRules,
) -> Outcome:
    """``showdown.award`` of these cards and chips, worked out once for each: a tree's leaves (and
    a hand replayed) end with the same cards and chips many times over. An ``Outcome`` is
    immutable, so the states that end alike share it."""
    own = {s: (*hole[s], *up[s]) for s in order}
    return sd.award(seats, contributed, folded, order, mucked, own, common, rules)


@lru_cache(maxsize=4096)
def _uncontested(
    seats: int, contributed: tuple[Chips, ...], folded: frozenset[Seat], common: Card | None
) -> Outcome:
    """``showdown.uncontested`` worked out once for each contribution and fold, like ``_awarded``."""
    return sd.uncontested(seats, contributed, folded, common)


def cache_clear() -> None:
    """Forget every award and every deal worked out (for code that replaces a rule they depend on:
    ``pokerspec.regress.mutants``)."""
    _awarded.cache_clear()
    _uncontested.cache_clear()
    _DEALT.clear()
