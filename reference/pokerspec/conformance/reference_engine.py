"""The reference implementation behind the engine protocol: the suite's self-test.

The reference is graded through exactly the interface any third-party engine uses, so "the
reference passes" and "an engine passes" mean the same thing.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import NamedTuple, cast

from pokerspec import __version__
from pokerspec.auction.setup import AuctionRules
from pokerspec.conformance.protocol import PROTOCOL_MINOR, PROTOCOL_VERSION, Message
from pokerspec.core.actions import Action, ActionError, format_action, parse_action
from pokerspec.core.cards import Card, CardError, format_card, parse_cards
from pokerspec.core.chips import OddChipRule, build_pots, high_low_halves, split
from pokerspec.core.deck import complete_deck
from pokerspec.core.exposed import bring_in_card, exposed_rank
from pokerspec.core.game import Game, Json, Legal, Outcome, Setup, SetupError, ShowdownSetup
from pokerspec.core.high import category_of, high_rank
from pokerspec.core.low import low_rank, low_rank5, qualifies_eight
from pokerspec.core.types import Chips, Seat, seat_name, seat_names
from pokerspec.profiles import GAMES, UnknownProfile, all_profiles, get_profile
from pokerspec.stud.deal import MAX_SEATS, MIN_SEATS
from pokerspec.stud.profiles import StakesError, StudRules, stakes_from_json

RANKINGS = ("high", "low-a5", "low-8", "exposed", "bring-in")
OBSERVABLES = (
    "phase", "pot", "stacks", "round_bets", "contributed", "exposed", "hands", "row", "common",
    "folded", "stub", "bids", "pick_order", "declarations", "drawn", "sitting_out",
)


@cache
def game_module(game: str) -> Game[object, object]:
    return cast(Game[object, object], importlib.import_module(f"pokerspec.{game}").GAME)


class BadRequest(ValueError):
    """A request the engine cannot read: a missing field, or a field of the wrong shape. Every
    such request is refused by an explicit check (``bad_request``); the reference never answers
    from an exception it did not raise on purpose."""


def _field(message: Mapping[str, Json], key: str) -> Json:
    """A field the request must carry; missing, it is ``bad_request``."""
    if key not in message:
        raise BadRequest(f"missing field {key!r}")
    return message[key]


_SEAT_NAME = re.compile(r"p[1-9][0-9]*")


def _seat(value: Json, code: str = "bad_request") -> Seat:
    """A seat written exactly as the notation writes it, ``p1``, ``p2``, ... (``core.notation.seats``,
    CORE-87): ``P1``, `` p1`` or ``p01`` is not a seat, refused with ``code`` (``bad_seats`` in a
    setup, whose seats are the table's; ``bad_request`` in a core request)."""
    if not isinstance(value, str) or _SEAT_NAME.fullmatch(value) is None:
        if code == "bad_request":
            raise BadRequest(f"bad seat {value!r}: seats are written p1, p2, ...")
        raise SetupError(code, f"bad seat {value!r}: seats are written p1, p2, ...")
    return Seat(int(value[1:]) - 1)


def _seats(value: Json, code: str = "bad_request") -> list[Seat]:
    if not isinstance(value, list):
        raise BadRequest("expected a list of seats")
    return [_seat(v, code) for v in value]


def _object(value: Json, what: str) -> dict[str, Json]:
    if not isinstance(value, dict):
        raise BadRequest(f"{what} must be an object")
    return value


def _amount(value: Json, what: str) -> Chips:
    """An amount in a request, judged by its value (``core.contract.conventions``, CORE-71): a
    JSON number that is a whole number of at least 0 (``10``, ``10.0``, ``1e1``); anything else,
    a string included, is ``bad_amount``."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0 or value != int(value):
        raise SetupError("bad_amount", f"bad amount {value!r} for {what}")
    return Chips(int(value))


def _by_seat(value: Json, code: str = "bad_request") -> dict[Seat, Chips]:
    return {_seat(key, code): _amount(v, key) for key, v in _object(value, "an object by seat").items()}


def _seat_bounds(game: str, rules: object) -> tuple[int, int]:
    """The numbers of seats a game's table may have (``core.contract.setup``): Archie exactly 2,
    Auction the profile's 2 to 7, stud 2 to 8."""
    if isinstance(rules, AuctionRules):
        return rules.min_players, rules.max_players
    if game == "stud":
        return MIN_SEATS, MAX_SEATS
    return 2, 2


_BY_NAME = {format_card(Card(c)): Card(c) for c in range(52)}
"""Every card by its canonical name."""
LISTING_CACHE = 4096
"""Formatted legal listings and read actions kept (``ReferenceEngine.formatted``, ``parsed``)."""
_read_action = lru_cache(maxsize=LISTING_CACHE)(parse_action)
"""``parse_action`` remembered (``ReferenceEngine.parsed``): a C-level cache lookup costs a
fraction of a method's own dictionary and key tuple, and a refused text is not kept."""


def _cards(value: Json) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise BadRequest("expected a list of cards")
    try:
        cards = tuple(map(_BY_NAME.get, value))
    except TypeError:
        cards = (None,)
    if None in cards or len(set(cards)) != len(cards):
        return parse_cards([str(v) for v in value])
    return cast(tuple[Card, ...], cards)


def _error(code: str, message: str, **extra: Json) -> Message:
    err: dict[str, Json] = {"code": code, "message": message}
    err.update(extra)
    return {"error": err}


def rank_order(keys: Sequence[int], indexes: Sequence[int]) -> list[list[int]]:
    """Group hand indexes best first; equal keys tie."""
    groups: dict[int, list[int]] = {}
    for i in indexes:
        groups.setdefault(keys[i], []).append(i)
    return [groups[k] for k in sorted(groups, reverse=True)]


def bring_in_order(cards: Sequence[Card]) -> list[list[int]]:
    """Card indexes in the order they would bring in: ``bring_in_card`` picks the first, then the
    first of the rest, and so on (``core.bringin.order``)."""
    remaining = list(range(len(cards)))
    order: list[list[int]] = []
    while remaining:
        first = bring_in_card([cards[i] for i in remaining])
        order.append([i for i in remaining if cards[i] == first])
        remaining = [i for i in remaining if cards[i] != first]
    return order


class Formatted(NamedTuple):
    """A legal listing's actions as text: in listing order, sorted, and each action by its text."""

    actions: tuple[Action, ...]
    texts: list[str]
    ordered: list[str]
    by_text: dict[str, Action]


def _with_stakes(game: str, rules: object, raw: Json) -> object:
    """A stud profile's rules at the stakes a case sets (``stud.profile.stakes``); bad stakes are
    refused with the setup code ``bad_stakes``."""
    if game != "stud" or not isinstance(rules, StudRules):
        raise SetupError("unsupported", f"{game} has no stakes of its own in a case; only stud does")
    if not isinstance(raw, dict):
        raise BadRequest("stakes must be an object")
    try:
        return rules.with_stakes(stakes_from_json(raw))
    except StakesError as exc:
        raise SetupError("bad_stakes", str(exc)) from None


class ReferenceEngine:
    """The reference implementation as a protocol engine (in process, no serialisation)."""

    def __init__(self) -> None:
        self._game: Game[object, object] | None = None
        self._state: object | None = None
        self._seats = 0
        self._formatted: dict[int, Formatted] = {}
        self._texts: dict[int, tuple[Action, str]] = {}
        self._listed: dict[int, tuple[tuple[Action, ...], list[str]]] = {}
        """The texts of the listings ``legal`` answered, by the listing's identity (``_op_legal``)."""
        self._handlers: dict[str, Callable[[Mapping[str, Json]], Message]] = {
            name.removeprefix("_op_"): getattr(self, name) for name in dir(self) if name.startswith("_op_")}
        self._saved: list[object] = []
        """Positions kept by ``push`` (the branching capability)."""

    def close(self) -> None:
        self._state = None

    def handle(self, message: Mapping[str, Json]) -> Message:
        """Answer one request; whatever is wrong with it is an error reply: ``unknown_op`` for an
        op the protocol does not have, ``bad_request`` for a missing or malformed field. Only the
        refusals the reference makes on purpose are answered (a card, setup or request error,
        and the ``ValueError`` with which the library refuses what its rules do not allow); any
        other exception is a bug and is not dressed up as a reply."""
        op = message.get("op")
        handler = self._handlers.get(op) if isinstance(op, str) else None
        if handler is None:
            if "op" not in message:
                return _error("bad_request", "a request needs an op")
            return _error("unknown_op", f"unknown op {op!r}")
        try:
            return handler(message)
        except CardError as exc:
            return _error(exc.code, str(exc), token=exc.token)
        except SetupError as exc:
            return _error(exc.code, str(exc))
        except ValueError as exc:
            return _error("bad_request", f"{op}: {exc}")

    def _op_start(self, message: Mapping[str, Json]) -> Message:
        """Name the engine and what it supports. Ranking one high hand first builds the high
        ranking table (about a second, once per process), so that no case's reply pays for it;
        the low table is built on first use (0.1 s of CPU, docs/performance.md)."""
        high_rank(parse_cards("As Ks Qs Js 9s 2d 3c"))
        caps: list[Json] = ["notation", "split", "pots"]
        caps += [f"ranking:{r}" for r in RANKINGS]
        caps += [f"{kind}:{g}" for g in GAMES for kind in ("showdown", "hand")]
        caps += [f"observe:{key}" for key in OBSERVABLES]
        caps.append("stakes:stud")
        caps.append("snapshot")
        caps.append("branch")
        caps.append("probe")
        return {
            "protocol": PROTOCOL_VERSION,
            "minor": PROTOCOL_MINOR,
            "engine": {"name": "pokerspec-reference", "version": __version__},
            "games": list(GAMES),
            "profiles": sorted(all_profiles()),
            "capabilities": caps,
        }

    def _op_stop(self, message: Mapping[str, Json]) -> Message:
        self.close()
        return {"ok": True}

    def _op_parse(self, message: Mapping[str, Json]) -> Message:
        return {"cards": [format_card(c) for c in _cards(_field(message, "input"))]}

    def _op_rank(self, message: Mapping[str, Json]) -> Message:
        ranking = _field(message, "ranking")
        raw = _field(message, "hands")
        if not isinstance(raw, list):
            raise BadRequest("hands must be a list")
        # Every hand's cards are read before any count is judged; with faults of both kinds
        # either answer conforms (core.contract.core-ops, CORE-88).
        hands = [_cards(h) for h in raw]
        everyone = list(range(len(hands)))
        if ranking == "high":
            keys = [high_rank(h) for h in hands]
            return {"order": rank_order(keys, everyone),
                    "categories": [category_of(k).label for k in keys]}
        if ranking == "exposed":
            keys = [exposed_rank(h) for h in hands]
            return {"order": rank_order(keys, everyone),
                    "categories": [category_of(k).label for k in keys]}
        if ranking == "low-a5":
            return {"order": rank_order([int(low_rank(h)) for h in hands], everyone)}
        if ranking == "low-8":
            if any(len(h) != 5 for h in hands):
                raise ValueError("low-8 ranks five-card hands")
            qualifies = [qualifies_eight(h) for h in hands]
            low_keys = [int(low_rank5(h)) for h in hands]
            return {"order": rank_order(low_keys, [i for i in everyone if qualifies[i]]),
                    "qualifies": list(qualifies)}
        if ranking == "bring-in":
            if any(len(h) != 1 for h in hands):
                raise ValueError("bring-in ranks single cards")
            return {"order": bring_in_order([h[0] for h in hands])}
        raise ValueError(f"unknown ranking {ranking!r}")

    def _op_split(self, message: Mapping[str, Json]) -> Message:
        total = _amount(message.get("amount"), "the split")
        odd = message.get("odd_chip", OddChipRule.REMAINDER_TO_FIRST.value)
        if odd not in {r.value for r in OddChipRule}:
            raise BadRequest(f"unknown odd_chip rule {odd!r}")
        rule = OddChipRule(odd)
        shares: dict[Seat, int] = {}
        if "winners" in message and ("high" in message or "low" in message):
            raise BadRequest("a split names either winners or high and low, not both")
        if "winners" in message:
            shares.update(split(total, _seats(message["winners"]), rule))
        else:
            high_half, low_half = high_low_halves(total)
            for half, side in ((high_half, "high"), (low_half, "low")):
                for seat, chips in split(half, _seats(_field(message, side)), rule).items():
                    shares[seat] = shares.get(seat, 0) + chips
        return {"shares": {seat_name(s): c for s, c in sorted(shares.items())}}

    def _op_pots(self, message: Mapping[str, Json]) -> Message:
        folded = frozenset(_seats(message.get("folded", [])))
        pots, returned = build_pots(_by_seat(_field(message, "contributed")), folded)
        return {
            "pots": [{"amount": p.amount, "eligible": [seat_name(s) for s in p.eligible]} for p in pots],
            "returned": {seat_name(s): c for s, c in sorted(returned.items())},
        }

    def _rules(self, message: Mapping[str, Json]) -> tuple[Game[object, object], object]:
        game = _field(message, "game")
        if not isinstance(game, str) or game not in GAMES:
            raise BadRequest(f"unknown game {game!r}")
        try:
            profile = get_profile(str(_field(message, "profile")))
        except UnknownProfile as exc:
            raise BadRequest(str(exc.args[0])) from None
        if profile.game != game:
            raise BadRequest(f"profile {profile.name!r} is for {profile.game}, not {game}")
        return game_module(game), profile.rules

    def _op_showdown(self, message: Mapping[str, Json]) -> Message:
        """Award final hands on their own. The seats are those of a table (``core.contract.setup``,
        CORE-87): each written ``p1``..``pN``, none beyond ``seats``, whose number the game allows,
        else ``bad_seats``. The hands are one deal, read in seat order, ``p1`` first, whatever
        the order of the request's keys: the first token that is not a card, or repeats one, is
        the answer, as written."""
        game, rules = self._rules(message)
        raw = _object(_field(message, "setup"), "setup")
        hands_raw = _object(_field(raw, "hands"), "hands")
        declared = _object(raw.get("declarations", {}), "declarations")
        # In the contract's order (CORE-72): the amounts, then the seats, then the cards.
        paid = {key: _amount(v, key) for key, v in _object(_field(raw, "contributed"), "contributed").items()}
        carry = _amount(raw.get("carry", 0), "the carried pot")
        dealer = _seat(_field(raw, "dealer"), "bad_seats")
        contributed = {_seat(key, "bad_seats"): chips for key, chips in paid.items()}
        folded = frozenset(_seats(raw.get("folded", []), "bad_seats"))
        declarations = {_seat(k, "bad_seats"): str(v) for k, v in declared.items()}
        dealt = sorted((_seat(k, "bad_seats"), v) for k, v in hands_raw.items())
        named = (dealer, *(seat for seat, _ in dealt), *contributed, *folded, *declarations)
        seats = raw.get("seats")
        if seats is None:
            # Without seats, the table ends with the last seat named anywhere (core.contract.outcome).
            seats = max(named) + 1
        low, high = _seat_bounds(str(message["game"]), rules)
        if isinstance(seats, bool) or not isinstance(seats, int) or not low <= seats <= high \
                or max(named) >= seats:
            raise SetupError("bad_seats", f"{seats!r} seats: this game seats {low} to {high}, "
                                          "and every seat named is one of them")
        for _, tokens in dealt:
            if not isinstance(tokens, list):
                raise BadRequest("a hand is a list of cards")
        deal = iter(parse_cards([str(t) for _, tokens in dealt for t in cast(list[Json], tokens)]))
        hands = {seat: tuple(next(deal) for _ in cast(list[Json], tokens)) for seat, tokens in dealt}
        setup = ShowdownSetup(
            dealer=dealer,
            hands=hands,
            contributed=contributed,
            folded=folded,
            declarations=declarations,
            carry=carry,
            seats=seats,
        )
        return {"outcome": game.showdown(setup, rules).to_json()}

    def _op_new_hand(self, message: Mapping[str, Json]) -> Message:
        """Start a hand; a setup with several faults is refused for the first found, in the
        contract's order (``core.contract.setup``, CORE-72): amounts, seats and dealer, each
        seat's chips, stakes, cards."""
        game, rules = self._rules(message)
        raw = _object(_field(message, "setup"), "setup")
        if not isinstance(raw.get("stacks"), list):
            raise BadRequest("setup needs stacks, a list of amounts")
        listed = cast(list[Json], raw["stacks"])
        stacks = tuple(_amount(v, f"p{i + 1}") for i, v in enumerate(listed))
        carry = _amount(raw.get("carry", 0), "the carried pot")
        stakes = raw.get("stakes")
        if isinstance(stakes, dict):
            for key, value in stakes.items():
                _amount(value, f"the stake {key}")
        dealer = _seat(_field(raw, "dealer"), "bad_seats")
        try:
            # A setup without a deck lists no card: the whole deck is in ascending order (CORE-87).
            deck = complete_deck(_cards(raw.get("deck", [])))
            if stakes is not None:
                rules = _with_stakes(str(message["game"]), rules, stakes)
        except (CardError, SetupError):
            game.start(Setup(stacks, dealer, complete_deck(()), carry), rules)  # an earlier fault?
            raise
        self._game, self._seats = game, len(stacks)
        self._state = None
        self._saved.clear()
        self._state = game.start(Setup(stacks=stacks, dealer=dealer, deck=deck, carry=carry), rules)
        return {"ok": True}

    def _live(self) -> tuple[Game[object, object], object]:
        if self._game is None or self._state is None:
            raise BadRequest("no hand in progress: send new_hand first")
        return self._game, self._state

    # The hand in progress without the protocol's formatting, for in-process tools that drive
    # the reference many times a second (the fuzzer's oracle); the ops below go through them
    # (``act`` through ``parsed``, applying the action itself).

    @property
    def seats(self) -> int:
        """The number of seats of the hand in progress."""
        return self._seats

    @property
    def position(self) -> object:
        """The state of the hand in progress (immutable: keep it to come back with ``restore``)."""
        return self._live()[1]

    def restore(self, state: object) -> None:
        """Go back to a state ``position`` returned during this hand."""
        self._live()
        self._state = state

    def listing(self) -> Legal:
        """Who is to act and every legal action (``core.notation.legal``)."""
        game, state = self._live()
        return game.legal(state)

    def formatted(self, actions: tuple[Action, ...]) -> Formatted:
        """``actions`` formatted. The engines list the same action tuples, and the same actions in
        new tuples, over and over, so each is formatted once and found again by identity (kept
        in the cache with its text, so that no other object can take its identity)."""
        known = self._formatted.get(id(actions))
        if known is None or known.actions is not actions:
            if len(self._formatted) >= LISTING_CACHE:
                self._formatted.clear()
            texts = [self._text(a) for a in actions]
            known = Formatted(actions, texts, sorted(texts), dict(zip(texts, actions, strict=True)))
            self._formatted[id(actions)] = known
        return known

    def _text(self, action: Action) -> str:
        known = self._texts.get(id(action))
        if known is None or known[0] is not action:
            if len(self._texts) >= LISTING_CACHE:
                self._texts.clear()
            known = (action, format_action(action))
            self._texts[id(action)] = known
        return known[1]

    def parsed(self, text: str) -> Action:
        """``parse_action(text)`` at this table; the same few actions are sent again and again,
        and an ``Action`` is immutable, so each text is read once (``_read_action``)."""
        return _read_action(text, self._seats)

    def play(self, action: Action) -> ActionError | None:
        """Apply ``action``; the error if the rules reject it (the state is then unchanged). The
        error comes without its traceback: kept by a caller, the traceback's frames would hold
        that caller's frame and so the error itself, a reference cycle that keeps everything the
        caller holds (a fuzzed hand's plan) alive until the cyclic garbage collector runs."""
        game, state = self._live()
        try:
            self._state = game.apply(state, action)
        except ActionError as exc:
            return exc.with_traceback(None)
        return None

    def observation(self) -> Mapping[str, Json]:
        """The public observables (``core.notation.observables``) as the engine keeps them
        (``Game.observed``): read-only, for readers in process; the ``observe`` op hands out a
        copy the caller owns."""
        game, state = self._live()
        return game.observed(state)

    def result(self) -> Outcome | None:
        """The outcome once the hand is over, else None."""
        game, state = self._live()
        return game.outcome(state)

    def _op_legal(self, message: Mapping[str, Json]) -> Message:
        """Each action by its text (``_text``), kept for the listing tuple (the engines list the
        same tuples over and over); ``formatted``, which also sorts the listing and indexes it by
        text for the fuzzer, would redo that for every new listing tuple."""
        game, state = self._live()
        legal = game.legal(state)
        actions = legal.actions
        known = self._listed.get(id(actions))
        if known is None or known[0] is not actions:
            if len(self._listed) >= LISTING_CACHE:
                self._listed.clear()
            known = (actions, [self._text(a) for a in actions])
            self._listed[id(actions)] = known
        return {"to_act": seat_names(legal.to_act), "actions": list(known[1])}

    def _op_act(self, message: Mapping[str, Json]) -> Message:
        """``parsed`` then ``play`` in one step: the op most sent, so the hand is looked up once
        and a refusal, in reading or by the rules, is answered from one handler."""
        game, state = self._live()
        try:
            self._state = game.apply(state, _read_action(str(_field(message, "action")), self._seats))
        except ActionError as exc:
            return {"rejected": exc.reason.value, "message": str(exc)}
        return {"ok": True}

    def _op_observe(self, message: Mapping[str, Json]) -> Message:
        game, state = self._live()
        return {"observation": game.observe(state)}

    def _op_snapshot(self, message: Mapping[str, Json]) -> Message:
        """``legal`` and ``observe`` in one reply (protocol 1.1), each new: nothing in it is kept."""
        return {**self._op_legal(message), **self._op_observe(message)}

    def _op_push(self, message: Mapping[str, Json]) -> Message:
        """Keep the current position on a stack (the optional capability ``branch``)."""
        self._saved.append(self.position)
        return {"ok": True}

    def _op_pop(self, message: Mapping[str, Json]) -> Message:
        """Go back to the position last kept by ``push`` and drop it from the stack."""
        if not self._saved:
            raise BadRequest("pop without push: no position kept")
        self._live()
        self._state = self._saved.pop()
        return {"ok": True}

    def _op_outcome(self, message: Mapping[str, Json]) -> Message:
        outcome = self.result()
        return {"outcome": None if outcome is None else outcome.to_json()}

    def _op_probe(self, message: Mapping[str, Json]) -> Message:
        """What ``act`` would lead to, the hand left where it is (the optional capability
        ``probe``): ``legal`` and ``outcome`` of the position after the action, in one reply."""
        game, state = self._live()
        try:
            after = game.apply(state, self.parsed(str(_field(message, "action"))))
        except ActionError as exc:
            return {"rejected": exc.reason.value, "message": str(exc)}
        legal = game.legal(after)
        outcome = game.outcome(after)
        text = self._text
        return {"to_act": [seat_name(s) for s in legal.to_act], "actions": [text(a) for a in legal.actions],
                "outcome": None if outcome is None else outcome.to_json()}
