"""A seeded corpus of random legal hands, driven through any protocol engine.

Each hand starts from a random deck (``pokerspec.core.deck.shuffled``), a random table within
the game's limits and a random dealer, then plays random legal actions until the hand is over.
Everything follows from the seed, so the same seed gives the same hands on every machine.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import accumulate

from pokerspec.conformance.protocol import Engine, Message
from pokerspec.core.cards import Card, card_names, rank_of
from pokerspec.core.deck import shuffled
from pokerspec.core.game import Json
from pokerspec.profiles import get_profile


@dataclass(frozen=True, slots=True)
class TableLimits:
    """Seats and stacks a random hand may start from (the training profiles' table rules)."""

    min_seats: int
    max_seats: int
    min_stack: int
    max_stack: int


LIMITS: Mapping[str, TableLimits] = {
    "archie": TableLimits(2, 2, 48, 120),
    "auction": TableLimits(2, 7, 20, 60),
    "stud": TableLimits(2, 8, 3, 80),
}
"""Archie: two seats, 48 chips before a deal; Auction: 2-7 seats, 20 chips; Stud: 2-8 seats,
short stacks allowed so that all-ins and side pots occur."""

GROUPED_SHARE = 0.5
"""The share of random hands dealt from a deck grouped by rank (``grouped_by_rank``)."""

MAX_STEPS = 400
"""A hand that has not ended after this many actions is reported as an engine error."""

Chooser = Callable[[Engine, list[str]], str]
"""Picks one action from the sorted legal listing (may ask the engine to observe)."""


@dataclass(frozen=True, slots=True)
class HandSetup:
    """One corpus hand's starting point in case notation (stacks p1 first, dealer ``pN``)."""

    game: str
    profile: str
    label: str
    setup: Mapping[str, Json]
    seed: int


class CorpusError(RuntimeError):
    """The engine could not start or finish a random hand."""


def limits_for(profile: str) -> TableLimits:
    """The game's ``LIMITS``, narrowed by the profile's own rules where they name them: the
    chips a seat must hold before a deal (``reserve``) and the seat range (``min_players``,
    ``max_players``)."""
    chosen = get_profile(profile)
    limits = LIMITS[chosen.game]
    reserve = getattr(chosen.rules, "reserve", None)
    low = getattr(chosen.rules, "min_players", None)
    high = getattr(chosen.rules, "max_players", None)
    if isinstance(reserve, int):
        limits = replace(limits, min_stack=reserve, max_stack=max(limits.max_stack, 2 * reserve))
    if isinstance(low, int) and isinstance(high, int):
        limits = replace(limits, min_seats=low, max_seats=high)
    return limits


def grouped_by_rank(deck: tuple[Card, ...]) -> tuple[Card, ...]:
    """The same deck with the four cards of each rank together, ranks and suits in the order
    they first appear: players dealt from it often hold equal ranks."""
    groups: dict[int, list[Card]] = {}
    for card in deck:
        groups.setdefault(rank_of(card), []).append(card)
    return tuple(card for group in groups.values() for card in group)


def random_setup(limits: TableLimits, rng: random.Random) -> dict[str, Json]:
    """A random table: seats, stacks and dealer within ``limits``, and a shuffled deck — in
    ``GROUPED_SHARE`` of the hands grouped by rank, so that ties, split pots and odd chips,
    which a fully shuffled deck almost never deals, occur too."""
    seats = rng.randint(limits.min_seats, limits.max_seats)
    stacks: list[Json] = [rng.randint(limits.min_stack, limits.max_stack) for _ in range(seats)]
    dealer = rng.randrange(seats)
    deck = shuffled(rng)
    if rng.random() < GROUPED_SHARE:
        deck = grouped_by_rank(deck)
    return {"stacks": stacks, "dealer": f"p{dealer + 1}", "deck": card_names(deck)}


def corpus(game: str, profile: str, hands: int, seed: int, start: int = 0) -> Iterator[HandSetup]:
    """Random hands ``start`` to ``hands - 1`` for ``game`` under ``profile``, made one at a time so
    a long fuzz run holds one hand in memory; hand ``i`` depends only on ``seed`` and ``i``
    (``corpus_hand``), so a larger corpus extends a smaller one and any slice of a corpus can be
    played on its own."""
    limits = limits_for(profile)
    for i in range(start, hands):
        yield corpus_hand(game, profile, seed, i, limits)


def corpus_hand(game: str, profile: str, seed: int, i: int, limits: TableLimits | None = None) -> HandSetup:
    """Hand ``i`` of the corpus of ``seed``."""
    hand_seed = seed * 1_000_003 + i
    rng = random.Random(hand_seed)
    table = random_setup(limits or limits_for(profile), rng)
    return HandSetup(game, profile, f"corpus-{seed}-{i:04d}", table, hand_seed)


def own_cards(engine: Engine, seat: str) -> list[str]:
    """The cards ``seat`` holds, from the engine's ``hands`` observable (empty if not reported)."""
    observation = engine.handle({"op": "observe"}).get("observation")
    if not isinstance(observation, dict):
        return []
    hands = observation.get("hands")
    held = hands.get(seat) if isinstance(hands, dict) else None
    return [str(c) for c in held] if isinstance(held, list) else []


WEIGHT_CACHE = 4096
"""Listings whose choice weights ``_cumulative_weights`` keeps."""
_weights: dict[tuple[str, ...], list[int]] = {}


def _cumulative_weights(actions: list[str]) -> list[int]:
    """The running sums of the choice weights (a fold 1, anything else 4). The same few listings
    come back again and again, often as new lists (an Auction row, a sorted listing), so the
    sums are kept by the listing's text."""
    key = tuple(actions)
    known = _weights.get(key)
    if known is None:
        if len(_weights) >= WEIGHT_CACHE:
            _weights.clear()
        known = _weights[key] = list(accumulate(1 if a.split()[1] == "f" else 4 for a in actions))
    return known


def random_chooser(rng: random.Random) -> Chooser:
    """Choose uniformly among legal actions, folding less often so that showdowns occur;
    ``pN sd *`` becomes a random subset (0-5) of the seat's own cards."""

    def choose(engine: Engine, actions: list[str]) -> str:
        # rng.choices(actions, cum_weights=weights)[0], the same draw without its checks
        weights = _cumulative_weights(actions)
        action = actions[bisect(weights, rng.random() * (weights[-1] + 0.0), 0, len(actions) - 1)]
        if action.endswith(" *"):
            seat = action.split()[0]
            held = own_cards(engine, seat)
            drawn = rng.sample(held, rng.randint(0, min(5, len(held))))
            return " ".join([seat, "sd", *drawn])
        return action

    return choose


def passive_chooser(engine: Engine, actions: list[str]) -> str:
    """The simplest continuation: check or call when possible, stand pat on a draw, else the
    first listed action (used by the fuzz shrinker to finish a hand)."""
    for verb in ("cc", "sd", "sm"):
        for action in actions:
            words = action.split()
            if words[1] == verb:
                return " ".join(words[:2]) if verb == "sd" else action
    return actions[0]


def legal_actions(reply: Message) -> tuple[list[str], list[str]]:
    """``(to_act, actions)`` from a ``legal`` reply, both sorted for stable output."""
    to_act = reply.get("to_act")
    actions = reply.get("actions")
    if not isinstance(to_act, list) or not isinstance(actions, list):
        raise CorpusError(f"bad legal reply: {reply!r}")
    return sorted(str(s) for s in to_act), sorted(str(a) for a in actions)
