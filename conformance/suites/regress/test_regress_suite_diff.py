"""``pokerspec diff --suite OLD`` (pokerspec.regress.suite_diff): the cases added, removed and
changed between an older suite (a directory, a released tarball, a tagged version) and this one."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from pokerspec.cli import main as pokerspec
from pokerspec.conformance.cases import VECTORS
from pokerspec.regress import suite_diff
from pokerspec.release import build_cases_tarball
from pokerspec.versions import SuiteRecord, suite_record


def _older(into: Path) -> Path:
    """The suite with one case gone (added since), one whose expectation differs (changed) and
    one that no longer exists (removed)."""
    shutil.copytree(VECTORS, into)
    (into / "core" / "high" / "core-high-0001.json").unlink()
    changed = into / "archie" / "award" / "archie-award-0001.json"
    data = json.loads(changed.read_text(encoding="utf-8"))
    data["expect"] = {"old": True}
    changed.write_text(json.dumps(data), encoding="utf-8")
    gone = dict(data, id="archie-award-9999")
    (into / "archie" / "award" / "archie-award-9999.json").write_text(json.dumps(gone), encoding="utf-8")
    return into


def _diff(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = pokerspec(["diff", "--json", *args])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else {}


def test_a_directory_of_older_cases(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, changes = _diff(capsys, "--suite", str(_older(tmp_path / "old")))
    assert code == 1
    assert changes["added"] == ["core-high-0001"] and changes["removed"] == ["archie-award-9999"]
    rules = json.loads((VECTORS / "archie" / "award" / "archie-award-0001.json").read_text())["rules"]
    assert changes["changed"] == {"archie-award-0001": {"rules": rules, "fields": ["expect"]}}
    assert str(changes["old"]).endswith("(not a released suite)")
    assert changes["new"] == f"{suite_record().version} ({suite_record().released[suite_record().version]})"


def test_the_released_tarball_of_this_suite_changes_nothing(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    tarball = build_cases_tarball(tmp_path, 0)
    code, changes = _diff(capsys, "--suite", str(tarball))
    assert code == 0 and changes["added"] == changes["removed"] == [] and changes["changed"] == {}
    assert _diff(capsys, "--suite", suite_record().version)[0] == 0


def test_a_version_is_read_from_its_git_tag(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    _older(repo / "conformance" / "vectors")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "old"], check=True)
    subprocess.run([*git, "tag", "suite-v0.9.0"], check=True)
    record = suite_record()
    monkeypatch.setattr(suite_diff, "suite_record", lambda: SuiteRecord(
        record.version, {"0.9.0": "0123456789ab", **record.released}))
    monkeypatch.chdir(repo)
    code, changes = _diff(capsys, "--suite", "0.9.0")
    assert code == 1 and changes["added"] == ["core-high-0001"]
    assert changes["removed"] == ["archie-award-9999"]


@pytest.mark.parametrize(("args", "words"), [
    (["--suite", "0.0.1"], "no such released suite; the released ones are"),
    (["--suite", "old-cases"], "not a directory, a pokerspec-cases-VERSION.tar.gz or a version"),
    (["--suite", "1.0.0", "archie-barge"], "takes no profile"),
    (["--suite", "1.0.0", "--rev-a", "HEAD"], "takes no profile, --rev-* or --dir-*"),
    ([], "name two profiles (PROFILE_A PROFILE_B)"),
])
def test_what_cannot_be_compared_is_a_usage_error(capsys: pytest.CaptureFixture[str], args: list[str],
                                                  words: str) -> None:
    assert pokerspec(["diff", *args]) == 2
    assert words in capsys.readouterr().err
