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
* 1: the cases killed the mutant, and the first line starting ``mutation:`` says how: ``killed
  by <case> [<profile>]`` (a required case failed or errored), ``killed at start`` (the engine
  refused ``start``: ``pokerspec conformance run`` then grades no case and fails, so every case
  is lost) or ``timeout at start`` (``start`` got no reply within ``START_TIMEOUT`` seconds: a
  hung engine, which the runner's ``--timeout`` turns into an error verdict). A whole run over
  cosmic-ray's own ``timeout`` is recorded by it as killed with the output ``timeout``; the
  report counts both timeouts as kills and shows them apart;
* 3: the run could not be made: the package would not even import, or the evaluation tables
  could not be built. That is not a kill by a case; the line starting ``mutation: not run``
  marks it and ``session.py report`` lists such mutants apart.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import signal
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
KILLED_AT_START = "mutation: killed at start"
TIMEOUT_AT_START = "mutation: timeout at start"
START_TIMEOUT = 20
"""Seconds ``start`` may take: the unmutated reference answers in about one (it builds its
ranking tables first), a loaded machine may take a few."""


class StartTimeout(BaseException):
    """``start`` got no reply within ``START_TIMEOUT`` seconds (a ``BaseException``, so that the
    engine's own error handling cannot turn it into an error reply)."""


def _hung(_signum: int, _frame: object) -> None:
    raise StartTimeout


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
    signal.signal(signal.SIGALRM, _hung)
    signal.alarm(START_TIMEOUT)
    try:
        hello = handshake(engine)
    except StartTimeout:
        print(TIMEOUT_AT_START, f"(no reply to start within {START_TIMEOUT} s)")
        return 1
    except Exception:
        print(KILLED_AT_START, "(the engine refused the handshake, so no case can pass)")
        traceback.print_exc(file=sys.stdout)
        return 1
    finally:
        signal.alarm(0)
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
