"""``pokerspec coverage``: every rule's cases, perft positions and misreadings, and
docs/maintainers/coverage.md is what the command prints (that the record of what kills each
misreading is true is tested with the catalogue, test_runner_mutation_catalogue.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pokerspec.cli import main
from pokerspec.regress.coverage import Misreading, RuleCoverage, markdown, problems, report
from pokerspec.regress.mutants import waived

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "maintainers" / "coverage.md"


def test_the_page_is_what_the_command_prints() -> None:
    assert PAGE.read_text(encoding="utf-8") == markdown(report()), \
        "regenerate: pokerspec coverage --markdown > docs/maintainers/coverage.md"


def test_every_misreading_is_killed_or_its_rule_waived() -> None:
    """No rule has a live misreading, every mutant is in the record, and a waived rule has none."""
    assert not problems(report())


def test_the_status_follows_the_misreadings() -> None:
    dead = Misreading("m", "wrong", "case-1", None)
    alive = Misreading("n", "wrong", None, None)
    rule = RuleCoverage("core.high.wheel", "t", "p", ("case-1",), (), (dead,), None)  # type: ignore[arg-type]
    assert rule.status == "pinned"
    assert RuleCoverage(rule.rule, "t", "p", ("case-1",), (), (dead, alive), None).status == "reached only"
    assert RuleCoverage(rule.rule, "t", "p", (), (), (), "why").status == "waived"
    assert RuleCoverage(rule.rule, "t", "p", (), (), (), None).status == "unreached"
    assert problems([RuleCoverage(rule.rule, "t", "p", (), (), (alive,), None)])


def test_every_waiver_gives_a_reason() -> None:
    assert all(reason.strip() for reason in waived().values())


def test_the_json_lists_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["coverage", "--json", "--chapter", "core"])
    rules = json.loads(capsys.readouterr().out)
    assert status == 0
    wheel = next(r for r in rules if r["rule"] == "core.high.wheel")
    assert wheel["status"] == "pinned" and wheel["cases"] and wheel["positions"]
    assert any(m["name"] == "core-no-wheel" and m["killed_by"] for m in wheel["misreadings"])
    assert {r["rule"].split(".")[0] for r in rules} == {"core"}


def test_a_missing_record_is_a_clear_usage_error(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import pokerspec.regress.mutants

    monkeypatch.setattr(pokerspec.regress.mutants, "RECORD", "conformance/misreadings/absent.json")
    assert main(["coverage"]) == 2
    err = capsys.readouterr().err
    assert "--record writes" in err and "internal error" not in err
