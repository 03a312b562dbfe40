"""Differential fuzzing with the reference as the oracle (``pokerspec conformance fuzz``).

Random legal hands (``pokerspec.regress.corpus``) are played on the reference and on the engine
under test. At every step the engine's legal listing, its acceptance of the chosen action and
its observables are compared with the reference's; before some turns an illegal action (out of
turn, an amount one off, an unlisted fold or check) is tried on both and the rejection reasons
compared; at the end the outcome.

Each disagreement gets a class (``pokerspec.fuzz.classes``: where it showed, the first
differing field and the rule that field belongs to). A run goes on past its findings: the first
hand of each class is shrunk — fewer seats, fewer actions, a shorter listed deck, smaller stacks,
keeping only the simplifications that still show the same class — and written as a schema-valid
``hand`` case (level ``required``, as perft divide's cases are, so that the engine it was found
on fails it) naming its class and rule, to be hand-checked against the spec before it joins the
suite; later hands of a known class are only counted.

The reference plays a whole hand first, in process and without the protocol's formatting
(``Oracle``); every request the engine is to get and the reference's answer to it follow from
that alone, since the reference chooses the actions. An engine that takes a batch of requests
(``Pipelined``: the exec adapter) then gets the whole hand at once; any other gets them one by
one, and the first disagreement ends the hand.

``scan`` plays a range of corpus hands and ``settle`` shrinks what it found into a
``Findings``; ``pokerspec.fuzz.campaign`` spreads the ranges over processes, shards and
runs (``--jobs``, ``--shard``, ``--dir``).
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Final, cast

from pokerspec.collector import paused, sweep
from pokerspec.conformance.cases import validator
from pokerspec.conformance.grading import Identical, difference
from pokerspec.conformance.protocol import Engine, EngineFailure, Hello, Message, Pipelined, handshake
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.actions import Action, ActionError
from pokerspec.core.game import Json
from pokerspec.core.types import seat_names
from pokerspec.fuzz.classes import DEFAULT_LIMIT, FindingClass, Findings, path_field, rule_for
from pokerspec.outputs import write_text
from pokerspec.regress.corpus import (
    MAX_STEPS,
    Chooser,
    CorpusError,
    corpus_hand,
    legal_actions,
    limits_for,
    passive_chooser,
    random_chooser,
)

OUTCOME_KEYS: Final = ("received", "net", "pots", "carry")
"""Outcome keys compared (and written into a finding's ``expect``)."""
PROBE: Final = "!"
"""Marks, in a replay script, an action that must be rejected (a probe)."""
PROBE_RATE: Final = 0.2
"""The share of turns before which an illegal action is tried (its rejection reason compared)."""
SWEEP_EVERY = 200
"""Hands a scan plays between two sweeps of the young generations (``pokerspec.collector``)."""
MAX_REPLAYS = 1500
"""Upper bound on replays spent shrinking one finding."""
SHRINK_SECONDS = 60.0
"""Upper bound on the time spent shrinking one finding, for slow engines (a shrink cut short by
it depends on the machine's speed; the replay bound does not)."""

NEW: Final = 0
LEGAL: Final = 1
REJECT: Final = 2
ACT: Final = 3
OBSERVE: Final = 4
OUTCOME: Final = 5
"""The kinds of step: the request starting the hand, a listing, a probe, an action, an
observation, the outcome."""
ASK_LEGAL: Final[Message] = {"op": "legal"}
ASK_OBSERVE: Final[Message] = {"op": "observe"}
ASK_OUTCOME: Final[Message] = {"op": "outcome"}
"""The requests that carry nothing but their op, one of each shared by every step (requests are
read-only: an adapter that numbers them numbers a copy)."""


@dataclass(frozen=True, slots=True)
class Hand:
    """A replayable hand: the setup and the scripted actions. An action the reference refuses
    at its turn is replaced by the passive continuation; an action marked with ``PROBE`` is
    one both engines must reject."""

    setup: Mapping[str, Json]
    actions: tuple[str, ...]


class Step:
    """One request to the engine under test and the reference's answer to it (a plain class with
    slots: a hand makes about three a turn, and the mypyc build compiles it to a native class)."""

    __slots__ = ("expected", "kind", "listed", "phase", "played", "request")

    def __init__(self, kind: int, request: Message, expected: Json, played: int, phase: str,
                 listed: tuple[list[str], list[str]] | None = None) -> None:
        self.kind = kind
        self.request = request
        self.expected = expected
        """The listing, the rejection reason, the observation or the outcome (None for the rest)."""
        self.played = played
        """Actions and probes played before the request."""
        self.phase = phase
        """The reference's phase when the request is sent; for an observation or the outcome, the
        phase in which the action before it was played."""
        self.listed = listed
        """For a listing, the reference's seats to act and actions in its own order: a reply
        listing them in that same order matches without being sorted (``_check``)."""


@dataclass(slots=True)
class Divergence:
    """Where the engine first parted from the reference; ``step`` counts actions played."""

    step: int
    what: str
    message: str
    expected: Json
    actual: Json
    klass: FindingClass | None = None


@dataclass(slots=True)
class Replay:
    """One replay: what was played (probes marked), the divergence if any, whether the setup
    and script were valid for the reference, and the reference's listing, observation and
    outcome where the engine diverged."""

    played: list[str] = field(default_factory=list)
    divergence: Divergence | None = None
    valid: bool = True
    legal_before: dict[str, Json] = field(default_factory=dict)
    observation: dict[str, Json] = field(default_factory=dict)
    outcome: dict[str, Json] = field(default_factory=dict)


def _outcome(outcome: Json, theirs: Json = None) -> dict[str, Json]:
    """The reference's outcome keys to compare: ``OUTCOME_KEYS``, and any other key the engine
    under test reports too (a game's details such as who qualified or who showed)."""
    if not isinstance(outcome, dict):
        return {}
    also = set(theirs) if isinstance(theirs, dict) else set()
    return {k: v for k, v in outcome.items() if k in OUTCOME_KEYS or k in also}


def _same_listing(expected: Mapping[str, list[str]], reply: Message) -> bool:
    """A quick sufficient test for a ``legal`` reply matching the sorted listing ``expected``."""
    theirs, seats = reply.get("actions"), reply.get("to_act")
    try:
        return (type(theirs) is list and type(seats) is list and sorted(theirs) == expected["actions"]
                and sorted(seats) == expected["to_act"])
    except TypeError:
        return False


def _verb(action: str) -> str | None:
    words = action.removeprefix(PROBE).split()
    return words[1] if len(words) > 1 else None


def _failure(message: str, request: Message) -> tuple[str, str]:
    """An engine failure's kind (``crash``, ``timeout`` ...) and, for an exception in process, its
    type, else the request it failed on."""
    kind, _, rest = message.removeprefix("engine ").partition(": ")
    name = rest.split(": ", 1)[0] if ": " in rest else ""
    return kind, name if name.isidentifier() else str(request.get("op"))


def _answer(reply: Json) -> str:
    """What an engine answered to an action it should have rejected."""
    if isinstance(reply, dict):
        if "rejected" in reply:
            return str(reply["rejected"])
        if reply.get("ok") is True:
            return "accepted"
    return "no reason"


def _listing_difference(expected: Json, actual: Json) -> tuple[str, str | None]:
    """The verbs missing from a listing and those it has unexpectedly (``missing f, unexpected
    cbr``), and the verb whose rule it is: the first of them, ``cbr:none`` when one side offers a
    raise and the other none (the cap), ``pb`` when the reference's listing has the bring-in due."""
    ours = set(cast(dict[str, list[str]], expected)["actions"])
    listed = actual.get("actions") if isinstance(actual, dict) else None
    theirs = {str(a) for a in listed} if isinstance(listed, list) else set()
    missing = sorted({v for a in ours - theirs if (v := _verb(a))})
    extra = sorted({v for a in theirs - ours if (v := _verb(a))})
    words = [*(f"missing {v}" for v in missing), *(f"unexpected {v}" for v in extra)]
    verb = next(iter(missing or extra), None)
    raises = [any(_verb(a) == "cbr" for a in side) for side in (ours, theirs)]
    if any(_verb(a) == "pb" for a in ours):  # the bring-in is due: what is offered is its rule's
        verb = "pb"
    return ", ".join(words), "cbr:none" if verb == "cbr" and raises[0] != raises[1] else verb


class Oracle:
    """The reference playing hands in process: ``plan`` turns a hand into the requests the engine
    under test is to get and the reference's answer to each."""

    def __init__(self, game: str, profile: str, observe: bool) -> None:
        self.reference = ReferenceEngine()
        self.game = game
        self.profile = profile
        self.observe = observe

    def start(self, setup: Mapping[str, Json]) -> Message:
        return {"op": "new_hand", "game": self.game, "profile": self.profile, "setup": setup}

    def listing(self) -> tuple[list[str], list[str], dict[str, Action], tuple[list[str], list[str]]]:
        """The seats to act and the listed actions, both sorted; each action by its text; and the
        seats and actions in the reference's own order."""
        legal = self.reference.listing()
        formatted = self.reference.formatted(legal.actions)
        named = seat_names(legal.to_act)
        return sorted(named), formatted.ordered, formatted.by_text, (named, formatted.texts)

    def rejection(self, text: str) -> str | None:
        """The reason the reference rejects ``text`` with, or None if it accepts (and plays) it."""
        try:
            error = self.reference.play(self.reference.parsed(text))
        except ActionError as exc:
            error = exc
        return None if error is None else error.reason.value

    def plan(self, hand: Hand, chooser: Chooser, probes: random.Random | None,
             played: list[str]) -> list[Step] | None:
        """Play ``hand`` on the reference: the steps, and the actions played in ``played`` (probes
        marked). None if the setup or the script is not valid for the reference (a scripted
        probe it accepts). ``chooser`` continues once the script runs out; ``probes`` (if given)
        slips in random illegal actions."""
        reference = self.reference
        start = self.start(hand.setup)
        if "error" in reference.handle(start):
            return None
        phase = acted = str(reference.observation().get("phase", ""))
        steps = [Step(NEW, start, None, 0, phase)]
        script, at = hand.actions, 0
        for _ in range(MAX_STEPS):
            to_act, actions, by_text, in_order = self.listing()
            if not actions:
                break
            listing: dict[str, Json] = {"to_act": to_act, "actions": actions}
            steps.append(Step(LEGAL, ASK_LEGAL, listing, len(played), phase, in_order))
            pending: list[tuple[str, bool]] = []
            while at < len(script) and script[at].startswith(PROBE):
                pending.append((script[at].removeprefix(PROBE), True))
                at += 1
            if probes is not None and probes.random() < PROBE_RATE:
                pending += [(p, False) for p in [probe(probes, reference.seats, to_act, actions)] if p]
            for text, scripted in pending:
                reason = self.rejection(text)
                if reason is None:
                    if scripted:
                        return None
                    raise CorpusError(f"the reference accepted {text!r}, which it did not list as legal")
                steps.append(Step(REJECT, {"op": "act", "action": text}, reason, len(played), phase))
                played.append(PROBE + text)
            chosen = None
            if at < len(script):
                text = script[at]
                at += 1
                action = by_text.get(text)
                if action is None:
                    chosen = text if self.rejection(text) is None else None
                elif reference.play(action) is None:
                    chosen = text
            if chosen is None:
                chosen = chooser(reference, actions)
                listed = by_text.get(chosen)
                error = self.rejection(chosen) if listed is None else reference.play(listed)
                if error is not None:
                    raise CorpusError(f"the reference refused its own legal action {chosen!r}: {error}")
            steps.append(Step(ACT, {"op": "act", "action": chosen}, None, len(played), phase))
            played.append(chosen)
            observation = reference.observation()
            if self.observe:
                steps.append(Step(OBSERVE, ASK_OBSERVE, observation, len(played), phase))
            acted, phase = phase, str(observation.get("phase", ""))
        else:
            raise CorpusError(f"hand did not end after {MAX_STEPS} actions")
        outcome = reference.result()
        steps.append(Step(OUTCOME, ASK_OUTCOME, None if outcome is None else outcome.to_json(),
                          len(played), acted))
        return steps


class Fuzzer:
    """Replays hands on the reference and an engine and reports the first disagreement of each."""

    def __init__(self, engine: Engine, game: str, profile: str, hello: Hello) -> None:
        self.engine = engine
        self.pipelined = engine if isinstance(engine, Pipelined) else None
        """The engine if it takes a hand's requests at once (checked once: a protocol's
        ``isinstance`` costs as much as a few actions)."""
        self.game = game
        self.profile = profile
        self.name = hello.name
        caps = hello.capabilities
        self.observed = sorted(c.removeprefix("observe:") for c in caps if c.startswith("observe:"))
        self.oracle = Oracle(game, profile, bool(self.observed))
        self.reference = self.oracle.reference
        self.replays = 0
        self.deadline = 0.0
        self.limits = limits_for(profile)
        self.identical = Identical()

    def replay(self, hand: Hand, chooser: Chooser, probes: random.Random | None = None) -> Replay:
        """Play ``hand`` on both engines; ``chooser`` continues once the script runs out, and
        ``probes`` (if given) slips in random illegal actions whose rejection is compared."""
        self.replays += 1
        out = Replay()
        steps = self.oracle.plan(hand, chooser, probes, out.played)
        if steps is None:
            out.valid = False
            return out
        at, divergence = self._converse(steps)
        if divergence is not None:
            step = steps[at]
            del out.played[step.played:]
            self._attach(out, step, divergence)
        return out

    def _converse(self, steps: list[Step]) -> tuple[int, Divergence | None]:
        """Send the steps' requests to the engine: the index of the first step it disagrees at, and
        the disagreement (or ``(-1, None)``)."""
        pipelined = self.pipelined
        if pipelined is not None:
            replies, failure = pipelined.handle_all([s.request for s in steps])
            for i, reply in enumerate(replies):
                found = self._check(steps[i], reply)
                if found is not None:
                    return i, found
            if failure is not None:
                return len(replies), self._failed(steps[len(replies)], failure)
            return -1, None
        engine = self.engine
        for i, step in enumerate(steps):
            try:
                reply = engine.handle(step.request)
            except EngineFailure as exc:
                return i, self._failed(step, exc)
            found = self._check(step, reply)
            if found is not None:
                return i, found
        return -1, None

    def _failed(self, step: Step, exc: EngineFailure) -> Divergence:
        """The engine failed on ``step``: the action it failed on is kept, so that the hand
        can be replayed up to the failure."""
        sent: Json = None
        if step.kind == ACT:
            sent = {"act": step.request["action"]}
        elif step.kind == REJECT:
            sent = {"reject": step.request["action"], "reason": step.expected}
        return Divergence(step.played, "error", f"engine {exc.kind}: {exc}", sent, exc.stderr_tail)

    def _check(self, step: Step, reply: Message) -> Divergence | None:
        """The disagreement between ``reply`` and the reference's answer, if any."""
        kind, expected = step.kind, step.expected
        found: tuple[str, str, Json, Json] | None = None
        if kind == LEGAL:
            listed = step.listed
            in_order = listed is not None and reply.get("actions") == listed[1] \
                and reply.get("to_act") == listed[0]
            if not in_order and not _same_listing(cast(dict[str, list[str]], expected), reply):
                diff = difference(expected, reply)
                found = None if diff is None else ("legal", f"legal {diff}", expected, reply)
        elif kind == ACT:
            if reply.get("ok") is not True:
                action = step.request["action"]
                found = ("act", f"action {action!r} refused: {reply!r}", {"act": action}, reply)
        elif kind == REJECT:
            if reply.get("rejected") != expected:
                action = step.request["action"]
                found = ("reject", f"{action!r} should be rejected with {expected!r}, got {reply!r}",
                         {"reject": action, "reason": expected}, reply)
        elif kind == OBSERVE:
            theirs = reply.get("observation")
            if not self.identical(expected, theirs):
                ours = cast(dict[str, Json], expected)
                mine = {k: ours[k] for k in self.observed if k in ours}
                diff = difference(mine, theirs)
                found = None if diff is None else ("observe", f"observation {diff}", mine, theirs)
        elif kind == OUTCOME:
            theirs = reply.get("outcome")
            if not self.identical(expected, theirs):
                mine = _outcome(expected, theirs)
                diff = difference(mine, theirs, whole=True)
                found = None if diff is None else ("outcome", f"outcome {diff}", mine, theirs)
        elif "error" in reply:
            found = ("setup", f"setup refused: {reply['error']!r}", step.request["setup"], reply)
        return None if found is None else Divergence(step.played, *found)

    def _attach(self, out: Replay, step: Step, divergence: Divergence) -> None:
        """Record ``divergence`` at ``step`` in ``out``, with the reference's side and its class."""
        out.divergence = divergence
        if divergence.what == "legal":
            listing = cast(dict[str, list[str]], step.expected)
            out.legal_before = {"to_act": list(listing["to_act"]), "actions": list(listing["actions"])}
        elif divergence.what == "observe":
            out.observation = cast(dict[str, Json], divergence.expected)
        elif divergence.what == "outcome":
            out.outcome = cast(dict[str, Json], divergence.expected)
        divergence.klass = self.classify(step, divergence, out.played)

    def classify(self, step: Step, divergence: Divergence, played: list[str]) -> FindingClass:
        """The class of ``divergence`` (``pokerspec.fuzz.classes``). The verb that decides
        the rule is the one of the action sent, else of the last action played, else, for a
        listing, of the first action missing or unexpected in it."""
        what, request = divergence.what, step.request
        acted = [a for a in played if not a.startswith(PROBE)]
        sent = str(request["action"]) if request.get("op") == "act" else None
        verb = _verb(sent or (acted[-1] if acted else ""))
        detail = ""
        if what == "error":
            field_name, detail = _failure(divergence.message, request)
        elif what == "act":
            field_name = verb or "."
            refused = divergence.actual.get("rejected") if isinstance(divergence.actual, dict) else None
            if refused == "over_cap":  # a legal raise refused as over the cap: the cap is misread
                return FindingClass(what, field_name, rule_for(self.game, "reject", "over_cap", verb,
                                                               step.phase), "over_cap")
        elif what == "reject":
            field_name, detail = str(step.expected), _answer(divergence.actual)
        elif what == "setup":
            field_name = "setup"
        else:
            field_name = path_field(divergence.message.split(" ", 1)[1].split(": ", 1)[0])
            if what == "legal":
                detail, verb = _listing_difference(divergence.expected, divergence.actual) \
                    if field_name == "actions" else ("", None)
        return FindingClass(what, field_name, rule_for(self.game, what, field_name, verb, step.phase), detail)

    def diverges(self, hand: Hand, klass: FindingClass | None = None) -> Replay | None:
        """The replay of ``hand`` with passive continuation, if it is valid and still diverges (in
        class ``klass``, if given)."""
        if self.replays >= MAX_REPLAYS or time.monotonic() > self.deadline:
            return None
        result = self.replay(hand, passive_chooser)
        if not result.valid or result.divergence is None:
            return None
        return result if klass is None or result.divergence.klass == klass else None

    def shrink(self, hand: Hand, found: Replay) -> tuple[Hand, Replay]:
        """Greedily simplify a diverging hand while it keeps diverging in the same class and gets
        smaller: fewer seats, a shorter script, a refused action tried earlier, a shorter listed
        deck, smaller stacks, then single actions dropped. Each kind of step is repeated until it
        stops helping, then the next is tried."""
        self.replays, self.deadline = 0, time.monotonic() + SHRINK_SECONDS
        klass = found.divergence.klass if found.divergence else None
        best = self.diverges(hand, klass)
        if best is None:
            return hand, found
        hand = Hand(hand.setup, script_of(best))
        improved = True
        while improved and self.replays < MAX_REPLAYS:
            improved = False
            for kind in (self._fewer_seats, self._shorter, self._earlier_probe, self._shorter_deck,
                         self._smaller_stacks, self._dropped):
                progress = True
                while progress:
                    progress = False
                    for candidate in kind(hand):
                        again = self.diverges(candidate, klass)
                        if again is None:
                            continue
                        smaller = Hand(candidate.setup, script_of(again))
                        if _size(smaller) < _size(hand):
                            hand, best, progress, improved = smaller, again, True, True
                            break
        return hand, best

    def finish(self, hand: Hand, found: Replay) -> tuple[list[Json], dict[str, Json]]:
        """Complete a diverging hand on the reference alone (the steps up to the divergence,
        then the passive continuation): every step as a case step, and the outcome."""
        reference = self.reference
        reference.handle(self.oracle.start(hand.setup))
        steps: list[Json] = []
        for action in script_of(found):
            reply = reference.handle({"op": "act", "action": action.removeprefix(PROBE)})
            if action.startswith(PROBE):
                steps.append({"reject": action.removeprefix(PROBE), "reason": reply.get("rejected")})
            else:
                steps.append({"act": action})
        for _ in range(MAX_STEPS):
            _, actions = legal_actions(reference.handle({"op": "legal"}))
            if not actions:
                break
            action = passive_chooser(reference, actions)
            reference.handle({"op": "act", "action": action})
            steps.append({"act": action})
        return steps, _outcome(reference.handle({"op": "outcome"}).get("outcome"))

    def _fewer_seats(self, hand: Hand) -> list[Hand]:
        seats = len(cast(list[Json], hand.setup["stacks"]))
        if seats <= self.limits.min_seats:
            return []
        return [_without_seat(hand, j) for j in range(seats)]

    def _shorter(self, hand: Hand) -> list[Hand]:
        n = len(hand.actions)
        return [Hand(hand.setup, hand.actions[:k]) for k in sorted({0, n // 4, n // 2, 3 * n // 4, n - 1})
                if k < n]

    def _earlier_probe(self, hand: Hand) -> list[Hand]:
        """The last probe moved earlier, with the actions after its new place cut off."""
        probes = [i for i, a in enumerate(hand.actions) if a.startswith(PROBE)]
        if not probes:
            return []
        last = probes[-1]
        return [Hand(hand.setup, (*hand.actions[:j], hand.actions[last])) for j in range(last)]

    def _shorter_deck(self, hand: Hand) -> list[Hand]:
        deck = cast(list[Json], hand.setup["deck"])
        sizes = sorted({0, len(deck) // 4, len(deck) // 2, 3 * len(deck) // 4, len(deck) - 1} - {len(deck)})
        return [Hand({**hand.setup, "deck": deck[:n]}, hand.actions) for n in sizes if n >= 0]

    def _smaller_stacks(self, hand: Hand) -> list[Hand]:
        stacks = [int(cast(int, s)) for s in cast(list[Json], hand.setup["stacks"])]
        least = self.limits.min_stack
        out: list[Hand] = []
        for j, stack in enumerate(stacks):
            for smaller in sorted({least, (stack + least) // 2}):
                if smaller < stack:
                    fewer = [*stacks[:j], smaller, *stacks[j + 1:]]
                    out.append(Hand({**hand.setup, "stacks": fewer}, hand.actions))
        return out

    def _dropped(self, hand: Hand) -> list[Hand]:
        return [Hand(hand.setup, hand.actions[:i] + hand.actions[i + 1:]) for i in range(len(hand.actions))]


def script_of(replay: Replay) -> tuple[str, ...]:
    """The script that reproduces a replay up to and including its divergence."""
    played = list(replay.played)
    divergence = replay.divergence
    if divergence is not None and isinstance(divergence.expected, dict) and \
            divergence.what in ("act", "reject", "error"):
        step = divergence.expected
        played.append(str(step["act"]) if "act" in step else PROBE + str(step["reject"]))
    return tuple(played)


def probe(rng: random.Random, seats: int, to_act: list[str], actions: list[str]) -> str | None:
    """An action that is certainly not in the legal listing: a seat acting out of turn, an
    amount one off a listed one, a fold or a check that is not listed (``probes``)."""
    options = probes(seats, tuple(to_act), tuple(actions))
    return rng.choice(options) if options else None


@lru_cache(maxsize=4096)
def probes(seats: int, to_act: tuple[str, ...], actions: tuple[str, ...]) -> tuple[str, ...]:
    """Every action ``probe`` chooses from, sorted: the same listings come back hand after hand,
    so each one's are worked out once."""
    listed = set(actions)
    options = [f"p{s} cc" for s in range(1, seats + 1) if f"p{s}" not in to_act]
    for action in actions:
        words = action.split()
        if len(words) == 3 and words[2].isdigit():
            for amount in (int(words[2]) - 1, int(words[2]) + 1):
                wrong = f"{words[0]} {words[1]} {amount}"
                if amount >= 0 and wrong not in listed and not (words[1] == "cc" and amount != 0):
                    options.append(wrong)
    for seat in to_act:
        options += [a for a in (f"{seat} f", f"{seat} cc 0") if a not in listed]
    return tuple(sorted(set(options)))


def _size(hand: Hand) -> tuple[int, int, int, int]:
    stacks = cast(list[int], hand.setup["stacks"])
    return len(stacks), len(hand.actions), len(cast(list[Json], hand.setup["deck"])), sum(stacks)


def _without_seat(hand: Hand, gone: int) -> Hand:
    """The hand with seat ``gone`` removed: later seats move down, its actions are dropped."""
    stacks = cast(list[Json], hand.setup["stacks"])
    dealer = int(str(hand.setup["dealer"])[1:]) - 1
    dealer = dealer - 1 if dealer > gone else min(dealer, len(stacks) - 2)

    def renumber(action: str) -> str:
        words = action.removeprefix(PROBE).split()
        seat = int(words[0][1:]) - 1
        text = " ".join([f"p{seat if seat > gone else seat + 1}", *words[1:]])
        return PROBE + text if action.startswith(PROBE) else text

    gone_name = f"p{gone + 1}"
    actions = tuple(renumber(a) for a in hand.actions if a.removeprefix(PROBE).split()[0] != gone_name)
    kept = [s for j, s in enumerate(stacks) if j != gone]
    setup = {**hand.setup, "stacks": kept, "dealer": f"p{dealer + 1}"}
    return replace(hand, setup=setup, actions=actions)


def finding_case(game: str, profile: str, hand: Hand, found: Replay,
                 finished: tuple[list[Json], dict[str, Json]], engine_name: str, origin: str,
                 number: int) -> dict[str, Json]:
    """The shrunk disagreement as a complete ``hand`` case holding the reference's answers; its
    title, rules and tags name the class."""
    divergence = found.divergence
    assert divergence is not None and divergence.klass is not None
    klass = divergence.klass
    steps, outcome = finished
    at = divergence.step
    note = f"{engine_name} differs here: {divergence.message}"[:500]
    if divergence.what == "legal":
        steps.insert(at, {"legal": found.legal_before, "note": note})
    elif divergence.what == "observe":
        theirs = divergence.actual if isinstance(divergence.actual, dict) else {}
        differing = {k: v for k, v in found.observation.items() if difference(v, theirs.get(k), key=k)}
        steps.insert(at, {"check": differing or found.observation, "note": note})
    elif divergence.what in ("act", "reject", "error") and at < len(steps):
        cast(dict[str, Json], steps[at])["note"] = note
    if divergence.what != "outcome" and at < len(steps):
        cast(dict[str, Json], steps[at])["rule"] = klass.rule
    if divergence.what == "outcome":
        outcome = {**outcome, **found.outcome}
    expect = outcome or {"received": {}}
    return {
        "format": 1,
        "id": f"{game}-fuzz-{number:04d}",
        "title": f"Fuzz finding: {engine_name}, {klass.key}",
        "explanation": (
            f"Fuzz finding ({origin}), shrunk automatically within its class {klass.key}: the engine "
            f"under test ({engine_name}) parted from the reference at step {at} ({divergence.what}): "
            f"{divergence.message}. A required case, so that an engine that differs fails the run; its "
            "expected values are the reference's answers, NOT yet worked out by hand: check them against "
            "the spec and the rule named here, replace this explanation, and "
            "give the case a new never-used ID before adding it to conformance/vectors/."
        ),
        "rules": [klass.rule],
        "game": game,
        "profiles": [profile],
        "level": "required",
        "kind": "hand",
        "tags": ["fuzz", f"fuzz-class:{klass.key}"],
        "setup": dict(hand.setup),
        "steps": steps,
        "expect": expect,
        **({"expect_rules": {k: klass.rule for k in found.outcome}} if divergence.what == "outcome" else {}),
    }


@dataclass(slots=True)
class Met:
    """The first hand of a range that showed a class: its index and the script reproducing it."""

    klass: FindingClass
    count: int
    first: int
    script: tuple[str, ...]


@dataclass(slots=True)
class Scan:
    """What ``scan`` found in a range of corpus hands (nothing shrunk yet)."""

    start: int
    end: int
    seconds: float = 0.0
    met: dict[str, Met] = field(default_factory=dict)
    pid: int = field(default_factory=os.getpid)
    """The process that played the range."""


def corpus_replay(fuzzer: Fuzzer, seed: int, index: int) -> tuple[Hand, Replay]:
    """Corpus hand ``index`` of ``seed`` played with its own seeded choices and probes."""
    setup = corpus_hand(fuzzer.game, fuzzer.profile, seed, index, fuzzer.limits)
    hand = Hand(setup.setup, ())
    chooser = random_chooser(random.Random(f"{setup.seed}-choices"))
    return hand, fuzzer.replay(hand, chooser, random.Random(f"{setup.seed}-probes"))


def scan(fuzzer: Fuzzer, seed: int, start: int, end: int, stop: bool = False) -> Scan:
    """Play corpus hands ``start`` to ``end - 1``, counting the disagreements by class (``stop``:
    up to the first disagreement)."""
    out = Scan(start, end)
    began = time.perf_counter()
    with paused():
        _scan(fuzzer, seed, out, stop)
    out.seconds = time.perf_counter() - began
    return out


def _scan(fuzzer: Fuzzer, seed: int, out: Scan, stop: bool) -> None:
    """``scan``'s loop, with the collector paused (``pokerspec.collector``) and swept every
    ``SWEEP_EVERY`` hands."""
    for i in range(out.start, out.end):
        if (i - out.start) % SWEEP_EVERY == SWEEP_EVERY - 1:
            sweep()
        _, result = corpus_replay(fuzzer, seed, i)
        divergence = result.divergence
        if divergence is None or divergence.klass is None:
            continue
        key = divergence.klass.key
        known = out.met.get(key)
        if known is None:
            out.met[key] = Met(divergence.klass, 1, i, script_of(result))
        else:
            known.count += 1
        if stop:
            out.end = i + 1
            break


def settle(fuzzer: Fuzzer, seed: int, found: Scan, findings: Findings, shrink: bool = True) -> list[str]:
    """Add what ``found`` met to ``findings``, shrinking (unless ``shrink`` is false) a case for
    each class that wants one (``Findings.wants_case``), earliest first; the keys of the classes
    that got a case."""
    made: list[str] = []
    for met in sorted(found.met.values(), key=lambda m: m.first):
        case = make_case(fuzzer, seed, met, shrink) if findings.wants_case(met.klass, met.first) else None
        if case is not None:
            made.append(met.klass.key)
        findings.add(met.klass, met.first, met.count, case)
    return made


def make_case(fuzzer: Fuzzer, seed: int, met: Met, shrink: bool = True) -> dict[str, Json] | None:
    """The case of ``met``'s first hand, shrunk within its class unless ``shrink`` is false; None
    if the hand no longer shows the class (an engine that does not always answer alike)."""
    setup = corpus_hand(fuzzer.game, fuzzer.profile, seed, met.first, fuzzer.limits)
    fuzzer.replays, fuzzer.deadline = 0, time.monotonic() + SHRINK_SECONDS
    found = fuzzer.diverges(Hand(setup.setup, met.script), met.klass)
    if found is None:
        return None
    small = Hand(setup.setup, script_of(found))
    if shrink:
        small, found = fuzzer.shrink(small, found)
    origin = f"seed {seed}, hand {met.first}, {setup.label}"
    return finding_case(fuzzer.game, fuzzer.profile, small, found, fuzzer.finish(small, found), fuzzer.name,
                        origin, 1)


@dataclass(slots=True)
class FuzzResult:
    """A fuzz run: hands played, time, and the classes met."""

    hands: int
    seconds: float
    findings: Findings
    paths: list[Path] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    @property
    def finding(self) -> dict[str, Json] | None:
        """The case of the class met first, if any."""
        return next((f.case for f in self.findings if f.case is not None), None)


def numbered(findings: Findings, game: str) -> Iterator[tuple[FindingClass, dict[str, Json]]]:
    """Each case of ``findings`` with its ID numbered in the order the classes were first met."""
    for number, f in enumerate((f for f in findings if f.case is not None), 1):
        assert f.case is not None
        yield f.klass, {**f.case, "id": f"{game}-fuzz-{number:04d}"}


def write_cases(findings: Findings, game: str, out: Path) -> list[Path]:
    """Write each case of ``findings`` to ``out/<class slug>.json``."""
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for klass, case in numbered(findings, game):
        path = out / f"{klass.slug}.json"
        write_text(path, json.dumps(case, indent=2, ensure_ascii=False) + "\n")
        paths.append(path)
    return paths


def fuzz(engine: Engine, game: str, profile: str, hands: int, seed: int, out: Path | None = None,
         shrink: bool = True, limit: int = DEFAULT_LIMIT, stop: bool = False,
         chunks: Iterable[tuple[int, int]] | None = None) -> FuzzResult:
    """Fuzz ``engine`` with corpus hands 0 to ``hands - 1`` of ``seed`` in this process (or the
    ranges ``chunks``): every class met, a shrunk case (unless ``shrink`` is false) for the first
    ``limit`` classes, written to ``out`` if given; ``stop`` ends the run at the first
    disagreement."""
    hello = handshake(engine)
    fuzzer = Fuzzer(engine, game, profile, hello)
    findings = Findings(limit)
    played, seconds = 0, 0.0
    for start, end in chunks if chunks is not None else [(0, hands)]:
        found = scan(fuzzer, seed, start, end, stop)
        played += found.end - found.start
        seconds += found.seconds
        settle(fuzzer, seed, found, findings, shrink)
        if stop and found.met:
            break
    paths = write_cases(findings, game, out) if out is not None else []
    return FuzzResult(played, seconds, findings, paths)


def is_valid_case(case: Mapping[str, Json]) -> bool:
    """Whether a finding validates against the published case schema."""
    return validator().is_valid(dict(case))
