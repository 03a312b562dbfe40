"""Python's cyclic garbage collector, paused while the reference plays many hands in process.

A perft walk or a fuzz scan makes and drops millions of short-lived objects (states, listings,
observations), which reference counting frees at once; the collector, run every few hundred
allocations, finds next to nothing among them and costs about a tenth of the time. ``paused``
stops it for such a stretch and resumes it after (if it was on); a long stretch calls ``sweep``
now and then, so that the few cycles made meanwhile never pile up.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """The collector off for the ``with`` block, then back as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def sweep() -> None:
    """Collect the young generations: the cycles made since the last sweep, not the whole heap."""
    gc.collect(1)
