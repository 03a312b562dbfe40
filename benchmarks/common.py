"""What every benchmark reports: one measured rate per (task, engine), from the same seeded work."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

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
