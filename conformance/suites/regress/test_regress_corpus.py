"""The random corpus is legal, bounded by the table limits, and fully determined by its seed."""

from __future__ import annotations

import pytest
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.regress.corpus import corpus, limits_for
from pokerspec.regress.trace import corpus_trace

GAMES = [("archie", "archie-barge"), ("auction", "auction-seed"), ("stud", "stud-fl-training")]


@pytest.mark.parametrize(("game", "profile"), GAMES)
def test_same_seed_same_hands(game: str, profile: str) -> None:
    first = [corpus_trace(h, ReferenceEngine()) for h in corpus(game, profile, 6, 11)]
    again = [corpus_trace(h, ReferenceEngine()) for h in corpus(game, profile, 6, 11)]
    assert first == again
    other = [corpus_trace(h, ReferenceEngine()) for h in corpus(game, profile, 6, 12)]
    assert other != first


@pytest.mark.parametrize(("game", "profile"), GAMES)
def test_a_larger_corpus_extends_a_smaller_one(game: str, profile: str) -> None:
    small = list(corpus(game, profile, 3, 5))
    assert list(corpus(game, profile, 8, 5))[:3] == small


@pytest.mark.parametrize(("game", "profile"), GAMES)
def test_hands_are_legal_and_finish(game: str, profile: str) -> None:
    limits = limits_for(profile)
    engine = ReferenceEngine()
    for hand in corpus(game, profile, 25, 3):
        stacks = hand.setup["stacks"]
        assert isinstance(stacks, list)
        assert limits.min_seats <= len(stacks) <= limits.max_seats
        assert all(isinstance(s, int) and limits.min_stack <= s <= limits.max_stack for s in stacks)
        trace = corpus_trace(hand, engine)
        steps = trace["steps"]
        assert isinstance(steps, list) and steps, f"{hand.label}: no action was played"
        for step in steps:
            assert isinstance(step, dict)
            assert step["result"] == "ok", f"{hand.label}: a chosen legal action was refused: {step}"
            act = str(step["act"])
            listed = [str(a) for a in step["legal"]] if isinstance(step["legal"], list) else []
            assert act in listed or f"{act.split()[0]} sd *" in listed, (hand.label, act, listed)
        outcome = trace["outcome"]
        assert isinstance(outcome, dict), f"{hand.label}: the hand did not end"
        received, net = outcome["received"], outcome["net"]
        assert isinstance(received, dict) and isinstance(net, dict)
        carried = outcome.get("carry", 0)
        assert isinstance(carried, int)
        assert sum(int(str(v)) for v in net.values()) == -carried, f"{hand.label}: chips created or lost"
