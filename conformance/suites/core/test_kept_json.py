"""What the reference answers shares no list or dict with what it keeps: a caller that changes
the JSON it got (an in-process tool, a ``python:`` adapter, the viewer, the served reference)
cannot change a later answer. Each answer is asked for, every list and dict in it changed, and
the same question asked again — on the same engine and on a second engine that plays the same
hand, which meets the engines' shared caches (the awards, the cards' names, the amounts by seat)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import partial

import pytest
from pokerspec.auction.engine import GAME, AuctionState, _observed
from pokerspec.conformance.protocol import Message
from pokerspec.conformance.reference_engine import ReferenceEngine, game_module
from pokerspec.core.game import Json
from pokerspec.perft.positions import positions

HANDS = {
    "archie": ("archie-deal-0001", "start-archie-barge", "archie-showdown-0004"),
    "auction": ("auction-auctions-0101", "start-auction-seed", "auction-auctions-0701"),
    "stud": ("stud-allin-0701", "start-stud-fl-training", "stud-runout-0001"),
}
"""Positions each game's hands start from: between them they end in a fold and at a showdown."""
SHOWDOWNS: dict[str, Message] = {
    "archie": {"game": "archie", "profile": "archie-barge", "setup": {
        "dealer": "p1", "hands": {"p1": ["As", "Ks", "Qs", "Js", "9s"], "p2": ["2c", "3d", "4h", "5s", "7c"]},
        "contributed": {"p1": 10, "p2": 10}, "folded": ["p2"]}},
    "auction": {"game": "auction", "profile": "auction-seed", "setup": {
        "dealer": "p1", "hands": {"p1": ["As", "Ks", "Qs", "Js", "9s", "2h", "3h"],
                                  "p2": ["2c", "3d", "4h", "5s", "7c", "8d", "9d"]},
        "contributed": {"p1": 10, "p2": 10}, "declarations": {"p1": "h", "p2": "l"}}},
    "stud": {"game": "stud", "profile": "stud-fl-training", "setup": {
        "dealer": "p1", "hands": {"p1": ["As", "Ks", "Qs", "Js", "9s", "2h", "3h"],
                                  "p2": ["2c", "3d", "4h", "5s", "7c", "8d", "9d"]},
        "contributed": {"p1": 10, "p2": 10}}},
}
"""A showdown of each game (the Archie one a fold, whose award the engine keeps)."""


def scramble(value: object) -> None:
    """Change every list and dict in ``value``, innermost first."""
    if isinstance(value, list):
        for item in value:
            scramble(item)
        value.append("scrambled")
    elif isinstance(value, dict):
        for item in value.values():
            scramble(item)
        value["scrambled"] = True


def asked_twice(engine: ReferenceEngine, message: Message) -> Message:
    """The reply to ``message``, checked to come back the same after the first one was scrambled."""
    first = engine.handle(message)
    kept = copy.deepcopy(first)
    scramble(first)
    again = engine.handle(message)
    assert again == kept, f"{message['op']}: changing the reply changed the next one"
    return kept


def play(engine: ReferenceEngine, name: str, choose: Callable[[list[str], int], str]) -> list[Message]:
    """Every answer met on a hand from the position ``name``, each asked twice (``asked_twice``)."""
    position = positions()[name]
    assert engine.handle({"op": "new_hand", "game": position.game, "profile": position.profile,
                          "setup": dict(position.setup)}) == {"ok": True}
    answers: list[Message] = []
    for step, action in enumerate((*position.actions, *[None] * 200)):
        snapshot = asked_twice(engine, {"op": "snapshot"})
        answers += [snapshot, asked_twice(engine, {"op": "observe"}), asked_twice(engine, {"op": "legal"}),
                    asked_twice(engine, {"op": "outcome"})]
        listed = snapshot["actions"]
        assert isinstance(listed, list)
        if not listed:
            return answers
        text = action if action is not None else choose([str(a) for a in listed], step).removesuffix(" *")
        answers.append(asked_twice(engine, {"op": "probe", "action": text}))
        assert engine.handle({"op": "act", "action": text}) == {"ok": True}
    raise AssertionError(f"{name}: the hand did not end")


def _fold_late(actions: list[str], step: int) -> str:
    """Fold as soon as a fold is listed after the first few steps, else the last action listed
    (a bet or a raise where there is one)."""
    folds = [a for a in actions if a.endswith(" f")]
    return folds[0] if folds and step >= 6 else actions[-1]


def _never_fold(actions: list[str], step: int) -> str:
    return next((a for a in actions if not a.endswith(" f")), actions[0])


@pytest.mark.parametrize("game", sorted(HANDS))
def test_hand_answers_share_nothing_kept(game: str) -> None:
    """Snapshot, observe, legal, outcome and probe at every step of hands that end by a fold and
    at a showdown; a second engine playing the same hands gets the first one's answers."""
    answers: dict[int, list[Message]] = {}
    for round_ in range(2):
        engine = ReferenceEngine()
        met: list[Message] = []
        for name in HANDS[game]:
            for choose in (_fold_late, _never_fold):
                met += play(engine, name, choose)
        answers[round_] = met
    assert answers[0] == answers[1]
    outcomes = [a["outcome"] for a in answers[0] if isinstance(a.get("outcome"), dict) and "to_act" not in a]
    ends = {str(o["result"]) if isinstance(o, dict) and "result" in o else "" for o in outcomes}
    assert outcomes and (game != "archie" or ends == {"fold", "showdown"})


@pytest.mark.parametrize("game", sorted(SHOWDOWNS))
def test_showdown_answers_share_nothing_kept(game: str) -> None:
    engine = ReferenceEngine()
    request: dict[str, Json] = {"op": "showdown", **SHOWDOWNS[game]}
    reply = asked_twice(engine, request)
    assert isinstance(reply.get("outcome"), dict)
    assert ReferenceEngine().handle(request) == reply


def test_in_process_answers_share_nothing_kept() -> None:
    """The games' ``observe`` and ``Outcome.to_json`` in process (``Game.observed`` and the
    engine's ``observation``, which hand out the kept observation to readers, are read-only by
    contract and not asked here)."""
    engine = ReferenceEngine()
    for game, names in HANDS.items():
        for name in names:
            play(engine, name, _fold_late)
            observe = partial(game_module(game).observe, engine.position)
            for ask in (observe, partial(_outcome, engine)):
                first = ask()
                kept = copy.deepcopy(first)
                scramble(first)
                assert ask() == kept, f"{game}: {name}"


def _outcome(engine: ReferenceEngine) -> dict[str, Json]:
    outcome = engine.result()
    assert outcome is not None
    return outcome.to_json()


def test_auction_hands_out_its_whole_view() -> None:
    """Auction's ``observe`` is a copy of its kept observation (``core.game.handed_out``): the whole
    view, key for key and in its order, at every step of its hands."""
    engine = ReferenceEngine()
    for name in HANDS["auction"]:
        position = positions()[name]
        engine.handle({"op": "new_hand", "game": "auction", "profile": position.profile,
                       "setup": dict(position.setup)})
        for text in position.actions:
            state = engine.position
            assert isinstance(state, AuctionState)
            assert list(GAME.observe(state).items()) == list(_observed(state).items())
            engine.handle({"op": "act", "action": text})
