"""In-process engines for the runner's tests, loaded with ``--impl python:<this file>:<Factory>``.

``Scripted`` plays one made-up hand (``scripted/runner-scripted-0001.json``: steps 0..3, then
the outcome, reported as step 4) and can be told to get one thing wrong, so the tests can check
that the runner reports exactly that step. The others break the protocol in ways only an
in-process engine can: raising, or replying with a non-object.
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerspec.conformance.protocol import Message
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json


class Scripted:
    """Follows ``scripted/runner-scripted-0001.json``; ``flaw`` names the one step it gets wrong
    (``""``: none)."""

    def __init__(self, flaw: str = "") -> None:
        self.flaw = flaw
        self.pot = 2

    def close(self) -> None:
        pass

    def handle(self, message: Mapping[str, Json]) -> Message:
        op = message["op"]
        if op == "start":
            return {"protocol": 1, "engine": {"name": f"scripted-{self.flaw or 'ok'}", "version": "0"},
                    "games": ["stud"], "profiles": ["stud-fl-training"],
                    "capabilities": ["hand:stud", "observe:pot"]}
        if op == "new_hand":
            self.pot = 2
            return {"ok": True}
        if op == "legal":
            actions = ["p1 pb 1"] if self.flaw == "legal" else ["p1 cbr 2", "p1 pb 1"]
            return {"to_act": ["p1"], "actions": actions}
        if op == "act" and message["action"] == "p1 pb 1":
            if self.flaw == "act":
                return {"rejected": "illegal_action"}
            self.pot = 3
            return {"ok": True}
        if op == "act":
            if self.flaw == "reject-changes":
                self.pot += 9
            return {"rejected": "over_cap" if self.flaw == "reason" else "wrong_amount"}
        if op == "observe":
            return {"observation": {"pot": self.pot + (1 if self.flaw == "observe" else 0), "phase": "x"}}
        if op == "outcome":
            net = {"p1": 2, "p2": -2} if self.flaw == "outcome" else {"p1": 1, "p2": -1}
            return {"outcome": {"net": net, "received": {"p1": 3, "p2": 0}}}
        return {"error": {"code": "unknown_op"}}


def ok() -> Scripted:
    return Scripted()


def legal() -> Scripted:
    return Scripted("legal")


def act() -> Scripted:
    return Scripted("act")


def observe() -> Scripted:
    return Scripted("observe")


def reason() -> Scripted:
    return Scripted("reason")


def reject_changes() -> Scripted:
    return Scripted("reject-changes")


def outcome() -> Scripted:
    return Scripted("outcome")


class Raising(ReferenceEngine):
    """The reference, except that splitting raises: an in-process crash."""

    def _op_split(self, message: Mapping[str, Json]) -> Message:
        raise RuntimeError("deliberate failure in split")


class NotAnObject(ReferenceEngine):
    """The reference, except that the reply to ``pots`` is a list."""

    def handle(self, message: Mapping[str, Json]) -> Message:
        if message.get("op") == "pots":
            return ["not", "an", "object"]  # type: ignore[return-value]
        return super().handle(message)


class BadShape(ReferenceEngine):
    """The reference, except that ``order`` is a string: a wrong answer, and in ``--strict`` mode
    a protocol violation."""

    def _op_rank(self, message: Mapping[str, Json]) -> Message:
        return {"order": "best first"}
