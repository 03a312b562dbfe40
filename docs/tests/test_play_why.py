""""Why not?" on the play page (docs/javascripts/play-why.js), walked on node over every phase of
a hand of each game (play_why_walk.mjs): every rejection reason of core.contract.precedence is
met; each refusal links a rule the spec has, and the rule that really forbids it where the phase's
own rule does not (a fold during the auctions or the declaration: auction.setup.no-leaving; a bet,
check or fold in an Archie draw, a discard while betting: archie.betting.then-draw); and the
sentence, in each language, fills every blank and names the numbers: the amounts the seat may
use, the bet of the round, the chips it has."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pokersite.words import table
from pokerspec_play import rule_pages

ROOT = Path(__file__).resolve().parents[2]
REASONS = {"malformed", "hand_over", "folded", "already_committed", "not_your_turn", "must_bring_in",
           "over_cap", "illegal_action", "insufficient_chips", "wrong_amount", "too_many_cards",
           "duplicate_card", "card_not_in_hand", "not_in_row"}
"""The rejection reasons of core.contract.precedence."""
NUMBERS = {"no_options", "no_cap", "no_bring_in", "no_amount_bet", "no_amount_open", "no_chips",
           "no_chips_bid"}
"""The sentences that list what the seat may do, with their amounts."""


@cache
def walked() -> list[dict[str, Any]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    done = subprocess.run([node, str(ROOT / "docs" / "tests" / "play_why_walk.mjs")], capture_output=True,
                          text=True, check=True, timeout=120)
    return list(json.loads(done.stdout))


def kind(phase: str) -> str:
    return phase.split("-")[0]


def test_every_reason_is_met_and_linked_to_a_rule_of_the_spec() -> None:
    refusals = walked()
    assert {r["reason"] for r in refusals} == REASONS
    anchors = rule_pages(ROOT)
    assert not {r["rule"] for r in refusals} - set(anchors)
    for game in ("archie", "auction", "stud"):
        assert len({r["reason"] for r in refusals if r["game"] == game}) >= 8, game


@pytest.mark.parametrize(("game", "phases", "verbs", "rule"), [
    ("auction", {"bid", "pick", "declare"}, {"f"}, "auction.setup.no-leaving"),
    ("archie", {"draw"}, {"f", "cc", "cbr"}, "archie.betting.then-draw"),
    ("archie", {"bet"}, {"sd"}, "archie.betting.then-draw"),
])
def test_the_rule_that_really_forbids_it(game: str, phases: set[str], verbs: set[str], rule: str) -> None:
    hits = [r for r in walked() if r["game"] == game and kind(r["phase"]) in phases
            and r["reason"] == "illegal_action" and r["text"].split(" ")[1] in verbs]
    assert {kind(r["phase"]) for r in hits} == phases
    assert {r["rule"] for r in hits} == {rule}, {(r["text"], r["rule"]) for r in hits if r["rule"] != rule}


def test_the_sentence_names_the_numbers_in_every_language() -> None:
    words = table()["play"]
    for r in walked():
        key, values = r["key"], r["values"]
        for lang in ("en", "ru", "pt", "fr"):
            template = words[key][lang]
            blanks = set(re.findall(r"\{([a-z_]+)\}", template))
            assert blanks <= set(values), (key, lang, blanks - set(values))
            assert all(str(values[b]).strip() for b in blanks), (r["text"], key, values)
        if key in NUMBERS:
            assert values["options"], r
            for amount in r["amounts"]:
                assert re.search(rf"\b{amount}\b", values["options"]), (r["text"], amount, values["options"])
        if key == "no_amount_bet":
            assert values["top"] == str(r["top"]) and r["top"] > 0
        if key == "no_chips":
            assert int(values["most"]) == int(values["stack"]) + int(values["bet"])
        if key in {"no_card", "no_row", "no_duplicate"}:
            assert re.fullmatch(r"[2-9TJQKA][cdhs]", values["card"]), r
            assert key != "no_card" or values["card"] not in values["cards"].split()
            assert key != "no_row" or values["card"] not in values["row"].split()
