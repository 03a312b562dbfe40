"""What every benchmark reports: one measured rate per (task, engine), from the same seeded work."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar
from unittest import mock

from pokerspec.fuzz.hands import Divergence, Fuzzer, Step
from pokerspec.regress.mutants import forget_derived

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


@contextmanager
def engines_apart() -> Iterator[None]:
    """Fuzzing the reference against itself in one process, the engine under test is never served a
    result the oracle worked out for the same hand: the engines' caches of results worked out
    from a hand's cards and chips (``pokerspec.regress.mutants.forget_derived``) are emptied before the engine
    under test plays each hand (``Fuzzer._converse``). The ranking tables stay shared: they are
    built once per process, whatever the hands."""
    converse = Fuzzer._converse

    def apart(fuzzer: Fuzzer, steps: list[Step]) -> tuple[int, Divergence | None]:
        forget_derived()
        return converse(fuzzer, steps)

    with mock.patch.object(Fuzzer, "_converse", apart):
        yield
