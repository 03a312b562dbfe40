"""A protocol adapter for PokerKit (``python:conformance/adapters/pokerkit_engine.py:PokerKit``).

What PokerKit offers that the suite can grade:

* ``ranking:high`` with ``StandardHighHand`` (best of five to seven cards), ``ranking:low-a5``
  with ``RegularLowHand`` (ace-to-five, straights and flushes ignored) and ``ranking:low-8``
  with ``EightOrBetterLowHand`` (a hand qualifies when PokerKit can form one);
* ``hand:stud`` under the default profile ``stud-fl-training`` with
  ``FixedLimitSevenCardStud`` (ante 1, bring-in 1, bets 2/4, or the case's own ``stakes``:
  ``stakes:stud``), with every observable; at the showdown PokerKit's ``showdown_index`` is the
  seat to act, with ``sm`` and ``mu`` as PokerKit allows them.

The adapter only translates. Seats: PokerKit has no button and deals from its player 0, so
PokerKit player ``i`` is our seat ``dealer + 1 + i``. The deck: PokerKit shuffles its own deck
at creation, so the adapter replaces it with the case's deck (top first) before anything is
dealt and lets PokerKit deal and burn from the top itself, by its own rules — including what it
does when the stub runs out (it reshuffles burnt and mucked cards into the stub, with Python's
global ``random``; the adapter seeds that shuffle with the case's deck for the length of each
request, so a rerun deals the same cards and the rest of the process keeps its own random
state). Cash-game
mode, so that PokerKit lets a player fold when not facing a bet, as the stud rules allow.
Rejections: an action that is not in PokerKit's own legal listing is rejected, and the reason
code is read from PokerKit's state (whose turn it is, whether the verb is possible at another
amount, the raise count, a pending bring-in). The outcome: ``net`` is PokerKit's final stacks
less the starting ones, ``received`` adds what each seat put in, ``pots`` are PokerKit's pots as
it pushed them (with who may win each read before the first show or muck, because PokerKit drops
a player who mucks from its pots while the spec keeps him eligible), ``common`` is empty
(PokerKit never turns a common card), and ``returned`` is what came back to a seat beyond its pot
shares.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from importlib.metadata import version
from typing import TYPE_CHECKING, cast

from pokerspec.conformance.protocol import PROTOCOL_VERSION, Message
from pokerspec.conformance.reference_engine import rank_order
from pokerspec.core.actions import ActionError, Verb, parse_action
from pokerspec.core.cards import format_cards, parse_cards
from pokerspec.core.deck import complete_deck
from pokerspec.core.game import Json
from pokerspec.core.types import Seat, parse_seat, seat_name
from pokerspec.profiles import get_profile
from pokerspec.stud.profiles import StakesError, StudRules, stakes_from_json

if TYPE_CHECKING:
    from pokerkit import Card as PKCard
    from pokerkit import CombinationHand, Hand, State

PROFILE = "stud-fl-training"
OBSERVABLES = ("phase", "pot", "stacks", "round_bets", "contributed", "hands", "exposed", "common", "folded",
               "stub")
HIGH_LABELS = {
    "High card": "high-card", "One pair": "one-pair", "Two pair": "two-pair",
    "Three of a kind": "three-of-a-kind", "Straight": "straight", "Flush": "flush",
    "Full house": "full-house", "Four of a kind": "four-of-a-kind", "Straight flush": "straight-flush",
}


def _error(code: str, message: str) -> Message:
    return {"error": {"code": code, "message": message}}


class PokerKit:
    """PokerKit behind the engine protocol."""

    def __init__(self) -> None:
        import pokerkit

        self._pk = pokerkit
        self._state: pokerkit.State | None = None
        self._seats = 0
        self._dealer = 0
        self._start: list[int] = []
        self._put_in: list[int] = []
        self._pots: list[tuple[int, tuple[int, ...]]] = []
        self._eligible: list[tuple[int, ...]] | None = None
        """Who may win each pot, read before the first show or muck: PokerKit drops a player who
        mucks from its pots, where the spec keeps him eligible (he only gives up his claim)."""
        self._pushed: list[tuple[int, ...]] = []
        self._folded: dict[int, tuple[list[str], list[str]]] = {}
        """The cards each folded player held (all, face up) when he folded: PokerKit forgets them."""
        self._shown: list[str] = []
        self._mucked: list[str] = []
        self._random = random.Random(0)
        """The state of PokerKit's reshuffles in this hand: seeded with the deck at ``new_hand``."""

    def close(self) -> None:
        self._state = None

    def handle(self, message: Mapping[str, Json]) -> Message:
        op = message.get("op")
        outside = random.getstate()
        random.setstate(self._random.getstate())
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if op == "start":
                    return self._hello()
                if op == "stop":
                    self.close()
                    return {"ok": True}
                if op == "rank":
                    return self._rank(message)
                if op == "new_hand":
                    return self._new_hand(message)
                if op in ("legal", "act", "observe", "outcome"):
                    if self._state is None:
                        return _error("bad_request", "no hand in progress")
                    if op == "legal":
                        return self._legal()
                    if op == "act":
                        return self._act(str(message.get("action", "")))
                    if op == "observe":
                        return {"observation": self._observe()}
                    return {"outcome": self._outcome()}
        except (ValueError, KeyError, TypeError) as exc:
            return _error("bad_request", str(exc))
        finally:
            self._random.setstate(random.getstate())
            random.setstate(outside)
        return _error("unsupported", f"PokerKit adapter does not support {op!r}")

    def _hello(self) -> Message:
        return {"protocol": PROTOCOL_VERSION,
                "engine": {"name": "pokerkit", "version": version("pokerkit")},
                "games": ["stud"], "profiles": [PROFILE],
                "capabilities": ["ranking:high", "ranking:low-a5", "ranking:low-8", "hand:stud",
                                 "stakes:stud", *(f"observe:{key}" for key in OBSERVABLES)]}

    # rankings

    def _cards(self, hand: Json) -> tuple[PKCard, ...]:
        if not isinstance(hand, list):
            raise ValueError("a hand is a list of cards")
        text = format_cards(parse_cards([str(c) for c in hand])).replace(" ", "")
        return tuple(self._pk.Card.parse(text))

    def _rank(self, message: Mapping[str, Json]) -> Message:
        ranking = str(message.get("ranking"))
        raw = message.get("hands")
        if not isinstance(raw, list):
            raise ValueError("hands must be a list")
        hands = [self._cards(h) for h in raw]
        kinds: dict[str, type[CombinationHand]] = {
            "high": self._pk.StandardHighHand,
            "low-a5": self._pk.RegularLowHand,
            "low-8": self._pk.EightOrBetterLowHand,
        }
        if ranking not in kinds:
            return _error("unsupported", f"PokerKit adapter has no {ranking!r} ranking")
        made: list[Hand | None] = []
        for cards in hands:
            try:
                made.append(kinds[ranking].from_game(cards))
            except ValueError:
                made.append(None)
        formed = [h for h in made if h is not None]
        keys = [-1 if h is None else sum(1 for other in formed if other < h) for h in made]
        if ranking == "low-8":
            return {"order": rank_order(keys, [i for i, h in enumerate(made) if h is not None]),
                    "qualifies": [h is not None for h in made]}
        reply: Message = {"order": rank_order(keys, range(len(keys)))}
        if ranking == "high":
            reply["categories"] = [None if h is None else HIGH_LABELS[str(h.entry.label.value)] for h in made]
        return reply

    # stud

    def _seat(self, index: int) -> Seat:
        return Seat((self._dealer + 1 + index) % self._seats)

    def _index(self, seat: Seat) -> int:
        return (seat - self._dealer - 1) % self._seats

    def _by_seat(self, values: Sequence[int]) -> dict[str, Json]:
        return {seat_name(Seat(s)): values[self._index(Seat(s))] for s in range(self._seats)}

    def _create(self, rules: StudRules) -> State:
        """PokerKit's fixed-limit stud state for the table being set up, at ``rules``' stakes."""
        a = self._pk.Automation
        return self._pk.FixedLimitSevenCardStud.create_state(
            (a.ANTE_POSTING, a.BET_COLLECTION, a.HAND_KILLING, a.CHIPS_PULLING),
            False, rules.ante, rules.bring_in, rules.small_bet, rules.big_bet, self._start, self._seats,
            mode=self._pk.Mode.CASH_GAME,
        )

    def _new_hand(self, message: Mapping[str, Json]) -> Message:
        if message.get("game") != "stud" or message.get("profile") != PROFILE:
            return _error("unsupported", f"PokerKit adapter plays only stud under {PROFILE}")
        rules = cast(StudRules, get_profile(PROFILE).rules)
        setup = message.get("setup")
        if not isinstance(setup, dict):
            raise ValueError("setup must be an object")
        stacks = [int(cast(int, s)) for s in cast(list[Json], setup["stacks"])]
        self._seats = len(stacks)
        try:
            self._dealer = parse_seat(str(setup["dealer"]), self._seats)
        except ValueError as exc:  # a dealer who is not at the table: a fault of the seats
            return _error("bad_seats", str(exc))
        deck = complete_deck(parse_cards([str(c) for c in cast(list[Json], setup.get("deck", []))]))
        self._start = [stacks[self._seat(i)] for i in range(self._seats)]
        # The contract checks the seats and their chips before the stakes (core.contract.setup):
        # with stakes out of bounds, PokerKit is still asked about the table, at the profile's.
        bad_stakes = None
        if "stakes" in setup:
            try:
                rules = rules.with_stakes(stakes_from_json(setup["stakes"]))
            except StakesError as exc:
                bad_stakes = exc
        try:
            state = self._create(rules)
        except ValueError as exc:  # PokerKit refuses the table itself: the players or their stacks
            return _error("bad_seats", str(exc))
        if bad_stakes is not None:
            return _error("bad_stakes", str(bad_stakes))
        pk = self._pk
        random.seed(format_cards(deck))
        state.deck_cards.clear()
        state.deck_cards.extend(pk.Card.parse(format_cards(deck).replace(" ", "")))
        self._state = state
        self._pots, self._pushed, self._folded, self._shown, self._mucked = [], [], {}, [], []
        self._eligible = None
        self._put_in = [self._start[i] - state.stacks[i] for i in range(self._seats)]
        self._advance()
        return {"ok": True}

    def _advance(self) -> None:
        """Let PokerKit burn, deal and push chips from the top of the case's deck until a player
        must act or the hand is over; note the pots just before they are pushed."""
        state = self._state
        assert state is not None
        while True:
            if state.can_burn_card():
                state.burn_card()
            elif state.can_deal_hole():
                state.deal_hole()
            elif state.can_push_chips():
                if not self._pushed:
                    eligible = self._eligible or [tuple(p.player_indices) for p in state.pots]
                    self._pots = [(p.amount, who) for p, who in zip(state.pots, eligible, strict=False)]
                self._pushed.append(tuple(state.push_chips().amounts))
            else:
                return

    def _legal_actions(self) -> list[str]:
        state = self._state
        assert state is not None
        i = self._to_act()
        if i is None:
            return []
        who = seat_name(self._seat(i))
        out: list[str] = []
        if state.actor_index is None:
            if state.can_show_or_muck_hole_cards(True):
                out.append(f"{who} sm")
            if state.can_show_or_muck_hole_cards(False):
                out.append(f"{who} mu")
            return out
        if state.can_post_bring_in():
            out.append(f"{who} pb {state.effective_bring_in_amount}")
        if state.can_fold():
            out.append(f"{who} f")
        if state.can_check_or_call():
            out.append(f"{who} cc {state.bets[i] + (state.checking_or_calling_amount or 0)}")
        if state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount or 0
            high = state.max_completion_betting_or_raising_to_amount or 0
            out += [f"{who} cbr {amount}" for amount in range(low, high + 1)]
        return out

    def _to_act(self) -> int | None:
        """PokerKit's player to act: a bettor, else the next to show or muck at the showdown."""
        state = self._state
        assert state is not None
        if state.actor_index is not None:
            return state.actor_index
        return state.showdown_index if state.can_show_or_muck_hole_cards() else None

    def _legal(self) -> Message:
        i = self._to_act()
        return {"to_act": [] if i is None else [seat_name(self._seat(i))], "actions": self._legal_actions()}

    def _act(self, text: str) -> Message:
        state = self._state
        assert state is not None
        try:
            action = parse_action(text, self._seats)
        except ActionError as exc:
            return {"rejected": exc.reason.value, "message": str(exc)}
        legal = self._legal_actions()
        wanted = " ".join([seat_name(action.seat), *text.split()[1:]])
        if action.verb is Verb.CHECK_CALL and action.amount is None:
            wanted = next((a for a in legal if a.startswith(f"{wanted} ")), wanted)
        if wanted not in legal:
            reason = self._reason(action.seat, action.verb, action.amount, legal)
            return {"rejected": reason, "message": f"{text!r} is not legal"}
        i = self._index(action.seat)
        before = state.stacks[i]
        if action.verb is Verb.FOLD:
            self._folded[i] = self._held(i)
            state.fold()
        elif action.verb is Verb.CHECK_CALL:
            state.check_or_call()
        elif action.verb is Verb.BRING_IN:
            state.post_bring_in()
        elif action.verb in (Verb.SHOW, Verb.MUCK):
            if self._eligible is None:
                self._eligible = [tuple(p.player_indices) for p in state.pots]
            (self._shown if action.verb is Verb.SHOW else self._mucked).append(seat_name(action.seat))
            state.show_or_muck_hole_cards(action.verb is Verb.SHOW)
        else:
            state.complete_bet_or_raise_to(action.amount)
        self._put_in[i] += before - state.stacks[i]
        self._advance()
        return {"ok": True}

    def _reason(self, seat: Seat, verb: Verb, amount: int | None, legal: list[str]) -> str:
        """Why PokerKit's state refuses an action that is not in its legal listing."""
        state = self._state
        assert state is not None
        i = self._index(seat)
        if not state.status:
            return "hand_over"
        if not state.statuses[i]:
            return "folded"
        actor = self._to_act()
        if actor is None or self._seat(actor) != seat:
            return "not_your_turn"
        if any(a.split()[1] == verb.value for a in legal):
            if amount is not None and amount > state.bets[i] + state.stacks[i]:  # cc, cbr or pb
                return "insufficient_chips"
            return "wrong_amount"
        if state.can_post_bring_in():
            return "must_bring_in"
        if verb is Verb.BET_RAISE and state.completion_betting_or_raising_count >= 4:
            return "over_cap"
        return "illegal_action"

    def _observe(self) -> dict[str, Json]:
        """The protocol's observables, read from PokerKit's state: the street (``street-3`` is
        PokerKit's first), chips behind, this round's bets, chips put in (and their sum, the pot),
        every card held in dealing order and the face-up ones, who folded, cards left in the
        stub. PokerKit never turns a common card."""
        state = self._state
        assert state is not None
        if not state.status:
            phase = "over"
        elif state.actor_index is None and state.can_show_or_muck_hole_cards():
            phase = "showdown"
        else:
            phase = f"street-{3 + (state.street_index or 0)}"
        seats = range(self._seats)
        return {
            "phase": phase,
            "pot": sum(self._put_in),
            "stacks": self._by_seat(self._behind()),
            "round_bets": self._by_seat(list(state.bets) if state.status else [0] * self._seats),
            "contributed": self._by_seat(self._put_in),
            "hands": {seat_name(self._seat(i)): self._held(i)[0] for i in seats},
            "exposed": {seat_name(self._seat(i)): self._held(i)[1] for i in seats},
            "common": [],
            "folded": [seat_name(s) for s in sorted(self._seat(i) for i in self._folded)],
            "stub": len(state.deck_cards),
        }

    def _held(self, i: int) -> tuple[list[str], list[str]]:
        """All cards and the face-up cards of PokerKit's player ``i`` (as they were at a fold)."""
        state = self._state
        assert state is not None
        if i in self._folded:
            return self._folded[i]
        return [repr(c) for c in state.hole_cards[i]], [repr(c) for c in state.get_up_cards(i)]

    def _behind(self) -> list[int]:
        """Chips behind each seat; once the hand is over, before PokerKit paid the pots into the
        stacks (the protocol reports the payout in the outcome, not in ``stacks``)."""
        state = self._state
        assert state is not None
        if state.status:
            return list(state.stacks)
        return [self._start[i] - self._put_in[i] for i in range(self._seats)]

    def _outcome(self) -> Json:
        state = self._state
        assert state is not None
        if state.status:
            return None
        final = list(state.stacks)
        net = [final[i] - self._start[i] for i in range(self._seats)]
        received = [net[i] + self._put_in[i] for i in range(self._seats)]
        pots: list[Json] = []
        for (amount, eligible), shares in zip(self._pots, self._pushed, strict=False):
            winners = [i for i in range(self._seats) if shares[i] > 0]
            pots.append({
                "amount": amount,
                "eligible": [seat_name(self._seat(i)) for i in eligible],
                "winners": {"all": [seat_name(self._seat(i)) for i in winners]},
                "shares": {seat_name(self._seat(i)): shares[i] for i in winners},
            })
        won = [sum(shares[i] for shares in self._pushed) for i in range(self._seats)]
        returned = {seat_name(self._seat(i)): received[i] - won[i] for i in range(self._seats)
                    if received[i] > won[i]}
        return {"received": self._by_seat(received), "net": self._by_seat(net), "pots": pots, "carry": 0,
                "common": [],
                "returned": dict(sorted(returned.items(), key=lambda kv: int(kv[0][1:]))),
                "shown": list(self._shown), "mucked": list(self._mucked)}
