"""Case files, selection, reports and exit codes: a broken case file is reported with its path
and field (never a traceback) and fails the run; JSON lines and JUnit XML parse and agree; the
first diverging step of a hand is named exactly."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from pokerspec.conformance.cli import main

Run = Callable[..., tuple[int, str, list[dict[str, object]]]]
ByVerdict = Callable[..., dict[str, set[str]]]


def _write(directory: Path, name: str, data: object) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _case(fixtures_dir: Path, case_id: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((fixtures_dir / "core" / f"{case_id}.json").read_text())
    return data


def test_bad_case_files_are_reported_with_path_and_field(
        tmp_path: Path, fixtures_dir: Path, run_subprocess: Callable[..., CompletedProcess[str]]) -> None:
    extra = tmp_path / "mine"
    malformed = _write(extra, "malformed.json", '{"format": 1, "id": ')
    wrong_type = dict(_case(fixtures_dir, "runner-split-0001"), id="mine-split-0001",
                      expect={"shares": {"p1": "three"}})
    violating = _write(extra, "violating.json", wrong_type)
    duplicate = _write(extra, "duplicate.json", _case(fixtures_dir, "runner-split-0002"))
    report = tmp_path / "r.jsonl"
    done = run_subprocess("--no-default-vectors", "--vectors", str(fixtures_dir), "--vectors", str(extra),
                          "--report", str(report))
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    assert f"{malformed}: (file): not JSON" in done.stdout
    assert f"{violating}: expect/shares/p1: 'three' is not of type 'integer'" in done.stdout
    assert f"{duplicate}: id: case id runner-split-0002 is already used by" in done.stdout
    bad = [json.loads(line) for line in report.read_text().splitlines() if '"bad-case"' in line]
    assert {(b["path"], b["field"]) for b in bad} == {
        (str(malformed), ""), (str(violating), "expect/shares/p1"), (str(duplicate), "id")}
    # the good cases still ran and passed
    cases = [json.loads(line) for line in report.read_text().splitlines() if '"record": "case"' in line]
    assert len(cases) == 11 and all(c["verdict"] == "pass" for c in cases)


def test_a_missing_vectors_directory_is_a_usage_error(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--vectors", str(tmp_path / "nowhere")]) == 2
    assert "no such case directory" in capsys.readouterr().err


def test_an_unknown_impl_is_a_usage_error(capsys: pytest.CaptureFixture[str], fixtures_dir: Path) -> None:
    own = ["--no-default-vectors", "--vectors", str(fixtures_dir)]
    assert main(["run", *own, "--impl", "java:Engine"]) == 2
    assert main(["run", *own, "--impl", "python:no_such_module_anywhere:Factory"]) == 2
    assert main(["run", *own, "--impl", "exec:/no/such/engine"]) == 2
    out = capsys.readouterr().err
    assert out.count("cannot open engine") == 2
    assert "engine handshake failed (crash): cannot start /no/such/engine" in out


def test_selection_by_game_rule_case_and_profile(run_cli: Run, verdicts: ByVerdict) -> None:
    assert verdicts(run_cli("--rule", "core.low")[2]) == {"pass": {"runner-low-0001", "runner-low8-0001"}}
    assert verdicts(run_cli("--case", "runner-notation-*", "--case", "runner-pots-0001")[2]) == {
        "pass": {"runner-notation-0001", "runner-notation-0002", "runner-notation-0003", "runner-pots-0001"}}
    code, text, _ = run_cli("--game", "stud")
    assert code == 2 and "no case selected" in text
    # core cases hold under every profile, so a profile filter keeps them
    assert len(verdicts(run_cli("--profile", "stud-fl-training")[2])["pass"]) == 11


def test_optional_failures_do_not_fail_the_run(tmp_path: Path, run_cli: Run, fixtures_dir: Path) -> None:
    wrong = dict(_case(fixtures_dir, "runner-split-0003"), id="mine-split-0001",
                 expect={"shares": {"p1": 1, "p2": 2, "p3": 2}})
    _write(tmp_path / "opt", "opt.json", wrong)
    code, text, _ = run_cli("--vectors", str(tmp_path / "opt"))
    assert code == 0
    assert "FAIL mine-split-0001 (optional)" in text
    _write(tmp_path / "req", "req.json", dict(wrong, level="required"))
    assert run_cli("--vectors", str(tmp_path / "req"))[0] == 1


def test_junit_and_jsonl_agree(tmp_path: Path, broken: Callable[[str], str], fixtures_dir: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    jsonl, xml = tmp_path / "r.jsonl", tmp_path / "r.xml"
    _write(tmp_path / "bad", "bad.json", "[]")
    code = main(["run", "--quiet", "--impl", broken("wrong"), "--no-default-vectors",
                 "--vectors", str(fixtures_dir), "--vectors", str(tmp_path / "bad"),
                 "--report", str(jsonl), "--junit", str(xml)])
    assert code == 1
    records = [json.loads(line) for line in jsonl.read_text().splitlines()]
    assert [r["record"] for r in records] == ["run"] + ["case"] * 11 + ["bad-case", "suspects"]
    assert records[0]["counts"] == {"pass": 10, "fail": 1, "error": 0, "skip": 0}
    for r in records[1:-2]:
        assert set(r) >= {"case", "profile", "rules", "rule", "verdict", "step", "message", "expected",
                          "actual"}
    failing = [r for r in records[1:-2] if r["verdict"] == "fail"]
    assert [r["rule"] for r in failing] == ["core.high.wheel"]
    assert records[-1]["suspects"] == [{"rule": "core.high.wheel", "title": "The wheel", "cases": 1,
                                           "failures": 1}]
    root = ET.parse(xml).getroot()
    suites = {s.get("name"): s for s in root.iter("testsuite")}
    assert set(suites) == {"core", "case-files"}
    assert (suites["core"].get("tests"), suites["core"].get("failures")) == ("11", "1")
    failed = [c for c in root.iter("testcase") if c.find("failure") is not None]
    assert [c.get("name") for c in failed] == ["runner-high-0001"]
    assert suites["case-files"].get("errors") == "1"


@pytest.mark.parametrize(("flaw", "step", "words"), [
    ("", None, ""),
    ("legal", 0, "legal /actions: missing ['p1 cbr 2'], unexpected []"),
    ("act", 1, "action 'p1 pb 1' was refused"),
    ("observe", 2, "observation /pot: expected 3, got 4"),
    ("reason", 3, "should be rejected with 'wrong_amount'"),
    ("reject_changes", 3, "a rejected action changed the state"),
    ("outcome", 4, "outcome /net/p1: expected 1, got 2"),
])
@pytest.mark.parametrize("strict", [False, True], ids=["one-by-one", "pipelined"])
def test_first_diverging_step_of_a_hand(engines_py: Path, run_cli: Run, strict: bool,
                                        flaw: str, step: int | None, words: str) -> None:
    """In strict mode the whole conversation is sent at once and the replies judged afterwards;
    the verdict and the step must be the same."""
    code, text, records = run_cli("--impl", f"python:{engines_py}:{flaw or 'ok'}", "--no-default-vectors",
                                  "--vectors", str(engines_py.parent / "scripted"),
                                  *(["--strict"] if strict else []), own=False)
    (result,) = [r for r in records if r["record"] == "case"]
    assert result["profile"] == "stud-fl-training"
    assert result["step"] == step
    if not flaw:
        assert (code, result["verdict"]) == (0, "pass")
    else:
        assert (code, result["verdict"]) == (1, "fail")
        assert words in str(result["message"])
        where = "outcome" if step == 4 else f"step {step}"
        assert f"at {where}" in text


def test_each_profile_is_a_run_and_unsupported_ones_are_skipped(tmp_path: Path, engines_py: Path,
                                                               run_cli: Run) -> None:
    hand = json.loads((engines_py.parent / "scripted" / "runner-scripted-0001.json").read_text())
    _write(tmp_path / "two", "two.json", dict(hand, profiles=["stud-fl-training", "stud-last-aggressor"]))
    base = ("--impl", f"python:{engines_py}:ok", "--no-default-vectors", "--vectors", str(tmp_path / "two"))
    code, text, records = run_cli(*base, own=False)
    runs = {r["profile"]: (r["verdict"], r["message"]) for r in records if r["record"] == "case"}
    assert runs == {"stud-fl-training": ("pass", ""),
                    "stud-last-aggressor": ("skip", "engine does not offer profile stud-last-aggressor")}
    assert code == 0
    assert "SKIP 1 case run: engine does not offer profile stud-last-aggressor" in text
    _, _, only = run_cli(*base, "--profile", "stud-fl-training", own=False)
    assert [r["profile"] for r in only if r["record"] == "case"] == ["stud-fl-training"]


def test_the_markdown_summary_and_the_badge(engines_py: Path, run_cli: Run, tmp_path: Path) -> None:
    """``--summary-md`` and ``--badge``: a failing case run is listed with its rules and its
    first difference (a pipe in a message escaped), and the badge is red; a clean run is green."""
    md, badge = tmp_path / "summary.md", tmp_path / "badge.json"
    code, _, _ = run_cli("--impl", f"python:{engines_py}:outcome", "--no-default-vectors", "--vectors",
                         str(engines_py.parent / "scripted"), "--summary-md", str(md), "--badge", str(badge),
                         own=False)
    assert code == 1
    text = md.read_text()
    assert text.startswith("## pokerspec conformance: FAILED — scripted-outcome 0\n")
    assert "| stud | 0 | 1 | 0 | 0 |" in text and "suite " in text and "protocol 1.0" in text
    (row,) = [line for line in text.splitlines() if line.startswith("| runner-scripted-0001")]
    assert "| outcome | outcome /net/p1: expected 1, got 2" in row
    assert json.loads(badge.read_text()) == {"schemaVersion": 1, "label": "pokerspec suite",
                                             "message": "failed: 0/1 passed", "color": "red"}
    code, _, _ = run_cli("--summary-md", str(md), "--badge", str(badge))
    assert code == 0 and "FAILED" not in md.read_text() and "Failing" not in md.read_text()
    assert json.loads(badge.read_text())["color"] == "brightgreen"


def test_a_markdown_cell_holds_any_message() -> None:
    from pokerspec.conformance.report import _cell

    assert _cell("a | b\nc") == "a \\| b c"
    assert len(_cell("x" * 500)) == 200
