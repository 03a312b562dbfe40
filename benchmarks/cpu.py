"""The one-core goals measured in CPU seconds of this process, which other load on the machine
hardly changes (the wall-clock rates of ``run.py`` drop with the load average): fuzz actions per
CPU second for each game (the reference against itself, every check; the actions played, refused
probes left out, with the hands per CPU second beside them) against the goal of ``GOALS``, and
perft nodes per CPU second in process (every position at its deep depth).

    python benchmarks/cpu.py [--rounds N] [--only fuzz|perft] [--quick]

Each rate is the best of ``--rounds``, each round starting with the engines' caches of results
emptied, and the engine under test in the fuzz served nothing the oracle worked out
(``common.Apart``). To compare two versions of the reference on a loaded
machine, run this script under each in turn, alternating, e.g. with
``PYTHONPATH=<other checkout>/reference`` for the other one.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial

from common import Apart, fuzz_apart
from pokerspec.caches import forget_derived
from pokerspec.perft.positions import positions
from pokerspec.perft.tree import ReferenceTree

GAMES = ("archie", "auction", "stud")
HANDS = {"archie": 2000, "auction": 400, "stud": 1000}
"""Hands per fuzz measurement: one to three CPU seconds each."""
SEED = 2026
GOALS = {False: 20_000, True: 30_000}
"""Fuzz actions per CPU second every game must reach: pure Python (False), the mypyc build (True)."""


def compiled() -> bool:
    """Whether the game engines run from the mypyc build (``tasks.py accelerate``)."""
    from pokerspec.stud import engine

    return not engine.__file__.endswith(".py") if engine.__file__ else False


def cpu_seconds(work: Callable[[], int]) -> tuple[int, float]:
    """The count ``work`` returns and the CPU seconds this process spent on it."""
    began = time.process_time()
    count = work()
    return count, time.process_time() - began


def fuzzed(game: str, hands: int, played: list[int]) -> int:
    """Fuzz ``hands`` hands of ``game``; the actions they played are appended to ``played``."""
    engine = Apart()
    fuzz_apart(game, hands, SEED, engine)
    played.append(engine.actions)
    return hands


def walked(deep: bool) -> int:
    return sum(sum(ReferenceTree(p).counts((), p.deep if deep else p.depth).nodes)
               for p in positions().values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3, help="timed runs of each task; the best is kept")
    parser.add_argument("--only", choices=("fuzz", "perft"))
    parser.add_argument("--quick", action="store_true",
                        help="a tenth of the hands; perft to the checked depth")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    for game in GAMES:  # the ranking tables built and the modules imported before any clock starts
        fuzzed(game, 5, [])
    build = "the mypyc build" if compiled() else "pure Python"
    goal = GOALS[compiled()]
    tasks: list[tuple[str, str, Callable[[], int]]] = []
    played: dict[str, list[int]] = {game: [] for game in GAMES}
    if args.only in (None, "fuzz"):
        for game in GAMES:
            hands = HANDS[game] // (10 if args.quick else 1)
            tasks.append((f"fuzz {game}", "hands", partial(fuzzed, game, hands, played[game])))
    if args.only in (None, "perft"):
        depth = "checked" if args.quick else "deep"
        tasks.append((f"perft, {depth} depth", "nodes", partial(walked, not args.quick)))
    for name, unit, work in tasks:
        count, best = 0, float("inf")
        for _ in range(args.rounds):
            forget_derived()  # no round is served the results of the one before
            count, seconds = cpu_seconds(work)
            best = min(best, seconds)
        line = f"{name}: {count:,} {unit} in {best:.2f} CPU s, {count / best:,.0f} {unit} per CPU second"
        game = name.removeprefix("fuzz ")
        if game in played:  # every round plays the same seeded hands, so the same actions
            actions = played[game][-1]
            rate = actions / best
            line = (f"{name}: {actions:,} actions ({count:,} hands) in {best:.2f} CPU s, {rate:,.0f} actions "
                    f"per CPU second ({count / best:,.0f} hands); goal {goal:,} in {build}: "
                    f"{'met' if rate >= goal else 'missed'}")
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
