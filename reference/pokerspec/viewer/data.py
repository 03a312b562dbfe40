"""A case as the hand viewer's JSON: the reference's trace of the case, with the table drawn out.

The replay is the regression trace of the case (``pokerspec.regress.trace.case_trace``, what the
golden traces hold), taken through an engine that also keeps the whole observation after the
deal and after every accepted action, the legal listing of every decision and the reference's
message for every refusal. The trace ends with the hand; attempts the case makes after that
(refused with ``hand_over``) are replayed after it.

The view (``FORMAT`` 1), all in case notation (seats ``p1``.., cards ``As``):

- ``id``, ``game``, ``kind``, ``profile``, ``rules``, ``title``, ``explanation`` and the case's
  own ``i18n`` translations; ``seats``, ``dealer``;
- ``frames``: the table after the deal, after each accepted action and after each ``pop`` (the
  table kept by the matching ``push``, again): ``phase``, ``pot``,
  ``stacks``, ``bets`` (this round), ``put`` (this hand), ``cards`` by seat in the order dealt
  (``^`` marks a face-up card), ``row``, ``common``, ``folded``, ``out`` (sitting out), ``stub``,
  ``bids``, ``order`` (pick order), ``dec`` (declarations), ``drawn``; what the players have
  committed but the table does not show yet (``sealed`` bids, ``sealed_dec`` declarations,
  ``discards`` not yet replaced); ``shown`` and ``mucked`` at a showdown; ``to_act`` and
  ``legal`` (described actions). A frame after the first holds only the keys that changed;
- ``steps``: the deal (``t`` ``deal``), each action or refused attempt (``act``, ``reject``) with
  its frame ``f``, described action ``d``, the reason and message of a refusal, what the case
  expected where the reference did otherwise, the case's ``note`` (``n``: its index among the
  case's steps, for the translated notes) and ``checks``; a case's ``push`` and ``pop`` steps
  (``t`` ``push``, ``pop``: the position kept, the table back to it) with their frame; then the
  ``end`` with the outcome or
  the error. A showdown case is one frame and its award; a core case one step (``core``) with
  the request and the reference's reply.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import cast

from pokerspec.conformance.cases import Case
from pokerspec.conformance.grading import BRANCH_OPS, branch_op, difference
from pokerspec.conformance.protocol import Engine, Message
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.profiles import UnknownProfile, all_profiles, get_profile
from pokerspec.regress.corpus import CorpusError
from pokerspec.regress.trace import CORE_OPS, case_trace

FORMAT = 1
Frame = dict[str, Json]

RENAMED = {"round_bets": "bets", "contributed": "put", "sitting_out": "out", "pick_order": "order",
           "declarations": "dec"}
"""Observables whose view key is shorter; the others keep their protocol name."""
KEPT = ("phase", "pot", "stacks", "row", "common", "folded", "stub", "bids", "drawn")


class ViewError(ValueError):
    """A case the viewer cannot replay (no profile of the reference applies to it)."""


def _map(value: Json) -> dict[str, Json]:
    return {str(k): v for k, v in cast(Mapping[str, Json], value).items()} if isinstance(value, dict) else {}


def _list(value: Json) -> list[Json]:
    return list(cast(Sequence[Json], value)) if isinstance(value, list | tuple) else []


def _int(value: Json) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def seat_key(seat: str) -> int:
    return int(seat[1:]) if seat[1:].isdigit() else 0


class _Recorder:
    """An engine that passes every request to another and keeps what the viewer draws."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.start: Message = {}
        self.first: dict[str, Json] | None = None
        self.legal: list[Message] = []
        self.acts: list[tuple[str, Message, dict[str, Json] | None]] = []

    def _observe(self) -> dict[str, Json]:
        return _map(self.engine.handle({"op": "observe"}).get("observation"))

    def handle(self, message: Mapping[str, Json]) -> Message:
        reply = self.engine.handle(message)
        op = message.get("op")
        if op == "new_hand":
            self.start = reply
            self.first = None if "error" in reply else self._observe()
        elif op == "legal":
            self.legal.append(reply)
        elif op == "act":
            after = self._observe() if reply.get("ok") is True else None
            self.acts.append((str(message.get("action")), reply, after))
        elif op in BRANCH_OPS:
            back = op == "pop" and reply.get("ok") is True
            self.acts.append((str(op), reply, self._observe() if back else None))
        return reply

    def close(self) -> None:
        self.engine.close()


def _cards(observation: Mapping[str, Json], seats: Sequence[str]) -> dict[str, Json]:
    """Each seat's cards in the order dealt, ``^`` before a face-up one. Where the hand lists
    every card (stud) the face-up ones are marked in place; where it lists only the hidden ones
    (auction) the face-up ones follow them."""
    hands, exposed = _map(observation.get("hands")), _map(observation.get("exposed"))
    out: dict[str, Json] = {}
    for seat in seats:
        held = [str(c) for c in _list(hands.get(seat))]
        up = [str(c) for c in _list(exposed.get(seat))]
        if all(c in held for c in up):
            out[seat] = [f"^{c}" if c in up else c for c in held]
        else:
            out[seat] = [*held, *(f"^{c}" for c in up)]
    return out


def _table(observation: Mapping[str, Json], seats: Sequence[str]) -> Frame:
    """The observables the viewer draws, under their view keys."""
    frame: Frame = {key: observation[key] for key in KEPT if key in observation}
    frame.update({short: observation[key] for key, short in RENAMED.items() if key in observation})
    if "hands" in observation or "exposed" in observation:
        frame["cards"] = _cards(observation, seats)
    return frame


def describe(action: str, frame: Mapping[str, Json], game: str, opened: bool) -> dict[str, Json]:
    """What an action does in ``frame`` (the table before it), for the viewer's words:
    ``v`` the verb (fold, check, call, bet, raise, complete, bring_in, draw, discard, pat, show,
    muck, bid, pick, declare; ``raw`` for notation it cannot read), ``n`` the round total or bid,
    ``c`` the cards, ``x`` the declared direction and ``allin`` when it puts in the seat's last
    chip. ``opened`` says whether somebody has completed, bet or raised in this round."""
    words = action.split()
    if len(words) < 2:
        return {"v": "raw"}
    seat, verb, rest = words[0], words[1], words[2:]
    bets, stacks = _map(frame.get("bets")), _map(frame.get("stacks"))
    mine, stack = _int(bets.get(seat)), _int(stacks.get(seat))
    top = max((_int(v) for v in bets.values()), default=0)
    amount = int(rest[0]) if len(rest) == 1 and rest[0].isdigit() else None
    out: dict[str, Json]
    if verb == "f" and not rest:
        return {"v": "fold"}
    if verb == "cc" and (not rest or amount is not None):
        total = amount if amount is not None else min(top, mine + stack)
        out = {"v": "check"} if total == mine else {"v": "call", "n": total}
    elif verb == "cbr" and amount is not None:
        kind = "complete" if game == "stud" and frame.get("phase") == "street-3" and not opened else (
            "raise" if top > 0 else "bet")
        out = {"v": kind, "n": amount}
    elif verb == "pb" and amount is not None:
        out = {"v": "bring_in", "n": amount}
    elif verb == "sd":
        if rest == ["*"]:
            return {"v": "draw"}
        return {"v": "discard", "c": list(rest)} if rest else {"v": "pat"}
    elif verb in ("sm", "mu") and not rest:
        return {"v": "show" if verb == "sm" else "muck"}
    elif verb == "bid" and amount is not None:
        return {"v": "bid", "n": amount}
    elif verb == "pick" and len(rest) == 1:
        return {"v": "pick", "c": list(rest)}
    elif verb == "dec" and len(rest) == 1 and rest[0] in ("l", "h", "b"):
        return {"v": "declare", "x": rest[0]}
    else:
        return {"v": "raw"}
    total = _int(out.get("n")) if "n" in out else mine
    if stack > 0 and total - mine == stack:
        out["allin"] = True
    return out


class _Committed:
    """What players have committed in the current phase that the observables do not show yet
    (sealed bids and declarations, discards awaiting replacement), the show order at a stud
    showdown, and whether the betting round has been opened (for ``describe``)."""

    def __init__(self) -> None:
        self.phase: Json = None
        self.opened = False
        self.marks: dict[str, dict[str, Json]] = {}

    def enter(self, phase: Json) -> None:
        if phase != self.phase:
            self.phase, self.opened = phase, False
            self.marks = {k: v for k, v in self.marks.items() if k in ("shown", "mucked")}

    def accept(self, seat: str, described: Mapping[str, Json]) -> None:
        verb = described.get("v")
        if verb in ("complete", "bet", "raise"):
            self.opened = True
        elif verb == "bid":
            self.marks.setdefault("sealed", {})[seat] = described.get("n")
        elif verb == "declare":
            self.marks.setdefault("sealed_dec", {})[seat] = described.get("x")
        elif verb in ("discard", "pat"):
            self.marks.setdefault("discards", {})[seat] = described.get("c", [])
        elif verb in ("show", "muck"):
            self.marks.setdefault("shown" if verb == "show" else "mucked", {})[seat] = True

    def frame_keys(self) -> Frame:
        out: Frame = {}
        for key, marks in self.marks.items():
            seats: list[str] = sorted(marks, key=seat_key)
            out[key] = seats if key in ("shown", "mucked") else dict(marks)
        return out


def _legal(reply: Message, frame: Mapping[str, Json], game: str, opened: bool) -> Frame:
    actions = [str(a) for a in _list(reply.get("actions"))]
    to_act: list[str] = sorted((str(s) for s in _list(reply.get("to_act"))), key=seat_key)
    return {"to_act": to_act, "legal": [{"a": a, **describe(a, frame, game, opened)} for a in actions]}


def _checks(case_steps: Sequence[Mapping[str, Json]], observation: Mapping[str, Json],
            legal: Message) -> list[Json]:
    """The case's ``check`` and ``legal`` steps at this point, each with whether the reference
    agrees, judged as the runner judges them (``grading.difference``); ``wrong`` says where not."""
    out: list[Json] = []
    for step in case_steps:
        for key, actual in (("check", observation), ("legal", legal)):
            if key in step:
                wrong = difference(step[key], dict(actual))
                out.append({key: step[key], "ok": wrong is None, **({"wrong": wrong} if wrong else {})})
    return out


def _seats(case: Case) -> list[str]:
    setup = _map(case.data.get("setup"))
    if "stacks" in setup:
        return [f"p{i + 1}" for i in range(len(_list(setup["stacks"])))]
    named = {*_map(setup.get("hands")), *_map(setup.get("contributed"))}
    count = max([_int(setup.get("seats")), *(seat_key(s) for s in named)], default=0)
    return [f"p{i + 1}" for i in range(count)]


def _deltas(frames: Sequence[Frame]) -> list[Json]:
    """The first frame whole, then for each frame the keys that changed (``None``: gone)."""
    out: list[Json] = []
    previous: Frame = {}
    for frame in frames:
        delta: Frame = {k: v for k, v in frame.items() if previous.get(k) != v}
        delta.update({k: None for k in previous if k not in frame})
        out.append(delta)
        previous = frame
    return out


def _header(case: Case, profile: str | None) -> dict[str, Json]:
    data = case.data
    head: dict[str, Json] = {"format": FORMAT, "id": case.id, "game": case.game, "kind": case.kind,
                             "profile": profile, "rules": list(case.rules), "title": data["title"],
                             "explanation": data["explanation"]}
    if "i18n" in data:
        head["i18n"] = data["i18n"]
    return head


def case_view(case: Case, profile: str | None = None, engine: Engine | None = None) -> dict[str, Json]:
    """The viewer's JSON of ``case`` under ``profile`` (default: the first it lists), replayed on
    ``engine`` (default: a new reference engine)."""
    if case.kind not in CORE_OPS:
        profile = profile or (case.profiles[0] if case.profiles else None)
        if profile is None:
            raise ViewError(f"{case.id}: the case lists no profile to replay it under")
        try:
            game = get_profile(profile).game
        except UnknownProfile as exc:
            raise ViewError(str(exc.args[0])) from None
        if game != case.game:
            raise ViewError(f"profile {profile!r} is for {game}, not {case.game} (the game of {case.id})")
    elif profile is not None:
        if profile not in all_profiles():
            raise ViewError(f"unknown profile {profile!r}; a core case holds under every profile, so "
                            "--profile is not needed for it")
        profile = None
    recorder = _Recorder(engine or ReferenceEngine())
    try:
        trace = case_trace(case, profile, recorder)
    except CorpusError as exc:
        raise ViewError(f"{case.id}: {exc}") from None
    view = _header(case, profile)
    setup = _map(case.data.get("setup"))
    if case.kind in CORE_OPS:
        view.update(steps=[{"t": "core", "setup": setup, "reply": trace.get("reply")}], frames=[])
        return view
    seats = _seats(case)
    view.update(seats=cast(list[Json], seats), dealer=setup.get("dealer"))
    if case.kind == "showdown":
        view.update(_showdown(setup, seats, trace.get("outcome")))
        return view
    view.update(_hand(case, seats, recorder, trace.get("outcome")))
    return view


def _showdown(setup: Mapping[str, Json], seats: Sequence[str], outcome: Json) -> dict[str, Json]:
    """A showdown case: the hands face up with what each seat put in, then the award."""
    put = _map(setup.get("contributed"))
    frame: Frame = {"phase": "showdown", "pot": sum(_int(v) for v in put.values()) + _int(setup.get("carry")),
                    "put": put, "folded": _list(setup.get("folded")),
                    "cards": {s: [f"^{c}" for c in _list(h)] for s, h in _map(setup.get("hands")).items()}}
    if "declarations" in setup:
        frame["dec"] = setup["declarations"]
    if "carry" in setup:
        frame["carry"] = setup["carry"]
    return {"frames": _deltas([frame]),
            "steps": [{"t": "deal", "f": 0}, {"t": "end", "f": 0, **_end(outcome)}]}


def _end(outcome: Json) -> dict[str, Json]:
    result = _map(outcome)
    if "error" in result:  # a refused showdown: its code, as a refused deal's error has it
        error = result["error"]
        return {"error": error if isinstance(error, dict) else {"code": error}}
    return {"outcome": result} if result else {}


def _hand(case: Case, seats: Sequence[str], recorder: _Recorder, outcome: Json) -> dict[str, Json]:
    """A hand case: the deal, every action and attempt, then the end."""
    if recorder.first is None:
        error = _map(recorder.start.get("error"))
        stacks = dict(zip(seats, _list(_map(case.data.get("setup")).get("stacks")), strict=True))
        return {"frames": _deltas([{"stacks": stacks}]),
                "steps": [{"t": "deal", "f": 0}, {"t": "end", "f": 0, "error": error}]}
    case_steps = [_map(s) for s in _list(case.data.get("steps"))]
    attempts = [s for s in case_steps if _attempt(s)]
    if recorder.legal and not _list(recorder.legal[-1].get("actions")):
        for late in attempts[len(recorder.acts):]:
            branch = branch_op(late)
            action = str(late.get("act", late.get("reject")))
            recorder.handle({"op": branch} if branch else {"op": "act", "action": action})
            recorder.handle({"op": "legal"})
    game, committed = case.game, _Committed()
    committed.enter(recorder.first.get("phase"))
    table = _table(recorder.first, seats)
    frame = {**table, **_legal(recorder.legal[0], table, game, False)}
    frames, observations = [frame], [recorder.first]
    steps: list[dict[str, Json]] = [{"t": "deal", "f": 0}]
    kept: list[tuple[Frame, _Committed]] = []
    for n, (text, reply, after) in enumerate(recorder.acts):
        if text in BRANCH_OPS:
            if text == "push":
                kept.append((frame, copy.deepcopy(committed)))
            elif kept and after is not None:
                frame, committed = kept.pop()
                frames.append(frame)
                observations.append(after)
            steps.append({"t": text, "f": len(frames) - 1})
            continue
        described = describe(text, frame, game, committed.opened)
        seat = text.split()[0] if text.split() else ""
        step: dict[str, Json] = {"t": "reject" if after is None else "act", "a": text, "seat": seat,
                                 "d": described}
        if after is None:
            step.update(reason=reply.get("rejected"), message=reply.get("message"))
        else:
            committed.accept(seat, described)
            committed.enter(after.get("phase"))
            table = {**_table(after, seats), **committed.frame_keys()}
            listing = recorder.legal[n + 1] if n + 1 < len(recorder.legal) else {}
            frame = {**table, **_legal(listing, table, game, committed.opened)}
            frames.append(frame)
            observations.append(after)
        expected = attempts[n]
        if "reject" in expected and reply.get("rejected") != expected.get("reason"):
            step["expected"] = {"reason": expected.get("reason")}
        elif "act" in expected and after is None:
            step["expected"] = {"ok": True}
        step["f"] = len(frames) - 1
        steps.append(step)
    _annotate(steps, case_steps, observations, recorder.legal)
    end: dict[str, Json] = {"t": "end", "f": len(frames) - 1, **_end(outcome)}
    result = _map(end.get("outcome"))
    if result:
        frames.append({**frame, **_revealed(frame, result, seats), "to_act": [], "legal": []})
        end["f"] = len(frames) - 1
    elif any(s.get("expected") == {"ok": True} for s in steps):
        end["stopped"] = True
    steps.append(end)
    return {"frames": _deltas(frames), "steps": cast(list[Json], steps)}


def _annotate(steps: list[dict[str, Json]], case_steps: Sequence[Mapping[str, Json]],
              observations: Sequence[Mapping[str, Json]], listings: Sequence[Message]) -> None:
    """Put the case's notes and its ``check`` and ``legal`` steps on the view step they belong
    to: an attempt's note on its own step, the others on the step of the last attempt before
    them (the table they look at). Those after the replay stopped are left out."""
    seen = 0
    for index, step in enumerate(case_steps):
        if _attempt(step):
            seen += 1
        if seen >= len(steps):
            return
        home = steps[seen]
        if "note" in step:
            cast(list[Json], home.setdefault("notes", [])).append({"n": index, "text": step["note"]})
        if "check" in step or "legal" in step:
            listing = listings[min(seen, len(listings) - 1)]
            checks = _checks([step], observations[_int(home["f"])], listing)
            cast(list[Json], home.setdefault("checks", [])).extend(checks)


def _attempt(step: Mapping[str, Json]) -> bool:
    """Whether a case step is sent to the engine (``act``, ``reject``, ``push``, ``pop``): each
    has a step of its own in the view."""
    return "act" in step or "reject" in step or branch_op(step) is not None


def _revealed(frame: Mapping[str, Json], outcome: Mapping[str, Json], seats: Sequence[str]) -> Frame:
    """At the end of a hand, who showed and who mucked: the outcome says so where the game
    reports it; otherwise every seat still in the hand shows."""
    if "shown" in outcome:
        return {"shown": outcome["shown"], "mucked": outcome.get("mucked", [])}
    gone = {str(s) for s in [*_list(frame.get("folded")), *_list(frame.get("out"))]}
    return {"shown": [s for s in seats if s not in gone], "mucked": []}
