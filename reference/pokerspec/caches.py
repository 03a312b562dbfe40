"""The engines' caches of results worked out by functions a mutant may replace or a coverage walk
must see called (the pots, the hands' ranks, stud's awards)."""

from __future__ import annotations

from collections.abc import Callable

from pokerspec.archie import showdown as archie_showdown
from pokerspec.auction import engine as auction_engine
from pokerspec.stud import allin as stud_allin
from pokerspec.stud import engine as stud_engine

DERIVED: tuple[Callable[[], None], ...] = (stud_allin.pots_cache_clear, stud_engine.cache_clear,
                                           archie_showdown.fold_outcome.cache_clear,
                                           auction_engine.evaluated_cache_clear)
"""Emptying them: a mutant is never served a result of the original code, nor the code after it
one of the mutant's; a coverage walk calls every function its positions need, none answered from
a walk before it."""


def forget_derived() -> None:
    """Empty every ``DERIVED`` cache (the mutants and the coverage walks do; so do the benchmarks,
    before each timed run)."""
    for clear in DERIVED:
        clear()
