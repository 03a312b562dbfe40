"""``pokerspec diff [PROFILE_A [PROFILE_B]]``: what a rule change flips.

Every case of the game that lists either profile, and a seeded corpus of random legal hands,
are traced under both sides (``pokerspec.regress.trace``); each changed case or hand is printed
with its first difference (and its outcome when that changed too), grouped by the rule that
changed (the rule of the profile parameter or reference function that differs,
``pokerspec.regress.moved``), outcome changes first and never left out, and counted twice:
changed at all, and changed in its outcome. A's random hands are also replayed under B with A's
own actions, which survives a changed listing, and further footprint sections can join
``FOOTPRINTS``. The two sides are two profiles in this checkout, or the same command run in two
git revisions or two directories, each with its own code (``--rev-a/--rev-b``,
``--dir-a/--dir-b``); revisions are those of the git repository you stand in (or ``--repo
DIR``), and a side given neither is that repository's work tree; given no profile, every profile
both sides have is compared. ``pokerspec diff --suite OLD`` lists instead the cases added, removed
and changed since an older suite (pokerspec.regress.suite_diff). Exit status: 0 nothing changed,
1 something changed, 2 the comparison could not be made.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

from pokerspec.conformance.cases import VECTORS, Case, load_cases
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.profiles import UnknownProfile, get_profile

if TYPE_CHECKING:
    from pokerspec.perft.footprint import Footprint as PerftFootprint
from pokerspec.regress.corpus import CorpusError, corpus
from pokerspec.regress.moved import code_rules, parameter_rules, parameter_values
from pokerspec.regress.trace import OBSERVED, Trace, applicable, case_trace, corpus_trace, replay_trace

VAGUE = frozenset({"max", "min", "rule", "order"})
"""Words of parameter names too vague to tie a difference's text to the parameter."""
UNATTRIBUTED = "(no rule named)"
PRESENCE = "(traced on one side only: a case added, removed or unreadable)"
SHOWN = 8
"""Changed cases or hands printed per rule group unless ``--all``; every case whose outcome
changed is printed all the same, first (then random hands, those changed in their outcome first)."""


@dataclass(slots=True)
class Side:
    """One side of a comparison: a profile's traces, keyed by case ID or corpus label."""

    label: str
    profile: str
    game: str
    changes: list[str]
    traces: dict[str, Trace]
    replays: dict[str, Trace] = field(default_factory=dict)
    """The other side's random hands played again here with the same actions (``replay_trace``)."""
    listed: dict[str, list[str]] = field(default_factory=dict)
    """The profiles each traced case lists."""
    bad: list[str] = field(default_factory=list)
    """Case files this side could not read (``path: field: message``): missing from its traces."""
    parameters: dict[str, str] = field(default_factory=dict)
    """The profile's parameters and their values (``pokerspec.regress.moved``)."""
    parameter_rules: dict[str, str] = field(default_factory=dict)
    """The rule each parameter belongs to, as this side's code declares it."""
    tree: Path | None = None
    """The checkout whose code traced this side (None: this one)."""


@dataclass(slots=True)
class Difference:
    """One place two traces differ: a ``step`` (its index), the ``outcome``, the ``setup`` (refused
    on one side), a core ``reply`` or the ``presence`` of the trace."""

    where: str
    step: int | None
    summary: list[str]
    a: Json = None
    b: Json = None

    def to_json(self) -> dict[str, Json]:
        return {"where": self.where, "step": self.step, "summary": list(self.summary), "a": self.a,
                "b": self.b}


@dataclass(slots=True)
class Change:
    """One case or hand that behaves differently: its first difference (``where``, ``step``,
    ``summary``, ``a``, ``b``), every difference, and whether its outcome — who receives what —
    changed. ``step`` is None for the outcome."""

    id: str
    kind: str
    rules: list[str]
    where: str
    step: int | None
    summary: list[str]
    a: Json = None
    b: Json = None
    differences: list[Difference] = field(default_factory=list)
    outcome_changed: bool = False

    def headline(self) -> str:
        """``case ID (kind): step N differs`` or ``random hand ID: outcome differs``, then how many
        differences and whether the outcome changed."""
        hand = self.kind in ("corpus", "replay")
        what = f"random hand {self.id}" if hand else f"case {self.id} ({self.kind})"
        at = f"step {self.step}" if self.where == "step" else self.where
        more = len(self.differences) - 1
        notes = [f"{more} more difference{'s' if more > 1 else ''}"] if more > 0 else []
        if self.outcome_changed and self.where != "outcome":
            notes.append("outcome changed")
        return f"{what}: {at} differs" + (f" ({'; '.join(notes)})" if notes else "")

    def to_json(self) -> dict[str, Json]:
        return {"id": self.id, "kind": self.kind, "rules": list(self.rules), "where": self.where,
                "step": self.step, "summary": list(self.summary), "a": self.a, "b": self.b,
                "outcome_changed": self.outcome_changed,
                "differences": [d.to_json() for d in self.differences]}


Footprint = Callable[["Report"], list[str]]
"""A footprint section: the lines it adds to the printed diff (empty: nothing to say)."""
FOOTPRINTS: list[Footprint] = []
"""The sections ``render`` prints after the changes, in order (the replayed random hands, and
whatever another module registers, e.g. a per-position perft count)."""


@dataclass(slots=True)
class Report:
    """The result of a comparison: both sides, the changed cases and hands, and the other
    side's random hands replayed under B with A's actions (``replayed``)."""

    a: Side
    b: Side
    changes: list[Change] = field(default_factory=list)
    replayed: list[Change] = field(default_factory=list)

    def by_rule(self) -> dict[str, list[Change]]:
        """Changes grouped by the rule IDs they are put down to (several IDs joined by `` + ``
        only when a profile names them together)."""
        groups: dict[str, list[Change]] = {}
        for change in self.changes:
            name = PRESENCE if change.where == "presence" and not change.rules else UNATTRIBUTED
            groups.setdefault(" + ".join(sorted(change.rules)) or name, []).append(change)
        return dict(sorted(groups.items()))

    def counts(self) -> dict[str, int]:
        cases = [k for k, t in self.a.traces.items() if t.get("kind") != "corpus"]
        hands = [k for k, t in self.a.traces.items() if t.get("kind") == "corpus"]
        changed_hands = [c for c in self.changes if c.kind == "corpus"]
        changed_cases = [c for c in self.changes if c.kind != "corpus"]
        return {"cases": len(cases), "hands": len(hands),
                "changed_cases": len(changed_cases), "changed_hands": len(changed_hands),
                "outcome_cases": sum(c.outcome_changed for c in changed_cases),
                "outcome_hands": sum(c.outcome_changed for c in changed_hands),
                "replayed": len(self.b.replays), "replayed_changed": len(self.replayed),
                "replayed_outcome": sum(c.outcome_changed for c in self.replayed)}

    def proposals(self) -> dict[str, list[str]]:
        """For each profile, the cases that do not list it but behave the same under it as under
        the profile they list: their expectations hold there too, so they may list it as well."""
        if self.a.profile == self.b.profile:
            return {}
        changed = {c.id for c in self.changes}
        out: dict[str, list[str]] = {}
        for mine, other in ((self.a, self.b), (self.b, self.a)):
            fits = [case for case, profiles in mine.listed.items()
                    if mine.profile in profiles and other.profile not in profiles and case not in changed]
            if fits:
                out[other.profile] = sorted(fits)
        return out

    def to_json(self) -> dict[str, Json]:
        return {
            "a": {"label": self.a.label, "profile": self.a.profile, "changes": list(self.a.changes)},
            "b": {"label": self.b.label, "profile": self.b.profile, "changes": list(self.b.changes)},
            "counts": dict(self.counts()),
            "changed": [c.to_json() for c in self.changes],
            "by_rule": {rule: [c.id for c in cs] for rule, cs in self.by_rule().items()},
            "replayed": [c.to_json() for c in self.replayed],
            "proposals": {p: list(cs) for p, cs in self.proposals().items()},
        }


def collect(profile: str, cases_for: Sequence[str], hands: int, seed: int,
            cases: Sequence[Case] | None = None, replay: Sequence[Trace] = ()) -> Side:
    """Trace under ``profile`` every case of its game listing any of ``cases_for`` (from
    ``cases``, default those in ``conformance/vectors``), ``hands`` corpus hands from ``seed``
    and the other side's corpus traces ``replay`` with their own actions, all through the
    reference engine."""
    chosen = get_profile(profile)
    if cases is None:
        cases = load_cases()[0]
    engine = ReferenceEngine()
    traces: dict[str, Trace] = {}
    for case in applicable(cases, chosen.game, cases_for):
        traces[case.id] = case_trace(case, profile, engine)
    for hand in corpus(chosen.game, profile, hands, seed):
        traces[hand.label] = corpus_trace(hand, engine)
    replays = {str(t["id"]): replay_trace(t, chosen.game, profile, engine) for t in replay}
    engine.close()
    listed = {c.id: list(c.profiles) for c in applicable(cases, chosen.game, cases_for)}
    return Side(profile, profile, chosen.game, [str(r) for r in chosen.changes], traces, replays, listed,
                parameters=parameter_values(chosen.rules),
                parameter_rules=dict(parameter_rules(type(chosen.rules))))


def _seat_amounts(outcome: Json, key: str) -> dict[str, Json]:
    if isinstance(outcome, dict) and isinstance(outcome.get(key), dict):
        return dict(cast(dict[str, Json], outcome[key]))
    return {}


def _json(value: Json) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def outcome_summary(a: Json, b: Json, label_a: str, label_b: str) -> list[str]:
    """Who gets what on each side; then any other outcome key that differs."""
    lines: list[str] = []
    received_a, received_b = _seat_amounts(a, "received"), _seat_amounts(b, "received")
    if received_a != received_b:
        seats = sorted(set(received_a) | set(received_b), key=lambda s: int(s[1:]))
        lines.append(f"received: {label_a} " + ", ".join(f"{s} {received_a.get(s, '-')}" for s in seats))
        lines.append(f"          {label_b} " + ", ".join(f"{s} {received_b.get(s, '-')}" for s in seats))
    keys_a = a if isinstance(a, dict) else {}
    keys_b = b if isinstance(b, dict) else {}
    for key in sorted(set(keys_a) | set(keys_b)):
        if key in ("received", "net") or keys_a.get(key) == keys_b.get(key):
            continue
        lines.append(f"{key}: {label_a} {_json(keys_a.get(key))}")
        lines.append(f"{' ' * len(key)}  {label_b} {_json(keys_b.get(key))}")
    if not isinstance(a, dict) or not isinstance(b, dict):
        lines.append(f"outcome: {label_a} {_json(a)} | {label_b} {_json(b)}")
    return lines


def step_summary(a: Json, b: Json, label_a: str, label_b: str) -> list[str]:
    """What differs in one step: listings as added/removed actions, other keys side by side."""
    if not isinstance(a, dict) or not isinstance(b, dict):
        missing = label_a if a is None else label_b
        present = b if a is None else a
        return [f"{missing} has no such step; the other side goes on with {_json(present)}"]
    lines: list[str] = []
    for verb in ("act", "reject"):
        if verb in a and a.get(verb) == b.get(verb):
            lines.append(f"{verb}: {a[verb]} (on both sides)")
    for key in sorted(set(a) | set(b)):
        va, vb = a.get(key), b.get(key)
        if va == vb:
            continue
        if isinstance(va, list) and isinstance(vb, list) and key in ("legal", "to_act"):
            only_a = sorted(set(map(str, va)) - set(map(str, vb)))
            only_b = sorted(set(map(str, vb)) - set(map(str, va)))
            sides = ((label_a, only_a), (label_b, only_b))
            parts = [f"only under {label} {only}" for label, only in sides if only]
            lines.append(f"{key}: " + "; ".join(parts))
        else:
            lines.append(f"{key}: {label_a} {_json(va)} | {label_b} {_json(vb)}")
    return lines


def _received(outcome: Json) -> Json:
    """Who wins what: the ``received`` amounts, a refusal's error code (its message may change
    with the rules' amounts), or the whole outcome (a core reply)."""
    if isinstance(outcome, dict) and "received" not in outcome and "error" in outcome:
        return cast(Json, outcome["error"])
    return outcome.get("received", outcome) if isinstance(outcome, dict) else outcome


def _refused(trace: Trace) -> dict[str, Json] | None:
    outcome = trace.get("outcome")
    if not trace.get("steps") and isinstance(outcome, dict) and "error" in outcome:
        return dict(outcome)
    return None


def _refusal(label: str, outcome: dict[str, Json]) -> str:
    reason = outcome.get("reason")
    return f"setup refused under {label}: {outcome.get('error')}" + (f" ({reason})" if reason else "")


def differences(a: Trace, b: Trace, label_a: str, label_b: str) -> list[Difference]:
    """Every difference of two traces of the same case or hand: a refused setup, a core reply,
    each differing step (by index: after the first, the sides may play different hands) and the
    outcome."""
    if "reply" in a or "reply" in b:
        if a.get("reply") == b.get("reply"):
            return []
        return [Difference("reply", 0, [f"reply: {label_a} {_json(a.get('reply'))}",
                                        f"       {label_b} {_json(b.get('reply'))}"],
                           a.get("reply"), b.get("reply"))]
    refused_a, refused_b = _refused(a), _refused(b)
    if (refused_a or refused_b) and refused_a != refused_b:
        sides = ((label_a, refused_a), (label_b, refused_b))
        lines = [_refusal(label, r) if r else f"{label} deals the hand" for label, r in sides]
        return [Difference("setup", None, lines, refused_a, refused_b)]
    found: list[Difference] = []
    steps_a = cast(list[Json], a.get("steps", []))
    steps_b = cast(list[Json], b.get("steps", []))
    for i in range(max(len(steps_a), len(steps_b))):
        sa = steps_a[i] if i < len(steps_a) else None
        sb = steps_b[i] if i < len(steps_b) else None
        if sa != sb:
            found.append(Difference("step", i, step_summary(sa, sb, label_a, label_b), sa, sb))
    if a.get("outcome") != b.get("outcome"):
        found.append(Difference("outcome", None,
                                outcome_summary(a.get("outcome"), b.get("outcome"), label_a, label_b),
                                a.get("outcome"), b.get("outcome")))
    return found


def attribute(game: str, first: Difference, before: Json) -> str:
    """The rule behind a difference (``pokerspec.fuzz.classes.rule_for``): a listing by the verb
    of the action it gains or loses and the phase the hand stood in, an outcome by its first
    differing key, a refused setup by the rule behind its error code. ``before`` is the step before."""
    from pokerspec.fuzz.classes import rule_for  # imported late: an older checkout's side lacks it

    phase = str(before.get("phase", "")) if isinstance(before, dict) else ""
    if first.where == "setup":
        refused = first.a if isinstance(first.a, dict) else first.b
        code = refused.get("error") if isinstance(refused, dict) else None
        return rule_for(game, "setup", str(code), None, phase)
    if first.where == "outcome":
        a = first.a if isinstance(first.a, dict) else {}
        b = first.b if isinstance(first.b, dict) else {}
        keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k) and k not in ("received", "net")]
        return rule_for(game, "outcome", keys[0] if keys else "net", None, phase)
    sa = first.a if isinstance(first.a, dict) else {}
    sb = first.b if isinstance(first.b, dict) else {}
    listed_a, listed_b = set(map(str, sa.get("legal", []) or [])), set(map(str, sb.get("legal", []) or []))
    moved = sorted(listed_a ^ listed_b)
    if moved:
        return rule_for(game, "legal", "actions", moved[0].split()[1], phase)
    if sa.get("to_act") != sb.get("to_act"):
        return rule_for(game, "legal", "to_act", None, phase)
    act = str(sa.get("act") or sb.get("act") or "")
    verb = act.split()[1] if len(act.split()) > 1 else None
    field = next((k for k in ("result", *OBSERVED) if sa.get(k) != sb.get(k)), "result")
    return rule_for(game, "act" if field == "result" else "observe", field, verb, phase)


def _filed(game: str, first: Difference, before: Json, case_rules: Sequence[str], moved: Moved) -> list[str]:
    """The moved rules one difference is filed under: the only one; for rules a profile declares,
    those the case pins, else all; for rules a parameter or code change moved, the one behind the
    difference (``attribute``), else that of a parameter its text names (a refusal citing the
    reserve), or a word of whose name it holds (``bid 4`` refused, ``max_bid``), else those the
    case pins, else all."""
    rules = moved.rules
    pinned = [r for r in case_rules if r in rules]
    if len(rules) <= 1 or moved.declared:
        return pinned or list(rules)
    guess = attribute(game, first, before) if game else None
    if guess in rules:
        return [str(guess)]
    text = " ".join(first.summary).replace("_", " ")
    whole = {name: [name.replace("_", " ")] for name in moved.parameters}
    parts = {name: [w for w in name.split("_") if len(w) > 2 and w not in VAGUE] for name in moved.parameters}
    for spellings in (whole, parts):
        named = sorted({moved.parameters[name] for name, words in spellings.items()
                        if any(re.search(r"\b" + re.escape(w) + r"\b", text) for w in words)})
        if named:
            return named
    return pinned or list(rules)


def compare_traces(key: str, a: Trace | None, b: Trace | None, label_a: str, label_b: str,
                   changed_rules: Sequence[str] | Moved, game: str = "") -> Change | None:
    """How two traces of the same case or hand differ (None: they do not), put down to the rules
    that changed (``changed_rules``, filed by ``_filed``), else the rule behind the first
    difference. A setup refused on both sides with the same code has the same outcome whatever
    its message says."""
    moved = changed_rules if isinstance(changed_rules, Moved) else Moved(list(changed_rules), True)
    some = cast(Trace, a if a is not None else b)
    kind = str(some.get("kind"))
    case_rules = [str(r) for r in cast(list[Json], some.get("rules", []))]
    if a is None or b is None:
        where = f"only under {label_b if a is None else label_a}"
        rules = [r for r in case_rules if r in moved.rules] or list(moved.rules)
        return Change(key, kind, rules, "presence", None, [where], a, b)
    found = differences(a, b, label_a, label_b)
    if not found:
        return None
    first = found[0]
    steps = cast(list[Json], a.get("steps", []))
    before = steps[first.step - 1] if first.step and first.step <= len(steps) else None
    rules = _filed(game, first, before, case_rules, moved)
    if not rules and game:
        rules = [attribute(game, first, before)]
    won_a, won_b = _received(a.get("outcome", a.get("reply"))), _received(b.get("outcome", b.get("reply")))
    return Change(key, kind, rules or case_rules[:1], first.where, first.step, first.summary, first.a,
                  first.b, found, won_a != won_b)


@dataclass(slots=True)
class Moved:
    """The rules a change moved (``rules``): ``declared`` by the profiles, or those of the
    ``parameters`` whose values differ (name: rule) and of the reference code that differs."""

    rules: list[str]
    declared: bool
    parameters: dict[str, str] = field(default_factory=dict)


def moved_rules(a: Side, b: Side) -> Moved:
    """The rules one profile changes and the other does not; else those of the parameters whose
    values differ and of the functions whose code differs between the two sides' checkouts
    (``pokerspec.regress.moved``); else every rule the profile changes."""
    declared = sorted(set(a.changes) ^ set(b.changes))
    if declared:
        return Moved(declared, True)
    parameters = {name: b.parameter_rules.get(name) or a.parameter_rules.get(name, "")
                  for name in sorted(set(a.parameters) | set(b.parameters))
                  if a.parameters.get(name) != b.parameters.get(name)}
    rules = list(dict.fromkeys(r for r in parameters.values() if r))
    if a.tree is not None and b.tree is not None:
        rules += [r for r in code_rules(a.tree, b.tree) if r not in rules]
    if rules:
        return Moved(rules, False, {n: r for n, r in parameters.items() if r})
    return Moved(sorted(set(a.changes) | set(b.changes)), True)


def compare(a: Side, b: Side) -> Report:
    """Every case or hand that behaves differently on the two sides (A's order, then B's
    extras), put down to the rules the change moved (``moved_rules``), or else to the rule
    behind its first difference; and A's random hands replayed under B."""
    report = Report(a, b)
    changed_rules = moved_rules(a, b)
    label_a, label_b = a.label, b.label
    if label_a == label_b:
        label_a, label_b = f"{label_a} (A)", f"{label_b} (B)"
    for key in [*a.traces, *(k for k in b.traces if k not in a.traces)]:
        change = compare_traces(key, a.traces.get(key), b.traces.get(key), label_a, label_b, changed_rules,
                                a.game)
        if change is not None:
            report.changes.append(change)
    for key, replayed in b.replays.items():
        change = compare_traces(key, a.traces.get(key), replayed, label_a, label_b, changed_rules, a.game)
        if change is not None:
            change.kind = "replay"
            report.replayed.append(change)
    return report


def replayed_section(report: Report) -> list[str]:
    """A footprint that survives a changed listing: A's random hands played under B with A's
    own actions, so a new or lost legal action no longer moves every later random choice."""
    counts = report.counts()
    if not counts["replayed"]:
        return []
    lines = [f"A's {counts['replayed']} random hands replayed under B with the same actions: "
             f"{counts['replayed_changed']} differ, {counts['replayed_outcome']} in their outcome"]
    groups: dict[str, list[Change]] = {}
    for change in report.replayed:
        groups.setdefault(" + ".join(sorted(change.rules)) or UNATTRIBUTED, []).append(change)
    for rule, changes in sorted(groups.items()):
        kinds = {"listing": 0, "refused": 0, "outcome": 0}
        for c in changes:
            steps = [d for d in c.differences if d.where == "step"]
            if any(isinstance(d.b, dict) and d.b.get("result") != "ok" for d in steps):
                kinds["refused"] += 1
            if steps:
                kinds["listing"] += 1
            kinds["outcome"] += c.outcome_changed
        lines.append(f"  {rule}: {len(changes)} hands — {kinds['listing']} with a changed step, "
                     f"{kinds['refused']} with an action B refuses, {kinds['outcome']} with a changed "
                     "outcome")
    return lines


def proposals_section(report: Report) -> list[str]:
    """For a new profile: the existing cases whose expectations do not change under it."""
    lines: list[str] = []
    for profile, cases in report.proposals().items():
        lines.append(f"{len(cases)} case(s) behave the same under {profile} but do not list it; their "
                     f"expectations hold there too — add {profile} to their \"profiles\" "
                     "when they pin a rule it keeps:")
        lines.extend(f"  {', '.join(cases[i:i + 6])}" for i in range(0, len(cases), 6))
    return lines


FOOTPRINTS.extend((replayed_section, proposals_section))


def render(report: Report, limit: int | None = SHOWN) -> str:
    counts = report.counts()
    lines = [
        f"pokerspec diff {report.a.label} -> {report.b.label}: "
        f"{counts['changed_cases']} of {counts['cases']} cases and "
        f"{counts['changed_hands']} of {counts['hands']} random hands changed; in their outcome (who "
        f"receives what): {counts['outcome_cases']} cases, {counts['outcome_hands']} random hands",
    ]
    for side in (report.a, report.b):
        if side.bad:
            lines.append(f"{side.label}: {len(side.bad)} case file(s) could not be read there, so they are "
                         f"missing from its traces; the first: {side.bad[0]}")
    if not report.changes:
        lines.append("no behaviour changed")
    groups = sorted(report.by_rule().items(), key=lambda g: not any(c.outcome_changed for c in g[1]))
    for rule, changes in groups:
        outcome = sum(c.outcome_changed for c in changes)
        lines.append("")
        lines.append(f"{rule}  ({len(changes)} changed, {outcome} in their outcome)")
        ordered = sorted(changes, key=lambda c: (c.kind == "corpus", not c.outcome_changed))
        kept = [c for c in ordered if c.outcome_changed and c.kind != "corpus"]
        rest = [c for c in ordered if c not in kept]
        shown = kept + rest[:None if limit is None else max(0, limit - len(kept))]
        for change in shown:
            lines.append(f"  {change.headline()}")
            lines.extend(f"      {line}" for line in change.summary)
            last = change.differences[-1] if change.differences else None
            if change.outcome_changed and last is not None and last.where == "outcome" \
                    and len(change.differences) > 1:
                lines.append("      then the outcome:")
                lines.extend(f"      {line}" for line in last.summary)
        if len(changes) > len(shown):
            left = [c for c in rest if c not in shown]
            hands = sum(c.outcome_changed for c in left)
            note = f", {hands} random hands changed in their outcome" if hands else ""
            lines.append(f"  ... and {len(left)} more{note} (--all or --json lists them all)")
    for section in FOOTPRINTS:
        extra = section(report)
        if extra:
            lines += ["", *extra]
    if any(len(c.differences) > 1 for c in report.changes):
        lines += ["", "every difference of each hand: --json (\"differences\")"]
    return "\n".join(lines)


DUMP = (
    "import sys, types, pokerspec; "
    "driver = types.ModuleType('pokerspec.regress'); driver.__path__ = [sys.argv.pop(1)]; "
    "sys.modules['pokerspec.regress'] = pokerspec.regress = driver; "
    "from pokerspec.regress.diff import dump_main; sys.exit(dump_main(sys.argv[1:]))"
)
"""Run in the other checkout: its own ``pokerspec`` (rules, engines, cases) with *this*
checkout's ``pokerspec.regress`` (corpus, random choices, traces), so that only the rules can
make the two sides differ, and a version older than ``pokerspec diff`` can be traced too."""


def dump_main(argv: Sequence[str]) -> int:
    """Entry point run inside another checkout: print one side's traces as JSON."""
    parser = argparse.ArgumentParser(prog="pokerspec-diff-dump")
    parser.add_argument("--profile", required=True)
    parser.add_argument("--cases-for", required=True)
    parser.add_argument("--hands", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--vectors", action="append", default=[])
    parser.add_argument("--replay", help="a JSON file of the other side's random hands to play again")
    args = parser.parse_args(argv)
    cases, bad = load_cases([VECTORS, *map(Path, args.vectors)])
    replay = json.loads(Path(args.replay).read_text(encoding="utf-8")) if args.replay else []
    side = collect(args.profile, args.cases_for.split(","), args.hands, args.seed, cases, replay)
    json.dump({"profile": side.profile, "game": side.game, "changes": side.changes, "traces": side.traces,
               "replays": side.replays, "listed": side.listed, "parameters": side.parameters,
               "parameter_rules": side.parameter_rules,
               "bad": [f"{b.path}: {b.field or '(file)'}: {b.message}" for b in bad]}, sys.stdout)
    return 0


def repository(where: Path) -> Path:
    """The top of the git work tree that holds ``where``; ``ValueError`` if there is none."""
    done = subprocess.run(["git", "-C", str(where), "rev-parse", "--show-toplevel"], capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise ValueError(f"{where} is not in a git repository: --rev-a/--rev-b name revisions of the "
                         "repository you stand in, or of --repo DIR")
    return Path(done.stdout.strip())


def checkout(rev: str, into: Path, repo: Path) -> Path:
    """Extract the committed tree of ``rev`` of ``repo`` into ``into`` (``git archive``; the
    repository and its work tree are left untouched). ``rev`` is resolved to a commit first
    (``--end-of-options``: a name such as ``--output=FILE`` never reaches git as an option)."""
    if not rev or rev.startswith("-") or any(c.isspace() or not c.isprintable() for c in rev):
        raise ValueError(f"{rev!r} is not a revision name (a branch, tag or commit; never an option)")
    known = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", "--end-of-options",
                            f"{rev}^{{commit}}"], capture_output=True, text=True, check=False)
    if known.returncode != 0:
        raise ValueError(f"no revision {rev!r} in {repo}")
    commit = known.stdout.strip()
    archive = into / "tree.tar"
    with archive.open("wb") as out:
        done = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", commit], stdout=out,
                              stderr=subprocess.PIPE, check=False)
    if done.returncode != 0:
        raise ValueError(f"no revision {rev!r} in {repo}: {done.stderr.decode(errors='replace').strip()}")
    tree = into / "tree"
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")
    return tree


def collect_in(tree: Path, label: str, profile: str, cases_for: Sequence[str], hands: int, seed: int,
               vectors: Sequence[Path], replay: Sequence[Trace] = ()) -> Side:
    """Run ``dump_main`` with ``tree``'s own code (its ``reference/`` first on the path) and
    this checkout's driver (``DUMP``); ``replay``: the other side's random hands to play again."""
    if not (tree / "reference" / "pokerspec").is_dir():
        raise ValueError(f"{label}: {tree} holds no reference/pokerspec (not a pokerspec checkout)")
    env = dict(os.environ, PYTHONPATH=str(tree / "reference"))
    driver = str(Path(__file__).resolve().parent)
    cmd = [sys.executable, "-c", DUMP, driver, "--profile", profile, "--cases-for", ",".join(cases_for),
           "--hands", str(hands), "--seed", str(seed)]
    for extra in vectors:
        cmd += ["--vectors", str(extra.resolve())]
    with tempfile.TemporaryDirectory(prefix="pokerspec-replay-") as tmp:
        if replay:
            (Path(tmp) / "replay.json").write_text(json.dumps(list(replay)), encoding="utf-8")
            cmd += ["--replay", str(Path(tmp) / "replay.json")]
        done = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise RuntimeError(f"tracing in {label} failed:\n{tail}")
    data = json.loads(done.stdout)
    return Side(label, str(data["profile"]), str(data["game"]), [str(c) for c in data["changes"]],
                cast(dict[str, Trace], data["traces"]), cast(dict[str, Trace], data.get("replays", {})),
                cast(dict[str, list[str]], data.get("listed", {})), [str(b) for b in data.get("bad", [])],
                cast(dict[str, str], data.get("parameters", {})),
                cast(dict[str, str], data.get("parameter_rules", {})), tree)


PROFILES_IN = ("import json; from pokerspec.profiles import all_profiles; "
               "print(json.dumps(sorted(all_profiles())))")
"""Run in another checkout: the names of its profiles."""


def profiles_in(tree: Path, label: str) -> list[str]:
    """The profiles the checkout ``tree`` has, by its own code."""
    env = dict(os.environ, PYTHONPATH=str(tree / "reference"))
    done = subprocess.run([sys.executable, "-c", PROFILES_IN], cwd=tree, env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-3:])
        raise RuntimeError(f"listing the profiles of {label} failed:\n{tail}")
    return [str(p) for p in json.loads(done.stdout)]


@dataclass(slots=True)
class Run:
    """What one ``pokerspec diff`` compared: a report per pair of profiles, and the profiles only
    one revision has (not compared)."""

    reports: list[Report]
    one_side: dict[str, list[str]] = field(default_factory=dict)


def run(args: argparse.Namespace) -> Run:
    """Compare the two profiles named, or (between two revisions or directories) one profile
    named under both, or every profile both have."""
    vectors = [Path(v) for v in args.vectors]
    missing = [str(v) for v in vectors if not v.exists()]
    if missing:
        raise ValueError(f"no such case directory or file: {', '.join(missing)}")
    if args.hands < 0:
        raise ValueError(f"--hands {args.hands}: give a number of hands, 0 or more")
    for directory in (args.dir_a, args.dir_b):
        if directory and not Path(directory).is_dir():
            raise ValueError(f"no such directory: {directory}")
    if args.rev_a or args.rev_b or args.dir_a or args.dir_b:
        needs_repo = bool(args.rev_a or args.rev_b) or not (args.dir_a and args.dir_b)
        if needs_repo and not (args.rev_a or args.rev_b):
            given = "--dir-a" if args.dir_a else "--dir-b"
            try:
                repo = repository(Path(args.repo or "."))
            except ValueError:
                raise ValueError(f"{given} alone compares with the work tree, and {args.repo or '.'} is in "
                                 "no git repository: give both --dir-a and --dir-b (or --repo DIR)") from None
        else:
            repo = repository(Path(args.repo or ".")) if needs_repo else Path(".")
        with tempfile.TemporaryDirectory(prefix="pokerspec-diff-") as tmp:
            trees: list[tuple[Path, str]] = []
            for i, (rev, directory) in enumerate(((args.rev_a, args.dir_a), (args.rev_b, args.dir_b))):
                if rev:
                    into = Path(tmp) / f"side-{i}"
                    into.mkdir()
                    trees.append((checkout(rev, into, repo), rev))
                else:
                    trees.append((Path(directory).resolve() if directory else repo, directory or "work tree"))
            done = Run([])
            if args.profile_a:
                pairs = [(args.profile_a, args.profile_b or args.profile_a)]
            else:
                names = [profiles_in(tree, at) for tree, at in trees]
                pairs = [(p, p) for p in names[0] if p in names[1]]
                for (_, at), mine, other in ((trees[0], names[0], names[1]), (trees[1], names[1], names[0])):
                    if only := [p for p in mine if p not in other]:
                        done.one_side[at] = only
            for pair in pairs:
                sides: list[Side] = []
                for (tree, at), profile in zip(trees, pair, strict=True):
                    replay = _hands(sides[0]) if sides else []
                    sides.append(collect_in(tree, f"{profile}@{at}", profile, list(pair), args.hands,
                                            args.seed, vectors, replay))
                done.reports.append(compare(sides[0], sides[1]))
            return done
    if not (args.profile_a and args.profile_b):
        raise ValueError("name two profiles (PROFILE_A PROFILE_B), or compare two revisions or directories "
                         "(--rev-a/--rev-b, --dir-a/--dir-b) for one profile or every profile")
    game_a, game_b = get_profile(args.profile_a).game, get_profile(args.profile_b).game
    if game_a != game_b:
        raise ValueError(f"{args.profile_a} is for {game_a} and {args.profile_b} for {game_b}: "
                         "profiles of different games cannot be compared")
    cases_for = [args.profile_a, args.profile_b]
    cases, bad = load_cases([VECTORS, *vectors])
    if bad:
        raise ValueError(f"--vectors: {len(bad)} bad case file(s), which would be missing from the traces; "
                         f"the first: {bad[0].path}: {bad[0].field or '(file)'}: {bad[0].message}")
    a = collect(args.profile_a, cases_for, args.hands, args.seed, cases)
    b = collect(args.profile_b, cases_for, args.hands, args.seed, cases, _hands(a))
    return Run([compare(a, b)])


def _hands(side: Side) -> list[Trace]:
    """A side's random hands, for the other side to replay."""
    return [t for t in side.traces.values() if t.get("kind") == "corpus"]


def handler(args: argparse.Namespace) -> int:
    if args.suite is not None:
        return _suite_diff(args)
    try:
        for option, rev in (("--rev-a", args.rev_a), ("--rev-b", args.rev_b)):
            if rev is not None and not rev.strip():
                raise ValueError(f"{option}: an empty revision; name a branch, tag or commit")
        done = run(args)
    except (UnknownProfile, RuntimeError, CorpusError, subprocess.CalledProcessError, OSError,
            ValueError) as exc:
        detail = exc.stderr.decode(errors="replace").strip() if isinstance(
            exc, subprocess.CalledProcessError) and exc.stderr else ""
        text = str(exc.args[0]) if isinstance(exc, UnknownProfile) else str(exc)
        print(f"pokerspec diff: {text} {detail}".strip(), file=sys.stderr)
        return 2
    from pokerspec.perft.footprint import section

    footprints = perft_footprint(args)
    one_side = [f"only under {at}, not compared: {', '.join(names)}" for at, names in done.one_side.items()]
    if args.json:
        perft_json: list[Json] = [f.to_json() for f in footprints]
        if args.profile_a:
            print(json.dumps({**done.reports[0].to_json(), "perft": perft_json}, indent=2,
                             ensure_ascii=False))
        else:
            print(json.dumps({"reports": [r.to_json() for r in done.reports], "perft": perft_json,
                              "not_compared": {at: list(n) for at, n in done.one_side.items()}},
                             indent=2, ensure_ascii=False))
    else:
        print("\n\n".join([*(render(r, None if args.all else SHOWN) for r in done.reports), *one_side]))
        print("\n".join(section(footprints)))
    changed = any(r.changes for r in done.reports)
    return 1 if changed or any(f.first is not None for f in footprints) else 0


def _suite_diff(args: argparse.Namespace) -> int:
    """``--suite OLD`` (pokerspec.regress.suite_diff), which takes no profile."""
    from pokerspec.regress import suite_diff

    if args.profile_a is not None or args.rev_a or args.rev_b or args.dir_a or args.dir_b:
        print("pokerspec diff: --suite OLD compares cases and takes no profile, --rev-* or --dir-*",
              file=sys.stderr)
        return 2
    try:
        return suite_diff.run(args.suite, args.json)
    except (ValueError, OSError) as exc:
        print(f"pokerspec diff: {exc}", file=sys.stderr)
        return 2


def perft_footprint(args: argparse.Namespace) -> list[PerftFootprint]:
    """The rule change's footprint on the standard positions' trees (``pokerspec.perft.footprint``):
    both profiles walked in this checkout, or two revisions' published tables. Imported here, not
    at the top: a revision's own diff module (``dump_main``) may predate perft."""
    from pokerspec.perft import footprint as perft

    if args.rev_a or args.rev_b or args.dir_a or args.dir_b:
        repo = Path(args.repo or ".")
        return perft.between_tables(perft.read_side(args.rev_a, args.dir_a, repo),
                                    perft.read_side(args.rev_b, args.dir_b, repo))
    return perft.between_profiles(args.profile_a, args.profile_b)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = subparsers.add_parser(
        name, help="show which cases and random hands change between two profiles or revisions",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("profile_a", metavar="PROFILE_A", nargs="?",
                        help="between two revisions or directories: default every profile both have")
    parser.add_argument("profile_b", metavar="PROFILE_B", nargs="?", help="default PROFILE_A")
    parser.add_argument("--suite", metavar="OLD",
                        help="instead of profiles: the cases added, removed and changed since OLD (a "
                        "released suite version, a pokerspec-cases-VERSION.tar.gz or a directory of cases)")
    parser.add_argument("--hands", type=int, default=200, help="random legal hands to compare (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random corpus (default 1)")
    parser.add_argument("--json", action="store_true", help="print a JSON report for tools")
    parser.add_argument("--all", action="store_true", help=f"list every change, not {SHOWN} per rule")
    parser.add_argument("--vectors", action="append", default=[], metavar="DIR",
                        help="another directory of cases to include (repeatable)")
    revs = parser.add_argument_group("comparing two versions of the rules (the same profile usually)")
    revs.add_argument("--rev-a", metavar="REV", help="git revision whose code traces PROFILE_A")
    revs.add_argument("--rev-b", metavar="REV", help="git revision whose code traces PROFILE_B")
    revs.add_argument("--dir-a", metavar="DIR", help="project directory whose code traces PROFILE_A")
    revs.add_argument("--dir-b", metavar="DIR", help="project directory whose code traces PROFILE_B")
    revs.add_argument("--repo", metavar="DIR",
                      help="the git repository of --rev-a/--rev-b and of the work tree (default: the one "
                      "you stand in)")
    parser.set_defaults(handler=handler)
