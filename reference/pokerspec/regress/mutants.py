"""Mutation check: the reference with one rule deliberately wrong must fail the suite.

Each ``Mutant`` is a small, reversible patch of one rule, applied with ``unittest.mock.patch``
on module attributes, on a class, or on a profile's frozen rules (``dataclasses.replace``); the
source files are never touched. ``check`` runs every case under every profile it lists on the
``ReferenceEngine`` with the patch in place: the mutant is *killed* when at least one required
case fails (or errors), and *pinned* when a failing required case lists the rule it breaks.

    python -m pokerspec.regress.mutants [--mutant NAME] [--json] [--markdown] [--record]

A mutant the cases miss may still be killed by the published perft tables
(``conformance/perft/tables.json``): ``perft_kill`` walks every position to its checked depth
under the patch and names the first whose counts differ. Either artefact is language-neutral;
a Python unit test never counts. ``--record`` writes ``conformance/misreadings/killed.json``
(each mutant, its rule, the first case and the first perft position that kill it), which
``pokerspec coverage`` reads.

Exit status 1 when a mutant survives both artefacts, the unpatched reference fails a required case, or a
profile is covered by no mutant (no case run under it kills one: ``covered_by``).
docs/maintainers/mutants.md is the ``--markdown`` output.
"""

from __future__ import annotations

import argparse
import copy
import json
import multiprocessing
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import FrameType, ModuleType
from typing import TypeVar, cast
from unittest import mock

from pokerspec.archie import award as archie_award
from pokerspec.archie import betting as archie_betting
from pokerspec.archie import deal as archie_deal
from pokerspec.archie import engine as archie_engine
from pokerspec.archie import qualifiers as archie_qualifiers
from pokerspec.archie import showdown as archie_showdown
from pokerspec.archie import table as archie_table
from pokerspec.archie.betting import Round
from pokerspec.archie.engine import ArchieGame, ArchieState, Pending
from pokerspec.archie.table import BETTING_ROUNDS, ArchieRules, NoQualifier, non_dealer
from pokerspec.auction import auctions as auction_auctions
from pokerspec.auction import award as auction_award
from pokerspec.auction import betting as auction_betting
from pokerspec.auction import declaration as auction_declaration
from pokerspec.auction import engine as auction_engine
from pokerspec.auction import setup as auction_setup
from pokerspec.auction.auctions import Sealed
from pokerspec.auction.betting import Betting
from pokerspec.auction.declaration import Declaration, Hands
from pokerspec.auction.engine import AuctionGame, AuctionState
from pokerspec.auction.setup import AuctionRules, FailedBoth
from pokerspec.caches import forget_derived
from pokerspec.conformance import reference_engine
from pokerspec.conformance.cases import Case, load_cases
from pokerspec.conformance.grading import Result, Verdict, grade
from pokerspec.conformance.protocol import Message, handshake
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.conformance.runner import Planned, Selection, plan, unsupported
from pokerspec.core import actions, cards, chips, deck, exposed, fast, high, low
from pokerspec.core.actions import Action, ActionError, Reason, Turn, Verb, betting_actions
from pokerspec.core.cards import Card, CardError, Rank, format_card, parse_cards, rank_of, suit_of
from pokerspec.core.chips import OddChipRule, Pot, high_low_halves, split
from pokerspec.core.game import Json, Legal, Outcome, PotAward, Setup
from pokerspec.core.high import Category, HighRank, category_of, pack
from pokerspec.core.low import LowRank
from pokerspec.core.types import Chips, RuleId, Seat, parse_seat, seat_name
from pokerspec.perft.positions import positions, read_tables
from pokerspec.perft.tree import ReferenceTree
from pokerspec.profiles import all_profiles
from pokerspec.resources import source_checkout
from pokerspec.stud import allin as stud_allin
from pokerspec.stud import bringin as stud_bringin
from pokerspec.stud import deal as stud_deal
from pokerspec.stud import engine as stud_engine
from pokerspec.stud import runout as stud_runout
from pokerspec.stud import showdown as stud_showdown
from pokerspec.stud import streets as stud_streets
from pokerspec.stud.engine import StudGame
from pokerspec.stud.profiles import OddChipOrder, RunningOut, ShowOrder, StudRules
from pokerspec.stud.runout import SeventhStreet
from pokerspec.stud.state import SHOWDOWN, StudState, from_left

R = TypeVar("R")
F = TypeVar("F", bound=Callable[..., object])

SHOWN = 3
"""Failing cases listed per mutant."""
TIME_LIMIT = 60.0
"""Seconds one mutant may take before it counts as killed by a hang (main thread only)."""


@dataclass(frozen=True, slots=True)
class Mutant:
    """One rule deliberately broken: ``patch()`` is a context manager that breaks it."""

    name: str
    game: str
    rule: RuleId
    """The rule the mutant breaks."""
    wrong: str
    """What the mutant does instead of the rule."""
    patch: Callable[[], AbstractContextManager[object]]
    gap: str = ""
    """Why the suite cannot kill this mutant yet: the case that is missing. Empty for the others."""


# --- seams -----------------------------------------------------------------------------------


@contextmanager
def replaced(module: ModuleType, name: str, new: object) -> Iterator[None]:
    """Replace ``module.name`` and every copy of it that a loaded ``pokerspec`` module imported by
    name (``from module import name``), so the whole reference sees the wrong rule."""
    original = getattr(module, name)
    with ExitStack() as stack:
        for loaded in list(sys.modules.values()):
            if loaded is not None and loaded.__name__.startswith("pokerspec") \
                    and vars(loaded).get(name) is original:
                stack.enter_context(mock.patch.object(loaded, name, new))
        yield


@contextmanager
def rules_changed(kind: type[R], change: Callable[[R], R], profile: str | None = None) -> Iterator[None]:
    """Every profile whose rules are a ``kind`` (or only ``profile``) plays with ``change(rules)``."""
    profiles = all_profiles()
    patched = {name: replace(p, rules=change(p.rules)) for name, p in profiles.items()
               if isinstance(p.rules, kind) and profile in (None, name)}
    with mock.patch.dict(profiles, patched):
        yield


def unchecked(rules: R, **changes: object) -> R:
    """A copy of a frozen rules object with ``changes``, bypassing the invariants its constructor
    checks: a misreading engine plays those amounts whatever the table's other amounts are."""
    changed = copy.copy(rules)
    for name, value in changes.items():
        object.__setattr__(changed, name, value)
    return changed


@contextmanager
def fresh_tables() -> Iterator[None]:
    """Empty the evaluation tables of ``pokerspec.core.fast`` and the partial ranks of
    ``pokerspec.core.exposed`` so they are rebuilt from the mutated literate rankings, and restore
    them afterwards; the ``DERIVED`` caches, worked out from the old ranks, are emptied too."""
    forget_derived()
    try:
        with mock.patch.object(fast, "_HIGH", {}), mock.patch.object(fast, "_LOW", {}), \
                mock.patch.object(fast, "_FLUSH_HIGH", {}), \
                mock.patch.dict(exposed._PARTIAL_RANKS, clear=True):
            yield
    finally:
        forget_derived()


@contextmanager
def around(owner: ModuleType | type, name: str, mutate: Callable[[F], F], everywhere: bool = True
           ) -> Iterator[None]:
    """Replace ``owner.name`` by ``mutate(original)``: on a module everywhere it was imported
    (``replaced``) unless ``everywhere`` is false, on a class just there. The original is looked
    up when the patch starts; the ``DERIVED`` caches are emptied when it starts and ends."""
    mutant = mutate(getattr(owner, name))
    patch = replaced(owner, name, mutant) if isinstance(owner, ModuleType) and everywhere \
        else mock.patch.object(owner, name, mutant)
    forget_derived()
    try:
        with patch:
            yield
    finally:
        forget_derived()


@contextmanager
def ranking(module: ModuleType, name: str, mutate: Callable[[F], F]) -> Iterator[None]:
    """Mutate a piece of the literate ranking and rebuild the evaluation tables from it."""
    with around(module, name, mutate), fresh_tables():
        yield


# --- core ------------------------------------------------------------------------------------

StraightTop = Callable[[Sequence[int]], int | None]
Rank5 = Callable[[Sequence[Card]], HighRank]
Halves = Callable[[Chips], tuple[Chips, Chips]]
Split = Callable[[Chips, Sequence[Seat], OddChipRule], dict[Seat, Chips]]
BuildPots = Callable[[dict[Seat, Chips], frozenset[Seat]], tuple[tuple[Pot, ...], dict[Seat, Chips]]]


def _no_wheel(straight_top: StraightTop) -> StraightTop:
    def mutant(ranks: Sequence[int]) -> int | None:
        top = straight_top(ranks)
        return None if top == 5 else top

    return mutant


def _wrap_around(straight_top: StraightTop) -> StraightTop:
    """Five distinct ranks in a row counted round the corner, the ace between king and deuce."""

    def mutant(ranks: Sequence[int]) -> int | None:
        distinct = sorted(set(ranks))
        for start in range(13):
            run = [(start + i) % 13 + 2 for i in range(5)]
            if sorted(run) == distinct:
                return run[-1]
        return straight_top(ranks)

    return mutant


class _Suited(int):
    """A high key whose ties are broken by the suits of the cards, highest card first."""

    suits: tuple[int, ...]

    def __new__(cls, key: int, suits: tuple[int, ...]) -> _Suited:
        made = super().__new__(cls, key)
        made.suits = suits
        return made

    def _key(self) -> tuple[int, tuple[int, ...]]:
        return int(self), self.suits

    @staticmethod
    def _other(other: int) -> tuple[int, tuple[int, ...]]:
        return other._key() if isinstance(other, _Suited) else (int(other), ())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, int) and self._key() == self._other(other)

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: int) -> bool:
        return self._key() < self._other(other)

    def __le__(self, other: int) -> bool:
        return self._key() <= self._other(other)

    def __gt__(self, other: int) -> bool:
        return self._key() > self._other(other)

    def __ge__(self, other: int) -> bool:
        return self._key() >= self._other(other)


def _suited(rank: Rank5) -> Rank5:
    def mutant(cards: Sequence[Card]) -> HighRank:
        return HighRank(_Suited(rank(cards), tuple(suit_of(c) for c in sorted(cards, reverse=True))))

    return mutant


@contextmanager
def _suits_break_ties() -> Iterator[None]:
    with around(high, "high_rank", _suited), around(high, "high_rank5", _suited), fresh_tables():
        yield


def _ace_high_low(low_value: Callable[[Card], int]) -> Callable[[Card], int]:
    return lambda card: 14 if low_value(card) == 1 else low_value(card)


def _nine_qualifies(qualifies_eight: Callable[[Sequence[Card]], bool]) -> Callable[[Sequence[Card]], bool]:
    def mutant(cards: Sequence[Card]) -> bool:
        values = {low.low_value(c) for c in cards}
        return len(cards) == 5 and len(values) == 5 and max(values) <= 9

    return mutant


def _odd_chip_to_low(halves: Halves) -> Halves:
    def mutant(total: Chips) -> tuple[Chips, Chips]:
        high_half, low_half = halves(total)
        return low_half, high_half

    return mutant


def _remainder_to_last(split: Split) -> Split:
    def mutant(total: Chips, winners: Sequence[Seat],
               rule: OddChipRule = OddChipRule.REMAINDER_TO_FIRST) -> dict[Seat, Chips]:
        return split(total, list(reversed(winners)), rule)

    return mutant


def _dead_money_ignored(build_pots: BuildPots) -> BuildPots:
    def mutant(contributed: dict[Seat, Chips], folded: frozenset[Seat]
               ) -> tuple[tuple[Pot, ...], dict[Seat, Chips]]:
        return build_pots({s: (Chips(0) if s in folded else c) for s, c in contributed.items()}, folded)

    return mutant


def _excess_kept(build_pots: BuildPots) -> BuildPots:
    def mutant(contributed: dict[Seat, Chips], folded: frozenset[Seat]
               ) -> tuple[tuple[Pot, ...], dict[Seat, Chips]]:
        pots, returned = build_pots(contributed, folded)
        excess = sum(returned.values())
        if not excess or not pots:
            return pots, returned
        last = pots[-1]
        return (*pots[:-1], Pot(Chips(last.amount + excess), last.eligible)), {}

    return mutant


@contextmanager
def _low_shapes(changes: dict[tuple[int, ...], int]) -> Iterator[None]:
    """Reorder the repeat categories of ace-to-five low and rebuild the tables."""
    with mock.patch.dict(low._SHAPES, changes), fresh_tables():
        yield


@contextmanager
def _no_exposed_shapes() -> Iterator[None]:
    """Partial hands of one to four face-up cards rank by high cards alone, ranked afresh."""
    with mock.patch.dict(exposed._PARTIAL_SHAPES, clear=True), fresh_tables():
        yield


def _no_kickers(high_rank5: Rank5) -> Rank5:
    """Only the biggest group counts: kickers and the second pair are ignored."""
    plain = (high.Category.HIGH_CARD, high.Category.STRAIGHT, high.Category.FLUSH,
             high.Category.STRAIGHT_FLUSH)

    def mutant(cards: Sequence[Card]) -> HighRank:
        key = high_rank5(cards)
        category = high.category_of(key)
        if category in plain:
            return key
        return HighRank(high.pack(category, high.grouped_ranks([rank_of(c) for c in cards])[:1]))

    return mutant


def _first_five(high_rank: Rank5) -> Rank5:
    return lambda cards: high_rank(cards[:5])


def _flush_over_full_house(high_rank5: Rank5) -> Rank5:
    """A flush and a full house swap places in the order of categories."""
    swap = {high.Category.FLUSH: high.Category.FULL_HOUSE, high.Category.FULL_HOUSE: high.Category.FLUSH}

    def mutant(cards: Sequence[Card]) -> HighRank:
        key = high_rank5(cards)
        category = high.category_of(key)
        if category not in swap:
            return key
        return HighRank(key - (int(category) << 20) + (int(swap[category]) << 20))

    return mutant


def _low_from_the_bottom(low_key5: Callable[[Sequence[Card]], int]) -> Callable[[Sequence[Card]], int]:
    """Unpaired lows compared from their lowest card up."""

    def mutant(cards: Sequence[Card]) -> int:
        values = sorted(low.low_value(c) for c in cards)
        return high.pack(0, values) if len(set(values)) == 5 else low_key5(cards)

    return mutant


def _low_straights_count(low_key5: Callable[[Sequence[Card]], int]) -> Callable[[Sequence[Card]], int]:
    """Five low values in a row rank below every pair, as in ace-to-six lowball."""

    def mutant(cards: Sequence[Card]) -> int:
        values = sorted(low.low_value(c) for c in cards)
        run = len(set(values)) == 5 and values[4] - values[0] == 4
        return high.pack(5, values[::-1]) if run else low_key5(cards)

    return mutant


def _all_in_eligible_everywhere(build_pots: BuildPots) -> BuildPots:
    def mutant(contributed: dict[Seat, Chips], folded: frozenset[Seat]
               ) -> tuple[tuple[Pot, ...], dict[Seat, Chips]]:
        pots, returned = build_pots(contributed, folded)
        everyone = tuple(sorted({s for p in pots for s in p.eligible}))
        return tuple(Pot(p.amount, everyone) for p in pots), returned

    return mutant


def _spades_bring_in(bring_in_card: Callable[[Sequence[Card]], Card]) -> Callable[[Sequence[Card]], Card]:
    return lambda cards: min(cards, key=lambda c: (rank_of(c), -suit_of(c)))


def _low_first_five(low_rank: Callable[[Sequence[Card]], LowRank]) -> Callable[[Sequence[Card]], LowRank]:
    return lambda cards: low_rank(cards[:5])


def _ace_lowest(rank_of: Callable[[Card], Rank]) -> Callable[[Card], Rank]:
    """The ace is read as the one it is printed as, below the two."""
    return lambda card: Rank(1) if rank_of(card) == 14 else rank_of(card)


def _deck_in(order: Callable[[Card], tuple[int, int]]) -> AbstractContextManager[None]:
    """The ascending deck, which completes a listed one, sorted by ``order`` instead."""
    return replaced(deck, "FULL_DECK", tuple(sorted(deck.FULL_DECK, key=order)))


def _distinct_by_spelling(parse_cards: Callable[[Sequence[str]], tuple[Card, ...]]
                          ) -> Callable[[Sequence[str]], tuple[Card, ...]]:
    """A repeat is looked for among the tokens as written, not among the cards they name."""

    def mutant(text: Sequence[str]) -> tuple[Card, ...]:
        tokens = cards._split(text) if isinstance(text, str) else list(text)
        seen: set[str] = set()
        for token in tokens:
            if token in seen:
                raise CardError("duplicate_card", token, f"duplicate card {token}")
            seen.add(token)
        return tuple(cards.parse_card(t) for t in tokens)

    return mutant


def _dealt_from_the_bottom(complete_deck: Callable[[Sequence[Card]], tuple[Card, ...]]
                           ) -> Callable[[Sequence[Card]], tuple[Card, ...]]:
    return lambda top: tuple(reversed(complete_deck(top)))


def _rest_descending(complete_deck: Callable[[Sequence[Card]], tuple[Card, ...]]
                     ) -> Callable[[Sequence[Card]], tuple[Card, ...]]:
    def mutant(top: Sequence[Card]) -> tuple[Card, ...]:
        whole = complete_deck(top)
        return whole[:len(top)] + tuple(reversed(whole[len(top):]))

    return mutant


def _five_as_partial(exposed_rank: Rank5) -> Rank5:
    """Five face-up cards keep only their repeats: a straight or a flush is high cards."""
    runs = (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)

    def mutant(cards: Sequence[Card]) -> HighRank:
        key = exposed_rank(cards)
        if len(cards) != 5 or high.category_of(key) not in runs:
            return key
        return HighRank(high.pack(Category.HIGH_CARD, sorted((rank_of(c) for c in cards), reverse=True)))

    return mutant


def _fractions_rounded(amount: Callable[[Json, str], Chips]) -> Callable[[Json, str], Chips]:
    def mutant(value: Json, what: str) -> Chips:
        if isinstance(value, float) and value >= 0:
            return Chips(int(value))
        return amount(value, what)

    return mutant


def _net_without_returned(outcome: object) -> tuple[int, ...]:
    """``Outcome.net`` with the uncalled excess returned left out of what a seat got back."""
    assert isinstance(outcome, Outcome)
    back = outcome.details.get("returned")
    returned = back if isinstance(back, dict) else {}
    return tuple(r - c - int(returned.get(seat_name(Seat(i)), 0))
                 for i, (r, c) in enumerate(zip(outcome.received, outcome.contributed, strict=True)))


def _verb_before_turn(judge: Callable[[Action, Turn], Action]) -> Callable[[Action, Turn], Action]:
    """A seat out of turn is told whether the phase offers its verb before it is told to wait."""

    def mutant(action: Action, turn: Turn) -> Action:
        try:
            return judge(action, turn)
        except ActionError as exc:
            if exc.reason is Reason.NOT_YOUR_TURN and all(a.verb is not action.verb for a in turn.listing):
                raise ActionError(Reason.ILLEGAL_ACTION, f"{action}: {action.verb.value} is not allowed now"
                                  ) from None
            raise

    return mutant


# The protocol layer: how the reference engine reports what the rules decided
# (spec/core/08-contract.md). ``_replies`` rewrites its replies; the rules inside are untouched.

Reply = Callable[[ReferenceEngine, Mapping[str, Json], Message], Message]
"""A change to one reply: the engine, the request and the reply it had."""


def _replies(change: Reply) -> AbstractContextManager[None]:
    """Every reply of the reference engine passed through ``change``."""

    def mutate(handle: Callable[[ReferenceEngine, Mapping[str, Json]], Message]
               ) -> Callable[[ReferenceEngine, Mapping[str, Json]], Message]:
        def mutant(self: ReferenceEngine, message: Mapping[str, Json]) -> Message:
            return change(self, message, handle(self, message))

        return mutant

    return around(ReferenceEngine, "handle", mutate)


def _observed(change: Callable[[dict[str, Json]], None]) -> Reply:
    """A change to the ``observation`` of an ``observe`` or a ``snapshot`` reply."""

    def reply(engine: ReferenceEngine, message: Mapping[str, Json], answer: Message) -> Message:
        seen = answer.get("observation")
        if isinstance(seen, dict):
            change(seen)
        return answer

    return reply


def _outcome_changed(change: Callable[[dict[str, Json]], None]) -> Reply:
    """A change to the ``outcome`` of an ``outcome``, ``showdown`` or ``probe`` reply."""

    def reply(engine: ReferenceEngine, message: Mapping[str, Json], answer: Message) -> Message:
        outcome = answer.get("outcome")
        if isinstance(outcome, dict):
            change(outcome)
        return answer

    return reply


def _check_without_total(engine: ReferenceEngine, message: Mapping[str, Json], answer: Message) -> Message:
    """A listed check or call is written ``pN cc``, without the round total it makes."""
    listed = answer.get("actions")
    if isinstance(listed, list):
        answer["actions"] = [" ".join(a.split(" ")[:2]) if isinstance(a, str) and a.split(" ")[1:2] == ["cc"]
                             else a for a in listed]
    return answer


def _refusal_folds(engine: ReferenceEngine, message: Mapping[str, Json], answer: Message) -> Message:
    """An action the rules refuse from the seat to act costs it the hand: it is folded (as an
    online table folds a player whose move is invalid), though the refusal is still reported."""
    own = (Reason.OVER_CAP.value, Reason.ILLEGAL_ACTION.value, Reason.INSUFFICIENT_CHIPS.value,
           Reason.WRONG_AMOUNT.value)
    if message.get("op") == "act" and answer.get("rejected") in own:
        engine.play(Action(engine.parsed(str(message["action"])).seat, Verb.FOLD))
    return answer


def _pot_without_round_bets(seen: dict[str, Json]) -> None:
    """``pot`` counts the chips of the rounds already closed, not the bets of the current one."""
    pot, bets = seen.get("pot"), seen.get("round_bets")
    if isinstance(pot, int) and isinstance(bets, dict):
        seen["pot"] = pot - sum(b for b in bets.values() if isinstance(b, int))


def _folded_hands_dropped(seen: dict[str, Json]) -> None:
    """A seat that folds gives up its cards: ``hands`` lists none for it from the fold on."""
    hands, folded = seen.get("hands"), seen.get("folded")
    if isinstance(hands, dict) and isinstance(folded, list):
        seen["hands"] = {seat: ([] if seat in folded else held) for seat, held in hands.items()}


def _auction_n(seen: dict[str, Json]) -> None:
    """Both steps of an auction are one phase ``auction-N``."""
    phase = seen.get("phase")
    if isinstance(phase, str) and phase.startswith(("bid-", "pick-")):
        seen["phase"] = "auction-" + phase.split("-")[1]


def _received_by_winners(outcome: dict[str, Json]) -> None:
    """``received`` lists only the seats that got something back, not every seat."""
    received = outcome.get("received")
    if isinstance(received, dict):
        outcome["received"] = {seat: chips for seat, chips in received.items() if chips}


def _shares_of_everyone(outcome: dict[str, Json]) -> None:
    """A pot's ``shares`` list every eligible seat, 0 for a seat paid nothing (as a split does)."""
    pots = outcome.get("pots")
    for pot in pots if isinstance(pots, list) else ():
        shares, eligible = pot.get("shares"), pot.get("eligible")
        if isinstance(shares, dict) and isinstance(eligible, list):
            pot["shares"] = {**{str(s): 0 for s in eligible}, **shares}


def _split_of_the_paid(engine: ReferenceEngine, message: Mapping[str, Json], answer: Message) -> Message:
    """A ``split`` reply leaves out a winner whose share rounds down to nothing."""
    shares = answer.get("shares")
    if message.get("op") == "split" and isinstance(shares, dict):
        answer["shares"] = {seat: chips for seat, chips in shares.items() if chips}
    return answer


def _button_round_the_table(engine: ReferenceEngine, message: Mapping[str, Json], answer: Message) -> Message:
    """A dealer past the last seat is counted on round the table (``p4`` of three is ``p1``)
    instead of refusing the setup."""
    setup = message.get("setup")
    error = answer.get("error")
    if message.get("op") != "new_hand" or not isinstance(setup, dict) or not isinstance(error, dict) \
            or error.get("code") != "bad_seats" or not isinstance(setup.get("stacks"), list):
        return answer
    seats = len(cast(list[Json], setup["stacks"]))
    try:
        dealer = parse_seat(str(setup.get("dealer")))
    except ValueError:
        return answer
    if dealer < seats or seats < 2:
        return answer
    again = engine.handle({**message, "setup": {**setup, "dealer": seat_name(Seat(dealer % seats))}})
    return answer if "error" in again else again


AuctionAward = Callable[[Chips, Mapping[Seat, Hands], Mapping[Seat, Declaration], Sequence[Seat],
                         AuctionRules], auction_award.Award]


def _one_direction_named(award: AuctionAward) -> AuctionAward:
    """A pot whose remaining players all declared one way is labelled by that way, ``high`` or
    ``low``, not ``all`` (the Auction engine before CORE-4)."""

    def mutant(pot: Chips, hands: Mapping[Seat, Hands], declarations: Mapping[Seat, Declaration],
               priority: Sequence[Seat], rules: AuctionRules) -> auction_award.Award:
        got = award(pot, hands, declarations, priority, rules)
        ways = {d for s, d in declarations.items() if s not in got.excluded}
        if len(got.pots) != 1 or list(got.pots[0].winners) != ["all"] \
                or ways not in ({Declaration.HIGH}, {Declaration.LOW}):
            return got
        label = "high" if ways == {Declaration.HIGH} else "low"
        pot_award = got.pots[0]
        return replace(got, pots=(replace(pot_award, winners={label: pot_award.winners["all"]}),))

    return mutant


@contextmanager
def _one_pair_named_pair() -> Iterator[None]:
    """The category one pair is named ``pair`` in replies."""
    label = Category.label

    def named(category: Category) -> str:
        return "pair" if category is Category.ONE_PAIR else str(label.__get__(category))

    with mock.patch.object(Category, "label", property(named)):
        yield


# --- archie ----------------------------------------------------------------------------------


def _no_option(first_round: Callable[[ArchieRules, Seat], Round]) -> Callable[[ArchieRules, Seat], Round]:
    def mutant(rules: ArchieRules, dealer: Seat) -> Round:
        return replace(first_round(rules, dealer), acted=frozenset({non_dealer(dealer)}))

    return mutant


def _dealer_first(later_round: Callable[[ArchieRules, int, Seat], Round]
                  ) -> Callable[[ArchieRules, int, Seat], Round]:
    def mutant(rules: ArchieRules, betting_round: int, dealer: Seat) -> Round:
        return replace(later_round(rules, betting_round, dealer), to_act=dealer)

    return mutant


def _dealer_served_first(draw_order: Callable[[Seat], tuple[Seat, Seat]]
                         ) -> Callable[[Seat], tuple[Seat, Seat]]:
    def mutant(dealer: Seat) -> tuple[Seat, Seat]:
        first, second = draw_order(dealer)
        return second, first

    return mutant


def _fold_offered(legal: Callable[[Round, ArchieRules], tuple[Action, ...]]
                  ) -> Callable[[Round, ArchieRules], tuple[Action, ...]]:
    def mutant(rnd: Round, rules: ArchieRules) -> tuple[Action, ...]:
        offered = legal(rnd, rules)
        fold = Action(rnd.to_act, Verb.FOLD)
        return offered if fold in offered else (fold, *offered)

    return mutant


def _fold_anytime(apply: Callable[[Round, Action], Round]) -> Callable[[Round, Action], Round]:
    def mutant(rnd: Round, action: Action) -> Round:
        if action.verb is Verb.FOLD:
            return replace(rnd, acted=rnd.acted | {action.seat}, folded=action.seat)
        return apply(rnd, action)

    return mutant


@contextmanager
def _fold_when_checked_to() -> Iterator[None]:
    with around(archie_betting, "legal", _fold_offered), around(archie_betting, "apply", _fold_anytime):
        yield


Priority = Callable[[Seat, int], tuple[Seat, ...]]
Best = Callable[[Sequence[Seat], Callable[[Sequence[Card]], int], Mapping[Seat, Sequence[Card]]], list[Seat]]


def _dealer_first_priority(priority: Priority) -> Priority:
    return lambda dealer, seats: tuple(reversed(priority(dealer, seats)))


def _first_takes_tie(best: Best) -> Best:
    return lambda contenders, strength, hands: best(contenders, strength, hands)[:1]


def _dealer_stays(next_dealer: Callable[[Seat], Seat]) -> Callable[[Seat], Seat]:
    return lambda dealer: dealer


TwoHands = tuple[tuple[Card, ...], tuple[Card, ...]]
InitialDeal = Callable[[Sequence[Card], Seat], tuple[TwoHands, tuple[Card, ...]]]


def _five_at_once(initial_deal: InitialDeal) -> InitialDeal:
    """The first seat served is dealt the top five cards at once, the other the next five."""

    def mutant(deck: Sequence[Card], dealer: Seat) -> tuple[TwoHands, tuple[Card, ...]]:
        first = non_dealer(dealer)
        top, next_five = tuple(deck[:5]), tuple(deck[5:10])
        hands = (top, next_five) if first == 0 else (next_five, top)
        return hands, tuple(deck[10:])

    return mutant


def _dealer_dealt_first(initial_deal: InitialDeal) -> InitialDeal:
    return lambda deck, dealer: initial_deal(deck, non_dealer(dealer))


CheckSetup = Callable[[Sequence[Chips], Seat, Sequence[Card], ArchieRules], None]
Start = Callable[[ArchieGame, Setup, ArchieRules], ArchieState]
Discards = tuple[tuple[Card, ...], tuple[Card, ...]]
ReplaceDiscards = Callable[[TwoHands, Discards, tuple[Card, ...], Seat], tuple[TwoHands, tuple[Card, ...]]]
ArchieListing = Callable[[Round, ArchieRules], tuple[Action, ...]]
Apply = Callable[[Round, Action], Round]
BetStep = Callable[[ArchieGame, ArchieState, Round, Action], ArchieState]
DrawStep = Callable[[ArchieGame, ArchieState, Pending, Action], ArchieState]
Applied = Callable[[ArchieGame, ArchieState, Action], ArchieState]
Settle = Callable[[Mapping[Seat, Sequence[Card]], Sequence[Chips], Seat | None, Seat, ArchieRules], Outcome]
FoldOutcome = Callable[[tuple[Chips, ...], Seat, Seat], Outcome]
Award = Callable[[Mapping[Seat, Sequence[Card]], Chips, Seat, ArchieRules], tuple[PotAward, dict[str, Json]]]
QualifiesHigh = Callable[[Sequence[Card], ArchieRules], bool]
QualifiesLow = Callable[[Sequence[Card]], bool]


def _extra_seats_sit_out(check_setup: CheckSetup) -> CheckSetup:
    """More than two seats are dealt: the first two play, the others sit out."""

    def mutant(stacks: Sequence[Chips], dealer: Seat, deck: Sequence[Card], rules: ArchieRules) -> None:
        check_setup(stacks[:2] if 0 <= dealer < 2 else stacks, dealer, deck, rules)

    return mutant


def _dealer_wraps(start: Start) -> Start:
    """A dealer named beyond the two seats is counted round the table (p3 is p1)."""

    def mutant(game: ArchieGame, setup: Setup, rules: ArchieRules) -> ArchieState:
        if len(setup.stacks) == 2:
            setup = replace(setup, dealer=Seat(setup.dealer % 2))
        return start(game, setup, rules)

    return mutant


def _burn_before_draw(replace_discards: ReplaceDiscards) -> ReplaceDiscards:
    return lambda hands, discards, stub, dealer: replace_discards(hands, discards, stub[1:], dealer)


def _from_the_bottom(replace_discards: ReplaceDiscards) -> ReplaceDiscards:
    """The replacements are taken from the end of the stub (a list popped from its end)."""

    def mutant(hands: TwoHands, discards: Discards, stub: tuple[Card, ...], dealer: Seat
               ) -> tuple[TwoHands, tuple[Card, ...]]:
        new, rest = replace_discards(hands, discards, stub[::-1], dealer)
        return new, rest[::-1]

    return mutant


def _discards_under_the_stub(replace_discards: ReplaceDiscards) -> ReplaceDiscards:
    def mutant(hands: TwoHands, discards: Discards, stub: tuple[Card, ...], dealer: Seat
               ) -> tuple[TwoHands, tuple[Card, ...]]:
        new, rest = replace_discards(hands, discards, stub, dealer)
        return new, rest + discards[non_dealer(dealer)] + discards[dealer]

    return mutant


def _facing(rnd: Round) -> bool:
    return rnd.bets[rnd.to_act] != max(rnd.bets)


def _raise_offered_to_double(legal: ArchieListing) -> ArchieListing:
    def mutant(rnd: Round, rules: ArchieRules) -> tuple[Action, ...]:
        if not _facing(rnd) or rnd.raises >= rules.cap:
            return legal(rnd, rules)
        top = max(rnd.bets)
        return betting_actions(rnd.to_act, top, Chips(2 * top))

    return mutant


def _raise_made_to_double(apply: Apply) -> Apply:
    def mutant(rnd: Round, action: Action) -> Round:
        after = apply(rnd, action)
        if action.verb is not Verb.BET_RAISE or not _facing(rnd):
            return after
        bets = list(after.bets)
        bets[action.seat] = Chips(2 * max(rnd.bets))
        return replace(after, bets=(bets[0], bets[1]))

    return mutant


@contextmanager
def _raise_doubles() -> Iterator[None]:
    with around(archie_betting, "legal", _raise_offered_to_double), \
            around(archie_betting, "apply", _raise_made_to_double):
        yield


def _archie_no_check_raise(legal: ArchieListing) -> ArchieListing:
    """A seat that checked (it has acted and put nothing in) may only call or fold a bet."""

    def mutant(rnd: Round, rules: ArchieRules) -> tuple[Action, ...]:
        seat = rnd.to_act
        if seat in rnd.acted and rnd.bets[seat] == 0 and _facing(rnd):
            return betting_actions(seat, max(rnd.bets), None)
        return legal(rnd, rules)

    return mutant


@contextmanager
def _round_closed(closed: Callable[[Round], bool]) -> Iterator[None]:
    forget_derived()
    try:
        with mock.patch.object(Round, "closed", property(closed)):
            yield
    finally:
        forget_derived()


def _draw_after_fourth_bet(bet: BetStep) -> BetStep:
    """The fourth round is followed by a draw too."""

    def mutant(game: ArchieGame, state: ArchieState, rnd: Round, action: Action) -> ArchieState:
        after = bet(game, state, rnd, action)
        if after.over and after.folded is None:
            return after._replace(discards=(None, None))
        return after

    return mutant


def _showdown_after_fourth_draw(draw: DrawStep) -> DrawStep:
    def mutant(game: ArchieGame, state: ArchieState, discards: Pending, action: Action) -> ArchieState:
        after = draw(game, state, discards, action)
        if after.betting_round == BETTING_ROUNDS and after.discards is None:
            return after._replace(betting=None, betting_round=BETTING_ROUNDS - 1)
        return after

    return mutant


@contextmanager
def _four_draws() -> Iterator[None]:
    with around(ArchieGame, "_bet", _draw_after_fourth_bet), \
            around(ArchieGame, "_draw", _showdown_after_fourth_draw):
        yield


@contextmanager
def _dealer_declares_first() -> Iterator[None]:
    original: property = vars(ArchieState)["to_act"]

    def mutant(state: ArchieState) -> Seat | None:
        if state.discards is not None:
            return next(s for s in (state.dealer, non_dealer(state.dealer)) if state.discards[s] is None)
        seat: Seat | None = original.__get__(state)
        return seat

    forget_derived()
    try:
        with mock.patch.object(ArchieState, "to_act", property(mutant)):
            yield
    finally:
        forget_derived()


def _count_shown_when_dealt(draw: DrawStep) -> DrawStep:
    """``drawn`` counts a discard only once the replacements are dealt."""

    def mutant(game: ArchieGame, state: ArchieState, discards: Pending, action: Action) -> ArchieState:
        after = draw(game, state, discards, action)
        return after if after.discards is None else after._replace(drawn=state.drawn)

    return mutant


def _check_stands_pat(apply: Applied) -> Applied:
    """During a draw a check by the seat to act is taken as standing pat."""

    def mutant(game: ArchieGame, state: ArchieState, action: Action) -> ArchieState:
        if state.discards is not None and action.verb is Verb.CHECK_CALL and action.seat == state.to_act:
            action = Action(action.seat, Verb.DRAW, cards=())
        return apply(game, state, action)

    return mutant


def _fold_winner_shows(fold_outcome: FoldOutcome) -> FoldOutcome:
    def mutant(contributed: tuple[Chips, ...], folded: Seat, dealer: Seat) -> Outcome:
        out = fold_outcome(contributed, folded, dealer)
        return replace(out, details={**out.details, "shown": [seat_name(Seat(1 - folded))]})

    return mutant


def _fold_still_qualifies(settle: Settle) -> Settle:
    """After a fold a hand that qualifies neither way falls back to the best ordinary high."""

    def mutant(hands: Mapping[Seat, Sequence[Card]], contributed: Sequence[Chips], folded: Seat | None,
               dealer: Seat, rules: ArchieRules) -> Outcome:
        out = settle(hands, contributed, folded, dealer, rules)
        if folded is None or len(hands) != 2:
            return out
        winner = hands[Seat(1 - folded)]
        if archie_qualifiers.qualifies_high(winner, rules) or archie_qualifiers.qualifies_low(winner):
            return out
        pot_award, _ = archie_award.award(hands, Chips(sum(contributed)), dealer, rules)
        return replace(out, pots=(pot_award,), received=tuple(
            pot_award.shares.get(Seat(i), Chips(0)) for i in range(len(contributed))))

    return mutant


def _loser_mucks(settle: Settle) -> Settle:
    def mutant(hands: Mapping[Seat, Sequence[Card]], contributed: Sequence[Chips], folded: Seat | None,
               dealer: Seat, rules: ArchieRules) -> Outcome:
        out = settle(hands, contributed, folded, dealer, rules)
        if folded is not None:
            return out
        winners = {s for pot in out.pots for ws in pot.winners.values() for s in ws}
        return replace(out, details={**out.details, "shown": [seat_name(s) for s in sorted(winners)]})

    return mutant


def _straight_no_low(qualifies_low: QualifiesLow) -> QualifiesLow:
    return lambda cards: qualifies_low(cards) and \
        category_of(archie_qualifiers.high_strength(cards)) < Category.STRAIGHT


def _low_no_high(qualifies_high: QualifiesHigh) -> QualifiesHigh:
    return lambda cards, rules: qualifies_high(cards, rules) and not archie_qualifiers.qualifies_low(cards)


def _wheel_ace_high(high_strength: Rank5) -> Rank5:
    def mutant(cards: Sequence[Card]) -> HighRank:
        rank = high_strength(cards)
        wheel = {rank_of(c) for c in cards} == {14, 2, 3, 4, 5}
        if wheel and category_of(rank) in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            return HighRank(pack(category_of(rank), [14]))
        return rank

    return mutant


def _straight_over_flush(high_strength: Rank5) -> Rank5:
    swap = {Category.STRAIGHT: Category.FLUSH, Category.FLUSH: Category.STRAIGHT}

    def mutant(cards: Sequence[Card]) -> HighRank:
        rank = high_strength(cards)
        category = category_of(rank)
        if category not in swap:
            return rank
        return HighRank(rank - (category << 20) + (swap[category] << 20))

    return mutant


def _groups_ignored(high_strength: Rank5) -> Rank5:
    """Within a category the cards compare from the highest down, pairs or not."""

    def mutant(cards: Sequence[Card]) -> HighRank:
        rank = high_strength(cards)
        return HighRank(pack(category_of(rank), sorted((rank_of(c) for c in cards), reverse=True)))

    return mutant


LowStrength = Callable[[Sequence[Card]], LowRank]


def _low_from_lowest(low_strength: LowStrength) -> LowStrength:
    """Lows compare from the lowest card up (only qualified lows, all unpaired, are compared)."""

    def mutant(cards: Sequence[Card]) -> LowRank:
        return LowRank(-pack(0, sorted(low.low_value(c) for c in cards)))

    return mutant


def _low_by_total(low_strength: LowStrength) -> LowStrength:
    """Lows compare by the total of their ranks, the ace one: the smaller total wins."""

    def mutant(cards: Sequence[Card]) -> LowRank:
        return LowRank(-sum(low.low_value(c) for c in cards) * 2**24 + low_strength(cards))

    return mutant


def _split_award(award: Award, change: Callable[[PotAward, str, ArchieRules], dict[Seat, Chips]]) -> Award:
    """``award`` with the shares of a pot awarded ``kind`` (``high-low``, ``high``, ``low``)
    given out by ``change(pot_award, kind, rules)`` instead."""

    def mutant(hands: Mapping[Seat, Sequence[Card]], pot: Chips, dealer: Seat, rules: ArchieRules
               ) -> tuple[PotAward, dict[str, Json]]:
        pot_award, details = award(hands, pot, dealer, rules)
        kind = str(details["award"])
        if kind == "no-qualifier":
            return pot_award, details
        return replace(pot_award, shares=change(pot_award, kind, rules)), details

    return mutant


def _added(*parts: Mapping[Seat, Chips]) -> dict[Seat, Chips]:
    total: dict[Seat, Chips] = {}
    for part in parts:
        for seat, amount in part.items():
            total[seat] = Chips(total.get(seat, 0) + amount)
    return total


def _halves_swapped(pot: PotAward, kind: str, rules: ArchieRules) -> dict[Seat, Chips]:
    if kind != "high-low":
        return dict(pot.shares)
    high_half, low_half = chips.high_low_halves(pot.amount)
    return _added(chips.split(high_half, pot.winners["low"], rules.odd_chip),
                  chips.split(low_half, pot.winners["high"], rules.odd_chip))


def _winners_share_equally(pot: PotAward, kind: str, rules: ArchieRules) -> dict[Seat, Chips]:
    if kind != "high-low":
        return dict(pot.shares)
    winners = list(dict.fromkeys(pot.winners["high"] + pot.winners["low"]))
    return chips.split(pot.amount, winners, rules.odd_chip)


def _one_way_half(pot: PotAward, kind: str, rules: ArchieRules) -> dict[Seat, Chips]:
    """The one-way winners take their direction's half; the other half, won by nobody, is
    shared by everyone at the showdown."""
    if kind == "high-low":
        return dict(pot.shares)
    high_half, low_half = chips.high_low_halves(pot.amount)
    won, unwon = (high_half, low_half) if kind == "high" else (low_half, high_half)
    return _added(chips.split(won, pot.winners["all"], rules.odd_chip),
                  chips.split(unwon, pot.eligible, rules.odd_chip))


def _no_high_falls_back(award: Award) -> Award:
    """With no qualified high the best ordinary high takes the pot, a qualified low or not."""

    def mutant(hands: Mapping[Seat, Sequence[Card]], pot: Chips, dealer: Seat, rules: ArchieRules
               ) -> tuple[PotAward, dict[str, Json]]:
        pot_award, details = award(hands, pot, dealer, rules)
        if details["award"] != "low":
            return pot_award, details
        takers = archie_award.best(pot_award.eligible, archie_qualifiers.high_strength, hands)
        return replace(pot_award, winners={"all": tuple(takers)},
                       shares=chips.split(pot, takers, rules.odd_chip)), details

    return mutant


def _net_changed(put_in: Callable[[Sequence[Chips], Seat, ArchieRules], tuple[Chips, ...]]
                 ) -> Callable[[Settle], Settle]:
    """``settle`` with each seat's ``contributed``, from which its net is worked out, replaced by
    ``put_in(contributed, dealer, rules)``."""

    def mutate(settle: Settle) -> Settle:
        def mutant(hands: Mapping[Seat, Sequence[Card]], contributed: Sequence[Chips], folded: Seat | None,
                   dealer: Seat, rules: ArchieRules) -> Outcome:
            out = settle(hands, contributed, folded, dealer, rules)
            return replace(out, contributed=put_in(contributed, dealer, rules))

        return mutant

    return mutate


def _blinds_left_out(contributed: Sequence[Chips], dealer: Seat, rules: ArchieRules) -> tuple[Chips, ...]:
    blinds = {dealer: rules.small_blind, non_dealer(dealer): rules.big_blind}
    return tuple(Chips(c - blinds.get(Seat(i), 0)) for i, c in enumerate(contributed))


def _nothing_put_in(contributed: Sequence[Chips], dealer: Seat, rules: ArchieRules) -> tuple[Chips, ...]:
    return tuple(Chips(0) for _ in contributed)


# --- auction ---------------------------------------------------------------------------------

PickOrder = Callable[[dict[Seat, Chips], Sequence[tuple[Card, ...]], Sequence[Seat]], tuple[Seat, ...]]
AuctionStep = Callable[[AuctionGame, AuctionState, Action], AuctionState]


def _pick_by_seat(pick_order: PickOrder) -> PickOrder:
    """Equal bids ordered as if nobody showed a card."""

    def mutant(bids: dict[Seat, Chips], exposed_cards: Sequence[tuple[Card, ...]],
               priority: Sequence[Seat]) -> tuple[Seat, ...]:
        return pick_order(bids, [() for _ in exposed_cards], priority)

    return mutant


def _tie_wins(result: Callable[[Seat, dict[Seat, int]], auction_award.Result]
              ) -> Callable[[Seat, dict[Seat, int]], auction_award.Result]:
    def mutant(seat: Seat, keys: dict[Seat, int]) -> auction_award.Result:
        got = result(seat, keys)
        return auction_award.Result.WON if got is auction_award.Result.TIED else got

    return mutant


def _odd_chip_lost(halves: Halves) -> Halves:
    def mutant(total: Chips) -> tuple[Chips, Chips]:
        _, low_half = halves(total)
        return low_half, low_half

    return mutant


def _bids_kept(bid: AuctionStep) -> AuctionStep:
    def mutant(self: AuctionGame, state: AuctionState, action: Action) -> AuctionState:
        after = bid(self, state, action)
        if after.bids.complete and not state.bids.complete:
            return after._replace(stacks=state.stacks, contributed=state.contributed)
        return after

    return mutant


def _first_seat_bets(first_actor: Callable[[Sequence[Seat], Sequence[tuple[Card, ...]]], Seat]
                     ) -> Callable[[Sequence[Seat], Sequence[tuple[Card, ...]]], Seat]:
    return lambda players, exposed_cards: players[0]


AuctionLegal = Callable[[AuctionGame, AuctionState], Legal]
AuctionPick = Callable[[AuctionGame, AuctionState, Action], AuctionState]
AuctionBet = Callable[[AuctionGame, AuctionState, Betting, Action], AuctionState]
BettingLegal = Callable[[Betting], tuple[Action, ...]]
BettingApply = Callable[[Betting, Action], tuple[Betting, Chips]]


def _listing_changed(phase: str, change: Callable[[Legal], Legal]) -> Callable[[AuctionLegal], AuctionLegal]:
    """The listing of every phase whose name starts with ``phase`` replaced by ``change(listing)``."""

    def mutate(legal: AuctionLegal) -> AuctionLegal:
        def mutant(self: AuctionGame, state: AuctionState) -> Legal:
            got = legal(self, state)
            return change(got) if state.phase.startswith(phase) else got

        return mutant

    return mutate


def _first_card_only(got: Legal) -> Legal:
    return Legal(got.to_act, got.actions[:1])


def _in_turn(got: Legal) -> Legal:
    """Only the first seat yet to declare may declare."""
    first = got.to_act[:1]
    return Legal(first, tuple(a for a in got.actions if a.seat in first))


def _no_both(got: Legal) -> Legal:
    return Legal(got.to_act, tuple(a for a in got.actions if a.choice != Declaration.BOTH.value))


def _carry_ignored(start: Callable[[AuctionGame, Setup, AuctionRules], AuctionState]
                   ) -> Callable[[AuctionGame, Setup, AuctionRules], AuctionState]:
    return lambda self, setup, rules: start(self, replace(setup, carry=Chips(0)), rules)


def _wider_rows(width: Callable[[Setup, auction_setup.Deal], int]
                ) -> Callable[[Callable[[Setup, AuctionRules], auction_setup.Deal]],
                              Callable[[Setup, AuctionRules], auction_setup.Deal]]:
    """Rows of ``width(setup, deal)`` cards from the top of the deck after the hidden cards."""

    def mutate(deal: Callable[[Setup, AuctionRules], auction_setup.Deal]
               ) -> Callable[[Setup, AuctionRules], auction_setup.Deal]:
        def mutant(setup: Setup, rules: AuctionRules) -> auction_setup.Deal:
            dealt = deal(setup, rules)
            n, start = width(setup, dealt), rules.hole_cards * len(dealt.players)
            rows = tuple(tuple(setup.deck[start + a * n: start + (a + 1) * n]) for a in range(rules.auctions))
            return replace(dealt, rows=rows)

        return mutant

    return mutate


def _leftover_discarded(pick: AuctionPick) -> AuctionPick:
    """The last pick of a row closes it, whatever cards are left in it."""

    def mutant(self: AuctionGame, state: AuctionState, action: Action) -> AuctionState:
        if state.picked + 1 == len(state.order) and action.cards is not None:
            state = state._replace(row=action.cards)
        return pick(self, state, action)

    return mutant


@contextmanager
def _rows_widened(width: Callable[[Setup, auction_setup.Deal], int]) -> Iterator[None]:
    with around(auction_setup, "deal", _wider_rows(width)), around(AuctionGame, "_pick", _leftover_discarded):
        yield


def _last_card_handed_out(pick: AuctionPick) -> AuctionPick:
    def mutant(self: AuctionGame, state: AuctionState, action: Action) -> AuctionState:
        after = pick(self, state, action)
        if after.phase.startswith("pick-") and len(after.row) == 1:
            return pick(self, after, Action(after.order[after.picked], Verb.PICK, cards=after.row))
        return after

    return mutant


def _fold_when_nothing_to_call(legal: BettingLegal) -> BettingLegal:
    def mutant(self: Betting) -> tuple[Action, ...]:
        got = legal(self)
        if got and all(a.verb is not Verb.FOLD for a in got):
            return (Action(got[0].seat, Verb.FOLD), *got)
        return got

    return mutant


_CHECKED: dict[int, tuple[object, frozenset[Seat]]] = {}
"""The seats that have checked in a betting round, by the identity of the round's state (kept
with them, so no other can take its id), while a no-check-raise mutant is in place."""


def _checked(state: object) -> frozenset[Seat]:
    kept = _CHECKED.get(id(state))
    return kept[1] if kept is not None and kept[0] is state else frozenset()


@contextmanager
def _checks_recorded(*patches: AbstractContextManager[object]) -> Iterator[None]:
    """``patches`` in place, with the checks they record forgotten before and after."""
    _CHECKED.clear()
    try:
        with ExitStack() as stack:
            for patch in patches:
                stack.enter_context(patch)
            yield
    finally:
        _CHECKED.clear()


def _checks_kept(apply: BettingApply) -> BettingApply:
    def mutant(self: Betting, action: Action) -> tuple[Betting, Chips]:
        after, chips_in = apply(self, action)
        checked = _checked(self)
        if action.verb is Verb.CHECK_CALL and self.level == self.round_bets[action.seat]:
            checked |= {action.seat}
        if checked:
            _CHECKED[id(after)] = (after, checked)
        return after, chips_in

    return mutant


def _no_raise_after_check(legal: BettingLegal) -> BettingLegal:
    def mutant(self: Betting) -> tuple[Action, ...]:
        got = legal(self)
        if self.to_act in _checked(self):
            return tuple(a for a in got if a.verb is not Verb.BET_RAISE)
        return got

    return mutant


def _auction_no_check_raise() -> AbstractContextManager[None]:
    """A player who has checked may only call or fold when a bet comes round to him."""
    return _checks_recorded(around(Betting, "apply", _checks_kept),
                            around(Betting, "legal", _no_raise_after_check))


def _one_orbit(apply: BettingApply) -> BettingApply:
    """A bet or raise leaves the players who acted before it with nothing to answer."""

    def mutant(self: Betting, action: Action) -> tuple[Betting, Chips]:
        after, chips = apply(self, action)
        if action.verb is Verb.BET_RAISE:
            after = replace(after, pending=self.pending[1:])
        return after, chips

    return mutant


def _bids_to_match(pick: AuctionPick) -> AuctionPick:
    """The betting round opens with each player's bids as his round bet, the highest to match."""

    def mutant(self: AuctionGame, state: AuctionState, action: Action) -> AuctionState:
        after = pick(self, state, action)
        if after.betting is None or state.betting is not None:
            return after
        bids = tuple(Chips(c - state.rules.ante) if Seat(s) in after.players else Chips(0)
                     for s, c in enumerate(after.contributed))
        betting = replace(after.betting, round_bets=bids, level=max(bids))
        return after._replace(betting=betting)

    return mutant


def _survivor_declares(bet: AuctionBet) -> AuctionBet:
    def mutant(self: AuctionGame, state: AuctionState, betting: Betting, action: Action) -> AuctionState:
        after = bet(self, state, betting, action)
        if after.phase == "over" and after.betting is not None:
            return after._replace(phase="declare", declarations=Sealed(after.betting.live), result=None)
        return after

    return mutant


class _Open(Sealed[Declaration]):
    """Declarations shown as each is made."""

    def commit(self, seat: Seat, value: Declaration) -> Sealed[Declaration]:
        pending = tuple(s for s in self.pending() if s != seat)
        return _Open(self.seats, (*self.committed, (seat, value)), pending)

    def revealed(self) -> dict[Seat, Declaration]:
        return dict(self.committed)


def _declared_openly(declare: AuctionPick) -> AuctionPick:
    def mutant(self: AuctionGame, state: AuctionState, action: Action) -> AuctionState:
        sealed = state.declarations
        opened = _Open(sealed.seats, sealed.committed, sealed.pending())
        after = declare(self, state._replace(declarations=opened), action)
        after.view = None
        return after

    return mutant


def _markers_paid(declare: AuctionPick) -> AuctionPick:
    """One chip into the pot for a high marker, two for both."""
    markers = {Declaration.LOW.value: 0, Declaration.HIGH.value: 1, Declaration.BOTH.value: 2}

    def mutant(self: AuctionGame, state: AuctionState, action: Action) -> AuctionState:
        paying = state.copy()
        paying.pay({action.seat: Chips(markers[action.choice or ""])})
        return declare(self, paying, action)

    return mutant


Evaluate = Callable[[Sequence[Card]], Hands]


def _face_up_only(direction: str) -> Callable[[Evaluate], Evaluate]:
    """The ``direction`` hand made of the five bought cards alone (the two hidden ones left out)."""

    def mutate(evaluate: Evaluate) -> Evaluate:
        def mutant(cards: Sequence[Card]) -> Hands:
            whole, bought = evaluate(cards), evaluate(cards[2:])
            return Hands(bought.high, whole.low) if direction == "high" else Hands(whole.high, bought.low)

        return mutant

    return mutate


WORST_EIGHT = parse_cards("8c 7d 6h 5s 4c")
"""The worst low that qualifies as eight or better."""


def _eight_or_better(award: AuctionAward) -> AuctionAward:
    """A low declarer without an eight-or-better low has no low and cannot win."""

    def mutant(pot: Chips, hands: Mapping[Seat, Hands], declarations: Mapping[Seat, Declaration],
               priority: Sequence[Seat], rules: AuctionRules) -> auction_award.Award:
        worst = int(low.low_rank5(WORST_EIGHT))
        qualified = {s: d for s, d in declarations.items()
                     if d is not Declaration.LOW or int(hands[s].low) >= worst}
        return award(pot, hands, qualified or declarations, priority, rules)

    return mutant


def _cards_speak(direction: str) -> Callable[[AuctionAward], AuctionAward]:
    """The ``direction`` half of a divided pot goes to the best such hand of every player still
    in it, whatever he declared."""

    def mutate(award: AuctionAward) -> AuctionAward:
        def mutant(pot: Chips, hands: Mapping[Seat, Hands], declarations: Mapping[Seat, Declaration],
                   priority: Sequence[Seat], rules: AuctionRules) -> auction_award.Award:
            got = award(pot, hands, declarations, priority, rules)
            if len(got.pots) != 1 or direction not in got.pots[0].winners:
                return got
            divided = got.pots[0]
            contenders = [s for s in priority if s in declarations and s not in got.excluded]
            keys = {s: int(hands[s].high if direction == "high" else hands[s].low) for s in contenders}
            best = max(keys.values())
            winners = {**divided.winners, direction: tuple(s for s in contenders if keys[s] == best)}
            halves = dict(zip(("high", "low"), high_low_halves(pot), strict=True))
            shares: dict[Seat, Chips] = {}
            for way, seats in winners.items():
                for seat, share in split(halves[way], seats, rules.odd_chip).items():
                    shares[seat] = Chips(shares.get(seat, 0) + share)
            return replace(got, pots=(PotAward(pot, divided.eligible, winners, shares),))

        return mutant

    return mutate


def _one_way(got: auction_award.Award, declarations: Mapping[Seat, Declaration]) -> Declaration | None:
    """The direction everyone left in the division declared, when the pot is not halved and no
    "both" declarer won it."""
    if len(got.pots) != 1 or "all" not in got.pots[0].winners:
        return None
    ways = {declarations[s] for s in got.pots[0].winners["all"]}
    return None if Declaration.BOTH in ways else ways.pop()


def _half_carried(award: AuctionAward) -> AuctionAward:
    """With one direction declared its best takes only its half; the other half carries over."""

    def mutant(pot: Chips, hands: Mapping[Seat, Hands], declarations: Mapping[Seat, Declaration],
               priority: Sequence[Seat], rules: AuctionRules) -> auction_award.Award:
        got = award(pot, hands, declarations, priority, rules)
        way = _one_way(got, declarations)
        if way is None:
            return got
        high_half, low_half = high_low_halves(pot)
        mine, other = (high_half, low_half) if way is Declaration.HIGH else (low_half, high_half)
        winners = got.pots[0].winners["all"]
        shares = split(mine, winners, rules.odd_chip)
        return replace(got, pots=(PotAward(mine, got.pots[0].eligible, got.pots[0].winners, shares),),
                       carry=other)

    return mutant


def _reported_by_direction(award: AuctionAward) -> AuctionAward:
    """A pot one direction takes whole is reported under that direction, not ``all``."""

    def mutant(pot: Chips, hands: Mapping[Seat, Hands], declarations: Mapping[Seat, Declaration],
               priority: Sequence[Seat], rules: AuctionRules) -> auction_award.Award:
        got = award(pot, hands, declarations, priority, rules)
        way = _one_way(got, declarations)
        if way is None:
            return got
        whole = got.pots[0]
        key = "high" if way is Declaration.HIGH else "low"
        return replace(got, pots=(replace(whole, winners={key: whole.winners["all"]}),))

    return mutant


def _failed_boths_chop(award: AuctionAward) -> AuctionAward:
    """A pot nobody wins because every "both" declarer failed is shared among them."""

    def mutant(pot: Chips, hands: Mapping[Seat, Hands], declarations: Mapping[Seat, Declaration],
               priority: Sequence[Seat], rules: AuctionRules) -> auction_award.Award:
        got = award(pot, hands, declarations, priority, rules)
        if not got.carry or any(d is not Declaration.BOTH for d in declarations.values()):
            return got
        order = tuple(s for s in priority if s in declarations)
        shares = split(pot, order, rules.odd_chip)
        return replace(got, pots=(PotAward(pot, order, {"all": order}, shares),), carry=Chips(0))

    return mutant


def _failed_boths_best_high(award: AuctionAward) -> AuctionAward:
    """A pot nobody wins because every "both" declarer failed goes to the best high among them."""

    def mutant(pot: Chips, hands: Mapping[Seat, Hands], declarations: Mapping[Seat, Declaration],
               priority: Sequence[Seat], rules: AuctionRules) -> auction_award.Award:
        got = award(pot, hands, declarations, priority, rules)
        if not got.carry or any(d is not Declaration.BOTH for d in declarations.values()):
            return got
        order = [s for s in priority if s in declarations]
        best = max(int(hands[s].high) for s in order)
        winners = tuple(s for s in order if int(hands[s].high) == best)
        shares = split(pot, winners, rules.odd_chip)
        return replace(got, pots=(PotAward(pot, tuple(order), {"all": winners}, shares),), carry=Chips(0))

    return mutant


AuctionEnded = Callable[[AuctionState, auction_award.Award, Mapping[Seat, Hands]], AuctionState]


def _bids_not_counted(ended: AuctionEnded) -> AuctionEnded:
    """The net result subtracts the ante and the bets but not the bids."""

    def mutant(state: AuctionState, result: auction_award.Award, hands: Mapping[Seat, Hands]) -> AuctionState:
        after = ended(state, result, hands)
        if after.result is None or after.betting is None:
            return after
        ante = after.rules.ante
        bets = after.betting.round_bets
        contributed = tuple(Chips(ante + bets[s]) if Seat(s) in after.players else Chips(0)
                            for s in range(after.seats))
        after.result = replace(after.result, contributed=contributed)
        return after

    return mutant


# --- stud ------------------------------------------------------------------------------------

StudStep = Callable[[StudState, Action], StudState]
StudOptions = Callable[[StudState, Seat], tuple[Action, ...]]
OddChipPriority = Callable[[list[Seat], dict[Seat, Sequence[Card]], StudRules], list[Seat]]
DealSeventh = Callable[[tuple[Card, ...], tuple[Card, ...], Sequence[Seat], RunningOut], SeventhStreet]
MayMuck = Callable[[Seat, Sequence[Seat], Sequence[Seat], Sequence[Pot]], bool]


def _ace_low_bring_in(bring_in_card: Callable[[Sequence[Card]], Card]) -> Callable[[Sequence[Card]], Card]:
    return lambda cards: min(cards, key=lambda c: (1 if rank_of(c) == 14 else rank_of(c), suit_of(c)))


def _options_with_fold(options: StudOptions) -> StudOptions:
    return lambda state, seat: (Action(seat, Verb.FOLD), *options(state, seat))


def _bring_in_folds(post_bring_in: StudStep) -> StudStep:
    def mutant(state: StudState, action: Action) -> StudState:
        if action.verb is Verb.FOLD:
            return stud_streets.bet(state._replace(bring_in_due=False), action)
        return post_bring_in(state, action)

    return mutant


@contextmanager
def _bring_in_may_fold() -> Iterator[None]:
    with around(stud_bringin, "bring_in_options", _options_with_fold), \
            around(stud_bringin, "post_bring_in", _bring_in_folds):
        yield


def _completion_raises(bet: StudStep) -> StudStep:
    def mutant(state: StudState, action: Action) -> StudState:
        after = bet(state, action)
        completing = state.level == 0 and state.current > 0 and after.level > 0
        return after._replace(raises=after.raises + 1) if completing else after

    return mutant


def _last_shown(priority: OddChipPriority) -> OddChipPriority:
    def mutant(winners: list[Seat], own: dict[Seat, Sequence[Card]], rules: StudRules) -> list[Seat]:
        ordered = priority(winners, own, rules)
        return ordered[::-1] if rules.odd_chip_order is OddChipOrder.SHOWN_FIRST else ordered

    return mutant


def _no_common_card(deal_seventh: DealSeventh) -> DealSeventh:
    def mutant(stub: tuple[Card, ...], burns: tuple[Card, ...], active: Sequence[Seat],
               rule: RunningOut) -> SeventhStreet:
        dealt = deal_seventh(stub, burns, active, rule)
        return SeventhStreet({}, None, stub, burns) if dealt.common is not None else dealt

    return mutant


def _big_bet_from_fourth(bet_size: Callable[[StudState], Chips]) -> Callable[[StudState], Chips]:
    return lambda state: state.rules.small_bet if state.street <= 3 else state.rules.big_bet


def _worst_board_opens(first_actor: Callable[[StudState], Seat]) -> Callable[[StudState], Seat]:
    def mutant(state: StudState) -> Seat:
        candidates = [s for s in from_left(state.seats, state.button) if state.can_bet(s)]
        worst = min(state.boards[s] for s in candidates)
        return next(s for s in candidates if state.boards[s] == worst)

    return mutant


def _muck_any_time(may_muck: MayMuck) -> MayMuck:
    return lambda seat, shown, mucked, pots: bool(shown)


ThirdStreet = Callable[[Sequence[Card], int, Seat],
                      tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...], tuple[Card, ...]]]


def _dealt_from_the_button(deal_third_street: ThirdStreet) -> ThirdStreet:
    return lambda deck, seats, button: deal_third_street(deck, seats, Seat((button - 1) % seats))


def _no_burn(deal_street: Callable[[StudState], StudState]) -> Callable[[StudState], StudState]:
    """Fourth to sixth street dealt from the top of the stub with no card burnt first."""

    def mutant(state: StudState) -> StudState:
        stub = state.cards.stub
        if state.cards.street + 1 >= 7 or not stub:
            return deal_street(state)
        return deal_street(state._replace(cards=state.cards._replace(stub=(stub[0], *stub))))

    return mutant


StudListing = Callable[[StudState, Seat], Legal]
Transition = Callable[[StudState], StudState]
StudAward = Callable[[int, Sequence[Chips], frozenset[Seat], Sequence[Seat], Sequence[Seat],
                      Mapping[Seat, Sequence[Card]], Card | None, StudRules], Outcome]
NextToAct = Callable[[Seat, tuple[Chips, ...], tuple[Chips, ...], Chips, frozenset[Seat],
                      frozenset[Seat]], Seat | None]


def _no_empty_stacks(check_table: Callable[[Setup], None]) -> Callable[[Setup], None]:
    """A seat with no chips passes the table check (and is all-in from the start)."""
    return lambda setup: check_table(replace(setup, stacks=tuple(Chips(max(s, 1)) for s in setup.stacks)))


def _short_bring_in_skipped(start: Callable[[StudGame, Setup, StudRules], StudState]
                            ) -> Callable[[StudGame, Setup, StudRules], StudState]:
    """The bring-in passes to the lowest upcard among the players who can cover it."""

    def mutant(self: StudGame, setup: Setup, rules: StudRules) -> StudState:
        state = start(self, setup, rules)
        seat = state.to_act
        if seat is None or not state.bring_in_due or state.stacks[seat] > rules.bring_in:
            return state
        covering = [Seat(s) for s in range(state.seats) if state.stacks[s] > rules.bring_in]
        return state._replace(to_act=stud_bringin.bring_in_seat(state.up, covering)) if covering else state

    return mutant


def _bring_in_only(options: StudOptions) -> StudOptions:
    """A bring-in player short of a full bet may only post the bring-in."""

    def mutant(state: StudState, seat: Seat) -> tuple[Action, ...]:
        got = options(state, seat)
        return got[:1] if state.stacks[seat] < state.rules.small_bet else got

    return mutant


def _bring_in_option(post_bring_in: StudStep) -> StudStep:
    """Posting the bring-in does not count as acting: he acts again when everyone only called."""
    return lambda state, action: post_bring_in(state, action)._replace(acted=frozenset())


def _street_turned(street: int, face_up: bool) -> Callable[[Transition], Transition]:
    """``street``'s card dealt face up (``face_up``) or face down, against the rule."""

    def mutate(deal_street: Transition) -> Transition:
        def mutant(state: StudState) -> StudState:
            dealt = deal_street(state)
            cards = dealt.cards
            if cards.street != street or cards.common is not None:
                return dealt
            hole, up = list(cards.hole), list(cards.up)
            for seat in stud_streets.dealing_order(dealt):
                if face_up:
                    hole[seat], up[seat] = hole[seat][:2], (*up[seat], *hole[seat][2:])
                else:
                    hole[seat], up[seat] = (*hole[seat], up[seat][-1]), up[seat][:-1]
            boards = tuple(exposed.exposed_rank(u) if s not in dealt.folded and u else b
                           for s, (u, b) in enumerate(zip(up, cards.boards, strict=True)))
            return dealt._replace(cards=cards._replace(hole=tuple(hole), up=tuple(up), boards=boards))

        return mutant

    return mutate


def _button_first(dealing_order: Callable[[StudState], list[Seat]]) -> Callable[[StudState], list[Seat]]:
    """Fourth to seventh street dealt starting with the button."""

    def mutant(state: StudState) -> list[Seat]:
        order = dealing_order(state)
        return [s for s in order if s == state.button] + [s for s in order if s != state.button]

    return mutant


def _listing_without(drop: Callable[[StudState, Action], bool]) -> Callable[[StudListing], StudListing]:
    """The betting listing without the actions ``drop`` picks out."""

    def mutate(options: StudListing) -> StudListing:
        def mutant(state: StudState, seat: Seat) -> Legal:
            got = options(state, seat)
            return Legal(got.to_act, tuple(a for a in got.actions if not drop(state, a)))

        return mutant

    return mutate


def _fold_with_nothing_to_call(state: StudState, action: Action) -> bool:
    return action.verb is Verb.FOLD and state.bets[action.seat] >= state.current


def _short_call(state: StudState, action: Action) -> bool:
    return action.verb is Verb.CHECK_CALL and action.amount is not None and action.amount < state.current


def _short_raise(state: StudState, action: Action) -> bool:
    return action.verb is Verb.BET_RAISE and action.amount is not None \
        and action.amount < state.level + stud_streets.bet_size(state)


def _stud_checks_kept(bet: StudStep) -> StudStep:
    def mutant(state: StudState, action: Action) -> StudState:
        after = bet(state, action)
        checked = _checked(state)
        if action.verb is Verb.CHECK_CALL and state.bets[action.seat] >= state.current:
            checked |= {action.seat}
        if checked:
            _CHECKED[id(after)] = (after, checked)
        return after

    return mutant


def _stud_no_check_raise() -> AbstractContextManager[None]:
    """A stud player who has checked may only call or fold when a bet comes round to him."""
    return _checks_recorded(
        around(stud_streets, "bet", _stud_checks_kept),
        around(stud_streets, "betting_options",
               _listing_without(lambda state, a: a.verb is Verb.BET_RAISE and a.seat in _checked(state))))


def _matching_ignored(next_to_act: NextToAct) -> NextToAct:
    """The round closes once everyone has acted since the last full bet, matched or not."""

    def mutant(after: Seat, stacks: tuple[Chips, ...], bets: tuple[Chips, ...], current: Chips,
               folded: frozenset[Seat], acted: frozenset[Seat]) -> Seat | None:
        return next_to_act(after, stacks, tuple(max(b, current) for b in bets), current, folded, acted)

    return mutant


def _all_in_asked(next_to_act: NextToAct) -> NextToAct:
    """A player who is all-in still gets his turn once after each full bet (to check)."""

    def mutant(after: Seat, stacks: tuple[Chips, ...], bets: tuple[Chips, ...], current: Chips,
               folded: frozenset[Seat], acted: frozenset[Seat]) -> Seat | None:
        for seat in from_left(len(stacks), after):
            if seat not in folded and seat not in acted and (stacks[seat] == 0 or bets[seat] < current):
                return seat
        return next_to_act(after, stacks, bets, current, folded, acted)

    return mutant


def _common_card_on_boards(deal_street: Transition) -> Transition:
    """A common card joins every board: seventh street's boards are five cards, straights counting."""

    def mutant(state: StudState) -> StudState:
        dealt = deal_street(state)
        cards = dealt.cards
        if cards.common is None:
            return dealt
        boards = tuple(exposed.exposed_rank((*u, cards.common)) if s not in dealt.folded else b
                       for s, (u, b) in enumerate(zip(cards.up, cards.boards, strict=True)))
        return dealt._replace(cards=cards._replace(boards=boards))

    return mutant


def _left_of_button_opens(first_actor: Callable[[StudState], Seat]) -> Callable[[StudState], Seat]:
    """With a common card the first player from the button's left who can bet opens seventh street."""

    def mutant(state: StudState) -> Seat:
        if state.common is None:
            return first_actor(state)
        return next(s for s in from_left(state.seats, state.button) if state.can_bet(s))

    return mutant


def _every_level(build_pots: BuildPots) -> BuildPots:
    """A pot closes at every seat's total, a folded seat's included."""

    def mutant(contributed: dict[Seat, Chips], folded: frozenset[Seat]
               ) -> tuple[tuple[Pot, ...], dict[Seat, Chips]]:
        returned = build_pots(contributed, folded)[1]
        paid = {s: Chips(c - returned.get(s, 0)) for s, c in contributed.items()}
        top = max((paid[s] for s in paid if s not in folded), default=0)
        levels = sorted({c for c in paid.values() if 0 < c < top} | {top})
        out: list[Pot] = []
        previous = 0
        for level in levels:
            size = sum((c if level == top else min(c, level)) - min(c, previous) for c in paid.values())
            eligible = tuple(sorted(s for s in paid if s not in folded and paid[s] >= level))
            if size:
                out.append(Pot(Chips(size), eligible))
            previous = level
        return tuple(out), returned

    return mutant


def _common_card_left_out(award: StudAward) -> StudAward:
    """A common card is no part of anyone's hand: each hand is the best five of his six own cards."""

    def mutant(seats: int, contributed: Sequence[Chips], folded: frozenset[Seat], order: Sequence[Seat],
               mucked: Sequence[Seat], own: Mapping[Seat, Sequence[Card]], common: Card | None,
               rules: StudRules) -> Outcome:
        got = award(seats, contributed, folded, order, mucked, own, None, rules)
        if common is None:
            return got
        return replace(got, details={**got.details, "common": [format_card(common)]})

    return mutant


def _uncontested_shown(after_action: Transition) -> Transition:
    """The last player left must still show his hand before he takes the pot."""

    def mutant(state: StudState) -> StudState:
        if len(state.folded) != state.seats - 1:
            return after_action(state)
        (winner,) = state.live()
        pots = stud_allin.pots_of(state.contributed, state.folded)[0]
        return state._replace(phase=SHOWDOWN, order=(winner,), to_act=winner, pots=pots)

    return mutant


Uncontested = Callable[[int, Sequence[Chips], frozenset[Seat], Card | None], Outcome]


def _uncalled_won(uncontested: Uncontested) -> Uncontested:
    """The last player's uncalled bet is won with the pot instead of coming back to him."""

    def mutant(seats: int, contributed: Sequence[Chips], folded: frozenset[Seat],
               common: Card | None) -> Outcome:
        got = uncontested(seats, contributed, folded, common)
        returned = sum(stud_allin.pots_of(contributed, folded)[1].values())
        if not returned:
            return got
        pots = list(got.pots)
        last = pots[-1]
        (winner,) = last.eligible
        pots[-1] = PotAward(Chips(last.amount + returned), last.eligible, last.winners,
                            {winner: Chips(last.amount + returned)})
        return replace(got, pots=tuple(pots), details={**got.details, "returned": {}})

    return mutant


def _completion_doubles(raise_target: Callable[[StudState, Seat], Chips | None]
                        ) -> Callable[[StudState, Seat], Chips | None]:
    """A completion goes to twice the bring-in, whatever the small bet."""

    def mutant(state: StudState, seat: Seat) -> Chips | None:
        target = raise_target(state, seat)
        if target is None or state.street != 3 or state.level > 0:
            return target
        return Chips(min(2 * state.rules.bring_in, state.bets[seat] + state.stacks[seat]))

    return mutant


# --- the catalogue ---------------------------------------------------------------------------

MUTANTS: tuple[Mutant, ...] = (
    Mutant("core-flush-over-full-house", "core", RuleId("core.high.categories"),
           "a flush beats a full house (the short-deck order)",
           lambda: ranking(high, "high_rank5", _flush_over_full_house)),
    Mutant("core-low-trips-over-two-pair", "core", RuleId("core.low.repeats"),
           "in ace-to-five low three of a kind beats two pair",
           lambda: _low_shapes({(2, 2, 1): 3, (3, 1, 1): 2})),
    Mutant("core-low-from-the-bottom", "core", RuleId("core.low.compare"),
           "unpaired lows are compared from the lowest card up instead of from the highest down",
           lambda: ranking(low, "low_key5", _low_from_the_bottom)),
    Mutant("core-low-straights-count", "core", RuleId("core.low.no-straights"),
           "a straight counts against a low hand (ace-to-six lowball)",
           lambda: ranking(low, "low_key5", _low_straights_count)),
    Mutant("core-all-in-eligible-everywhere", "core", RuleId("core.chips.side-pots"),
           "a seat all in for less may win the side pots it did not reach",
           lambda: around(chips, "build_pots", _all_in_eligible_everywhere)),
    Mutant("core-bring-in-suits-reversed", "core", RuleId("core.bringin.order"),
           "among equal low ranks the spade brings in, not the club (suits in the other order)",
           lambda: around(exposed, "bring_in_card", _spades_bring_in)),
    Mutant("core-low-first-five", "core", RuleId("core.low.best-five"),
           "a low of six or seven cards is read from its first five cards, not the best five",
           lambda: ranking(low, "low_rank", _low_first_five)),
    Mutant("core-no-wheel", "core", RuleId("core.high.wheel"),
           "A-2-3-4-5 is not a straight, only ace-high",
           lambda: ranking(high, "straight_top", _no_wheel)),
    Mutant("core-wrap-around", "core", RuleId("core.high.no-wraparound"),
           "straights may turn the corner: Q-K-A-2-3 is a straight",
           lambda: ranking(high, "straight_top", _wrap_around)),
    Mutant("core-suits-break-ties", "core", RuleId("core.high.suits"),
           "equal high hands are separated by the suits of their highest cards",
           _suits_break_ties),
    Mutant("core-low-ace-high", "core", RuleId("core.low.ace"),
           "in ace-to-five low the ace counts high",
           lambda: ranking(low, "low_value", _ace_high_low)),
    Mutant("core-low8-nine-qualifies", "core", RuleId("core.low8.qualifier"),
           "a nine-high low qualifies for eight-or-better",
           lambda: around(low, "qualifies_eight", _nine_qualifies)),
    Mutant("core-odd-chip-to-low", "core", RuleId("core.chips.odd-to-high"),
           "the odd chip of a high-low pot goes to the low half",
           lambda: around(chips, "high_low_halves", _odd_chip_to_low)),
    Mutant("core-remainder-to-last", "core", RuleId("core.chips.split"),
           "the remainder of a tied split goes to the last winner in priority order",
           lambda: around(chips, "split", _remainder_to_last)),
    Mutant("core-dead-money-ignored", "core", RuleId("core.chips.dead"),
           "folded players' chips are left out of the pots",
           lambda: around(chips, "build_pots", _dead_money_ignored)),
    Mutant("core-uncalled-kept", "core", RuleId("core.chips.uncalled"),
           "the uncalled excess stays in the last pot instead of going back",
           lambda: around(chips, "build_pots", _excess_kept)),
    Mutant("core-low-pair-beats-no-pair", "core", RuleId("core.low.unpaired-first"),
           "in ace-to-five low one pair beats an unpaired hand",
           lambda: _low_shapes({(1, 1, 1, 1, 1): 1, (2, 1, 1, 1): 0})),
    Mutant("core-no-kickers", "core", RuleId("core.high.kickers"),
           "only the biggest group counts: equal pairs, trips or quads tie whatever the kickers",
           lambda: ranking(high, "high_rank5", _no_kickers)),
    Mutant("core-first-five-cards", "core", RuleId("core.high.best-five"),
           "a six- or seven-card hand is ranked by its first five cards, not its best five",
           lambda: around(fast, "high_rank", _first_five)),
    Mutant("core-exposed-no-pairs", "core", RuleId("core.exposed.partial"),
           "fewer than five face-up cards rank by high cards alone, pairs ignored",
           _no_exposed_shapes),
    Mutant("core-ace-ranks-lowest", "core", RuleId("core.cards.ranks"),
           "the ace ranks lowest, below the two, as the one it is printed as",
           lambda: ranking(high, "rank_of", _ace_lowest)),
    Mutant("core-suits-from-spades", "core", RuleId("core.cards.suits"),
           "within a rank the suits ascend spades, hearts, diamonds, clubs (the source's order read "
           "from the wrong end), so a listed deck is completed 2s 2h 2d 2c 3s ...",
           lambda: _deck_in(lambda c: (rank_of(c), -suit_of(c)))),
    Mutant("core-duplicate-by-spelling", "core", RuleId("core.cards.distinct"),
           "a card is a repeat only when it is spelled the same way: Td 9c 10♦ holds three cards",
           lambda: around(cards, "parse_cards", _distinct_by_spelling)),
    Mutant("core-deck-suit-by-suit", "core", RuleId("core.deck.cards"),
           "the ascending deck runs suit by suit, 2c 3c ... Ac 2d ..., not rank by rank",
           lambda: _deck_in(lambda c: (suit_of(c), rank_of(c)))),
    Mutant("core-dealt-from-the-bottom", "core", RuleId("core.deck.order"),
           "cards are dealt from the end of the deck as listed (an array popped from its end), "
           "so the last card listed is the first dealt",
           lambda: around(deck, "complete_deck", _dealt_from_the_bottom)),
    Mutant("core-rest-descending", "core", RuleId("core.deck.completion"),
           "the cards a deck does not list follow it from the ace of spades down, not from the two "
           "of clubs up",
           lambda: around(deck, "complete_deck", _rest_descending)),
    Mutant("core-five-exposed-no-straights", "core", RuleId("core.exposed.five"),
           "five face-up cards are ranked as a partial hand: a straight or a flush counts as high cards",
           lambda: around(exposed, "exposed_rank", _five_as_partial)),
    Mutant("core-fraction-rounded-down", "core", RuleId("core.chips.amount"),
           "a fractional amount is rounded down to whole chips instead of refused",
           lambda: around(reference_engine, "_amount", _fractions_rounded)),
    Mutant("core-net-without-returned", "core", RuleId("core.chips.net"),
           "the uncalled excess returned is left out of the net: a net counts the pots won against "
           "everything put in, and the nets no longer add up to zero",
           lambda: mock.patch.object(Outcome, "net", property(_net_without_returned))),
    Mutant("core-check-listed-bare", "core", RuleId("core.notation.legal"),
           "a check or call is listed as pN cc, without the round total it makes",
           lambda: _replies(_check_without_total)),
    Mutant("core-refusal-folds", "core", RuleId("core.notation.reasons"),
           "a refused bet, call or raise folds the seat that made it, as an online table folds an "
           "invalid move: the refusal changes the hand",
           lambda: _replies(_refusal_folds)),
    Mutant("core-pot-without-round-bets", "core", RuleId("core.notation.observables"),
           "pot counts only the betting rounds already closed: the bets of the current round are left out",
           lambda: _replies(_observed(_pot_without_round_bets))),
    Mutant("core-auction-phase-n", "core", RuleId("core.contract.phases"),
           "an auction's bidding and picking are one phase, auction-N, instead of bid-N then pick-N",
           lambda: _replies(_observed(_auction_n))),
    Mutant("core-folded-hands-dropped", "core", RuleId("core.contract.observables"),
           "a seat that folds is listed with no cards in hands from its fold on",
           lambda: _replies(_observed(_folded_hands_dropped))),
    Mutant("core-received-by-winners", "core", RuleId("core.contract.outcome"),
           "received lists only the seats that got chips back, not every seat",
           lambda: _replies(_outcome_changed(_received_by_winners))),
    Mutant("core-shares-of-everyone", "core", RuleId("core.contract.pots"),
           "a pot's shares list every eligible seat, 0 for those paid nothing, as a split reply does",
           lambda: _replies(_outcome_changed(_shares_of_everyone))),
    Mutant("core-one-direction-labelled", "core", RuleId("core.contract.winners"),
           "an Auction pot whose players all declared one way is labelled high or low, not all",
           lambda: around(auction_award, "award", _one_direction_named)),
    Mutant("core-one-pair-named-pair", "core", RuleId("core.contract.values"),
           "the category one pair is named pair",
           _one_pair_named_pair),
    Mutant("core-button-round-the-table", "core", RuleId("core.contract.setup"),
           "a dealer past the last seat is counted on round the table (p4 of three seats deals as p1) "
           "instead of the setup being refused",
           lambda: _replies(_button_round_the_table)),
    Mutant("core-verb-before-turn", "core", RuleId("core.contract.precedence"),
           "a seat out of turn whose verb the phase offers nobody is refused illegal_action, not "
           "not_your_turn (the verb judged before the turn, as the Auction engine did before CORE-5)",
           lambda: around(actions, "judge", _verb_before_turn)),
    Mutant("core-split-of-the-paid", "core", RuleId("core.contract.core-ops"),
           "a split reply leaves out a winner whose share rounds down to nothing",
           lambda: _replies(_split_of_the_paid)),
    Mutant("archie-small-bets-throughout", "archie", RuleId("archie.table.limits"),
           "the bet stays the small bet after the draws as well",
           lambda: rules_changed(ArchieRules, lambda r: replace(r, big_bet=r.small_bet))),
    Mutant("archie-small-blind-posts-big", "archie", RuleId("archie.table.blinds"),
           "the small blind posts as much as the big blind",
           lambda: rules_changed(ArchieRules, lambda r: replace(r, small_blind=r.big_blind))),
    Mutant("archie-odd-chip-to-dealer", "archie", RuleId("archie.award.odd-chip"),
           "the odd chip of a tied pot goes to the dealer instead of the big blind",
           lambda: around(archie_award, "priority", _dealer_first_priority)),
    Mutant("archie-tie-not-shared", "archie", RuleId("archie.award.ties"),
           "equal hands do not share: the first in priority order takes the whole share",
           lambda: around(archie_award, "best", _first_takes_tie)),
    Mutant("archie-dealer-keeps-the-button", "archie", RuleId("archie.deal.rotation"),
           "the dealer deals the next hand too: the button and the blinds do not swap",
           lambda: around(archie_deal, "next_dealer", _dealer_stays)),
    Mutant("archie-reserve-forty", "archie", RuleId("archie.table.reserve"),
           "a seat with 40 chips is dealt in: the 48-chip reserve is not required",
           lambda: rules_changed(ArchieRules, lambda r: unchecked(r, reserve=Chips(40)))),
    Mutant("archie-low-nine-qualifies", "archie", RuleId("archie.qualify.low"),
           "a nine-high low qualifies for the low half",
           lambda: around(archie_qualifiers, "qualifies_low", _nine_qualifies)),
    Mutant("archie-dealt-five-at-once", "archie", RuleId("archie.deal.order"),
           "each hand is dealt its five cards at once instead of one card at a time in turn",
           lambda: around(archie_deal, "initial_deal", _five_at_once)),
    Mutant("archie-dealer-dealt-first", "archie", RuleId("archie.deal.order"),
           "the dealer is dealt the first card instead of the big blind",
           lambda: around(archie_deal, "initial_deal", _dealer_dealt_first)),
    Mutant("archie-barge-nines", "archie", RuleId("archie.qualify.high"),
           "under archie-barge high needs a pair of nines (Pagat's qualifier)",
           lambda: rules_changed(ArchieRules, lambda r: replace(r, high_pair=Rank(9)), "archie-barge")),
    Mutant("archie-no-big-blind-option", "archie", RuleId("archie.betting.option"),
           "round 1 closes when the small blind calls: the big blind gets no option",
           lambda: around(archie_betting, "first_round", _no_option)),
    Mutant("archie-barge-equal-split", "archie", RuleId("archie.award.nobody"),
           "under archie-barge a pot nobody qualifies for is split equally (Pagat's fallback)",
           lambda: rules_changed(ArchieRules, lambda r: replace(r, no_qualifier=NoQualifier.EQUAL_SPLIT),
                                 "archie-barge")),
    Mutant("archie-two-raises", "archie", RuleId("archie.table.cap"),
           "a round is capped at a bet and two raises",
           lambda: rules_changed(ArchieRules, lambda r: replace(r, cap=3))),
    Mutant("archie-dealer-first-after-draw", "archie", RuleId("archie.betting.first"),
           "after each draw the dealer acts first",
           lambda: around(archie_betting, "later_round", _dealer_first)),
    Mutant("archie-dealer-served-first", "archie", RuleId("archie.deal.replace"),
           "the dealer is dealt, declares and is served first, before the big blind",
           lambda: around(archie_deal, "draw_order", _dealer_served_first)),
    Mutant("archie-fold-when-checked-to", "archie", RuleId("archie.betting.open"),
           "a player may fold when no bet is pending",
           _fold_when_checked_to),
    Mutant("archie-pagat-sixes", "archie", RuleId("archie.pagat.high"),
           "under archie-pagat a pair of sixes qualifies for high (BARGE's qualifier)",
           lambda: rules_changed(ArchieRules, lambda r: replace(r, high_pair=Rank(6)), "archie-pagat")),
    Mutant("archie-pagat-best-high", "archie", RuleId("archie.pagat.nobody"),
           "under archie-pagat the best ordinary high takes a pot nobody qualifies for (BARGE's fallback)",
           lambda: rules_changed(ArchieRules, lambda r: replace(r, no_qualifier=NoQualifier.BEST_HIGH),
                                 "archie-pagat")),
    Mutant("archie-three-seats-dealt", "archie", RuleId("archie.table.players"),
           "a table of more than two seats is dealt: the first two play and the others sit out",
           lambda: around(archie_table, "check_setup", _extra_seats_sit_out)),
    Mutant("archie-dealer-seat-wraps", "archie", RuleId("archie.table.players"),
           "a dealer named beyond the two seats is counted round the table (p3 deals as p1)",
           lambda: around(ArchieGame, "start", _dealer_wraps)),
    Mutant("archie-burn-before-draw", "archie", RuleId("archie.table.deck"),
           "a card is burnt from the stub before each draw's replacements, as in many draw games",
           lambda: around(archie_deal, "replace_discards", _burn_before_draw)),
    Mutant("archie-replacements-from-the-bottom", "archie", RuleId("archie.table.deck"),
           "the replacements are taken from the bottom of the stub (a list popped from its end)",
           lambda: around(archie_deal, "replace_discards", _from_the_bottom)),
    Mutant("archie-two-draws", "archie", RuleId("archie.deal.draws"),
           "three betting rounds and two draws: the showdown follows the third round",
           lambda: mock.patch.object(archie_engine, "BETTING_ROUNDS", BETTING_ROUNDS - 1)),
    Mutant("archie-four-draws", "archie", RuleId("archie.deal.draws"),
           "a draw follows every betting round, the fourth too, and the showdown follows the fourth draw",
           _four_draws),
    Mutant("archie-discard-at-most-three", "archie", RuleId("archie.deal.discard"),
           "a discard of four or five cards is refused (five-card draw's house limit of three)",
           lambda: mock.patch.object(actions, "MAX_DISCARD", 3)),
    Mutant("archie-dealer-declares-first", "archie", RuleId("archie.deal.discard"),
           "the dealer announces his discard first; the replacements still go to the big blind first",
           _dealer_declares_first),
    Mutant("archie-count-hidden-until-dealt", "archie", RuleId("archie.deal.discard"),
           "the number a player draws is public only once the replacements are dealt, not when he commits",
           lambda: around(ArchieGame, "_draw", _count_shown_when_dealt)),
    Mutant("archie-discards-under-the-stub", "archie", RuleId("archie.deal.enough"),
           "the discards go back under the stub instead of out of play, as if the deck could run short",
           lambda: around(archie_deal, "replace_discards", _discards_under_the_stub)),
    Mutant("archie-raise-doubles", "archie", RuleId("archie.betting.facing"),
           "a raise goes to twice the total faced (big-bet poker's minimum) instead of one unit above it",
           _raise_doubles),
    Mutant("archie-no-check-raise", "archie", RuleId("archie.betting.check-raise"),
           "a player who checked may only call or fold when the other then bets (a house rule)",
           lambda: around(archie_betting, "legal", _archie_no_check_raise)),
    Mutant("archie-one-check-closes", "archie", RuleId("archie.betting.close"),
           "a round closes as soon as the totals match after an action: one check closes it",
           lambda: _round_closed(lambda rnd: bool(rnd.acted) and rnd.bets[0] == rnd.bets[1])),
    Mutant("archie-close-when-both-acted", "archie", RuleId("archie.betting.close"),
           "a round closes once both have acted, matched or not: a bet after a check goes unanswered",
           lambda: _round_closed(lambda rnd: len(rnd.acted) == 2)),
    Mutant("archie-check-stands-pat", "archie", RuleId("archie.betting.then-draw"),
           "a check offered during a draw is taken as standing pat instead of being refused",
           lambda: around(ArchieGame, "apply", _check_stands_pat)),
    Mutant("archie-fold-winner-shows", "archie", RuleId("archie.showdown.fold"),
           "after a fold the winner shows his hand",
           lambda: around(archie_showdown, "fold_outcome", _fold_winner_shows)),
    Mutant("archie-fold-still-qualifies", "archie", RuleId("archie.showdown.fold"),
           "after a fold a hand that qualifies neither way loses the pot to a better ordinary high",
           lambda: around(archie_showdown, "settle", _fold_still_qualifies)),
    Mutant("archie-loser-mucks", "archie", RuleId("archie.showdown.expose"),
           "at a showdown only the winning hands are shown; a losing hand is mucked",
           lambda: around(archie_showdown, "settle", _loser_mucks)),
    Mutant("archie-one-way-per-hand", "archie", RuleId("archie.showdown.cards-speak"),
           "a hand competes in one direction only: a straight or flush plays high and is not also a low",
           lambda: around(archie_award, "qualifies_low", _straight_no_low, everywhere=False)),
    Mutant("archie-low-is-not-high", "archie", RuleId("archie.qualify.both"),
           "a hand that qualifies for low does not also qualify for high",
           lambda: around(archie_award, "qualifies_high", _low_no_high, everywhere=False)),
    Mutant("archie-wheel-ace-high", "archie", RuleId("archie.qualify.high-order"),
           "A-2-3-4-5 ranks as an ace-high straight, level with A-K-Q-J-T, instead of the lowest",
           lambda: around(archie_award, "high_strength", _wheel_ace_high, everywhere=False)),
    Mutant("archie-straight-over-flush", "archie", RuleId("archie.qualify.high-order"),
           "a straight beats a flush",
           lambda: around(archie_award, "high_strength", _straight_over_flush, everywhere=False)),
    Mutant("archie-groups-ignored", "archie", RuleId("archie.qualify.high-order"),
           "within a category the cards compare from the highest down, pairs or not",
           lambda: around(archie_award, "high_strength", _groups_ignored, everywhere=False)),
    Mutant("archie-low-from-the-lowest", "archie", RuleId("archie.qualify.low-order"),
           "qualified lows compare from the lowest card up",
           lambda: around(archie_award, "low_strength", _low_from_lowest, everywhere=False)),
    Mutant("archie-low-by-total", "archie", RuleId("archie.qualify.low-order"),
           "qualified lows compare by the total of their ranks, the smaller total winning",
           lambda: around(archie_award, "low_strength", _low_by_total, everywhere=False)),
    Mutant("archie-halves-swapped", "archie", RuleId("archie.award.split"),
           "the high half goes to the best low and the low half to the best high",
           lambda: around(archie_award, "award", lambda a: _split_award(a, _halves_swapped))),
    Mutant("archie-winners-share-equally", "archie", RuleId("archie.award.split"),
           "a split pot is shared equally by every player who wins or shares a half",
           lambda: around(archie_award, "award", lambda a: _split_award(a, _winners_share_equally))),
    Mutant("archie-one-way-half", "archie", RuleId("archie.award.one-way"),
           "the one-way winner takes only his direction's half; the other half is shared by both players",
           lambda: around(archie_award, "award", lambda a: _split_award(a, _one_way_half))),
    Mutant("archie-no-high-falls-back", "archie", RuleId("archie.award.one-way"),
           "with no qualified high the best ordinary high takes the pot, although a low qualifies",
           lambda: around(archie_award, "award", _no_high_falls_back)),
    Mutant("archie-net-without-blinds", "archie", RuleId("archie.award.net"),
           "the net result leaves out the blinds: only the chips bet after them count as put in",
           lambda: around(archie_showdown, "settle", _net_changed(_blinds_left_out))),
    Mutant("archie-net-is-gross", "archie", RuleId("archie.award.net"),
           "the net result is what a player received, what he put in not taken off",
           lambda: around(archie_showdown, "settle", _net_changed(_nothing_put_in))),
    Mutant("auction-ante-doubled", "auction", RuleId("auction.setup.ante"),
           "every player antes two chips instead of one",
           lambda: rules_changed(AuctionRules, lambda r: unchecked(r, ante=Chips(2)))),
    Mutant("auction-bid-cap-four", "auction", RuleId("auction.auction.bid"),
           "a sealed bid may be 4 chips, one above the cap of 3",
           lambda: rules_changed(AuctionRules, lambda r: unchecked(r, max_bid=Chips(4)))),
    Mutant("auction-bid-floor-two", "auction", RuleId("auction.auction.bid"),
           "the smallest sealed bid is 2 chips, not 1",
           lambda: rules_changed(AuctionRules, lambda r: replace(r, min_bid=Chips(2)))),
    Mutant("auction-bet-unit-two", "auction", RuleId("auction.setup.limits"),
           "bets and raises are 2 chips instead of 1",
           lambda: rules_changed(AuctionRules, lambda r: unchecked(r, bet_unit=Chips(2)))),
    Mutant("auction-four-rows", "auction", RuleId("auction.auction.rows"),
           "the betting round comes after the fourth auction: one row too few",
           lambda: rules_changed(AuctionRules, lambda r: replace(r, auctions=4))),
    Mutant("auction-three-hole-cards", "auction", RuleId("auction.setup.deal"),
           "each player is dealt three hidden cards, as in seven-card stud, instead of two",
           lambda: rules_changed(AuctionRules, lambda r: unchecked(r, hole_cards=3))),
    Mutant("auction-tie-remainder-to-last", "auction", RuleId("auction.award.ties"),
           "the remainder of a shared half goes to the last tied player from the dealer's left",
           lambda: around(auction_award, "split", _remainder_to_last, everywhere=False)),
    Mutant("auction-eight-players", "auction", RuleId("auction.setup.players"),
           "eight players may sit down, one more than the seven allowed",
           lambda: rules_changed(AuctionRules, lambda r: unchecked(r, max_players=8))),
    Mutant("auction-reserve-ten", "auction", RuleId("auction.setup.reserve"),
           "a seat with 10 chips is dealt in: the 20-chip reserve is not required",
           lambda: rules_changed(AuctionRules, lambda r: unchecked(r, reserve=Chips(10)))),
    Mutant("auction-dealt-from-the-dealer", "auction", RuleId("auction.setup.deal"),
           "the deal, and the order of priority after it, start with the dealer instead of his left",
           lambda: around(auction_setup, "clockwise",
                          lambda clockwise: lambda dealer, seats: tuple(Seat((dealer + i) % seats)
                                                                         for i in range(seats)))),
    Mutant("auction-ties-by-seat", "auction", RuleId("auction.auction.order"),
           "equal bids pick by seat alone, ignoring the exposed cards",
           lambda: around(auction_auctions, "pick_order", _pick_by_seat)),
    Mutant("auction-both-tie-wins", "auction", RuleId("auction.award.both"),
           "a 'both' declarer who ties a direction counts as winning it",
           lambda: around(auction_award, "_result", _tie_wins)),
    Mutant("auction-odd-chip-lost", "auction", RuleId("auction.award.odd-chip"),
           "the pot is halved without the odd chip going to high",
           lambda: around(auction_award, "high_low_halves", _odd_chip_lost, everywhere=False)),
    Mutant("auction-bids-kept", "auction", RuleId("auction.auction.bids-paid"),
           "the bids are not paid into the pot",
           lambda: around(AuctionGame, "_bid", _bids_kept)),
    Mutant("auction-first-seat-bets", "auction", RuleId("auction.betting.first"),
           "the seat left of the dealer opens the betting, whatever the exposed cards",
           lambda: around(auction_betting, "first_actor", _first_seat_bets)),
    Mutant("auction-two-raises", "auction", RuleId("auction.betting.cap"),
           "the betting round is capped at a bet and two raises",
           lambda: rules_changed(AuctionRules, lambda r: replace(r, max_raises=2))),
    Mutant("auction-failed-both-rides", "auction", RuleId("auction.profile.seed"),
           "under auction-seed two failed 'both' declarers make the pot ride (Buderick's rule)",
           lambda: rules_changed(AuctionRules, lambda r: replace(r, failed_both=FailedBoth.RIDE_IF_SEVERAL),
                                 "auction-seed")),
    Mutant("auction-buderick-excludes", "auction", RuleId("auction.profile.buderick-rides"),
           "under auction-buderick failed 'both' declarers are shut out and the pot does not ride",
           lambda: rules_changed(AuctionRules, lambda r: replace(r, failed_both=FailedBoth.EXCLUDE),
                                 "auction-buderick")),
    Mutant("auction-pass-an-auction", "auction", RuleId("auction.setup.no-leaving"),
           "a player may pass an auction, bidding nothing, and still takes the card left to him",
           lambda: rules_changed(AuctionRules, lambda r: replace(r, min_bid=Chips(0)))),
    Mutant("auction-carry-ignored", "auction", RuleId("auction.setup.carry"),
           "a pot carried over from the previous deal is not added to the new pot",
           lambda: around(AuctionGame, "start", _carry_ignored)),
    Mutant("auction-row-for-every-seat", "auction", RuleId("auction.auction.row"),
           "a row holds a card for every seat, those sitting out included; the card left over is discarded",
           lambda: _rows_widened(lambda setup, dealt: len(setup.stacks))),
    Mutant("auction-row-one-spare", "auction", RuleId("auction.auction.row"),
           "a row holds one card more than the players, so the last to pick still has a choice",
           lambda: _rows_widened(lambda setup, dealt: len(dealt.players) + 1)),
    Mutant("auction-last-card-handed-out", "auction", RuleId("auction.auction.pick"),
           "the last player is handed the card left in the row without a pick of his own (AUC-21)",
           lambda: around(AuctionGame, "_pick", _last_card_handed_out)),
    Mutant("auction-bid-buys-a-card", "auction", RuleId("auction.auction.pick"),
           "each picker takes the next card of the row as dealt: a bid buys a card, not a choice",
           lambda: around(AuctionGame, "legal", _listing_changed("pick-", _first_card_only))),
    Mutant("auction-fold-when-checked-to", "auction", RuleId("auction.betting.actions"),
           "a player with nothing to call may fold (AUC-7)",
           lambda: around(Betting, "legal", _fold_when_nothing_to_call)),
    Mutant("auction-no-check-raise", "auction", RuleId("auction.betting.actions"),
           "a player who has checked may not raise later in the round, only call or fold",
           _auction_no_check_raise),
    Mutant("auction-one-orbit", "auction", RuleId("auction.betting.end"),
           "the round ends after one turn round the table: those who acted before a bet never answer it",
           lambda: around(Betting, "apply", _one_orbit)),
    Mutant("auction-bids-to-match", "auction", RuleId("auction.betting.bids-not-bets"),
           "the bids count as bets of the round: each player must match the highest bids first",
           lambda: around(AuctionGame, "_pick", _bids_to_match)),
    Mutant("auction-lone-survivor-declares", "auction", RuleId("auction.betting.lone-survivor"),
           "the last player left still declares before he takes the pot",
           lambda: around(AuctionGame, "_bet", _survivor_declares)),
    Mutant("auction-declare-in-turn", "auction", RuleId("auction.declare.simultaneous"),
           "the players declare one after another, clockwise from the dealer's left",
           lambda: around(AuctionGame, "legal", _listing_changed("declare", _in_turn))),
    Mutant("auction-declarations-shown-one-by-one", "auction", RuleId("auction.declare.simultaneous"),
           "each declaration is shown as soon as it is made, before the others have declared",
           lambda: around(AuctionGame, "_declare", _declared_openly)),
    Mutant("auction-no-both", "auction", RuleId("auction.declare.choices"),
           "a player may declare only high or low, as in plain high-low declare games",
           lambda: around(AuctionGame, "legal", _listing_changed("declare", _no_both))),
    Mutant("auction-markers-paid", "auction", RuleId("auction.declare.choices"),
           "the markers are chips paid into the pot: one for high, two for both",
           lambda: around(AuctionGame, "_declare", _markers_paid)),
    Mutant("auction-high-from-face-up", "auction", RuleId("auction.declare.high"),
           "the high hand is made of the five face-up cards only, the two hidden ones left out",
           lambda: around(auction_declaration, "evaluate", _face_up_only("high"))),
    Mutant("auction-low-from-face-up", "auction", RuleId("auction.declare.low"),
           "the low hand is made of the five face-up cards only, the two hidden ones left out",
           lambda: around(auction_declaration, "evaluate", _face_up_only("low"))),
    Mutant("auction-low-eight-or-better", "auction", RuleId("auction.declare.low"),
           "a low must be eight or better, as in most high-low games: a low declarer without one cannot win",
           lambda: around(auction_award, "award", _eight_or_better)),
    Mutant("auction-high-cards-speak", "auction", RuleId("auction.award.division"),
           "the high half goes to the best high of everyone still in, low declarers included",
           lambda: around(auction_award, "award", _cards_speak("high"))),
    Mutant("auction-low-cards-speak", "auction", RuleId("auction.award.division"),
           "the low half goes to the best low of everyone still in, high declarers included",
           lambda: around(auction_award, "award", _cards_speak("low"))),
    Mutant("auction-one-direction-half-carried", "auction", RuleId("auction.award.one-direction"),
           "when all declared the same way the pot is still halved; the half nobody claimed carries over",
           lambda: around(auction_award, "award", _half_carried)),
    Mutant("auction-one-direction-reported-halved", "auction", RuleId("auction.award.one-direction"),
           "a pot one direction takes whole is reported under that direction instead of all",
           lambda: around(auction_award, "award", _reported_by_direction)),
    Mutant("auction-failed-boths-chop", "auction", RuleId("auction.award.carry"),
           "when every 'both' declarer fails, they share the pot instead of carrying it over",
           lambda: around(auction_award, "award", _failed_boths_chop)),
    Mutant("auction-failed-boths-best-high", "auction", RuleId("auction.award.carry"),
           "when every 'both' declarer fails, the best high among them takes the pot",
           lambda: around(auction_award, "award", _failed_boths_best_high)),
    Mutant("auction-net-without-bids", "auction", RuleId("auction.award.net"),
           "the net result subtracts the ante and the bets but not the bids",
           lambda: around(auction_engine, "_ended", _bids_not_counted)),
    Mutant("stud-ante-doubled", "stud", RuleId("stud.bringin.ante"),
           "every player antes two chips instead of one",
           lambda: rules_changed(StudRules, lambda r: unchecked(r, ante=Chips(2)))),
    Mutant("stud-four-raises", "stud", RuleId("stud.streets.cap"),
           "a betting round allows four raises: the cap is one off",
           lambda: rules_changed(StudRules, lambda r: replace(r, raises=4))),
    Mutant("stud-two-raises", "stud", RuleId("stud.streets.cap"),
           "a betting round allows two raises, the bet and two raises of a house cap",
           lambda: rules_changed(StudRules, lambda r: replace(r, raises=2))),
    Mutant("stud-dealt-from-the-button", "stud", RuleId("stud.deal.order"),
           "the deal starts with the button instead of the seat on its left",
           lambda: around(stud_deal, "deal_third_street", _dealt_from_the_button)),
    Mutant("stud-no-burn", "stud", RuleId("stud.streets.burn"),
           "no card is burnt before fourth, fifth and sixth street",
           lambda: around(stud_streets, "deal_street", _no_burn)),
    Mutant("stud-training-bring-in-two", "stud", RuleId("stud.profile.training"),
           "under stud-fl-training the bring-in is the full small bet of 2",
           lambda: rules_changed(StudRules, lambda r: unchecked(r, bring_in=Chips(2)), "stud-fl-training")),
    Mutant("stud-aggressor-shows-first", "stud", RuleId("stud.showdown.order"),
           "the last aggressor shows first, not the best board (the other common house rule)",
           lambda: rules_changed(StudRules, lambda r: replace(r, show_order=ShowOrder.LAST_AGGRESSOR),
                                 "stud-fl-training")),
    Mutant("stud-skip-last-burn-profile-burns", "stud", RuleId("stud.profile.skip-last-burn"),
           "under stud-skip-last-burn a short stub still goes straight to a common card",
           lambda: rules_changed(StudRules, lambda r: replace(r, running_out=RunningOut.COMMON_CARD),
                                 "stud-skip-last-burn")),
    Mutant("stud-short-all-in-reopens", "stud", RuleId("stud.allin.reopen"),
           "an all-in raise reopens the betting and counts toward the cap however short it is",
           lambda: around(stud_allin, "is_full_bet", lambda full: lambda increment, bet: increment > 0)),
    Mutant("stud-half-bet-does-not-reopen", "stud", RuleId("stud.allin.reopen"),
           "only an all-in of a whole bet reopens the betting: half a bet does not (the no-limit rule)",
           lambda: around(stud_allin, "is_full_bet", lambda full: lambda increment, bet: increment >= bet)),
    Mutant("stud-betting-goes-on", "stud", RuleId("stud.allin.runout"),
           "betting goes on while one player still has chips, though nobody can call him",
           lambda: around(stud_allin, "betting_over",
                          lambda over: lambda live, stacks: not any(stacks[s] > 0 for s in live))),
    Mutant("stud-bring-in-ace-low", "stud", RuleId("stud.bringin.lowest"),
           "the ace counts low when finding the bring-in (core.bringin.order)",
           lambda: around(exposed, "bring_in_card", _ace_low_bring_in)),
    Mutant("stud-bring-in-may-fold", "stud", RuleId("stud.bringin.forced"),
           "the bring-in may fold instead of posting",
           _bring_in_may_fold),
    Mutant("stud-completion-raises", "stud", RuleId("stud.bringin.respond"),
           "completing the bring-in counts as a raise as well as the bet",
           lambda: around(stud_streets, "bet", _completion_raises)),
    Mutant("stud-odd-chip-last-shown", "stud", RuleId("stud.showdown.odd-chip"),
           "the odd chip goes to the tied player who showed last",
           lambda: around(stud_showdown, "_odd_chip_priority", _last_shown)),
    Mutant("stud-no-common-card", "stud", RuleId("stud.runout.common"),
           "a short stub deals no seventh card at all instead of a common card",
           lambda: around(stud_runout, "deal_seventh", _no_common_card)),
    Mutant("stud-big-bet-on-fourth", "stud", RuleId("stud.streets.limits"),
           "the big bet starts on fourth street",
           lambda: around(stud_streets, "bet_size", _big_bet_from_fourth)),
    Mutant("stud-worst-board-opens", "stud", RuleId("stud.streets.first-actor"),
           "the worst exposed hand opens fourth to seventh street",
           lambda: around(stud_streets, "first_actor", _worst_board_opens)),
    Mutant("stud-suit-profile-shown-first", "stud", RuleId("stud.profile.odd-chip-suit"),
           "under stud-odd-chip-suit the odd chip still goes to the tied player who showed first",
           lambda: rules_changed(StudRules, lambda r: replace(r, odd_chip_order=OddChipOrder.SHOWN_FIRST),
                                 "stud-odd-chip-suit")),
    Mutant("stud-aggressor-profile-best-board", "stud", RuleId("stud.profile.last-aggressor"),
           "under stud-last-aggressor the best board still shows first",
           lambda: rules_changed(StudRules, lambda r: replace(r, show_order=ShowOrder.BEST_BOARD),
                                 "stud-last-aggressor")),
    Mutant("stud-reshuffle-profile-common-card", "stud", RuleId("stud.profile.reshuffle-burns"),
           "under stud-reshuffle-burns a short stub goes straight to a common card",
           lambda: rules_changed(StudRules, lambda r: replace(r, running_out=RunningOut.COMMON_CARD),
                                 "stud-reshuffle-burns")),
    Mutant("stud-muck-any-time", "stud", RuleId("stud.showdown.muck"),
           "once a hand is shown anyone may muck, even the last player claiming a pot",
           lambda: around(stud_showdown, "may_muck", _muck_any_time)),
    Mutant("stud-seven-players", "stud", RuleId("stud.deal.players"),
           "at most seven players sit down, lest the deck run short (STUD-15)",
           lambda: mock.patch.object(stud_deal, "MAX_SEATS", 7)),
    Mutant("stud-empty-seat-dealt-in", "stud", RuleId("stud.deal.players"),
           "a seat with no chips is dealt in, all-in from the start, instead of being refused",
           lambda: around(stud_deal, "check_table", _no_empty_stacks)),
    Mutant("stud-short-bring-in-skipped", "stud", RuleId("stud.bringin.short"),
           "a player who cannot cover the bring-in does not bring in: the next lowest upcard does",
           lambda: around(StudGame, "start", _short_bring_in_skipped)),
    Mutant("stud-short-bring-in-no-all-in-open", "stud", RuleId("stud.bringin.short"),
           "a bring-in player short of a full bet may only post the bring-in, not open for all his chips",
           lambda: around(stud_bringin, "bring_in_options", _bring_in_only)),
    Mutant("stud-bring-in-option", "stud", RuleId("stud.bringin.close"),
           "when everyone only called, the bring-in acts again and may complete, like a big blind's option",
           lambda: around(stud_bringin, "post_bring_in", _bring_in_option)),
    Mutant("stud-sixth-street-face-down", "stud", RuleId("stud.streets.cards"),
           "sixth street is dealt face down instead of up",
           lambda: around(stud_streets, "deal_street", _street_turned(6, face_up=False))),
    Mutant("stud-seventh-street-face-up", "stud", RuleId("stud.streets.cards"),
           "seventh street is dealt face up instead of down",
           lambda: around(stud_streets, "deal_street", _street_turned(7, face_up=True))),
    Mutant("stud-streets-dealt-from-the-button", "stud", RuleId("stud.streets.cards"),
           "fourth to seventh street are dealt starting with the button instead of the seat on its left",
           lambda: around(stud_streets, "dealing_order", _button_first)),
    Mutant("stud-no-fold-when-checked-to", "stud", RuleId("stud.streets.actions"),
           "a player with nothing to call may not fold (STUD-6)",
           lambda: around(stud_streets, "betting_options", _listing_without(_fold_with_nothing_to_call))),
    Mutant("stud-no-check-raise", "stud", RuleId("stud.streets.actions"),
           "a player who has checked may not raise later in the round, only call or fold",
           _stud_no_check_raise),
    Mutant("stud-round-closes-unmatched", "stud", RuleId("stud.streets.close"),
           "the round ends once all have acted since the last full bet, though a short all-in raised it",
           lambda: around(stud_streets, "next_to_act", _matching_ignored)),
    Mutant("stud-all-in-asked-to-act", "stud", RuleId("stud.streets.close"),
           "a player who is all-in is not skipped: he is given a turn to check",
           lambda: around(stud_streets, "next_to_act", _all_in_asked)),
    Mutant("stud-common-card-on-boards", "stud", RuleId("stud.runout.opener"),
           "the common card joins every board, so seventh street is opened by the best five-card board",
           lambda: around(stud_streets, "deal_street", _common_card_on_boards)),
    Mutant("stud-common-card-left-of-button-opens", "stud", RuleId("stud.runout.opener"),
           "with a common card nobody has a board, so the first player from the button's left opens",
           lambda: around(stud_streets, "first_actor", _left_of_button_opens)),
    Mutant("stud-no-all-in-call", "stud", RuleId("stud.allin.short"),
           "a player who cannot match a bet in full must fold: he may not call all-in for less",
           lambda: around(stud_streets, "betting_options", _listing_without(_short_call))),
    Mutant("stud-no-short-all-in-raise", "stud", RuleId("stud.allin.short"),
           "a player short of a full bet or raise may not bet or raise all-in for less",
           lambda: around(stud_streets, "betting_options", _listing_without(_short_raise))),
    Mutant("stud-raise-into-all-ins", "stud", RuleId("stud.allin.short"),
           "a player may bet or raise when every other player still in is all-in (STUD-18)",
           lambda: mock.patch.object(StudState, "others_can_bet", lambda self, seat: True)),
    Mutant("stud-pot-at-every-level", "stud", RuleId("stud.allin.pots"),
           "a pot closes at every player's total, a folded player's included, not only at those still in",
           lambda: around(stud_allin, "build_pots", _every_level, everywhere=False)),
    Mutant("stud-common-card-left-out", "stud", RuleId("stud.showdown.award"),
           "the common card is nobody's: each hand is the best five of the player's six own cards",
           lambda: around(stud_showdown, "award", _common_card_left_out)),
    Mutant("stud-uncontested-shown-down", "stud", RuleId("stud.showdown.uncontested"),
           "the last player left must still show his hand at a showdown before he takes the pot",
           lambda: around(stud_engine, "_after_action", _uncontested_shown)),
    Mutant("stud-uncalled-bet-won", "stud", RuleId("stud.showdown.uncontested"),
           "the last player's uncalled bet is won with the pot instead of coming back to him",
           lambda: around(stud_showdown, "uncontested", _uncalled_won)),
    Mutant("stud-stakes-ignored", "stud", RuleId("stud.profile.stakes"),
           "a hand's own stakes are ignored: every hand is played at the profile's amounts",
           lambda: around(reference_engine, "_with_stakes", lambda given: lambda game, rules, raw: rules)),
    Mutant("stud-completion-to-twice-the-bring-in", "stud", RuleId("stud.profile.stakes"),
           "a completion goes to twice the bring-in (the small bet only at the training stakes)",
           lambda: around(stud_streets, "raise_target", _completion_doubles)),
)


# --- running ---------------------------------------------------------------------------------


@dataclass(slots=True)
class Finding:
    """What one run of the suite found: the required cases that failed or errored."""

    mutant: Mutant | None
    runs: int = 0
    failures: list[Result] = field(default_factory=list)
    perft: str | None = None
    """The first published perft position whose counts differ under the mutant (``perft_kill``)."""

    @property
    def killed(self) -> bool:
        """Killed by a language-neutral artefact: a required case, or the perft tables."""
        return bool(self.failures) or self.perft is not None

    @property
    def killed_by(self) -> tuple[str, ...]:
        """The artefacts that kill the mutant: ``cases``, ``perft``, both or neither."""
        return (("cases",) if self.failures else ()) + (("perft",) if self.perft is not None else ())

    @property
    def pinned(self) -> bool:
        """A failing case pins the very rule the mutant breaks."""
        return self.mutant is not None and any(self.mutant.rule in r.rules for r in self.failures)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"runs": self.runs, "killed": self.killed, "pinned": self.pinned,
                                  "artefacts": list(self.killed_by), "perft": self.perft,
                                  "killed_by": [_brief(r) for r in self.failures]}
        if self.mutant is not None:
            out = {"mutant": self.mutant.name, "game": self.mutant.game, "rule": self.mutant.rule,
                   "wrong": self.mutant.wrong, **out}
        return out


def _brief(result: Result) -> dict[str, object]:
    return {"case": result.case, "profile": result.profile, "rules": list(result.rules),
            "verdict": result.verdict.value, "step": result.step, "message": result.message[:200]}


class Hang(Exception):
    """A mutant ran past ``TIME_LIMIT``: a hand that never ends counts as caught."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``Hang`` if the block runs longer than ``seconds`` (SIGALRM, main thread only)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def suite() -> list[Planned]:
    """Every case under every profile it lists; a bad case file is an error, not a skip."""
    cases, bad = load_cases()
    if bad:
        raise ValueError(f"bad case file {bad[0].path}: {bad[0].field}: {bad[0].message}")
    return plan(cases, Selection())


def _grade(case: Case, engine: ReferenceEngine, profile: str | None) -> Result:
    try:
        return grade(case, engine, profile)
    except Hang:
        raise
    except Exception as exc:  # a mutant may crash the engine: the suite reports that as an error
        return Result(case.id, profile, Verdict.ERROR, case.rules, case.required,
                      message=f"engine crashed: {type(exc).__name__}: {exc}")


def check(mutant: Mutant | None, items: Sequence[Planned], first_only: bool = False) -> Finding:
    """Run ``items`` on the reference with ``mutant`` applied (None: unpatched); with
    ``first_only`` stop at the first required failure."""
    found = Finding(mutant)
    engine = ReferenceEngine()
    hello = handshake(engine)
    with mutant.patch() if mutant is not None else nullcontext(), time_limit(TIME_LIMIT):
        try:
            for item in items:
                if not item.case.required or unsupported(item, hello) is not None:
                    continue
                found.runs += 1
                result = _grade(item.case, engine, item.profile)
                if result.verdict in (Verdict.FAIL, Verdict.ERROR):
                    found.failures.append(result)
                    if first_only:
                        break
        except Hang as exc:
            found.failures.append(Result("(whole suite)", None, Verdict.ERROR, (), True, message=str(exc)))
    return found


def perft_kill(mutant: Mutant) -> str | None:
    """The first standard position whose counts at its checked depth, walked on the reference
    under ``mutant``, differ from the published tables (or whose walk crashes or hangs); None
    when the tables do not notice the mutant. A mutant of one game's rules is walked on that
    game's positions only: the others do not run its code, so their counts cannot differ."""
    published = read_tables()
    with mutant.patch():
        for name, position in positions().items():
            if mutant.game != "core" and position.game != mutant.game:
                continue
            try:
                with time_limit(TIME_LIMIT):
                    got = ReferenceTree(position).counts((), position.depth)
            except Exception:  # a crash or a Hang: the tables cannot be reproduced
                return name
            if not got.same(published[name].truncated(position.depth)):
                return name
    return None


RECORD = "conformance/misreadings/killed.json"
"""Each mutant with the first case and the first perft position that kill it (``--record``)."""
WAIVED = "conformance/misreadings/waived.json"
"""Rules that no wrong implementation can misread in play, each with the reason (hand-written)."""


def checkout_file(path: str) -> Path:
    """``path`` in the source checkout the package runs from (the records are not package data)."""
    root = source_checkout()
    if root is None:
        raise FileNotFoundError(f"{path} is read from a source checkout; run this in a clone")
    return root / path


def record(findings: Sequence[Finding], kept: Mapping[str, Mapping[str, str | None]]) -> str:
    """The text of ``RECORD``: every mutant, its rule, what it gets wrong and its killers, from
    ``findings`` or else (a run of some mutants only) as ``kept`` from the record before."""
    found = {v.mutant.name: v for v in findings if v.mutant is not None}
    entries: dict[str, object] = {}
    for m in MUTANTS:
        if m.name not in found:
            if m.name in kept:
                entries[m.name] = dict(kept[m.name])
            continue
        v = found[m.name]
        assert v.mutant is not None
        entries[v.mutant.name] = {"rule": v.mutant.rule, "wrong": v.mutant.wrong,
                                  "case": v.failures[0].case if v.failures else None, "perft": v.perft}
    about = ("Generated by python -m pokerspec.regress.mutants --record: each misreading of a rule, "
             "the first required case and the first perft position (conformance/perft/tables.json) "
             "that fail on it; null where that artefact does not notice it.")
    return json.dumps({"about": about, "mutants": entries}, indent=2, ensure_ascii=False) + "\n"


def recorded() -> dict[str, dict[str, str | None]]:
    """``RECORD`` as written: mutant name to its rule, first killing case and perft position."""
    raw = json.loads(checkout_file(RECORD).read_text(encoding="utf-8"))["mutants"]
    return {str(name): {str(k): (None if v is None else str(v)) for k, v in entry.items()}
            for name, entry in raw.items()}


def waived() -> dict[RuleId, str]:
    """``WAIVED``: each rule no misreading can break in play, with the reason."""
    raw = json.loads(checkout_file(WAIVED).read_text(encoding="utf-8"))
    return {RuleId(k): str(v) for k, v in raw.items() if k != "about"}


def judge(mutant: Mutant, items: Sequence[Planned]) -> Finding:
    """``check`` with every case, then ``perft_kill``: everything known about one mutant."""
    found = check(mutant, items)
    found.perft = perft_kill(mutant)
    return found


_ITEMS: list[Sequence[Planned]] = []
"""The suite a worker process of ``judge_all`` inherits from its parent (fork)."""


def _judge_by_name(name: str) -> tuple[int, list[Result], str | None]:
    found = judge(next(m for m in MUTANTS if m.name == name), _ITEMS[0])
    return found.runs, found.failures, found.perft


def judge_all(mutants: Sequence[Mutant], items: Sequence[Planned], jobs: int = 1) -> list[Finding]:
    """``judge`` every mutant, in ``jobs`` forked processes at once (a patch is not picklable, so
    a worker is sent the mutant's name and answers with what it found)."""
    if jobs <= 1 or len(mutants) <= 1:
        return [judge(m, items) for m in mutants]
    _ITEMS[:] = [items]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        answers = pool.map(_judge_by_name, [m.name for m in mutants], chunksize=1)
    return [Finding(m, runs, failures, perft)
            for m, (runs, failures, perft) in zip(mutants, answers, strict=True)]


def covered_by(findings: Sequence[Finding]) -> dict[str, list[str]]:
    """Each profile with the mutants that a case run under it kills: a profile no mutant is
    killed under (a new one, say) is not covered by the mutation check."""
    out: dict[str, list[str]] = {name: [] for name in sorted(all_profiles())}
    for finding in findings:
        for profile in dict.fromkeys(r.profile for r in finding.failures if r.profile):
            if finding.mutant is not None and profile in out:
                out[profile].append(finding.mutant.name)
    return out


def first_cover(profile: str, items: Sequence[Planned]) -> str | None:
    """The first mutant a case run under ``profile`` kills, trying those that break one of the
    profile's changes first, then the rest of its game's: a quick ``covered_by`` for one profile."""
    chosen = all_profiles()[profile]
    mine = [i for i in items if i.profile == profile]
    candidates = sorted((m for m in MUTANTS if m.game == chosen.game and not m.gap),
                        key=lambda m: m.rule not in chosen.changes)
    return next((m.name for m in candidates if check(m, mine, first_only=True).killed), None)


def markdown(findings: Sequence[Finding]) -> str:
    """docs/maintainers/mutants.md: each mutant, the rule it breaks and the cases that kill it."""
    killed = [v for v in findings if v.killed]
    return page(len(findings), len(killed), sum(v.pinned for v in killed), [row(v) for v in findings])


def page(mutants: int, killed: int, pinned: int, rows: Sequence[str]) -> str:
    """The page around its ``rows`` (``row``), with the result counted."""
    lines = [
        "# Mutation check",
        "",
        "Does the conformance suite notice when a rule is wrong? Each mutant below is the reference",
        "implementation with exactly one rule deliberately broken, patched in memory for the run",
        "(`reference/pokerspec/regress/mutants.py`; the source files are never changed). A rule of",
        "the [engine contract](../spec/core/08-contract.md) (phases, observables, outcome keys, the",
        "order of rejection reasons) is broken where the reference engine reports it, in its replies,",
        "since that is where an engine misreads it. Every",
        "case runs against each mutant under every profile it lists. A mutant is **killed** when at",
        "least one required case fails or errors, or when the published perft tables",
        "(`conformance/perft/tables.json`, every position walked to its checked depth) no longer",
        "match; it is *pinned* when one of the failing cases lists the very rule that was broken, so",
        "a failure report points at the right rule. Only these language-neutral artefacts count: a",
        "Python unit test, which an outside engine never runs, kills nothing here. The *killed by*",
        "column names them; `--record` writes the same to `conformance/misreadings/killed.json`,",
        "which `pokerspec coverage` reads (see [coverage](coverage.md)).",
        "",
        "This catalogue breaks named rules by hand. [Mutation testing](mutation.md) measures the same",
        "suite with a mutation-testing tool (cosmic-ray) over every line of the rules modules, and",
        "lists each mutant the cases do not kill with the case that now kills it or why it is",
        "equivalent.",
        "",
        f"**Result: {mutants} mutants, {killed} killed ({pinned} of them pinned), "
        f"{mutants - killed} survived.** A survivor is a rule the cases do not pin yet;",
        "its row names the case that is missing.",
        "",
        "## Running it",
        "",
        "```",
        "python -m pokerspec.regress.mutants              # every mutant, killed or SURVIVED",
        "python -m pokerspec.regress.mutants --mutant core-no-wheel --json",
        "python -m pokerspec.regress.mutants --markdown > docs/maintainers/mutants.md",
        "python -m pokerspec.regress.mutants --record   # conformance/misreadings/killed.json",
        "```",
        "",
        "The command first checks that the unpatched reference passes every required case, and exits",
        "with status 1 when it does not or when any mutant survives.",
        "`conformance/suites/runner/test_runner_mutation_catalogue.py` kills every mutant with only",
        "the cases that pin its rule (and so with the whole suite); a mutant with a known gap is",
        "expected to survive (strict xfail), so writing the missing case turns that test red until",
        "the gap note is removed. The same test checks that this page lists every mutant; the case",
        "lists below are as generated and change when cases are added.",
        "",
        "## Adding a mutant",
        "",
        "Add a `Mutant` to `MUTANTS`: a name (`<game>-<what goes wrong>`), the rule ID it breaks, one",
        "line saying what it does instead, and a patch — `replaced(module, name, new)` swaps a",
        "function everywhere it was imported, `rules_changed(RulesType, change, profile)` alters a",
        "profile's frozen rules, `ranking(...)` also rebuilds the evaluation tables. Then regenerate",
        "this page.",
        "",
        "## The mutants",
        "",
        "| mutant | rule broken | what it does wrong | result | killed by | first perft position "
        "that differs | failing cases that pin the rule | other failing cases |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
    ]
    return "\n".join(lines) + "\n"


def row(v: Finding) -> str:
    """One mutant's row of the page: its rule, what it gets wrong, the result and its killers."""
    assert v.mutant is not None
    result = ("killed, pinned" if v.pinned else "killed") if v.killed else "**SURVIVED**"
    killers = ", ".join(v.killed_by) or "-"
    perft = f"`{v.perft}`" if v.perft else "-"
    if v.mutant.gap:
        result += f" (known gap: {v.mutant.gap})"
    own = sorted({r.case for r in v.failures if v.mutant.rule in r.rules})
    others = len({r.case for r in v.failures} - set(own))
    return (f"| `{v.mutant.name}` | `{v.mutant.rule}` | {v.mutant.wrong} | {result} | {killers} "
            f"| {perft} | {', '.join(f'`{c}`' for c in own) or '-'} | {others} |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pokerspec.regress.mutants", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mutant", action="append", default=[], help="only this mutant (repeatable)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--markdown", action="store_true", help="print docs/maintainers/mutants.md")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--jobs", type=int, default=1,
                        help="mutants checked at once, each in its own process")
    parser.add_argument("--record", action="store_true",
                        help=f"write {RECORD} (with --mutant: update only those mutants' entries)")
    args = parser.parse_args(argv)
    names = {m.name for m in MUTANTS}
    unknown = sorted(set(args.mutant) - names)
    if unknown:
        parser.error(f"unknown mutant(s) {', '.join(unknown)}; known: {', '.join(sorted(names))}")
    chosen = [m for m in MUTANTS if not args.mutant or m.name in args.mutant]
    if args.list:
        for m in chosen:
            print(f"{m.name:36} {m.rule:28} {m.wrong}")
        return 0
    items = suite()
    sane = check(None, items)
    findings = judge_all(chosen, items, args.jobs)
    if args.record:
        path = checkout_file(RECORD)
        kept = recorded() if args.mutant and path.exists() else {}
        path.write_text(record(findings, kept), encoding="utf-8")
    if args.markdown:
        print(markdown(findings), end="")
    elif args.json:
        print(json.dumps({"mutant": None, **sane.to_json()}))
        for v in findings:
            print(json.dumps(v.to_json()))
    else:
        print(f"unpatched reference: {sane.runs} required case runs, "
              + ("all pass" if not sane.killed else f"{len(sane.failures)} FAIL"))
        for r in sane.failures[:SHOWN]:
            print(f"    {r.case} [{r.profile}] {r.message[:120]}")
        for v in findings:
            assert v.mutant is not None
            state = ("killed, pinned" if v.pinned else "killed, NOT pinned") if v.killed else "SURVIVED"
            print(f"{v.mutant.name:36} {state:18} {len(v.failures):3} failing  ({v.mutant.rule}; "
                  f"killed by {' and '.join(v.killed_by) or 'nothing'}"
                  + (f", perft {v.perft}" if v.perft else "") + ")")
            if v.mutant.gap and not v.killed:
                print(f"    known gap: {v.mutant.gap}")
            for r in v.failures[:SHOWN]:
                print(f"    {r.case} [{r.profile or '-'}] {', '.join(r.rules)}: {r.message[:100]}")
    survived = [v for v in findings if not v.killed]
    uncovered = [p for p, killers in covered_by(findings).items() if not killers] if not args.mutant else []
    if not args.json and not args.markdown:
        for profile, killers in covered_by(findings).items():
            print(f"profile {profile:24} killed under it: {len(killers)} mutant(s)")
        for profile in uncovered:
            changes = ", ".join(all_profiles()[profile].changes) or "its game's rules"
            print(f"    NOT COVERED: no mutant is killed by a case run under {profile}; add a mutant that "
                  f"breaks {changes} under it, and cases listing it")
    return 1 if survived or sane.killed or uncovered else 0


if __name__ == "__main__":
    sys.exit(main())
