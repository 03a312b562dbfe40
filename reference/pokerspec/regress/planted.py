"""Planted bugs: the reference with one rule broken (a mutant of ``pokerspec.regress.mutants``),
served as an engine over the protocol, to measure whether a report's first suspect is the broken
rule (docs/engine-authors/running.md, "Suspects").

    python -m pokerspec.regress.planted MUTANT      # serve, e.g. pokerspec conformance run
        --impl "exec:python -m pokerspec.regress.planted archie-two-raises"

``PLANTED`` is the measured set: at least one bug per chapter (core, archie, auction, stud).
"""

from __future__ import annotations

import sys

from pokerspec.conformance import serve
from pokerspec.regress.mutants import MUTANTS, Mutant

PLANTED: tuple[str, ...] = (
    "core-no-kickers",
    "core-low8-nine-qualifies",
    "archie-two-raises",
    "archie-dealer-served-first",
    "archie-dealer-first-after-draw",
    "auction-two-raises",
    "auction-ties-by-seat",
    "auction-first-seat-bets",
    "stud-big-bet-on-fourth",
    "stud-bring-in-may-fold",
    "stud-worst-board-opens",
)
"""Mutant names, each a planted bug whose broken rule the report should suspect first."""


def mutant(name: str) -> Mutant:
    """The mutant ``name`` (``KeyError`` naming the known ones if there is none)."""
    for m in MUTANTS:
        if m.name == name:
            return m
    raise KeyError(f"no mutant {name!r}; known: {', '.join(m.name for m in MUTANTS)}")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m pokerspec.regress.planted MUTANT", file=sys.stderr)
        return 2
    try:
        chosen = mutant(argv[0])
    except KeyError as exc:
        print(f"pokerspec.regress.planted: {exc.args[0]}", file=sys.stderr)
        return 2
    with chosen.patch():
        return serve.main([])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
