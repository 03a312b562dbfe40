"""``pokerspec conformance fuzz``: the reference agrees with itself; deliberately wrong engines
are caught, each kind of disagreement gets its class, and the first hand of each class is shrunk,
within its class, to a small, schema-valid case that the reference passes and the wrong engine
fails."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import cast

import pytest
from pokerspec.cli import main as cli_main
from pokerspec.conformance.adapters import PythonEngine
from pokerspec.conformance.cases import Case
from pokerspec.conformance.grading import Identical, Verdict, grade
from pokerspec.conformance.protocol import Message
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.fuzz import campaign
from pokerspec.fuzz import hands as fuzzing

HERE = Path(__file__).resolve()


class MisAward(ReferenceEngine):
    """Wrong on purpose: any pot of 30 or more goes wholly to p1."""

    def _op_outcome(self, message: Mapping[str, Json]) -> Message:
        reply = super()._op_outcome(message)
        outcome = reply["outcome"]
        if isinstance(outcome, dict):
            received = cast(dict[str, int], outcome["received"])
            total = sum(received.values())
            if total >= 30:
                outcome["received"] = {seat: total if seat == "p1" else 0 for seat in received}
        return reply


class NoFold(ReferenceEngine):
    """Wrong on purpose: never lists a fold (stud allows one in any turn, ``STUD-6``)."""

    def _op_legal(self, message: Mapping[str, Json]) -> Message:
        reply = super()._op_legal(message)
        actions = cast(list[str], reply["actions"])
        reply["actions"] = [a for a in actions if a.split()[1] != "f"]
        return reply


class WrongReason(ReferenceEngine):
    """Wrong on purpose: an out-of-turn action is refused as ``illegal_action``."""

    def _op_act(self, message: Mapping[str, Json]) -> Message:
        reply = super()._op_act(message)
        if reply.get("rejected") == "not_your_turn":
            reply["rejected"] = "illegal_action"
        return reply


class TwoBugs(MisAward, WrongReason):
    """Wrong twice on purpose: ``MisAward`` and ``WrongReason`` at once."""


class CrashOnDraw(ReferenceEngine):
    """Broken on purpose: raises when a player stands pat."""

    def _op_act(self, message: Mapping[str, Json]) -> Message:
        if str(message["action"]).endswith(" sd"):
            raise RuntimeError("cannot stand pat")
        return super()._op_act(message)


class CrashOnRaise(ReferenceEngine):
    """Broken on purpose: raises on any bet or raise, which the passive continuation never makes."""

    def _op_act(self, message: Mapping[str, Json]) -> Message:
        if " cbr " in str(message["action"]):
            raise AssertionError("cannot raise")
        return super()._op_act(message)


def _check_finding(finding: dict[str, Json], good: ReferenceEngine, bad: ReferenceEngine) -> Case:
    assert fuzzing.is_valid_case(finding), finding
    case = Case(Path("finding.json"), finding)
    profile = case.profiles[0]
    assert grade(case, PythonEngine(good), profile).verdict is Verdict.PASS
    result = grade(case, PythonEngine(bad), profile)
    assert result.verdict is Verdict.FAIL, result
    return case


@pytest.mark.parametrize(("game", "profile"), [("archie", "archie-barge"), ("auction", "auction-seed"),
                                               ("stud", "stud-fl-training")])
def test_the_reference_agrees_with_itself(game: str, profile: str) -> None:
    result = fuzzing.fuzz(PythonEngine(ReferenceEngine()), game, profile, 12, 9)
    assert result.finding is None
    assert result.hands == 12


class Seven(int):
    """An int that is not one: a reply holding it is not plain JSON."""


def test_identical_holds_only_for_the_same_keys_order_values_and_types() -> None:
    """The fuzzer's quick test (``grading.Identical``): equal values of other types, another key
    order or an object of another class are not identical, whatever their parts share."""
    same = Identical()
    names = ["As", "Kd"]
    ours: dict[str, Json] = {"phase": "bet", "pot": 7, "hands": {"p1": names, "p2": names}, "common": None}
    assert same(ours, {"phase": "bet", "pot": 7, "hands": {"p1": ["As", "Kd"], "p2": ["As", "Kd"]},
                       "common": None})
    for theirs in ({**ours, "pot": 7.0}, {**ours, "pot": True}, {**ours, "pot": "7"},
                   {**ours, "pot": Seven(7)}, {**ours, "hands": {"p2": names, "p1": names}},
                   {**ours, "common": ()}):
        assert not same(ours, cast(Json, theirs))
    assert same(ours, ours)


def test_a_misawarded_pot_is_found_and_shrunk() -> None:
    result = fuzzing.fuzz(PythonEngine(MisAward()), "archie", "archie-barge", 100, 3)
    assert result.finding is not None
    case = _check_finding(result.finding, ReferenceEngine(), MisAward())
    setup = cast(dict[str, Json], case.data["setup"])
    # Shrunk: the smallest legal stacks, and a pot that only just reaches 30.
    assert setup["stacks"] == [48, 48]
    assert "(outcome)" in str(case.data["explanation"])
    expect = cast(dict[str, dict[str, int]], case.data["expect"])
    assert 30 <= sum(expect["received"].values()) <= 36


def test_a_missing_fold_is_found_at_its_first_step() -> None:
    result = fuzzing.fuzz(PythonEngine(NoFold()), "stud", "stud-fl-training", 50, 2)
    assert result.finding is not None
    case = _check_finding(result.finding, ReferenceEngine(), NoFold())
    steps = cast(list[dict[str, Json]], case.data["steps"])
    setup = cast(dict[str, Json], case.data["setup"])
    assert len(cast(list[Json], setup["stacks"])) == 2, "shrunk to two seats"
    legal = [s for s in steps if "legal" in s]
    assert len(legal) == 1 and steps.index(legal[0]) <= 1, steps
    listed = cast(dict[str, list[str]], legal[0]["legal"])["actions"]
    assert any(a.endswith(" f") for a in listed)


def _cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    campaign.register(parser.add_subparsers())
    args = parser.parse_args(["fuzz", *argv])
    code: int = args.handler(args)
    return code


def test_command_writes_the_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = _cli(["--impl", f"python:{HERE}:MisAward", "--game", "archie", "--hands", "60", "--seed", "3",
                 "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1, out
    [written] = sorted(tmp_path.glob("outcome-received-archie-award-split-*.json"))
    case = json.loads(written.read_text(encoding="utf-8"))
    assert fuzzing.is_valid_case(case) and case["id"] == "archie-fuzz-0001"
    assert "hands/s" in out and str(written) in out
    assert "outcome/received @ archie.award.split" in out
    # a required case: the engine it was found on fails the run, the reference passes it
    assert case["level"] == "required" and "the reference's answers" in case["explanation"]
    run = ["conformance", "run", "--vectors", str(tmp_path), "--impl"]
    assert cli_main([*run, f"python:{HERE}:MisAward"]) == 1
    assert cli_main([*run, "reference"]) == 0


def test_exec_engine_clean_run(capsys: pytest.CaptureFixture[str]) -> None:
    serve = shlex.join([sys.executable, "-m", "pokerspec.conformance.serve"])
    code = _cli(["--impl", f"exec:{serve}", "--game", "archie", "--hands", "10", "--seed", "4",
                 "--timeout", "60"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "no disagreement with the reference" in out


def test_unknown_profile_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli(["--impl", "reference", "--game", "archie", "--profile", "stud-fl-training"]) == 2


def test_a_wrong_rejection_reason_is_found_by_probing() -> None:
    result = fuzzing.fuzz(PythonEngine(WrongReason()), "archie", "archie-barge", 50, 5)
    assert result.finding is not None
    case = _check_finding(result.finding, ReferenceEngine(), WrongReason())
    steps = cast(list[dict[str, Json]], case.data["steps"])
    rejects = [s for s in steps if "reject" in s]
    assert rejects and rejects[-1]["reason"] == "not_your_turn"
    assert steps.index(rejects[-1]) <= 2, "shrunk to an out-of-turn action near the start"


def test_a_crashing_engine_is_a_finding_not_a_crash() -> None:
    result = fuzzing.fuzz(PythonEngine(CrashOnDraw()), "archie", "archie-barge", 30, 1)
    assert result.finding is not None
    assert "(error)" in str(result.finding["explanation"])
    assert "cannot stand pat" in str(result.finding["explanation"])
    case = Case(Path("finding.json"), result.finding)
    assert fuzzing.is_valid_case(result.finding)
    assert grade(case, PythonEngine(ReferenceEngine()), "archie-barge").verdict is Verdict.PASS
    assert grade(case, PythonEngine(CrashOnDraw()), "archie-barge").verdict is Verdict.ERROR


def test_a_crash_on_an_action_the_passive_continuation_avoids_is_kept() -> None:
    result = fuzzing.fuzz(PythonEngine(CrashOnRaise()), "archie", "archie-barge", 20, 1)
    [finding] = list(result.findings)
    klass = finding.klass
    assert (klass.what, klass.field, klass.detail) == ("error", "crash", "AssertionError")
    assert finding.case is not None, "the crashing raise is part of the case"
    case = Case(Path("finding.json"), finding.case)
    assert grade(case, PythonEngine(ReferenceEngine()), "archie-barge").verdict is Verdict.PASS
    assert grade(case, PythonEngine(CrashOnRaise()), "archie-barge").verdict is Verdict.ERROR
