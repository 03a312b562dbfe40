"""Rule changes to show and test the regression tools with, and the maintainer page's samples.

Each change is made in a scratch copy of the checkout (its code, cases, schema and spec) by
redefining, at the end of one module, what that module defines: it reads today's values and
never assumes them (``max_bid + 1``, not ``4``), so the examples survive the change they show.
``docs/maintainers/regression.md`` shows output of ``pokerspec diff`` and ``pokerspec where``
between ``<!-- sample: NAME -->`` and the end of the fenced block that follows; ``python -m
pokerspec.regress.examples --write`` regenerates those blocks, and
``conformance/suites/regress/test_regress_examples.py`` fails when one has drifted.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shutil
import sys
import tempfile
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

PAGE = Path("docs/maintainers/regression.md")


@dataclass(frozen=True, slots=True)
class RuleChange:
    """A rule change as code appended to one module of ``reference/pokerspec``."""

    name: str
    module: str
    code: str


CHANGES = {change.name: change for change in (
    RuleChange("one-more-bid", "auction/profiles.py", """
        from dataclasses import replace as _replace

        from pokerspec.core.types import Chips as _Chips


        def _one_more_bid(rules: AuctionRules) -> AuctionRules:
            wider = _replace(rules, reserve=_Chips(10**6), max_bid=_Chips(rules.max_bid + 1))
            need = wider.ante + wider.auctions * wider.max_bid + wider.cap
            return _replace(wider, reserve=_Chips(max(rules.reserve, need)))


        PROFILES = tuple(_replace(p, rules=_one_more_bid(p.rules)) for p in PROFILES)
        """),
    RuleChange("odd-chip-lowest-seat", "stud/showdown.py", '''
        _shown_order = _odd_chip_priority


        def _odd_chip_priority(winners: list[Seat], own: Mapping[Seat, Sequence[Card]],
                               rules: StudRules) -> list[Seat]:
            """The lowest tied seat first (``stud.showdown.odd-chip``)."""
            return sorted(_shown_order(winners, own, rules))
        '''),
    RuleChange("qualifier-one-higher", "archie/profiles.py", """
        from dataclasses import replace as _replace

        PROFILES = tuple(_replace(p, rules=_replace(p.rules, high_pair=Rank(p.rules.high_pair + 1)))
                         if p.name == "archie-barge" else p for p in PROFILES)
        """),
)}


def scratch(root: Path, into: Path, change: RuleChange | None = None) -> Path:
    """A copy of ``root``'s code, cases, schema and spec in ``into``, with ``change`` made."""
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    shutil.copytree(root / "reference", into / "reference", ignore=ignore)
    for folder in ("vectors", "schema"):
        shutil.copytree(root / "conformance" / folder, into / "conformance" / folder)
    shutil.copytree(root / "spec", into / "spec")
    if change is not None:
        make(change, into)
    return into


def make(change: RuleChange, tree: Path) -> None:
    """Make ``change`` in the checkout ``tree``."""
    with (tree / "reference" / "pokerspec" / change.module).open("a", encoding="utf-8") as out:
        out.write("\n\n" + textwrap.dedent(change.code))


@dataclass(frozen=True, slots=True)
class Sample:
    """One sample block: the command (``{B}`` is the scratch copy with ``change`` made), and the
    pieces of its output shown: each a pattern its first line matches and how many lines."""

    name: str
    argv: tuple[str, ...]
    pieces: tuple[tuple[str, int], ...]
    change: str | None = None


SAMPLES = (
    Sample("diff-profiles", ("diff", "archie-barge", "archie-pagat", "--hands", "50"),
           ((r"^pokerspec diff", 1), (r"^  case archie-profiles-0001 ", 5))),
    Sample("diff-during-the-hand", ("diff", "stud-fl-training", "stud-last-aggressor", "--hands", "50"),
           ((r"^  case .*: step \d+ differs", 4),)),
    Sample("diff-one-more-bid", ("diff", "auction-seed", "--dir-b", "{B}", "--hands", "50"),
           ((r"^pokerspec diff", 9), (r"^auction\.setup\.reserve", 4), (r"^A's", 3)), "one-more-bid"),
    Sample("diff-odd-chip", ("diff", "stud-fl-training", "--dir-b", "{B}", "--hands", "50"),
           ((r"^pokerspec diff", 8),), "odd-chip-lowest-seat"),
)


def output(root: Path, sample: Sample) -> str:
    """The sample's block: the pieces of the command's output, ``...`` between and after them."""
    from pokerspec.cli import main

    with tempfile.TemporaryDirectory(prefix="pokerspec-example-") as tmp:
        tree = scratch(root, Path(tmp) / "b", CHANGES[sample.change]) if sample.change else None
        argv = [str(tree) if a == "{B}" and tree else a for a in sample.argv]
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            main(argv)
        text = buffer.getvalue()
        if tree is not None:
            text = text.replace(str(tree), "../changed")
    lines = text.splitlines()
    shown: list[str] = []
    for pattern, count in sample.pieces:
        start = next((i for i, line in enumerate(lines) if re.search(pattern, line)), None)
        if start is None:
            raise ValueError(f"sample {sample.name}: no line of `pokerspec {' '.join(sample.argv)}` "
                             f"matches {pattern!r}")
        shown += [*lines[start:start + count], "  ..."]
    return "\n".join(line.rstrip() for line in [f"$ {command(sample)}", *shown])


def command(sample: Sample) -> str:
    """The command as the page writes it above the block."""
    return "pokerspec " + " ".join("../changed" if a == "{B}" else a for a in sample.argv)


def blocks(page: str) -> dict[str, tuple[int, int]]:
    """Each sample's block in the page: the offsets of its text between the fences."""
    found: dict[str, tuple[int, int]] = {}
    for marker in re.finditer(r"<!-- sample: ([\w-]+) -->\n```text\n", page):
        end = page.index("\n```", marker.end() - 1)
        found[marker.group(1)] = (marker.end(), end)
    return found


def rewrite(root: Path, page: str, samples: Sequence[Sample] = SAMPLES) -> str:
    """The page with every sample block regenerated."""
    places = blocks(page)
    missing = [s.name for s in samples if s.name not in places]
    if missing:
        raise ValueError(f"{PAGE}: no `<!-- sample: NAME -->` block for {', '.join(missing)}")
    for sample in sorted(samples, key=lambda s: places[s.name][0], reverse=True):
        start, end = places[sample.name]
        page = page[:start] + output(root, sample) + page[end:]
    return page


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pokerspec.regress.examples", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help=f"rewrite the sample blocks of {PAGE}")
    args = parser.parse_args(argv)
    from pokerspec.resources import source_checkout

    root = source_checkout()
    if root is None:
        print("the samples are generated in a source checkout", file=sys.stderr)
        return 2
    page = (root / PAGE).read_text(encoding="utf-8")
    try:
        new = rewrite(root, page)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.write:
        (root / PAGE).write_text(new, encoding="utf-8")
        return 0
    if new != page:
        print(f"{PAGE}: a sample block has drifted; run python -m pokerspec.regress.examples --write",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
