"""`pokerspec conformance list`: the index of cases, filtered like `run`, with bad files named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pokerspec.cli import main
from pokerspec.conformance.cases import load_cases


def test_json_index_lists_every_case_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "list", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    cases, bad = load_cases()
    assert not bad
    assert sorted(r["id"] for r in rows) == sorted(c.id for c in cases)
    assert all(r["rules"] and r["level"] in ("required", "optional") for r in rows)


def test_index_filters_by_rule_prefix(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "list", "--json", "--rule", "archie.qualify.low"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows
    assert all(any(r.startswith("archie.qualify.low") for r in row["rules"]) for row in rows)


def test_index_names_a_bad_case_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "broken.json").write_text('{"format": 1, "id": "x"', encoding="utf-8")
    code = main(["conformance", "list", "--no-default-vectors", "--vectors", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "broken.json" in out and "not JSON" in out
