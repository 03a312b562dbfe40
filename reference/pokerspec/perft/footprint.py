"""A rule change's footprint on the whole tree, for ``pokerspec diff``: how each standard
position's perft counts change between two profiles (each position of the game walked under both)
or between two revisions (their published tables, ``core.perft.tables``)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from pokerspec.core.game import Json
from pokerspec.perft.counts import Counts
from pokerspec.perft.positions import positions
from pokerspec.perft.tree import ReferenceTree
from pokerspec.profiles import get_profile

TABLES_PATH = "conformance/perft/tables.json"


@dataclass(frozen=True, slots=True)
class Footprint:
    """One position on both sides: its counts (None where the side cannot play it), the depth
    compared, and the first depth at which the two differ (None when they agree)."""

    position: str
    depth: int
    a: Counts | None
    b: Counts | None

    @property
    def first(self) -> int | None:
        if self.a is None or self.b is None:
            return None if self.a is self.b else 0
        for d in range(self.depth + 1):
            if self.a.nodes[d] != self.b.nodes[d] or self.a.ended[d] != self.b.ended[d] or \
                    self.a.digest(d) != self.b.digest(d):
                return d
        return None

    def describe(self) -> str:
        def side(c: Counts | None) -> str:
            return "cannot be played" if c is None else \
                f"{c.nodes[self.depth]:,} nodes, {sum(c.ended):,} ended, {c.digest()}"
        return f"{self.position} (depth {self.depth}): {side(self.a)} -> {side(self.b)}, first differs at " \
               f"depth {self.first}"

    def to_json(self) -> dict[str, Json]:
        return {"position": self.position, "depth": self.depth, "first_difference": self.first,
                "a": None if self.a is None else self.a.rows()[-1],
                "b": None if self.b is None else self.b.rows()[-1]}


def _walk(name: str, profile: str, depth: int) -> Counts | None:
    position = replace(positions()[name], profile=profile)
    try:
        return ReferenceTree(position).counts((), depth)
    except ValueError:
        return None


def between_profiles(profile_a: str, profile_b: str) -> list[Footprint]:
    """Every standard position of the profiles' game walked at its checked depth under each."""
    game = get_profile(profile_a).game
    return [Footprint(name, p.depth, _walk(name, profile_a, p.depth), _walk(name, profile_b, p.depth))
            for name, p in positions().items() if p.game == game]


def _tables(text: str) -> dict[str, Counts]:
    raw = json.loads(text)
    return {name: Counts.from_rows(entry["rows"]) for name, entry in raw["positions"].items()}


def read_side(rev: str | None, directory: str | None, repo: Path) -> dict[str, Counts]:
    """A revision's (``git show``) or a directory's published tables; none if it has no tables."""
    try:
        if rev:
            text = subprocess.run(["git", "show", f"{rev}:{TABLES_PATH}"], cwd=repo, check=True,
                                  capture_output=True, text=True).stdout
        else:
            text = (Path(directory) if directory else repo).joinpath(TABLES_PATH).read_text(encoding="utf-8")
    except (subprocess.CalledProcessError, OSError):
        return {}
    return _tables(text)


def between_tables(a: Mapping[str, Counts], b: Mapping[str, Counts]) -> list[Footprint]:
    """Each position published on either side, compared over the rows both have."""
    out = []
    for name in sorted(a.keys() | b.keys()):
        ca, cb = a.get(name), b.get(name)
        depth = min(c.depth for c in (ca, cb) if c is not None)
        out.append(Footprint(name, depth, None if ca is None else ca.truncated(depth),
                             None if cb is None else cb.truncated(depth)))
    return out


def section(footprints: list[Footprint]) -> list[str]:
    """The report's perft section: the positions whose counts change, and how many do not."""
    changed = [f for f in footprints if f.first is not None]
    lines = [f"Perft footprint: {len(changed)} of {len(footprints)} standard positions change"]
    lines += [f"  {f.describe()}" for f in changed]
    return lines
