"""Finding classes: which kind of disagreement with the reference a differential run met.

Every disagreement gets a ``FindingClass``:

- ``what``: where it showed — ``setup``, ``legal``, ``act`` (a legal action refused), ``reject``
  (an illegal action's rejection reason), ``observe``, ``outcome``, ``error`` (the engine
  crashed, hung or answered garbage); another checker may name its own (``rank``, say);
- ``field``: the first differing field, seats and list positions left out (``stacks``,
  ``pots/shares``, ``actions``), or for ``act`` the refused verb, for ``reject`` the expected
  reason, for ``error`` the failure kind;
- ``detail``: what differs there when that tells bugs apart (``missing f``,
  ``illegal_action``, ``AssertionError``), else empty;
- ``rule``: the spec rule the field belongs to (``rule_for``).

Two disagreements of one class are taken to be one bug: a fuzz run reports each class once, and
its shrinker only accepts a simpler hand that still shows the same class.

``Findings`` collects classes over a run: how often each was met, the index of the first hand (or
item) that showed it and, for the first ``limit`` classes, a case that shows it (for the fuzzer,
that first hand shrunk). Collections of disjoint slices of one campaign merge into the collection
of the whole (``Findings.merge``): counts add up and the earliest occurrence wins, so the result
does not depend on how the campaign was sliced.

For another checker (a ranking-only fuzzer, say), which names the rule itself::

    findings = Findings(limit=20)
    klass = FindingClass("rank", "order", RuleId("core.high.kickers"), "two-pair")
    case = None
    if findings.wants_case(klass, index):
        case = ...  # the smallest case that still shows ``klass``
    findings.add(klass, index, case=case)
    report = findings.to_json()  # each class once: count, first index, case
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import cast

from pokerspec.core.game import Json
from pokerspec.core.types import RuleId

DEFAULT_LIMIT = 20
"""Classes a run shrinks and keeps a case for; further classes are still counted."""

Pattern = tuple[str | None, str | None, str | None, str | None, str]
"""``(what, field, verb, phase, rule)``: None matches anything; the first match names the rule."""

RULES: dict[str, tuple[Pattern, ...]] = {
    "archie": (
        ("reject", "card_not_in_hand", None, None, "archie.deal.discard"),
        ("reject", "too_many_cards", None, None, "archie.deal.discard"),
        ("reject", "over_cap", None, None, "archie.table.cap"),
        ("legal", "actions", "cbr:none", None, "archie.table.cap"),
        ("observe", "hands", None, None, "archie.deal.replace"),
        ("observe", "stub", None, None, "archie.deal.replace"),
        (None, None, "sd", None, "archie.deal.discard"),
        ("legal", "to_act", None, "draw", "archie.deal.draws"),
        ("legal", "to_act", None, "bet", "archie.betting.first"),
        ("observe", "drawn", None, None, "archie.deal.discard"),
        ("observe", "phase", None, None, "archie.betting.close"),
        ("observe", "round_bets", None, None, "archie.betting.close"),
        ("observe", "folded", None, None, "archie.showdown.fold"),
        ("outcome", "net", None, None, "archie.award.net"),
        ("outcome", None, "f", None, "archie.showdown.fold"),
        ("outcome", None, None, None, "archie.award.split"),
        ("setup", "short_stack", None, None, "archie.table.reserve"),
        ("setup", "bad_deck", None, None, "archie.table.deck"),
        ("setup", None, None, None, "archie.table.players"),
        (None, None, "cbr", None, "archie.table.limits"),
        (None, None, "f", None, "archie.betting.facing"),
        (None, None, "cc", None, "archie.betting.open"),
        (None, None, None, "draw", "archie.deal.discard"),
        (None, None, None, None, "archie.betting.close"),
    ),
    "auction": (
        ("reject", "already_committed", None, "declare", "auction.declare.simultaneous"),
        ("reject", "already_committed", None, None, "auction.auction.bid"),
        ("reject", "over_cap", None, None, "auction.betting.cap"),
        ("legal", "actions", "cbr:none", None, "auction.betting.cap"),
        ("reject", "not_in_row", None, None, "auction.auction.pick"),
        ("legal", "to_act", None, "pick", "auction.auction.order"),
        ("legal", "to_act", None, "bet", "auction.betting.first"),
        ("legal", "to_act", None, "declare", "auction.declare.simultaneous"),
        ("observe", "bids", None, None, "auction.auction.bid"),
        ("observe", "pick_order", None, None, "auction.auction.order"),
        ("observe", "row", None, None, "auction.auction.row"),
        ("observe", "exposed", None, None, "auction.auction.pick"),
        ("observe", "hands", None, None, "auction.setup.deal"),
        ("observe", "declarations", None, None, "auction.declare.simultaneous"),
        ("observe", "phase", None, None, "auction.auction.rows"),
        ("observe", "round_bets", None, None, "auction.betting.end"),
        ("observe", None, "bid", None, "auction.auction.bids-paid"),
        ("outcome", "carry", None, None, "auction.award.carry"),
        ("outcome", "excluded", None, None, "auction.award.both"),
        ("outcome", "excluded_why", None, None, "auction.award.both"),
        ("outcome", "declarations", None, None, "auction.declare.simultaneous"),
        ("outcome", "pick_orders", None, None, "auction.auction.order"),
        ("outcome", "categories", None, None, "auction.declare.high"),
        ("outcome", "net", None, None, "auction.award.net"),
        ("outcome", None, "f", None, "auction.betting.lone-survivor"),
        ("outcome", None, None, None, "auction.award.division"),
        ("setup", "bad_deck", None, None, "core.deck.cards"),
        ("setup", None, None, None, "auction.setup.players"),
        (None, None, "bid", None, "auction.auction.bid"),
        (None, None, "pick", None, "auction.auction.pick"),
        (None, None, "dec", None, "auction.declare.choices"),
        (None, None, None, "bid", "auction.auction.bid"),
        (None, None, None, "pick", "auction.auction.pick"),
        (None, None, None, "declare", "auction.declare.simultaneous"),
        (None, None, None, None, "auction.betting.actions"),
    ),
    "stud": (
        ("reject", "must_bring_in", None, None, "stud.bringin.forced"),
        ("reject", "over_cap", None, None, "stud.streets.cap"),
        ("legal", "actions", "cbr:none", None, "stud.streets.cap"),
        ("reject", "insufficient_chips", None, None, "stud.allin.short"),
        (None, None, "pb", None, "stud.bringin.forced"),
        (None, None, "sm", None, "stud.showdown.muck"),
        (None, None, "mu", None, "stud.showdown.muck"),
        ("legal", "to_act", None, "third", "stud.bringin.respond"),
        ("legal", "to_act", None, "showdown", "stud.showdown.order"),
        ("legal", "to_act", None, None, "stud.streets.first-actor"),
        ("observe", "hands", None, None, "stud.streets.cards"),
        ("observe", "exposed", None, None, "stud.streets.cards"),
        ("observe", "common", None, None, "stud.runout.common"),
        ("observe", "stub", None, None, "stud.streets.burn"),
        ("observe", "phase", None, None, "stud.streets.close"),
        ("observe", "round_bets", None, None, "stud.streets.close"),
        ("outcome", "pots", None, None, "stud.allin.pots"),
        ("outcome", "pots/amount", None, None, "stud.allin.pots"),
        ("outcome", "pots/eligible", None, None, "stud.allin.pots"),
        ("outcome", "common", None, None, "stud.runout.common"),
        ("outcome", "net", None, None, "core.chips.net"),
        ("outcome", "returned", None, None, "core.chips.uncalled"),
        ("outcome", None, "f", None, "stud.showdown.uncontested"),
        ("outcome", None, None, None, "stud.showdown.award"),
        ("setup", "bad_stakes", None, None, "stud.profile.stakes"),
        ("setup", "bad_deck", None, None, "core.deck.cards"),
        ("setup", None, None, None, "stud.deal.players"),
        (None, None, "cbr", "third", "stud.bringin.respond"),
        (None, None, "cbr", None, "stud.streets.limits"),
        (None, None, None, "third", "stud.bringin.respond"),
        (None, None, None, "showdown", "stud.showdown.order"),
        (None, None, None, None, "stud.streets.actions"),
    ),
}
"""Which rule a differing field belongs to, by game, most specific first. ``verb`` is the verb of
the action concerned (the one listed, refused, rejected or just played; ``cbr:none`` for a
listing where one side offers a raise and the other none, which is the cap's doing) and ``phase`` the phase
group (``phase_group``) where the hand stood. A refused setup (``what`` ``setup``) is told apart by
its error code where one tells the rule (``field``: ``short_stack``, ``bad_deck``, ``bad_stakes``),
else it belongs to the game's seating rule. A rejection reason (``what`` ``reject``, ``field``
the expected reason) belongs to the game rule that names it, else to ``core.notation.reasons``,
which lists the reasons and the order in which they are checked."""

CORE_RULES: tuple[Pattern, ...] = (
    ("setup", "bad_deck", None, None, "core.deck.cards"),
    ("setup", None, None, None, "core.contract.setup"),
    ("legal", None, None, None, "core.notation.legal"),
    ("act", None, None, None, "core.notation.legal"),
    ("reject", None, None, None, "core.notation.reasons"),
    ("observe", None, None, None, "core.notation.observables"),
    ("outcome", "net", None, None, "core.chips.net"),
    ("outcome", "pots/shares", None, None, "core.chips.split"),
    ("outcome", None, None, None, "core.chips.side-pots"),
    (None, None, None, None, "core.notation.actions"),
    ("reject", None, None, None, "core.notation.reasons"),
)
"""The fallback for a game without a table and for checkers of the core chapter."""

PHASE_ALIASES = {"street-3": "third"}
"""Phases that make a group of their own: stud's third street is where the bring-in is."""


def phase_group(phase: str) -> str:
    """``bet-2`` -> ``bet``, ``street-5`` -> ``street``, ``street-3`` -> ``third``."""
    return PHASE_ALIASES.get(phase) or re.sub(r"-\d+$", "", phase)


def rule_for(game: str, what: str, field: str, verb: str | None, phase: str) -> RuleId:
    """The rule that ``field`` belongs to, for a disagreement at ``what`` about an action with
    ``verb`` (None if none is concerned) when the hand was in ``phase``."""
    group = phase_group(phase)
    for w, f, v, p, rule in (*RULES.get(game, ()), *CORE_RULES):
        if what == "reject" and w is None:
            continue
        if (w is None or w == what) and (f is None or f == field) and (v is None or v == verb) \
                and (p is None or p == group):
            return RuleId(rule)
    raise AssertionError("CORE_RULES ends with a catch-all")


def path_field(path: str) -> str:
    """A ``difference`` path without seats and list positions: ``/pots[0]/shares/p2`` ->
    ``pots/shares``; the top level is ``.``."""
    parts = [p for p in re.split(r"[/\[\]]", path) if p and p != "." and not p.isdigit()
             and not re.fullmatch(r"p\d+", p)]
    return "/".join(parts) or "."


@dataclass(frozen=True, slots=True, order=True)
class FindingClass:
    """One kind of disagreement (see the module's description)."""

    what: str
    field: str
    rule: RuleId
    detail: str = ""

    @property
    def key(self) -> str:
        """``what/field (detail) @ rule``: the class as one line, its identity in reports."""
        detail = f" ({self.detail})" if self.detail else ""
        return f"{self.what}/{self.field}{detail} @ {self.rule}"

    @property
    def slug(self) -> str:
        """The key as a file name: lower-case words and a short digest that keeps it unique."""
        words = re.sub(r"[^a-z0-9]+", "-", self.key.lower()).strip("-")[:80]
        return f"{words}-{hashlib.sha1(self.key.encode()).hexdigest()[:6]}"

    def to_json(self) -> dict[str, Json]:
        return {"key": self.key, "what": self.what, "field": self.field, "rule": self.rule,
                "detail": self.detail}

    @staticmethod
    def from_json(data: Json) -> FindingClass:
        record = cast(dict[str, Json], data)
        return FindingClass(str(record["what"]), str(record["field"]), RuleId(str(record["rule"])),
                            str(record.get("detail", "")))


@dataclass(slots=True)
class Finding:
    """A class as met in a run: how often, where first, and a case that shows it (None past the
    limit, or when no case was made)."""

    klass: FindingClass
    count: int
    first: int
    """The index of the first hand (or item) that showed the class."""
    case: dict[str, Json] | None = None
    case_at: int | None = None
    """The index of the hand the case was made from (``first`` unless the case came from a later
    one because the first was met past the limit)."""

    def to_json(self) -> dict[str, Json]:
        return {"class": self.klass.to_json(), "count": self.count, "first": self.first,
                "case_at": self.case_at, "case": self.case}

    @staticmethod
    def from_json(data: Json) -> Finding:
        record = cast(dict[str, Json], data)
        case_at = record.get("case_at")
        return Finding(FindingClass.from_json(record["class"]), int(cast(int, record["count"])),
                       int(cast(int, record["first"])), cast(dict[str, Json] | None, record.get("case")),
                       None if case_at is None else int(cast(int, case_at)))


class Findings:
    """The classes met in a run, each once (see the module's description)."""

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        self.limit = limit
        self._found: dict[str, Finding] = {}

    def __len__(self) -> int:
        return len(self._found)

    def __iter__(self) -> Iterator[Finding]:
        """Every class, in the order first met."""
        return iter(sorted(self._found.values(), key=lambda f: (f.first, f.klass.key)))

    def get(self, klass: FindingClass) -> Finding | None:
        return self._found.get(klass.key)

    @property
    def total(self) -> int:
        """Disagreements met, all classes together."""
        return sum(f.count for f in self._found.values())

    @property
    def cases(self) -> int:
        """Classes with a case."""
        return sum(f.case is not None for f in self._found.values())

    def wants_case(self, klass: FindingClass, index: int) -> bool:
        """Whether a case should be made from occurrence ``index`` of ``klass``: the class is new
        (and fewer than ``limit`` classes have a case), or was only met later than ``index``, or
        has no case yet and there is room for one."""
        known = self._found.get(klass.key)
        if known is None or known.case is None:
            return self.cases < self.limit and (known is None or index <= known.first)
        return known.case_at is None or index < known.case_at

    def add(self, klass: FindingClass, index: int, count: int = 1, case: dict[str, Json] | None = None,
            case_at: int | None = None) -> None:
        """Count ``count`` occurrences of ``klass``, the first at ``index``, with the case made from
        hand ``case_at`` (``index`` by default), if any."""
        at = index if case is not None and case_at is None else case_at
        known = self._found.get(klass.key)
        if known is None:
            self._found[klass.key] = Finding(klass, count, index, case, at if case is not None else None)
            return
        known.count += count
        known.first = min(known.first, index)
        if case is not None and at is not None and (known.case_at is None or at < known.case_at):
            known.case, known.case_at = case, at

    def merge(self, other: Findings) -> None:
        """Add the findings of a disjoint slice of the same campaign."""
        for f in other:
            self.add(f.klass, f.first, f.count, f.case, f.case_at)

    def to_json(self) -> list[Json]:
        return [f.to_json() for f in self]

    @staticmethod
    def from_json(data: Json, limit: int = DEFAULT_LIMIT) -> Findings:
        out = Findings(limit)
        for record in cast(list[Json], data):
            f = Finding.from_json(record)
            out.add(f.klass, f.first, f.count, f.case, f.case_at)
        return out
