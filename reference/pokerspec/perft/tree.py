"""Walking a position's tree: on the reference in process, or on any engine through the protocol
(spec/core/09-perft.md, docs/engine-authors/perft.md).

Both walks count the same way (``core.perft.children``, ``core.perft.nodes``, ``core.perft.ended``,
``core.perft.digest``) and answer the same two questions about any node below a position — what
is listed there (``node``) and the counts of its subtree (``counts``) — so ``divide`` can compare
an engine with the reference node by node. ``counts(position, prefix, depth)`` is also the seam
for spreading a walk over processes: a subtree's counts depend on nothing else.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Protocol, cast

from pokerspec.conformance.protocol import Engine, EngineFailure, Hello, Message, Pipelined
from pokerspec.conformance.reference_engine import ReferenceEngine, game_module
from pokerspec.core.actions import DRAW, MAX_DISCARD, Action, format_action
from pokerspec.core.cards import Card, parse_cards
from pokerspec.core.game import Json, Outcome
from pokerspec.core.types import Seat, parse_seat, seat_name
from pokerspec.perft.counts import MASK, Counts, ending_line, line_hash
from pokerspec.perft.invariants import end_problems, node_problems
from pokerspec.perft.positions import Position

OUTCOME: Message = {"op": "outcome"}
POP: Message = {"op": "pop"}
MAX_PROBLEMS = 20
"""Invariant breaches kept per walk (the first ones, each with its sequence)."""


@dataclass(frozen=True, slots=True)
class Node:
    """What an engine shows at one node: who is to act, the actions as listed (a draw as
    ``pN sd *``), the children they stand for (``core.perft.children``), and the net result by
    seat once the hand is over (else None)."""

    to_act: tuple[str, ...]
    listed: tuple[str, ...]
    children: tuple[str, ...]
    net: tuple[int, ...] | None
    outcome: Mapping[str, Json] | None = None


@dataclass(frozen=True, slots=True)
class Problem:
    """An invariant broken at the node reached by ``sequence`` (``core.perft.invariants``)."""

    sequence: tuple[str, ...]
    message: str

    def __str__(self) -> str:
        return f"after [{', '.join(self.sequence)}]: {self.message}"


class Tree(Protocol):
    """A position's tree as one engine sees it."""

    position: Position
    problems: list[Problem]

    def node(self, prefix: Sequence[str]) -> Node: ...

    def counts(self, prefix: Sequence[str], depth: int) -> Counts: ...


def discard_sets(held: Iterable[Card]) -> Iterator[tuple[Card, ...]]:
    """Every discard one ``pN sd *`` stands for (``core.perft.children``): each set of 0 to 5 of
    the seat's cards, its cards in card order (rank, then clubs, diamonds, hearts, spades)."""
    cards = sorted(held)
    for size in range(min(MAX_DISCARD, len(cards)) + 1):
        yield from combinations(cards, size)


def _carried(position: Position) -> int:
    carry = position.setup.get("carry", 0)
    return carry if isinstance(carry, int) else 0


def _chips(setup: Mapping[str, Json]) -> int:
    stacks = setup.get("stacks")
    carry = setup.get("carry", 0)
    total = sum(int(s) for s in stacks if isinstance(s, int)) if isinstance(stacks, list) else 0
    return total + (carry if isinstance(carry, int) else 0)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a walk in process, and resume it after (if it
    was on). A walk makes and drops millions of immutable states, which reference counting frees
    at once; the collector, run every few hundred allocations, finds next to nothing among them
    and costs about a tenth of the walk. The few cycles made meanwhile are collected once it resumes."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class ReferenceTree:
    """The reference's tree, walked on its immutable states directly (no protocol): each child
    is ``apply`` of the parent's state. ``check`` also tests the invariants at every node."""

    def __init__(self, position: Position, check: bool = False) -> None:
        self.position = position
        self.check = check
        self.problems: list[Problem] = []
        self._engine = ReferenceEngine()
        self._game = game_module(position.game)
        reply = self._engine.handle({"op": "new_hand", "game": position.game, "profile": position.profile,
                                     "setup": dict(position.setup)})
        if "error" in reply:
            raise ValueError(f"position {position.name}: the reference refuses its setup: {reply['error']}")
        self._root = self._engine.position
        self._chips = _chips(position.setup)
        self._texts: dict[int, tuple[Action, str]] = {}
        self._written: dict[int, tuple[Outcome, str]] = {}
        self._root = self._at(position.actions, self._root, ())

    def _at(self, prefix: Sequence[str], state: object, before: tuple[str, ...]) -> object:
        for text in prefix:
            self._engine.restore(state)
            error = self._engine.play(self._engine.parsed(text))
            if error is not None:
                raise ValueError(f"position {self.position.name}: {', '.join((*before, text))} is not "
                                 f"legal on the reference ({error.reason.value}: {error})")
            state = self._engine.position
            before = (*before, text)
        return state

    def _state(self, prefix: Sequence[str]) -> object:
        return self._at(prefix, self._root, self.position.actions)

    def _text(self, action: Action) -> str:
        known = self._texts.get(id(action))
        if known is None or known[0] is not action:
            if len(self._texts) > 4096:
                self._texts.clear()
            known = (action, format_action(action))
            self._texts[id(action)] = known
        return known[1]

    def _children(self, state: object, actions: Sequence[Action]) -> Iterable[Action]:
        """The children of ``state`` whose listing is ``actions``: the listing itself unless it
        holds a draw (``pN sd *``), which stands for every discard (``discard_sets``)."""
        if not any(a.cards is None and a.verb is DRAW for a in actions):
            return actions
        return self._expanded(state, actions)

    def _expanded(self, state: object, actions: Sequence[Action]) -> Iterator[Action]:
        for action in actions:
            if action.verb is DRAW and action.cards is None:
                held = cast(Mapping[str, list[str]], self._game.observe(state)["hands"])
                for chosen in discard_sets(parse_cards(held[seat_name(action.seat)])):
                    yield Action(action.seat, DRAW, cards=chosen)
            else:
                yield action

    def node(self, prefix: Sequence[str]) -> Node:
        state = self._state(prefix)
        legal = self._game.legal(state)
        outcome = self._game.outcome(state)
        return Node(tuple(seat_name(s) for s in legal.to_act), tuple(map(self._text, legal.actions)),
                    tuple(map(self._text, self._children(state, legal.actions))),
                    None if outcome is None else outcome.net,
                    None if outcome is None else outcome.to_json())

    def counts(self, prefix: Sequence[str], depth: int) -> Counts:
        counts = Counts.empty(depth)
        with _collector_paused():
            self._walk(self._state(prefix), [*self.position.actions, *prefix], 0, depth, counts)
        return counts

    def _walk(self, state: object, history: list[str], level: int, depth: int, counts: Counts) -> None:
        """Count ``state`` and its subtree. A leaf at the last depth asks only for the outcome (a
        live state answers None at once): most nodes are leaves, and a listing costs more."""
        game = self._game
        outcome = game.outcome(state)
        if self.check:
            legal = game.legal(state)
            self._check(state, legal.to_act, legal.actions, history)
        if outcome is not None:
            self._ended(history, outcome, level, counts)
            return
        if level == depth:
            return
        legal = game.legal(state)
        if not legal.actions:
            raise ValueError(f"the reference lists nothing after {history} but the hand is live")
        apply, text, nodes = game.apply, self._text, counts.nodes
        below = level + 1
        if below == depth and not self.check:
            self._leaves(state, legal.actions, history, below, counts)
            return
        for action in self._children(state, legal.actions):
            nodes[below] += 1
            history.append(text(action))
            self._walk(apply(state, action), history, below, depth, counts)
            history.pop()

    def _leaves(self, state: object, actions: Sequence[Action], history: list[str], level: int,
                counts: Counts) -> None:
        """``_walk`` of each child of ``state`` at the last depth, in one loop: a leaf is counted,
        and written out only if it ends the hand (most nodes are leaves, most leaves do not end)."""
        apply, outcome_of = self._game.apply, self._game.outcome
        leaves = 0
        for action in self._children(state, actions):
            leaves += 1
            outcome = outcome_of(apply(state, action))
            if outcome is not None:
                history.append(self._text(action))
                self._ended(history, outcome, level, counts)
                history.pop()
        counts.nodes[level] += leaves

    def _nets(self, outcome: Outcome) -> str:
        """The net results of ``outcome`` as written at the end of an ending's line."""
        known = self._written.get(id(outcome))
        if known is None or known[0] is not outcome:
            if len(self._written) > 4096:
                self._written.clear()
            known = (outcome, ending_line((), outcome.net))
            self._written[id(outcome)] = known
        return known[1]

    def _ended(self, history: list[str], outcome: Outcome, level: int, counts: Counts) -> None:
        """Add the ending reached by ``history`` to the counts (``core.perft.ended``,
        ``core.perft.digest``). The engines share the outcomes of hands that end alike, so each
        outcome's nets are written once (``_nets``)."""
        counts.ended[level] += 1
        counts.sums[level] = (counts.sums[level] + line_hash(",".join(history) + self._nets(outcome))) & MASK

    def _check(self, state: object, to_act: Sequence[Seat], actions: Sequence[Action],
               history: list[str]) -> None:
        observation = self._game.observe(state)
        found = node_problems([seat_name(s) for s in to_act], [self._text(a) for a in actions],
                              observation, self._chips)
        outcome = self._game.outcome(state)
        if outcome is not None:
            put = {seat_name(Seat(s)): c for s, c in enumerate(outcome.contributed)}
            found += end_problems(outcome.to_json(), put, _carried(self.position))
        for message in found:
            if len(self.problems) < MAX_PROBLEMS:
                self.problems.append(Problem(tuple(history), message))


class EngineTree:
    """An engine's tree, walked through the protocol. With the capability ``branch`` each child
    is ``push``, ``act``, its listing, ``pop``; without it each node is reached by replaying its
    actions from ``new_hand``. A node's children at the last depth go in one batch (one round
    trip through a pipe). ``check`` reads ``snapshot`` instead of ``legal`` (when the engine has
    it) and tests the invariants at every node."""

    def __init__(self, engine: Engine, hello: Hello, position: Position, branch: bool | None = None,
                 check: bool = False) -> None:
        self.position = position
        self.problems: list[Problem] = []
        self.engine = engine
        self.branch = "branch" in hello.capabilities if branch is None else branch
        self.check = check and "snapshot" in hello.capabilities
        self._look: Message = {"op": "snapshot" if self.check else "legal"}
        self._chips = _chips(position.setup)
        self._pending: list[Message] = []
        self._start: Message = {"op": "new_hand", "game": position.game, "profile": position.profile,
                                "setup": dict(position.setup)}
        self.messages = 0
        """Requests sent so far (the benchmark's measure of protocol cost)."""
        self._pipelined = engine if isinstance(engine, Pipelined) else None
        """The engine when it takes a batch at once (checked once: a protocol check is slow)."""

    def _send(self, messages: list[Message]) -> list[Message]:
        batch = self._pending + messages
        self._pending = []
        self.messages += len(batch)
        if self._pipelined is not None:
            replies, failure = self._pipelined.handle_all(batch)
            if failure is not None:
                raise failure
        else:
            replies = [self.engine.handle(m) for m in batch]
        for message, reply in zip(batch, replies, strict=True):
            if message["op"] in ("new_hand", "act", "push", "pop") and reply.get("ok") is not True:
                raise EngineFailure("perft", f"{message['op']} {message.get('action', '')} was answered "
                                    f"{reply!r:.300}")
        return replies[len(batch) - len(messages):]

    def _enter(self, path: Sequence[str], child: str) -> list[Message]:
        if self.branch:
            return [{"op": "push"}, {"op": "act", "action": child}]
        return [self._start, *(self._act(a) for a in (*path, child))]

    def _goto(self, path: Sequence[str]) -> None:
        self._send([self._start, *(self._act(a) for a in path)])

    @staticmethod
    def _act(action: str) -> Message:
        return {"op": "act", "action": action}

    def _read(self, listing: Message, outcome: Message, history: Sequence[str], expand: bool = True) -> Node:
        to_act = listing.get("to_act")
        actions = listing.get("actions")
        result = outcome.get("outcome")
        if not isinstance(to_act, list) or not isinstance(actions, list):
            raise EngineFailure("perft", f"after {list(history)}: the listing is not to_act and actions: "
                                f"{listing!r:.300}")
        listed = tuple(str(a) for a in actions)
        net: tuple[int, ...] | None = None
        if isinstance(result, dict):
            by_seat = result.get("net")
            if not isinstance(by_seat, dict):
                raise EngineFailure("perft", f"after {list(history)}: an outcome without net: "
                                    f"{result!r:.300}")
            net = tuple(int(cast(int, by_seat[f"p{i + 1}"])) for i in range(len(by_seat)))
        if self.check:
            observation = listing.get("observation")
            seen = observation if isinstance(observation, dict) else {}
            found = node_problems([str(s) for s in to_act], listed, seen, self._chips)
            if isinstance(result, dict):
                received = cast(dict[str, int], result.get("received", {}))
                put = {s: received.get(s, 0) - cast(dict[str, int], result.get("net", {})).get(s, 0)
                       for s in received}
                found += end_problems(result, put, _carried(self.position))
            for message in found:
                if len(self.problems) < MAX_PROBLEMS:
                    self.problems.append(Problem(tuple(history), message))
        children = listed
        if expand and any(a.endswith(" sd *") for a in listed):
            children = self._expand(listed, history)
        return Node(tuple(str(s) for s in to_act), listed, children, net,
                    cast(dict[str, Json], result) if isinstance(result, dict) else None)

    def _expand(self, listed: Sequence[str], history: Sequence[str]) -> tuple[str, ...]:
        """Each ``pN sd *`` as every discard it stands for, from the seat's cards as observed."""
        reply = self._send([{"op": "observe"}])[0]
        observation = reply.get("observation")
        hands = observation.get("hands") if isinstance(observation, dict) else None
        if not isinstance(hands, dict):
            raise EngineFailure("perft", f"after {list(history)}: a draw is listed but observe reports "
                                "no hands (perft needs observe:hands to walk draws)")
        out: list[str] = []
        for text in listed:
            seat = text.split()[0]
            if text.endswith(" sd *"):
                held = parse_cards([str(c) for c in cast(list[str], hands.get(seat, []))])
                out += [format_action(Action(parse_seat(seat), DRAW, cards=chosen))
                        for chosen in discard_sets(held)]
            else:
                out.append(text)
        return tuple(out)

    def node(self, prefix: Sequence[str]) -> Node:
        path = (*self.position.actions, *prefix)
        self._goto(path)
        listing, outcome = self._send([self._look, {"op": "outcome"}])
        return self._read(listing, outcome, path)

    def counts(self, prefix: Sequence[str], depth: int) -> Counts:
        counts = Counts.empty(depth)
        root = self.node(prefix)
        self._walk(root, [*self.position.actions, *prefix], 0, depth, counts)
        return counts

    def _walk(self, node: Node, history: list[str], level: int, depth: int, counts: Counts) -> None:
        """Count ``node`` (the engine stands at it) and its subtree: all its children's listings
        come back in one batch; the way into each live child (``push``, ``act``) and back
        (``pop``) ride with the next batch sent, so each inner node costs one round trip."""
        if node.net is not None or not node.listed:
            if node.net is None:
                raise EngineFailure("perft", f"after {history}: nothing is listed but there is no outcome")
            counts.ended[level] += 1
            counts.sums[level] = (counts.sums[level] + line_hash(ending_line(history, node.net))) & MASK
            return
        if level == depth:
            return
        below = level + 1
        counts.nodes[below] += len(node.children)
        look = self._look
        batch: list[Message] = []
        for child in node.children:
            batch += [*self._enter(history, child), look, OUTCOME]
            if self.branch:
                batch.append(POP)
        replies = self._send(batch)
        step = len(batch) // len(node.children)
        last = below == depth
        for i, child in enumerate(node.children):
            at = (i + 1) * step - (3 if self.branch else 2)
            history.append(child)
            kid = self._read(replies[at], replies[at + 1], history, expand=False)
            if last or kid.net is not None or not kid.listed:
                self._walk(kid, history, below, depth, counts)
            else:
                drawing = any(a.endswith(" sd *") for a in kid.listed)
                if self.branch or drawing:
                    self._pending += self._enter(history[:-1], child)
                if drawing:
                    kid = replace(kid, children=self._expand(kid.listed, history))
                self._walk(kid, history, below, depth, counts)
                if self.branch:
                    self._pending.append(POP)
            history.pop()


Subtree = tuple[str, str, tuple[str, ...], int, bool]
"""One subtree of a walk, by value: the engine (an ``--impl``), the position's name, the actions
from the position to the subtree's root, the depth below it, and whether to branch."""


def subtree_counts(key: Subtree) -> Counts:
    """The counts of one subtree on a fresh engine: what ``pokerspec perft --cluster`` hands each
    worker (the counts of a tree are the sums of its subtrees', ``core.perft.nodes``)."""
    from pokerspec.conformance.adapters import open_engine
    from pokerspec.conformance.protocol import handshake
    from pokerspec.perft.positions import positions

    impl, name, prefix, depth, branch = key
    engine = open_engine(impl)
    try:
        hello = handshake(engine)
        return EngineTree(engine, hello, positions()[name], branch=branch).counts(prefix, depth)
    finally:
        engine.close()
