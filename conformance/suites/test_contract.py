"""The engine contract (spec/core/08-contract.md) against the schemas and the cases.

The chapter's tables are the one list of phases, observables, outcome keys, pot keys, winners
labels, values, setup codes and rejection reasons per game; this test reads them from the
chapter and checks that the case schema and the protocol schema declare exactly the same, that
no case uses a name the chapter does not declare, that every name the chapter declares is used by
at least one case, and that the reference reports exactly the names of its game.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pokerspec.conformance.cases import SCHEMA, Case, load_cases
from pokerspec.conformance.reference_engine import ReferenceEngine

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = ROOT / "spec" / "core" / "08-contract.md"
PROTOCOL = ROOT / "conformance" / "schema" / "protocol.schema.json"
GAMES = ("archie", "auction", "stud")
HEADING = re.compile(r"^#{2,6} .*\{#([a-z0-9.-]+)\}\s*$")
CODE = re.compile(r"`([^`]+)`")

Names = dict[str, set[str]]
"""Declared names by game."""


@cache
def tables() -> dict[str, list[list[str]]]:
    """The first table after each anchored heading of the chapter, header and rule rows dropped."""
    found: dict[str, list[list[str]]] = {}
    anchor: str | None = None
    for line in CHAPTER.read_text(encoding="utf-8").splitlines():
        heading = HEADING.match(line)
        if heading:
            anchor = heading.group(1)
        elif anchor is not None and line.startswith("|"):
            found.setdefault(anchor, []).append([c.strip() for c in line.strip().strip("|").split("|")])
        elif anchor in found:
            anchor = None
    return {a: [r for r in rows[1:] if set("".join(r)) - set("-: ")] for a, rows in found.items()}


def declared(section: str, name: int, games: int) -> Names:
    """``{game: names}`` from the chapter's table under ``core.contract.<section>``."""
    out: Names = defaultdict(set)
    for row in tables()[f"core.contract.{section}"]:
        for game in CODE.findall(row[games]):
            out[game].update(CODE.findall(row[name]))
    assert set(out) <= set(GAMES), f"{section}: unknown game in {sorted(out)}"
    return out


def values() -> dict[str, set[str]]:
    """The closed value lists of ``core.contract.values``, by key."""
    return {CODE.findall(row[0])[0]: set(CODE.findall(row[2])) for row in tables()["core.contract.values"]}


def hand_only() -> set[str]:
    return {CODE.findall(row[0])[0] for row in tables()["core.contract.outcome"] if "hand only" in row[3]}


CONTRACT = {
    "phases": lambda: declared("phases", 1, 0),
    "observables": lambda: declared("observables", 0, 1),
    "outcome": lambda: declared("outcome", 0, 1),
    "pots": lambda: declared("pots", 0, 1),
    "winners": lambda: declared("winners", 0, 1),
    "setup": lambda: declared("setup", 0, 1),
    "reasons": lambda: declared("precedence", 1, 2),
}


@cache
def all_cases() -> tuple[Case, ...]:
    good, bad = load_cases()
    assert not bad, bad
    return tuple(good)


def cases() -> tuple[Case, ...]:
    return tuple(c for c in all_cases() if c.game in GAMES)


def used() -> dict[str, Names]:
    """What the cases use, by category and game."""
    out: dict[str, Names] = {k: defaultdict(set) for k in CONTRACT}
    out["values"] = defaultdict(set)
    for case in all_cases():
        if case.kind == "ranking":
            out["values"]["categories"].update(case.data["expect"].get("categories", []))
    for case in cases():
        game, expect = case.game, case.data.get("expect", {})
        assert isinstance(expect, dict)
        if isinstance(expect.get("error"), str):  # a card error {code, token} is card notation's
            out["setup"][game].add(expect["error"])
        out["outcome"][game].update(k for k in expect if k != "error")
        for pot in expect.get("pots", []):
            out["pots"][game].update(pot)
            out["winners"][game].update(pot.get("winners", {}))
        for key in ("result", "award"):
            if key in expect:
                out["values"][key].add(expect[key])
        for key in ("categories", "declarations"):
            out["values"][key].update(expect.get(key, {}).values())
        for why in expect.get("excluded_why", {}).values():
            out["values"]["excluded_why"].update(why.values())
        for step in case.data.get("steps", []):
            check = step.get("check", {})
            out["observables"][game].update(check)
            if "phase" in check:
                out["phases"][game].add(check["phase"])
            out["values"]["declarations"].update(check.get("declarations", {}).values())
            if "reason" in step:
                out["reasons"][game].add(step["reason"])
    return out


@pytest.mark.parametrize("category", sorted(CONTRACT))
def test_every_case_uses_only_what_the_contract_declares(category: str) -> None:
    contract, seen = CONTRACT[category](), used()[category]
    extra = {game: seen[game] - contract[game] for game in GAMES if seen[game] - contract[game]}
    assert not extra, f"cases use {category} the contract does not declare: {extra}"


@pytest.mark.parametrize("category", sorted(CONTRACT))
def test_every_name_the_contract_declares_is_exercised_by_a_case(category: str) -> None:
    contract, seen = CONTRACT[category](), used()[category]
    missing = {game: contract[game] - seen[game] for game in GAMES if contract[game] - seen[game]}
    assert not missing, f"no case exercises these {category}: {missing}"


def test_values_are_declared_and_exercised() -> None:
    contract, seen = values(), used()["values"]
    for key, allowed in contract.items():
        assert seen[key] == allowed, f"{key}: cases {sorted(seen[key])}, contract {sorted(allowed)}"


def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return schema


def _per_game(schema: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for branch in schema["allOf"]:
        game = branch["if"]["properties"].get("game", {}).get("const")
        if game is not None:
            yield game, branch["then"]["properties"]


def test_the_case_schema_declares_exactly_the_contract() -> None:
    contract = {k: f() for k, f in CONTRACT.items()}
    schema = _schema()
    seen = set()
    for game, then in _per_game(schema):
        seen.add(game)
        expect, step = then["expect"], then["steps"]["items"]["properties"]
        pots = expect["properties"]["pots"]["items"]
        assert set(expect["propertyNames"]["enum"]) == contract["outcome"][game] | {"error"}, game
        assert set(expect["properties"]["error"]["anyOf"][0]["enum"]) == contract["setup"][game], game
        assert set(pots["propertyNames"]["enum"]) == contract["pots"][game], game
        assert set(pots["properties"]["winners"]["propertyNames"]["enum"]) == contract["winners"][game], game
        assert set(step["check"]["propertyNames"]["enum"]) == contract["observables"][game], game
        assert set(step["check"]["properties"]["phase"]["enum"]) == contract["phases"][game], game
        assert set(step["reason"]["enum"]) == contract["reasons"][game], game
    assert seen == set(GAMES)
    defs = schema["$defs"]
    union = {k: set().union(*v.values()) for k, v in contract.items()}
    assert set(defs["observation"]["properties"]) == union["observables"]
    assert set(defs["outcome"]["properties"]) == union["outcome"] | {"error"}
    assert set(defs["reason"]["enum"]) == union["reasons"]
    assert set(defs["category"]["enum"]) == values()["categories"]
    assert set(defs["verdict"]["enum"]) == values()["excluded_why"]
    outcome = defs["outcome"]["properties"]
    assert set(outcome["result"]["enum"]) == values()["result"]
    assert set(outcome["award"]["enum"]) == values()["award"]
    showdown = next(b["then"]["properties"]["expect"] for b in schema["allOf"]
                    if b["if"]["properties"].get("kind", {}).get("const") == "showdown")
    assert {r["required"][0] for r in showdown["not"]["anyOf"]} == hand_only()


def test_the_protocol_schema_declares_the_same_observables_and_outcome_keys() -> None:
    defs = json.loads(PROTOCOL.read_text(encoding="utf-8"))["$defs"]
    contract = {k: set().union(*f().values()) for k, f in CONTRACT.items()}
    assert set(defs["observation"]["properties"]) == contract["observables"]
    assert set(defs["outcome"]["properties"]) == contract["outcome"]
    assert set(defs["reason"]["enum"]) == contract["reasons"]


def test_the_reference_reports_exactly_the_observables_and_outcome_keys_of_its_game() -> None:
    observables, outcome = CONTRACT["observables"](), CONTRACT["outcome"]()
    only = hand_only()
    for case in cases():
        if case.kind not in ("hand", "showdown") or "error" in case.data["expect"]:
            continue
        engine = ReferenceEngine()
        op = "new_hand" if case.kind == "hand" else "showdown"
        reply = engine.handle({"op": op, "game": case.game, "profile": case.profiles[0],
                               "setup": case.data["setup"]})
        if case.kind == "hand":
            assert set(engine.handle({"op": "observe"})["observation"]) == observables[case.game], case.id
            for step in case.data["steps"]:
                if "act" in step:
                    engine.handle({"op": "act", "action": step["act"]})
            reply = engine.handle({"op": "outcome"})
        keys = set(reply["outcome"])
        want = outcome[case.game] - (set() if case.kind == "hand" else only)
        if case.game == "archie" and reply["outcome"]["result"] == "fold":
            want -= {"award", "qualified", "categories"}
        assert keys == want, f"{case.id}: reports {sorted(keys)}, the contract lists {sorted(want)}"
