"""The test command of the mutation run (docs/maintainers/mutation.md).

It grades the reference engine, in this process, on every conformance case under every profile
the case lists, exactly as ``pokerspec conformance run`` does (the same plan, the same grading),
with three differences that only save time: the case files are read without validating them
against the schema (``python3 tasks.py mutation`` runs the real command once first, so they are
known to be valid); the run stops at the first required case that fails; and the evaluation
tables of ``pokerspec.core.fast``, which would otherwise be rebuilt in every run, are loaded from
a file made by ``--prime``, named after a hash of every source they are built from, so that a
mutant of those sources never sees them and rebuilds its own.

It imports ``pokerspec`` from the ``reference/`` folder of the tree it lives in, so that each
copy of the repository tests its own, mutated, source. Its exit status cannot be mistaken:
cosmic-ray counts every non-zero status as a killed mutant, but only a failing case is a kill.

* 0: every required case passed (the mutant survived);
* 1: a required case failed or errored (the cases killed the mutant); the line
  ``mutation: killed by <case> [<profile>]`` names the first one;
* 3: the run could not be made: the package would not even import, or the engine refused the
  handshake. That is not a kill by a case; the line starting ``mutation: not run`` marks it and
  ``session.py report`` lists such mutants apart.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".mutation-cache"
TABLE_SOURCES = ("cards.py", "types.py", "high.py", "low.py", "fast.py")
"""Every module the tables of ``pokerspec.core.fast`` are computed from."""
TABLES = ("_HIGH", "_LOW", "_FLUSH_HIGH")
NOT_RUN = "mutation: not run"
KILLED = "mutation: killed by"


def tables_file() -> Path:
    digest = hashlib.sha256()
    for name in TABLE_SOURCES:
        digest.update((ROOT / "reference" / "pokerspec" / "core" / name).read_bytes())
    return CACHE / f"tables-{digest.hexdigest()[:16]}.pickle"


def load_tables(prime: bool) -> None:
    """Fill the tables from the file for these exact sources; with ``prime``, write it first."""
    from pokerspec.core import fast, high, low

    path = tables_file()
    if prime and not path.exists():
        fast.build_high(high.high_rank5)
        fast.build_low(low.low_rank5)
        CACHE.mkdir(exist_ok=True)
        path.write_bytes(pickle.dumps({name: getattr(fast, name) for name in TABLES}))
    if path.exists():
        for name, table in pickle.loads(path.read_bytes()).items():
            getattr(fast, name).update(table)


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT / "reference"))
    try:
        from pokerspec.conformance.adapters import open_engine
        from pokerspec.conformance.cases import VECTORS, Case, case_files
        from pokerspec.conformance.grading import Verdict, grade
        from pokerspec.conformance.protocol import handshake
        from pokerspec.conformance.runner import Selection, plan, unsupported
    except BaseException:  # a mutant that breaks the import of the package
        print(NOT_RUN, "(import failed)")
        traceback.print_exc(file=sys.stdout)
        return 3
    try:
        load_tables("--prime" in argv)
    except BaseException:
        print(NOT_RUN, "(the evaluation tables could not be built)")
        traceback.print_exc(file=sys.stdout)
        return 3
    cases = [Case(path, json.loads(path.read_text(encoding="utf-8"))) for path in case_files([VECTORS])]
    engine = open_engine("reference")
    try:
        hello = handshake(engine)
    except Exception:
        # The reference ranks one hand in its reply to ``start`` to build its tables early; a
        # mutant that breaks the ranking breaks the handshake. Whether that is a kill is for
        # the cases to say: answer ``start`` without the warm-up and grade them all the same.
        from pokerspec.conformance import reference_engine

        names = vars(reference_engine)
        saved = {name: names[name] for name in ("high_rank", "parse_cards")}
        names.update(high_rank=lambda _cards: 0, parse_cards=lambda _text: ())
        try:
            hello = handshake(engine)
        except Exception:
            print(NOT_RUN, "(the engine refused the handshake)")
            traceback.print_exc(file=sys.stdout)
            return 3
        finally:
            names.update(saved)
        print("mutation: the engine's warm-up ranking failed at start; the cases decide")
    for item in plan(cases, Selection()):
        if unsupported(item, hello) is not None or not item.case.required:
            continue
        result = grade(item.case, engine, item.profile)
        if result.verdict in (Verdict.FAIL, Verdict.ERROR):
            print(KILLED, item.case.id, f"[{item.profile}]" if item.profile else "", "-", result.message)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
