"""Perft (spec/core/09-perft.md): the published tables match the reference, the worked example
holds, and a rule broken in the reference's legal-action or award logic is caught by ``--all``
and divided down to a minimal, schema-valid case."""

from __future__ import annotations

import argparse
import gc
import json
import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from pokerspec.cli import UsageError, main
from pokerspec.conformance.adapters import ExecEngine, PythonEngine
from pokerspec.conformance.protocol import EngineFailure, Message, handshake
from pokerspec.conformance.reference_engine import ReferenceEngine, game_module
from pokerspec.core import high, low
from pokerspec.core.cards import parse_cards
from pokerspec.core.game import Json
from pokerspec.fuzz.hands import is_valid_case
from pokerspec.perft.cli import check
from pokerspec.perft.counts import Counts, ending_line, hex_digest, line_hash
from pokerspec.perft.coverage import reached
from pokerspec.perft.invariants import end_problems, node_problems
from pokerspec.perft.positions import TABLES, positions, read_tables
from pokerspec.perft.tables import BEGIN, END, coverage_of, dumps, markdown, spec_pages, write
from pokerspec.perft.tree import BATCH, MAX_PROBLEMS, EngineTree, Problem, ReferenceTree
from pokerspec.regress.mutants import MUTANTS

POSITIONS = positions()


def test_worked_example() -> None:
    """The counts and the digest of start-stud-fl-training to depth 3, as worked out in the text."""
    counts = ReferenceTree(POSITIONS["start-stud-fl-training"]).counts((), 3)
    assert counts.nodes == [1, 2, 6, 17]
    assert counts.ended == [0, 0, 0, 2]
    lines = [ending_line(["p2 pb 1", "p3 f", "p1 f"], [-1, 2, -1]),
             ending_line(["p2 cbr 2", "p3 f", "p1 f"], [-1, 2, -1])]
    assert lines[0] == "p2 pb 1,p3 f,p1 f:-1,2,-1"
    assert [hex_digest(line_hash(line)) for line in lines] == ["86532091840d809b", "f9d22febb79d58ef"]
    assert counts.digest() == "8025507d3baad98a"


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_tables_match_the_reference(name: str) -> None:
    """Regression baseline: the reference's counts at the checked depth are the published ones."""
    position = POSITIONS[name]
    published = read_tables()[name]
    assert ReferenceTree(position).counts((), position.depth).same(published.truncated(position.depth))
    assert published.depth == position.deep
    if position.full:
        assert published.nodes[-1] > 0 or published.ended[-1] > 0


def test_spec_pages_show_the_tables() -> None:
    tables = json.loads(TABLES.read_text(encoding="utf-8"))
    for language, page in spec_pages().items():
        text = page.read_text(encoding="utf-8")
        inside = text[text.index(BEGIN) + len(BEGIN): text.index(END)].strip()
        assert inside == markdown(tables, language), f"{page}: run pokerspec perft --update"


def test_the_published_coverage_is_what_the_walks_reach_now() -> None:
    """The rules reached, not reached and reached by each position, as printed on the spec pages,
    are what the positions' walks reach today (``core.perft.coverage``): a code change that moves
    a citation fails here until ``pokerspec perft --update`` is rerun."""
    tables = json.loads(TABLES.read_text(encoding="utf-8"))
    assert coverage_of(POSITIONS) == tables["coverage"], "run pokerspec perft --update"


def test_writing_the_same_tables_again_touches_no_file(tmp_path: Path) -> None:
    """``perft --update`` rewrites a file only when its text changes, and names each it rewrote."""
    tables = json.loads(TABLES.read_text(encoding="utf-8"))
    spec = tmp_path / "spec"
    (spec / "core").mkdir(parents=True)
    for page in spec_pages().values():
        (spec / "core" / page.name).write_text(page.read_text(encoding="utf-8"), encoding="utf-8")
    target = tmp_path / "tables.json"
    target.write_text(dumps(tables), encoding="utf-8")
    assert write(tables, target, spec) == []
    tables["coverage"] = {"reached": [], "not_reached": ["core.deck.shuffle"]}
    assert write(tables, target, spec) == [target, *(spec / "core" / p.name for p in spec_pages().values())]


def test_every_profile_has_positions() -> None:
    from pokerspec.profiles import all_profiles

    assert {p.profile for p in POSITIONS.values()} == set(all_profiles())


def test_subtrees_add_up() -> None:
    """A tree's counts are its children's one depth down (``core.perft.nodes``, ``core.perft.digest``)."""
    tree = ReferenceTree(POSITIONS["start-stud-fl-training"])
    whole = tree.counts((), 5)
    summed = Counts.empty(5)
    for child in tree.node(()).children:
        summed.add(tree.counts((child,), 4))
    assert summed.same(whole)


@pytest.mark.parametrize(("branch", "probe", "check"), [(True, False, True), (False, False, True),
                                                     (True, True, False), (False, True, False)])
def test_engine_walk_equals_reference(branch: bool, probe: bool, check: bool) -> None:
    """Through the protocol, by branching and by replaying, each with ``probe`` or with the
    invariants checked; a draw position walks every discard set."""
    engine = PythonEngine(ReferenceEngine())
    hello = handshake(engine)
    for name in ("archie-deal-0001", "stud-allin-0701", "auction-auctions-0101"):
        position = POSITIONS[name]
        tree = EngineTree(engine, hello, position, branch=branch, check=check, probe=probe)
        assert tree.probe is probe
        assert tree.counts((), position.depth).same(ReferenceTree(position).counts((), position.depth))
        assert tree.problems == []
        assert tree.batches < tree.messages / 4, "a batch serves many nodes"


def test_one_node_a_batch_counts_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for one node's children a batch, the walk goes depth first, one round trip a
    node, and counts the same."""
    monkeypatch.setattr("pokerspec.perft.tree.BATCH", 1)
    engine = PythonEngine(ReferenceEngine())
    hello = handshake(engine)
    position = POSITIONS["archie-deal-0001"]
    tree = EngineTree(engine, hello, position)
    counts = tree.counts((), position.depth)
    assert counts.same(ReferenceTree(position).counts((), position.depth))
    assert tree.batches > sum(counts.nodes[:-1]) - sum(counts.ended[:-1])


def test_probe_is_act_then_listing_without_moving() -> None:
    """``probe`` (capability ``probe``) answers what ``legal`` and ``outcome`` would after ``act``,
    or what ``act`` would refuse with, and the hand does not move; its replies fit the schema."""
    from pokerspec.conformance.adapters import reply_problem, request_problem

    engine = ReferenceEngine()
    assert "probe" in handshake(PythonEngine(engine)).capabilities
    assert "error" in engine.handle({"op": "probe", "action": "p1 f"})
    position = POSITIONS["stud-allin-0701"]
    engine.handle({"op": "new_hand", "game": position.game, "profile": position.profile,
                   "setup": dict(position.setup)})
    for text in position.actions:
        engine.handle({"op": "act", "action": text})
    before = engine.handle({"op": "snapshot"})
    listed = before["actions"]
    assert isinstance(listed, list) and listed
    refused = engine.handle({"op": "probe", "action": "p9 f"})
    assert "rejected" in refused and reply_problem("probe", refused) is None
    for action in map(str, listed):
        request: dict[str, Json] = {"op": "probe", "action": action}
        assert request_problem(request) is None
        probed = engine.handle(request)
        assert engine.handle({"op": "snapshot"}) == before
        assert reply_problem("probe", probed) is None
        engine.handle({"op": "push"})
        engine.handle({"op": "act", "action": action})
        assert probed == {**engine.handle({"op": "legal"}), **engine.handle({"op": "outcome"})}
        engine.handle({"op": "pop"})


def test_invariants_report_breaches() -> None:
    observation: dict[str, Json] = {"stacks": {"p1": 3, "p2": 5}, "pot": 3, "round_bets": {"p1": 0, "p2": 0},
                                    "hands": {"p1": ["As", "Kd"], "p2": ["As", "2c"]}, "folded": ["p2"]}
    problems = node_problems(["p1"], ["p1 cbr 4", "p2 f"], observation, 12)
    assert any("not conserved" in p for p in problems)
    assert any("seen twice: As" in p for p in problems)
    assert any("not to act" in p for p in problems) and any("folded seat" in p for p in problems)
    assert any("more than the 3 behind" in p for p in problems)
    outcome: dict[str, Json] = {"received": {"p1": 7, "p2": 0}, "net": {"p1": 3, "p2": -4},
                                "pots": [{"amount": 8, "shares": {"p1": 7}}]}
    found = end_problems(outcome, {"p1": 4, "p2": 4}, 0)
    assert any("does not add up" in p for p in found) and any("shared out as 7" in p for p in found)


SERVE_MUTANT = ("import sys; from pokerspec.conformance.serve import main; "
                "from pokerspec.conformance.reference_engine import game_module; "
                "[game_module(g) for g in ('archie', 'auction', 'stud')]; "
                "from pokerspec.regress.mutants import MUTANTS; "
                "patch = next(m for m in MUTANTS if m.name == sys.argv[1]).patch(); patch.__enter__(); "
                "sys.exit(main([]))")
"""The reference with one rule broken, served over the protocol in its own process (the perft
walk of the reference, in this process, stays right)."""


@pytest.mark.parametrize("go_on", [False, True], ids=["judged", "go-on"])
@pytest.mark.parametrize("name", ["stud-bring-in-may-fold", "archie-two-raises", "auction-odd-chip-lost"])
def test_planted_bug_is_divided_to_a_case(name: str, go_on: bool, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A rule broken in the legal-action logic (the first two) or in the award (the last) is caught
    by ``--all`` on that game's positions, at its first node (or, ``--go-on``, by the counts and
    divided) and written as a case the runner accepts (``core.perft.divide``)."""
    mutant = next(m for m in MUTANTS if m.name == name)
    engine = ExecEngine([sys.executable, "-c", SERVE_MUTANT, name])
    hello = handshake(engine)
    chosen = [p for p in POSITIONS.values() if p.game == mutant.game]
    args = argparse.Namespace(depth=None, deep=False, replay=False, invariants=False, divide=False,
                              out=tmp_path, stop=True, go_on=go_on)
    try:
        assert check(engine, hello, chosen, args) == 1
    finally:
        engine.close()
    printed = capsys.readouterr().out
    assert ("DIFF" in printed or "FAIL" in printed) and "case:" in printed
    cases = sorted(tmp_path.glob("*.json"))
    assert cases
    case = json.loads(cases[0].read_text(encoding="utf-8"))
    assert is_valid_case(case) and case["level"] == "required"
    assert "perft divide" in case["explanation"] and "the reference's answers" in case["explanation"]
    # the reference passes the case; the broken engine fails it, and a failed required case fails the run
    assert main(["conformance", "run", "--impl", "reference", "--vectors", str(tmp_path),
                 "--case", case["id"]]) == 0
    assert ": 1 pass, 0 fail" in capsys.readouterr().out
    broken = "exec:" + shlex.join([sys.executable, "-c", SERVE_MUTANT, name])
    assert main(["conformance", "run", "--impl", broken, "--vectors", str(tmp_path),
                 "--case", case["id"]]) == 1
    assert ": 0 pass, 1 fail" in capsys.readouterr().out


def test_cli_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--position", "no-such-position"]) == 2
    assert "unknown position no-such-position" in capsys.readouterr().err
    assert main(["perft", "--list"]) == 0
    assert main(["perft", "--position", "stud-streets-0702"]) == 0


def test_diff_footprint() -> None:
    """``pokerspec diff``'s perft section: the odd-chip profile changes who wins an odd chip, so
    the digests change and the counts do not; a revision against itself changes nothing."""
    from pokerspec.perft.footprint import between_profiles, between_tables

    found = {f.position: f for f in between_profiles("stud-fl-training", "stud-odd-chip-suit")}
    start = found["start-stud-fl-training"]
    assert start.first == 6 and start.a is not None and start.b is not None
    assert start.a.nodes == start.b.nodes and start.a.digest() != start.b.digest()
    assert found["stud-streets-0702"].first is None
    tables = read_tables()
    assert all(f.first is None for f in between_tables(tables, tables))


def test_a_table_lookup_counts_as_the_literate_ranking() -> None:
    """The tables are built before the measured walk, so it calls no five-card ranking function; a
    lookup still reaches the rules they cite (``core.perft.coverage``)."""
    wheel = parse_cards("As 2d 3c 4h 5s Kd Kc")
    high.high_rank(wheel), low.low_rank(wheel)
    hit = reached(lambda: (high.high_rank(wheel), low.low_rank(wheel)))
    assert {"core.high.best-five", "core.high.wheel", "core.high.no-wraparound", "core.high.suits",
            "core.high.kickers", "core.low.compare", "core.low.no-straights"} <= hit
    assert not {"core.low.compare", "core.high.wheel"} & reached(lambda: low.qualifies_eight(wheel[:5]))


def test_a_walk_in_process_pauses_the_collector_and_leaves_it_as_it_was() -> None:
    """``ReferenceTree.counts`` walks with the cyclic collector paused and resumes it only if it
    was on, with the same counts either way."""
    position = POSITIONS["start-stud-fl-training"]
    assert gc.isenabled()
    on = ReferenceTree(position).counts((), 6)
    assert gc.isenabled()
    gc.disable()
    try:
        off = ReferenceTree(position).counts((), 6)
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert on == off and sum(on.nodes) > 1


FAULTY = Path(__file__).resolve().parents[1] / "chaos" / "faulty.py"
"""The chaos suite's fault-injecting engine: the reference served, one fault at a target request."""


@pytest.mark.parametrize("mode", ["none", "twice-early", "twice-late", "out-of-order", "unasked", "no-id",
                                  "not-json", "crash"])
def test_a_faulty_reply_inside_a_batch_fails_the_walk(mode: str) -> None:
    """A walk sends hundreds of requests in one batch; a reply that comes twice, late, early,
    unasked, without its id or not at all at the 200th ``probe`` is still the walk's failure,
    never counts built on replies paired with the wrong requests (the control, ``none``, counts
    right)."""
    engine = ExecEngine([sys.executable, str(FAULTY), mode, "--op", "probe", "--skip", "200"], timeout=2.0)
    position = POSITIONS["stud-allin-0701"]
    try:
        hello = handshake(engine)
        tree = EngineTree(engine, hello, position)
        assert tree.probe
        if mode == "none":
            assert tree.counts((), position.depth).same(ReferenceTree(position).counts((), position.depth))
            return
        with pytest.raises(EngineFailure) as failed:
            tree.counts((), position.depth)
        assert failed.value.kind in ("protocol", "garbage", "crash"), failed.value
    finally:
        engine.close()


class Batches(PythonEngine):
    """The in-process reference, taking batches and keeping each one's ops."""

    def __init__(self) -> None:
        super().__init__(ReferenceEngine())
        self.batches: list[list[str]] = []

    def handle_all(self, messages: Sequence[Mapping[str, Json]]) -> tuple[list[Message], None]:
        self.batches.append([str(m["op"]) for m in messages])
        return [self.handle(m) for m in messages], None


@pytest.mark.parametrize("mode", ["twice-late", "unasked"])
def test_a_repeated_reply_after_a_batch_fails_the_walk(mode: str) -> None:
    """A second reply to the last ``probe`` of a batch comes only when the next batch is read,
    after that batch's replies were taken: the walk still fails (the adapter keeps it as a late
    line, ``late`` hands it over), also when it is the walk's last batch."""
    position = POSITIONS["stud-allin-0701"]
    recorder = Batches()
    EngineTree(recorder, handshake(recorder), position).counts((), position.depth)
    probes = [batch.count("probe") for batch in recorder.batches]
    ends = [sum(probes[: i + 1]) - 1 for i, batch in enumerate(recorder.batches) if batch[-1] == "probe"]
    assert len(ends) > 2
    for skip in (ends[1], ends[-1]):
        engine = ExecEngine([sys.executable, str(FAULTY), mode, "--op", "probe", "--skip", str(skip)],
                            timeout=2.0)
        try:
            with pytest.raises(EngineFailure, match=r"late line|extra line|no request had") as failed:
                EngineTree(engine, handshake(engine), position).counts((), position.depth)
            assert failed.value.kind == "protocol"
        finally:
            engine.close()


def test_a_reply_repeated_at_stop_fails_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    """A second reply the engine writes only when ``stop`` comes is seen when the run ends it."""
    faulty = "exec:" + shlex.join([sys.executable, str(FAULTY), "twice-at-stop", "--op", "probe"])
    assert main(["perft", "--impl", faulty, "--position", "stud-allin-0701"]) == 1
    assert "FAIL  after the last position" in capsys.readouterr().out


def test_invariant_breaches_are_listed_in_the_walks_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine whose pot is one chip over at many nodes (planted: wherever the pot is a multiple
    of 5) breaks chip conservation far more often than the report keeps. The batched walk through
    the protocol, a walk of one node a batch and the reference's own walk list the same first
    breaches, in depth-first order: the first listed is the first a reader meets."""
    stud = type(game_module("stud"))
    honest = stud.observed

    def planted(self: object, state: object) -> Mapping[str, Json]:
        seen = dict(honest(self, state))  # type: ignore[arg-type]
        pot = seen["pot"]
        if isinstance(pot, int) and pot % 5 == 0:
            seen["pot"] = pot + 1
        return seen

    monkeypatch.setattr(stud, "observed", planted)  # what observe copies and the walks read
    position = POSITIONS["stud-allin-0701"]
    reference = ReferenceTree(position, check=True)
    reference.counts((), position.depth)

    def walked(batch: int) -> list[Problem]:
        monkeypatch.setattr("pokerspec.perft.tree.BATCH", batch)
        engine = PythonEngine(ReferenceEngine())
        tree = EngineTree(engine, handshake(engine), position, check=True)
        tree.counts((), position.depth)
        assert tree.batches > 1
        return tree.problems

    batched = walked(BATCH)
    assert len(reference.problems) == MAX_PROBLEMS
    assert {p.message.split(":")[0] for p in reference.problems} == {"chips not conserved"}
    assert len({len(p.sequence) for p in reference.problems}) > 2, "breaches at several depths"
    assert batched == reference.problems
    assert walked(1) == reference.problems


class NoSnapshot(ReferenceEngine):
    """The reference without the ``snapshot`` capability."""

    def _op_start(self, message: Mapping[str, Json]) -> Message:
        hello = super()._op_start(message)
        caps = hello["capabilities"]
        assert isinstance(caps, list)
        return {**hello, "capabilities": [c for c in caps if c != "snapshot"]}


def test_invariants_that_cannot_be_tested_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--invariants`` on an engine without ``snapshot``, or with ``--cluster`` (whose workers walk
    without it), is a usage error, never a walk that tests nothing and passes."""
    cluster = ["--cluster", "tcp://127.0.0.1:9"]
    assert main(["perft", "--position", "stud-allin-0701", "--invariants", *cluster]) == 2
    assert "--invariants tests every node in this process" in capsys.readouterr().err
    engine = PythonEngine(NoSnapshot())
    args = argparse.Namespace(depth=None, deep=False, replay=False, invariants=True, divide=False,
                              out=Path("unused"), stop=True, go_on=False)
    with pytest.raises(UsageError, match="does not offer"):
        check(engine, handshake(engine), [POSITIONS["stud-allin-0701"]], args)
    assert main(["perft", "--position", "stud-allin-0701", "--invariants"]) == 0
    assert "invariant:" not in capsys.readouterr().out


@pytest.mark.parametrize("command", [["perft", "--update"], ["perft", "--all"]], ids=["update", "walk"])
def test_a_position_the_rules_refuse_is_a_usage_error(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str],
                                                      command: list[str]) -> None:
    """After a rule change (here: stacks under the reserve), ``perft --update`` and a walk of the
    positions are a usage error naming the position, its file and the case it copies (never an
    internal error), and write no table."""
    from dataclasses import replace

    from pokerspec.perft import cli as perft_cli

    known = positions()
    name = next(n for n, p in known.items() if p.game == "auction" and "From the case " in p.title)
    source = known[name].title.split("From the case ")[1].split(" ")[0]
    stacks = known[name].setup["stacks"]
    assert isinstance(stacks, list)
    broke = replace(known[name], setup={**known[name].setup, "stacks": [1] * len(stacks)})
    before = TABLES.read_bytes()
    monkeypatch.setattr(perft_cli, "positions", lambda: {name: broke})
    assert main(command) == 2
    err = capsys.readouterr().err
    assert f"position {name} (conformance/perft/positions/{name}.json, a copy of case {source}'s" in err
    assert "the rules refuse its setup" in err and "internal error" not in err
    assert TABLES.read_bytes() == before


class RefusesDiscards(ReferenceEngine):
    """The reference, except that it refuses every discard of cards as ``card_not_in_hand``."""

    def handle(self, message: Mapping[str, Json]) -> Message:
        action = message.get("action")
        if message.get("op") == "act" and isinstance(action, str) and " sd " in action:
            return {"ok": False, "rejected": "card_not_in_hand", "message": "refused on purpose"}
        return super().handle(message)


def test_divide_through_a_refusal_in_the_prefix_writes_the_case(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """An engine that refuses a discard of the position's own prefix (``core.perft.divide``): the
    walk fails, and divide writes the required case that ends at the refusal, with the reference's
    listing there, the refused action and the engine's reason; the reference passes it."""
    engine = RefusesDiscards()
    hello = handshake(engine)
    args = argparse.Namespace(depth=None, deep=False, replay=True, invariants=False, divide=False,
                              out=tmp_path, stop=True, go_on=False)
    assert check(engine, hello, [POSITIONS["archie-deal-0001"]], args) == 1
    printed = capsys.readouterr().out
    assert "p1 sd Kc Kd Qh Js 9c (card_not_in_hand)" in printed
    case = json.loads(next(tmp_path.glob("*.json")).read_text(encoding="utf-8"))
    assert is_valid_case(case) and case["level"] == "required"
    acts = [s["act"] for s in case["steps"] if "act" in s]
    assert acts[:5] == ["p2 cc", "p1 cbr 4", "p2 cbr 6", "p1 cc", "p1 sd Kc Kd Qh Js 9c"]
    listing = next(s for s in case["steps"] if "legal" in s)
    assert "card_not_in_hand" in listing["note"] and "p1 sd *" in listing["legal"]["actions"]
    assert main(["conformance", "run", "--impl", "reference", "--vectors", str(tmp_path),
                 "--case", case["id"]]) == 0
