"""The same cases through every way of reaching an engine: the reference in process, a Python
adapter (by module and by file), the exec protocol (the reference served over stdio) and a
second language (the independent JavaScript engine). Same cases, same verdicts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

FIXTURE_IDS = {
    "runner-notation-0001", "runner-notation-0002", "runner-notation-0003", "runner-high-0001",
    "runner-high-0002", "runner-low-0001", "runner-low8-0001", "runner-split-0001", "runner-split-0002",
    "runner-split-0003", "runner-pots-0001",
}

Run = Callable[..., tuple[int, str, list[dict[str, object]]]]


@pytest.mark.parametrize("impl", [
    "reference",
    "python:pokerspec.conformance.reference_engine:ReferenceEngine",
    "serve",
])
@pytest.mark.parametrize("strict", [False, True])
def test_reference_passes_the_fixtures_in_every_mode(
        run_cli: Run, verdicts: Callable[..., dict[str, set[str]]], serve_impl: str, impl: str, strict: bool
) -> None:
    code, text, records = run_cli("--impl", serve_impl if impl == "serve" else impl,
                                  *(["--strict"] if strict else []))
    assert code == 0, text
    assert verdicts(records) == {"pass": FIXTURE_IDS}
    assert records[0]["record"] == "run"
    assert records[0]["engine"]["name"] == "pokerspec-reference"  # type: ignore[index]


def test_python_adapter_from_a_file(run_cli: Run, engines_py: Path,
                                    verdicts: Callable[..., dict[str, set[str]]]) -> None:
    code, _, records = run_cli("--impl", f"python:{engines_py}:Raising")
    assert code == 1
    assert verdicts(records)["error"] == {"runner-split-0001", "runner-split-0002", "runner-split-0003"}


@pytest.mark.parametrize("strict", [False, True])
def test_js_engine_on_the_fixtures(run_cli: Run, js_impl: str, strict: bool,
                                   verdicts: Callable[..., dict[str, set[str]]]) -> None:
    code, text, records = run_cli("--impl", js_impl, *(["--strict"] if strict else []))
    assert code == 0, text
    assert verdicts(records) == {"pass": FIXTURE_IDS}
    assert records[0]["engine"]["name"] == "pokerspec-js"  # type: ignore[index]


def test_js_engine_agrees_with_the_reference_on_the_whole_suite(run_cli: Run, js_impl: str) -> None:
    """A second, independent implementation through the protocol: on every case run of the real
    suite, every game and profile, the JavaScript engine's verdicts are the reference's, and
    nothing is skipped."""
    _, _, reference = run_cli(own=False)
    _, text, js = run_cli("--impl", js_impl, "--strict", own=False)
    by_run = _verdicts_by_run(js)
    assert by_run == _verdicts_by_run(reference), text
    assert set(by_run.values()) == {"pass"}, text


def _verdicts_by_run(records: list[dict[str, object]]) -> dict[tuple[str, str], str]:
    return {(str(r["case"]), str(r["profile"])): str(r["verdict"]) for r in records if r["record"] == "case"}


def test_whole_suite_same_verdicts_in_process_and_over_exec(run_cli: Run, serve_impl: str) -> None:
    """Every case of the real suite, every game, under each profile: the reference graded in
    process and through the exec protocol must agree run for run."""
    _, _, direct = run_cli(own=False)
    _, text, piped = run_cli("--impl", serve_impl, "--strict", own=False)
    in_process, over_exec = _verdicts_by_run(direct), _verdicts_by_run(piped)
    assert in_process == over_exec
    assert "error" not in set(over_exec.values()), text
    games = {str(r["game"]) for r in piped if r["record"] == "case"}
    assert "core" in games
