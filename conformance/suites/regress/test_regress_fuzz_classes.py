"""Finding classes (issue 15): every disagreement gets a class, a run goes on past its findings and
reports each class once with its count and a case, shrinking never trades one class for another,
and an engine with two bugs is reported with both."""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import cast

import pytest
from pokerspec.conformance.adapters import PythonEngine, load_factory, open_engine
from pokerspec.conformance.cases import Case
from pokerspec.conformance.grading import Verdict, grade
from pokerspec.conformance.protocol import Engine, Message, handshake
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.core.types import RuleId
from pokerspec.fuzz import hands as fuzzing
from pokerspec.fuzz.classes import (
    RULES,
    FindingClass,
    Findings,
    path_field,
    phase_group,
    rule_for,
)

ROOT = Path(__file__).resolve().parents[3]

HERE = Path(__file__).resolve()
BROKEN = HERE.with_name("test_regress_fuzz.py")
"""Where the deliberately wrong engines are; ``TwoBugs`` has two bugs at once."""
REJECT = FindingClass("reject", "not_your_turn", RuleId("core.notation.reasons"), "illegal_action")
AWARD = FindingClass("outcome", "received", RuleId("archie.award.split"))


class FloatPot(ReferenceEngine):
    """Wrong on purpose: the pot is reported as a float (``12.0``), equal to the right integer."""

    def _op_observe(self, message: Mapping[str, Json]) -> Message:
        reply = super()._op_observe(message)
        observation = cast(dict[str, Json], reply["observation"])
        observation["pot"] = float(cast(int, observation["pot"]))
        return reply


def two_bugs() -> Engine:
    return PythonEngine(load_factory(f"{BROKEN}:TwoBugs"))


def _fails_as(case: dict[str, Json], klass: FindingClass) -> None:
    """``case`` names ``klass``, the reference passes it, and ``TwoBugs`` fails it the way the
    class says."""
    assert fuzzing.is_valid_case(case), case
    assert case["rules"] == [klass.rule]
    assert f"fuzz-class:{klass.key}" in cast(list[str], case["tags"])
    loaded = Case(Path("finding.json"), case)
    assert grade(loaded, PythonEngine(ReferenceEngine()), "archie-barge").verdict is Verdict.PASS
    result = grade(loaded, two_bugs(), "archie-barge")
    assert result.verdict is Verdict.FAIL, result
    steps = cast(list[dict[str, Json]], case["steps"])
    if klass.what == "reject":
        assert result.step is not None and result.step < len(steps) and "reject" in steps[result.step], result
    else:
        assert result.step == len(steps), result


def test_two_bugs_are_two_classes_each_shrunk_within_its_class() -> None:
    result = fuzzing.fuzz(two_bugs(), "archie", "archie-barge", 80, 3)
    assert result.hands == 80, "the run goes on past its findings"
    found = {f.klass: f for f in result.findings}
    assert REJECT in found and AWARD in found, [k.key for k in found]
    for klass in (REJECT, AWARD):
        case = found[klass].case
        assert case is not None
        _fails_as(case, klass)
    # Shrunk: the rejection near the start, the award with the smallest stacks.
    reject = cast(list[dict[str, Json]], cast(dict[str, Json], found[REJECT].case)["steps"])
    assert [i for i, s in enumerate(reject) if "reject" in s][-1] <= 2
    award = cast(dict[str, Json], cast(dict[str, Json], found[AWARD].case)["setup"])
    assert award["stacks"] == [48, 48]


def test_a_class_is_counted_in_every_hand_and_reported_once() -> None:
    result = fuzzing.fuzz(two_bugs(), "archie", "archie-barge", 80, 3)
    award = next(f for f in result.findings if f.klass == AWARD)
    assert award.count > 3
    assert len({f.klass.key for f in result.findings}) == len(result.findings)
    assert result.findings.total == sum(f.count for f in result.findings)


def test_shrinking_refuses_a_simpler_hand_of_another_class() -> None:
    engine = two_bugs()
    fuzzer = fuzzing.Fuzzer(engine, "archie", "archie-barge", handshake(engine))
    result = fuzzing.fuzz(two_bugs(), "archie", "archie-barge", 80, 3)
    case = cast(dict[str, Json], next(f.case for f in result.findings if f.klass == REJECT))
    steps = cast(list[dict[str, Json]], case["steps"])
    script = tuple(str(s["act"]) if "act" in s else fuzzing.PROBE + str(s["reject"]) for s in steps
                   if "act" in s or "reject" in s)
    setup = cast(dict[str, Json], case["setup"])
    whole = fuzzing.Hand({**setup, "stacks": [120, 120]}, script)
    without_probe = fuzzing.Hand(whole.setup, tuple(a for a in script if not a.startswith(fuzzing.PROBE)))
    fuzzer.replays, fuzzer.deadline = 0, float("inf")
    assert fuzzer.diverges(whole, REJECT) is not None
    other = fuzzer.diverges(without_probe)
    if other is not None:  # the hand still disagrees, but in another class: not a simplification
        assert other.divergence is not None and other.divergence.klass != REJECT
    assert fuzzer.diverges(without_probe, REJECT) is None


def test_classes_past_the_limit_are_counted_without_a_case() -> None:
    result = fuzzing.fuzz(two_bugs(), "archie", "archie-barge", 80, 3, limit=1)
    assert len(result.findings) >= 2
    cases = [f for f in result.findings if f.case is not None]
    assert len(cases) == 1 and cases[0].first == min(f.first for f in result.findings)


def test_a_float_where_an_integer_belongs_is_a_disagreement() -> None:
    result = fuzzing.fuzz(PythonEngine(FloatPot()), "stud", "stud-fl-training", 3, 1, shrink=False)
    assert {(f.klass.what, f.klass.field) for f in result.findings} == {("observe", "pot")}
    assert result.findings.total == 3


def test_an_exec_engine_gets_whole_hands_and_the_same_findings() -> None:
    """The exec adapter takes a hand's requests at once; the findings are the same as in process."""
    serve = shlex.join([sys.executable, "-m", "pokerspec.conformance.serve", f"python:{BROKEN}:TwoBugs"])
    engine = open_engine(f"exec:{serve}", 60)
    try:
        piped = fuzzing.fuzz(engine, "archie", "archie-barge", 40, 3)
    finally:
        engine.close()
    direct = fuzzing.fuzz(two_bugs(), "archie", "archie-barge", 40, 3)
    assert piped.findings.to_json() == direct.findings.to_json()
    assert len(piped.findings) >= 2


def test_pokerkit_shows_several_classes() -> None:
    """A real engine: the PokerKit adapter disagrees with the reference in several distinct ways
    (issue 15: a run reports every class it meets, not one)."""
    pytest.importorskip("pokerkit")
    adapter = ROOT / "conformance" / "adapters" / "pokerkit_engine.py"
    engine = open_engine(f"python:{adapter}:PokerKit")
    result = fuzzing.fuzz(engine, "stud", "stud-fl-training", 60, 1, shrink=False)
    assert len(result.findings) >= 3, [f.klass.key for f in result.findings]
    assert all(f.case is not None and fuzzing.is_valid_case(f.case) for f in result.findings)


def test_every_rule_a_class_can_name_is_in_the_spec() -> None:
    anchors = set()
    for page in (ROOT / "spec").rglob("*.md"):
        anchors |= set(re.findall(r"\{#([a-z0-9.-]+)\}", page.read_text(encoding="utf-8")))
    named = {p[-1] for table in RULES.values() for p in table}
    named.add(rule_for("core", "rank", "order", None, ""))
    assert named <= anchors, sorted(named - anchors)


def test_fields_phases_and_rules() -> None:
    assert path_field("/pots[0]/shares/p2") == "pots/shares"
    assert path_field("/exposed/p1") == "exposed"
    assert path_field(".") == "."
    assert [phase_group(p) for p in ("street-3", "street-5", "bet-2")] == ["third", "street", "bet"]
    assert rule_for("stud", "legal", "to_act", None, "street-3") == "stud.bringin.respond"
    assert rule_for("stud", "legal", "to_act", None, "street-6") == "stud.streets.first-actor"
    assert rule_for("auction", "observe", "bids", "bid", "bid-2") == "auction.auction.bid"
    assert rule_for("archie", "legal", "actions", "sd", "draw-1") == "archie.deal.discard"


def test_findings_merge_in_any_order() -> None:
    rule = RuleId("core.notation.observables")
    a, b, c = (FindingClass("observe", f, rule) for f in ("pot", "stacks", "phase"))
    left, right = Findings(), Findings()
    left.add(a, 10, 3, {"case": "a10"})
    left.add(b, 12, 1, {"case": "b12"})
    right.add(a, 4, 2, {"case": "a4"})
    right.add(c, 5, 1, None)
    one, two = Findings(), Findings()
    one.merge(left)
    one.merge(right)
    two.merge(right)
    two.merge(left)
    assert one.to_json() == two.to_json()
    merged = {f.klass: f for f in one}
    assert (merged[a].count, merged[a].first, merged[a].case) == (5, 4, {"case": "a4"})
    assert merged[c].case is None and merged[b].first == 12
