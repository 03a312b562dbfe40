"""The suite's version (``conformance/suite.json``, pokerspec.versions): the cases as shipped hash
to the hash recorded for the declared version, so no case changes without a new suite version."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pokerspec import __version__
from pokerspec.conformance.cases import VECTORS, case_files
from pokerspec.resources import suite_version
from pokerspec.versions import SEMVER, read_record, suite_label, suite_record

ROOT = Path(__file__).resolve().parents[2]


def test_the_cases_are_the_declared_suite_version() -> None:
    record = suite_record()
    content = suite_version(case_files([VECTORS]))
    assert record.released.get(record.version) == content, (
        f"the cases hash to {content}, not to the hash recorded for suite {record.version}: give the "
        f"suite a new version in conformance/suite.json (a patch for wording, a minor for a new or changed "
        f"expected value, a major for a case format change), record {content} under it and list the "
        f"changes in CHANGELOG.md")


def test_released_versions_are_distinct_and_listed_in_the_changelog() -> None:
    record = suite_record()
    assert len(set(record.released.values())) == len(record.released), "two versions, one content"
    assert max(record.released, key=lambda v: tuple(map(int, v.split(".")))) == record.version
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert SEMVER.fullmatch(__version__)
    assert f"## {__version__}" in changelog, "every package release has its CHANGELOG.md section"
    for version in record.released:
        assert f"suite {version}" in changelog, f"suite {version} is not in CHANGELOG.md"


def test_a_changed_case_is_no_released_suite(tmp_path: Path) -> None:
    """Editing one case's expectation changes the hash: the label says it is no release."""
    for path in case_files([VECTORS]):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    content = suite_version(case_files([tmp_path]))
    assert suite_label(content) == f"{suite_record().version} ({content})"
    first = sorted(tmp_path.iterdir())[0]
    first.write_text(first.read_text(encoding="utf-8").replace('"expect"', '"expect" ', 1), encoding="utf-8")
    changed = suite_version(case_files([tmp_path]))
    assert changed != content and suite_label(changed) == f"{changed} (not a released suite)"


@pytest.mark.parametrize(("text", "words"), [
    ({"version": "1.0", "released": {}}, "'1.0' is not a semantic version"),
    ({"version": "1.0.0", "released": {"1.0.0": "abc"}}, "12 hex digits"),
    ([], "expected"),
])
def test_a_bad_suite_record_is_refused(tmp_path: Path, text: object, words: str) -> None:
    path = tmp_path / "suite.json"
    path.write_text(json.dumps(text), encoding="utf-8")
    with pytest.raises(ValueError, match=words):
        read_record(path)


def test_the_pinned_examples_name_this_release() -> None:
    """``uses: OWNER/pokerspec@vX``, the image tag ``pokerspec:X`` and ``pokerspec-cases-X`` in the
    action, the Dockerfile and the guides are this release's versions."""
    record = suite_record()
    pins = re.compile(r"pokerspec@v(\d+\.\d+\.\d+)|pokerspec:(\d+\.\d+\.\d+)|pokerspec-cases-(\d+\.\d+\.\d+)")
    found = []
    for page in ("README.md", "action.yml", "Dockerfile", "docs/engine-authors/running.md"):
        for package, image, suite in pins.findall((ROOT / page).read_text(encoding="utf-8")):
            found.append((page, package or image or suite, record.version if suite else __version__))
    assert found and [f for f in found if f[1] != f[2]] == []
