"""One grader: every command judges an engine's replies with the same typed, whole-map comparison
(``grading.difference``), so an engine that answers wrong in the same way gets the same verdict
from ``conformance run``, ``conformance fuzz`` and ``perft`` (walked by branch and probe, by
replay, and on a cluster): a number written as a string, a float or a boolean, a seat the hand
does not have (also in an empty map), a seat left out; and a perft walk whose ``push``/``pop``
do not keep positions fails without writing a case the engine passes (``core.perft.divide``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from chaoskit import Pokerspec, engine
from pokerspec.perft.positions import positions
from pokerspec.perft.tree import ReferenceTree

OUTCOME_FAULTS = ["none", "phantom-empty", "phantom-seat", "phantom-winner", "missing-seat", "string-numbers",
                  "float-numbers", "bool-numbers", "fraction-numbers"]
"""Faults of every outcome (the ``outcome`` reply, and ``probe``'s, which carries one)."""
POSITION = "stud-streets-0701"
"""A small stud position whose hands end in folds and showdowns."""


def verdicts(pokerspec: Pokerspec, impl: str, tmp_path: Path) -> dict[str, int]:
    """The exit code of each command against ``impl``."""
    out = tmp_path / "perft-cases"
    return {
        "run": pokerspec("conformance", "run", "--quiet", "--game", "stud", "--impl", impl).code,
        "fuzz": pokerspec("conformance", "fuzz", "--game", "stud", "--hands", "3", "--impl", impl).code,
        "perft": pokerspec("perft", "--position", POSITION, "--out", str(out), "--impl", impl).code,
        "perft --replay": pokerspec("perft", "--position", POSITION, "--replay", "--out", str(out),
                                    "--impl", impl).code,
        "perft --go-on": pokerspec("perft", "--position", POSITION, "--go-on", "--out", str(out),
                                   "--impl", impl).code,
    }


@pytest.mark.parametrize("mode", OUTCOME_FAULTS)
def test_every_command_gives_the_same_verdict(pokerspec: Pokerspec, marker: str, tmp_path: Path,
                                              mode: str) -> None:
    impl = engine(mode, marker, "--op", "outcome,probe", "--every")
    want = 0 if mode == "none" else 1
    got = verdicts(pokerspec, impl, tmp_path)
    assert got == dict.fromkeys(got, want), got
    for case in sorted((tmp_path / "perft-cases").glob("*.json")):  # every case written fails the engine
        assert pokerspec("conformance", "run", "--quiet", "--no-default-vectors", "--vectors", str(case),
                         "--impl", impl).code == 1, case


@pytest.mark.parametrize("mode", ["phantom-empty", "bool-numbers", "none"])
def test_the_cluster_walk_gives_the_same_verdict(pokerspec: Pokerspec, dask_scheduler: str, marker: str,
                                                 tmp_path: Path, mode: str) -> None:
    impl = engine(mode, marker, "--op", "outcome,probe", "--every")
    got = pokerspec("perft", "--position", POSITION, "--cluster", dask_scheduler, "--out",
                    str(tmp_path / "cases"), "--impl", impl)
    assert got.code == (0 if mode == "none" else 1), got.text


def test_the_cluster_walk_goes_on(pokerspec: Pokerspec, dask_scheduler: str, marker: str,
                                  tmp_path: Path) -> None:
    """``--cluster --go-on`` walks every first action's subtree and reports the first difference
    in the order of the first actions, as the walk here does (it stopped at the first task that
    raised one, whichever finished first)."""
    impl = engine("phantom-winner", marker, "--op", "outcome,probe", "--every")
    out = tmp_path / "cases"
    got = pokerspec("perft", "--position", POSITION, "--go-on", "--cluster", dask_scheduler,
                    "--out", str(out), "--impl", impl)
    first_actions = len(ReferenceTree(positions()[POSITION]).node(()).children)
    assert got.code == 1 and f"DIFF  {POSITION} depth 12: after [p2 f]: outcome" in got.text, got.text
    assert sum(int(n) for n in re.findall(r": (\d+) tasks", got.text)) == first_actions, got.text
    for case in sorted(out.glob("*.json")):
        assert pokerspec("conformance", "run", "--quiet", "--no-default-vectors", "--vectors", str(case),
                         "--impl", impl).code == 1, case


@pytest.mark.parametrize("mode", ["push-noop", "pop-noop", "pop-refused"])
def test_a_broken_branch_fails_perft_and_writes_no_passing_case(pokerspec: Pokerspec, marker: str,
                                                                tmp_path: Path, mode: str) -> None:
    impl = engine(mode, marker)
    out = tmp_path / "cases"
    got = pokerspec("perft", "--position", POSITION, "--out", str(out), "--impl", impl)
    assert got.code == 1, got.text
    for case in sorted(out.glob("*.json")):
        assert pokerspec("conformance", "run", "--quiet", "--no-default-vectors", "--vectors", str(case),
                         "--impl", impl).code == 1, got.text
    assert pokerspec("perft", "--position", POSITION, "--replay", "--impl", impl).code == 0


def test_a_rejected_action_must_leave_the_types_alone(pokerspec: Pokerspec, marker: str) -> None:
    """After a rejected action the state is read again; ``4`` read back as ``4.0`` is a change
    (it compared equal before)."""
    impl = engine("reject-floats", marker)
    got = pokerspec("conformance", "run", "--quiet", "--game", "stud", "--impl", impl)
    assert got.code == 1 and "a rejected action changed the state" in got.text, got.text


@pytest.mark.parametrize(("op", "mode"), [("pots", "phantom-empty"), ("pots", "phantom-seat"),
                                          ("split", "phantom-seat")])
def test_core_replies_are_whole_maps(pokerspec: Pokerspec, marker: str, op: str, mode: str) -> None:
    """A ``split`` or ``pots`` reply naming a seat the case does not fails."""
    got = pokerspec("conformance", "run", "--quiet", "--game", "core", "--impl",
                    engine(mode, marker, "--op", op, "--every"))
    assert got.code == 1 and "fail" in set(got.verdicts().values()), got.text


def test_a_crash_while_dividing_fails_the_position(pokerspec: Pokerspec, marker: str, tmp_path: Path) -> None:
    """The engine crashes in ``--divide``'s listing, after the walk printed ``ok``: the position
    fails (exit 1), with no internal error."""
    impl = engine("crash", marker, "--op", "legal", "--skip", "1", "--once", str(tmp_path / "once"))
    got = pokerspec("perft", "--position", POSITION, "--divide", "--impl", impl)
    assert got.code == 1 and "while dividing" in got.text, got.text
