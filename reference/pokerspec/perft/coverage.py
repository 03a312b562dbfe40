"""Which rules the positions' trees reach (``core.perft.coverage``): the reference is walked with
a profiling hook that notes every function called, and each function counts for the rule IDs
its docstring cites (the same citations ``pokerspec.traceability`` reads).

The rankings are looked up in the tables of ``pokerspec.core.fast``, whose entries the literate
five-card functions computed beforehand, so a walk calls neither those functions nor the rules
they cite. A lookup stands for the literate answer it replaces: after the walk, every hand looked
up is ranked again by the literate definition (the best five-card rank over its five-card
subsets), under the same hook. Every cache of the reference (``functools`` caches, and the
engines' own, ``pokerspec.caches``) is emptied before each walk, so no result worked out before it
hides a function from it: what a position reaches does not depend on what was walked first.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from itertools import combinations
from types import CodeType, FrameType, ModuleType

from pokerspec.caches import forget_derived
from pokerspec.core import fast, high, low
from pokerspec.core.cards import Card
from pokerspec.core.types import RuleId
from pokerspec.perft.positions import Position
from pokerspec.perft.tree import ReferenceTree
from pokerspec.rules import is_rule_id

PLAY = ("pokerspec.core", "pokerspec.archie", "pokerspec.auction", "pokerspec.stud")
"""The packages whose code governs play and award."""
_CITATION = re.compile(r"``([a-z0-9][a-z0-9.-]*)``")


def _modules() -> Iterator[ModuleType]:
    for name in PLAY:
        package = importlib.import_module(name)
        yield package
        for info in pkgutil.iter_modules(package.__path__, name + "."):
            yield importlib.import_module(info.name)


def _functions(owner: object, module: str) -> Iterator[Callable[..., object]]:
    for value in vars(owner).values():
        if inspect.isfunction(value) and value.__module__ == module:
            yield value
        elif inspect.isclass(value) and value.__module__ == module:
            yield from _functions(value, module)


def cited_by_code() -> dict[CodeType, frozenset[RuleId]]:
    """Each function of the play packages by its code, with the rule IDs its docstring cites."""
    out: dict[CodeType, frozenset[RuleId]] = {}
    for module in _modules():
        for function in _functions(module, module.__name__):
            rules = frozenset(RuleId(r) for r in _CITATION.findall(function.__doc__ or "") if is_rule_id(r))
            if rules:
                out[function.__code__] = rules
    return out


def literate() -> dict[CodeType, Callable[[Sequence[Card]], int]]:
    """Each table lookup of ``pokerspec.core.fast`` with the literate five-card ranking its table
    is built from (``core.high.best-five``, ``core.low.best-five``)."""
    return {fast.high_rank.__code__: high.high_rank5, fast.low_rank.__code__: low.low_rank5}


def forget_caches() -> None:
    """Empty every ``functools`` cache of the loaded ``pokerspec`` modules and the engines' caches."""
    forget_derived()
    for module in list(sys.modules.values()):
        if module is None or not module.__name__.startswith("pokerspec"):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and hasattr(value, "cache_info"):
                clear()


def reached(walk: Callable[[], object]) -> frozenset[RuleId]:
    """The rule IDs cited by every function ``walk`` calls, a table lookup counting as the literate
    ranking of the hand looked up (slow: a hook runs on every call)."""
    cited = cited_by_code()
    rankings = literate()
    seen: set[CodeType] = set()
    looked_up: dict[CodeType, set[tuple[Card, ...]]] = {code: set() for code in rankings}

    def hook(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            code = frame.f_code
            seen.add(code)
            if code in looked_up:
                looked_up[code].add(tuple(sorted(frame.f_locals["cards"])))

    forget_caches()
    previous = sys.getprofile()
    sys.setprofile(hook)
    try:
        walk()
        for code, hands in looked_up.items():  # the literate rankings call no lookup
            for hand in hands:
                max(rankings[code](five) for five in combinations(hand, 5))
    finally:
        sys.setprofile(previous)
    return frozenset(r for code in seen & cited.keys() for r in cited[code])


def reached_by(positions: Mapping[str, Position]) -> dict[str, frozenset[RuleId]]:
    """Each position with the cited rule IDs its walk to its checked depth reaches, walked on its
    own (``core.perft.coverage``)."""
    cited = all_cited()
    return {name: reached(partial(_walk, p)) & cited for name, p in positions.items()}


def _walk(position: Position) -> None:
    """The position's tree to its checked depth, the tree built inside the walk."""
    ReferenceTree(position).counts((), position.depth)


def all_cited() -> frozenset[RuleId]:
    """Every rule ID the play packages' functions cite: the rules a walk could reach."""
    return frozenset(r for rules in cited_by_code().values() for r in rules)
