"""Hostile inputs and careless output paths: case files that cannot be read are bad cases while
the rest still run; PHH files, shards and revisions that are not what they claim are clear
usage errors; no output path may destroy an input or another output; every JSON the kit reads
has its limits."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from chaoskit import FIXTURES, ROOT, Pokerspec

GOOD = FIXTURES / "runner-notation-0001.json"
PHH = ROOT / "conformance" / "data" / "phh" / "wsop-2023-event-43" / "5.phh"


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _loop(path: Path) -> None:
    path.symlink_to(path.name)


HOSTILE: dict[str, Callable[[Path], None]] = {
    "directory": lambda p: p.mkdir(),
    "fifo": _fifo,
    "symlink-loop": _loop,
    "dangling-symlink": lambda p: p.symlink_to("nowhere.json"),
    "deep-nesting": lambda p: p.write_text("[" * 100_000 + "]" * 100_000),
    "deep-object": lambda p: p.write_text('{"a":' * 5_000 + "1" + "}" * 5_000),
    "huge": lambda p: p.write_text('{"id": "' + "x" * (2 << 20) + '"}'),
    "invalid-utf8": lambda p: p.write_bytes(b'{"id": "\xff\xfe"}'),
    "empty": lambda p: p.write_text(""),
    "not-an-object": lambda p: p.write_text("[1, 2, 3]"),
    "nul-bytes": lambda p: p.write_bytes(b"\0" * 100),
    "truncated": lambda p: p.write_text(GOOD.read_text(encoding="utf-8")[:100]),
    "duplicate-id": lambda p: shutil.copy(GOOD, p),
    "id-ending-in-a-newline": lambda p: p.write_text(GOOD.read_text(encoding="utf-8").replace(
        '"runner-notation-0001"', '"runner-notation-0001\\n"', 1)),
    "nan": lambda p: p.write_text(GOOD.read_text(encoding="utf-8").replace('"format": 1', '"format": NaN')),
}


@pytest.mark.parametrize("command", ["run", "list"])
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_an_unreadable_case_file_is_a_bad_case_and_the_rest_run(
        pokerspec: Pokerspec, tmp_path: Path, kind: str, command: str) -> None:
    folder = tmp_path / "cases"
    folder.mkdir()
    shutil.copy(GOOD, folder / GOOD.name)
    hostile = folder / "zz-hostile.json"
    HOSTILE[kind](hostile)
    extra = ["--quiet"] if command == "run" else []
    got = pokerspec("conformance", command, *extra, "--no-default-vectors", "--vectors", str(folder),
                    inputs=[GOOD])
    assert got.code == 1, got.text
    assert "zz-hostile.json" in got.text
    if command == "run":
        assert got.verdicts() == {"runner-notation-0001": "pass"}
        bad = [r for r in got.records if r["record"] == "bad-case"]
        assert [Path(str(r["path"])).name for r in bad] == ["zz-hostile.json"]


def _output_cases(tmp: Path) -> dict[str, tuple[list[str], list[Path]]]:
    """Each careless output path: the command's arguments and the inputs it must not change."""
    case = tmp / "cases" / GOOD.name
    case.parent.mkdir()
    shutil.copy(GOOD, case)
    run = ["conformance", "run", "--quiet", "--no-default-vectors", "--vectors", str(case.parent)]
    shard = tmp / "shard"
    shard.mkdir()
    (shard / "report.json").write_text("{}")
    existing = tmp / "imported"
    existing.mkdir()
    (existing / "stud-imported-0001.json").write_text('{"keep": true}')
    return {
        "report-is-a-case": ([*run, "--report", str(case)], [case]),
        "junit-is-a-case": ([*run, "--junit", str(case)], [case]),
        "report-is-in-vectors": ([*run, "--report", str(case.parent / "new.json")], [case]),
        "report-is-junit": ([*run, "--report", str(tmp / "x"), "--junit", str(tmp / "." / "x")], [case]),
        "report-is-dev-full": ([*run, "--report", "/dev/full"], [case]),
        "report-is-a-directory": ([*run, "--report", str(tmp)], [case]),
        "report-in-no-directory": ([*run, "--report", str(tmp / "missing" / "r.jsonl")], [case]),
        "merge-into-its-shard": (["conformance", "merge", str(shard), "--out", str(shard)], [shard]),
        "merge-into-a-shard-file": (["conformance", "merge", str(shard), "--out", str(shard / "report.json")],
                                    [shard]),
        "fuzz-out-dev-full": (["conformance", "fuzz", "--impl", "reference", "--game", "stud", "--hands", "2",
                               "--out", "/dev/full"], []),
        "fuzz-out-a-file": (["conformance", "fuzz", "--impl", "reference", "--game", "stud", "--hands", "2",
                             "--out", str(case)], [case]),
        "compliance-out-dev-full": (["compliance", "--engine", "treys", "--out", "/dev/full"], []),
        "phh-import-over-a-file": (["phh", "import", str(PHH), "--out", str(existing)], [existing, PHH]),
        "view-over-its-case": (["view", str(case), "--output", str(case)], [case]),
        "run-timeout-1e7": ([*run, "--timeout", "1e7"], [case]),
        "fuzz-timeout-1e7": (["conformance", "fuzz", "--impl", "reference", "--game", "stud", "--hands", "2",
                              "--timeout", "1e7"], []),
    }


OUTPUTS = ["report-is-a-case", "junit-is-a-case", "report-is-in-vectors", "report-is-junit",
           "report-is-dev-full", "report-is-a-directory", "report-in-no-directory", "merge-into-its-shard",
           "merge-into-a-shard-file", "fuzz-out-dev-full", "fuzz-out-a-file", "compliance-out-dev-full",
           "phh-import-over-a-file",
           "view-over-its-case", "run-timeout-1e7", "fuzz-timeout-1e7"]


@pytest.mark.parametrize("name", OUTPUTS)
def test_a_careless_output_path_is_a_usage_error_before_any_work(
        pokerspec: Pokerspec, tmp_path: Path, name: str) -> None:
    args, inputs = _output_cases(tmp_path)[name]
    got = pokerspec(*args, inputs=inputs, reports=False)
    assert got.code == 2, got.text


@pytest.mark.parametrize("rev", ["--output={victim}", "-o{victim}", "--remote=x", "", "no-such-revision",
                                 "HEAD --output={victim}"])
@pytest.mark.parametrize("side", ["--rev-a", "--rev-b"])
def test_a_revision_never_reaches_git_as_an_option(pokerspec: Pokerspec, tmp_path: Path, rev: str,
                                                   side: str) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    other = "--rev-b" if side == "--rev-a" else "--rev-a"
    got = pokerspec("diff", "stud-fl-training", "stud-fl-training", f"{side}={rev.format(victim=victim)}",
                    other, "HEAD", "--hands", "1", inputs=[victim])
    assert got.code == 2, got.text
    assert victim.read_text() == "keep"


PHH_HOSTILE: dict[str, Callable[[Path], None]] = {
    "empty": lambda p: p.write_text(""),
    "binary": lambda p: p.write_bytes(bytes(range(256)) * 4),
    "not-toml": lambda p: p.write_text("this is [not toml\n"),
    "huge-line": lambda p: p.write_text("variant = '" + "x" * (2 << 20) + "'\n"),
    "deep-array": lambda p: p.write_text("actions = " + "[" * 5000 + "]" * 5000 + "\n"),
    "directory": lambda p: p.mkdir(),
    "fifo": _fifo,
    "wrong-types": lambda p: p.write_text("variant = 5\nantes = 'x'\nactions = 3\n"),
}


@pytest.mark.parametrize("command", ["replay", "import"])
@pytest.mark.parametrize("kind", sorted(PHH_HOSTILE))
def test_a_hostile_phh_file_is_refused_clearly(pokerspec: Pokerspec, tmp_path: Path, kind: str,
                                               command: str) -> None:
    hostile = tmp_path / "hostile.phh"
    PHH_HOSTILE[kind](hostile)
    got = pokerspec("phh", command, str(hostile), inputs=[tmp_path], reports=False)
    assert got.code in (1, 2), got.text
    assert "hostile.phh" in got.text


SHARDS: dict[str, Callable[[Path], None]] = {
    "missing": lambda p: None,
    "a-file": lambda p: p.write_text("{}"),
    "empty": lambda p: p.mkdir(),
    "garbage-report": lambda p: (p.mkdir(), (p / "report.json").write_text("not json")),
    "deep-report": lambda p: (p.mkdir(), (p / "report.json").write_text("[" * 100_000 + "]" * 100_000)),
}


@pytest.mark.parametrize("kind", sorted(SHARDS))
def test_a_hostile_shard_is_refused_clearly(pokerspec: Pokerspec, tmp_path: Path, kind: str) -> None:
    shard = tmp_path / "shard"
    SHARDS[kind](shard)
    got = pokerspec("conformance", "merge", str(shard), "--out", str(tmp_path / "merged"),
                    inputs=[tmp_path], reports=False)
    assert got.code == 2, got.text
    assert not (tmp_path / "merged" / "report.json").exists()


def test_compliance_with_nothing_installed_is_a_usage_error(pokerspec: Pokerspec, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerspec.compliance import run

    monkeypatch.setattr(run, "available", lambda lib: "not installed: pip install -e '.[peers]'")
    got = pokerspec("compliance", "--out", str(tmp_path / "out"), reports=False)
    assert got.code == 2, got.text
    assert "no library to run" in got.text
    assert not (tmp_path / "out").exists()


def test_view_refuses_an_unknown_profile_on_a_core_case(pokerspec: Pokerspec, tmp_path: Path) -> None:
    got = pokerspec("view", "core-high-0001", "--profile", "nope", "--output", str(tmp_path / "x.html"),
                    reports=False)
    assert got.code == 2, got.text
    assert "nope" in got.text


def test_phh_export_refuses_another_games_profile(pokerspec: Pokerspec) -> None:
    got = pokerspec("phh", "export", "stud-showdown-0001", "--profile", "archie-barge", reports=False)
    assert got.code == 2, got.text
    assert "archie" in got.text


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_git_sees_no_option_in_a_revision() -> None:
    """The guard diff relies on: ``--end-of-options`` makes git read ``--output=...`` as a name."""
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", "--end-of-options",
                           "--output=x^{commit}"], capture_output=True, text=True, check=False)
    assert done.returncode != 0
    assert json.dumps(done.stdout) == '""'


def test_diff_names_a_bad_vectors_file(pokerspec: Pokerspec, tmp_path: Path) -> None:
    """``diff --vectors`` with a case file that cannot be read: a usage error naming it, never
    traces that silently lack the case."""
    (tmp_path / "bad.json").write_text("{")
    got = pokerspec("diff", "stud-fl-training", "stud-fl-training", "--hands", "1",
                    "--vectors", str(tmp_path))
    assert got.code == 2 and "bad.json" in got.text, got.text


def test_diff_dir_a_alone_outside_a_repository_names_dir_a(pokerspec: Pokerspec, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    got = pokerspec("diff", "stud-fl-training", "stud-fl-training", "--dir-a", str(tmp_path))
    assert got.code == 2 and "--dir-a" in got.text and "--rev-a" not in got.text, got.text
