"""Ranking-only differential fuzzing (``pokerspec conformance fuzz --ranking RANKING --impl ...``):
many random and near-miss pairs of hands, each ranked by the engine and by the reference, every
disagreement classified, counted and shrunk to its smallest pair (docs/engines/).

A pair is one ``rank`` request with two hands. Half the pairs are random hands; the other half
are near misses, where rules are easiest to get wrong: hands built in a chosen category
(straights and wheels, flushes, full houses, four of a kind with kickers, straight flushes),
each paired with the same hand one card apart (a rank up or down, or another suit), the ace-low
and no-wrap-around straights, paired lows, and lows either side of the eight-or-better line.

A disagreement's class names the first field that differs (``order``, ``categories`` or
``qualifies``), the reference's categories of the two hands and what the engine did instead
(reversed the order, tied, split a tie, named another category), so that one bug is one class
however often it shows. Shrinking removes cards and lowers ranks while the class stays the same.
The expected answer is the reference's (``core.high.*``, ``core.low.*``, ``core.low8.qualifier``,
``core.exposed.partial``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

from rich.console import Console

from pokerspec.cluster import Cluster, ClusterError, session
from pokerspec.conformance.adapters import DEFAULT_TIMEOUT, open_engine
from pokerspec.conformance.grading import difference
from pokerspec.conformance.protocol import (
    Engine,
    EngineFailure,
    Hello,
    Message,
    Pipelined,
    Streaming,
    handshake,
)
from pokerspec.core.cards import Card, format_card, make_card, rank_of, suit_of
from pokerspec.core.exposed import exposed_rank
from pokerspec.core.game import Json
from pokerspec.core.high import category_of, high_rank
from pokerspec.core.low import low_rank, low_rank5, low_value, qualifies_eight

RANKINGS = ("high", "low-a5", "low-8", "exposed")
SIZES = {"high": (5, 6, 7), "low-a5": (5, 6, 7), "low-8": (5,), "exposed": (1, 2, 3, 4, 5)}
"""The hand sizes each ranking is fuzzed with (the reference's low-8 ranks five cards)."""
BATCH = 256
"""Requests sent at once to a pipelined (exec) engine."""
MAX_CLASSES = 50
"""A run reports at most this many distinct classes (the rest are counted)."""
SHRINK_STEPS = 200
KEPT = 64
"""A late line is charged to its pair while its batch is among the last this many asked."""

Pair = tuple[tuple[Card, ...], tuple[Card, ...]]


def cards_json(pair: Pair) -> list[Json]:
    return [[format_card(c) for c in hand] for hand in pair]


def expected(ranking: str, pair: Pair) -> Message:
    """The reference's reply to ranking ``pair``."""
    a, b = pair
    if ranking in ("high", "exposed"):
        keys = [high_rank(a), high_rank(b)] if ranking == "high" else [exposed_rank(a), exposed_rank(b)]
        return {"order": _groups(keys[0], keys[1]), "categories": [category_of(k).label for k in keys]}
    if ranking == "low-a5":
        return {"order": _groups(int(low_rank(a)), int(low_rank(b)))}
    qualifies = [qualifies_eight(a), qualifies_eight(b)]
    lows = [int(low_rank5(h)) for h in pair]
    order = _groups(lows[0], lows[1]) if all(qualifies) else [[i] for i in (0, 1) if qualifies[i]]
    return {"order": order, "qualifies": qualifies}


def _groups(a: int, b: int) -> list[list[int]]:
    return [[0, 1]] if a == b else [[0], [1]] if a > b else [[1], [0]]


def _relation(order: Json) -> str:
    """``first``, ``second`` or ``tie``: which hand an order puts ahead (for two hands)."""
    if not isinstance(order, list) or not order or not isinstance(order[0], list):
        return "unreadable"
    top = sorted(int(i) for i in order[0] if isinstance(i, int))
    return "tie" if top == [0, 1] else "first" if top == [0] else "second" if top == [1] else "unreadable"


def _shape(ranking: str, hand: Sequence[Card], reply: Message, index: int) -> str:
    """How the reference describes one hand in a class: its category, or for lows whether it
    is paired (and for low-8 whether it qualifies)."""
    categories = reply.get("categories")
    if isinstance(categories, list):
        return str(categories[index])
    values = [low_value(c) for c in hand]
    paired = "paired" if len(set(values)) < len(values) and len(hand) == 5 else "unpaired"
    if ranking == "low-8":
        return ("qualifying " if qualifies_eight(hand) else "non-qualifying ") + paired
    return paired


def names_of(ranking: str, pair: Pair, want: Message) -> list[str]:
    return [_shape(ranking, pair[i], want, i) for i in (0, 1)]


def classify(ranking: str, pair: Pair, want: Message, got: Message) -> str | None:
    """The class of a disagreement, or None when the engine agrees with the reference: exactly
    when the run's grader finds no difference (``difference``), so ``run`` and ``fuzz`` agree."""
    diff = difference(want, got, whole=True)
    if diff is None:
        return None
    if "error" in got:
        error = got["error"]
        code = error.get("code") if isinstance(error, dict) else error
        return (
            f"{ranking} error: the engine answers {code!r} to {' and '.join(names_of(ranking, pair, want))}"
        )
    names = names_of(ranking, pair, want)
    if ranking == "low-8":
        want_q, got_q = want["qualifies"], got.get("qualifies")
        if got_q != want_q:
            flips = []
            if isinstance(got_q, list) and isinstance(want_q, list) and len(got_q) == 2:
                flips = [names[i] for i in (0, 1) if got_q[i] != want_q[i]]
            return f"low-8 qualifies: {' and '.join(flips) or 'unreadable'} hand judged the other way"
    relation, verdict = _relation(want["order"]), _relation(got.get("order"))
    if relation != verdict:
        if relation == "second":
            names.reverse()
            verdict = {"first": "second", "second": "first"}.get(verdict, verdict)
            relation = "first"
        if relation == "tie":
            names.sort()
            what = "splits the tie"
        else:
            what = {"second": "ranks the worse hand higher", "tie": "ties them"}.get(
                verdict, "gives no order"
            )
        joiner = "ties" if relation == "tie" else "beats"
        return f"{ranking} order: {names[0]} {joiner} {names[1]}, the engine {what}"
    want_categories, got_categories = want.get("categories"), got.get("categories")
    if (
        isinstance(want_categories, list)
        and isinstance(got_categories, list)
        and want_categories != got_categories
    ):
        i = 0 if len(got_categories) < 1 or got_categories[0] != want_categories[0] else 1
        named = got_categories[i] if i < len(got_categories) else None
        return f"{ranking} categories: a {want_categories[i]} named {named!r}"
    return f"{ranking} reply: {diff}"


# -------------------------------------------------------------------------------------------
# Generating pairs


def _hand(rng: random.Random, size: int, avoid: set[Card], low_bias: bool = False) -> tuple[Card, ...]:
    deck = [Card(c) for c in range(52) if Card(c) not in avoid]
    if low_bias:
        deck = [c for c in deck if low_value(c) <= 9] * 3 + deck
    out: list[Card] = []
    while len(out) < size:
        c = rng.choice(deck)
        if c not in out:
            out.append(c)
    return tuple(out)


def _made(rng: random.Random, category: str, size: int) -> tuple[Card, ...]:
    """A hand of ``size`` cards built to hold ``category`` (filled at random)."""
    suit = rng.randrange(4)
    top = rng.randrange(5, 15)
    ranks: list[int]
    if category in ("straight", "straight-flush"):
        ranks = [14 if r == 1 else r for r in range(top - 4, top + 1)]
        cards = [make_card(r, suit if category == "straight-flush" else rng.randrange(4)) for r in ranks]
    elif category == "flush":
        ranks = rng.sample(range(2, 15), 5)
        cards = [make_card(r, suit) for r in ranks]
    elif category in ("full-house", "four-of-a-kind"):
        big, small = rng.sample(range(2, 15), 2)
        many = 4 if category == "four-of-a-kind" else 3
        cards = [make_card(big, s) for s in rng.sample(range(4), many)]
        cards += [make_card(small, s) for s in rng.sample(range(4), 5 - many)]
    else:  # wrap-around: K-A-2-3-4, Q-K-A-2-3 or J-Q-K-A-2 in mixed suits
        start = rng.choice((11, 12, 13))
        cards = [make_card((r - 2) % 13 + 2, rng.randrange(4)) for r in range(start, start + 5)]
    unique = list(dict.fromkeys(Card(c) for c in cards))[:size]
    return (*unique, *_hand(rng, size - len(unique), set(unique)))


def _near(rng: random.Random, hand: tuple[Card, ...], avoid: set[Card]) -> tuple[Card, ...] | None:
    """``hand`` with one card moved a rank up or down, or to another suit."""
    i = rng.randrange(len(hand))
    rank, suit = int(rank_of(hand[i])), int(suit_of(hand[i]))
    if rng.random() < 0.7:
        rank += rng.choice((-1, 1))
        if not 2 <= rank <= 14:
            return None
    else:
        suit = (suit + rng.randrange(1, 4)) % 4
    moved = make_card(rank, suit)
    if moved in hand or moved in avoid:
        return None
    return (*hand[:i], moved, *hand[i + 1 :])


CATEGORY_MIX = ("straight", "straight", "flush", "full-house", "four-of-a-kind", "straight-flush", "wrap")


def pairs(ranking: str, sizes: Sequence[int], count: int, seed: int) -> Iterator[Pair]:
    """``count`` pairs for ``ranking``, half random and half near misses, from ``seed``."""
    rng = random.Random(f"{ranking}:{seed}")
    low = ranking in ("low-a5", "low-8")
    made = 0
    while made < count:
        size = rng.choice(sizes)
        other = size if ranking in ("low-8", "exposed") else rng.choice(sizes)
        if made % 2 == 0:
            a = _hand(rng, size, set(), low)
            b = _hand(rng, other, set(a), low)
        else:
            if not low and ranking == "high" and rng.random() < 0.5:
                a = _made(rng, rng.choice(CATEGORY_MIX), size)
            else:
                a = _hand(rng, size, set(), low)
            if len(set(a)) != len(a):
                continue
            near = _near(rng, a, set())
            if near is None:
                continue
            b = near
        made += 1
        yield a, b


def deals(count: int, seed: int) -> Iterator[Pair]:
    """``count`` hold'em deals, as a game deals them: two hole cards each on one shared board of
    five, each hand written hole cards first (the libraries that split a hand take the first two
    as the hole)."""
    rng = random.Random(f"deals:{seed}")
    for _ in range(count):
        cards = tuple(Card(c) for c in rng.sample(range(52), 9))
        yield (*cards[:2], *cards[4:]), (*cards[2:4], *cards[4:])


# -------------------------------------------------------------------------------------------
# Running


@dataclass
class Finding:
    """One class of disagreement: how often it showed and its smallest pair."""

    name: str
    count: int
    pair: Pair
    expected: Message
    actual: Message

    def to_json(self) -> dict[str, Json]:
        return {
            "class": self.name,
            "count": self.count,
            "hands": cards_json(self.pair),
            "expected": dict(self.expected),
            "actual": dict(self.actual),
        }


@dataclass
class RankingRun:
    ranking: str
    sizes: tuple[int, ...]
    dealt: bool = False
    """The pairs are hold'em deals (``deals``), not generated hands."""
    pairs: int = 0
    disagreements: int = 0
    seconds: float = 0.0
    findings: dict[str, Finding] = field(default_factory=dict)
    unlisted: int = 0
    """Disagreements of classes beyond ``MAX_CLASSES``."""

    def to_json(self) -> dict[str, Json]:
        return {
            "ranking": self.ranking,
            "sizes": list(self.sizes),
            "dealt": self.dealt,
            "pairs": self.pairs,
            "disagreements": self.disagreements,
            "seconds": round(self.seconds, 2),
            "unlisted": self.unlisted,
            "findings": [f.to_json() for f in sorted(self.findings.values(), key=lambda f: -f.count)],
        }


Ask = Callable[[Sequence[Message]], list[Message]]


def failed(exc: EngineFailure) -> Message:
    """The reply that stands for a failure: an error ``engine_failure`` naming what happened."""
    return {"error": {"code": "engine_failure", "message": f"{exc.kind}: {str(exc)[:200]}"}}


def asker(engine: Engine, sent: dict[int, Sequence[Message]] | None = None) -> Ask:
    """Send requests (all at once to a pipelined engine) and return the replies in order. When
    the engine fails on a request (a crash, a hang, garbage), that request's reply is an error
    ``engine_failure`` naming what happened — a class of its own — and the rest are sent on (an
    exec engine is restarted). A second reply to a request already answered (matched by its
    echoed ``id``, protocol 1.1) is that request's failure, and the request that was due is
    asked again; a line with an id nobody asked for is the failure of the request due where it
    shows up (the last one when the batch was all answered). ``sent`` (if given) records the
    requests of each ticket of a streaming engine, for the late lines its ``finish`` returns."""

    def ask(requests: Sequence[Message]) -> list[Message]:
        replies: list[Message] = []
        while len(replies) < len(requests):
            rest = requests[len(replies) :]
            if isinstance(engine, Pipelined):
                if isinstance(engine, Streaming) and sent is not None:
                    ticket = engine.submit(rest)
                    sent[ticket] = rest
                    got, failure = engine.collect(ticket)
                else:
                    got, failure = engine.handle_all(rest)
                replies += got
                if failure is None:
                    continue
                if failure.request is not None and failure.request < len(got):
                    replies[len(replies) - len(got) + failure.request] = failed(failure)
                elif len(replies) < len(requests):
                    replies.append(failed(failure))
                else:
                    replies[-1] = failed(failure)
                continue
            try:
                replies.append(engine.handle(rest[0]))
            except EngineFailure as exc:
                replies.append(failed(exc))
        return replies

    return ask


def request(ranking: str, pair: Pair) -> Message:
    return {"op": "rank", "ranking": ranking, "hands": cards_json(pair)}


def supported_sizes(ask: Ask, ranking: str) -> tuple[int, ...]:
    """The hand sizes the engine ranks (it answers ``unsupported`` to the others)."""
    out = []
    for size in SIZES[ranking]:
        probe = (tuple(Card(c) for c in range(0, 4 * size, 4)), tuple(Card(c) for c in range(1, 4 * size, 4)))
        reply = ask([request(ranking, probe)])[0]
        error = reply.get("error")
        if not (isinstance(error, dict) and error.get("code") == "unsupported"):
            out.append(size)
    return tuple(out)


def shrink(ranking: str, pair: Pair, name: str, ask: Ask, sizes: Sequence[int],
           reply: Message) -> tuple[Pair, Message]:
    """The smallest pair found with the same class: fewer cards, then lower ranks. ``reply`` is
    the engine's answer that showed the class; a class the pair does not show again when asked
    once more (a crash that comes and goes) is kept as found, unshrunk."""
    best, best_reply = pair, reply
    if classify(ranking, pair, expected(ranking, pair), ask([request(ranking, pair)])[0]) != name:
        return best, best_reply
    steps = 0
    improved = True
    while improved and steps < SHRINK_STEPS:
        improved = False
        for candidate in _smaller(ranking, best, sizes):
            steps += 1
            reply = ask([request(ranking, candidate)])[0]
            if classify(ranking, candidate, expected(ranking, candidate), reply) == name:
                best, best_reply, improved = candidate, reply, True
                break
            if steps >= SHRINK_STEPS:
                break
    return best, best_reply


def _smaller(ranking: str, pair: Pair, sizes: Sequence[int]) -> Iterator[Pair]:
    a, b = pair
    equal = ranking in ("low-8", "exposed")
    if equal:
        if len(a) - 1 in sizes:
            for i in range(len(a)):
                for j in range(len(b)):
                    yield (*a[:i], *a[i + 1 :]), (*b[:j], *b[j + 1 :])
    else:
        for which in (0, 1):
            hand = pair[which]
            if len(hand) - 1 in sizes:
                for i in range(len(hand)):
                    smaller = (*hand[:i], *hand[i + 1 :])
                    yield (smaller, b) if which == 0 else (a, smaller)
    used = set(a) | set(b)
    for which in (0, 1):
        hand = pair[which]
        for i, card in enumerate(hand):
            lower = make_card(rank_of(card) - 1, suit_of(card)) if rank_of(card) > 2 else None
            if lower is not None and lower not in used:
                changed = (*hand[:i], lower, *hand[i + 1 :])
                yield (changed, b) if which == 0 else (a, changed)


def fuzz_ranking(
    engine: Engine,
    hello: Hello,
    ranking: str,
    count: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    dealt: bool = False,
) -> RankingRun:
    """Rank ``count`` pairs on the engine and on the reference; classify and shrink every
    disagreement (each class is shrunk once, from its first pair). ``dealt``: the pairs are
    hold'em deals of the ``high`` ranking (none when the engine does not rank seven cards). A
    streaming engine is stopped at the end (``finish``): a second reply that came after its
    batch was graded turns its pair into an ``engine_failure`` (the next ranking restarts it)."""
    sent: dict[int, Sequence[Message]] = {}
    ask = asker(engine, sent)
    began = time.perf_counter()
    sizes = supported_sizes(ask, ranking)
    run = RankingRun(ranking, (7,) if dealt and 7 in sizes else () if dealt else sizes, dealt)
    if not run.sizes:
        return run
    generated = deals(count, seed) if dealt else pairs(ranking, run.sizes, count, seed)
    agreed: dict[int, Pair] = {}
    """The pairs a streaming engine agreed on, by their request in ``sent`` (a late line may
    still charge one)."""
    while True:
        chunk = [p for _, p in zip(range(BATCH), generated, strict=False)]
        if not chunk:
            break
        requests = [request(ranking, p) for p in chunk]
        replies = ask(requests)
        for pair, asked, reply in zip(chunk, requests, replies, strict=True):
            name = classify(ranking, pair, expected(ranking, pair), reply)
            run.pairs += 1
            if name is None and isinstance(engine, Streaming):
                agreed[id(asked)] = pair
            elif name is not None:
                _count(run, name, pair, reply, ask)
        newest = max(sent, default=0)
        for old in [t for t in sent if t < newest - KEPT]:  # a request stays alive while its id is a key
            for forgotten in sent.pop(old):
                agreed.pop(id(forgotten), None)
        if progress is not None:
            progress(len(chunk))
    if isinstance(engine, Streaming):  # a late second reply: its pair's failure, as the runner does
        for ticket, failure in engine.finish():
            batch = sent.get(ticket, ())
            at = len(batch) - 1 if failure.request is None else failure.request
            late = agreed.pop(id(batch[at]), None) if 0 <= at < len(batch) else None
            name = None if late is None else classify(ranking, late, expected(ranking, late), failed(failure))
            if late is not None and name is not None:
                _count(run, name, late, failed(failure), None)
    run.seconds = time.perf_counter() - began
    return run


def _count(run: RankingRun, name: str, pair: Pair, reply: Message, ask: Ask | None) -> None:
    """Count a disagreement of class ``name``; the first of a class is shrunk (when ``ask``)."""
    run.disagreements += 1
    if name in run.findings:
        run.findings[name].count += 1
    elif len(run.findings) < MAX_CLASSES:
        small, small_reply = (pair, reply) if ask is None else shrink(run.ranking, pair, name, ask, run.sizes,
                                                                      reply)
        run.findings[name] = Finding(name, 1, small, expected(run.ranking, small), small_reply)
    else:
        run.unlisted += 1


def offered(hello: Hello) -> list[str]:
    """The fuzzable rankings an engine offers, in ``RANKINGS`` order."""
    return [r for r in RANKINGS if f"ranking:{r}" in hello.capabilities]


# -------------------------------------------------------------------------------------------
# Command line: a mode of ``pokerspec conformance fuzz``


def add_mode(fuzz_parser: argparse.ArgumentParser) -> None:
    """Give ``pokerspec conformance fuzz`` its ranking-only mode: ``--ranking RANKING`` (or
    ``all``) with ``--pairs``; without ``--ranking`` the whole-hand fuzzer runs as before."""
    fuzz_parser.add_argument(
        "--ranking",
        choices=[*RANKINGS, "all"],
        help="ranking-only mode: rank random and near-miss pairs of hands instead of "
        "playing hands (no --game needed)",
    )
    fuzz_parser.add_argument(
        "--pairs", type=int, default=10_000, help="pairs per ranking in ranking-only mode (default 10000)"
    )
    whole_hands: Callable[[argparse.Namespace], int] = fuzz_parser.get_default("handler")

    def dispatch(args: argparse.Namespace) -> int:
        if args.ranking is None:
            return whole_hands(args)
        if not args.impl:
            fuzz_parser.error("--ranking needs --impl")
        return handle(args)

    fuzz_parser.set_defaults(handler=dispatch)


def ranking_task(impl: str, timeout: float, pairs: int, seed: int, ranking: str) -> RankingRun:
    """A task on a cluster worker (``--cluster``): one ranking fuzzed on an engine of its own."""
    engine = open_engine(impl, timeout)
    try:
        return fuzz_ranking(engine, handshake(engine), ranking, pairs, seed)
    finally:
        engine.close()


def handle(args: argparse.Namespace) -> int:
    """Exit 0 when the engine agreed on every pair, 1 when it disagreed, 2 when it cannot run;
    with ``--cluster``, each ranking is a task on the cluster."""
    console = Console(highlight=False, soft_wrap=True)
    if args.pairs < 1:
        console.print("[red]--pairs must be at least 1[/]")
        return 2
    if args.cluster is None:
        return _handle(args, console, None)
    try:
        with session(args.cluster, console, "pairs", args.quiet) as cluster:
            return _handle(args, console, cluster)
    except ClusterError as exc:
        console.print(f"pokerspec conformance fuzz: {exc}", markup=False)
        return 2


def _handle(args: argparse.Namespace, console: Console, cluster: Cluster | None) -> int:
    timeout = getattr(args, "timeout", DEFAULT_TIMEOUT)
    try:
        engine = open_engine(args.impl, timeout)
    except (ValueError, ImportError, OSError) as exc:
        console.print("[red]cannot open engine:[/] ", end="")
        console.print(str(exc), markup=False)
        return 2
    try:
        hello = handshake(engine)
        rankings = offered(hello) if args.ranking == "all" else [args.ranking]
        missing = [r for r in rankings if f"ranking:{r}" not in hello.capabilities]
        if missing or not rankings:
            console.print(
                f"{hello.name} does not offer ranking {', '.join(missing) or 'of any kind'}", markup=False
            )
            return 2
        if cluster is None:
            runs = [fuzz_ranking(engine, hello, r, args.pairs, args.seed) for r in rankings]
        else:
            task = partial(ranking_task, args.impl, timeout, args.pairs, args.seed)
            done = dict(cluster.run(task, rankings, label="rank", unit="pairs", units=lambda run: run.pairs,
                                    console=None if args.quiet else console))
            runs = [done[r] for r in rankings]
    except ClusterError as exc:
        console.print(f"pokerspec conformance fuzz: {exc}", markup=False)
        return 2
    except EngineFailure as exc:
        console.print(f"engine failure ({exc.kind}): {exc}\n{exc.stderr_tail}".strip(), markup=False)
        return 2
    finally:
        engine.close()
    for run in runs:
        console.print(summary_line(hello, run), markup=False)
        for f in sorted(run.findings.values(), key=lambda f: -f.count):
            console.print(f"  {f.count:>7}  {f.name}", markup=False)
            console.print(
                f"           smallest: {cards_json(f.pair)} expected {dict(f.expected)} got {dict(f.actual)}",
                markup=False,
            )
    return 1 if any(r.disagreements for r in runs) else 0


def summary_line(hello: Hello, run: RankingRun) -> str:
    return (
        f"{hello.name} {hello.version} {run.ranking}: {run.pairs} pairs (sizes "
        f"{', '.join(map(str, run.sizes))}), {run.disagreements} disagreements in "
        f"{len(run.findings)} classes, {run.seconds:.1f} s"
    )
