"""The rule of every step and outcome key (docs/engine-authors/case-format.md, "The rule of a
step"): the schema and the loader keep it one of the case's rules, every step of the suite resolves
to a rule without the first-rule fallback, and a failure carries the rule of its first failing step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pokerspec import ruletext
from pokerspec.cli import main as cli_main
from pokerspec.conformance import attribution
from pokerspec.conformance.cases import BadCase, load_case, load_cases, spec_rules
from pokerspec.conformance.grading import Verdict, grade
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.conformance.report import skip_reasons
from pokerspec.core.game import Json
from pokerspec.fuzz.classes import rule_for
from pokerspec.fuzz.hands import _listing_difference
from pokerspec.perft.divide import Difference
from pokerspec.perft.tree import Node
from pokerspec.regress.mutants import MUTANTS
from pokerspec.resources import VECTORS


def _data(case_id: str) -> dict[str, Json]:
    path = next(VECTORS.rglob(f"{case_id}.json"))
    data: dict[str, Json] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_every_step_and_outcome_key_of_the_suite_resolves_to_a_rule_without_the_fallback() -> None:
    """Explicit or from the table (or the case's only rule), never by taking the first of several."""
    cases, bad = load_cases()
    assert not bad
    first = [f"{c.id} {where}" for c in cases for where, found in attribution.every(c.data)
             if found.how == attribution.FALLBACK]
    assert not first, f"{len(first)} resolve only to the case's first rule, e.g. {first[:5]}"
    for case in cases:
        for where, found in attribution.every(case.data):
            assert found.rule in case.rules, (case.id, where, found)


def test_the_table_names_only_rules_the_spec_defines() -> None:
    unknown = {r for rules in attribution.DEFAULTS.values() for r in rules} - spec_rules()
    assert not unknown


@pytest.mark.parametrize(("place", "field"), [("step", "steps/0/rule"), ("expect", "expect_rules/net")])
def test_a_rule_that_is_not_one_of_the_case_s_rules_makes_a_bad_case(tmp_path: Path, place: str,
                                                                     field: str) -> None:
    data = _data("archie-table-0004")
    if place == "step":
        data["steps"][0]["rule"] = "archie.deal.order"  # type: ignore[index]
    else:
        data["expect_rules"] = {"net": "archie.deal.order"}
    path = tmp_path / "case.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_case(path)
    assert isinstance(loaded, BadCase) and loaded.field == field, loaded
    assert "not one of the case's rules" in loaded.message


def test_expect_rules_must_name_a_key_the_case_expects(tmp_path: Path) -> None:
    data = _data("archie-table-0004")
    data["expect_rules"] = {"award": "archie.table.cap"}
    path = tmp_path / "case.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_case(path)
    assert isinstance(loaded, BadCase) and loaded.field == "expect_rules/award"


def test_resolution_order_explicit_then_table_then_first() -> None:
    """A reject over_cap takes archie.table.cap from the table, an explicit rule wins, and a case
    whose rules the table does not name falls back to its first rule."""
    data: dict[str, Json] = {"game": "archie", "rules": ["archie.award.split", "archie.table.cap"],
                             "steps": [{"reject": "p1 cbr 10", "reason": "over_cap"},
                                       {"reject": "p1 cbr 10", "reason": "over_cap",
                                        "rule": "archie.award.split"},
                                       {"push": True}]}
    assert attribution.of_step(data, 0) == attribution.Attribution("archie.table.cap", "table")
    assert attribution.of_step(data, 1) == attribution.Attribution("archie.award.split", "explicit")
    assert attribution.of_step(data, 2) == attribution.Attribution("archie.award.split", "first")


def test_annotate_writes_the_rules_and_changes_nothing_else() -> None:
    path = next(VECTORS.rglob("archie-table-0004.json"))
    text = path.read_text(encoding="utf-8")
    out = json.loads(attribution.annotate(text, {0: "archie.table.limits"}, {"pots": "archie.award.ties"}))
    before = json.loads(text)
    assert out["steps"][0]["rule"] == "archie.table.limits"
    assert out["expect_rules"] == {**before.get("expect_rules", {}), "pots": "archie.award.ties"}
    out["steps"][0].pop("rule")
    out.pop("expect_rules")
    before.pop("expect_rules", None)
    assert out == before


def test_a_raise_cap_bug_fails_on_the_cap_rule() -> None:
    """archie-two-raises breaks archie.table.cap: the listing after the second raise differs there."""
    mutant = next(m for m in MUTANTS if m.name == "archie-two-raises")
    cases, _ = load_cases([next(VECTORS.rglob("archie-table-0004.json"))])
    with mutant.patch():
        result = grade(cases[0], ReferenceEngine(), "archie-barge")
    assert result.verdict is Verdict.FAIL and result.rule == "archie.table.cap"


def test_an_outcome_failure_is_put_on_its_most_telling_key() -> None:
    """Qualified before received (attribution.OUTCOME_ORDER)."""
    assert attribution.first_key(["received", "net", "qualified"]) == "qualified"


def test_the_fuzzer_files_a_missing_raise_under_the_cap_and_a_wrong_amount_under_the_limits() -> None:
    """A listing with no raise where the reference has one is the cap's (archie.table.cap); a
    raise of another amount is the limits' (archie.table.limits)."""
    ours = {"actions": ["p1 f", "p1 cc 6", "p1 cbr 8"]}
    _, capped = _listing_difference(ours, {"actions": ["p1 f", "p1 cc 6"]})
    _, other = _listing_difference(ours, {"actions": ["p1 f", "p1 cc 6", "p1 cbr 10"]})
    assert rule_for("archie", "legal", "actions", capped, "bet-1") == "archie.table.cap"
    assert rule_for("archie", "legal", "actions", other, "bet-1") == "archie.table.limits"
    assert rule_for("archie", "observe", "hands", "sd", "draw-1") == "archie.deal.replace"


def test_a_divided_perft_case_names_the_rule_of_the_listing_that_differs() -> None:
    ours = Node(("p1",), ("p1 f", "p1 cc 6", "p1 cbr 8"), ("p1 f", "p1 cc 6", "p1 cbr 8"), None)
    theirs = Node(("p1",), ("p1 f", "p1 cc 6"), ("p1 f", "p1 cc 6"), None)
    assert Difference((), "legal", ours, theirs).rule("archie") == "archie.table.cap"
    assert Difference((), "counts", ours, ours).rule("archie") == "core.perft.divide"


def test_pokerspec_rule_prints_the_text_rulings_and_cases_in_the_language_asked(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["rule", "archie.table.cap", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("archie.table.cap: Лимит повышений\n")
    assert "spec/archie/01-table.ru.md" in out and "Повышение сверх лимита" in out
    assert "ARC-5:" in out and "archie-table-0004" in out


def test_pokerspec_rule_refuses_an_unknown_id_with_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["rule", "archie.table.cpa"]) == 2
    assert "did you mean archie.table.cap" in capsys.readouterr().err


def test_titles_fall_back_to_english_and_to_the_id() -> None:
    assert ruletext.title("archie.table.cap", "fr") != ruletext.title("archie.table.cap")
    assert ruletext.title("no.such.rule", "ru") == "no.such.rule"


def test_a_skip_lacking_two_capabilities_counts_under_each_as_require_counts_it() -> None:
    counted = skip_reasons(["engine lacks branch, observe:drawn", "engine lacks observe:drawn",
                            "engine does not play stud"])
    assert counted == {"engine lacks observe:drawn": 2, "engine lacks branch": 1,
                       "engine does not play stud": 1}


def _helps() -> list[tuple[str, str]]:
    """(command, text) of every command's description and every option's help."""
    import argparse

    from pokerspec.cli import _subparsers, build_parser

    out = []
    for path, parser in _subparsers(build_parser()):
        out.append((path, parser.description or ""))
        out += [(f"{path} {' '.join(a.option_strings)}", a.help or "") for a in parser._actions
                if not isinstance(a, argparse._SubParsersAction)]
    return out


def test_help_is_written_for_users_and_marks_repeatable_options() -> None:
    """No markup or internal names in the descriptions the commands print (USER_HELP)."""
    from pokerspec.cli import USER_HELP, _subparsers, build_parser

    internal = ("``", "Oracle", "Pipelined", "run_cli", "handler", "Factory")
    for path, text in _helps():
        assert not any(w in text for w in internal), path
    assert {path for path, _ in _subparsers(build_parser())} <= set(USER_HELP)
    run_help = dict(_helps())
    assert run_help["conformance run --game"].endswith("(repeatable)")
    assert "stud-fl-training" in run_help["conformance run --profile"]
    assert "once per profile it lists" in run_help["conformance run"]


def test_the_mutant_evidence_names_the_cap_on_the_listing_after_the_third_raise() -> None:
    """archie-table-0004 step 4 lists the last raise the cap allows: the two-raise mutant fails it."""
    found = attribution.mutant_evidence(next(VECTORS.rglob("archie-table-0004.json")))
    assert "archie.table.cap" in found["steps/4"]
