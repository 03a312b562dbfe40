"""Traces: the rule-relevant observables of one case or corpus hand, as plain JSON.

A trace keeps what the rules decide and nothing else: for every action the seats to act, the
sorted legal actions, the action and whether it was accepted, the phase and the pot after it;
then the outcome (who gets what). Two traces of the same hand are equal exactly when the rules
behaved the same, which is what ``pokerspec diff`` and the golden traces compare.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import cast

from pokerspec.conformance.cases import Case
from pokerspec.conformance.grading import BRANCH_OPS, branch_op
from pokerspec.conformance.protocol import Engine, Message
from pokerspec.core.game import Json
from pokerspec.regress.corpus import MAX_STEPS, Chooser, CorpusError, HandSetup, legal_actions, random_chooser

Trace = dict[str, Json]
OBSERVED = ("phase", "pot")
"""Observation keys recorded after each action (the pot is everything on the table)."""

CORE_OPS = {"notation": "parse", "ranking": "rank", "split": "split", "pots": "pots"}


def _observed(engine: Engine) -> dict[str, Json]:
    observation = engine.handle({"op": "observe"}).get("observation")
    if not isinstance(observation, dict):
        return {}
    return {k: observation[k] for k in OBSERVED if k in observation}


def _error_code(reply: Message) -> Json:
    error = reply.get("error")
    return error.get("code") if isinstance(error, dict) else error


def refused(reply: Message) -> dict[str, Json]:
    """The outcome of a setup the engine refused: its error code and, if it gives one, its reason."""
    error = reply.get("error")
    message = error.get("message") if isinstance(error, dict) else None
    return {"error": _error_code(reply), **({"reason": message} if isinstance(message, str) else {})}


def play(
    engine: Engine, game: str, profile: str, setup: Mapping[str, Json],
    next_action: Callable[[list[str]], tuple[str, str] | None],
) -> tuple[list[Json], Json]:
    """Start a hand and record its steps until ``next_action`` returns None or the hand ends.

    ``next_action(actions)`` gets the sorted legal listing and returns ``("act", text)``,
    ``("reject", text)`` (an action the case expects to be refused), or ``("push", "")`` or
    ``("pop", "")`` (keep the position, go back to it: recorded with the engine's answer, a
    ``pop`` with the phase and pot it goes back to, and sent even once the hand is over). An
    action that is refused when it should not be ends the recording: that is the first
    difference a diff shows.
    """
    reply = engine.handle({"op": "new_hand", "game": game, "profile": profile, "setup": dict(setup)})
    if "error" in reply:
        return [], refused(reply)
    steps: list[Json] = []
    for _ in range(MAX_STEPS):
        to_act, actions = legal_actions(engine.handle({"op": "legal"}))
        chosen = next_action(actions)
        if chosen is None or (not actions and chosen[0] != "pop"):
            break
        kind, text = chosen
        if kind in BRANCH_OPS:
            answer = engine.handle({"op": kind})
            verdict = "ok" if answer.get("ok") is True else str(answer.get("error", answer))
            kept: dict[str, Json] = {kind: True, "result": verdict}
            steps.append({**kept, **_observed(engine)} if kind == "pop" else kept)
            continue
        result = engine.handle({"op": "act", "action": text})
        verdict = "ok" if result.get("ok") is True else str(result.get("rejected", result))
        if kind == "reject":
            steps.append({"reject": text, "result": verdict})
            continue
        step: dict[str, Json] = {"to_act": to_act, "legal": actions, "act": text, "result": verdict}
        step.update(_observed(engine))
        steps.append(step)
        if verdict != "ok":
            break
    else:
        raise CorpusError(f"hand did not end after {MAX_STEPS} actions")
    return steps, engine.handle({"op": "outcome"}).get("outcome")


def script(actions: Iterable[tuple[str, str]]) -> Callable[[list[str]], tuple[str, str] | None]:
    """Follow a fixed list of ``(kind, action)`` pairs, whatever the legal listing says."""
    pending = iter(actions)
    return lambda legal: next(pending, None)


def chosen(engine: Engine, chooser: Chooser) -> Callable[[list[str]], tuple[str, str] | None]:
    """Let ``chooser`` pick every action from the legal listing, until there is none."""
    return lambda legal: ("act", chooser(engine, legal)) if legal else None


def case_trace(case: Case, profile: str | None, engine: Engine) -> Trace:
    """The trace of ``case`` under ``profile``: the reply of a core op, the outcome of a
    showdown, or the steps and outcome of a hand (its ``act``, ``reject``, ``push`` and ``pop``
    steps replayed)."""
    data = case.data
    setup = cast(dict[str, Json], data.get("setup", {}))
    trace: Trace = {"id": case.id, "kind": case.kind, "profile": profile, "rules": list(case.rules)}
    if case.kind in CORE_OPS:
        trace["reply"] = engine.handle({"op": CORE_OPS[case.kind], **setup})
        return trace
    assert profile is not None, "game cases run under a profile"
    if case.kind == "showdown":
        reply = engine.handle({"op": "showdown", "game": case.game, "profile": profile, "setup": setup})
        trace["outcome"] = reply.get("outcome", {"error": _error_code(reply)})
        return trace
    acts: list[tuple[str, str]] = []
    for step in cast(list[dict[str, Json]], data.get("steps", [])):
        if "act" in step:
            acts.append(("act", str(step["act"])))
        elif "reject" in step:
            acts.append(("reject", str(step["reject"])))
        elif branch := branch_op(step):
            acts.append((branch, ""))
    steps, outcome = play(engine, case.game, profile, setup, script(acts))
    trace["steps"] = steps
    trace["outcome"] = outcome
    return trace


def corpus_trace(hand: HandSetup, engine: Engine) -> Trace:
    """The trace of a corpus hand played with its own seeded random choices."""
    chooser = random_chooser(random.Random(f"{hand.seed}-choices"))
    steps, outcome = play(engine, hand.game, hand.profile, hand.setup, chosen(engine, chooser))
    return {"id": hand.label, "kind": "corpus", "profile": hand.profile, "setup": dict(hand.setup),
            "steps": steps, "outcome": outcome}


def replay_trace(trace: Trace, game: str, profile: str, engine: Engine) -> Trace:
    """A corpus hand of another side (``corpus_trace``) played again here with the same actions,
    so the rules alone can make it differ: a changed listing no longer moves the random choices."""
    acts = [("act", str(step["act"])) for step in cast(list[Json], trace.get("steps", []))
            if isinstance(step, dict) and "act" in step]
    setup = cast(dict[str, Json], trace.get("setup", {}))
    steps, outcome = play(engine, game, profile, setup, script(acts))
    return {"id": trace["id"], "kind": "replay", "profile": profile, "setup": dict(setup), "steps": steps,
            "outcome": outcome}


def trace_records(trace: Trace) -> list[dict[str, Json]]:
    """A trace as diff-friendly records, one a line in a golden file: its head (everything but
    the steps and the outcome, with the number of steps), one record per step, then the outcome;
    each names its trace, so a changed step is one changed line."""
    key = trace["id"]
    head: dict[str, Json] = {k: v for k, v in trace.items() if k not in ("steps", "outcome")}
    steps = trace.get("steps")
    if isinstance(steps, list):
        head["steps"] = len(steps)
    records = [head]
    for i, step in enumerate(steps if isinstance(steps, list) else []):
        records.append({"id": key, "step": i, **(step if isinstance(step, dict) else {"value": step})})
    if "outcome" in trace:
        records.append({"id": key, "outcome": trace["outcome"]})
    return records


def join_records(records: Iterable[tuple[int, Json]]) -> list[tuple[int, Trace]]:
    """The traces ``trace_records`` wrote, each with the number of its head line; a record
    holding a whole trace (its ``steps`` a list) is one trace too, and other records are skipped."""
    traces: list[tuple[int, Trace]] = []
    for number, record in records:
        if not isinstance(record, dict):
            continue
        if "kind" in record:
            trace = dict(record)
            if isinstance(trace.get("steps"), int):
                trace["steps"] = []
            traces.append((number, trace))
        elif traces and record.get("id") == traces[-1][1].get("id"):
            trace = traces[-1][1]
            if "step" in record and isinstance(trace.get("steps"), list):
                step = {k: v for k, v in record.items() if k not in ("id", "step")}
                cast(list[Json], trace["steps"]).append(step.get("value") if set(step) == {"value"} else step)
            elif "outcome" in record:
                trace["outcome"] = record["outcome"]
    return traces


def applicable(cases: Sequence[Case], game: str, profiles: Iterable[str]) -> list[Case]:
    """The cases of ``game`` that list any of ``profiles``."""
    wanted = set(profiles)
    return [c for c in cases if c.game == game and wanted & set(c.profiles)]
