"""The release artefacts (pokerspec.release, ``python3 tasks.py release``): the cases tarball is
the same bytes from the same files, its manifest lists every case, and reading a tarball back
refuses anything that could land outside its folder."""

from __future__ import annotations

import io
import json
import tarfile
import zipfile
from pathlib import Path

import pytest
from pokerspec.conformance.cases import VECTORS, case_files, load_cases
from pokerspec.conformance.cli import main as conformance
from pokerspec.release import build_cases_tarball, extract_cases, normalize_sdist, normalize_wheel
from pokerspec.resources import suite_version
from pokerspec.versions import suite_record

EPOCH = 1_700_000_000


def test_two_builds_give_the_same_bytes(tmp_path: Path) -> None:
    first = build_cases_tarball(tmp_path / "a", EPOCH).read_bytes()
    second = build_cases_tarball(tmp_path / "b", EPOCH).read_bytes()
    assert first == second
    assert build_cases_tarball(tmp_path / "c", EPOCH + 1).read_bytes() != first, "the epoch is in it"


def test_the_tarball_holds_the_suite_and_its_manifest(tmp_path: Path) -> None:
    path = build_cases_tarball(tmp_path, EPOCH)
    version = suite_record().version
    assert path.name == f"pokerspec-cases-{version}.tar.gz"
    with tarfile.open(path) as tar:
        names = tar.getnames()
        assert {m.uid for m in tar} == {0} and {m.mtime for m in tar} == {EPOCH}
        top = f"pokerspec-cases-{version}"
        reader = tar.extractfile(f"{top}/manifest.json")
        assert reader is not None
        manifest = json.loads(reader.read())
    assert names[0] == top and names[1:] == sorted(names[1:])
    assert {f"{top}/schema/case.schema.json", f"{top}/perft/tables.json", f"{top}/suite.json"} <= set(names)
    cases = load_cases([VECTORS])[0]
    assert sorted(c["id"] for c in manifest["cases"]) == sorted(c.id for c in cases)
    assert manifest["suite"] == version and manifest["suite_hash"] == suite_version(case_files([VECTORS]))
    first = manifest["cases"][0]
    assert set(first) == {"id", "path", "game", "rules", "profiles", "sha256"}


def test_a_released_tarball_is_a_vectors_source(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``conformance run --vectors TARBALL``: the same cases and the same suite version."""
    path = build_cases_tarball(tmp_path, EPOCH)
    report = tmp_path / "r.jsonl"
    code = conformance(["run", "--quiet", "--no-default-vectors", "--vectors", str(path), "--game", "core",
                        "--report", str(report)])
    assert code == 0, capsys.readouterr().out
    header = json.loads(report.read_text().splitlines()[0])
    assert header["counts"]["pass"] == len([c for c in load_cases([VECTORS])[0] if c.game == "core"])
    whole = extract_cases(path)
    assert suite_version(case_files([whole])) == suite_version(case_files([VECTORS]))


def _tar(tmp_path: Path, *members: tarfile.TarInfo) -> Path:
    path = tmp_path / "evil.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        for member in members:
            tar.addfile(member, io.BytesIO(b"{}") if member.isfile() else None)
    return path


def _member(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname, info.size = kind, link, 2 if kind == tarfile.REGTYPE else 0
    return info


@pytest.mark.parametrize(("members", "words"), [
    ([_member("top/vectors/../../escape.json")], "points outside"),
    ([_member("/etc/vectors/x.json")], "points outside"),
    ([_member("top/vectors/x.json", tarfile.SYMTYPE, "/etc/passwd")], "not a plain file or folder"),
    ([_member("top/vectors/x.json", tarfile.LNKTYPE, "top/a")], "not a plain file or folder"),
    ([_member("a/vectors/x.json"), _member("b/vectors/y.json")], "more than one top folder"),
    ([_member("top/schema/x.json")], "no case under top/vectors/"),
])
def test_a_tarball_that_could_escape_is_refused(tmp_path: Path, members: list[tarfile.TarInfo],
                                                 words: str) -> None:
    with pytest.raises(ValueError, match=words):
        extract_cases(_tar(tmp_path, *members))
    assert not (tmp_path / "escape.json").exists()


def test_run_refuses_a_bad_tarball_as_a_usage_error(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.tar.gz"
    path.write_bytes(b"\x1f\x8b not gzip")
    assert conformance(["run", "--vectors", str(path)]) == 2
    assert "not a readable tarball" in capsys.readouterr().err


def test_the_wheel_and_sdist_are_normalised(tmp_path: Path) -> None:
    """Two builds differing in times, order and owners give the same bytes once normalised."""
    for i, (order, when, uid) in enumerate([(("b", "a.dist-info/RECORD"), (2020, 1, 1, 0, 0, 0), 1000),
                                            (("a.dist-info/RECORD", "b"), (2024, 5, 6, 7, 8, 10), 0)]):
        with zipfile.ZipFile(tmp_path / f"{i}.whl", "w") as wheel:
            for name in order:
                wheel.writestr(zipfile.ZipInfo(name, date_time=when), name)
        with tarfile.open(tmp_path / f"{i}.tar.gz", "w:gz") as tar:
            for name in order:
                info = tarfile.TarInfo(f"p/{name}")
                info.size, info.mtime, info.uid = len(name), 10**9 * (i + 1), uid
                tar.addfile(info, io.BytesIO(name.encode()))
        normalize_wheel(tmp_path / f"{i}.whl", EPOCH)
        normalize_sdist(tmp_path / f"{i}.tar.gz", EPOCH)
    for suffix in ("whl", "tar.gz"):
        assert (tmp_path / f"0.{suffix}").read_bytes() == (tmp_path / f"1.{suffix}").read_bytes(), suffix
    with zipfile.ZipFile(tmp_path / "0.whl") as wheel:
        assert wheel.namelist() == ["b", "a.dist-info/RECORD"], "RECORD last"
