"""The three versions a run names (CHANGELOG.md lists what each release changed):

- the package, ``pokerspec.__version__`` (semantic: the kit's commands and code);
- the suite, declared in ``conformance/suite.json`` (shipped as ``pokerspec/data/suite.json``)
  with the content hash of the cases of every released suite version: a rule change that
  changes an expected value is a new minor version at least, a new case a new minor, a reworded
  explanation a patch; a run whose cases hash to no released version names the hash alone;
- the protocol, ``PROTOCOL_VERSION.PROTOCOL_MINOR`` (a change that breaks engines is a new major).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pokerspec import __version__
from pokerspec.resources import data, suite_version

SEMVER = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)")
"""A release's version: MAJOR.MINOR.PATCH, no leading zeros."""


@dataclass(frozen=True)
class SuiteRecord:
    """``suite.json``: the suite's current version and each released version's content hash."""

    version: str
    released: dict[str, str]

    def name(self, content: str) -> str | None:
        """The released suite version whose cases hash to ``content``, or None."""
        return next((v for v, h in self.released.items() if h == content), None)


def read_record(path: Path) -> SuiteRecord:
    """The suite record at ``path``; ``ValueError`` naming what is wrong."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or not isinstance(raw.get("released"), dict):
        raise ValueError(f"{path}: expected {{\"version\": ..., \"released\": {{version: hash}}}}")
    version, released = raw.get("version"), raw["released"]
    for v in [version, *released]:
        if not isinstance(v, str) or not SEMVER.fullmatch(v):
            raise ValueError(f"{path}: {v!r} is not a semantic version MAJOR.MINOR.PATCH")
    if not all(isinstance(h, str) and re.fullmatch(r"[0-9a-f]{12}", h) for h in released.values()):
        raise ValueError(f"{path}: every released hash is 12 hex digits (pokerspec.resources.suite_version)")
    assert isinstance(version, str)
    return SuiteRecord(version, {str(k): str(h) for k, h in released.items()})


@cache
def suite_record() -> SuiteRecord:
    """The installed package's suite record."""
    return read_record(data("suite.json"))


def protocol_version() -> str:
    """The protocol the runner speaks, ``MAJOR.MINOR``."""
    from pokerspec.conformance.protocol import PROTOCOL_MINOR, PROTOCOL_VERSION

    return f"{PROTOCOL_VERSION}.{PROTOCOL_MINOR}"


def suite_label(content: str) -> str:
    """``1.0.0 (hash)`` for a released suite's cases, ``hash (not a released suite)`` otherwise
    (own cases added with ``--vectors``, or edited cases)."""
    name = suite_record().name(content)
    return f"{name} ({content})" if name else f"{content} (not a released suite)"


def version_text() -> str:
    """``pokerspec X, suite V (hash), N cases, protocol M.m``: the package's own three versions."""
    from pokerspec.conformance.cases import VECTORS, case_files

    files = list(case_files([VECTORS]))
    return (f"pokerspec {__version__}, suite {suite_label(suite_version(files))}, {len(files)} cases, "
            f"protocol {protocol_version()}")
