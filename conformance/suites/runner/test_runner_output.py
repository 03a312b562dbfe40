"""Clear output: each failure is printed the moment it happens with the case ID, the profile
(never eaten as markup), the file and the title; progress shows from the first case; a slow
engine gets a note; the last line says what to do next."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pokerspec.conformance import adapters
from pokerspec.conformance import cli as conformance_cli
from pokerspec.conformance.cases import load_cases
from pokerspec.conformance.protocol import Hello
from pokerspec.conformance.runner import Report, Selection, plan
from rich.console import Console

Run = Callable[..., tuple[int, str, list[dict[str, object]]]]


def test_failures_name_case_profile_file_and_title_as_they_happen(
        broken: Callable[..., str], capsys: pytest.CaptureFixture[str]) -> None:
    """One hand case under its two profiles, on an engine that drops a legal action: two FAIL
    lines, told apart by their profiles, printed before the summary tables."""
    code = conformance_cli.main(["run", "--impl", broken("wrong"), "--case", "archie-table-0003"])
    text = capsys.readouterr().out
    assert code == 1
    path = "conformance/vectors/archie/table/archie-table-0003.json"
    [case] = [c for c in load_cases()[0] if c.id == "archie-table-0003"]
    for profile in ("archie-barge", "archie-pagat"):
        assert f"FAIL archie-table-0003 [{profile}] at step 1 — {case.title} ({path})" in text
    assert text.index("FAIL archie-table-0003") < text.index("By game")
    assert "rules: archie.table" in text


def test_failures_print_in_quiet_mode_too(run_cli: Run, broken: Callable[..., str]) -> None:
    code, text, _ = run_cli("--impl", broken("wrong"), "--case", "runner-high-0001")
    assert code == 1
    assert "FAIL runner-high-0001 at reply — " in text
    assert "By game" not in text


def test_progress_shows_from_the_first_case(tmp_path: Path) -> None:
    """On a terminal the bar shows for a run of one case (it used to wait for 200)."""
    cases = load_cases()[0][:1]
    items = plan(cases, Selection())
    report = Report(Hello("x", "", frozenset(), frozenset(), frozenset()))
    terminal = Console(force_terminal=True, file=(tmp_path / "out").open("w"))
    assert not conformance_cli.Display(terminal, report, items, quiet=False).bar.disable
    assert conformance_cli.Display(terminal, report, items, quiet=True).bar.disable


def test_progress_lines_off_a_terminal(fixtures_dir: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """In a CI log a long run prints a line every ``STATUS_EVERY`` seconds (here: every case)."""
    monkeypatch.setattr(conformance_cli, "STATUS_EVERY", 0.0)
    code = conformance_cli.main(["run", "--no-default-vectors", "--vectors", str(fixtures_dir),
                                 "--case", "runner-high-*"])
    out = capsys.readouterr().out
    assert code == 0
    assert "... 1 of 2 case runs, 0 s" in out and "... 2 of 2 case runs" in out


def test_a_slow_engine_gets_a_note(run_cli: Run, broken: Callable[..., str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(adapters, "PATIENCE", 0.2)
    code, text, _ = run_cli("--impl", broken("hang"), "--timeout", "0.8", "--case", "runner-high-0001")
    assert code == 1
    assert "NOTE: the engine has not answered rank (case runner-high-0001) for 0 s" in text
    assert text.index("NOTE:") < text.index("ERROR runner-high-0001")


def test_the_last_line_says_what_to_do_next(run_cli: Run, broken: Callable[..., str]) -> None:
    _, text, _ = run_cli("--impl", broken("wrong"), "--case", "runner-high-*")
    last = text.strip().splitlines()[-1]
    assert last.startswith("FAILED pokerspec-reference")
    assert last.endswith("start with the first above, alone: --case runner-high-0001")
