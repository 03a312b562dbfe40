"""Walking a position's tree: on the reference in process, or on any engine through the protocol
(spec/core/09-perft.md, docs/engine-authors/perft.md).

Both walks count the same way (``core.perft.children``, ``core.perft.nodes``, ``core.perft.ended``,
``core.perft.digest``) and answer the same two questions about any node below a position — what
is listed there (``node``) and the counts of its subtree (``counts``) — so ``divide`` can compare
an engine with the reference node by node. ``counts(position, prefix, depth)`` is also the seam
for spreading a walk over processes: a subtree's counts depend on nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Protocol, cast

from pokerspec.collector import paused
from pokerspec.conformance.grading import difference
from pokerspec.conformance.protocol import Engine, EngineFailure, Hello, Message, Pipelined, Streaming
from pokerspec.conformance.reference_engine import ReferenceEngine, game_module
from pokerspec.core.actions import DRAW, MAX_DISCARD, Action, format_action
from pokerspec.core.cards import Card, parse_cards
from pokerspec.core.game import Json, Outcome
from pokerspec.core.types import Seat, parse_seat, seat_name
from pokerspec.perft.counts import MASK, Counts, ending_line, line_hash
from pokerspec.perft.invariants import end_problems, node_problems
from pokerspec.perft.positions import Position, PositionError

OUTCOME: Message = {"op": "outcome"}
OBSERVE: Message = {"op": "observe"}
PUSH: Message = {"op": "push"}
POP: Message = {"op": "pop"}
MOVES = frozenset({"new_hand", "act", "push", "pop"})
"""The ops answered ``ok: true`` when they succeed."""
BATCH = 2048
"""About how many requests of a walk go in one batch (one round trip through a pipe)."""
MAX_PROBLEMS = 20
"""Invariant breaches kept per walk (the first ones in the walk's order, each with its sequence)."""


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


class Mismatch(Exception):
    """The first node a judged walk meets where the engine shows something else than the
    reference (``core.perft.divide``): its actions from the position, what differs (``legal`` for
    the listing or who is to act, ``outcome`` for the award), both nodes and where they differ."""

    def __init__(self, prefix: tuple[str, ...], what: str, ours: Node, theirs: Node, detail: str) -> None:
        super().__init__(prefix, what, ours, theirs, detail)
        self.prefix, self.what, self.ours, self.theirs, self.detail = prefix, what, ours, theirs, detail

    def __str__(self) -> str:
        return f"after [{', '.join(self.prefix)}]: {self.detail}"


OUTCOME_KEYS = ("received", "net", "pots", "carry")
"""The outcome keys every engine reports; any other key of the reference's outcome is judged
when the engine reports it too (a game's details), as the fuzzer judges outcomes."""


def mismatch(ours: Node, theirs: Node, prefix: tuple[str, ...]) -> Mismatch | None:
    """How the engine's node ``theirs`` differs from the reference's ``ours`` (None: it does not),
    judged as ``run`` judges a listing and an outcome (``grading.difference``: types count, seat
    maps are whole)."""
    if sorted(ours.children) != sorted(theirs.children) or sorted(ours.to_act) != sorted(theirs.to_act):
        return Mismatch(prefix, "legal", ours, theirs, f"the engine lists {sorted(theirs.children)} with "
                        f"{list(theirs.to_act)} to act, the reference {sorted(ours.children)} with "
                        f"{list(ours.to_act)}"[:600])
    if (ours.outcome is None) != (theirs.outcome is None):
        said = "the hand is over" if theirs.outcome is not None else "the hand goes on"
        return Mismatch(prefix, "outcome", ours, theirs, f"the engine says {said}, the reference does not")
    if ours.outcome is not None and theirs.outcome is not None:
        theirs_keys = set(theirs.outcome)
        want = {k: v for k, v in ours.outcome.items() if k in OUTCOME_KEYS or k in theirs_keys}
        diff = difference(want, dict(theirs.outcome), whole=True)
        if diff is not None:
            return Mismatch(prefix, "outcome", ours, theirs, f"outcome {diff}")
    return None


Place = tuple[int, ...]
"""A node by the index of each child taken from the root of a walk (``Node.children`` order):
ordered as tuples, places are in the order a depth-first walk meets the nodes (a node, then the
whole subtree of its first child, then of the second ...)."""


class Breaches:
    """The first ``room`` invariant breaches of a walk in depth-first order (``Place``), whatever
    order they were found in: the batched walk through the protocol opens many nodes at once,
    so the first breach listed is the first a reader meets, not the first a batch brought. At most
    twice ``room`` are held at once."""

    def __init__(self, room: int) -> None:
        self.room = room
        self._held: list[tuple[Place, int, Problem]] = []

    def add(self, place: Place, history: Sequence[str], messages: Sequence[str]) -> None:
        """The breaches ``messages`` at the node ``place``, reached by ``history``."""
        for i, message in enumerate(messages):
            self._held.append((place, i, Problem(tuple(history), message)))
        if len(self._held) > 2 * self.room:
            self._keep()

    def first(self) -> list[Problem]:
        self._keep()
        return [problem for _, _, problem in self._held]

    def _keep(self) -> None:
        self._held.sort(key=lambda held: (held[0], held[1]))
        del self._held[self.room:]


class Tree(Protocol):
    """A position's tree as one engine sees it; ``problems``, the invariant breaches its walks
    found (with ``check``), are in depth-first order (``Place``)."""

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


class PositionRefused(PositionError):
    """A standard position the rules no longer allow: its setup is refused or one of its actions
    is illegal (after a rule change, until the position is updated with the case it copies)."""

    def __init__(self, position: Position, what: str) -> None:
        source = position.title.split("From the case ", 1)[-1].split(" ", 1)[0] \
            if "From the case " in position.title else ""
        copy = f", a copy of case {source}'s setup and actions" if source else ""
        file = f"conformance/perft/positions/{position.name}.json"
        super().__init__(f"position {position.name} ({file}{copy}): {what}; update the position to the "
                         "rules (with its case), then run pokerspec perft --update again")


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
            error = reply["error"]
            why = f"{error.get('code')}: {error.get('message')}" if isinstance(error, dict) else str(error)
            raise PositionRefused(position, f"the rules refuse its setup ({why})")
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
                raise PositionRefused(self.position, f"{', '.join((*before, text))} is not legal on the "
                                      f"reference ({error.reason.value}: {error})")
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
                held = cast(Mapping[str, list[str]], self._game.observed(state)["hands"])
                for chosen in discard_sets(parse_cards(held[seat_name(action.seat)])):
                    yield Action(action.seat, DRAW, cards=chosen)
            else:
                yield action

    def node(self, prefix: Sequence[str]) -> Node:
        return self.shown(self._state(prefix))

    def state(self, prefix: Sequence[str]) -> object:
        """The reference's state at ``prefix`` below the position."""
        return self._state(prefix)

    def child(self, state: object, text: str) -> object:
        """The state after the action ``text`` (one the reference lists at ``state``)."""
        return self._game.apply(state, self._engine.parsed(text))

    def shown(self, state: object) -> Node:
        """What the reference shows at ``state``."""
        legal = self._game.legal(state)
        outcome = self._game.outcome(state)
        return Node(tuple(seat_name(s) for s in legal.to_act), tuple(map(self._text, legal.actions)),
                    tuple(map(self._text, self._children(state, legal.actions))),
                    None if outcome is None else outcome.net,
                    None if outcome is None else outcome.to_json())

    def counts(self, prefix: Sequence[str], depth: int) -> Counts:
        counts = Counts.empty(depth)
        with paused():
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
        observation = self._game.observed(state)
        found = node_problems([seat_name(s) for s in to_act], [self._text(a) for a in actions],
                              observation, self._chips)
        outcome = self._game.outcome(state)
        if outcome is not None:
            put = {seat_name(Seat(s)): c for s, c in enumerate(outcome.contributed)}
            found += end_problems(outcome.to_json(), put, _carried(self.position))
        for message in found:
            if len(self.problems) < MAX_PROBLEMS:
                self.problems.append(Problem(tuple(history), message))


class Refused(EngineFailure):
    """The engine refused an action perft sent it, one the reference lists there: ``index`` is
    the refused request's place in its batch, ``reason`` the engine's rejection reason."""

    def __init__(self, index: int, action: str, reply: Message) -> None:
        rejected = reply.get("rejected")
        error = reply.get("error")
        code = error.get("code") if isinstance(error, dict) else None
        self.reason = str(rejected if rejected is not None else code if code is not None else "no reason")
        super().__init__("perft", f"act {action} was answered {reply!r:.300}")
        self.index = index
        self.action = action


def _act(action: str) -> Message:
    return {"op": "act", "action": action}


def _draws(node: Node) -> bool:
    """Whether ``node`` lists a draw not yet expanded into its discards."""
    return any(a.endswith(" sd *") for a in node.children)


@dataclass(slots=True)
class _Open:
    """A live node of a walk whose children are still to be looked at: its actions from the
    walk's root and its ``Place``, its level, what it lists, and whether a draw there awaits the
    seat's cards."""

    path: tuple[str, ...]
    place: Place
    level: int
    node: Node
    draws: bool = False
    ref: object = None
    """The reference's state at this node, in a judged walk."""


class EngineTree:
    """An engine's tree, walked through the protocol. Each child is looked at with ``probe``
    (capability ``probe``), or with ``push``, ``act``, its listing, ``pop`` (capability
    ``branch``), or by replaying its actions from ``new_hand``. The walk keeps a stack of live
    nodes still to be opened and sends the children of as many of them as fit in ``BATCH``
    requests in one batch, the way from one node to the next (``pop``, ``push``, ``act``)
    between them: one round trip through a pipe serves many nodes, and the engine answers while
    the runner reads. ``check`` reads ``snapshot`` instead of ``legal`` (when the engine has it;
    it does not ``probe`` then) and tests the invariants at every node."""

    def __init__(self, engine: Engine, hello: Hello, position: Position, branch: bool | None = None,
                 check: bool = False, probe: bool | None = None, judge: ReferenceTree | None = None,
                 go_on: bool = False) -> None:
        self.position = position
        self.judge = judge
        """The reference to compare every node with as the walk meets it (``Mismatch`` at the
        first that differs)."""
        self.go_on = go_on
        """Walk on past a node that differs, keeping the first (``first``)."""
        self.first: Mismatch | None = None
        self.problems: list[Problem] = []
        self.engine = engine
        self.branch = "branch" in hello.capabilities if branch is None else branch
        self.check = check and "snapshot" in hello.capabilities
        self.probe = ("probe" in hello.capabilities if probe is None else probe) and not self.check
        self._look: Message = {"op": "snapshot" if self.check else "legal"}
        self._chips = _chips(position.setup)
        stacks = position.setup.get("stacks")
        self._seats = tuple(seat_name(Seat(i)) for i in range(len(stacks) if isinstance(stacks, list) else 0))
        self._start: Message = {"op": "new_hand", "game": position.game, "profile": position.profile,
                                "setup": dict(position.setup)}
        self._here: tuple[str, ...] = ()
        """Where the engine stands (branching), as actions from the root of the walk."""
        self._found = Breaches(MAX_PROBLEMS)
        """The breaches of the walk under way, put in ``problems`` in order when it ends."""
        self.messages = 0
        """Requests sent so far (the benchmark's measure of protocol cost)."""
        self.batches = 0
        """Batches sent so far (round trips through a pipe)."""
        self._pipelined = engine if isinstance(engine, Pipelined) else None
        """The engine when it takes a batch at once (checked once: a protocol check is slow)."""
        self._streaming = engine if isinstance(engine, Streaming) else None
        """The engine when it can tell a late reply to a batch already read (the exec adapter)."""

    @property
    def how(self) -> str:
        """How children are looked at: ``probe``, ``branch`` (push and pop), both, or ``replay``."""
        used = [name for name, on in (("branch", self.branch), ("probe", self.probe)) if on]
        return " and ".join(used) if used else "replay"

    def _send(self, batch: list[Message]) -> list[Message]:
        self.messages += len(batch)
        self.batches += 1
        if self._pipelined is not None:
            replies, failure = self._pipelined.handle_all(batch)
            if failure is not None:
                raise failure
            for _, late in self._streaming.late() if self._streaming is not None else ():
                raise late
        else:
            replies = [self.engine.handle(m) for m in batch]
        for index, (message, reply) in enumerate(zip(batch, replies, strict=True)):
            if reply.get("ok") is not True and message["op"] == "act":
                raise Refused(index, str(message.get("action", "")), reply)
            if reply.get("ok") is not True and message["op"] in MOVES:
                raise EngineFailure("perft", f"{message['op']} {message.get('action', '')} was answered "
                                    f"{reply!r:.300}")
        return replies

    def _goto(self, path: Sequence[str]) -> list[Message]:
        return [self._start, *(_act(a) for a in path)]

    def _read(self, listing: Message, outcome: Message, history: Sequence[str], place: Place = ()) -> Node:
        """The node a listing (``legal``, ``snapshot`` or ``probe``) and an outcome describe,
        each ``pN sd *`` still unexpanded; with ``check``, its invariants tested (the node is at
        ``place`` in the walk under way)."""
        to_act = listing.get("to_act")
        actions = listing.get("actions")
        result = outcome.get("outcome")
        if not isinstance(to_act, list) or not isinstance(actions, list):
            raise EngineFailure("perft", f"after {list(history)}: the listing is not to_act and actions: "
                                f"{listing!r:.300}")
        if not all(type(a) is str for a in (*to_act, *actions)):
            raise EngineFailure("perft", f"after {list(history)}: to_act and actions must list strings: "
                                f"{listing!r:.300}")
        listed = tuple(actions)
        net = None if not isinstance(result, dict) else self._net(result, history)
        if self.check:
            observation = listing.get("observation")
            seen = observation if isinstance(observation, dict) else {}
            found = node_problems([str(s) for s in to_act], listed, seen, self._chips)
            if isinstance(result, dict):
                received = cast(dict[str, int], result.get("received", {}))
                put = {s: received.get(s, 0) - cast(dict[str, int], result.get("net", {})).get(s, 0)
                       for s in received}
                found += end_problems(result, put, _carried(self.position))
            self._found.add(place, history, found)
        return Node(tuple(to_act), listed, listed, net,
                    cast(dict[str, Json], result) if isinstance(result, dict) else None)

    def _net(self, outcome: Mapping[str, Json], history: Sequence[str]) -> tuple[int, ...]:
        """The net results of an outcome by seat, typed as ``run`` judges an outcome: a whole
        number written as one (not ``"-2"``, ``-2.0`` or ``true``) for every seat of the hand and
        no other (``core.contract.outcome``); whether they are right (they add up to the chips
        carried in less those carried on) is the comparison with the reference's."""
        by_seat = outcome.get("net")
        values = [by_seat.get(seat) for seat in self._seats] if type(by_seat) is dict else []
        if type(by_seat) is not dict or len(by_seat) != len(self._seats) \
                or not all(type(v) is int for v in values):
            raise EngineFailure("perft", f"after {list(history)}: net must give a whole number to each of "
                                f"{', '.join(self._seats)} and to no other seat: {by_seat!r:.300}")
        return tuple(cast(list[int], values))

    @staticmethod
    def _discards(node: Node, reply: Message, history: Sequence[str]) -> Node:
        """``node`` with each ``pN sd *`` as every discard it stands for, from the seat's cards in
        ``reply`` (to ``observe``)."""
        observation = reply.get("observation")
        hands = observation.get("hands") if isinstance(observation, dict) else None
        if not isinstance(hands, dict):
            raise EngineFailure("perft", f"after {list(history)}: a draw is listed but observe reports "
                                "no hands (perft needs observe:hands to walk draws)")
        out: list[str] = []
        for text in node.listed:
            seat = text.split()[0]
            if text.endswith(" sd *"):
                held = parse_cards([str(c) for c in cast(list[str], hands.get(seat, []))])
                out += [format_action(Action(parse_seat(seat), DRAW, cards=chosen))
                        for chosen in discard_sets(held)]
            else:
                out.append(text)
        return replace(node, children=tuple(out))

    def node(self, prefix: Sequence[str]) -> Node:
        try:
            return self._node(prefix)
        finally:
            self._report()

    def _node(self, prefix: Sequence[str]) -> Node:
        path = (*self.position.actions, *prefix)
        listing, outcome = self._send([*self._goto(path), self._look, OUTCOME])[-2:]
        node = self._read(listing, outcome, path)
        if _draws(node):
            node = self._discards(node, self._send([OBSERVE])[0], path)
        self._here = ()
        return node

    def _report(self) -> None:
        """Put the breaches of the walk that ended (or failed) in ``problems``, in its order."""
        self.problems += self._found.first()[: MAX_PROBLEMS - len(self.problems)]
        self._found = Breaches(MAX_PROBLEMS)

    def counts(self, prefix: Sequence[str], depth: int) -> Counts:
        try:
            return self._counts(prefix, depth)
        finally:
            self._report()

    def _counts(self, prefix: Sequence[str], depth: int) -> Counts:
        counts = Counts.empty(depth)
        base = (*self.position.actions, *prefix)
        root = self._node(prefix)
        judge = self.judge
        start = None if judge is None else judge.state(prefix)
        if judge is not None:
            self._compare(judge.shown(start), root, tuple(prefix))
        if self._ended(root, base, 0, counts) or depth == 0:
            return counts
        waiting = [_Open((), (), 0, root, ref=start)]
        while waiting:
            batch: list[Message] = []
            plan: list[tuple[_Open, str | None, int, int]] = []
            while waiting and len(batch) < BATCH:
                self._open(waiting.pop(), base, batch, plan)
            replies = self._send(batch)
            opened: list[_Open] = []
            for parent, child, at, index in plan:
                if child is None:
                    shown = self._discards(parent.node, replies[at], (*base, *parent.path))
                    if judge is not None and self.first is None:
                        self._compare(judge.shown(parent.ref), shown, (*prefix, *parent.path))
                    opened.append(_Open(parent.path, parent.place, parent.level, shown, ref=parent.ref))
                    continue
                path, place, below = (*parent.path, child), (*parent.place, index), parent.level + 1
                history = (*base, *path)
                counts.nodes[below] += 1
                kid = self._read(replies[at], replies[at + 1 if not self.probe else at], history, place)
                ref = None
                if judge is not None and self.first is None:  # --go-on: judged up to the first
                    ref = judge.child(parent.ref, child)
                    self._compare(judge.shown(ref), kid, (*prefix, *path), expanded=not _draws(kid))
                if not self._ended(kid, history, below, counts) and below < depth:
                    opened.append(_Open(path, place, below, kid, _draws(kid), ref))
            waiting += reversed(opened)
        if self._streaming is not None:
            self._send([OUTCOME])  # a reply the engine repeats late comes by now: this walk's failure
        return counts

    def _compare(self, ours: Node, theirs: Node, prefix: tuple[str, ...], expanded: bool = True) -> None:
        """Raise the ``Mismatch`` of the engine's node with the reference's, if any (with
        ``go_on``, keep the first and walk on); a node whose draws are not yet expanded
        (``expanded`` false) is compared by its listing."""
        found = mismatch(ours if expanded else replace(ours, children=ours.listed), theirs, prefix)
        if found is not None and not self.go_on:
            raise found
        if self.first is None:
            self.first = found

    def _ended(self, node: Node, history: Sequence[str], level: int, counts: Counts) -> bool:
        """Whether the hand is over at ``node``; if so it is counted as ending at ``level``."""
        if node.net is None and node.listed:
            return False
        if node.net is None:
            raise EngineFailure("perft", f"after {list(history)}: nothing is listed but there is no outcome")
        counts.ended[level] += 1
        counts.sums[level] = (counts.sums[level] + line_hash(ending_line(history, node.net))) & MASK
        return True

    def _open(self, node: _Open, base: Sequence[str], batch: list[Message],
              plan: list[tuple[_Open, str | None, int, int]]) -> None:
        """Add to ``batch`` the requests that look at every child of ``node`` (or, for a draw not
        yet expanded, at the seat's cards) and to ``plan`` where each answer will be, with the
        child's index among the children."""
        path = node.path
        if not self.branch and (node.draws or self.probe):
            batch += self._goto((*base, *path))
        elif self.branch:
            here = self._here
            common = 0
            for a, b in zip(here, path, strict=False):
                if a != b:
                    break
                common += 1
            batch += [POP] * (len(here) - common)
            for action in path[common:]:
                batch += [PUSH, _act(action)]
            self._here = path
        if node.draws:
            plan.append((node, None, len(batch), 0))
            batch.append(OBSERVE)
            return
        look = self._look
        for index, child in enumerate(node.node.children):
            if self.probe:
                plan.append((node, child, len(batch), index))
                batch.append({"op": "probe", "action": child})
            elif self.branch:
                plan.append((node, child, len(batch) + 2, index))
                batch += [PUSH, _act(child), look, OUTCOME, POP]
            else:
                batch += self._goto((*base, *path, child))
                plan.append((node, child, len(batch), index))
                batch += [look, OUTCOME]


Subtree = tuple[str, float, str, tuple[str, ...], int, bool, bool, bool]
"""One subtree of a walk, by value: the engine (an ``--impl``) and its seconds per reply
(``--timeout``), the position's name, the actions from the position to the subtree's root, the
depth below it, whether to use the engine's ``branch`` and ``probe`` (else replay), whether to
judge every node (``EngineTree.judge``), and whether to walk on past a node that differs
(``--go-on``)."""


def subtree_counts(key: Subtree) -> tuple[Counts, Mismatch | None]:
    """The counts of one subtree on a fresh engine, and (walking on, ``--go-on``) its first node
    that differs: what ``pokerspec perft --cluster`` hands each worker (the counts of a tree are
    the sums of its subtrees', ``core.perft.nodes``). Without ``--go-on`` that node is raised."""
    from pokerspec.conformance.adapters import open_engine
    from pokerspec.conformance.protocol import handshake
    from pokerspec.perft.positions import positions

    impl, timeout, name, prefix, depth, branch, judged, go_on = key
    engine = open_engine(impl, timeout)
    try:
        hello = handshake(engine)
        fast = None if branch else False
        position = positions()[name]
        judge = ReferenceTree(position) if judged else None
        tree = EngineTree(engine, hello, position, branch=fast, probe=fast, judge=judge, go_on=go_on)
        return tree.counts(prefix, depth), tree.first
    finally:
        engine.close()
