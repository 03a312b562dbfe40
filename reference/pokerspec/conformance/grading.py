"""Grading one case against one engine: the runner keeps the expected values and judges every
reply itself. A case passes when every step and the outcome match; the first step that does not
is reported with what was expected and what the engine did.

A case's requests never depend on the engine's replies (``conversation``), so an engine that
can take them all at once (``Pipelined``: the exec adapter) gets them in one go and the replies
are then judged one by one, exactly as if they had been asked for one at a time."""

from __future__ import annotations

import io
import json
import pickle
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache, partial
from typing import cast

from pokerspec.conformance import attribution
from pokerspec.conformance.cases import Case
from pokerspec.conformance.protocol import Engine, EngineFailure, Message, Pipelined, Replies
from pokerspec.core.game import Json

UNORDERED = frozenset(
    {"eligible", "to_act", "folded", "mucked", "excluded", "sitting_out", "actions", "high", "low", "all",
     "tie"}
)
"""Keys whose list values are compared as sets; every other list is compared in order. ``tie``
stands for each group of a ranking's ``order``: hands that tie are listed in any order."""


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
    """Index of the first diverging step (or of the step the engine failed in) for a failure or
    an error; ``len(steps)`` means the outcome, None the setup. None when the case passed."""
    message: str = ""
    expected: Json = None
    actual: Json = None
    stderr_tail: str = ""
    extra: dict[str, Json] = field(default_factory=dict)
    rule: str | None = None
    """The rule of the first failing step or outcome key (``attribution``), for a failure or an
    error; None when the case passed or was skipped."""


def difference(expected: Json, actual: Json, path: str = "", key: str = "",
               whole: bool = False) -> str | None:
    """The first place ``actual`` differs from ``expected``, as ``path: what differs``. Types
    count (``"1"`` is not ``1``, ``true`` is not ``1``, ``1.0`` is not ``1``); only keys listed
    in ``expected`` count, except in a map keyed by seats and in ``winners``, whose whole key set
    the contract defines (an extra seat or winner group is a difference); lists under
    ``UNORDERED`` keys compare as sets. ``whole``: seat maps and ``winners`` are whole (an
    outcome, a core reply, a state compared with itself; not a ``check``, which names the seats it
    looks at); an empty map below the top is whole even in a ``check`` (``"bids": {}`` says that
    no bid shows yet), so any seat in it is extra."""
    found = _differ(expected, actual, key, whole)
    if found is None:
        return None
    where, what = found
    return f"{path + where or '.'}: {what}"


class _Plain(pickle.Pickler):
    """A pickler of the types it writes itself (None, booleans, and exact ints, floats, strings,
    lists, dicts, tuples, bytes and sets): any other object is refused, its own code never run."""

    def reducer_override(self, obj: object) -> object:
        raise ValueError(f"not a plain JSON value: {type(obj).__name__}")


class Identical:
    """Whether two JSON values are the same in every key, order, value and type: a quick sufficient
    test for ``difference(ours, theirs)`` being None (the fuzzer compares every observation with
    it). Each value is pickled without a memo (``fast``), so its bytes follow from the value alone,
    not from which of its parts are one object, and equal bytes are equal values of equal types;
    a third cheaper than ``marshal``, which encodes every string anew. Anything but plain JSON types
    is not identical, and is left to ``difference``. One pickler and buffer, reused: one thread's.
    ``fast`` is documented as deprecated; a Python that ignored it would memoize, which makes
    equal values with shared parts differ in their bytes (left to ``difference``) but never
    unequal ones agree, and the memo is emptied at every value, so nothing is kept."""

    def __init__(self) -> None:
        self._buffer = io.BytesIO()
        self._pickler = _Plain(self._buffer, pickle.HIGHEST_PROTOCOL)
        self._pickler.fast = True

    def __call__(self, ours: Json, theirs: Json) -> bool:
        try:
            return self._written(ours) == self._written(theirs)
        except (ValueError, RecursionError):
            return False

    def _written(self, value: Json) -> bytes:
        buffer = self._buffer
        buffer.seek(0)
        buffer.truncate()
        self._pickler.clear_memo()
        self._pickler.dump(value)
        return buffer.getvalue()


EXACT_KEYS = frozenset({"winners"})
"""Outcome maps whose whole key set a case gives (besides maps keyed by seats): ``winners``
names every group that wins a share (core.contract.outcome)."""


def _seat(key: str) -> bool:
    return key[:1] == "p" and key[1:].isdigit()


def _canonical(value: Json) -> str:
    """A list entry as typed JSON text, so that set comparisons keep types apart."""
    return json.dumps(value, sort_keys=True)


def _typed(value: str | int) -> tuple[bool, str | int]:
    """A string or whole number with its type, so that ``"1"`` and ``1`` sort apart and never
    match: the cheap form of ``_canonical`` for the lists where every entry is one of these."""
    return type(value) is str, value


def _differ(expected: Json, actual: Json, key: str, whole: bool = False) -> tuple[str, str] | None:
    """(where below this value, what differs), or None; the path is only written out for a
    difference, since almost every comparison finds none."""
    if type(expected) is dict:
        if type(actual) is not dict:
            return "", f"expected an object, got {actual!r:.200}"
        for k, v in expected.items():
            if k not in actual:
                return f"/{k}", f"missing (expected {v!r})"
            found = _differ(v, actual[k], k, whole)
            if found is not None:
                return f"/{k}{found[0]}", found[1]
        closed = key in EXACT_KEYS or (all(map(_seat, expected)) and bool(expected or key))
        if (whole or not expected) and len(actual) > len(expected) and closed:
            extra = sorted(str(k) for k in actual if k not in expected)
            return "", f"unexpected {extra} (the case names every key here: {sorted(expected)})"
        return None
    if type(expected) is list:
        if not isinstance(actual, list | tuple):
            return "", f"expected a list, got {actual!r:.200}"
        if key in UNORDERED and all(type(x) is str or type(x) is int for x in expected):
            if all(type(x) is str or type(x) is int for x in actual) and \
                    sorted(map(_typed, expected)) == sorted(map(_typed, actual)):
                return None
            want, got = sorted(map(_canonical, expected)), sorted(map(_canonical, actual))
            if want != got:
                missing = [json.loads(x) for x in sorted((Counter(want) - Counter(got)).elements())]
                extra = [json.loads(x) for x in sorted((Counter(got) - Counter(want)).elements())]
                return "", f"missing {missing!r}, unexpected {extra!r:.200}"
            return None
        if len(expected) != len(actual):
            return "", f"expected {len(expected)} items {expected!r}, got {len(actual)} {actual!r:.200}"
        inner = "tie" if key == "order" else key
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found = _differ(e, a, inner, whole)
            if found is not None:
                return f"[{i}]{found[0]}", found[1]
        return None
    if expected != actual or type(expected) is not type(actual):
        return "", f"expected {expected!r}, got {actual!r:.200}"
    return None


Talk = Callable[[Message], Message]
"""Send one request, get its reply."""

CORE_OPS = {"notation": "parse", "ranking": "rank", "split": "split", "pots": "pots"}
"""The request for each core case kind; its fields are the case's setup."""
LEGAL: Message = {"op": "legal"}
OBSERVE: Message = {"op": "observe"}
SNAPSHOT: Message = {"op": "snapshot"}
OUTCOME: Message = {"op": "outcome"}
BRANCH_OPS = ("push", "pop")
"""The step kinds that keep a position and go back to it: each is sent as the protocol op of
its name (capability ``branch``)."""


def _call(engine: Engine, message: Message) -> Message:
    reply = engine.handle(message)
    if not isinstance(reply, dict):
        raise EngineFailure("garbage", f"reply to {message.get('op')} is not an object")
    return reply


def _first(case: Case, profile: str | None) -> Message:
    """The case's first request: the only one, except for a hand (``new_hand``)."""
    setup = cast(dict[str, Json], case.data.get("setup", {}))
    if case.kind in CORE_OPS:
        return {"op": CORE_OPS[case.kind], **setup}
    op = "new_hand" if case.kind == "hand" else case.kind
    return {"op": op, "game": case.game, "profile": profile, "setup": setup}


def _state_requests(snapshot: bool) -> list[Message]:
    """The requests that read the whole visible state: ``snapshot`` where the engine offers it
    (protocol 1.1), else ``legal`` and ``observe``."""
    return [SNAPSHOT] if snapshot else [LEGAL, OBSERVE]


def conversation(case: Case, profile: str | None, snapshot: bool = False) -> list[Message]:
    """Every request grading ``case`` sends when the engine gets everything right, in order. A
    ``reject`` step reads the state before and after the action; after another ``reject`` the
    state before is the one just read. ``push`` and ``pop`` steps are sent as those ops."""
    out = [_first(case, profile)]
    if case.kind != "hand":
        return out
    after_reject = False
    for step in cast(list[dict[str, Json]], case.data["steps"]):
        if "reject" in step:
            before = [] if after_reject else _state_requests(snapshot)
            out += [*before, {"op": "act", "action": step["reject"]}, *_state_requests(snapshot)]
        elif "act" in step:
            out.append({"op": "act", "action": step["act"]})
        elif branch := branch_op(step):
            out.append({"op": branch})
        else:
            out.append(LEGAL if "legal" in step else OBSERVE)
        after_reject = "reject" in step
    return [*out, OUTCOME]


def _replay(sent: Replies, planned: list[Message]) -> Talk:
    """Hand out the replies to the whole conversation, sent at once, as grading asks for them.
    A protocol failure (a stray, missing or misnumbered line) spoils every reply of the case, so
    it is raised before any is judged; any other failure when grading reaches it."""
    replies, failure = sent
    if failure is not None and (failure.kind == "protocol" or len(replies) == len(planned)):
        raise failure
    position = 0

    def talk(message: Message) -> Message:
        nonlocal position
        if position >= len(planned) or planned[position] != message:
            raise AssertionError(f"grading asked for {message!r} out of the planned conversation")
        position += 1
        if position > len(replies):
            assert failure is not None
            raise failure
        return replies[position - 1]

    return talk


def branch_op(step: Mapping[str, Json]) -> str | None:
    """The op of a ``push`` or ``pop`` step, or None for another step."""
    return next((op for op in BRANCH_OPS if op in step), None)


def needed_capabilities(case: Case) -> list[str]:
    """What an engine must list in its handshake to be graded on ``case`` (else it is skipped)."""
    data = case.data
    setup = cast(dict[str, Json], data.get("setup", {}))
    if case.kind == "notation":
        return ["notation"]
    if case.kind == "ranking":
        return [f"ranking:{setup['ranking']}"]
    if case.kind in ("split", "pots"):
        return [case.kind]
    caps = [f"{case.kind}:{case.game}"]
    if "stakes" in setup:
        caps.append(f"stakes:{case.game}")
    steps = cast(list[dict[str, Json]], data.get("steps", []))
    for step in steps:
        if "check" in step:
            caps += [f"observe:{k}" for k in cast(dict[str, Json], step["check"])]
    if any(map(branch_op, steps)):
        caps.append("branch")
    return caps


@cache
def _pipelined(kind: type) -> bool:
    """Whether engines of class ``kind`` are ``Pipelined`` (asked once per class: a protocol
    check is slow)."""
    return issubclass(kind, Pipelined)


def grade(case: Case, engine: Engine, profile: str | None, snapshot: bool = False,
          sent: Replies | None = None) -> Result:
    """Run ``case`` under ``profile`` on ``engine`` and judge it; ``snapshot``: the engine
    offers the ``snapshot`` op; ``sent``: the replies to the case's whole conversation, if the
    runner has already sent it (``Streaming``)."""
    result = Result(case.id, profile, Verdict.PASS, case.rules, case.required)
    try:
        if sent is not None or _pipelined(type(engine)):
            planned = conversation(case, profile, snapshot)
            talk = _replay(cast(Pipelined, engine).handle_all(planned) if sent is None else sent, planned)
        else:
            talk = partial(_call, engine)
        _grade(case, talk, result, snapshot)
    except EngineFailure as exc:
        result.verdict = Verdict.ERROR
        result.message = f"engine {exc.kind}: {exc}"
        result.stderr_tail = exc.stderr_tail
    if result.verdict is Verdict.PASS:
        result.step = None
    elif result.rule is None:
        result.rule = rule_at(case, result.step)
    return result


def rule_at(case: Case, step: int | None, keys: Sequence[str] = (), refused: str | None = None) -> str:
    """The rule a failure at ``step`` breaks (None: the setup; ``len(steps)``, or 0 for a case
    without steps: the outcome, on the first of the differing outcome ``keys`` in
    ``attribution.OUTCOME_ORDER``); for a step, ``keys`` are the differing keys of a listing or
    an observation, ``refused`` the reason the engine gave for refusing an action."""
    steps = cast(list[Json], case.data.get("steps", []))
    if step is None:
        return attribution.of_setup(case.data).rule
    if step < len(steps):
        return attribution.of_step(case.data, step, keys, refused).rule
    key = attribution.first_key(keys) or next(iter(cast(dict[str, Json], case.data.get("expect", {}))), "")
    return attribution.of_outcome(case.data, key).rule


def _fail(result: Result, step: int | None, message: str, expected: Json, actual: Json,
          case: Case | None = None) -> None:
    """Record a failure at ``step``; with ``case``, one of an outcome (``expected`` a map, its rule
    that of the first differing key)."""
    result.verdict = Verdict.FAIL
    result.step, result.message, result.expected, result.actual = step, message, expected, actual
    if case is not None and isinstance(expected, dict):
        got = actual if isinstance(actual, dict) else {}
        keys = [k for k in expected if k not in got or difference(expected[k], got[k], key=k, whole=True)]
        refused = got.get("rejected") if "act" in expected else None
        result.rule = rule_at(case, step, keys, refused if isinstance(refused, str) else None)


def _judge_error(result: Result, expect: dict[str, Json], reply: Message, not_an_error: str) -> None:
    """A one-request case that expects an error: the reply's error object against the expected
    answer (or any of its listed answers); ``not_an_error`` is the failure when the reply has none."""
    got = reply.get("error")
    diff = not_an_error if not isinstance(got, dict) else error_difference(expect["error"], got)
    if diff:
        _fail(result, 0, diff, expect, reply)


def _grade(case: Case, talk: Talk, result: Result, snapshot: bool) -> None:
    data = case.data
    setup = cast(dict[str, Json], data.get("setup", {}))
    expect = cast(dict[str, Json], data.get("expect", {}))
    if case.kind != "hand":
        result.step = 0
    first = _first(case, result.profile)
    if case.kind in CORE_OPS:
        reply = talk(first)
        if "error" in expect:
            _judge_error(result, expect, reply, f"expected an error object {{code, ...}}, got {reply!r:.200}")
            return
        found = difference(expect, reply, whole=True)
        if found:
            _fail(result, 0, found, expect, reply, case)
        return
    if case.kind == "showdown":
        reply = talk(first)
        if "error" in expect:
            _judge_error(result, expect, reply, f"expected the error {expect['error']!r}, got {reply!r:.200}")
            return
        _judge_outcome(case, result, 0, expect, reply)
        return
    reply = talk(first)
    if "error" in reply:
        want_error = expect.get("error")
        got = reply["error"]
        code = got.get("code") if isinstance(got, dict) else None
        if not isinstance(got, dict):
            _fail(result, None, f"an error is an object {{code, ...}}, got {got!r:.200}", want_error, got)
        elif want_error is None:
            _fail(result, None, f"setup refused: {reply['error']!r}", setup, reply)
        elif isinstance(want_error, str) and code != want_error:
            _fail(result, None, f"expected setup error {want_error!r}, got {code!r}", want_error, code)
        elif not isinstance(want_error, str) and (diff := error_difference(want_error, got)):
            _fail(result, None, f"expected setup error {want_error!r}: {diff}", want_error, got)
        return
    if "error" in expect:
        _fail(result, None, f"expected setup error {expect['error']!r}, engine accepted", expect, reply)
        return
    steps = cast(list[dict[str, Json]], data["steps"])
    state: Json = None
    for i, step in enumerate(steps):
        result.step = i
        ok, state = _step(case, talk, i, step, result, snapshot, state)
        if not ok:
            return
    result.step = len(steps)
    reply = talk(OUTCOME)
    _judge_outcome(case, result, len(steps), expect, reply)


def _error_matches(want: Json, got: Mapping[str, Json]) -> str | None:
    """How an error reply differs from one expected answer: a code (only the code is compared) or
    an object (``code`` and ``token``, compared whole)."""
    if isinstance(want, str):
        return difference(want, got.get("code"))
    return difference(want, dict(got), whole=True)


def error_difference(want: Json, got: Mapping[str, Json]) -> str | None:
    """How the error object ``got`` differs from the error a case expects: ``want`` is a code, an
    object with ``code`` and ``token``, or a list of those where the contract lets any of them
    conform (CORE-88), and ``got`` must match one of them."""
    if not isinstance(want, list):
        return _error_matches(want, got)
    if any(_error_matches(answer, got) is None for answer in want):
        return None
    return f"expected one of the errors {want!r}, got {dict(got)!r:.200}"


def _judge_outcome(case: Case, result: Result, index: int, expect: dict[str, Json], reply: Message) -> None:
    actual = reply.get("outcome")
    if actual is None:
        _fail(result, index, f"no outcome: {reply!r}", expect, reply)
        return
    diff = difference(expect, actual, whole=True)
    if diff:
        _fail(result, index, f"outcome {diff}", expect, actual, case)


def _read_state(talk: Talk, snapshot: bool) -> Json:
    return talk(SNAPSHOT) if snapshot else {"legal": talk(LEGAL), "observe": talk(OBSERVE)}


def _step(case: Case, talk: Talk, i: int, step: Mapping[str, Json], result: Result, snapshot: bool,
          known: Json) -> tuple[bool, Json]:
    """Judge one step: whether it matched, and the state it leaves known (after a ``reject``:
    the state read after it, which is the next ``reject``'s state before; else None)."""
    if "act" in step:
        reply = talk({"op": "act", "action": step["act"]})
        if reply.get("ok") is not True:
            _fail(result, i, f"action {step['act']!r} was refused: {reply!r}", dict(step), reply, case)
            return False, None
        return True, None
    if "reject" in step:
        before = known if known is not None else _read_state(talk, snapshot)
        reply = talk({"op": "act", "action": step["reject"]})
        if reply.get("rejected") != step["reason"]:
            _fail(result, i, f"action {step['reject']!r} should be rejected with "
                  f"{step['reason']!r}, got {reply!r}", dict(step), reply)
            return False, None
        after = _read_state(talk, snapshot)
        if difference(before, after, whole=True) or difference(after, before, whole=True):
            _fail(result, i, "a rejected action changed the state", before, after)
            return False, None
        return True, after
    if "legal" in step:
        reply = talk(LEGAL)
        diff = difference(step["legal"], reply)
        if diff:
            _fail(result, i, f"legal {diff}", step["legal"], reply, case)
            return False, None
        return True, None
    if "check" in step:
        reply = talk(OBSERVE)
        diff = difference(step["check"], reply.get("observation"))
        if diff:
            _fail(result, i, f"observation {diff}", step["check"], reply.get("observation"), case)
            return False, None
        return True, None
    if branch := branch_op(step):
        reply = talk({"op": branch})
        if reply.get("ok") is not True:
            _fail(result, i, f"{branch} was not answered ok: {reply!r}", {"ok": True}, reply)
            return False, None
        return True, None
    raise ValueError(f"unknown step {step!r}")
