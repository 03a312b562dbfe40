"""Which rule each step and each outcome key of a case pins (docs/engine-authors/case-format.md,
"The rule of a step").

A step's rule is its explicit ``rule``; else the first rule of the case that ``DEFAULTS`` names for
the step (by game and step kind, then the step's key: a reject's reason, an action's verb, a
legal or check step's keys in order); else, when the case lists one rule, that rule; else the
case's first rule (``FALLBACK``: the suite's own cases never need it). An outcome key's rule is
``expect_rules[key]``, else ``DEFAULTS`` for ``("outcome", key)``, else the same last two steps.
When an outcome fails on several keys, the failure is the one of the first failing key in
``OUTCOME_ORDER``: the keys that say why (``qualified``, ``award``) before their consequences
(``received``, ``net``).

    python -m pokerspec.conformance.attribution [--mutants] [--write] CASE_FILE...

prints, for every step and outcome key of each case, the rule it resolves to and how
(``explicit``, ``table``, ``only``, ``first``); ``--write`` writes an explicit ``rule`` (or
``expect_rules`` entry) for every one that resolves only by ``first``, using the rule the step's
``note`` names if it names one of the case's rules, so a maintainer can then correct it by hand.
``--mutants`` first runs each case on every mutant of its game and of the core chapter
(``pokerspec.regress.mutants``) and prints, for each step that fails first, the rule broken: a
step that fails when exactly one of the case's rules is broken gets that rule (written with
``--write``), and a broken rule the case does not list is printed as one to consider adding to
its ``rules``. The suite's own cases were annotated this way.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, cast

from pokerspec.core.game import Json
from pokerspec.core.types import RuleId

StepKind = Literal["act", "reject", "legal", "check", "push", "pop", "outcome", "setup"]
How = Literal["explicit", "table", "only", "first"]

STEP_KINDS: tuple[StepKind, ...] = ("act", "reject", "legal", "check", "push", "pop")
ANY = "*"


def _r(*ids: str) -> tuple[RuleId, ...]:
    return tuple(RuleId(i) for i in ids)


PLAY: Mapping[str, tuple[RuleId, ...]] = {
    "archie": _r(
        "archie.betting.facing", "archie.betting.open", "archie.betting.option", "archie.betting.close",
        "archie.betting.first", "archie.betting.check-raise", "archie.betting.then-draw", "archie.deal.draws",
        "archie.deal.discard", "archie.deal.replace", "archie.deal.order", "archie.table.limits",
        "archie.table.blinds", "archie.table.cap", "archie.showdown.fold"),
    "auction": _r(
        "auction.auction.bid", "auction.auction.pick", "auction.auction.order", "auction.auction.row",
        "auction.auction.rows", "auction.auction.bids-paid", "auction.betting.actions",
        "auction.betting.first", "auction.betting.end", "auction.betting.cap",
        "auction.betting.bids-not-bets",
        "auction.betting.lone-survivor", "auction.declare.simultaneous", "auction.declare.choices",
        "auction.setup.deal", "auction.setup.ante", "auction.setup.reserve", "auction.setup.limits"),
    "stud": _r(
        "stud.streets.actions", "stud.streets.first-actor", "stud.bringin.forced", "stud.bringin.respond",
        "stud.bringin.lowest", "stud.bringin.close", "stud.streets.close", "stud.streets.limits",
        "stud.streets.cap", "stud.allin.short", "stud.allin.reopen", "stud.allin.runout",
        "stud.runout.opener", "stud.runout.common", "stud.streets.cards", "stud.streets.burn",
        "stud.deal.order", "stud.deal.players",
        "stud.bringin.ante", "stud.bringin.short", "stud.profile.stakes", "stud.showdown.order",
        "stud.showdown.muck", "stud.showdown.uncontested"),
}
"""Each game's rules of play (betting, turns, dealing), in the order a step that plays the hand
takes them when no entry for its key names one of the case's rules: an action refused, a legal
listing or an observation that differs is first of all a misreading of how the hand is played."""

AWARD: Mapping[str, tuple[RuleId, ...]] = {
    "archie": _r(
        "archie.award.split", "archie.award.one-way", "archie.award.nobody", "archie.pagat.nobody",
        "archie.award.ties", "archie.award.odd-chip", "archie.award.net", "archie.qualify.high",
        "archie.qualify.low", "archie.qualify.both", "archie.pagat.high", "archie.qualify.high-order",
        "archie.qualify.low-order", "archie.showdown.fold", "archie.showdown.cards-speak",
        "archie.showdown.expose"),
    "auction": _r(
        "auction.award.both", "auction.award.one-direction", "auction.award.division", "auction.award.ties",
        "auction.award.odd-chip", "auction.award.carry", "auction.award.net", "auction.declare.high",
        "auction.declare.low", "auction.betting.lone-survivor", "auction.profile.buderick-rides",
        "auction.profile.seed"),
    "stud": _r(
        "stud.showdown.award", "stud.showdown.uncontested", "stud.showdown.odd-chip", "stud.allin.pots",
        "stud.showdown.order", "stud.showdown.muck", "stud.profile.odd-chip-suit",
        "stud.profile.last-aggressor", "stud.allin.runout", "stud.runout.common"),
}
"""Each game's rules of the showdown and the award, the order an outcome key takes them in when
no entry for the key names one of the case's rules."""

DEFAULTS: Mapping[tuple[str, str, str], tuple[RuleId, ...]] = {
    **{(game, kind, ANY): rules for game, rules in PLAY.items()
       for kind in ("act", "reject", "legal", "check")},
    **{(game, "outcome", ANY): rules for game, rules in AWARD.items()},
    (ANY, "outcome", ANY): _r("core.contract.outcome", "core.contract.winners", "core.contract.values"),
    # --- every game ------------------------------------------------------------------------
    (ANY, "setup", ANY): _r("core.contract.setup"),
    (ANY, "outcome", "error"): _r("core.contract.setup"),
    (ANY, "reject", "malformed"): _r("core.notation.actions", "core.cards.notation"),
    (ANY, "reject", "hand_over"): _r("core.contract.precedence"),
    (ANY, "push", ANY): _r("core.perft.divide", "core.contract.conventions"),
    (ANY, "pop", ANY): _r("core.perft.divide", "core.contract.conventions"),
    (ANY, "outcome", "pots"): _r("core.contract.pots", "core.chips.side-pots"),
    (ANY, "outcome", "returned"): _r("core.chips.uncalled"),
    (ANY, "check", "phase"): _r("core.contract.phases"),
    # --- core (a core case has one reply: its keys are outcome keys) -------------------------
    ("core", "outcome", "cards"): _r("core.cards.notation", "core.cards.ranks", "core.cards.suits"),
    ("core", "outcome", "error"): _r("core.cards.distinct", "core.cards.notation", "core.chips.amount"),
    ("core", "outcome", "order"): _r(
        "core.low8.qualifier", "core.low.ace", "core.low.no-straights", "core.low.unpaired-first",
        "core.low.repeats", "core.low.compare", "core.low.best-five", "core.bringin.order",
        "core.exposed.partial", "core.exposed.five", "core.high.wheel", "core.high.no-wraparound",
        "core.high.suits", "core.high.kickers", "core.high.best-five", "core.high.categories"),
    ("core", "outcome", "categories"): _r("core.exposed.partial", "core.high.categories",
                                          "core.high.best-five"),
    ("core", "outcome", "qualifies"): _r("core.low8.qualifier"),
    ("core", "outcome", "shares"): _r("core.chips.odd-to-high", "core.chips.split", "core.chips.amount"),
    ("core", "outcome", "pots"): _r("core.chips.dead", "core.chips.side-pots", "core.chips.uncalled"),
    ("core", "outcome", "returned"): _r("core.chips.uncalled"),
    # --- archie -------------------------------------------------------------------------------
    ("archie", "reject", "over_cap"): _r("archie.table.cap"),
    ("archie", "reject", "not_your_turn"): _r(
        "archie.betting.first", "archie.betting.option", "archie.deal.replace", "archie.deal.order",
        "archie.betting.close"),
    ("archie", "reject", "illegal_action"): _r(
        "archie.betting.open", "archie.betting.facing", "archie.betting.check-raise",
        "archie.showdown.fold", "archie.betting.option"),
    ("archie", "reject", "wrong_amount"): _r("archie.table.limits", "archie.table.blinds"),
    ("archie", "reject", "insufficient_chips"): _r("archie.table.reserve"),
    ("archie", "reject", "too_many_cards"): _r("archie.deal.discard", "archie.deal.draws"),
    ("archie", "reject", "duplicate_card"): _r("archie.deal.discard"),
    ("archie", "reject", "card_not_in_hand"): _r("archie.deal.discard"),
    ("archie", "reject", "already_committed"): _r("archie.deal.discard"),
    ("archie", "act", "cbr"): _r(
        "archie.betting.open", "archie.betting.facing", "archie.betting.check-raise",
        "archie.table.limits", "archie.table.blinds", "archie.betting.option"),
    ("archie", "act", "cc"): _r("archie.betting.facing", "archie.betting.option", "archie.betting.close",
                                "archie.betting.check-raise"),
    ("archie", "act", "f"): _r("archie.showdown.fold", "archie.betting.facing"),
    ("archie", "act", "sd"): _r("archie.deal.discard", "archie.deal.draws", "archie.deal.replace",
                                "archie.deal.order", "archie.betting.then-draw"),
    ("archie", "legal", "to_act"): _r(
        "archie.betting.first", "archie.deal.order", "archie.deal.replace", "archie.betting.option",
        "archie.betting.close", "archie.betting.then-draw"),
    ("archie", "legal", "actions"): _r(
        "archie.betting.open", "archie.betting.facing", "archie.betting.check-raise",
        "archie.betting.option", "archie.table.limits", "archie.deal.draws", "archie.deal.discard"),
    ("archie", "check", "phase"): _r("archie.betting.close", "archie.betting.then-draw", "archie.deal.draws",
                                     "archie.showdown.fold"),
    ("archie", "check", "pot"): _r("archie.table.blinds", "archie.table.limits", "archie.betting.facing"),
    ("archie", "check", "stacks"): _r("archie.table.blinds", "archie.table.reserve", "archie.table.limits"),
    ("archie", "check", "contributed"): _r("archie.table.blinds", "archie.table.limits"),
    ("archie", "check", "round_bets"): _r("archie.table.blinds", "archie.table.limits"),
    ("archie", "check", "hands"): _r("archie.deal.replace", "archie.deal.order", "archie.deal.discard",
                                     "archie.table.deck"),
    ("archie", "check", "stub"): _r("archie.deal.enough", "archie.deal.replace", "archie.deal.draws"),
    ("archie", "check", "drawn"): _r("archie.deal.discard", "archie.deal.draws"),
    ("archie", "check", "folded"): _r("archie.showdown.fold"),
    ("archie", "outcome", "qualified"): _r(
        "archie.pagat.high", "archie.qualify.high", "archie.qualify.low", "archie.qualify.both"),
    ("archie", "outcome", "award"): _r(
        "archie.pagat.nobody", "archie.award.nobody", "archie.award.one-way", "archie.qualify.both",
        "archie.award.split"),
    ("archie", "outcome", "categories"): _r("archie.qualify.high-order", "archie.showdown.cards-speak"),
    ("archie", "outcome", "shown"): _r("archie.showdown.expose", "archie.showdown.fold"),
    ("archie", "outcome", "result"): _r("archie.showdown.fold"),
    ("archie", "outcome", "next_dealer"): _r("archie.deal.rotation"),
    ("archie", "outcome", "error"): _r("archie.table.players", "archie.table.reserve", "core.contract.setup"),
    ("archie", "outcome", "received"): _r(
        "archie.pagat.nobody", "archie.award.nobody", "archie.award.odd-chip", "archie.award.ties",
        "archie.award.one-way", "archie.award.split", "archie.qualify.high-order", "archie.qualify.low-order",
        "archie.showdown.fold"),
    ("archie", "outcome", "net"): _r("archie.award.net"),
    ("archie", "outcome", "pots"): _r("archie.award.split", "archie.award.one-way", "archie.award.nobody",
                                      "archie.pagat.nobody"),
    # --- auction ------------------------------------------------------------------------------
    ("auction", "reject", "over_cap"): _r("auction.betting.cap"),
    ("auction", "reject", "not_in_row"): _r("auction.auction.pick", "auction.auction.row"),
    ("auction", "reject", "not_your_turn"): _r(
        "auction.auction.order", "auction.betting.first", "auction.auction.pick", "auction.auction.bid",
        "auction.declare.simultaneous"),
    ("auction", "reject", "already_committed"): _r("auction.declare.simultaneous", "auction.auction.bid"),
    ("auction", "reject", "folded"): _r("auction.betting.actions", "auction.betting.lone-survivor"),
    ("auction", "reject", "illegal_action"): _r(
        "auction.betting.actions", "auction.auction.bid", "auction.declare.choices",
        "auction.betting.bids-not-bets"),
    ("auction", "reject", "wrong_amount"): _r("auction.setup.limits", "auction.betting.actions",
                                              "auction.auction.bid"),
    ("auction", "reject", "insufficient_chips"): _r("auction.setup.reserve", "auction.auction.bid"),
    ("auction", "act", "bid"): _r("auction.auction.bid", "auction.auction.bids-paid", "auction.auction.rows"),
    ("auction", "act", "pick"): _r("auction.auction.order", "auction.auction.pick", "auction.auction.row"),
    ("auction", "act", "dec"): _r("auction.declare.choices", "auction.declare.simultaneous"),
    ("auction", "act", "cbr"): _r("auction.betting.actions", "auction.betting.first", "auction.setup.limits"),
    ("auction", "act", "cc"): _r("auction.betting.actions", "auction.betting.end"),
    ("auction", "act", "f"): _r("auction.betting.actions", "auction.betting.lone-survivor"),
    ("auction", "legal", "to_act"): _r(
        "auction.auction.order", "auction.betting.first", "auction.declare.simultaneous",
        "auction.auction.bid", "auction.betting.end"),
    ("auction", "legal", "actions"): _r(
        "auction.betting.cap", "auction.auction.bid", "auction.auction.pick", "auction.betting.actions",
        "auction.declare.choices", "auction.setup.limits"),
    ("auction", "check", "phase"): _r("auction.betting.end", "auction.betting.lone-survivor",
                                      "auction.auction.rows"),
    ("auction", "check", "pot"): _r("auction.auction.bids-paid", "auction.setup.ante", "auction.setup.carry"),
    ("auction", "check", "stacks"): _r("auction.auction.bids-paid", "auction.setup.ante",
                                       "auction.setup.reserve"),
    ("auction", "check", "contributed"): _r("auction.auction.bids-paid", "auction.betting.bids-not-bets",
                                            "auction.setup.ante"),
    ("auction", "check", "round_bets"): _r("auction.betting.bids-not-bets", "auction.betting.actions"),
    ("auction", "check", "bids"): _r("auction.auction.bid", "auction.auction.bids-paid"),
    ("auction", "check", "pick_order"): _r("auction.auction.order"),
    ("auction", "check", "row"): _r("auction.auction.row", "auction.auction.rows", "auction.setup.deal"),
    ("auction", "check", "hands"): _r("auction.auction.pick", "auction.setup.deal"),
    ("auction", "check", "exposed"): _r("auction.auction.pick", "auction.setup.deal"),
    ("auction", "check", "declarations"): _r("auction.declare.simultaneous", "auction.declare.choices"),
    ("auction", "check", "sitting_out"): _r("auction.profile.buderick-rides", "auction.setup.reserve",
                                            "auction.setup.no-leaving"),
    ("auction", "check", "folded"): _r("auction.betting.actions", "auction.betting.lone-survivor"),
    ("auction", "outcome", "pick_orders"): _r("auction.auction.order"),
    ("auction", "outcome", "declarations"): _r("auction.declare.simultaneous", "auction.declare.choices"),
    ("auction", "outcome", "excluded_why"): _r("auction.award.both"),
    ("auction", "outcome", "excluded"): _r("auction.award.both", "auction.profile.buderick-rides",
                                           "auction.profile.seed"),
    ("auction", "outcome", "carry"): _r("auction.profile.buderick-rides", "auction.profile.seed",
                                        "auction.award.carry", "auction.setup.carry"),
    ("auction", "outcome", "sitting_out"): _r("auction.profile.buderick-rides", "auction.setup.no-leaving",
                                              "auction.setup.reserve"),
    ("auction", "outcome", "categories"): _r("auction.declare.high", "auction.award.both"),
    ("auction", "outcome", "error"): _r("auction.setup.players", "core.contract.setup"),
    ("auction", "outcome", "received"): _r(
        "auction.profile.buderick-rides", "auction.profile.seed", "auction.award.both",
        "auction.award.odd-chip", "auction.award.ties", "auction.award.one-direction",
        "auction.award.division", "auction.award.carry", "auction.declare.high", "auction.declare.low",
        "auction.betting.lone-survivor"),
    ("auction", "outcome", "net"): _r("auction.award.net"),
    # --- stud ---------------------------------------------------------------------------------
    ("stud", "reject", "over_cap"): _r("stud.streets.cap"),
    ("stud", "reject", "must_bring_in"): _r("stud.bringin.forced"),
    ("stud", "reject", "not_your_turn"): _r(
        "stud.bringin.lowest", "stud.streets.first-actor", "stud.runout.opener", "stud.bringin.respond"),
    ("stud", "reject", "folded"): _r("stud.streets.actions"),
    ("stud", "reject", "illegal_action"): _r(
        "stud.bringin.forced", "stud.bringin.respond", "stud.allin.reopen", "stud.streets.actions",
        "stud.showdown.muck"),
    ("stud", "reject", "wrong_amount"): _r(
        "stud.bringin.short", "stud.allin.short", "stud.streets.limits", "stud.bringin.respond",
        "stud.profile.stakes"),
    ("stud", "reject", "insufficient_chips"): _r("stud.allin.short", "stud.bringin.short"),
    ("stud", "act", "pb"): _r("stud.bringin.forced", "stud.bringin.short"),
    ("stud", "act", "cbr"): _r(
        "stud.bringin.respond", "stud.allin.reopen", "stud.allin.short", "stud.streets.limits",
        "stud.streets.actions", "stud.profile.stakes"),
    ("stud", "act", "cc"): _r("stud.streets.actions", "stud.bringin.respond", "stud.allin.short"),
    ("stud", "act", "f"): _r("stud.streets.actions", "stud.showdown.uncontested"),
    ("stud", "act", "sm"): _r("stud.profile.last-aggressor", "stud.showdown.order"),
    ("stud", "act", "mu"): _r("stud.showdown.muck", "stud.showdown.order"),
    ("stud", "legal", "to_act"): _r(
        "stud.bringin.lowest", "stud.streets.first-actor", "stud.runout.opener", "stud.bringin.close",
        "stud.streets.close", "stud.profile.last-aggressor", "stud.showdown.order", "stud.allin.runout"),
    ("stud", "legal", "actions"): _r(
        "stud.streets.cap", "stud.bringin.respond", "stud.bringin.forced", "stud.allin.reopen",
        "stud.allin.short", "stud.bringin.short", "stud.streets.limits", "stud.profile.stakes",
        "stud.streets.actions", "stud.showdown.muck"),
    ("stud", "check", "phase"): _r("stud.allin.runout", "stud.streets.close", "stud.bringin.close",
                                   "stud.showdown.uncontested"),
    ("stud", "check", "pot"): _r("stud.bringin.ante", "stud.profile.stakes", "stud.streets.limits"),
    ("stud", "check", "stacks"): _r("stud.bringin.ante", "stud.profile.stakes", "stud.allin.short"),
    ("stud", "check", "contributed"): _r("stud.bringin.ante", "stud.profile.stakes", "stud.streets.limits"),
    ("stud", "check", "round_bets"): _r("stud.bringin.forced", "stud.streets.limits"),
    ("stud", "check", "hands"): _r("stud.deal.order", "stud.streets.cards", "stud.streets.burn",
                                   "stud.runout.common"),
    ("stud", "check", "exposed"): _r("stud.streets.cards", "stud.deal.order", "stud.runout.common"),
    ("stud", "check", "stub"): _r("stud.profile.skip-last-burn", "stud.profile.reshuffle-burns",
                                  "stud.streets.burn", "stud.runout.common"),
    ("stud", "check", "common"): _r("stud.runout.common"),
    ("stud", "check", "folded"): _r("stud.streets.actions"),
    ("stud", "outcome", "shown"): _r("stud.profile.last-aggressor", "stud.showdown.order",
                                     "stud.showdown.muck"),
    ("stud", "outcome", "mucked"): _r("stud.showdown.muck", "stud.showdown.order"),
    ("stud", "outcome", "common"): _r("stud.runout.common", "stud.profile.reshuffle-burns"),
    ("stud", "outcome", "error"): _r("stud.profile.stakes", "stud.deal.players", "core.contract.setup"),
    ("stud", "outcome", "returned"): _r("stud.allin.pots", "core.chips.uncalled"),
    ("stud", "outcome", "pots"): _r("stud.allin.pots", "core.chips.side-pots"),
    ("stud", "outcome", "received"): _r(
        "stud.profile.odd-chip-suit", "stud.showdown.odd-chip", "stud.showdown.uncontested",
        "stud.allin.pots", "stud.showdown.award"),
    ("stud", "outcome", "net"): _r("stud.showdown.award"),
}
"""Candidate rules by (game, step kind, key); ``*`` matches any game or key. The first candidate
the case lists wins; the game's own entries come before those for every game."""

OUTCOME_ORDER = (
    "error", "qualified", "qualifies", "award", "excluded_why", "excluded", "declarations", "pick_orders",
    "sitting_out", "categories", "order", "cards", "shown", "mucked", "common", "result", "next_dealer",
    "carry", "pots", "returned", "shares", "received", "net",
)
"""Outcome keys, the most telling first: a failure on several keys is put on the first of these."""

FALLBACK: How = "first"


@dataclass(frozen=True, slots=True)
class Attribution:
    rule: RuleId
    how: How


def step_kind(step: Mapping[str, Json]) -> StepKind:
    return next(k for k in STEP_KINDS if k in step)


def step_keys(step: Mapping[str, Json]) -> tuple[str, ...]:
    """The keys ``DEFAULTS`` looks a step up by: an action's verb, a reject's reason, the keys a
    legal or check step compares."""
    kind = step_kind(step)
    if kind == "act":
        words = str(step["act"]).split()
        return (words[1] if len(words) > 1 else "",)
    if kind == "reject":
        return (str(step["reason"]),)
    if kind in ("legal", "check"):
        return tuple(cast(dict[str, Json], step[kind]))
    return ()


def candidates(game: str, kind: str, keys: Sequence[str]) -> Iterator[RuleId]:
    for key in (*keys, ANY):
        yield from DEFAULTS.get((game, kind, key), ())
    for key in (*keys, ANY):
        yield from DEFAULTS.get((ANY, kind, key), ())


def _resolve(rules: Sequence[str], explicit: Json, game: str, kind: str, keys: Sequence[str]) -> Attribution:
    if isinstance(explicit, str):
        return Attribution(RuleId(explicit), "explicit")
    listed = set(rules)
    found = next((r for r in candidates(game, kind, keys) if r in listed), None)
    if found is not None:
        return Attribution(found, "table")
    return Attribution(RuleId(rules[0]), "only" if len(rules) == 1 else "first")


def _rules(data: Mapping[str, Json]) -> list[str]:
    return [str(r) for r in cast(list[Json], data["rules"])]


def of_step(data: Mapping[str, Json], index: int, differing: Sequence[str] = (),
            refused: str | None = None) -> Attribution:
    """The rule step ``index`` of the case ``data`` pins; for a failure, looked up by the keys of a
    legal or check step that differ (``differing``), and for an action the engine refused, by
    the game's entry for the reason it gave (``refused``) before the action's verb."""
    step = cast(list[dict[str, Json]], data["steps"])[index]
    kind, game = step_kind(step), str(data["game"])
    keys = [k for k in step_keys(step) if k in differing] or list(step_keys(step))
    if kind == "act" and refused is not None and DEFAULTS.get((game, "reject", refused)):
        listed = set(_rules(data))
        found = next((r for r in DEFAULTS[(game, "reject", refused)] if r in listed), None)
        if found is not None and not isinstance(step.get("rule"), str):
            return Attribution(found, "table")
    return _resolve(_rules(data), step.get("rule"), game, kind, keys)


def of_outcome(data: Mapping[str, Json], key: str) -> Attribution:
    """The rule outcome key ``key`` of the case ``data`` pins (for a core case: a key of its reply)."""
    explicit = cast(dict[str, Json], data.get("expect_rules", {})).get(key)
    return _resolve(_rules(data), explicit, str(data["game"]), "outcome", (key,))


def of_setup(data: Mapping[str, Json]) -> Attribution:
    """The rule a refused or wrongly accepted setup breaks."""
    if "error" in cast(dict[str, Json], data.get("expect", {})):
        return of_outcome(data, "error")
    return _resolve(_rules(data), None, str(data["game"]), "setup", ())


def first_key(keys: Sequence[str]) -> str | None:
    """Of the outcome keys that differ, the one a failure is put on (``OUTCOME_ORDER``)."""
    order = {k: i for i, k in enumerate(OUTCOME_ORDER)}
    return min(keys, key=lambda k: order.get(k, len(order)), default=None)


def every(data: Mapping[str, Json]) -> Iterator[tuple[str, Attribution]]:
    """(JSON path, attribution) of every step and every outcome key of a case."""
    for i in range(len(cast(list[Json], data.get("steps", [])))):
        yield f"steps/{i}", of_step(data, i)
    for key in cast(dict[str, Json], data.get("expect", {})):
        yield f"expect/{key}", of_outcome(data, key)


def suggest(data: Mapping[str, Json]) -> tuple[dict[int, RuleId], dict[str, RuleId]]:
    """An explicit rule for every step and outcome key of a case that resolves only by ``first``:
    the rule a step's note names if it names one of the case's rules, else the case's first rule
    (to be checked by hand). Returns (step index -> rule, outcome key -> rule)."""
    steps: dict[int, RuleId] = {}
    keys: dict[str, RuleId] = {}
    rules = _rules(data)
    for path, found in every(data):
        if found.how != "first":
            continue
        section, name = path.split("/")
        if section == "steps":
            note = str(cast(list[dict[str, Json]], data["steps"])[int(name)].get("note", ""))
            steps[int(name)] = next((RuleId(r) for r in rules if r in note), found.rule)
        else:
            keys[name] = found.rule
    return steps, keys


def _value_end(text: str, key: str) -> tuple[int, int]:
    """(start, end) of the value of the top-level ``key`` in a case file's text."""
    decoder = json.JSONDecoder()
    at = text.index(f'"{key}":')
    start = text.index(":", at) + 1
    while text[start].isspace():
        start += 1
    return start, decoder.raw_decode(text, start)[1]


def annotate(text: str, steps: Mapping[int, str], keys: Mapping[str, str]) -> str:
    """The case file ``text`` with a ``rule`` written into the given steps and the given
    ``expect_rules`` entries added, keeping the file's layout (each written where its object ends)."""
    decoder = json.JSONDecoder()
    edits: list[tuple[int, str]] = []
    if steps:
        start, end = _value_end(text, "steps")
        at, index = start + 1, 0
        while True:
            while text[at] in " \t\r\n,":
                at += 1
            if text[at] == "]":
                break
            after = decoder.raw_decode(text, at)[1]
            if index in steps:
                close = after - 1
                while text[close - 1].isspace():
                    close -= 1
                edits.append((close, f', "rule": {json.dumps(steps[index])}'))
            at, index = after, index + 1
    if keys:
        data = json.loads(text)
        merged = {**cast(dict[str, str], data.get("expect_rules", {})), **keys}
        line = f'"expect_rules": {json.dumps(merged, ensure_ascii=False)}'
        if "expect_rules" in data:
            start, end = _value_end(text, "expect_rules")
            text = text[:text.rindex('"expect_rules"', 0, start)] + line + text[end:]
        else:
            _, end = _value_end(text, "expect")
            edits.append((end, ",\n  " + line))
    for at, insert in sorted(edits, reverse=True):
        text = text[:at] + insert + text[at:]
    return text


def mutant_evidence(path: Path) -> dict[str, set[RuleId]]:
    """For the case in ``path``: each step (``steps/N``) or outcome key (``expect/KEY``) that fails
    first on some mutant of the case's game or of the core chapter, with the rules so broken."""
    from pokerspec.conformance.cases import Case, load_cases
    from pokerspec.conformance.grading import Verdict, difference, grade
    from pokerspec.conformance.reference_engine import ReferenceEngine
    from pokerspec.regress.mutants import MUTANTS

    cases, bad = load_cases([path])
    if bad:
        raise ValueError(f"{path}: {bad[0].field}: {bad[0].message}")
    case: Case = cases[0]
    steps = len(cast(list[Json], case.data.get("steps", [])))
    found: dict[str, set[RuleId]] = {}
    for mutant in (m for m in MUTANTS if m.game in ("core", case.game)):
        with mutant.patch():
            engine = ReferenceEngine()
            for profile in case.profiles or (None,):
                try:
                    result = grade(case, engine, profile)
                except Exception:  # a mutant may crash the reference: no evidence then
                    continue
                if result.verdict not in (Verdict.FAIL, Verdict.ERROR) or result.step is None:
                    continue
                if result.step < steps:
                    where = f"steps/{result.step}"
                else:
                    want = result.expected if isinstance(result.expected, dict) else {}
                    got = result.actual if isinstance(result.actual, dict) else {}
                    keys = [k for k in want if k not in got or difference(want[k], got[k], key=k, whole=True)]
                    where = f"expect/{first_key(keys) or next(iter(want), '')}"
                found.setdefault(where, set()).add(mutant.rule)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pokerspec.conformance.attribution",
        description="Print the rule every step and outcome key of each case file resolves to, and how "
                    "(explicit, table, only, first). With --write, write an explicit rule wherever it "
                    "resolves only to the case's first rule, to be checked by hand.")
    parser.add_argument("files", nargs="+", type=Path, metavar="CASE_FILE")
    parser.add_argument("--write", action="store_true", help="write the rules into the files")
    parser.add_argument("--mutants", action="store_true",
                        help="first name each step by the mutants that make it fail")
    args = parser.parse_args(argv)
    status = 0
    for path in cast(list[Path], args.files):
        data = cast(dict[str, Json], json.loads(path.read_text(encoding="utf-8")))
        if args.mutants:
            evident: dict[int, str] = {}
            for where, broken in sorted(mutant_evidence(path).items()):
                listed = sorted(r for r in broken if r in _rules(data))
                others = sorted(r for r in broken
                                if r not in _rules(data) and r.split(".")[0] == data["game"])
                print(f"{data['id']}\t{where}\tfails when broken: {', '.join(sorted(broken))}"
                      + (f"\tconsider listing: {', '.join(others)}" if others else ""))
                if where.startswith("steps/") and len(listed) == 1:
                    index = int(where.split("/")[1])
                    if of_step(data, index).rule != listed[0]:
                        evident[index] = listed[0]
            if args.write and evident:
                path.write_text(annotate(path.read_text(encoding="utf-8"), evident, {}), encoding="utf-8")
                data = cast(dict[str, Json], json.loads(path.read_text(encoding="utf-8")))
        for where, found in every(data):
            print(f"{data['id']}\t{where}\t{found.rule}\t{found.how}")
            status |= found.how == "first"
        if args.write:
            steps, keys = suggest(data)
            if steps or keys:
                path.write_text(annotate(path.read_text(encoding="utf-8"), steps, keys), encoding="utf-8")
    return 1 if status and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
