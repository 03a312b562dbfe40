"""``pokerspec conformance fuzz``: differential fuzzing with the reference as the oracle.

Random legal hands (``pokerspec.regress.corpus``) are played on the reference and on the engine
under test side by side. At every step the engine's legal listing, its acceptance of the
chosen action and its observables are compared with the reference's; before some turns an
illegal action (out of turn, an amount one off, an unlisted fold or check) is tried on both and
the rejection reasons compared; at the end the outcome. The first disagreement is shrunk —
fewer seats, fewer actions, a shorter listed deck, smaller stacks — and written as a
schema-valid ``hand`` case (level ``optional``), to be hand-checked against the spec before it
joins the suite.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import cast

from pokerspec.conformance.adapters import DEFAULT_TIMEOUT, open_engine
from pokerspec.conformance.cases import validator
from pokerspec.conformance.grading import difference
from pokerspec.conformance.protocol import Engine, EngineFailure, Hello, Message, handshake
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.profiles import default_profile, get_profile
from pokerspec.regress.corpus import (
    LIMITS,
    MAX_STEPS,
    Chooser,
    CorpusError,
    corpus,
    legal_actions,
    limits_for,
    passive_chooser,
    random_chooser,
)

OUTCOME_KEYS = ("received", "net", "pots", "carry")
"""Outcome keys compared (and written into a finding's ``expect``)."""
PROBE = "!"
"""Marks, in a replay script, an action that must be rejected (a probe)."""
PROBE_RATE = 0.2
"""The share of turns before which an illegal action is tried (its rejection reason compared)."""
MAX_REPLAYS = 1500
"""Upper bound on replays spent shrinking one finding."""
SHRINK_SECONDS = 20.0
"""Upper bound on the time spent shrinking one finding (slow exec engines stop earlier)."""


@dataclass(frozen=True, slots=True)
class Hand:
    """A replayable hand: the setup and the scripted actions. An action the reference refuses
    at its turn is replaced by the passive continuation; an action marked with ``PROBE`` is
    one both engines must reject."""

    setup: dict[str, Json]
    actions: tuple[str, ...]


@dataclass(slots=True)
class Divergence:
    """Where the engine first parted from the reference; ``step`` counts actions played."""

    step: int
    what: str
    message: str
    expected: Json
    actual: Json


@dataclass(slots=True)
class Replay:
    """One replay: what was played (probes marked), the divergence if any, whether the setup
    and script were valid for the reference, and the reference's last listing, observation and
    outcome."""

    played: list[str] = field(default_factory=list)
    divergence: Divergence | None = None
    valid: bool = True
    legal_before: dict[str, Json] = field(default_factory=dict)
    observation: dict[str, Json] = field(default_factory=dict)
    outcome: dict[str, Json] = field(default_factory=dict)


def _observe(engine: Engine) -> dict[str, Json]:
    observation = engine.handle({"op": "observe"}).get("observation")
    return dict(cast(dict[str, Json], observation)) if isinstance(observation, dict) else {}


def _outcome(outcome: Json, theirs: Json = None) -> dict[str, Json]:
    """The reference's outcome keys to compare: ``OUTCOME_KEYS``, and any other key the engine
    under test reports too (a game's details such as who qualified or who showed)."""
    if not isinstance(outcome, dict):
        return {}
    also = set(theirs) if isinstance(theirs, dict) else set()
    return {k: v for k, v in outcome.items() if k in OUTCOME_KEYS or k in also}


class Fuzzer:
    """Replays hands on the reference and an engine and reports the first disagreement."""

    def __init__(self, engine: Engine, game: str, profile: str, hello: Hello) -> None:
        self.reference = ReferenceEngine()
        self.engine = engine
        self.game = game
        self.profile = profile
        caps = hello.capabilities
        self.observed = sorted(c.removeprefix("observe:") for c in caps if c.startswith("observe:"))
        self.replays = 0
        self.deadline = 0.0
        self.limits = limits_for(profile)

    def replay(self, hand: Hand, chooser: Chooser, probes: random.Random | None = None) -> Replay:
        """Play ``hand`` on both engines; ``chooser`` continues once the script runs out, and
        ``probes`` (if given) slips in random illegal actions whose rejection is compared."""
        self.replays += 1
        out = Replay()
        message: Message = {"op": "new_hand", "game": self.game, "profile": self.profile, "setup": hand.setup}
        ref_reply = self.reference.handle(message)
        if "error" in ref_reply:
            out.valid = False
            return out
        try:
            self._play(hand, chooser, probes, message, out)
        except EngineFailure as exc:
            out.divergence = Divergence(len(out.played), "error", f"engine {exc.kind}: {exc}", None,
                                        exc.stderr_tail)
        return out

    def _diverge(self, out: Replay, what: str, message: str, expected: Json, actual: Json) -> None:
        out.divergence = Divergence(len(out.played), what, message, expected, actual)

    def _play(self, hand: Hand, chooser: Chooser, probes: random.Random | None, message: Message,
              out: Replay) -> None:
        reply = self.engine.handle(message)
        if "error" in reply:
            self._diverge(out, "setup", f"setup refused: {reply['error']!r}", hand.setup, reply)
            return
        seats = len(cast(list[Json], hand.setup["stacks"]))
        script = list(hand.actions)
        for _ in range(MAX_STEPS):
            to_act, actions = legal_actions(self.reference.handle({"op": "legal"}))
            out.legal_before = {"to_act": list(to_act), "actions": list(actions)}
            if not actions:
                break
            theirs = self.engine.handle({"op": "legal"})
            diff = difference(out.legal_before, theirs)
            if diff:
                self._diverge(out, "legal", f"legal {diff}", out.legal_before, theirs)
                return
            pending: list[tuple[str, bool]] = []
            while script and script[0].startswith(PROBE):
                pending.append((script.pop(0).removeprefix(PROBE), True))
            if probes is not None and probes.random() < PROBE_RATE:
                pending += [(p, False) for p in [probe(probes, seats, to_act, actions)] if p]
            for text, scripted in pending:
                if not self._probe(text, scripted, out):
                    return
            action = self._next(script, chooser, actions)
            reply = self.engine.handle({"op": "act", "action": action})
            if reply.get("ok") is not True:
                self._diverge(out, "act", f"action {action!r} refused: {reply!r}", {"act": action}, reply)
                return
            out.played.append(action)
            ours = _observe(self.reference)
            out.observation = {k: ours[k] for k in self.observed if k in ours}
            theirs_seen = self.engine.handle({"op": "observe"}).get("observation")
            diff = difference(out.observation, theirs_seen)
            if diff:
                self._diverge(out, "observe", f"observation {diff}", out.observation, theirs_seen)
                return
        else:
            raise CorpusError(f"hand did not end after {MAX_STEPS} actions")
        ours_out = self.reference.handle({"op": "outcome"}).get("outcome")
        theirs_out = self.engine.handle({"op": "outcome"}).get("outcome")
        out.outcome = _outcome(ours_out, theirs_out)
        diff = difference(out.outcome, theirs_out)
        if diff:
            self._diverge(out, "outcome", f"outcome {diff}", out.outcome, theirs_out)

    def _probe(self, text: str, scripted: bool, out: Replay) -> bool:
        """Send an action the reference must reject to both; False if the engine disagrees, or
        if a scripted probe has become legal (the replay is then invalid)."""
        ours = self.reference.handle({"op": "act", "action": text})
        if "rejected" not in ours:
            if scripted:
                out.valid = False
                return False
            raise CorpusError(f"the reference accepted {text!r}, which it did not list as legal")
        reason = ours["rejected"]
        theirs = self.engine.handle({"op": "act", "action": text})
        if theirs.get("rejected") != reason:
            self._diverge(out, "reject", f"{text!r} should be rejected with {reason!r}, got {theirs!r}",
                          {"reject": text, "reason": reason}, theirs)
            return False
        out.played.append(PROBE + text)
        return True

    def _next(self, script: list[str], chooser: Chooser, actions: list[str]) -> str:
        """The next scripted action if the reference accepts it, otherwise the chooser's."""
        if script:
            scripted = script.pop(0)
            reply = self.reference.handle({"op": "act", "action": scripted})
            if reply.get("ok") is True:
                return scripted
        action = chooser(self.reference, actions)
        reply = self.reference.handle({"op": "act", "action": action})
        if reply.get("ok") is not True:
            raise CorpusError(f"the reference refused its own legal action {action!r}: {reply!r}")
        return action

    def diverges(self, hand: Hand) -> Replay | None:
        """The replay of ``hand`` with passive continuation, if it is valid and still diverges."""
        if self.replays >= MAX_REPLAYS or time.monotonic() > self.deadline:
            return None
        result = self.replay(hand, passive_chooser)
        return result if result.valid and result.divergence is not None else None

    def shrink(self, hand: Hand, found: Replay) -> tuple[Hand, Replay]:
        """Greedily simplify a diverging hand while it keeps diverging and gets smaller: fewer
        seats, a shorter script, a refused action tried earlier, a shorter listed deck, smaller
        stacks, then single actions dropped. Each kind of step is repeated until it stops
        helping, then the next is tried."""
        self.replays, self.deadline = 0, time.monotonic() + SHRINK_SECONDS
        best = self.diverges(hand)
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
                        again = self.diverges(candidate)
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
        self.reference.handle({"op": "new_hand", "game": self.game, "profile": self.profile,
                               "setup": hand.setup})
        steps: list[Json] = []
        for action in script_of(found):
            reply = self.reference.handle({"op": "act", "action": action.removeprefix(PROBE)})
            if action.startswith(PROBE):
                steps.append({"reject": action.removeprefix(PROBE), "reason": reply.get("rejected")})
            else:
                steps.append({"act": action})
        for _ in range(MAX_STEPS):
            _, actions = legal_actions(self.reference.handle({"op": "legal"}))
            if not actions:
                break
            steps.append({"act": self._next([], passive_chooser, actions)})
        return steps, _outcome(self.reference.handle({"op": "outcome"}).get("outcome"))

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
    if divergence is not None and divergence.what in ("act", "reject"):
        step = cast(dict[str, Json], divergence.expected)
        played.append(str(step["act"]) if "act" in step else PROBE + str(step["reject"]))
    return tuple(played)


def probe(rng: random.Random, seats: int, to_act: list[str], actions: list[str]) -> str | None:
    """An action that is certainly not in the legal listing: a seat acting out of turn, an
    amount one off a listed one, a fold or a check that is not listed."""
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
    return rng.choice(sorted(set(options))) if options else None


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
    """The shrunk disagreement as a complete ``hand`` case holding the reference's answers."""
    divergence = found.divergence
    assert divergence is not None
    steps, outcome = finished
    at = divergence.step
    note = f"{engine_name} differs here: {divergence.message}"[:500]
    if divergence.what == "legal":
        steps.insert(at, {"legal": found.legal_before, "note": note})
    elif divergence.what == "observe":
        theirs = divergence.actual if isinstance(divergence.actual, dict) else {}
        differing = {k: v for k, v in found.observation.items() if difference(v, theirs.get(k), key=k)}
        steps.insert(at, {"check": differing or found.observation, "note": note})
    elif divergence.what in ("act", "reject") and at < len(steps):
        cast(dict[str, Json], steps[at])["note"] = note
    if divergence.what == "outcome":
        outcome = {**outcome, **found.outcome}
    expect = outcome or {"received": {}}
    return {
        "format": 1,
        "id": f"{game}-fuzz-{number:04d}",
        "title": f"Fuzz finding: {engine_name} and the reference part at {divergence.what}",
        "explanation": (
            f"Fuzz finding ({origin}), shrunk automatically: the engine under test ({engine_name}) "
            f"parted from the reference at step {at} ({divergence.what}): {divergence.message}. "
            "The expected values are the reference's answers, NOT yet worked out by hand: check them "
            "against the spec, replace the placeholder rule ID and this explanation, and give the case "
            "a new never-used ID before adding it to conformance/vectors/."
        ),
        "rules": [f"{game}.fuzz-finding"],
        "game": game,
        "profiles": [profile],
        "level": "optional",
        "kind": "hand",
        "tags": ["fuzz"],
        "setup": hand.setup,
        "steps": steps,
        "expect": expect,
    }


@dataclass(slots=True)
class FuzzResult:
    hands: int
    seconds: float
    finding: dict[str, Json] | None = None
    path: Path | None = None
    replays: int = 0

    @property
    def rate(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0


def fuzz(engine: Engine, game: str, profile: str, hands: int, seed: int,
         out: Path | None = None, shrink: bool = True) -> FuzzResult:
    """Fuzz ``engine`` with ``hands`` random hands; stop at the first disagreement, shrink it
    (unless ``shrink`` is false) and (with ``out``) write it as a case file."""
    hello = handshake(engine)
    fuzzer = Fuzzer(engine, game, profile, hello)
    started = time.perf_counter()
    for played, setup in enumerate(corpus(game, profile, hands, seed)):
        chooser = random_chooser(random.Random(f"{setup.seed}-choices"))
        result = fuzzer.replay(Hand(dict(setup.setup), ()), chooser, random.Random(f"{setup.seed}-probes"))
        if result.divergence is None:
            continue
        elapsed = time.perf_counter() - started
        small, found = Hand(dict(setup.setup), script_of(result)), result
        if shrink:
            small, found = fuzzer.shrink(small, found)
        origin = f"seed {seed}, hand {played}, {setup.label}"
        finished = fuzzer.finish(small, found)
        case = finding_case(game, profile, small, found, finished, hello.name, origin,
                            (seed * 7 + played) % 10000)
        path = None
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            path = out / f"{case['id']}.json"
            path.write_text(json.dumps(case, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        return FuzzResult(played + 1, elapsed, case, path, fuzzer.replays)
    return FuzzResult(hands, time.perf_counter() - started)


def handler(args: argparse.Namespace) -> int:
    try:
        profile = get_profile(args.profile) if args.profile else default_profile(args.game)
        if profile.game != args.game:
            raise ValueError(f"profile {profile.name} is for {profile.game}, not {args.game}")
        engine = open_engine(args.impl, args.timeout)
    except (KeyError, ValueError, ImportError, OSError) as exc:
        print(f"pokerspec conformance fuzz: {exc}", file=sys.stderr)
        return 2
    try:
        hello = handshake(engine)
        if f"hand:{args.game}" not in hello.capabilities:
            print(f"{hello.name} does not support hand:{args.game}; nothing to fuzz", file=sys.stderr)
            return 2
        if hello.profiles and profile.name not in hello.profiles:
            print(f"{hello.name} does not support the profile {profile.name}", file=sys.stderr)
            return 2
        result = fuzz(engine, args.game, profile.name, args.hands, args.seed, args.out, not args.no_shrink)
    except (EngineFailure, CorpusError) as exc:
        print(f"pokerspec conformance fuzz: {exc}", file=sys.stderr)
        return 2
    finally:
        engine.close()
    print(f"{result.hands} hands in {result.seconds:.2f}s ({result.rate:.0f} hands/s), "
          f"{args.game} under {profile.name}, seed {args.seed}")
    if result.finding is None:
        print("no disagreement with the reference")
        return 0
    steps = cast(Sequence[Json], result.finding["steps"])
    how = f"shrunk in {result.replays} replays to" if not args.no_shrink else "written with"
    print(f"disagreement found and {how} {len(steps)} steps: {result.finding['title']}")
    print(result.finding["explanation"])
    if result.path is not None:
        print(f"written to {result.path}")
    else:
        print(json.dumps(result.finding, indent=2, ensure_ascii=False))
    return 1


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``fuzz`` to the ``pokerspec conformance`` command group."""
    p = subparsers.add_parser("fuzz", help="compare an engine with the reference on random legal hands",
                              description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--impl", required=True, help="python:module:Factory or exec:'command args'")
    p.add_argument("--game", required=True, choices=sorted(LIMITS))
    p.add_argument("--profile", help="rule profile (default: the game's default)")
    p.add_argument("--hands", type=int, default=200, help="random hands to play (default 200)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, metavar="DIR", help="write the shrunk finding as a case file here")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per reply (exec engines)")
    p.add_argument("--no-shrink", action="store_true", help="write the first disagreement as found")
    p.set_defaults(handler=handler)


def is_valid_case(case: dict[str, Json]) -> bool:
    """Whether a finding validates against the published case schema."""
    return validator().is_valid(case)
