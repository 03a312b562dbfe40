"""What perft counts and how outcomes are digested (spec/core/09-perft.md).

A position's *counts to depth D* are, for every depth ``d`` from 0 to D, the number of action
sequences of length ``d`` from the position (``core.perft.nodes``) and how many of them end the
hand (``core.perft.ended``), plus the *digest* of the outcomes of the hands that end within D
(``core.perft.digest``): every ending is written as one canonical line, hashed with SHA-256, and
the first eight bytes of each hash are added modulo 2**64 — so the digest of a tree is the sum of
its subtrees' and does not depend on the order of the walk.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from pokerspec.core.game import Json

MASK = (1 << 64) - 1
"""Digests are sums modulo 2**64 (``core.perft.digest``)."""


def ending_line(actions: Iterable[str], net: Sequence[int]) -> str:
    """The canonical line of one ending (``core.perft.digest``): every action since the hand
    started, in play order and canonical form, joined by ``,``; then ``:``; then each seat's net
    result in seat order, joined by ``,``.

    >>> ending_line(["p1 f"], [-1, 1])
    'p1 f:-1,1'
    """
    return ",".join(actions) + ":" + ",".join(str(n) for n in net)


def line_hash(line: str) -> int:
    """The first eight bytes of the line's SHA-256, read as a big-endian number (``core.perft.digest``)."""
    return int.from_bytes(hashlib.sha256(line.encode()).digest()[:8], "big")


def hex_digest(value: int) -> str:
    """A digest as 16 lower-case hex digits."""
    return f"{value & MASK:016x}"


@dataclass(slots=True)
class Counts:
    """Counts of one tree by depth below its root: ``nodes[d]`` sequences of ``d`` actions,
    ``ended[d]`` of them ending the hand, ``sums[d]`` the digest of those endings."""

    nodes: list[int] = field(default_factory=list)
    ended: list[int] = field(default_factory=list)
    sums: list[int] = field(default_factory=list)

    @classmethod
    def empty(cls, depth: int) -> Counts:
        """The counts of a root alone: one sequence of no action (``core.perft.nodes``)."""
        return cls([1] + [0] * depth, [0] * (depth + 1), [0] * (depth + 1))

    @property
    def depth(self) -> int:
        return len(self.nodes) - 1

    def add(self, child: Counts, below: int = 1) -> None:
        """Add a subtree whose root is ``below`` actions under this one (``core.perft.nodes``:
        a tree's counts are the sums of its children's, one depth down)."""
        for d in range(min(len(child.nodes), len(self.nodes) - below)):
            self.nodes[d + below] += child.nodes[d]
            self.ended[d + below] += child.ended[d]
            self.sums[d + below] = (self.sums[d + below] + child.sums[d]) & MASK

    def digest(self, depth: int | None = None) -> str:
        """The digest of every ending within ``depth`` (all of this tree's by default)."""
        last = self.depth if depth is None else depth
        return hex_digest(sum(self.sums[: last + 1]))

    def rows(self) -> list[dict[str, Json]]:
        """One row per depth: nodes, endings and the digest of the endings up to that depth."""
        return [{"depth": d, "nodes": self.nodes[d], "ended": self.ended[d], "digest": self.digest(d)}
                for d in range(len(self.nodes))]

    def truncated(self, depth: int) -> Counts:
        """The counts to ``depth`` (no deeper than these)."""
        return Counts(self.nodes[: depth + 1], self.ended[: depth + 1], self.sums[: depth + 1])

    def same(self, other: Counts) -> bool:
        return self.nodes == other.nodes and self.ended == other.ended and \
            [s & MASK for s in self.sums] == [s & MASK for s in other.sums]

    @classmethod
    def from_rows(cls, rows: Sequence[Mapping[str, Json]]) -> Counts:
        """Counts read back from ``rows`` (the cumulative digests become per-depth sums)."""
        counts = cls.empty(len(rows) - 1)
        before = 0
        for d, row in enumerate(rows):
            counts.nodes[d] = int(str(row["nodes"]))
            counts.ended[d] = int(str(row["ended"]))
            total = int(str(row["digest"]), 16)
            counts.sums[d] = (total - before) & MASK
            before = total
        return counts
