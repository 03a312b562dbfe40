"""The third-party adapters run the suite honestly: each peer passes the ranking cases it
advertises, advertises nothing it cannot do, and PokerKit replays stud hands from the same
deck with the same actions as the reference (``core.high.*``, ``core.low.*``, ``stud.*``).

Each test skips cleanly when its peer package is not installed (the ``peers`` extra).
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Mapping
from typing import cast

import pytest
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.compliance import ENGINES, explain, render, run_engine
from pokerspec.conformance.grading import Result, Verdict
from pokerspec.conformance.protocol import Engine, handshake
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.conformance.runner import Selection, plan, run
from pokerspec.core.cards import format_card
from pokerspec.core.deck import shuffled
from pokerspec.core.game import Json

PEERS = {"treys": "treys", "eval7": "eval7", "phevaluator": "phevaluator", "pokerkit": "pokerkit"}
"""Engine name in the compliance table -> the package it needs."""


def need(package: str) -> None:
    if importlib.util.find_spec(package) is None:
        pytest.skip(f"{package} is not installed (pip install -e '.[peers]')")


@pytest.mark.parametrize("name", sorted(PEERS))
def test_peer_passes_the_core_rankings_it_advertises(name: str) -> None:
    need(PEERS[name])
    engine = open_engine(ENGINES[name])
    hello = handshake(engine)
    cases, bad = load_cases([VECTORS / "core"])
    assert not bad
    report = run(engine, hello, plan(cases, Selection(games=("core",))))
    engine.close()
    ran = [r.result for r in report.runs if r.result.verdict is not Verdict.SKIP]
    failed = [r.message for r in ran if r.verdict is not Verdict.PASS]
    assert ran and not failed, failed
    high = [r for r in ran if any(rule.startswith("core.high.") for rule in r.rules)]
    assert high, "every peer ranks high hands"
    skipped = {r.result.case for r in report.runs if r.result.verdict is Verdict.SKIP}
    notation = {r.case.id for r in report.runs if r.case.kind == "notation"}
    assert notation <= skipped, "no peer advertises our notation"


@pytest.mark.parametrize("name", ["treys", "eval7", "phevaluator"])
def test_evaluator_capabilities_are_honest(name: str) -> None:
    need(PEERS[name])
    engine = open_engine(ENGINES[name])
    hello = handshake(engine)
    assert hello.capabilities == {"ranking:high"}
    refused = engine.handle({"op": "rank", "ranking": "low-a5", "hands": [["As", "2d", "3c", "4h", "5s"]]})
    assert "error" in refused
    reply = engine.handle({"op": "rank", "ranking": "high",
                           "hands": [["As", "2d", "3c", "4h", "5s"], ["6s", "2c", "3d", "4c", "5h"]]})
    # A 6-high straight beats the wheel (``core.high.wheel``).
    assert reply == {"order": [[1], [0]], "categories": ["straight", "straight"]}
    engine.close()


def test_pokerkit_lows() -> None:
    need("pokerkit")
    engine = open_engine(ENGINES["pokerkit"])
    handshake(engine)
    # Ace-to-five: the wheel is the best low; a pair of twos loses to any unpaired hand.
    reply = engine.handle({"op": "rank", "ranking": "low-a5", "hands": [
        ["2c", "2d", "3h", "4s", "5c"], ["Ks", "Qd", "Jc", "9h", "8s"], ["As", "2d", "3c", "4h", "5s"]]})
    assert reply["order"] == [[2], [1], [0]]
    # Eight or better: 9-high does not qualify; 8-7-6-5-4 is the worst qualifier.
    reply = engine.handle({"op": "rank", "ranking": "low-8", "hands": [
        ["9c", "5d", "4h", "3s", "2c"], ["8s", "7d", "6c", "5h", "4s"]]})
    assert reply == {"order": [[1]], "qualifies": [False, True]}
    engine.close()


def _strings(reply: Mapping[str, Json], key: str) -> list[str]:
    value = reply.get(key)
    assert isinstance(value, list), reply
    return sorted(str(v) for v in value)


def _outcome(engine: Engine) -> Mapping[str, Json]:
    outcome = engine.handle({"op": "outcome"}).get("outcome")
    assert isinstance(outcome, dict), outcome
    return outcome


@pytest.mark.parametrize("seed", range(5))
def test_pokerkit_stud_same_deck_same_actions(seed: int) -> None:
    """Deep stacks and no folds: no all-in and no running out, so the betting rules are the
    same; every betting listing must match the reference's, and the hand must pay the same
    unless a pot is split (the showdown order and the odd chip are genuine differences)."""
    need("pokerkit")
    rng = random.Random(seed)
    seats = rng.randint(2, 6)
    setup: dict[str, Json] = {"stacks": [200] * seats, "dealer": f"p{rng.randrange(seats) + 1}",
                              "deck": [format_card(c) for c in shuffled(rng)]}
    ref: Engine = ReferenceEngine()
    peer = open_engine(ENGINES["pokerkit"])
    handshake(peer)
    message: dict[str, Json] = {"op": "new_hand", "game": "stud", "profile": "stud-fl-training",
                                "setup": setup}
    assert ref.handle(message) == {"ok": True}
    assert peer.handle(message) == {"ok": True}
    compared = 0
    while actions := _strings(ref.handle({"op": "legal"}), "actions"):
        seat = actions[0].split()[0]
        if any(a.split()[1] == "sm" for a in actions):
            assert ref.handle({"op": "act", "action": f"{seat} sm"}) == {"ok": True}
            continue
        theirs = peer.handle({"op": "legal"})
        assert (_strings(theirs, "to_act"), _strings(theirs, "actions")) == ([seat], actions)
        choice = rng.choice([a for a in actions if a.split()[1] != "f"])
        assert ref.handle({"op": "act", "action": choice}) == {"ok": True}
        assert peer.handle({"op": "act", "action": choice}) == {"ok": True}
        compared += 1
    while to_act := _strings(peer.handle({"op": "legal"}), "to_act"):
        assert peer.handle({"op": "act", "action": f"{to_act[0]} sm"}) == {"ok": True}
    want, got = _outcome(ref), _outcome(peer)
    pots = want["pots"]
    assert isinstance(pots, list) and compared >= 2 * seats
    split = any(len(cast(dict[str, list[str]], cast(dict[str, Json], p)["winners"])["all"]) > 1 for p in pots)
    if not split:
        assert (got["net"], got["received"]) == (want["net"], want["received"])
    peer.close()


def test_compliance_page_names_every_engine() -> None:
    """The generated page has a summary row per engine and a section per engine that ran."""
    runs = [run_engine("reference", ENGINES["reference"])]
    if importlib.util.find_spec("treys") is not None:
        runs.append(run_engine("treys", ENGINES["treys"]))
    page = render(runs)
    assert page.startswith("# Third-party engines against the suite")
    for er in runs:
        assert er.report is not None
        assert f"| {er.name} | {er.report.hello.version} | {er.report.count(Verdict.PASS)} |" in page
        assert f"## {er.name}" in page
    reference = runs[0].report
    assert reference is not None and reference.count(Verdict.FAIL) == 0


def test_pokerkit_plays_stud_cases_the_spec_way() -> None:
    """With the adapter, PokerKit passes the stud cases where its rules agree with the spec."""
    need("pokerkit")
    er = run_engine("pokerkit", ENGINES["pokerkit"])
    assert er.report is not None
    stud = [r.result for r in er.report.runs if r.case.game == "stud"]
    assert len([r for r in stud if r.verdict is Verdict.PASS]) >= 3


@pytest.mark.parametrize(
    ("message", "expected", "rule"),
    [
        ("legal /actions: missing [], unexpected ['p2 mu']", {"to_act": ["p2"], "actions": ["p2 sm"]},
         "stud.showdown.muck"),
        ("legal /to_act: missing ['p2'], unexpected ['p1']", {"to_act": ["p2"], "actions": ["p2 sm"]},
         "stud.showdown.order"),
        ("legal /to_act: missing ['p2'], unexpected ['p1']", {"to_act": ["p2"], "actions": ["p2 cc 0"]},
         "stud.streets.first-actor"),
        ("legal /actions: missing ['p1 cbr 10'], unexpected []", {}, "stud.allin.reopen"),
        ("outcome /pots[0]/shares/p2: expected 3, got 2", {}, "stud.showdown.odd-chip"),
        ("outcome /received/p2: expected 3, got 2", {}, None),
    ],
)
def test_deviations_are_attributed_by_symptom(message: str, expected: Json, rule: str | None) -> None:
    result = Result("stud-x-0001", "stud-fl-training", Verdict.FAIL, ("stud.streets.cap",), True,
                    step=3, message=message, expected=expected)
    known = explain("pokerkit", result)
    assert (None if known is None else known.rule) == rule
    assert explain("treys", result) is None
