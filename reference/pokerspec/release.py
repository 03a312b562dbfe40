"""The released cases: ``pokerspec-cases-VERSION.tar.gz``, the suite an engine's CI can pin
without the package (``python3 tasks.py release`` builds it beside the wheel and the sdist).

The tarball holds one folder, ``pokerspec-cases-VERSION/``, with ``vectors/`` (the cases),
``schema/`` (the JSON Schemas), ``perft/`` (the standard positions and their tables),
``suite.json`` (the suite's versions) and ``manifest.json`` (every case's ID, path, game, rules,
profiles and SHA-256, and the three versions). Its bytes depend on the files and on
``SOURCE_DATE_EPOCH`` alone: members sorted, every time that epoch, owner 0, modes 644/755, the
gzip header without a name or a time. ``extract_cases`` reads such a tarball back for
``conformance run --vectors`` and ``diff --suite``, refusing any member that is not a plain file
or folder inside that one folder.
"""

from __future__ import annotations

import atexit
import gzip
import hashlib
import io
import json
import shutil
import tarfile
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from pokerspec import __version__
from pokerspec.core.game import Json
from pokerspec.resources import MAX_CASE_BYTES, data, suite_version
from pokerspec.versions import protocol_version, suite_record

PARTS = ("vectors", "schema", "perft")
"""The package's data folders the tarball carries, under these names."""
MAX_MEMBERS = 100_000
"""The most members a cases tarball read back may hold."""


def tarball_name(version: str) -> str:
    return f"pokerspec-cases-{version}.tar.gz"


def is_tarball(path: Path) -> bool:
    return path.is_file() and path.name.endswith((".tar.gz", ".tgz"))


def _files() -> Iterator[tuple[str, Path]]:
    """(member path below the top folder, file) of every carried file, sorted."""
    for part in PARTS:
        root = data(part)
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                yield f"{part}/{path.relative_to(root).as_posix()}", path
    yield "suite.json", data("suite.json")


def manifest() -> dict[str, Json]:
    """Every case of the suite (ID, path in the tarball, game, rules, profiles, SHA-256) and the
    versions."""
    root = data("vectors")
    cases: list[Json] = []
    files = sorted(root.rglob("*.json"))
    for path in files:
        content = path.read_bytes()
        case = json.loads(content)
        cases.append({"id": case["id"], "path": f"vectors/{path.relative_to(root).as_posix()}",
                      "game": case["game"], "rules": case["rules"], "profiles": case.get("profiles", []),
                      "sha256": hashlib.sha256(content).hexdigest()})
    digest = suite_version(files)
    return {"pokerspec": __version__, "suite": suite_record().name(digest), "suite_hash": digest,
            "protocol": protocol_version(), "cases": cases}


def _info(name: str, size: int, epoch: int, directory: bool = False) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.uid, info.gid, info.uname, info.gname = size, epoch, 0, 0, "", ""
    info.type, info.mode = (tarfile.DIRTYPE, 0o755) if directory else (tarfile.REGTYPE, 0o644)
    return info


def build_cases_tarball(out: Path, epoch: int) -> Path:
    """Write ``out/pokerspec-cases-VERSION.tar.gz`` (VERSION: the suite's) with every time
    ``epoch``; ``ValueError`` if the cases are not the declared suite version."""
    record = suite_record()
    listing = manifest()
    if listing["suite"] != record.version:
        raise ValueError(f"the cases hash to {listing['suite_hash']}, not to suite {record.version}'s "
                         "recorded hash: give them a new suite version in conformance/suite.json first")
    top = f"pokerspec-cases-{record.version}"
    members: dict[str, bytes] = {name: path.read_bytes() for name, path in _files()}
    members["manifest.json"] = (json.dumps(listing, indent=2, ensure_ascii=False) + "\n").encode()
    folders = {str(p) for name in members for p in PurePosixPath(name).parents if str(p) != "."}
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        tar.addfile(_info(top, 0, epoch, directory=True))
        for name in sorted(folders | set(members)):
            if name in folders:
                tar.addfile(_info(f"{top}/{name}", 0, epoch, directory=True))
            else:
                tar.addfile(_info(f"{top}/{name}", len(members[name]), epoch), io.BytesIO(members[name]))
    out.mkdir(parents=True, exist_ok=True)
    target = out / tarball_name(record.version)
    with target.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                                 compresslevel=9) as packed:
        packed.write(buffer.getvalue())
    return target


def extract_cases(tarball: Path) -> Path:
    """The ``vectors`` folder of a cases tarball, extracted into a temporary folder removed at
    exit; ``ValueError`` naming the member if the tarball holds anything but plain files and
    folders inside its one top folder (an absolute path, ``..``, a link, a device), a case
    over ``MAX_CASE_BYTES`` or more than ``MAX_MEMBERS`` members, or no cases."""
    into = Path(tempfile.mkdtemp(prefix="pokerspec-cases-"))
    atexit.register(shutil.rmtree, into, ignore_errors=True)
    try:
        with tarfile.open(tarball, mode="r:*") as tar:
            found, tops = _extract(tarball, tar, into)
    except (tarfile.TarError, OSError, EOFError, zlib.error) as exc:
        raise ValueError(f"{tarball}: not a readable tarball ({exc})") from None
    if not found:
        raise ValueError(f"{tarball}: no case under {'/'.join([*sorted(tops)[:1], 'vectors'])}/")
    return into


def _extract(tarball: Path, tar: tarfile.TarFile, into: Path) -> tuple[int, set[str]]:
    """``extract_cases``' walk: the number of cases written into ``into`` and the top folders."""
    found = 0
    tops: set[str] = set()
    for count, member in enumerate(tar):
        path = PurePosixPath(member.name)
        if count >= MAX_MEMBERS:
            raise ValueError(f"{tarball}: more than {MAX_MEMBERS} members")
        if path.is_absolute() or ".." in path.parts or not path.parts:
            raise ValueError(f"{tarball}: member {member.name!r} points outside the tarball's folder")
        if not (member.isfile() or member.isdir()):
            raise ValueError(f"{tarball}: member {member.name!r} is not a plain file or folder")
        tops.add(path.parts[0])
        if len(tops) > 1:
            raise ValueError(f"{tarball}: more than one top folder ({', '.join(sorted(tops))})")
        if not member.isfile() or path.parts[1:2] != ("vectors",) or path.suffix != ".json":
            continue
        if member.size > MAX_CASE_BYTES:
            raise ValueError(f"{tarball}: {member.name} is {member.size} bytes, over {MAX_CASE_BYTES}")
        source = tar.extractfile(member)
        assert source is not None  # a regular file
        target = into.joinpath(*path.parts[2:])
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read(MAX_CASE_BYTES + 1))
        found += 1
    return found, tops


def normalize_sdist(path: Path, epoch: int) -> None:
    """Rewrite an sdist with the bytes depending on its files and ``epoch`` alone: members
    sorted, times ``epoch``, owner 0, modes 644/755 (kept executable), gzip without name or time."""
    with tarfile.open(path, mode="r:gz") as tar:
        members = [(m, tar.extractfile(m).read() if m.isfile() else b"")  # type: ignore[union-attr]
                   for m in tar.getmembers()]
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as out:
        for member, content in sorted(members, key=lambda m: m[0].name):
            info = _info(member.name, len(content), epoch, directory=member.isdir())
            if member.isfile() and member.mode & 0o111:
                info.mode = 0o755
            out.addfile(info, io.BytesIO(content) if member.isfile() else None)
    with path.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                               compresslevel=9) as packed:
        packed.write(buffer.getvalue())


def normalize_wheel(path: Path, epoch: int) -> None:
    """Rewrite a wheel with entries sorted (``RECORD`` last, as wheels keep it), every time
    ``epoch`` and modes 644/755; the files' contents, hence ``RECORD``, are unchanged."""
    import time
    import zipfile

    stamp = time.gmtime(max(epoch, 315532800))[:6]  # zip times start in 1980
    with zipfile.ZipFile(path) as wheel:
        entries = [(info.filename, info.external_attr >> 16, wheel.read(info)) for info in wheel.infolist()]
    entries.sort(key=lambda e: (e[0].endswith(".dist-info/RECORD"), e[0]))
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for name, mode, content in entries:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.external_attr = (0o100755 if mode & 0o111 else 0o100644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, content)


def sha256sums(paths: list[Path]) -> str:
    """``SHA256SUMS``: ``HEX  NAME`` per file, sorted by name (``sha256sum -c`` reads it)."""
    return "".join(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}\n"
                   for p in sorted(paths, key=lambda p: p.name))


def main(argv: list[str] | None = None) -> int:
    """``python -m pokerspec.release OUT EPOCH [WHEEL SDIST]``: the cases tarball into OUT, the
    given wheel and sdist normalised, and OUT/SHA256SUMS over all of them (``tasks.py release``)."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (2, 4) or not args[1].isdigit():
        print("usage: python -m pokerspec.release OUT EPOCH [WHEEL SDIST]", file=sys.stderr)
        return 2
    out, epoch = Path(args[0]), int(args[1])
    try:
        built = [build_cases_tarball(out, epoch)]
    except ValueError as exc:
        print(f"pokerspec release: {exc}", file=sys.stderr)
        return 1
    if len(args) == 4:
        wheel, sdist = Path(args[2]), Path(args[3])
        normalize_wheel(wheel, epoch)
        normalize_sdist(sdist, epoch)
        built += [wheel, sdist]
    (out / "SHA256SUMS").write_text(sha256sums(built), encoding="utf-8")
    for path in sorted(built, key=lambda p: p.name):
        print(f"  {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
