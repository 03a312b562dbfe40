"""The ranking-only fuzz (``pokerspec conformance fuzz --ranking``): it finds a planted
ranking bug, gives each disagreement a class, keeps going past findings and reports every class
once with its count, and shrinks while keeping the class (``core.high.kickers``,
``core.high.wheel``, ``core.low8.qualifier``)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from pokerspec.cli import main
from pokerspec.conformance.protocol import Message, handshake
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.cards import parse_cards, rank_of
from pokerspec.core.game import Json
from pokerspec.fuzz.ranking import classify, deals, expected, fuzz_ranking, pairs


class NoWheel(ReferenceEngine):
    """The reference with a planted bug: a hand holding A-2-3-4-5 of mixed suits, and nothing
    better, is called ace-high (``core.high.wheel``), as PyPokerEngine does."""

    def handle(self, message: Mapping[str, Json]) -> Message:
        reply = super().handle(message)
        if message.get("op") == "rank" and message.get("ranking") == "high":
            hands = message["hands"]
            assert isinstance(hands, list) and isinstance(reply.get("categories"), list)
            cats = list(reply["categories"])
            for i, hand in enumerate(hands):
                ranks = (
                    {rank_of(c) for c in parse_cards([str(c) for c in hand])}
                    if isinstance(hand, list)
                    else set()
                )
                if cats[i] == "straight" and {14, 2, 3, 4, 5} <= ranks and not {6} & ranks:
                    cats[i] = "high-card"
            reply["categories"] = cats
        return reply


def test_the_fuzz_finds_a_planted_bug_and_reports_its_class_once() -> None:
    engine = NoWheel()
    hello = handshake(engine)
    run = fuzz_ranking(engine, hello, "high", 4000, seed=3)
    assert run.pairs == 4000
    assert run.findings, "the wheel must turn up among the near misses"
    assert all(name.startswith("high categories: a straight named 'high-card'") for name in run.findings)
    (finding,) = run.findings.values()
    assert finding.count == run.disagreements > 1
    assert sum(len(h) for h in finding.pair) == 10, "shrunk to two five-card hands"


def test_the_reference_agrees_with_itself() -> None:
    engine = ReferenceEngine()
    hello = handshake(engine)
    for ranking in ("high", "low-a5", "low-8", "exposed"):
        run = fuzz_ranking(engine, hello, ranking, 500, seed=1)
        assert run.pairs == 500 and run.disagreements == 0, ranking


def test_pairs_are_deterministic_and_mix_near_misses() -> None:
    first = list(pairs("high", (5, 6, 7), 200, seed=9))
    assert first == list(pairs("high", (5, 6, 7), 200, seed=9))
    near = [p for p in first[1::2] if len(set(p[0]) & set(p[1])) >= len(p[0]) - 1]
    assert len(near) == 100


def test_classes_name_what_the_engine_did() -> None:
    pair = (parse_cards("Kh Kd 5c 4d 2s"), parse_cards("Kc Ks 5d 3h 2c"))
    want = expected("high", pair)
    assert want["order"] == [[0], [1]]
    tie = {"order": [[0, 1]], "categories": ["one-pair", "one-pair"]}
    assert classify("high", pair, want, tie) == "high order: one-pair beats one-pair, the engine ties them"
    assert classify("high", pair, want, dict(want)) is None
    low = (parse_cards("8c 7d 6h 5s 4c"), parse_cards("9c 5d 4h 3s 2c"))
    assert (
        classify("low-8", low, expected("low-8", low), {"order": [[0], [1]], "qualifies": [True, True]})
        == "low-8 qualifies: non-qualifying unpaired hand judged the other way"
    )


def test_cli_ranking_mode(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "fuzz", "--ranking", "exposed", "--impl", "reference", "--pairs", "200"]) == 0
    assert "exposed: 200 pairs" in capsys.readouterr().out
    assert main(["conformance", "fuzz", "--impl", "reference"]) == 2
    assert "--impl and --game are needed" in capsys.readouterr().err
    assert main(["conformance", "fuzz", "--ranking", "high"]) == 2
    assert "--ranking needs --impl" in capsys.readouterr().err


def test_deals_are_two_holdem_hands_on_one_board() -> None:
    """Each dealt pair is what a hold'em showdown compares: nine distinct cards, two hole cards
    each (first), the same five on the board."""
    dealt = list(deals(200, 7))
    assert len(dealt) == 200 and dealt == list(deals(200, 7)) and dealt != list(deals(200, 8))
    for a, b in dealt:
        assert len(a) == len(b) == 7 and a[2:] == b[2:] and len(set(a) | set(b)) == 9


def test_dealt_fuzz_of_the_reference_agrees_and_is_labelled() -> None:
    engine = ReferenceEngine()
    run = fuzz_ranking(engine, handshake(engine), "high", 300, 1, dealt=True)
    assert run.dealt and run.sizes == (7,) and run.pairs == 300 and run.disagreements == 0
    assert run.to_json()["dealt"] is True
