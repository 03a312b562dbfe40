"""``pokerspec diff --suite OLD``: the cases added, removed and changed since an older suite.

OLD is a released suite version (read from the git tag ``suite-vOLD`` of the repository you
stand in, or the installed suite when it is that version), a released
``pokerspec-cases-VERSION.tar.gz`` or a directory of cases. A case is matched by its ID; it
changed when its JSON differs (the top-level fields that differ are named: ``expect`` or
``steps`` change what an engine must do, ``explanation`` or ``i18n`` only its text). Exit status:
0 nothing changed, 1 something changed, 2 OLD cannot be read.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pokerspec.conformance.cases import VECTORS, case_files
from pokerspec.core.game import Json
from pokerspec.release import extract_cases, is_tarball
from pokerspec.resources import read_case_file, suite_version
from pokerspec.versions import SEMVER, suite_label, suite_record

TAG = "suite-v{}"
"""The git tag a released suite version is read from."""


@dataclass(frozen=True)
class Changes:
    """What differs between two sets of cases, by case ID."""

    old: str
    new: str
    added: dict[str, list[str]]
    """Each added case's rules."""
    removed: dict[str, list[str]]
    changed: dict[str, tuple[list[str], list[str]]]
    """Each changed case's rules and the top-level fields that differ."""

    def to_json(self) -> dict[str, Json]:
        return {"old": self.old, "new": self.new, "added": sorted(self.added),
                "removed": sorted(self.removed),
                "changed": {i: {"rules": list(rules), "fields": list(fields)}
                            for i, (rules, fields) in sorted(self.changed.items())}}


def _cases(folder: Path) -> dict[str, dict[str, Json]]:
    """Every readable case under ``folder`` by its ID (unreadable files are left out)."""
    out: dict[str, dict[str, Json]] = {}
    for path in case_files([folder]):
        try:
            data = json.loads(read_case_file(path))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            out[data["id"]] = data
    return out


def _rules(case: dict[str, Json]) -> list[str]:
    rules = case.get("rules")
    return [str(r) for r in rules] if isinstance(rules, list) else []


def compare(old: Path, new: Path, old_name: str, new_name: str) -> Changes:
    a, b = _cases(old), _cases(new)
    changed = {i: (_rules(b[i]), sorted(k for k in a[i].keys() | b[i].keys() if a[i].get(k) != b[i].get(k)))
               for i in a.keys() & b.keys() if a[i] != b[i]}
    return Changes(old_name, new_name, {i: _rules(b[i]) for i in b.keys() - a.keys()},
                   {i: _rules(a[i]) for i in a.keys() - b.keys()}, changed)


def resolve(old: str, into: Path) -> tuple[Path, str]:
    """The folder of OLD's cases and its name; ``ValueError`` saying what OLD may be."""
    path = Path(old)
    if path.is_dir():
        folder = path
    elif is_tarball(path):
        folder = extract_cases(path)
    elif SEMVER.fullmatch(old):
        record = suite_record()
        if old not in record.released:
            raise ValueError(f"--suite {old}: no such released suite; the released ones are "
                             f"{', '.join(record.released)}")
        if suite_version(case_files([VECTORS])) == record.released[old]:
            return VECTORS, suite_label(record.released[old])
        folder = _from_tag(old, into)
    else:
        raise ValueError(f"--suite {old}: not a directory, a pokerspec-cases-VERSION.tar.gz or a version "
                         "MAJOR.MINOR.PATCH")
    return folder, suite_label(suite_version(case_files([folder])))


def _from_tag(version: str, into: Path) -> Path:
    """The cases of git tag ``suite-vVERSION`` of the repository you stand in."""
    tag = TAG.format(version)
    archive = into / "old.tar"
    with archive.open("wb") as out:
        done = subprocess.run(["git", "archive", "--format=tar", "--prefix=suite/", f"{tag}:conformance",
                               "vectors"], stdout=out, stderr=subprocess.PIPE, check=False)
    if done.returncode:
        raise ValueError(f"--suite {version}: no git tag {tag} here ({done.stderr.decode().strip()}); give "
                         f"the released pokerspec-cases-{version}.tar.gz or a directory of its cases")
    return extract_cases(archive)


def render(changes: Changes) -> str:
    lines = [f"suite {changes.old} -> suite {changes.new}: {len(changes.added)} added, "
             f"{len(changes.removed)} removed, {len(changes.changed)} changed"]
    lines += [f"  added    {i}  {' '.join(r)}" for i, r in sorted(changes.added.items())]
    lines += [f"  removed  {i}  {' '.join(r)}" for i, r in sorted(changes.removed.items())]
    lines += [f"  changed  {i}  {' '.join(r)}  (fields: {', '.join(f)})"
              for i, (r, f) in sorted(changes.changed.items())]
    return "\n".join(lines)


def run(old: str, as_json: bool) -> int:
    """Print what changed since OLD, against the installed suite (``handler`` of ``diff --suite``)."""
    with tempfile.TemporaryDirectory(prefix="pokerspec-suite-") as tmp:
        folder, name = resolve(old, Path(tmp))
        changes = compare(folder, VECTORS, name, suite_label(suite_version(case_files([VECTORS]))))
    print(json.dumps(changes.to_json(), indent=2) if as_json else render(changes))
    return 1 if changes.added or changes.removed or changes.changed else 0
