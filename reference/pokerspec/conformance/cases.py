"""Loading case files: every file is validated against the published JSON Schema, then its
contents are checked against the spec — rule IDs the spec defines, profiles of the case's game,
card tokens that can be read — so a malformed file becomes a ``BadCase`` naming its path, the
JSON path of the offending field and what is wrong, never a crash and never a case that an
engine "fails" because the file itself is wrong.

The suite's own cases are package data (``pokerspec.resources.VECTORS``); ``--vectors`` adds
an author's own.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import cast

import jsonschema

from pokerspec.core.actions import ActionError, parse_action
from pokerspec.core.cards import CardError, parse_card
from pokerspec.core.game import Json
from pokerspec.profiles import all_profiles
from pokerspec.resources import SCHEMAS, SPEC, display, read_case_file
from pokerspec.resources import VECTORS as VECTORS  # the suite's own cases, imported from here too
from pokerspec.rules import is_rule_id, page_language, read_headings

SCHEMA = SCHEMAS / "case.schema.json"
CANONICAL_CARD = re.compile(r"[2-9TJQKA][cdhs]")
EXPECTED_CARDS = frozenset({"cards", "common", "row", "exposed", "hands"})
SEAT_NAME = re.compile(r"p([1-9][0-9]?)")
"""Keys of expected values (``expect``, ``check``) that hold cards: replies use canonical cards,
so these must be canonical (``As``, ``Td``) or no engine could ever match them."""


@dataclass(frozen=True, slots=True)
class Case:
    path: Path
    data: dict[str, Json]

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def title(self) -> str:
        return str(self.data["title"])

    @property
    def game(self) -> str:
        return str(self.data["game"])

    @property
    def kind(self) -> str:
        return str(self.data["kind"])

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(str(r) for r in cast(list[Json], self.data["rules"]))

    @property
    def profiles(self) -> tuple[str, ...]:
        return tuple(str(p) for p in cast(list[Json], self.data.get("profiles", [])))

    @property
    def required(self) -> bool:
        return self.data["level"] == "required"

    @property
    def where(self) -> str:
        """The file as a reader finds it (``conformance/vectors/...`` for the suite's own)."""
        return display(self.path)


@dataclass(frozen=True, slots=True)
class BadCase:
    path: Path
    field: str
    message: str

    @property
    def where(self) -> str:
        return display(self.path)


@cache
def validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


@cache
def spec_rules(spec: Path = SPEC) -> frozenset[str]:
    """Every rule ID the spec in ``spec`` defines: the rule anchors of its English pages."""
    found: set[str] = set()
    for page in spec.rglob("*.md"):
        if page_language(page.name)[0] == "en":
            found.update(h.anchor for h in read_headings(page.read_text(encoding="utf-8"))
                         if h.anchor and is_rule_id(h.anchor))
    return frozenset(found)


def _suggest(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=3, cutoff=0.75)
    return f" (did you mean {' or '.join(close)}?)" if close else ""


Problem = tuple[str, str]
"""(JSON path, message)."""


def _cards_read(value: Json, path: str) -> Iterator[Problem]:
    """Card tokens a case gives an engine (any accepted spelling: ``10h``, ``A♠``)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _cards_read(inner, f"{path}/{key}")
    elif isinstance(value, list):
        for i, token in enumerate(value):
            if isinstance(token, list):
                yield from _cards_read(token, f"{path}/{i}")
                continue
            try:
                parse_card(str(token))
            except CardError as exc:
                yield f"{path}/{i}", str(exc)


def _cards_expected(value: Json, path: str, key: str = "") -> Iterator[Problem]:
    """Cards in expected values must be canonical; ``key`` is the nearest enclosing key."""
    if isinstance(value, dict):
        for k, inner in value.items():
            yield from _cards_expected(inner, f"{path}/{k}", k if k in EXPECTED_CARDS else key)
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _cards_expected(inner, f"{path}/{i}", key)
    elif key in EXPECTED_CARDS and isinstance(value, str) and not CANONICAL_CARD.fullmatch(value):
        yield path, f"{value!r} is not a canonical card (rank 23456789TJQKA then suit cdhs, e.g. Td)"


def _seats_named(value: Json, seats: int, path: str) -> Iterator[Problem]:
    """Every seat named in ``value`` (a key, or a string on its own) is one of the case's
    ``seats``: an expectation for a seat that is not at the table can never be met."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _seats_named(key, seats, f"{path}/{key}")
            yield from _seats_named(inner, seats, f"{path}/{key}")
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _seats_named(inner, seats, f"{path}/{i}")
    elif isinstance(value, str) and (m := SEAT_NAME.fullmatch(value)) and int(m[1]) > seats:
        yield path, f"{value} is not one of the case's {seats} seats (p1 to p{seats})"


def _action(text: Json, seats: int, path: str) -> Iterator[Problem]:
    written = str(text)
    try:
        parse_action(written.removesuffix(" *") if written.split()[1:2] == ["sd"] else written, seats)
    except ActionError as exc:
        yield path, f"not an action: {exc}"


def content_problems(data: dict[str, Json], rules: frozenset[str] | None) -> Iterator[Problem]:
    """What the schema cannot see: rule IDs (unless ``rules`` is None), each step's ``rule`` and
    each ``expect_rules`` entry one of the case's rules (naming an outcome key the case expects),
    profiles, card tokens, seats beyond the table in the setup or the expectation, actions, and
    each ``pop`` step having a ``push`` before it to go back to (in file order)."""
    listed = cast(list[str], data["rules"])
    for i, rule in enumerate(listed):
        if rules is not None and rule not in rules:
            yield f"rules/{i}", f"{rule!r} is not a rule ID of the spec{_suggest(rule, rules)}"
    own = f"is not one of the case's rules ({', '.join(listed)})"
    for i, step in enumerate(cast(list[dict[str, Json]], data.get("steps", []))):
        if "rule" in step and step["rule"] not in listed:
            yield f"steps/{i}/rule", f"{step['rule']!r} {own}"
    for key, named in cast(dict[str, Json], data.get("expect_rules", {})).items():
        if named not in listed:
            yield f"expect_rules/{key}", f"{named!r} {own}"
        elif key not in cast(dict[str, Json], data.get("expect", {})):
            yield f"expect_rules/{key}", f"{key!r} is not a key of the case's expect"
    game = str(data["game"])
    mine = sorted(name for name, p in all_profiles().items() if p.game == game)
    for i, profile in enumerate(cast(list[str], data.get("profiles", []))):
        if profile not in mine:
            known = ", ".join(mine) or "none: core cases hold under every profile"
            yield f"profiles/{i}", f"{profile!r} is not a profile of {game} (profiles: {known})"
    setup = cast(dict[str, Json], data.get("setup", {}))
    expect = cast(dict[str, Json], data.get("expect", {}))
    if data["kind"] != "notation" and "error" not in expect:
        for key in ("deck", "hands"):
            if key in setup:
                yield from _cards_read(setup[key], f"setup/{key}")
    yield from _cards_expected(expect, "expect")
    stacks = setup.get("stacks")
    seats = len(stacks) if isinstance(stacks, list) else 9
    table = setup.get("seats", len(stacks) if isinstance(stacks, list) else None)
    if isinstance(table, int) and "error" not in expect:
        yield from _seats_named(cast(Json, setup), table, "setup")
        yield from _seats_named(cast(Json, expect), table, "expect")
    kept = 0
    for i, step in enumerate(cast(list[dict[str, Json]], data.get("steps", []))):
        kept += ("push" in step) - ("pop" in step)
        if kept < 0:
            yield f"steps/{i}/pop", ("a pop with no position to go back to: every pop needs an earlier "
                                     "push of the case that no other pop has gone back to")
            kept = 0
        if "act" in step:
            yield from _action(step["act"], seats, f"steps/{i}/act")
        legal = step.get("legal")
        if isinstance(legal, dict):
            for j, text in enumerate(cast(list[Json], legal.get("actions", []))):
                yield from _action(text, seats, f"steps/{i}/legal/actions/{j}")
        if "check" in step:
            yield from _cards_expected(step["check"], f"steps/{i}/check")


def load_case(path: Path, spec: Path | None = SPEC) -> Case | BadCase:
    """The case in ``path``, or what is wrong with it; its rule IDs must be defined by the spec
    in ``spec`` (None: not checked — ``pokerspec.traceability`` reports them itself)."""
    try:
        data = json.loads(read_case_file(path).decode("utf-8"))
    except json.JSONDecodeError as exc:
        return BadCase(path, "", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except (OSError, ValueError) as exc:  # UnicodeDecodeError included
        return BadCase(path, "", f"cannot read: {exc}")
    except RecursionError:
        return BadCase(path, "", "nested too deeply to read (a case is a few levels deep)")
    errors = sorted(validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        best = jsonschema.exceptions.best_match(errors)
        where = "/".join(str(p) for p in best.absolute_path) or "(top level)"
        return BadCase(path, where, best.message)
    for where, message in content_problems(data, None if spec is None else spec_rules(spec)):
        return BadCase(path, where, message)
    return Case(path, data)


def case_files(dirs: Iterable[Path]) -> Iterator[Path]:
    for d in dirs:
        if d.is_file():
            yield d
        else:
            yield from sorted(d.rglob("*.json"))


def load_cases(dirs: Sequence[Path] = (VECTORS,), spec: Path | None = SPEC
               ) -> tuple[list[Case], list[BadCase]]:
    """Every case under ``dirs`` (checked against the spec in ``spec``: ``load_case``);
    duplicate IDs are reported as bad cases."""
    good: list[Case] = []
    bad: list[BadCase] = []
    seen: dict[str, Path] = {}
    for path in case_files(dirs):
        loaded = load_case(path, spec)
        if isinstance(loaded, BadCase):
            bad.append(loaded)
        elif loaded.id in seen:
            first = display(seen[loaded.id])
            bad.append(BadCase(path, "id", f"case id {loaded.id} is already used by {first}"))
        else:
            seen[loaded.id] = path
            good.append(loaded)
    return good, bad
