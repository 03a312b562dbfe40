"""The hand as an immutable state and the ``Game`` functions over it (spec/auction/).

Phases run ``bid-1``, ``pick-1`` ... ``bid-5``, ``pick-5``, ``bet``, ``declare``, ``over``
(``core.contract.phases``).
Nothing a seat commits to a sealed bid or declaration shows in ``observe`` (not even through
the stacks or the pot) until every seat has committed.

``AuctionState`` is a plain class with slots rather than a frozen dataclass or a named tuple: every
action makes a new state, and an explicit ``copy`` with the changed fields set is cheaper than
``dataclasses.replace`` or ``_replace``, and compiles to a native class in the optional mypyc build.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from pokerspec.auction.auctions import Sealed, bid_range, pick_order
from pokerspec.auction.award import Award, award, lone_survivor
from pokerspec.auction.betting import Betting, first_actor
from pokerspec.auction.declaration import Declaration, Hands, evaluate
from pokerspec.auction.setup import AuctionRules, clockwise, deal
from pokerspec.core.actions import NO_CHIPS, Action, Turn, Verb, judge, listed
from pokerspec.core.cards import Card, card_names
from pokerspec.core.game import (
    CARDS_BY_SEAT,
    SEVEN_CARDS,
    Game,
    Json,
    LastListed,
    Legal,
    Outcome,
    Setup,
    SetupError,
    ShowdownSetup,
    handed_out,
)
from pokerspec.core.high import category_of
from pokerspec.core.types import SEAT_NAMES, Chips, Seat, seat_name, seat_names

Shown = tuple[tuple[tuple[Card, ...], ...], Mapping[str, Json], Mapping[str, Json]]
"""Exposed cards by seat, and the observation's ``hands`` and ``exposed`` built from them."""
Made = tuple[object, object, object, object, object, object]
"""What an observation's chips, row, bids and declarations are made from (``_observed``): the
stacks, the contributions, the betting round (or None), the row shown (or None), the sealed bids
and the sealed declarations."""
Memo = tuple[Made, dict[str, Json]]
"""An observation and what it was made from."""
class AuctionState:
    """Everything about one hand. ``stacks`` and ``contributed`` move only when chips are
    actually paid: antes at the start, bids when revealed, bets as made.

    A state is never changed once ``apply`` has returned it: each action makes a new state, a
    ``copy`` whose changed fields are set before it is returned. ``view`` keeps the state's
    observation once asked for (``AuctionGame.observe``) and ``shown`` its card names; they are
    derived, never part of the rules."""

    __slots__ = ("auction", "betting", "bids", "carry_in", "contributed", "dealer", "declarations",
                 "exposed", "hole", "memo", "order", "phase", "pick_orders", "picked", "players", "result",
                 "row", "rows", "rules", "shown", "sitting_out", "stacks", "view")

    def __init__(self, rules: AuctionRules, dealer: Seat, players: tuple[Seat, ...],
                 sitting_out: tuple[Seat, ...], stacks: tuple[Chips, ...], contributed: tuple[Chips, ...],
                 carry_in: Chips, hole: tuple[tuple[Card, ...], ...], exposed: tuple[tuple[Card, ...], ...],
                 rows: tuple[tuple[Card, ...], ...], auction: int, phase: str, bids: Sealed[Chips],
                 row: tuple[Card, ...], order: tuple[Seat, ...], picked: int,
                 pick_orders: tuple[tuple[Seat, ...], ...], betting: Betting | None,
                 declarations: Sealed[Declaration], result: Outcome | None) -> None:
        self.rules = rules
        self.dealer = dealer
        self.players = players
        """Dealt in, clockwise from the dealer's left: the priority order for every tie."""
        self.sitting_out = sitting_out
        self.stacks = stacks
        self.contributed = contributed
        self.carry_in = carry_in
        self.hole = hole
        self.exposed = exposed
        self.rows = rows
        self.auction = auction
        """0-based index of the current auction."""
        self.phase = phase
        self.bids = bids
        self.row = row
        """The cards of the current row still on the table."""
        self.order = order
        """This auction's pick order, once the bids are revealed."""
        self.picked = picked
        self.pick_orders = pick_orders
        self.betting = betting
        self.declarations = declarations
        self.result = result
        """The outcome, worked out once when the hand ends (``auction.award.net``)."""
        self.view: dict[str, Json] | None = None
        self.shown: Shown | None = None
        """The card names ``observe`` shows, with the exposed cards they are of (``_shown``)."""
        self.memo: Memo | None = None
        """The last observation worked out on the way to this state, with what it was made from
        (``_observed`` takes from it each part whose making has not changed)."""

    def copy(self) -> AuctionState:
        """The same hand, as the start of the next state (without ``view``)."""
        state = AuctionState(self.rules, self.dealer, self.players, self.sitting_out, self.stacks,
                             self.contributed, self.carry_in, self.hole, self.exposed, self.rows,
                             self.auction, self.phase, self.bids, self.row, self.order, self.picked,
                             self.pick_orders, self.betting, self.declarations, self.result)
        state.shown, state.memo = self.shown, self.memo
        return state

    def _replace(self, **changes: object) -> AuctionState:
        """A copy with the named fields changed, for code outside the engine (the mutation
        catalogue, ``pokerspec.regress.mutants``)."""
        state = self.copy()
        for name, value in changes.items():
            setattr(state, name, value)
        return state

    @property
    def seats(self) -> int:
        return len(self.stacks)

    @property
    def pot(self) -> Chips:
        """The one pot: the pot carried in and everything put in, bids included; nothing is ever
        returned (``core.contract.pots``)."""
        return Chips(self.carry_in + sum(self.contributed))

    @property
    def folded(self) -> frozenset[Seat]:
        return self.betting.folded if self.betting else frozenset()

    def pay(self, chips: Mapping[Seat, Chips]) -> None:
        """Move ``chips`` by seat from the stacks into the pot, on a state being made (a ``copy``)."""
        self.stacks = tuple(Chips(c - chips.get(Seat(s), 0)) for s, c in enumerate(self.stacks))
        self.contributed = tuple(Chips(c + chips.get(Seat(s), 0)) for s, c in enumerate(self.contributed))


@lru_cache(maxsize=1024)
def _bids(pending: tuple[Seat, ...], amounts: tuple[Chips, ...]) -> tuple[Action, ...]:
    """Every bid of every seat yet to bid. Listings recur all hand long and actions are immutable,
    so these three listing helpers build each once and share it."""
    return tuple(listed(s, Verb.BID, b) for s in pending for b in amounts)


@lru_cache(maxsize=1024)
def _evaluated(cards: tuple[Card, ...]) -> Hands:
    """``evaluate`` of a seat's seven cards, kept: every order of the declarations that ends a hand
    awards the same seven-card hands."""
    return evaluate(cards)


evaluated_cache_clear = _evaluated.cache_clear
"""Forget every hand evaluated (for code that replaces the rankings: ``pokerspec.regress.mutants``)."""


@lru_cache(maxsize=1024)
def _picks(seat: Seat, row: tuple[Card, ...]) -> tuple[Action, ...]:
    return tuple(_pick_action(seat, card) for card in row)


@lru_cache(maxsize=1024)
def _pick_action(seat: Seat, card: Card) -> Action:
    """One pick, the same object in every row listing it: callers know actions by identity."""
    return Action(seat, Verb.PICK, cards=(card,))


@lru_cache(maxsize=256)
def _declarations(pending: tuple[Seat, ...]) -> tuple[Action, ...]:
    return tuple(_declaration(s, d.value) for s in pending for d in Declaration)


@lru_cache(maxsize=64)
def _declaration(seat: Seat, choice: str) -> Action:
    """One declaration, the same object in every listing of it, like ``_pick_action``."""
    return Action(seat, Verb.DECLARE, choice=choice)


def _shown(state: AuctionState) -> Shown:
    """Each player's cards by name, face down then face up (``hands``), and his face-up cards
    (``exposed``), for ``observe``. The cards change only at a pick, one seat's at a time, and an
    observation is read-only, so a state keeps the names (``AuctionState.shown``) and passes them
    on: after a pick only the picker's are new."""
    hole, exposed = state.hole, state.exposed
    before = state.shown
    hands: dict[str, Json] = {}
    up: dict[str, Json] = {}
    for s in state.players:
        name = SEAT_NAMES[s]
        if before is not None and before[0][s] is exposed[s]:
            hands[name], up[name] = before[1][name], before[2][name]
        else:
            hands[name], up[name] = card_names(hole[s] + exposed[s]), card_names(exposed[s])
    return exposed, hands, up


@lru_cache(maxsize=1024)
def _names(seats: tuple[Seat, ...]) -> Sequence[Json]:
    """The seats' names in the order given, shared by every observation listing those seats."""
    return seat_names(seats)


@lru_cache(maxsize=1024)
def _sorted_names(seats: tuple[Seat, ...]) -> Sequence[Json]:
    """The seats' names in seat order, shared like ``_names``."""
    return seat_names(sorted(seats))


def _by_seat(values: Mapping[Seat, Json]) -> dict[str, Json]:
    seats = sorted(values)
    return dict(zip(seat_names(seats), [values[s] for s in seats], strict=True))


class AuctionGame:
    """Auction poker as a ``pokerspec.core.game.Game``."""

    name = "auction"

    def __init__(self) -> None:
        self._legal = LastListed(_listing)

    def start(self, setup: Setup, rules: AuctionRules) -> AuctionState:
        """Deal, take the antes (``auction.setup.ante``) and add any pot carried over from the
        previous deal (``auction.setup.carry``); then the first auction opens."""
        if not 0 <= setup.dealer < len(setup.stacks):
            raise SetupError("bad_seats", "the dealer must sit at the table")
        dealt = deal(setup, rules)
        seats = len(setup.stacks)
        state = AuctionState(
            rules=rules, dealer=setup.dealer, players=dealt.players, sitting_out=dealt.sitting_out,
            stacks=setup.stacks, contributed=tuple(Chips(0) for _ in range(seats)), carry_in=setup.carry,
            hole=dealt.hole, exposed=tuple(() for _ in range(seats)), rows=dealt.rows, auction=0,
            phase="bid-1", bids=Sealed(dealt.players), row=dealt.rows[0], order=(), picked=0,
            pick_orders=(), betting=None, declarations=Sealed(dealt.players), result=None,
        )
        state.pay({seat: rules.ante for seat in dealt.players})
        return state

    def legal(self, state: AuctionState) -> Legal:
        """Who may act now and every legal action with its exact amount."""
        return self._legal(state)

    def apply(self, state: AuctionState, action: Action) -> AuctionState:
        """The state after ``action``, or ``ActionError`` with the first reason in the published
        order (``core.contract.precedence``); ``state`` is untouched. Bids and declarations are
        steps in which each seat commits once."""
        seat, phase, seats = action.seat, state.phase, state.seats
        betting = state.betting if phase == "bet" else None
        bidding = phase.startswith("bid-")
        committed = state.bids if bidding else state.declarations
        seated = 0 <= seat < seats
        judge(action, Turn(
            seats=seats, over=phase == "over", folded=state.folded,
            committed=tuple(s for s, _ in committed.committed) if betting is None else (),
            to_act=(legal := self.legal(state)).to_act, listing=legal.actions,
            capped=betting is not None and betting.level >= betting.cap,
            stack=state.stacks[seat] if seated else NO_CHIPS,
            round_bet=betting.round_bets[seat] if betting and seated else NO_CHIPS,
        ))
        if bidding:
            return self._bid(state, action)
        if phase.startswith("pick-"):
            return self._pick(state, action)
        if betting is not None:
            return self._bet(state, betting, action)
        return self._declare(state, action)

    def _bid(self, state: AuctionState, action: Action) -> AuctionState:
        """A sealed bid of 1 to 3; once all are in, every bid is paid into the pot whatever
        card it buys (``auction.auction.bid``, ``auction.auction.bids-paid``) and the pick order
        is fixed (``auction.auction.order``). Nobody may pass or leave (``auction.setup.no-leaving``)."""
        assert action.amount is not None, "a listed bid has an amount"
        after = state.copy()
        after.bids = bids = state.bids.commit(action.seat, action.amount)
        if not bids.complete:
            after.view = state.view  # nothing public has changed: the bid is sealed
            return after
        revealed = bids.revealed()
        after.pay(revealed)
        after.order = order = pick_order(revealed, state.exposed, state.players)
        after.phase, after.picked = f"pick-{state.auction + 1}", 0
        after.pick_orders = (*state.pick_orders, order)
        return after

    def _pick(self, state: AuctionState, action: Action) -> AuctionState:
        """One card from the row, in pick order, kept face up (``auction.auction.pick``); after
        the last pick the next row opens, and after the fifth the betting round
        (``auction.auction.rows``)."""
        seat = action.seat
        assert action.cards is not None, "a listed pick names its card"
        (card,) = action.cards
        state = state.copy()
        state.exposed = tuple((*cards, card) if s == seat else cards for s, cards in enumerate(state.exposed))
        state.row = tuple(c for c in state.row if c != card)
        state.picked += 1
        if state.row:
            return state
        nxt = state.auction + 1
        state.bids, state.order, state.picked = Sealed(state.players), (), 0
        if nxt < state.rules.auctions:
            state.auction, state.phase, state.row = nxt, f"bid-{nxt + 1}", state.rows[nxt]
            return state
        first = first_actor(state.players, state.exposed)
        i = state.players.index(first)
        order = state.players[i:] + state.players[:i]
        state.phase = "bet"
        state.betting = Betting.open(order, state.seats, state.rules.bet_unit, state.rules.cap)
        return state

    def _bet(self, state: AuctionState, betting: Betting, action: Action) -> AuctionState:
        """One betting action; a lone survivor takes the pot without declaring
        (``auction.betting.lone-survivor``); otherwise the survivors declare."""
        betting, chips = betting.apply(action)
        state = state.copy()
        state.pay({action.seat: chips})
        state.betting = betting
        if not betting.over:
            return state
        live = betting.live
        if len(live) == 1:
            return _ended(state, lone_survivor(state.pot, live[0]), {})
        state.phase, state.declarations = "declare", Sealed(live)
        return state

    def _declare(self, state: AuctionState, action: Action) -> AuctionState:
        """A sealed declaration (``auction.declare.simultaneous``); when all are in, the pot is
        awarded (``auction.award.both``)."""
        assert action.choice is not None, "a listed declaration names its choice"
        after = state.copy()
        after.declarations = declarations = state.declarations.commit(action.seat, Declaration(action.choice))
        if not declarations.complete:
            after.view = state.view  # nothing public has changed: the declaration is sealed
            return after
        state = after
        revealed = declarations.revealed()
        hands = {s: _evaluated(state.hole[s] + state.exposed[s]) for s in revealed}
        return _ended(state, award(state.pot, hands, revealed, state.players, state.rules), hands)

    def observe(self, state: AuctionState) -> dict[str, Json]:
        """The public observables (``core.contract.observables``, ``_observed``), worked out once
        per state and kept in its ``view``; a sealed commitment that leaves the step incomplete
        changes nothing public, so its state keeps the view of the state before it. The caller
        gets a copy (``handed_out``): changing it changes nothing kept."""
        return handed_out(self.observed(state), CARDS_BY_SEAT)

    def observed(self, state: AuctionState) -> Mapping[str, Json]:
        """The observation as the state keeps it (read-only)."""
        view = state.view
        if view is None:
            view = state.view = _observed(state)
        return view

    def outcome(self, state: AuctionState) -> Outcome | None:
        """The result once the hand is over (``auction.award.net``)."""
        return state.result

    def showdown(self, setup: ShowdownSetup, rules: AuctionRules) -> Outcome:
        """Award a pot on its own: declared seven-card hands, contributions, folds and any pot
        carried in (``auction.award.both``)."""
        seats = max(setup.seats, max(setup.hands) + 1, *(s + 1 for s in setup.contributed))
        contributed = tuple(setup.contributed.get(Seat(s), Chips(0)) for s in range(seats))
        pot = Chips(sum(contributed) + setup.carry)
        priority = clockwise(setup.dealer, seats)
        live = [s for s in priority if s in setup.hands and s not in setup.folded]
        if len(live) == 1:
            nobody: dict[str, Json] = {"declarations": {}, "categories": {}}
            return _outcome(lone_survivor(pot, live[0]), seats, contributed, nobody)
        missing = [seat_name(s) for s in live if s not in setup.declarations]
        if missing:
            raise ValueError(f"no declaration from {', '.join(missing)}")
        if any(len(setup.hands[s]) != SEVEN_CARDS for s in live):
            raise ValueError("an Auction showdown needs the seven cards of each hand still in")
        declared = {s: Declaration(setup.declarations[s]) for s in live}
        hands = {s: evaluate(setup.hands[s]) for s in live}
        return _outcome(award(pot, hands, declared, priority, rules), seats, contributed, {
            "declarations": _by_seat({s: d.value for s, d in declared.items()}),
            "categories": _by_seat({s: category_of(h.high).label for s, h in hands.items()}),
        })


def _listing(state: AuctionState) -> Legal:
    """``AuctionGame.legal`` worked out."""
    rules = state.rules
    if state.phase.startswith("bid-"):
        pending = state.bids.pending()
        return Legal(pending, _bids(pending, bid_range(rules.min_bid, rules.max_bid)))
    if state.phase.startswith("pick-"):
        seat = state.order[state.picked]
        return Legal((seat,), _picks(seat, state.row))
    if state.phase == "bet" and state.betting is not None:
        actor = state.betting.to_act
        return Legal(() if actor is None else (actor,), state.betting.legal())
    if state.phase == "declare":
        pending = state.declarations.pending()
        return Legal(pending, _declarations(pending))
    return Legal((), ())


def _observed(state: AuctionState) -> dict[str, Json]:
    """``AuctionGame.observe`` worked out: a pending sealed commitment never shows, and round bets
    show only during the betting round. An action changes a few of the parts: each part made from
    the very objects (states pass on what they do not change) that made the last observation
    before it (``AuctionState.memo``) is taken from that observation."""
    phase, seats, folded = state.phase, state.seats, state.folded
    betting = state.betting if phase == "bet" else None
    names = SEAT_NAMES[:seats]
    shown = state.shown
    if shown is None or shown[0] is not state.exposed:
        shown = state.shown = _shown(state)
    row = state.row if phase.startswith(("bid-", "pick-")) else None
    made: Made = (state.stacks, state.contributed, betting, row, state.bids, state.declarations)
    before, last = state.memo if state.memo is not None else (_NOTHING, _NONE)
    if before[2] is betting:
        round_bets = last["round_bets"]
    else:
        round_bets = dict(zip(names, betting.round_bets if betting else (Chips(0),) * seats, strict=True))
    if before[4] is state.bids:
        bids = last["bids"]
    else:
        revealed = state.bids.revealed()
        bids = _by_seat(dict(revealed)) if revealed else {}
    if before[5] is state.declarations:
        declarations = last["declarations"]
    else:
        declared = state.declarations.revealed()
        declarations = _by_seat({s: d.value for s, d in declared.items()}) if declared else {}
    view: dict[str, Json] = {
        "phase": phase,
        "pot": state.pot,
        "stacks": last["stacks"] if before[0] is state.stacks
        else dict(zip(names, state.stacks, strict=True)),
        "round_bets": round_bets,
        "contributed": last["contributed"] if before[1] is state.contributed
        else dict(zip(names, state.contributed, strict=True)),
        "hands": shown[1],
        "exposed": shown[2],
        "row": last["row"] if before[3] is row else [] if row is None else card_names(row),
        "bids": bids,
        "pick_order": _names(state.order),
        "folded": _sorted_names(tuple(folded)) if folded else [],
        "declarations": declarations,
        "sitting_out": _sorted_names(state.sitting_out),
    }
    state.memo = (made, view)
    return view


_UNMADE = object()
_NOTHING: Made = (_UNMADE,) * 6
"""What no observation is made from (every part of the first observation is worked out)."""
_NONE: dict[str, Json] = {}


def _ended(state: AuctionState, result: Award, hands: Mapping[Seat, Hands]) -> AuctionState:
    """The hand over with ``result``, on a state being made: its outcome is worked out here, once,
    not at every ``outcome`` request. ``hands`` are the declared seats' evaluated hands (none for a lone
    survivor)."""
    declared = state.declarations.revealed()
    state.phase = "over"
    state.result = _outcome(result, state.seats, state.contributed, {
        "pick_orders": [[seat_name(s) for s in order] for order in state.pick_orders],
        "declarations": _by_seat({s: d.value for s, d in declared.items()}),
        "categories": _by_seat({s: category_of(h.high).label for s, h in hands.items()}),
        "sitting_out": [seat_name(s) for s in sorted(state.sitting_out)],
    })
    return state


def _outcome(result: Award, seats: int, contributed: tuple[Chips, ...], details: dict[str, Json]) -> Outcome:
    """Amounts received by seat, net results (received minus ante, bids and bets,
    ``auction.award.net``), who was shut out and why, and any carry-over."""
    received = [Chips(0)] * seats
    for pot in result.pots:
        for seat, chips in pot.shares.items():
            received[seat] = Chips(received[seat] + chips)
    details = dict(details)
    details["carry"] = result.carry
    details["excluded"] = [seat_name(s) for s in result.excluded]
    details["excluded_why"] = _by_seat(
        {s: {d: r.value for d, r in rs.items()} for s, rs in result.both.items() if s in result.excluded})
    return Outcome(tuple(received), contributed, result.pots, result.carry, details)


GAME: Game[AuctionState, AuctionRules] = AuctionGame()
