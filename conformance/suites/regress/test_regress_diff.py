"""``pokerspec diff``: the Anna/Ben example flips from a Ben scoop to an even split under Pagat,
nothing unrelated changes, and the exit status says whether anything changed."""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path

import pytest
from pokerspec.conformance.cases import load_cases
from pokerspec.profiles import all_profiles, default_profile
from pokerspec.regress import diff
from pokerspec.regress.diff import Change, Side, collect, compare
from pokerspec.regress.examples import CHANGES, scratch
from pokerspec.regress.moved import parameter_rules
from pokerspec.regress.trace import Trace
from pokerspec.traceability import collect as collect_rules

ROOT = Path(__file__).resolve().parents[3]

PAGAT_RULES = {"archie.qualify.high", "archie.award.nobody", "archie.pagat.high", "archie.pagat.nobody"}


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    diff.register(parser.add_subparsers(), "diff")
    args = parser.parse_args(["diff", *argv])
    code = args.handler(args)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.fixture(scope="module")
def barge_vs_pagat() -> list[Change]:
    cases_for = ["archie-barge", "archie-pagat"]
    cases = load_cases()[0]
    a = collect("archie-barge", cases_for, 60, 1, cases)
    b = collect("archie-pagat", cases_for, 60, 1, cases)
    return compare(a, b).changes


def test_second_anna_ben_showdown_becomes_an_even_split(barge_vs_pagat: list[Change]) -> None:
    # K♥9♦7♣4♠2♥ (Anna, p1) against 4♣4♦Q♠8♥3♣ (Ben, p2), 10 in each: nobody qualifies, so
    # BARGE gives Ben the whole 20 and Pagat shares it 10/10 (spec/archie/07-profiles.md, ARC-17).
    found = [c for c in barge_vs_pagat if c.id in ("archie-showdown-0002", "archie-profiles-0001")]
    assert {c.id for c in found} == {"archie-showdown-0002", "archie-profiles-0001"}
    for change in found:
        assert change.where == "outcome"
        assert isinstance(change.a, dict) and isinstance(change.b, dict)
        assert change.a["received"] == {"p1": 0, "p2": 20}
        assert change.b["received"] == {"p1": 10, "p2": 10}


def test_nothing_unrelated_changes(barge_vs_pagat: list[Change]) -> None:
    # The first example (Anna's wheel scoops both ways) qualifies under both profiles.
    assert "archie-showdown-0001" not in {c.id for c in barge_vs_pagat}
    for change in barge_vs_pagat:
        # Only showdowns can differ: the profiles share every betting and drawing rule.
        assert change.where == "outcome", change
        if change.kind == "corpus":
            assert set(change.rules) == {"archie.qualify.high", "archie.award.nobody"}
    hands = [c for c in barge_vs_pagat if c.kind == "corpus"]
    assert hands, "60 random hands should include a showdown nobody qualifies for under Pagat"


def test_same_profile_changes_nothing() -> None:
    side = collect("archie-barge", ["archie-barge"], 20, 4)
    assert compare(side, side).changes == []


def test_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(["archie-barge", "archie-barge", "--hands", "5"], capsys)
    assert code == 0 and "no behaviour changed" in out
    code, out = _run(["archie-barge", "archie-pagat", "--hands", "5"], capsys)
    assert code == 1
    assert "archie-showdown-0002" in out and "archie-barge p1 0, p2 20" in out
    code, _ = _run(["archie-barge", "no-such-profile"], capsys)
    assert code == 2
    code, _ = _run(["archie-barge", "auction-seed"], capsys)
    assert code == 2


def test_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(["archie-barge", "archie-pagat", "--hands", "0", "--json"], capsys)
    report = json.loads(out)
    assert code == 1
    assert report["counts"]["hands"] == 0 and report["counts"]["changed_cases"] >= 2
    ids = {c["id"] for c in report["changed"]}
    assert "archie-showdown-0002" in ids
    assert any("archie-showdown-0002" in members for members in report["by_rule"].values())


def test_step_difference_is_named() -> None:
    # A change in a legal listing is reported at that step, with what each side allows.
    base = {"id": "h", "kind": "corpus", "steps": [
        {"act": "p1 cc 2", "legal": ["p1 cbr 4", "p1 cc 2", "p1 f"], "result": "ok", "to_act": ["p1"]}],
        "outcome": None}
    changed = json.loads(json.dumps(base))
    changed["steps"][0]["legal"] = ["p1 cbr 4", "p1 cc 2"]
    a = Side("A", "x", "archie", [], {"h": base})
    b = Side("B", "x", "archie", ["archie.betting.fold"], {"h": changed})
    [change] = compare(a, b).changes
    assert change.where == "step" and change.step == 0
    assert change.rules == ["archie.betting.fold"]
    assert change.summary == ["act: p1 cc 2 (on both sides)", "legal: only under A ['p1 f']"]


def test_two_directories(capsys: pytest.CaptureFixture[str]) -> None:
    # The same command against two checkouts, each tracing with its own code.
    root = ROOT
    code, out = _run(["archie-barge", "archie-barge", "--hands", "3", "--dir-a", str(root),
                      "--dir-b", str(root)], capsys)
    assert code == 0, out
    assert "0 of 3 random hands changed" in out


def test_revision_is_extracted_without_touching_the_work_tree(tmp_path: Path) -> None:
    tree = diff.checkout("HEAD", tmp_path, ROOT)
    assert (tree / "pyproject.toml").is_file()
    assert (tree / "reference" / "pokerspec" / "profiles.py").is_file()


def test_a_changed_qualifier_is_filed_under_the_qualifier_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A copy of the project whose BARGE profile wants a pair one rank higher for high: only
    showdowns change, and every change is filed under ``archie.qualify.high``, the rule the
    changed parameter ``high_pair`` belongs to (not ``archie.award.split``)."""
    tree = scratch(ROOT, tmp_path, CHANGES["qualifier-one-higher"])
    code, out = _run(["archie-barge", "--hands", "40", "--json", "--dir-b", str(tree)], capsys)
    assert code == 1, out
    report = json.loads(out)
    changed = report["changed"]
    assert changed and all(c["where"] == "outcome" for c in changed)
    assert any(c["id"].startswith("archie-qualifiers-") for c in changed)
    assert list(report["by_rule"]) == ["archie.qualify.high"]


def test_a_changed_odd_chip_order_is_filed_under_the_odd_chip_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A code change (no parameter changes): the odd chip goes to the lowest tied seat instead of
    the first shown. The changed function cites ``stud.showdown.odd-chip``, so every change is
    filed there (not under ``stud.allin.pots``), and the cases whose winnings moved are printed
    first."""
    tree = scratch(ROOT, tmp_path, CHANGES["odd-chip-lowest-seat"])
    code, out = _run(["stud-fl-training", "--hands", "20", "--json", "--dir-b", str(tree)], capsys)
    assert code == 1, out
    report = json.loads(out)
    assert list(report["by_rule"]) == ["stud.showdown.odd-chip"]
    assert report["counts"]["outcome_cases"] > 0
    code, text = _run(["stud-fl-training", "--hands", "20", "--dir-b", str(tree)], capsys)
    listed = [line.split()[1] for line in text.splitlines() if line.startswith("  case ")]
    moved = [c["id"] for c in report["changed"] if c["outcome_changed"] and c["kind"] != "corpus"]
    assert listed[:len(moved)] == moved


def test_a_revision_against_the_work_tree(capsys: pytest.CaptureFixture[str]) -> None:
    # HEAD's rules against the work tree's, both driven by this checkout's corpus.
    code, out = _run(["archie-barge", "archie-barge", "--hands", "3", "--rev-a", "HEAD"], capsys)
    assert code in (0, 1), out
    assert out.startswith("pokerspec diff archie-barge@HEAD -> archie-barge@work tree:")


def test_one_profile_compares_itself_across_revisions(capsys: pytest.CaptureFixture[str]) -> None:
    """With revisions or directories, PROFILE_B defaults to PROFILE_A; between two profiles of
    one checkout it is required, and its absence is a usage error that says so."""
    code, out = _run(["archie-barge", "--hands", "2", "--rev-a", "HEAD", "--rev-b", "HEAD"], capsys)
    assert code == 0, out
    assert out.startswith("pokerspec diff archie-barge@HEAD -> archie-barge@HEAD:")
    code, out = _run(["archie-barge"], capsys)
    assert code == 2 and "name two profiles (PROFILE_A PROFILE_B)" in out


def test_revisions_are_those_of_the_repository_you_stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Not the repository the package was installed from: outside any repository --rev-a is a
    usage error, and --repo names the repository to read."""
    monkeypatch.chdir(tmp_path)
    code, out = _run(["archie-barge", "archie-barge", "--hands", "1", "--rev-a", "HEAD"], capsys)
    assert code == 2
    assert "is not in a git repository" in out
    code, out = _run(["archie-barge", "archie-barge", "--hands", "1", "--rev-a", "HEAD", "--repo", str(ROOT)],
                     capsys)
    assert code in (0, 1), out
    assert out.startswith("pokerspec diff archie-barge@HEAD -> archie-barge@work tree:")
    code, out = _run(["archie-barge", "archie-barge", "--rev-a", "no-such-rev", "--repo", str(ROOT)], capsys)
    assert code == 2 and "no revision 'no-such-rev'" in out


def test_a_missing_vectors_directory_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(["archie-barge", "archie-pagat", "--vectors", str(tmp_path / "nonexistent")], capsys)
    assert code == 2
    assert f"no such case directory or file: {tmp_path / 'nonexistent'}" in out


def test_a_changed_highest_bid_names_the_rule_and_counts_outcomes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Change A of the rule-change recipe on a scratch copy: the highest bid one more than today's,
    the reserve raised as far as the invariant then needs. Listings gaining the new bid and bids
    refused before are filed under ``auction.auction.bid``, setups the raised reserve refuses
    under ``auction.setup.reserve``, never under the dozen rules a case lists; outcome changes are
    counted; a random hand keeps every difference; A's hands are replayed under B."""
    tree = scratch(ROOT, tmp_path, CHANGES["one-more-bid"])
    argv = ["auction-seed", "--hands", "12", "--dir-b", str(tree)]
    code, out = _run([*argv, "--json"], capsys)
    assert code == 1, out
    report = json.loads(out)
    assert set(report["by_rule"]) <= {"auction.auction.bid", "auction.setup.reserve"}, list(report["by_rule"])
    changed = {c["id"]: c for c in report["changed"]}
    rejected = [c for c in changed.values() if c["where"] == "step" and "reject" in (c["a"] or {})]
    assert rejected and all(c["rules"] == ["auction.auction.bid"] for c in rejected)
    refused = [c for c in changed.values() if c["where"] == "setup"]
    assert refused and all(c["rules"] == ["auction.setup.reserve"] for c in refused)
    counts = report["counts"]
    assert counts["changed_hands"] == 12 and 0 < counts["outcome_hands"] <= 12
    hand = next(c for c in report["changed"] if c["kind"] == "corpus")
    assert len(hand["differences"]) > 1 and hand["differences"][0] == {
        k: hand[k] for k in ("where", "step", "summary", "a", "b")}
    assert counts["replayed"] == 12
    code, text_out = _run(argv, capsys)
    assert "auction.auction.bid  (" in text_out and "in their outcome" in text_out
    assert "replayed under B with the same actions" in text_out


def _moved_case(key: str, outcome: int) -> Trace:
    return {"id": key, "kind": "hand", "rules": ["archie.betting.fold"],
            "steps": [{"act": "p1 f", "result": "ok", "to_act": ["p1"]}],
            "outcome": {"received": {"p1": outcome}}}


def test_changed_outcomes_are_listed_first_and_never_left_out() -> None:
    """Twenty cases change a listing only, the last one changes who receives what: it is printed
    first in its group, and the per-group limit leaves out only cases whose outcome held."""
    a_traces = {f"c{i:02}": _moved_case(f"c{i:02}", 3) for i in range(21)}
    b_traces = json.loads(json.dumps(a_traces))
    for trace in b_traces.values():
        trace["steps"][0]["to_act"] = ["p2"]
    b_traces["c20"]["outcome"] = {"received": {"p1": 4}}
    a = Side("A", "x", "archie", [], a_traces)
    b = Side("B", "x", "archie", ["archie.betting.fold"], b_traces)
    text = diff.render(compare(a, b), limit=diff.SHOWN)
    listed = [line.split()[1] for line in text.splitlines() if line.startswith("  case ")]
    assert listed[0] == "c20" and len(listed) == diff.SHOWN
    assert f"... and {21 - diff.SHOWN} more (" in text


def test_a_setup_refused_on_both_sides_with_the_same_code_keeps_its_outcome() -> None:
    """Only the message differs (it names the reserve): the case is listed, its outcome is not
    counted as changed."""
    def refused(reason: str) -> Trace:
        return {"id": "h", "kind": "hand", "rules": [], "steps": [],
                "outcome": {"error": "bad_seats", "reason": reason}}
    a = Side("A", "x", "auction", [], {"h": refused("only 1 seat(s) hold the 20-chip reserve")})
    b = Side("B", "x", "auction", [], {"h": refused("only 1 seat(s) hold the 25-chip reserve")})
    report = compare(a, b)
    [change] = report.changes
    assert not change.outcome_changed and report.counts()["outcome_cases"] == 0


def test_every_profile_between_two_directories(capsys: pytest.CaptureFixture[str]) -> None:
    """``--dir-a``/``--dir-b`` (or ``--rev-a``/``--rev-b``) without a profile compares every
    profile both have; without revisions or directories two profiles must be named."""
    code, out = _run(["--hands", "0", "--json", "--dir-a", str(ROOT), "--dir-b", str(ROOT)], capsys)
    assert code == 0, out
    report = json.loads(out)
    assert [r["a"]["profile"] for r in report["reports"]] == sorted(all_profiles())
    assert report["not_compared"] == {}
    code, out = _run(["archie-barge"], capsys)
    assert code == 2 and "name two profiles" in out


def test_every_parameter_names_its_rule() -> None:
    """Each field of every game's rules object belongs to a rule its docstring (or its type's)
    cites, so that the diff can file a changed parameter's differences under that rule."""
    known = collect_rules(ROOT).rules
    for game in ("archie", "auction", "stud"):
        kind = type(default_profile(game).rules)
        found = parameter_rules(kind)
        assert set(found) == {f.name for f in dataclasses.fields(kind)}, game
        assert all(rule in known for rule in found.values()), found


def test_a_setup_refused_on_one_side_is_an_error_with_its_reason() -> None:
    dealt = {"id": "h", "kind": "hand", "rules": ["auction.setup.reserve"],
             "steps": [{"act": "p1 bid 1", "legal": ["p1 bid 1"], "result": "ok", "to_act": ["p1"]}],
             "outcome": {"received": {"p1": 3}}}
    refused = {"id": "h", "kind": "hand", "rules": ["auction.setup.reserve"], "steps": [],
               "outcome": {"error": "bad_seats", "reason": "at least 2 players need 25 chips"}}
    a = Side("A", "x", "auction", [], {"h": dealt})
    b = Side("B", "x", "auction", [], {"h": refused})
    [change] = compare(a, b).changes
    assert change.where == "setup" and change.outcome_changed
    assert change.summary == ["A deals the hand",
                              "setup refused under B: bad_seats (at least 2 players need 25 chips)"]
    assert change.rules == ["auction.setup.players"]


@pytest.mark.parametrize(("game", "code", "rule"), [
    ("archie", "short_stack", "archie.table.reserve"), ("archie", "bad_deck", "archie.table.deck"),
    ("archie", "bad_seats", "archie.table.players"), ("stud", "bad_stakes", "stud.profile.stakes"),
    ("stud", "bad_deck", "core.deck.cards"), ("stud", "bad_seats", "stud.deal.players"),
])
def test_a_refused_setup_is_attributed_by_its_error_code(game: str, code: str, rule: str) -> None:
    """A reserve raised past the stacks refuses Archie's deal with ``short_stack``: the change
    belongs to the reserve rule, not to the seating rule (whichever side refuses)."""
    dealt = {"id": "h", "kind": "hand", "rules": [], "steps": [{"act": "p1 f", "result": "ok"}],
             "outcome": {"received": {"p1": 3}}}
    refused = {"id": "h", "kind": "hand", "rules": [], "steps": [], "outcome": {"error": code}}
    for a, b in ((dealt, refused), (refused, dealt)):
        [change] = compare(Side("A", "x", game, [], {"h": a}), Side("B", "x", game, [], {"h": b})).changes
        assert change.rules == [rule]


def test_cases_a_new_profile_leaves_alone_are_proposed_for_it() -> None:
    """A case that lists only A and traces the same under B may list B too; one that changes may not."""
    same = {"id": "c1", "kind": "showdown", "rules": [], "outcome": {"received": {"p1": 2}}}
    moved_a = {"id": "c2", "kind": "showdown", "rules": [], "outcome": {"received": {"p1": 2}}}
    moved_b = {"id": "c2", "kind": "showdown", "rules": [], "outcome": {"received": {"p1": 1, "p2": 1}}}
    listed = {"c1": ["old"], "c2": ["old"]}
    a = Side("old", "old", "stud", [], {"c1": same, "c2": moved_a}, listed=listed)
    b = Side("new", "new", "stud", ["stud.showdown.odd-chip"], {"c1": same, "c2": moved_b}, listed=listed)
    report = compare(a, b)
    assert report.proposals() == {"new": ["c1"]}
    assert "add new to their \"profiles\"" in diff.render(report)
