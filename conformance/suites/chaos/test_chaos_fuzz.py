"""Faults of faulty.py against ``pokerspec conformance fuzz``: the ranking mode and the whole-hand
fuzzer (one job and two) report a fault as a disagreement (exit 1, the real reply printed), a
clean engine as none (exit 0), never an internal error, and leave no engine process behind."""

from __future__ import annotations

from pathlib import Path

import pytest
from chaoskit import Pokerspec, engine
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.protocol import handshake
from pokerspec.fuzz import ranking

RANKING_FAULTS = ["none", "crash", "hang", "not-json", "string-numbers", "bool-numbers", "twice-early",
                  "twice-late", "unasked", "out-of-order", "deep-nesting", "huge-line", "grandchild-crash",
                  "close-stdout", "stderr-flood", "wrong-id"]
HAND_FAULTS = ["none", "crash", "hang", "not-json", "twice-late", "grandchild-crash", "string-numbers"]


@pytest.mark.parametrize("mode", RANKING_FAULTS)
def test_ranking_fuzz_reports_a_fault_as_a_disagreement(pokerspec: Pokerspec, marker: str, tmp_path: Path,
                                                        mode: str) -> None:
    impl = engine(mode, marker, "--skip", "3", "--once", str(tmp_path / "once"))  # past the size probes
    got = pokerspec("conformance", "fuzz", "--ranking", "high", "--pairs", "20", "--timeout", "0.5",
                    "--impl", impl, reports=False)
    assert got.code == (0 if mode == "none" else 1), got.text
    if mode == "string-numbers":
        assert "['1'], ['0']" in got.text or "['0'], ['1']" in got.text  # the real reply, not the expected


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("mode", HAND_FAULTS)
def test_hand_fuzz_reports_a_fault_as_a_disagreement(pokerspec: Pokerspec, marker: str, tmp_path: Path,
                                                     mode: str, jobs: str) -> None:
    op = "outcome" if mode == "string-numbers" else "act"
    skip = "0" if op == "outcome" else "3"
    impl = engine(mode, marker, "--op", op, "--skip", skip, "--once", str(tmp_path / "once"))
    got = pokerspec("conformance", "fuzz", "--game", "stud", "--hands", "3", "--jobs", jobs, "--timeout", "1",
                    "--impl", impl, reports=False)
    assert got.code == (0 if mode == "none" else 1), got.text


def test_run_and_fuzz_agree_on_string_numbers(pokerspec: Pokerspec, marker: str, tmp_path: Path) -> None:
    """The issue's engine answered ``[["1"],["0"]]`` for ``[[1],[0]]``: run passed it, fuzz did not."""
    impl = engine("string-numbers", marker, "--every")
    ran = pokerspec("conformance", "run", "--quiet", "--game", "core", "--rule", "core.high.wheel",
                    "--impl", impl)
    fuzzed = pokerspec("conformance", "fuzz", "--ranking", "high", "--pairs", "5", "--impl", impl,
                       reports=False)
    assert ran.code == fuzzed.code == 1, ran.text + fuzzed.text
    assert "fail" in set(ran.verdicts().values())


@pytest.mark.parametrize(("mode", "target", "charged", "says"), [
    ("twice-early", 4, 4, "a second reply to request"),
    ("twice-late", 4, 4, "a second reply to request"),
    ("twice-early", 11, 11, "after the last reply"),  # the batch's last pair
    ("out-of-order", 4, 4, "out of order"),  # the target's reply is the late one
    ("unasked", 4, 5, "which no request had"),  # no request had its id: the one due where it shows up
    ("unasked", 11, 11, "after the last reply"),
    ("twice-late", 11, 11, "a late line"),  # shows up while the next batch is read
    ("twice-at-stop", 4, 4, "a late line"),  # shows up only when the run says stop
])
def test_ranking_fuzz_charges_a_stray_reply_to_its_pair(marker: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch, mode: str,
                                                        target: int, charged: int, says: str) -> None:
    """Issue #21: a duplicated, out-of-order or unasked reply in pipelined batches (of 12 pairs)
    is matched by its echoed id and is the protocol error of the pair it answers, also when it
    arrives after its batch was graded; every other pair agrees."""
    monkeypatch.setattr(ranking, "BATCH", 12)
    impl = engine(mode, marker, "--skip", str(3 + target), "--once", str(tmp_path / "once"))  # past 3 probes
    probe = open_engine(impl, 2.0)
    try:
        run = ranking.fuzz_ranking(probe, handshake(probe), "high", 24, seed=7)
    finally:
        probe.close()
    pair = list(ranking.pairs("high", run.sizes, 24, 7))[charged]
    assert (run.pairs, run.disagreements) == (24, 1), run.to_json()
    (finding,) = run.findings.values()
    assert finding.pair == pair, (finding.pair, charged)
    assert "engine_failure" in finding.name and says in str(finding.actual), finding.actual


def test_ranking_fuzz_takes_a_v10_engines_replies_by_position(marker: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A protocol 1.0 engine echoes no ids (running.md's limit): a second reply to pair 4 shifts
    the replies of pairs 5 to 11, and the end-of-batch check charges the last pair, 11 — a
    verdict for every pair, no traceback."""
    monkeypatch.setattr(ranking, "BATCH", 12)
    impl = engine("twice-early", marker, "--v10", "--skip", "7", "--once", str(tmp_path / "once"))
    probe = open_engine(impl, 2.0)
    try:
        hello = handshake(probe)
        run = ranking.fuzz_ranking(probe, hello, "high", 12, seed=7)
    finally:
        probe.close()
    pairs = list(ranking.pairs("high", run.sizes, 12, 7))
    assert hello.minor == 0 and run.pairs == 12
    charged = [f for f in run.findings.values() if "engine_failure" in f.name]
    assert [pairs.index(f.pair) for f in charged] == [11], run.to_json()
    assert "out of step" in str(charged[0].actual)
