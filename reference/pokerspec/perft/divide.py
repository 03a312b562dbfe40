"""Divide: walk a disagreement down to the first node where an engine and the reference differ,
and write it as a case (``core.perft.divide``) that names, on the step that differs, the rule of
the listing or the award that differs there (``Difference.rule``).

At a position whose counts differ, the children are compared one by one (their subtree counts
to one depth less); the first child that differs is the next position, until the listings or
the outcome differ at the node itself. That node's action sequence, replayed from the setup, is
the smallest case that shows the difference. When the engine refuses an action on the way (of
the position's own prefix or of the path divided), the walk ends at that refusal: the case
replays every action before it, expects the reference's listing there, and plays the refused
action (``Refusal``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pokerspec.conformance.protocol import EngineFailure
from pokerspec.core.game import Json
from pokerspec.core.types import RuleId
from pokerspec.fuzz.classes import rule_for
from pokerspec.perft.positions import Position
from pokerspec.perft.tree import OUTCOME_KEYS, Node, ReferenceTree, Refused, Tree


@dataclass(frozen=True, slots=True)
class Difference:
    """Where two trees first differ: the actions from the position, what differs (``legal`` for
    the listing, ``outcome`` for the award, ``counts`` when no child explains it), and both nodes."""

    prefix: tuple[str, ...]
    what: str
    ours: Node
    theirs: Node
    detail: str = ""
    """Where the nodes differ, as a judged walk found it (else worked out from the nodes)."""

    def describe(self) -> str:
        if self.detail:
            return self.detail
        if self.what == "legal":
            extra = sorted(set(self.theirs.children) - set(self.ours.children))
            missing = sorted(set(self.ours.children) - set(self.theirs.children))
            parts = [f"lists {', '.join(extra)} that the reference does not"] if extra else []
            parts += [f"does not list {', '.join(missing)}"] if missing else []
            if sorted(self.ours.to_act) != sorted(self.theirs.to_act):
                parts.append(f"has {list(self.theirs.to_act)} to act, not {list(self.ours.to_act)}")
            return "the engine " + "; ".join(parts or ["lists the same actions differently"])
        if self.what == "outcome":
            return f"the hand ends with net {self.theirs.net}, the reference's is {self.ours.net}"
        return "the counts differ but no child's do"

    def rule(self, game: str) -> RuleId:
        """The rule the difference is put on: that of the listing's seats to act or of the raise,
        fold or call it lists differently (``pokerspec.fuzz.classes``), or of the award; with
        only the counts differing, ``core.perft.divide``."""
        if self.what == "outcome":
            return rule_for(game, "outcome", "net", None, "")
        if self.what != "legal":
            return RuleId("core.perft.divide")
        if sorted(self.ours.to_act) != sorted(self.theirs.to_act):
            return rule_for(game, "legal", "to_act", None, "")
        ours, theirs = set(self.ours.children), set(self.theirs.children)
        differing = sorted(ours ^ theirs)
        verb = differing[0].split()[1] if differing and len(differing[0].split()) > 1 else None
        raises = [any(" cbr " in f"{c} " for c in side) for side in (ours, theirs)]
        return rule_for(game, "legal", "actions", "cbr:none" if verb == "cbr" and raises[0] != raises[1]
                        else verb, "")



@dataclass(frozen=True, slots=True)
class Refusal:
    """The engine refused ``action``, which the reference lists after ``before`` (every action
    from the setup, the position's own included), with ``reason``; ``ours`` is the reference's
    node there."""

    before: tuple[str, ...]
    action: str
    reason: str
    ours: Node

    def describe(self) -> str:
        return f"the engine refuses {self.action} ({self.reason}), which the reference lists"

    def rule(self, game: str) -> RuleId:
        """The rule of the listing the refused action belongs to (``pokerspec.fuzz.classes``)."""
        words = self.action.split()
        return rule_for(game, "legal", "actions", words[1] if len(words) > 1 else None, "")


def divide(reference: Tree, engine: Tree, prefix: Sequence[str], depth: int) -> Difference | Refusal:
    """The first node below ``prefix`` (within ``depth``) where ``engine`` and ``reference`` differ,
    or the first action on the way that the engine refuses; call it where the counts to ``depth``
    already differ (or the engine failed walking them)."""
    at = tuple(prefix)
    while True:
        ours = reference.node(at)
        try:
            theirs = engine.node(at)
        except Refused as refused:
            return _refusal(reference.position, (*reference.position.actions, *at), refused)
        if sorted(ours.children) != sorted(theirs.children) or sorted(ours.to_act) != sorted(theirs.to_act):
            return Difference(at, "legal", ours, theirs)
        if ours.net != theirs.net:
            return Difference(at, "outcome", ours, theirs)
        for child in sorted(ours.children):
            if depth > 0 and _differs(reference, engine, (*at, child), depth - 1):
                at, depth = (*at, child), depth - 1
                break
        else:
            return Difference(at, "counts", ours, theirs)


def _refusal(position: Position, path: tuple[str, ...], refused: Refused) -> Refusal:
    """The refusal met replaying ``path`` (its batch: the setup, then one request per action)."""
    where = min(max(refused.index - 1, 0), len(path) - 1) if path else 0
    before = path[:where]
    tree = ReferenceTree(replace(position, actions=before))
    return Refusal(before, refused.action, refused.reason, tree.node(()))


def _differs(reference: Tree, engine: Tree, prefix: tuple[str, ...], depth: int) -> bool:
    """Whether the subtrees differ; an engine that fails inside one (refusing an action it listed,
    an unreadable reply) differs there."""
    ours = reference.counts(prefix, depth)
    try:
        return not ours.same(engine.counts(prefix, depth))
    except EngineFailure:
        return True


def finish(reference: Tree, prefix: Sequence[str]) -> tuple[list[str], dict[str, Json]]:
    """The reference's simplest way on from ``prefix`` to the end of the hand (check or call,
    stand pat, show; else the first listed), and its outcome."""
    played: list[str] = []
    while True:
        node = reference.node((*prefix, *played))
        if node.outcome is not None:
            return played, dict(node.outcome)
        choice = next((c for verb in (" cc ", " sd", " sm") for c in node.children if verb in c + " "),
                      node.children[0])
        played.append(choice)


def refusal_case(reference: Tree, found: Refusal, engine_name: str, number: int) -> dict[str, Json]:
    """``found`` as a required ``hand`` case: the position's setup, every action before the
    refused one, there the reference's listing, the refused action, then the reference's simplest
    way to the end (its expected values are the reference's, as ``perft_case`` says)."""
    position = reference.position
    rule, divide = found.rule(position.game), RuleId("core.perft.divide")
    note = f"{engine_name} refuses {found.action} here ({found.reason})"[:500]
    steps: list[Json] = [{"act": a, "rule": divide} for a in found.before]
    steps.append({"legal": {"to_act": list(found.ours.to_act), "actions": list(found.ours.listed)},
                  "note": note, "rule": rule})
    steps.append({"act": found.action, "rule": rule})
    after = ReferenceTree(replace(position, actions=found.before))
    rest, outcome = finish(after, (found.action,))
    steps += [{"act": a, "rule": divide} for a in rest]
    expect = {k: outcome[k] for k in ("received", "net") if k in outcome}
    return _case(position, number, engine_name, len(found.before), found.describe(), steps, expect,
                 rule, divide)


def perft_case(reference: Tree, found: Difference, engine_name: str, number: int) -> dict[str, Json]:
    """``found`` as a required ``hand`` case, so that running it against the engine that differs
    fails the run: the position's setup, every action up to the node, there the reference's listing
    (or, at an ending, its outcome), then the reference's simplest way to the end. The expected
    values are the reference's, not yet worked out by hand (the explanation says so)."""
    position = reference.position
    path = [*position.actions, *found.prefix]
    rule, divide = found.rule(position.game), RuleId("core.perft.divide")
    steps: list[Json] = [{"act": a, "rule": divide} for a in path]
    note = f"{engine_name} differs here: {found.describe()}"[:500]
    rest, outcome = finish(reference, found.prefix)
    if found.what == "outcome":
        reported = found.theirs.outcome or {}
        expect: dict[str, Json] = {k: v for k, v in outcome.items() if k in OUTCOME_KEYS or k in reported}
        if steps:
            steps[-1] = {"act": path[-1], "note": note, "rule": divide}
    else:
        steps.append({"legal": {"to_act": list(found.ours.to_act), "actions": list(found.ours.listed)},
                      "note": note, "rule": rule})
        expect = {k: outcome[k] for k in ("received", "net") if k in outcome}
    steps += [{"act": a, "rule": divide} for a in rest]
    pinned = rule if found.what == "outcome" else divide
    return _case(position, number, engine_name, len(path), found.describe(), steps, expect, rule, pinned,
                 f"{len(found.prefix)} actions below the position")


def _case(position: Position, number: int, engine_name: str, actions: int, what: str, steps: list[Json],
          expect: dict[str, Json], rule: RuleId, pinned: RuleId, where: str = "") -> dict[str, Json]:
    """The case perft divide writes, its steps and expected values given; ``rule`` is the rule of
    what differs, ``pinned`` the rule of every expected outcome key."""
    return {
        "format": 1,
        "id": f"{position.game}-perft-{number:04d}",
        "title": f"Perft divide: {engine_name} differs from the reference after {actions} actions",
        "explanation": (
            f"Generated by perft divide (pokerspec perft) from the standard position {position.name}: "
            f"the engine under test ({engine_name}) and the reference count different trees there, and "
            f"dividing child by child leads to this node{', ' + where if where else ''}, "
            f"where {what}. A required case, so that an engine that differs fails the run; "
            "its expected values are the reference's answers, NOT yet worked out by hand: check them "
            "against the spec, replace this explanation, and give the case a new "
            "never-used ID before adding it to conformance/vectors/."
        ),
        "rules": list(dict.fromkeys([rule, "core.perft.divide"])),
        "game": position.game,
        "profiles": [position.profile],
        "level": "required",
        "kind": "hand",
        "tags": ["perft", f"perft-position:{position.name}"],
        "setup": dict(position.setup),
        "steps": steps,
        "expect": expect,
        "expect_rules": {k: pinned for k in expect},
    }
