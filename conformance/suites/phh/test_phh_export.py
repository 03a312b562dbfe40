"""PHH export: every stud hand case, written as PHH, reads back through PokerKit's own PHH reader
and through pokerspec's replay to the same final stacks, except where PokerKit follows a known
different rule (named); Archie and Auction export with pokerspec's marked extensions; corpus
traces export too (docs/examples/real-hands.md)."""

from __future__ import annotations

import importlib.util
import json
import tomllib
import warnings
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from pokerspec.cli import main
from pokerspec.compliance.findings import DIFFERENCE, KNOWN
from pokerspec.conformance.cases import VECTORS, Case, load_cases
from pokerspec.phh.document import dumps, parse_document
from pokerspec.phh.export import Exported, ExportError, export_case, export_trace
from pokerspec.phh.record import stud_record
from pokerspec.phh.replay import replay
from pokerspec.profiles import get_profile
from pokerspec.regress.golden import GOLDEN
from pokerspec.regress.trace import join_records
from pokerspec.stud.profiles import StudRules

CASES, BAD = load_cases([VECTORS])
STUD_HANDS = [c for c in CASES if c.game == "stud" and c.kind == "hand"]
RUNS = [(c, p) for c in STUD_HANDS for p in c.profiles]
POKERKIT_RULES = {k.rule: k.text for k in KNOWN if k.engine == "pokerkit" and k.kind == DIFFERENCE}
"""The rules PokerKit is known to play differently (the compliance page's list)."""


def exported(case: Case, profile: str) -> Exported | None:
    try:
        return export_case(case.data, profile)
    except ExportError:
        return None


@dataclass(frozen=True, slots=True)
class Verdict:
    """One case run through PokerKit: ``equal``, ``different`` or ``refused`` (PokerKit's reader
    cannot play it), ``inexpressible`` (not an F7S hand PokerKit can hold), with the rule why."""

    case: str
    profile: str
    kind: str
    rule: str | None = None
    detail: str = ""


def pokerkit_verdict(case: Case, profile: str) -> Verdict:
    from pokerkit import HandHistory

    phh = exported(case, profile)
    if phh is None:
        return Verdict(case.id, profile, "inexpressible", None, "the rules refuse the table: no hand")
    if "'d db " in phh.text:
        return Verdict(case.id, profile, "inexpressible", "stud.runout.common", "a common card")
    ours = tomllib.loads(phh.text).get("finishing_stacks")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            final = list(list(HandHistory.loads(phh.text))[-1].stacks)
    except ValueError as exc:
        rule = next((r for r in case.rules if r in POKERKIT_RULES), None)
        return Verdict(case.id, profile, "refused", rule, str(exc))
    if final == ours:
        return Verdict(case.id, profile, "equal")
    return Verdict(case.id, profile, "different", _why_different(case, profile), f"{final} != {ours}")


def _why_different(case: Case, profile: str) -> str | None:
    """A split pot whose chips do not divide evenly: PokerKit gives the odd chip by position."""
    from pokerspec.conformance.reference_engine import ReferenceEngine
    from pokerspec.regress.trace import case_trace

    outcome = case_trace(case, profile, ReferenceEngine())["outcome"]
    assert isinstance(outcome, dict)
    pots = outcome.get("pots", [])
    assert isinstance(pots, list)
    for pot in pots:
        assert isinstance(pot, dict)
        winners = pot["winners"]
        assert isinstance(winners, dict)
        tied = [s for seats in winners.values() if isinstance(seats, list) for s in seats]
        amount = pot["amount"]
        if len(tied) > 1 and isinstance(amount, int) and amount % len(tied):
            return "stud.showdown.odd-chip"
    return next((r for r in case.rules if r in POKERKIT_RULES), None)


def test_cases_load() -> None:
    assert not BAD, BAD
    assert len(RUNS) > 50


@pytest.mark.skipif(importlib.util.find_spec("pokerkit") is None, reason="pokerkit is not installed "
                    "(pip install -e '.[peers]')")
def test_pokerkit_reads_every_expressible_stud_case_to_our_final_stacks() -> None:
    """An independent path beside the adapter: our PHH, PokerKit's reader, PokerKit's rules. Every
    difference must be one of PokerKit's known rule differences, named."""
    verdicts = [pokerkit_verdict(case, profile) for case, profile in RUNS]
    unexplained = [v for v in verdicts if v.kind in ("different", "refused") and v.rule is None]
    assert not unexplained, unexplained
    for v in verdicts:
        if v.kind in ("different", "refused"):
            assert v.rule in POKERKIT_RULES, v
    kinds = Counter(v.kind for v in verdicts)
    assert kinds["equal"] >= 0.8 * (kinds["equal"] + kinds["different"] + kinds["refused"]), kinds
    real = [v for v in verdicts if v.case.startswith("stud-phh-")]
    assert real and all(v.kind == "equal" for v in real), real


EXPORTABLE = [(c, p) for c, p in RUNS if exported(c, p) is not None]
"""Every stud hand case run but those whose table the rules refuse (they have no hand)."""


@pytest.mark.parametrize(("case", "profile"), EXPORTABLE, ids=[f"{c.id}@{p}" for c, p in EXPORTABLE])
def test_our_replay_reads_our_export_back(case: Case, profile: str) -> None:
    phh = exported(case, profile)
    assert phh is not None
    record = stud_record(parse_document(phh.text, case.id))
    rules = get_profile(profile).rules
    assert isinstance(rules, StudRules)
    back = replay(record, rules)
    assert back.problem is None, back.problem.message if back.problem else None
    assert back.final_stacks == record.finishing_stacks


def test_stud_export_is_standard_phh() -> None:
    case = next(c for c in STUD_HANDS if c.id == "stud-showdown-0005")
    phh = export_case(case.data, "stud-fl-training")
    doc = tomllib.loads(phh.text)
    assert doc["variant"] == "F7S" and doc["ante_trimming_status"] is True
    assert (doc["antes"], doc["bring_in"], doc["small_bet"], doc["big_bet"]) == ([1, 1, 1], 1, 2, 4)
    assert doc["seats"] == [1, 2, 3] and doc["_pokerspec_case"] == "stud-showdown-0005"
    assert doc["actions"][:3] == ["d dh p1 6c", "d dh p2 6d", "d dh p3 Ac"]
    assert "p1 pb" in doc["actions"] and "p2 sm 6d7h4s8d9cTh2d" in doc["actions"]
    assert doc["finishing_stacks"] == [50, 51, 49]
    assert all(k.startswith("_pokerspec_") for k in doc if k not in (
        "variant", "ante_trimming_status", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks",
        "actions", "finishing_stacks", "seats"))


def test_the_first_player_dealt_is_phh_p1() -> None:
    """A case whose button is p1 is renumbered: its p2 is dealt first and becomes PHH's p1."""
    case = next(c for c in STUD_HANDS if c.data["setup"]["dealer"] == "p1")  # type: ignore[index]
    doc = tomllib.loads(export_case(case.data).text)
    seats = len(doc["starting_stacks"])
    assert doc["seats"] == [*range(2, seats + 1), 1]


@pytest.mark.parametrize("game", ["archie", "auction"])
def test_other_games_export_with_marked_extensions(game: str) -> None:
    hands = [c for c in CASES if c.game == game and c.kind == "hand"]
    texts = [e for c in hands if (e := exported(c, c.profiles[0])) is not None]
    assert len(texts) >= 5
    for e in texts:
        doc = tomllib.loads(e.text)
        assert doc["variant"] == f"pokerspec-{game}"
        assert "pokerspec's own extension" in e.text
        assert doc["_pokerspec_profile"] == e.profile
        if "finishing_stacks" in doc:
            carried_in = doc.get("_pokerspec_carry", 0)
            assert sum(doc["finishing_stacks"]) <= sum(doc["starting_stacks"]) + carried_in
    verbs = {a.split()[1] for e in texts for a in tomllib.loads(e.text)["actions"]}
    assert verbs >= ({"sd", "cbr", "cc"} if game == "archie" else {"dr", "bid", "pick", "dec", "dh"})


def test_a_corpus_trace_exports_and_replays() -> None:
    lines = (GOLDEN / "stud" / "stud-fl-training.jsonl").read_text().splitlines()
    traces = [t for _, t in join_records((n, json.loads(line)) for n, line in enumerate(lines[1:]))]
    corpus = [t for t in traces if t.get("kind") == "corpus"][:10]
    assert corpus
    for trace in corpus:
        phh = export_trace(trace)
        record = stud_record(parse_document(phh.text, phh.name))
        rules = get_profile("stud-fl-training").rules
        assert isinstance(rules, StudRules)
        back = replay(record, rules)
        assert back.problem is None and back.final_stacks == record.finishing_stacks
    with pytest.raises(ExportError):
        export_trace(next(t for t in traces if t.get("kind") == "hand"))


def test_the_toml_writer_reads_back_as_written() -> None:
    fields = {"plain": "p1 cbr 4", "quote": "it's", "hard": 'a "b" \\ c\nd\te\x01\x7f', "n": 7, "t": True,
              "list": ["x", "y'z"], "ints": [1, 2], "empty": [], "odd key": 1}
    text = dumps(fields, ["a comment"], multiline=("list",))
    assert text.startswith("# a comment\n")
    assert tomllib.loads(text) == fields


def test_export_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["phh", "export", "stud-showdown-0005"]) == 0
    assert "variant = 'F7S'" in capsys.readouterr().out
    assert main(["phh", "export", "stud-showdown-*"]) == 2
    assert "--out" in capsys.readouterr().err
    assert main(["phh", "export", "stud-showdown-*", "stud-deal-0001", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "stud-deal-0001: not exported" in err
    written = sorted(p.name for p in tmp_path.iterdir())
    assert "stud-showdown-0005.phh" in written and "stud-showdown-0006.phh" not in written
    golden = GOLDEN / "stud" / "stud-last-aggressor.jsonl"
    out = tmp_path / "golden"
    assert main(["phh", "export", str(golden), "--out", str(out)]) == 1, "the refused tables are no hands"
    written = {p.name for p in out.iterdir()}
    assert "stud-phh-0402.phh" in written and sum(n.startswith("corpus-") for n in written) == 30
    one = tmp_path / "one"
    assert main(["phh", "export", str(VECTORS / "stud" / "profiles"), "--out", str(one)]) == 1
    assert {p.name for p in one.iterdir()} == {"stud-profiles-0301.phh", "stud-profiles-0401.phh",
                                                "stud-profiles-0403.phh", "stud-profiles-0404.phh",
                                                "stud-profiles-0406.phh"}
    assert "stud-profiles-0402: not exported" in capsys.readouterr().err
    assert main(["phh", "export", "stud-nothing-9999"]) == 2
    assert main(["phh", "export", "stud-showdown-0005", "--profile", "nope"]) == 2
    assert main(["phh", "export", str(tmp_path / "none.json")]) == 2
