"""The data the package carries: the conformance cases, the JSON Schemas, the golden traces and
the spec's text, reached through ``importlib.resources`` wherever the package is installed.

In the repository they stay where they are (``conformance/vectors``, ``conformance/schema``,
``conformance/golden``, ``spec``); ``reference/pokerspec/data/`` holds links to them, which an
editable install follows and a built wheel carries as plain files. Nothing here looks for files
outside the package.
"""

from __future__ import annotations

import hashlib
import stat
from collections.abc import Iterable
from importlib.resources import files
from pathlib import Path

REPOSITORY_PLACES = {
    "vectors": "conformance/vectors",
    "schema": "conformance/schema",
    "golden": "conformance/golden",
    "spec": "spec",
}
"""Each data folder of the package and where it lives in the repository."""


def data(name: str) -> Path:
    """The package's data folder ``name`` (one of ``REPOSITORY_PLACES``) on the file system."""
    place = files("pokerspec") / "data" / name
    if not isinstance(place, Path):
        raise RuntimeError(f"pokerspec's data must be installed as files (found {place!r} inside an archive)")
    return place


VECTORS = data("vectors")
SCHEMAS = data("schema")
GOLDEN = data("golden")
SPEC = data("spec")


def display(path: Path) -> str:
    """A path as a reader finds it: in a clone, the repository path for the package's own data
    (``conformance/vectors/core/high/core-high-0001.json``); installed from a wheel, the installed
    file, which is where it is; else the path as given."""
    if source_checkout() is None:
        return str(path)
    for name, place in REPOSITORY_PLACES.items():
        try:
            inside = path.relative_to(data(name))
        except ValueError:
            continue
        return f"{place}/{inside.as_posix()}"
    return str(path)


def source_checkout() -> Path | None:
    """The repository whose files the package's data links to (an editable install in a
    clone), or None when the package is installed with its own copy (a wheel)."""
    if not VECTORS.is_symlink():
        return None
    return VECTORS.resolve().parent.parent


MAX_CASE_BYTES = 1 << 20
"""The largest case file read (the suite's largest is about 26 KB)."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of an input file; ``OSError`` if it is not a regular file (a directory, a FIFO —
    never opened, it could block forever — a device, a symlink loop), cannot be read, or is over
    ``limit`` bytes."""
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        kind = "a directory" if stat.S_ISDIR(info.st_mode) else "a FIFO, device or socket"
        raise OSError(f"not a regular file ({kind})")
    if info.st_size > limit:
        raise OSError(f"{info.st_size} bytes, over the {limit}-byte limit")
    with path.open("rb") as source:
        return source.read(limit + 1)


def read_case_file(path: Path) -> bytes:
    """The bytes of a case file (``read_regular`` with ``MAX_CASE_BYTES``)."""
    return read_regular(path, MAX_CASE_BYTES)


def suite_version(paths: Iterable[Path]) -> str:
    """A content hash of case files (12 hex digits): the same cases give the same version
    wherever they are installed, so two runs can be compared."""
    digest = hashlib.sha256()
    contents = []
    for path in paths:
        try:
            contents.append(read_case_file(path))
        except OSError:  # a bad case file, reported as such
            continue
    for content in sorted(contents):
        digest.update(hashlib.sha256(content).digest())
    return digest.hexdigest()[:12]
