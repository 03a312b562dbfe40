"""Bad engines never stop a run: a hang times out, a crash is restarted with its stderr tail
kept, garbage and oversized replies error one case, wrong answers fail with the first diverging
step. Each broken engine misbehaves only when ranking high hands and answers everything else
correctly, so every other case must still pass."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pokerspec.conformance.cli import main
from pokerspec.conformance.grading import difference
from pokerspec.core.game import Json

Run = Callable[..., tuple[int, str, list[dict[str, object]]]]
SELECT = ("--case", "runner-high-0001", "--case", "runner-split-0001", "--case", "runner-high-0002",
          "--case", "runner-notation-0001")
"""The two high cases, with a case of another kind between and after them (kinds that need no
lookup tables, so that a restarted engine answers them well within a short timeout)."""


def _case(records: list[dict[str, object]], case: str) -> dict[str, object]:
    return next(r for r in records if r.get("case") == case)


@pytest.mark.parametrize(("mode", "kind", "protocol"), [
    ("hang", "timeout", "1.1"), ("crash", "crash", "1.1"), ("garbage", "garbage", "1.1"),
    ("oversized", "oversized", "1.1"), ("crash", "crash", "1.0"), ("garbage", "garbage", "1.0"),
])
def test_broken_engine_errors_the_case_and_the_run_goes_on(
        run_cli: Run, broken: Callable[..., str], verdicts: Callable[..., dict[str, set[str]]],
        mode: str, kind: str, protocol: str) -> None:
    impl = broken(mode, *(["--v1.0"] if protocol == "1.0" else []))
    code, _, records = run_cli("--impl", impl, "--timeout", "0.5", *SELECT)
    assert code == 1
    assert verdicts(records) == {"error": {"runner-high-0001", "runner-high-0002"},
                                 "pass": {"runner-split-0001", "runner-notation-0001"}}
    first = _case(records, "runner-high-0001")
    assert str(first["message"]).startswith(f"engine {kind}:")
    assert first["step"] == 0
    assert records[0]["ok"] is False
    assert records[0]["protocol"] == protocol


def test_crash_keeps_the_stderr_tail(run_cli: Run, broken: Callable[[str], str]) -> None:
    _, text, records = run_cli("--impl", broken("crash"), *SELECT)
    first = _case(records, "runner-high-0001")
    assert "exited with status 3" in str(first["message"])
    assert "simulated crash while ranking" in str(first["stderr_tail"])
    assert "simulated crash while ranking" in text


def test_hang_is_cut_at_the_timeout(run_cli: Run, broken: Callable[[str], str]) -> None:
    _, _, records = run_cli("--impl", broken("hang"), "--timeout", "0.3", "--case", "runner-high-0001")
    assert "within 0.3 s" in str(_case(records, "runner-high-0001")["message"])


def test_wrong_answer_fails_with_expected_and_actual_apart(run_cli: Run,
                                                           broken: Callable[[str], str]) -> None:
    code, _, records = run_cli("--impl", broken("wrong"), *SELECT)
    assert code == 1
    first = _case(records, "runner-high-0001")
    assert first["verdict"] == "fail"
    assert first["step"] == 0
    assert first["expected"] == {"order": [[1], [0], [2]], "categories": ["straight", "straight", "two-pair"]}
    assert first["actual"] == {"order": [[2], [0], [1]], "categories": ["straight", "straight", "two-pair"]}
    assert "/order[0]: missing [1], unexpected [2]" in str(first["message"])
    # hand 0 and hand 1 tie in the second case, so reversing its one group changes nothing
    assert _case(records, "runner-high-0002")["verdict"] == "pass"


def test_protocol_version_mismatch_stops_before_any_case(broken: Callable[[str], str], fixtures_dir: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", "--impl", broken("version"), "--no-default-vectors", "--vectors", str(fixtures_dir)])
    assert code == 2
    assert "engine speaks protocol 99, the runner speaks 1" in capsys.readouterr().err


@pytest.mark.parametrize(("factory", "message"), [
    ("Raising", "engine crash: RuntimeError: deliberate failure in split"),
    ("NotAnObject", "engine garbage: reply to pots is not an object"),
])
def test_in_process_engine_failures(run_cli: Run, engines_py: Path, factory: str, message: str) -> None:
    code, _, records = run_cli("--impl", f"python:{engines_py}:{factory}")
    assert code == 1
    errors = [r for r in records if r.get("verdict") == "error"]
    assert errors
    assert all(str(r["message"]).startswith(message) for r in errors)
    if factory == "Raising":
        assert all("Traceback" in str(r["stderr_tail"]) for r in errors)


def test_strict_mode_turns_a_malformed_reply_into_a_protocol_error(run_cli: Run, engines_py: Path) -> None:
    impl = f"python:{engines_py}:BadShape"
    _, _, lenient = run_cli("--impl", impl, "--case", "runner-high-0001")
    _, _, strict = run_cli("--impl", impl, "--case", "runner-high-0001", "--strict")
    assert _case(lenient, "runner-high-0001")["verdict"] == "fail"
    reply = _case(strict, "runner-high-0001")
    assert reply["verdict"] == "error"
    assert "reply to rank breaks the protocol schema: order" in str(reply["message"])


@pytest.mark.parametrize(("expected", "actual", "found"), [
    (["p1", "p2", 3], [3, "p2", "p1"], None),
    (["p1", "p1", "p2"], ["p1", "p2", "p2"], "missing ['p1'], unexpected ['p2']"),
    ([1, "1"], ["1", 1], None),
    ([1, "1"], [1, 1], "missing ['1'], unexpected [1]"),
    ([1], [True], "missing [1], unexpected [True]"),
    ([1], [1.0], "missing [1], unexpected [1.0]"),
    (["p1"], ["p1", None], "missing [], unexpected [None]"),
])
def test_a_list_under_an_unordered_key_is_a_multiset_that_keeps_types_apart(
        expected: list[Json], actual: list[Json], found: str | None) -> None:
    """Lists such as ``to_act`` compare as multisets whatever their order, but ``"1"`` is not
    ``1``, ``true`` is not ``1``, ``1.0`` is not ``1`` and a repeated entry counts: a wrong reply
    never passes for a right one."""
    diff = difference({"to_act": expected}, {"to_act": actual})
    assert diff == (None if found is None else f"/to_act: {found}")
