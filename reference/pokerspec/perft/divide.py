"""Divide: walk a disagreement down to the first node where an engine and the reference differ,
and write it as a case (``core.perft.divide``).

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
from pokerspec.perft.positions import Position
from pokerspec.perft.tree import Node, ReferenceTree, Refused, Tree


@dataclass(frozen=True, slots=True)
class Difference:
    """Where two trees first differ: the actions from the position, what differs (``legal`` for
    the listing, ``outcome`` for the award, ``counts`` when no child explains it), and both nodes."""

    prefix: tuple[str, ...]
    what: str
    ours: Node
    theirs: Node

    def describe(self) -> str:
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
    note = f"{engine_name} refuses {found.action} here ({found.reason})"[:500]
    steps: list[Json] = [{"act": a} for a in found.before]
    steps.append({"legal": {"to_act": list(found.ours.to_act), "actions": list(found.ours.listed)},
                  "note": note})
    steps.append({"act": found.action})
    after = ReferenceTree(replace(position, actions=found.before))
    rest, outcome = finish(after, (found.action,))
    steps += [{"act": a} for a in rest]
    expect = {k: outcome[k] for k in ("received", "net") if k in outcome}
    return _case(position, number, engine_name, len(found.before), found.describe(), steps, expect)


def perft_case(reference: Tree, found: Difference, engine_name: str, number: int) -> dict[str, Json]:
    """``found`` as a required ``hand`` case, so that running it against the engine that differs
    fails the run: the position's setup, every action up to the node, there the reference's listing
    (or, at an ending, its outcome), then the reference's simplest way to the end. The expected
    values are the reference's, not yet worked out by hand (the explanation says so)."""
    position = reference.position
    path = [*position.actions, *found.prefix]
    steps: list[Json] = [{"act": a} for a in path]
    note = f"{engine_name} differs here: {found.describe()}"[:500]
    rest, outcome = finish(reference, found.prefix)
    if found.what == "outcome":
        expect: dict[str, Json] = {k: outcome[k] for k in ("received", "net", "pots") if k in outcome}
        if steps:
            steps[-1] = {"act": path[-1], "note": note}
    else:
        steps.append({"legal": {"to_act": list(found.ours.to_act), "actions": list(found.ours.listed)},
                      "note": note})
        expect = {k: outcome[k] for k in ("received", "net") if k in outcome}
    steps += [{"act": a} for a in rest]
    return _case(position, number, engine_name, len(path), found.describe(), steps, expect,
                 f"{len(found.prefix)} actions below the position")


def _case(position: Position, number: int, engine_name: str, actions: int, what: str, steps: list[Json],
          expect: dict[str, Json], where: str = "") -> dict[str, Json]:
    """The case perft divide writes, its steps and expected values given."""
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
        "rules": ["core.perft.divide"],
        "game": position.game,
        "profiles": [position.profile],
        "level": "required",
        "kind": "hand",
        "tags": ["perft", f"perft-position:{position.name}"],
        "setup": dict(position.setup),
        "steps": steps,
        "expect": expect,
    }
