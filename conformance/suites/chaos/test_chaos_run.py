"""Every fault of faulty.py against ``pokerspec conformance run``: the case the fault hits gets
the verdict it earned (an error for a broken line, a failure for a wrong answer), every other
case passes, the exit code says so, the reports stay valid and the engine's processes are gone.
Each fault is tried with its case in the middle of the run and as the last case (a late reply
in the last case is seen too)."""

from __future__ import annotations

from pathlib import Path

import pytest
from chaoskit import FIXTURES, Pokerspec, engine
from faulty import MODES

HARMLESS = {"none", "stderr-noise", "slow", "blank-lines", "grandchild-hold", "ignore-stop"}
"""Faults that are none: every case passes (exit 0)."""
HANDSHAKE = {"exit-at-once", "protocol-true", "minor-string", "version"}
"""Faults at the handshake: the run cannot be made (exit 2, no report)."""
WRONG = {"string-numbers", "float-numbers", "bool-numbers", "nan", "error-string", "error-no-code",
         "phantom-seat", "phantom-winner", "fraction-numbers"}
"""Well-formed replies with a wrong answer: the case fails."""
ELSEWHERE = {"phantom-empty", "missing-seat", "reject-floats", "push-noop", "pop-noop", "pop-refused"}
"""Faults of outcomes, states and branches, tried on every command in test_chaos_grader.py."""
ERRORS = set(MODES) - HARMLESS - HANDSHAKE - WRONG - ELSEWHERE
"""Broken lines, crashes and hangs: the case errors."""

NOTATION = FIXTURES / "runner-notation-0001.json"
RANK = FIXTURES / "runner-high-0001.json"
SPLIT = FIXTURES / "runner-split-0001.json"


HANGS = {"hang", "ignore-term", "grandchild-hang", "setsid-grandchild", "out-of-order"}
"""Faults the per-reply timeout ends (kept short; out-of-order in the last case waits for a reply
held back until stop); every other run gives the reference time."""


def selection(mode: str, last: bool) -> tuple[list[str], str, list[str]]:
    """The run's options, the case the fault hits and the engine's options for ``mode``."""
    timeout = ["--timeout", "0.5" if mode in HANGS else "10"]
    if mode.startswith("phantom"):
        cases = ["auction-award-0002", *([] if last else ["core-high-0001"])]
        chosen = [a for c in cases for a in ("--case", c)]
        return [*timeout, "--profile", "auction-seed", *chosen], cases[0], ["--op", "showdown", "--every"]
    if mode.startswith("error-"):
        files = [NOTATION, FIXTURES / "runner-notation-0002.json", *([] if last else [SPLIT])]
        return [*timeout, "--no-default-vectors", *[a for f in files for a in ("--vectors", str(f))]], \
            "runner-notation-0002", ["--op", "parse", "--every"]
    files = [NOTATION, RANK, *([] if last else [SPLIT])]
    engine_options = ["--after", "2"] if mode == "crash-after" else []
    return [*timeout, "--no-default-vectors", *[a for f in files for a in ("--vectors", str(f))]], \
        "runner-high-0001", engine_options


@pytest.mark.parametrize("last", [False, True], ids=["middle", "last"])
@pytest.mark.parametrize("mode", sorted(set(MODES) - ELSEWHERE))
def test_a_fault_costs_its_own_case_only(pokerspec: Pokerspec, marker: str, mode: str, last: bool) -> None:
    options, target, engine_options = selection(mode, last)
    if mode == "unasked-at-stop" and not last:
        target = "runner-split-0001"  # a stray line after the last case is the last case's
    impl = engine(mode, marker, *engine_options)
    got = pokerspec("conformance", "run", "--quiet", "--impl", impl, *options, inputs=[FIXTURES])
    if mode in HANDSHAKE:
        assert got.code == 2, got.text
        assert "handshake" in got.text
        return
    verdicts = got.verdicts()
    want = "pass" if mode in HARMLESS else "fail" if mode in WRONG else "error"
    assert verdicts.pop(target) == want, got.text
    assert set(verdicts.values()) <= {"pass"}, got.text
    assert got.code == (0 if want == "pass" else 1), got.text


@pytest.mark.parametrize("mode", ["wrong-id", "no-id", "string-id", "not-json", "unasked", "unasked-noid",
                                  "none"])
def test_a_fault_read_with_the_case_before_is_its_own(pokerspec: Pokerspec, marker: str, mode: str) -> None:
    """The middle case's line out of place arrives in one read with the end of the case before
    it (faulty.py holds the replies to that case's ``parse`` requests and writes them with the
    target's), which a loaded machine may do by chance: the verdicts are those of the test above."""
    options, target, _ = selection(mode, False)
    got = pokerspec("conformance", "run", "--quiet", "--impl", engine(mode, marker, "--together", "parse"),
                    *options, inputs=[FIXTURES])
    verdicts = got.verdicts()
    assert verdicts.pop(target) == ("pass" if mode == "none" else "error"), got.text
    assert set(verdicts.values()) == {"pass"}, got.text


@pytest.mark.parametrize("mode", ["twice-early", "twice-late", "unasked", "unasked-noid"])
def test_a_stray_line_after_the_handshake_is_the_first_cases(pokerspec: Pokerspec, marker: str,
                                                            tmp_path: Path, mode: str) -> None:
    """A handshake belongs to no case: a second reply to ``start``, or a line after its reply,
    is the first case's, whenever it arrives (before, a second reply to ``start`` written late
    was charged to no case, and the run was OK; one written at once failed the handshake)."""
    options, _, _ = selection(mode, False)
    impl = engine(mode, marker, "--op", "start", "--once", str(tmp_path / "once"))
    got = pokerspec("conformance", "run", "--quiet", "--impl", impl, *options, inputs=[FIXTURES])
    verdicts = got.verdicts()
    assert verdicts.pop("runner-notation-0001") == "error", got.text
    assert set(verdicts.values()) == {"pass"}, got.text
    assert got.code == 1, got.text


@pytest.mark.parametrize("mode", ["string-numbers", "bool-numbers", "not-object", "twice-late", "wrong-id",
                                  "none"])
def test_strict_mode_agrees(pokerspec: Pokerspec, marker: str, mode: str) -> None:
    """``--strict`` adds the schema's checks of what a case leaves open; it never turns a verdict
    into a pass, and the unaffected cases still pass."""
    options, target, _ = selection(mode, False)
    got = pokerspec("conformance", "run", "--quiet", "--strict", "--impl", engine(mode, marker), *options,
                    inputs=[FIXTURES])
    verdicts = got.verdicts()
    assert (verdicts.pop(target) == "pass") == (mode == "none"), got.text
    assert set(verdicts.values()) == {"pass"}, got.text


def test_a_bare_string_error_never_passes(pokerspec: Pokerspec, marker: str) -> None:
    """A case that names only the error code (``"error": "bad_amount"``) still wants an error
    object: the bare string ``"bad_amount"`` passed before."""
    got = pokerspec("conformance", "run", "--quiet", "--case", "core-chips-0011", "--case", "core-high-0001",
                    "--impl", engine("error-string", marker, "--op", "split"))
    assert got.verdicts() == {"core-chips-0011": "fail", "core-high-0001": "pass"}, got.text
    assert got.code == 1
