"""What every benchmark reports: one measured rate per (task, engine), from the same seeded work."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from pokerspec.caches import forget_derived
from pokerspec.conformance.adapters import PythonEngine
from pokerspec.conformance.protocol import Message
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.fuzz.hands import FuzzResult, fuzz
from pokerspec.profiles import default_profile

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Measurement:
    """``count`` units of ``task`` done by ``engine`` in ``seconds``; ``unit`` names the unit."""

    task: str
    engine: str
    count: int
    seconds: float
    unit: str = "hands"
    note: str = ""

    @property
    def rate(self) -> float:
        return self.count / self.seconds if self.seconds > 0 else 0.0


def best_of(repeats: int, work: Callable[[], None]) -> float:
    """The fastest of ``repeats`` timed runs of ``work`` (the least disturbed by other load)."""
    best = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - began)
    return best


def time_each(task: str, engine: str, items: Sequence[T], evaluate: Callable[[T], object],
              repeats: int = 5) -> Measurement:
    """Time ``evaluate`` over every item (the loop overhead is counted, as a caller would pay it)."""

    def work() -> None:
        for item in items:
            evaluate(item)

    return Measurement(task, engine, len(items), best_of(repeats, work))


class Apart(ReferenceEngine):
    """The reference as the engine under test, kept apart from the oracle when it is fuzzed against
    itself in one process: it is never served a result the oracle worked out for the same hand.
    The engines' caches of results worked out from a hand's cards and chips
    (``pokerspec.caches.forget_derived``) are emptied at each ``new_hand`` it is sent,
    which comes after the oracle has played that hand (``pokerspec.fuzz.hands``). The ranking
    tables stay shared: they are built once per process, whatever the hands. It is reached through
    ``PythonEngine`` exactly as ``--impl reference`` is, so no other request costs more.

    An engine of its own rather than a patch of the fuzzer: the optional mypyc build compiles the
    fuzzer, whose calls between its own methods a patch of the class does not reach."""

    def __init__(self) -> None:
        super().__init__()
        self.hands = 0
        """The ``new_hand`` requests answered (to show the caches were emptied for each)."""
        self.actions = 0
        """The ``act`` requests accepted: the actions played (the fuzzer's refused probes left out)."""

    def _op_new_hand(self, message: Mapping[str, Json]) -> Message:
        forget_derived()
        self.hands += 1
        return super()._op_new_hand(message)

    def _op_act(self, message: Mapping[str, Json]) -> Message:
        reply = super()._op_act(message)
        if "rejected" not in reply:
            self.actions += 1
        return reply


def fuzz_apart(game: str, hands: int, seed: int, engine: Apart | None = None) -> FuzzResult:
    """The reference fuzzed against itself in one process on ``hands`` corpus hands of ``game``'s
    default profile, every check, the engine under test kept ``Apart`` (``engine``, to read its
    counts afterwards); a finding fails."""
    engine = Apart() if engine is None else engine
    result = fuzz(PythonEngine(engine), game, default_profile(game).name, hands, seed)
    assert not result.findings, [f.klass.key for f in result.findings]
    assert engine.hands >= hands, f"the caches were emptied for {engine.hands} of {hands} hands"
    return result
