"""Never a false OK, and every input checked before the work starts: an unknown game, profile,
rule prefix, case ID or required capability is a usage error (exit 2) that lists what exists;
``--require`` fails a run that skipped what the author meant to test; a run that skips
everything says so in its last line; report paths, ``--timeout`` and ``--vectors`` are checked
first; a closed pipe ends a command quietly."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from pokerspec.cli import main as pokerspec

Run = Callable[..., tuple[int, str, list[dict[str, object]]]]


def _last_line(text: str) -> str:
    return text.strip().splitlines()[-1]


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--profile", "archie-barg", "unknown profile 'archie-barg' (did you mean archie-barge"),
    ("--rule", "archie.qualfy", "no rule ID starts with 'archie.qualfy' (did you mean archie.qualify"),
    ("--case", "archie-qualify-9999", "no case ID matches 'archie-qualify-9999'"),
    ("--game", "poker", "invalid choice: 'poker' (choose from 'core', 'archie', 'auction', 'stud')"),
])
def test_an_unknown_name_is_a_usage_error_listing_what_exists(
        run_cli: Run, option: str, value: str, words: str) -> None:
    code, text, records = run_cli(option, value, own=False)
    assert code == 2
    assert words in text
    assert records == [], "nothing ran"


def test_the_lists_name_what_exists(run_cli: Run) -> None:
    _, text, _ = run_cli("--profile", "nonesuch", own=False)
    assert "archie-barge, archie-pagat, auction-buderick" in text
    _, text, _ = run_cli("--rule", "nonesuch", own=False)
    assert "the rule groups are archie.award, archie.betting" in text
    _, text, _ = run_cli("--case", "nonesuch-*", own=False)
    assert "`pokerspec conformance list` lists all" in text


def test_a_selection_that_leaves_nothing_is_a_usage_error(run_cli: Run) -> None:
    code, text, _ = run_cli("--game", "stud")
    assert code == 2 and "no case selected" in text


def test_require_fails_a_run_that_skipped_what_it_names(run_cli: Run, core_only_impl: str) -> None:
    """An engine that plays no game: asked to prove its stud hands it must fail, not pass."""
    code, text, records = run_cli("--impl", core_only_impl, "--game", "core", "--game", "stud", own=False)
    assert code == 0, text
    code, text, records = run_cli("--impl", core_only_impl, "--game", "core", "--game", "stud",
                                  "--require", "hand:stud", "ranking:high", own=False)
    assert code == 1
    assert "REQUIRED BUT SKIPPED hand:stud:" in text
    assert "ranking:high" not in records[0]["unmet"]  # type: ignore[operator]
    assert _last_line(text).startswith(f"FAILED {records[0]['engine']['name']}")  # type: ignore[index]
    assert "--require hand:stud was not met" in _last_line(text)
    code, text, _ = run_cli("--impl", core_only_impl, "--game", "core", "--game", "stud", "--require", "stud",
                            own=False)
    assert code == 1 and "REQUIRED BUT SKIPPED stud:" in text


@pytest.mark.parametrize(("require", "words"), [
    ("hand:poker", "--require hand:poker: not a capability the cases need"),
    ("hand:stud", "--require hand:stud: no selected case needs it"),
])
def test_an_impossible_requirement_is_a_usage_error(run_cli: Run, require: str, words: str) -> None:
    code, text, _ = run_cli("--require", require)
    assert code == 2 and words in text


def test_a_run_that_skips_everything_says_so_and_fails(run_cli: Run, core_only_impl: str) -> None:
    code, text, records = run_cli("--impl", core_only_impl, "--game", "stud", own=False)
    assert code == 1
    assert _last_line(text).startswith(f"NOTHING TESTED {records[0]['engine']['name']}")  # type: ignore[index]
    assert records[0]["nothing_tested"] is True


def test_the_last_line_of_a_passing_run_says_so(run_cli: Run) -> None:
    code, text, _ = run_cli()
    assert code == 0
    assert _last_line(text).startswith("OK pokerspec-reference")
    assert _last_line(text).endswith("every required case passed")


@pytest.mark.parametrize(("option", "where", "words"), [
    ("--report", "missing/out.jsonl", "no such directory"),
    ("--junit", ".", "is a directory; give a file name"),
])
def test_report_paths_are_checked_before_the_run(
        tmp_path: Path, fixtures_dir: Path, capsys: pytest.CaptureFixture[str],
        option: str, where: str, words: str) -> None:
    code = pokerspec(["conformance", "run", "--no-default-vectors", "--vectors", str(fixtures_dir),
                      option, str(tmp_path / where)])
    captured = capsys.readouterr()
    assert code == 2
    assert words in captured.err
    assert "OK" not in captured.out, "nothing ran"


@pytest.mark.parametrize("value", ["-1", "0", "soon", "inf"])
def test_timeout_must_be_a_positive_number(capsys: pytest.CaptureFixture[str], value: str) -> None:
    assert pokerspec(["conformance", "run", "--timeout", value]) == 2
    assert "argument --timeout" in capsys.readouterr().err


def test_missing_paths_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nonexistent")
    assert pokerspec(["conformance", "list", "--vectors", missing]) == 2
    assert f"no such case directory or file: {missing}" in capsys.readouterr().err
    assert pokerspec(["golden", "check", "--dir", missing]) == 2
    err = capsys.readouterr().err
    assert f"--dir {missing}: no such directory" in err and "golden update" not in err
    assert pokerspec(["conformance", "run", "--no-default-vectors"]) == 2
    assert "--no-default-vectors leaves no case" in capsys.readouterr().err


@pytest.mark.parametrize("command", [
    ["conformance", "list", "--json"], ["conformance", "list"], ["profiles"], ["profiles", "--json"],
    ["diff", "archie-barge", "archie-pagat", "--hands", "20", "--all"],
])
def test_a_closed_pipe_ends_quietly(command: list[str]) -> None:
    """``pokerspec ... | head -1``: the reader goes away after one line; no traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "pokerspec.cli", *command], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert "Traceback" not in err and "Error" not in err, err
    assert proc.returncode in (0, 1, 141)


def test_version_names_the_package_the_suite_and_the_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    assert pokerspec(["--version"]) == 0
    line = capsys.readouterr().out.strip()
    from pokerspec import __version__
    from pokerspec.versions import suite_record

    record = suite_record()
    released = record.released[record.version]
    assert line.startswith(f"pokerspec {__version__}, suite {record.version} ({released}), ")
    assert line.endswith("protocol 1.1")


def test_every_report_names_the_versions(run_cli: Run, tmp_path: Path, fixtures_dir: Path) -> None:
    from pokerspec import __version__
    from pokerspec.conformance.cases import case_files
    from pokerspec.resources import suite_version

    code, text, records = run_cli("--junit", str(tmp_path / "r.xml"))
    assert code == 0
    suite = suite_version(case_files([fixtures_dir]))
    assert (records[0]["pokerspec"], records[0]["suite"]) == (__version__, suite)
    assert (records[0]["suite_version"], records[0]["runner_protocol"]) == (None, "1.1"), "not a release"
    assert f"pokerspec {__version__}, suite {suite} (not a released suite), protocol 1.1" in _last_line(text)
    xml = (tmp_path / "r.xml").read_text()
    assert f"suite {suite}" in xml and f'<property name="suite.hash" value="{suite}" />' in xml
    shutil.copytree(fixtures_dir, tmp_path / "elsewhere")
    assert suite_version(case_files([tmp_path / "elsewhere"])) == suite, "the same cases, the same version"


def test_the_package_carries_its_data() -> None:
    """The cases, schemas, golden traces and spec are reached inside the package (links to the
    repository's folders in a clone, files in a wheel), never by walking up from a module."""
    import pokerspec
    from pokerspec import resources

    package = Path(pokerspec.__file__).parent
    for place in (resources.VECTORS, resources.SCHEMAS, resources.GOLDEN, resources.SPEC):
        assert place.parent == package / "data" and place.is_dir()
    assert (resources.SCHEMAS / "protocol.schema.json").is_file()
    assert resources.display(resources.VECTORS / "core" / "x.json") == "conformance/vectors/core/x.json"
    sources = "\n".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py"))
    assert "parents[3]" not in sources and ".parent.parent.parent" not in sources


def test_golden_update_will_not_write_into_an_installed_package(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    from pokerspec.regress import golden

    monkeypatch.setattr(golden, "source_checkout", lambda: None)
    assert pokerspec(["golden", "update"]) == 2
    assert "installed with its own copy of the golden traces" in capsys.readouterr().err
