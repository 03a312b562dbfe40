"""The interface every game engine implements (spec/core/07-actions.md).

A game is a set of pure functions over an immutable state: ``start`` builds the state from a
``Setup`` and the profile's rules, ``apply`` returns a *new* state or raises ``ActionError``
(the old state is untouched, so a rejected action changes nothing), ``legal`` lists who is to
act and what each may do, ``observe`` reports the public observables (``core.notation.observables``)
and ``outcome`` the result once the hand is over. Replay, diffing and property tests rest on this shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar, cast

from pokerspec.core.actions import Action
from pokerspec.core.cards import Card
from pokerspec.core.types import Chips, Seat, seat_name

Json = None | bool | int | float | str | Sequence["Json"] | Mapping[str, "Json"]
"""A JSON value (read-only views, so ``list[int]`` and ``dict[str, int]`` are ``Json``)."""


def fresh(value: Json) -> Json:
    """``value`` with a new list for every sequence and a new dict for every mapping in it, all
    the way down: JSON handed to a caller from what an engine keeps, so that a caller that changes
    it changes nothing kept (a later answer included)."""
    kind = type(value)
    if kind is dict:
        return {k: fresh(v) for k, v in cast("dict[str, Json]", value).items()}
    if kind is list or kind is tuple:
        return [fresh(v) for v in cast("Sequence[Json]", value)]
    return value


CARDS_BY_SEAT = frozenset({"hands", "exposed"})
"""The observables that are cards by seat: lists in a map, which ``handed_out`` copies at both levels."""

SEVEN_CARDS = 7
"""The cards of a finished hand in the seven-card games (stud, Auction): a showdown request gives
exactly this many for each hand still in (core.contract.setup)."""


def handed_out(view: Mapping[str, Json], by_seat: frozenset[str]) -> dict[str, Json]:
    """A copy of a kept observation (``Game.observed``) that shares no list or dict with it: each
    list or dict in it copied, and also the lists in the maps named in ``by_seat`` (cards by
    seat). Types in ``cast`` are strings: a type built at every call would cost a third of the copy."""
    out = dict(view)
    for key, value in out.items():
        if type(value) is dict:
            inner = cast("dict[str, Json]", value)
            out[key] = {k: list(cast("list[Json]", v)) for k, v in inner.items()} if key in by_seat \
                else dict(inner)
        elif type(value) is list:
            out[key] = list(cast("list[Json]", value))
    return out


class RulesError(ValueError):
    """A rules object (a profile's) whose amounts contradict an invariant of its game: a
    configuration error, reported with the arithmetic that fails and never as an internal error."""


class SetupError(ValueError):
    """A setup the rules cannot start from; ``code`` is one of the schema's setup codes."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Setup:
    """What a hand starts from: stacks by seat, the dealer (button), the whole deck top first
    (``core.deck.order``), and any pot carried over from the previous deal (auction only)."""

    stacks: tuple[Chips, ...]
    dealer: Seat
    deck: tuple[Card, ...]
    carry: Chips = Chips(0)


@dataclass(frozen=True, slots=True)
class ShowdownSetup:
    """A showdown on its own: final cards by seat, what each seat put in, and who folded.

    ``declarations`` holds ``l``/``h``/``b`` by seat for declare games; ``shown`` an explicit
    show order where a game needs one.
    """

    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]
    contributed: Mapping[Seat, Chips]
    folded: frozenset[Seat] = frozenset()
    declarations: Mapping[Seat, str] = field(default_factory=dict)
    carry: Chips = Chips(0)
    seats: int = 0


@dataclass(frozen=True, slots=True)
class Legal:
    """Who is to act and the complete list of legal actions with exact amounts (``core.notation.legal``)."""

    to_act: tuple[Seat, ...]
    actions: tuple[Action, ...]


ListedT = TypeVar("ListedT")


class LastListed(Generic[ListedT]):
    """A game's ``legal`` with the listing of the state listed last kept. Callers list a state and
    then apply one of its actions (or each in turn, walking a tree), and ``apply`` checks the action
    against that same listing (``core.contract.precedence``): the second time is a lookup. States
    are immutable, so a state's listing holds as long as the state; one entry, replaced whole, so
    a reader never sees one state with another's listing."""

    def __init__(self, listing: Callable[[ListedT], Legal]) -> None:
        self._listing = listing
        self._last: tuple[ListedT | None, Legal] = (None, Legal((), ()))

    def __call__(self, state: ListedT) -> Legal:
        last, legal = self._last
        if last is not state:
            legal = self._listing(state)
            self._last = (state, legal)
        return legal


@dataclass(frozen=True, slots=True)
class PotAward:
    """One pot, who could win it and who did: ``all`` for a pot that is not halved, ``high`` and
    ``low`` for the halves (``core.contract.winners``). In JSON, seats are ``p1``..``pN`` and the
    seat lists are sets (``core.contract.conventions``)."""

    amount: Chips
    eligible: tuple[Seat, ...]
    winners: Mapping[str, tuple[Seat, ...]]
    shares: Mapping[Seat, Chips]

    def to_json(self) -> dict[str, Json]:
        return {
            "amount": self.amount,
            "eligible": [seat_name(s) for s in self.eligible],
            "winners": {d: [seat_name(s) for s in ws] for d, ws in self.winners.items()},
            "shares": {seat_name(s): c for s, c in sorted(self.shares.items())},
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a hand. ``received`` is everything that goes back to a seat from the table
    (pots won and any uncalled excess); ``contributed`` everything it put in (antes, blinds,
    bids, bets); ``net = received - contributed`` (``core.chips.net``). ``carry`` is a pot carried
    to the next deal (auction); the game's own outcome keys are in ``details``
    (``core.contract.outcome``)."""

    received: tuple[Chips, ...]
    contributed: tuple[Chips, ...]
    pots: tuple[PotAward, ...]
    carry: Chips = Chips(0)
    details: Mapping[str, Json] = field(default_factory=dict)

    @property
    def net(self) -> tuple[int, ...]:
        return tuple(r - c for r, c in zip(self.received, self.contributed, strict=True))

    def to_json(self) -> dict[str, Json]:
        """The outcome as JSON, every list and dict in it new: the engines keep and share their
        outcomes (stud's and Archie's awards, Auction's ``result``), so a caller that changes its
        answer changes no later one (``fresh``)."""
        seats = range(len(self.received))
        out: dict[str, Json] = {
            "received": {seat_name(Seat(i)): self.received[i] for i in seats},
            "net": {seat_name(Seat(i)): self.net[i] for i in seats},
            "pots": [p.to_json() for p in self.pots],
        }
        for key, value in self.details.items():
            out[key] = fresh(value)
        return out


StateT = TypeVar("StateT")
RulesT = TypeVar("RulesT", contravariant=True)


class Game(Protocol, Generic[StateT, RulesT]):
    """What ``pokerspec.<game>`` exposes as ``GAME``; the adapters drive it."""

    name: str

    def start(self, setup: Setup, rules: RulesT) -> StateT: ...

    def legal(self, state: StateT) -> Legal: ...

    def apply(self, state: StateT, action: Action) -> StateT: ...

    def observe(self, state: StateT) -> dict[str, Json]:
        """The public observables, as JSON the caller owns."""
        ...

    def observed(self, state: StateT) -> Mapping[str, Json]:
        """The same observables as kept by the engine, for in-process readers that change nothing
        (the fuzzer's oracle, the perft walk): read-only, and cheaper than ``observe``."""
        ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def showdown(self, setup: ShowdownSetup, rules: RulesT) -> Outcome: ...
