"""Where a fuzzed hand's time goes: ``python benchmarks/fuzz_parts.py [--game G] [--hands N] [--rounds R]``.

The fuzz of the reference against itself (``fuzzing.rates``) timed in parts, in CPU seconds of
this process with the cyclic collector paused, as a campaign's scan runs: the oracle playing each
hand (``Oracle.plan``: listings, choices, probes, observations), the engine under test answering
the same requests through the in-process adapter, and the fuzzer checking every reply
(``Fuzzer._check``). Beside them, the game's own work on the same actions without the protocol
(each hand dealt through ``new_hand``, the actions read beforehand): ``apply`` (its listing
included, for the order of reasons), then with the view each side takes after each action: the
oracle's kept observation (``Game.observed``) and the engine under test's copy (``Game.observe``).
Their sum with the checks bounds the rate from above, whatever the rest costs. Per hand, the best
of ``--rounds``. Timed apart, the three parts of the fuzz add up to
somewhat more than a hand costs in ``cpu.py`` (a tenth to a fifth on this machine): read them as
shares of a hand.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable

from common import Apart
from pokerspec.caches import forget_derived
from pokerspec.collector import paused
from pokerspec.conformance.adapters import PythonEngine
from pokerspec.conformance.protocol import Message, handshake
from pokerspec.conformance.reference_engine import ReferenceEngine, game_module
from pokerspec.core.actions import Action
from pokerspec.fuzz.hands import ACT, Fuzzer, Hand, Step
from pokerspec.profiles import default_profile
from pokerspec.regress.corpus import corpus_hand, random_chooser

SEED = 2026


def best(rounds: int, work: Callable[[], object]) -> float:
    """The fewest CPU seconds of ``rounds`` runs of ``work``, each without the results of the one
    before and after a collection (the rounds before leave garbage, and the collector is paused)."""
    out = float("inf")
    for _ in range(rounds):
        forget_derived()
        gc.collect()
        began = time.process_time()
        work()
        out = min(out, time.process_time() - began)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", default="auction", choices=("archie", "auction", "stud"))
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    if args.hands < 1 or args.rounds < 1:
        parser.error("--hands and --rounds must be at least 1")
    engine = PythonEngine(Apart())
    fuzzer = Fuzzer(engine, args.game, default_profile(args.game).name, handshake(engine))
    setups = [corpus_hand(args.game, fuzzer.profile, SEED, i, fuzzer.limits) for i in range(args.hands)]
    plans: list[list[Step]] = []

    def fuzzed() -> tuple[float, float, float]:
        """Each hand planned, answered and checked in turn, as a scan does: the CPU seconds of each
        part, summed over the hands."""
        clock, spent = time.process_time, [0.0, 0.0, 0.0]
        plans.clear()
        forget_derived()
        gc.collect()
        for setup in setups:
            began = clock()
            choose = random_chooser(random.Random(f"{setup.seed}-choices"))
            probes = random.Random(f"{setup.seed}-probes")
            steps = fuzzer.oracle.plan(Hand(setup.setup, ()), choose, probes, [])
            planned = clock()
            assert steps is not None
            replies = [engine.handle(step.request) for step in steps]
            answered = clock()
            for step, reply in zip(steps, replies, strict=True):
                assert fuzzer._check(step, reply) is None
            spent[0] += planned - began
            spent[1] += answered - planned
            spent[2] += clock() - answered
            plans.append(steps)
        return spent[0], spent[1], spent[2]

    game, reference = game_module(args.game), ReferenceEngine()
    hands: list[tuple[Message, list[Action]]] = []

    def game_only(view: Callable[[object], object] | None) -> None:
        """The fuzzed hands' actions on the game itself, each hand started through the protocol
        (its deal); ``view`` (``observed`` or ``observe``) after each action."""
        for start, actions in hands:
            reference.handle(start)
            state = reference.position
            for action in actions:
                state = game.apply(state, action)
                if view is not None:
                    view(state)

    with paused():
        split = min((fuzzed() for _ in range(args.rounds)), key=sum)
        for plan in plans:  # the actions read outside the clock: the game alone, no protocol
            reference.handle(plan[0].request)
            hands.append((plan[0].request, [reference.parsed(str(step.request["action"]))
                                            for step in plan if step.kind == ACT]))
        alone = [best(args.rounds, lambda: game_only(None)),
                 best(args.rounds, lambda: game_only(game.observed)),
                 best(args.rounds, lambda: game_only(game.observe))]
    parts = [("the oracle's plan", split[0]), ("the engine under test's replies", split[1]),
             ("the fuzzer's checks", split[2]), ("the game alone: apply", alone[0]),
             ("the game alone: apply and observed (the oracle's side: the kept view)", alone[1]),
             ("the game alone: apply and observe (the engine under test's side: a copy)", alone[2])]
    requests = sum(map(len, plans)) / len(plans)
    actions = sum(len(played) for _, played in hands) / len(hands)
    print(f"{args.game}: {args.hands} hands, {requests:.0f} requests and {actions:.0f} actions a hand; "
          f"CPU ms a hand, best of {args.rounds}")
    for name, seconds in parts:
        print(f"  {name}: {1000 * seconds / args.hands:.3f}")
    floor = (alone[1] + alone[2] + split[2]) / args.hands
    print(f"  both sides' game work and the checks alone: {1000 * floor:.3f}, "
          f"so at most {1 / floor:,.0f} hands a CPU second with everything else free")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
