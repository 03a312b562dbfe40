"""Cases that go back to a position: the ``push`` and ``pop`` steps of a ``hand`` case (the
protocol's ``branch`` capability). The schema and the case checks accept them and refuse a
``pop`` with nothing kept; a case using them needs ``branch``, so an engine without it has the
case skipped; and an engine whose ``pop`` does not go back fails ``stud-streets-0704``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import cast

import pytest
from pokerspec.conformance.cases import BadCase, Case, load_case, load_cases
from pokerspec.conformance.grading import Verdict, conversation, grade, needed_capabilities
from pokerspec.conformance.protocol import Message, handshake
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.conformance.runner import Selection, plan, run
from pokerspec.core.game import Json
from pokerspec.phh.export import export_case
from pokerspec.regress.trace import case_trace
from pokerspec.viewer.data import case_view

CASE = "stud-streets-0704"


def _case() -> Case:
    [case] = [c for c in load_cases()[0] if c.id == CASE]
    return case


def _with_steps(tmp_path: Path, steps: list[Json]) -> Case | BadCase:
    """``CASE`` with its steps replaced, loaded through the case checks."""
    data: dict[str, Json] = json.loads(json.dumps(_case().data))
    data["id"], data["steps"] = "stud-streets-0999", steps
    file = tmp_path / "mine.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    return load_case(file)


class NoBranch(ReferenceEngine):
    """The reference without the ``branch`` capability in its handshake."""

    def _op_start(self, message: Mapping[str, Json]) -> Message:
        hello = super()._op_start(message)
        return {**hello, "capabilities": [c for c in hello["capabilities"] if c != "branch"]}  # type: ignore[union-attr]


class PopIgnored(ReferenceEngine):
    """Deliberately broken: ``pop`` answers ok and leaves the hand where it is."""

    def _op_pop(self, message: Mapping[str, Json]) -> Message:
        return {"ok": True}


class PopRefused(ReferenceEngine):
    """Deliberately broken: ``pop`` is refused as if nothing had been kept."""

    def _op_pop(self, message: Mapping[str, Json]) -> Message:
        return {"error": {"code": "bad_request", "message": "pop without push"}}


@pytest.mark.parametrize("steps", [
    [{"push": True}, {"act": "p1 pb 1"}, {"pop": True, "note": "back"}, {"act": "p1 pb 1"}],
    [{"push": True, "note": "kept"}, {"push": True}, {"pop": True}, {"pop": True}],
    [{"push": True}],
])
def test_push_and_pop_steps_are_valid(tmp_path: Path, steps: list[Json]) -> None:
    assert isinstance(_with_steps(tmp_path, steps), Case)


@pytest.mark.parametrize(("steps", "field", "words"), [
    ([{"pop": True}], "steps/0/pop", "a pop with no position to go back to"),
    ([{"push": True}, {"pop": True}, {"act": "p1 pb 1"}, {"pop": True}], "steps/3/pop",
     "a pop with no position to go back to"),
    ([{"push": False}], "steps/0/push", "True was expected"),
    ([{"pop": 1}], "steps/0/pop", "True was expected"),
    ([{"push": True, "act": "p1 pb 1"}], "steps/0", "is not valid under any of the given schemas"),
])
def test_a_bad_branch_step_makes_a_bad_case(
        tmp_path: Path, steps: list[Json], field: str, words: str) -> None:
    bad = _with_steps(tmp_path, steps)
    assert isinstance(bad, BadCase), bad
    assert bad.field == field
    assert words in bad.message


def test_a_case_with_push_or_pop_needs_branch_and_sends_the_ops() -> None:
    case = _case()
    assert "branch" in needed_capabilities(case)
    ops = [m["op"] for m in conversation(case, case.profiles[0])]
    assert ops.count("push") == 1 and ops.count("pop") == 1
    assert ops.index("push") < ops.index("pop")
    others = [c for c in load_cases()[0] if c.kind == "hand" and not any("pop" in s for s in c.data["steps"])]  # type: ignore[union-attr]
    assert all("branch" not in needed_capabilities(c) for c in others)


def test_an_engine_without_branch_has_the_case_skipped_not_failed() -> None:
    engine = NoBranch()
    hello = handshake(engine)
    report = run(engine, hello, plan(load_cases()[0], Selection(cases=(CASE,))))
    assert [r.result.verdict for r in report.runs] == [Verdict.SKIP] * len(_case().profiles)
    assert all(r.result.message == "engine lacks branch" for r in report.runs)
    assert report.unmet() == {}
    report.require = ("branch",)
    assert report.unmet() == {"branch": len(_case().profiles)} and not report.ok


def test_the_reference_passes_the_case() -> None:
    case = _case()
    assert grade(case, ReferenceEngine(), case.profiles[0]).verdict is Verdict.PASS


def test_an_engine_whose_pop_does_nothing_fails_at_the_check_after_it() -> None:
    case = _case()
    result = grade(case, PopIgnored(), case.profiles[0])
    assert result.verdict is Verdict.FAIL
    steps = case.data["steps"]
    assert isinstance(steps, list) and steps[result.step - 1] == {  # type: ignore[operator]
        "pop": True, "note": "back to fourth street, p1 to act, before his check",
        "rule": "stud.streets.close"}
    assert "observation /phase: expected 'street-4', got 'street-5'" in result.message


def test_an_engine_refusing_pop_fails_at_the_pop() -> None:
    case = _case()
    result = grade(case, PopRefused(), case.profiles[0])
    assert result.verdict is Verdict.FAIL and result.step == 8
    assert result.message.startswith("pop was not answered ok")


def test_the_trace_and_the_phh_export_follow_the_case_back() -> None:
    case = _case()
    trace = case_trace(case, case.profiles[0], ReferenceEngine())
    steps = trace["steps"]
    assert isinstance(steps, list)
    assert {"push": True, "result": "ok"} in steps
    assert {"pop": True, "result": "ok", "phase": "street-4", "pot": 4} in steps
    assert [s["act"] for s in steps if isinstance(s, dict) and "act" in s][-4:] == [
        "p1 cbr 2", "p2 cc", "p2 cc", "p1 f"]
    exported = export_case(case.data)
    assert "'p1 cc',\n  'p2 cbr 2'" in exported.text  # PHH's p1 is the case's p2: the check was dropped


def test_the_viewer_draws_the_kept_table_again_after_pop() -> None:
    view = case_view(_case())
    steps = cast(list[dict[str, Json]], view["steps"])
    kinds = [s["t"] for s in steps]
    assert kinds.count("push") == 1 and kinds.count("pop") == 1
    push, pop = steps[kinds.index("push")], steps[kinds.index("pop")]
    frames = cast(list[dict[str, Json]], view["frames"])
    table: dict[str, Json] = {}
    drawn = []
    for delta in frames:
        table = {k: v for k, v in {**table, **delta}.items() if v is not None}
        drawn.append(table)
    assert drawn[cast(int, pop["f"])] == drawn[cast(int, push["f"])]
    assert drawn[cast(int, pop["f"]) - 1]["phase"] == "street-5"
    assert all(c["ok"] for c in cast(list[dict[str, Json]], pop["checks"]))
