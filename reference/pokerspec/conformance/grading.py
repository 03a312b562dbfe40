"""Grading one case against one engine: the runner keeps the expected values and judges every
reply itself. A case passes when every step and the outcome match; the first step that does not
is reported with what was expected and what the engine did."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import cast

from pokerspec.conformance.cases import Case
from pokerspec.conformance.protocol import Engine, EngineFailure, Message
from pokerspec.core.game import Json

UNORDERED = frozenset({"eligible", "to_act", "folded", "mucked", "excluded", "actions", "high", "low", "all"})
"""Keys whose list values are compared as sets; every other list is compared in order."""


class Verdict(Enum):
    PASS = "pass"
    FAIL = "fail"
    ERROR = "error"
    SKIP = "skip"


@dataclass(slots=True)
class Result:
    case: str
    profile: str | None
    verdict: Verdict
    rules: tuple[str, ...]
    required: bool
    step: int | None = None
    """Index of the first diverging step; ``len(steps)`` means the outcome, None the setup."""
    message: str = ""
    expected: Json = None
    actual: Json = None
    stderr_tail: str = ""
    extra: dict[str, Json] = field(default_factory=dict)


def difference(expected: Json, actual: Json, path: str = "", key: str = "") -> str | None:
    """The first place ``actual`` differs from ``expected``; only keys listed in ``expected``
    count, and lists under ``UNORDERED`` keys compare as sets."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path or '.'}: expected an object, got {actual!r}"
        for k, v in expected.items():
            if k not in actual:
                return f"{path}/{k}: missing (expected {v!r})"
            diff = difference(v, actual[k], f"{path}/{k}", k)
            if diff:
                return diff
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return f"{path}: expected a list, got {actual!r}"
        if key in UNORDERED and all(isinstance(x, str) for x in expected):
            if sorted(map(str, expected)) != sorted(map(str, actual)):
                missing = sorted(set(map(str, expected)) - set(map(str, actual)))
                extra = sorted(set(map(str, actual)) - set(map(str, expected)))
                return f"{path}: missing {missing}, unexpected {extra}"
            return None
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items {expected!r}, got {len(actual)} {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            diff = difference(e, a, f"{path}[{i}]", key)
            if diff:
                return diff
        return None
    if expected != actual or type(expected) is not type(actual):
        return f"{path or '.'}: expected {expected!r}, got {actual!r}"
    return None


def _call(engine: Engine, message: Message) -> Message:
    reply = engine.handle(message)
    if not isinstance(reply, dict):
        raise EngineFailure("garbage", f"reply to {message.get('op')} is not an object")
    return reply


def needed_capabilities(case: Case) -> list[str]:
    data = case.data
    setup = cast(dict[str, Json], data.get("setup", {}))
    if case.kind == "notation":
        return ["notation"]
    if case.kind == "ranking":
        return [f"ranking:{setup['ranking']}"]
    if case.kind in ("split", "pots"):
        return [case.kind]
    caps = [f"{case.kind}:{case.game}"]
    for step in cast(list[dict[str, Json]], data.get("steps", [])):
        if "check" in step:
            caps += [f"observe:{k}" for k in cast(dict[str, Json], step["check"])]
    return caps


def grade(case: Case, engine: Engine, profile: str | None) -> Result:
    """Run ``case`` under ``profile`` on ``engine`` and judge it."""
    result = Result(case.id, profile, Verdict.PASS, case.rules, case.required)
    try:
        _grade(case, engine, profile, result)
    except EngineFailure as exc:
        result.verdict = Verdict.ERROR
        result.message = f"engine {exc.kind}: {exc}"
        result.stderr_tail = exc.stderr_tail
    return result


def _fail(result: Result, step: int | None, message: str, expected: Json, actual: Json) -> None:
    result.verdict = Verdict.FAIL
    result.step, result.message, result.expected, result.actual = step, message, expected, actual


def _grade(case: Case, engine: Engine, profile: str | None, result: Result) -> None:
    data = case.data
    setup = cast(dict[str, Json], data.get("setup", {}))
    expect = cast(dict[str, Json], data.get("expect", {}))
    if case.kind in ("notation", "ranking", "split", "pots"):
        op = {"notation": "parse", "ranking": "rank"}.get(case.kind, case.kind)
        reply = _call(engine, {"op": op, **setup})
        if "error" in expect:
            got = reply.get("error")
            want = expect["error"]
            got_code: Json = got.get("code") if isinstance(got, dict) else got
            if isinstance(want, str):
                diff = None if got_code == want else f"expected error {want!r}, got {reply!r}"
            else:
                diff = difference(want, got)
            if diff:
                _fail(result, 0, diff, expect, reply)
            return
        diff = difference(expect, reply)
        if diff:
            _fail(result, 0, diff, expect, reply)
        return
    game_msg: Message = {"game": case.game, "profile": profile, "setup": setup}
    if case.kind == "showdown":
        reply = _call(engine, {"op": "showdown", **game_msg})
        _judge_outcome(result, 0, expect, reply)
        return
    reply = _call(engine, {"op": "new_hand", **game_msg})
    if "error" in reply:
        want_error = expect.get("error")
        got = reply["error"]
        code = got.get("code") if isinstance(got, dict) else got
        if want_error is None:
            _fail(result, None, f"setup refused: {reply['error']!r}", setup, reply)
        elif code != want_error:
            _fail(result, None, f"expected setup error {want_error!r}, got {code!r}", want_error, code)
        return
    if "error" in expect:
        _fail(result, None, f"expected setup error {expect['error']!r}, engine accepted", expect, reply)
        return
    steps = cast(list[dict[str, Json]], data["steps"])
    for i, step in enumerate(steps):
        if not _step(engine, i, step, result):
            return
    reply = _call(engine, {"op": "outcome"})
    _judge_outcome(result, len(steps), expect, reply)


def _judge_outcome(result: Result, index: int, expect: dict[str, Json], reply: Message) -> None:
    actual = reply.get("outcome")
    if actual is None:
        _fail(result, index, f"no outcome: {reply!r}", expect, reply)
        return
    diff = difference(expect, actual)
    if diff:
        _fail(result, index, f"outcome {diff}", expect, actual)


def _snapshot(engine: Engine) -> Json:
    return {"legal": _call(engine, {"op": "legal"}), "observe": _call(engine, {"op": "observe"})}


def _step(engine: Engine, i: int, step: Mapping[str, Json], result: Result) -> bool:
    if "act" in step:
        reply = _call(engine, {"op": "act", "action": step["act"]})
        if reply.get("ok") is not True:
            _fail(result, i, f"action {step['act']!r} was refused: {reply!r}", dict(step), reply)
            return False
        return True
    if "reject" in step:
        before = _snapshot(engine)
        reply = _call(engine, {"op": "act", "action": step["reject"]})
        if reply.get("rejected") != step["reason"]:
            _fail(result, i, f"action {step['reject']!r} should be rejected with "
                  f"{step['reason']!r}, got {reply!r}", dict(step), reply)
            return False
        after = _snapshot(engine)
        if before != after:
            _fail(result, i, "a rejected action changed the state", before, after)
            return False
        return True
    if "legal" in step:
        reply = _call(engine, {"op": "legal"})
        diff = difference(step["legal"], reply)
        if diff:
            _fail(result, i, f"legal {diff}", step["legal"], reply)
            return False
        return True
    if "check" in step:
        reply = _call(engine, {"op": "observe"})
        diff = difference(step["check"], reply.get("observation"))
        if diff:
            _fail(result, i, f"observation {diff}", step["check"], reply.get("observation"))
            return False
        return True
    raise ValueError(f"unknown step {step!r}")
