"""``pokerspec where RULE_ID``: every place a rule lives, before you change it.

The spec's paragraphs in each language, the profile parameters the rule reads (found in the
reference code that cites it) with their values and the invariants that tie them to other
parameters, every sentence of the prose that states one of them (four languages: spec, site,
rulings, summaries, findings), the reference code, the JavaScript engine's code and constants,
the cases that pin
it and their profiles, the cases that depend on its parameters' values without pinning it
(stacks against the reserve, amounts at a bound), the perft positions copied from those cases,
the tests that name it (every line), its parameters or their distinctive values, the
golden traces and imported real hands it moves, the mutants that break it, and the site pages.
docs/maintainers/regression.md (the rule-change recipe) starts from it. Exit status 0, or 2 for
an unknown rule ID (with the closest IDs).

Installed from a wheel, it shows what the wheel carries — the spec, the reference code, the
cases, the golden traces, the mutants — at their installed paths, and says which parts need a
clone of the repository (``CLONE_ONLY``).
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import difflib
import inspect
import json
import re
import tempfile
import textwrap
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

import pokerspec
from pokerspec.cli import UsageError
from pokerspec.conformance.cases import Case, load_cases
from pokerspec.core.game import Json
from pokerspec.core.types import Chips, RuleId
from pokerspec.profiles import all_profiles, default_profile
from pokerspec.resources import REPOSITORY_PLACES, data, source_checkout
from pokerspec.rules import LANGUAGES, translation_path
from pokerspec.traceability import Traceability, collect

SECTIONS = ("spec", "prose", "parameters", "reference", "javascript", "cases", "moved", "perft", "tests",
            "golden", "imported", "mutants", "site")
"""Every kind of place a rule lives, in the order a rule change visits them."""
DISTINCTIVE = 10
"""A literal number in a test counts as a hard-coded parameter from this value up: smaller ones
(a bid of 3, a seat count of 2) occur everywhere for other reasons, so only names find them."""
JS = "conformance/examples/js"
CLONE_ONLY = {"javascript": JS, "tests": "conformance/suites", "site": "docs"}
"""The sections whose files only a clone of the repository has (a wheel carries none of them)."""


@dataclass(frozen=True, slots=True)
class Place:
    """One place: a file, a line (0: the whole file) and what is there."""

    path: str
    line: int
    what: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}  {self.what}" if self.what else where

    def to_json(self) -> dict[str, Json]:
        return {"path": self.path, "line": self.line, "what": self.what}


@dataclass(frozen=True, slots=True)
class Parameter:
    """A field of the game's rules object that the rule reads (``direct``) or that an invariant
    ties to one it reads; ``values`` by profile."""

    name: str
    direct: bool
    values: dict[str, str]

    def __str__(self) -> str:
        distinct = set(self.values.values())
        value = next(iter(distinct)) if len(distinct) == 1 else ", ".join(
            f"{v} ({p})" for p, v in self.values.items())
        how = "read by the rule" if self.direct else "tied to it by an invariant"
        return f"{self.name} = {value}  ({how})"


@dataclass(slots=True)
class Whereabouts:
    """The answer for one rule: each section's places, in ``SECTIONS`` order."""

    rule: RuleId
    title: str
    game: str
    parameters: list[Parameter]
    places: dict[str, list[Place]]

    def to_json(self) -> dict[str, Json]:
        return {"rule": self.rule, "title": self.title, "game": self.game,
                "parameters": [{"name": p.name, "direct": p.direct, "values": dict(p.values)}
                               for p in self.parameters],
                "places": {s: [p.to_json() for p in self.places[s]] for s in SECTIONS}}


def rule_pattern(rule: str) -> re.Pattern[str]:
    """The rule ID as a whole word, never the prefix of a longer ID (a rule ending in ``bid``
    does not match one ending in ``bids-paid``)."""
    return re.compile(r"(?<![\w.-])" + re.escape(rule) + r"(?![\w-])")


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _files(root: Path, folder: str, suffix: str) -> Iterator[Path]:
    base = root / folder
    yield from (p for p in sorted(base.rglob(f"*{suffix}")) if "node_modules" not in p.parts)


# --- the rule's parameters -------------------------------------------------------------------


def _rules_class(game: str) -> type:
    return type(default_profile(game).rules)


def _fields(game: str) -> list[str]:
    kind = _rules_class(game)
    names = [f.name for f in dataclasses.fields(kind)]
    return names + [n for n, v in vars(kind).items() if isinstance(v, property)]


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _enclosing(tree: ast.Module, line: int) -> ast.AST | None:
    """The innermost function or class whose source spans ``line``."""
    best: ast.AST | None = None
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            end = node.end_lineno or node.lineno
            if node.lineno <= line <= end and (best is None or node.lineno >= getattr(best, "lineno", 0)):
                best = node
    return best


def _names(node: ast.AST) -> set[str]:
    """Argument names, attribute names and plain names used in ``node``."""
    found: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.arg):
            found.add(sub.arg)
        elif isinstance(sub, ast.Attribute):
            found.add(sub.attr)
        elif isinstance(sub, ast.Name):
            found.add(sub.id)
    return found


def _self_fields(node: ast.AST, kind: type, name: str = "self",
                 inside: frozenset[Callable[..., object]] = frozenset()) -> set[str]:
    """The fields of the rules object ``name`` that ``node`` reads: ``name.X``, properties expanded
    to the fields they read, and what a function of the rules' module reads when it is handed the
    object (``max_contribution(self)`` reads ``rules.cap`` and, through ``unit``, the bets)."""
    found: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == name:
            found.add(sub.attr)
            prop = vars(kind).get(sub.attr)
            if isinstance(prop, property) and prop.fget is not None:
                found |= _self_fields(ast.parse(_dedent(prop.fget)), kind)
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name):
            function = vars(inspect.getmodule(kind)).get(sub.func.id)
            handed = [i for i, a in enumerate(sub.args) if isinstance(a, ast.Name) and a.id == name]
            if handed and inspect.isfunction(function) and function not in inside:
                params = inspect.signature(function).parameters
                for i in handed:
                    if i < len(params):
                        found |= _function_fields(function, kind, list(params)[i], inside | {function})
    return found


@cache
def _function_fields(function: Callable[..., object], kind: type, param: str,
                     inside: frozenset[Callable[..., object]]) -> frozenset[str]:
    """The fields of the rules object a module function reads through its parameter ``param``
    (``inside``: the functions being read already, so that a recursive helper is read once)."""
    return frozenset(_self_fields(ast.parse(_dedent(function)), kind, param, inside))


def _dedent(function: Callable[..., object]) -> str:
    return textwrap.dedent(inspect.getsource(function))


def invariants(game: str) -> list[tuple[str, set[str], str, int]]:
    """The rules object's checks in ``__post_init__``: (condition text, the fields it reads,
    file, line)."""

    kind = _rules_class(game)
    post = vars(kind).get("__post_init__")
    if post is None:
        return []
    file = inspect.getsourcefile(post) or ""
    first = inspect.getsourcelines(post)[1]
    found: list[tuple[str, set[str], str, int]] = []
    tree = ast.parse(_dedent(post))
    local: dict[str, ast.expr] = {}
    """Local names (``need = self.ante + ...``) and their values."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            local[node.targets[0].id] = node.value
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            reads, text = _self_fields(node.test, kind), ast.unparse(node.test)
            for name in sorted(_names(node.test) & set(local)):
                reads |= _self_fields(local[name], kind)
                text += f" where {name} = {ast.unparse(local[name])}"
            found.append((text, reads, file, first + node.lineno - 1))
    return found


def parameters(rule: RuleId, game: str, trace: Traceability, root: Path
               ) -> tuple[list[Parameter], list[Place]]:
    """The fields of the game's rules the rule's code reads, those an invariant ties to them, and
    the invariants as places."""
    fields = _fields(game)
    direct: set[str] = set()
    for loc in trace.code.get(rule, ()):
        node = _enclosing(_tree(root / loc.path), loc.line)
        if node is not None and not isinstance(node, ast.ClassDef):
            direct |= _names(node) & set(fields)
    tied: set[str] = set()
    places: list[Place] = []
    for text, reads, file, line in invariants(game):
        if reads & direct:
            tied |= reads - direct
            path = Path(file).resolve()
            shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else file
            places.append(Place(shown, line, f"invariant: {text}"))
    games = [p for p in all_profiles().values() if p.game == game]
    params = [Parameter(name, name in direct, {p.name: _shown(getattr(p.rules, name)) for p in games})
              for name in fields if name in direct | tied]
    return params, places


def _shown(value: object) -> str:
    """A parameter's value as a maintainer writes it: an enum by its value."""
    return str(value.value) if isinstance(value, Enum) else str(value)


def _spellings(name: str) -> list[str]:
    """``max_bid``, ``MAX_BID`` and ``maxBid``: how Python and JavaScript name a parameter."""
    head, *rest = name.split("_")
    return [name, name.upper(), head + "".join(w.title() for w in rest)]


def _word(spellings: Iterable[str]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, spellings)) + r")(?!\w)|\.(?:"
                      + "|".join(map(re.escape, spellings)) + r")(?!\w)")


# --- the sections ----------------------------------------------------------------------------


def spec_places(rule: RuleId, trace: Traceability, root: Path) -> list[Place]:
    """The rule's paragraphs, heading to next heading, in every language."""
    english = trace.rules[rule].page
    places: list[Place] = []
    for lang in LANGUAGES:
        path = translation_path(english, lang)
        file = root / path
        if not file.exists():
            places.append(Place(path, 0, f"{lang}: missing"))
            continue
        lines = _lines(file)
        start = next((i for i, line in enumerate(lines, 1) if "{#" + rule + "}" in line), 0)
        end = next((i for i, line in enumerate(lines[start:], start + 1) if line.startswith("#")),
                   len(lines) + 1)
        span = f"lines {start}-{end - 1}" if start else "no anchor"
        places.append(Place(path, start, f"{lang}: {span}"))
    return places


def prose_places(game: str, params: list[Parameter], root: Path) -> list[Place]:
    """Every sentence of the spec, the site, the rulings, the profile summaries and the findings
    that states one of the rule's parameters, in any language (``pokerspec.regress.stated``)."""
    from pokerspec.regress.stated import statements

    names = {p.name for p in params}
    return [Place(s.path, s.line, "states " + ", ".join(f"{k} = {v}" for k, v in s.states.items()))
            for s in statements(root) if s.game == game and names & set(s.states)]


def js_places(rule: RuleId, game: str, params: list[Parameter], root: Path) -> list[Place]:
    """The JavaScript engine's comments citing the rule, and the game's constants named after the
    rule's parameters (``MAX_BID`` for ``max_bid``) with every line that uses them."""
    cite = rule_pattern(rule)
    consts = {p.name.upper(): p.name for p in params}
    declared = re.compile(r"export const (" + "|".join(map(re.escape, consts)) + r")\b") if consts else None
    use = re.compile(r"\b(" + "|".join(map(re.escape, consts)) + r")\b") if consts else None
    places: list[Place] = []
    for file in _files(root, JS, ".js"):
        rel = file.relative_to(root).as_posix()
        if "/test/" in rel:
            continue
        for number, line in enumerate(_lines(file), 1):
            if cite.search(line):
                places.append(Place(rel, number, "cites the rule"))
            elif f"/lib/{game}/" not in rel:
                continue
            elif declared and (m := declared.search(line)):
                places.append(Place(rel, number, f"constant {m.group(1)} = rules.{consts[m.group(1)]}"))
            elif use and (m := use.search(line)) and not line.lstrip().startswith(("import", "*", "/")):
                places.append(Place(rel, number, f"uses {m.group(1)}"))
    return places


def test_places(rule: RuleId, game: str, params: list[Parameter], root: Path) -> list[Place]:
    """Python and JavaScript tests that name the rule or a parameter, or (in the game's own test
    files) hard-code a parameter's distinctive value — one place per file, its lines listed."""
    cite = rule_pattern(rule)
    named = _word([s for p in params for s in _spellings(p.name)]) if params else None
    literal: dict[str, str] = {}
    for p in params:
        for value in p.values.values():
            if value.isdigit() and int(value) >= DISTINCTIVE:
                literal.setdefault(value, p.name)
    number_re = re.compile(r"(?<![\w.])(" + "|".join(literal) + r")(?![\w.])") if literal else None
    files = [*_files(root, "conformance/suites", ".py"), *_files(root, f"{JS}/test", ".js")]
    places: list[Place] = []
    for file in files:
        rel = file.relative_to(root).as_posix()
        text = file.read_text(encoding="utf-8")
        own = f"/{game}/" in rel or game in file.name
        about = own or game in text
        hits: dict[str, list[int]] = {}
        for number, line in enumerate(_lines(file), 1):
            if cite.search(line):
                hits.setdefault("names the rule", []).append(number)
            if about and named and (m := named.search(line)):
                hits.setdefault(f"names {m.group(0).lstrip('.')}", []).append(number)
            if own and number_re and (m := number_re.search(line)):
                hits.setdefault(f"literal {m.group(1)} (= {literal[m.group(1)]})", []).append(number)
        if hits:
            first = min(n for ns in hits.values() for n in ns)
            what = "; ".join(f"{k} at line{'s' if len(v) > 1 else ''} {_ranges(v)}" for k, v in hits.items())
            places.append(Place(rel, first, what))
    return places


def _ranges(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))


def _relative(path: Path, root: Path) -> str:
    """``path`` as a path inside ``root`` (followed through links only if it must be)."""
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.resolve().relative_to(root).as_posix()


def case_places(rule: RuleId, cases: list[Case], root: Path) -> list[Place]:
    return [Place(_relative(c.path, root), 0,
                  f"{c.id} ({'required' if c.required else 'optional'}) under "
                  f"{', '.join(c.profiles) or 'no profile'}")
            for c in cases if rule in c.rules]


def _chips(game: str) -> set[str]:
    """The fields of the game's rules object that are amounts of chips."""
    hints = typing.get_type_hints(_rules_class(game))
    return {name for name, hint in hints.items() if hint is Chips}


def _amount(action: object) -> int | None:
    parts = str(action).split()
    return int(parts[2]) if len(parts) == 3 and parts[2].isdigit() else None


def depends(case: Case, game: str, params: list[Parameter]) -> list[str]:
    """What in a case's setup or steps depends on a value of ``params`` although the case may
    pin none of their rules: a stack under twice a reserve (a higher reserve refuses or seats it
    differently), an action amount at a bound or one past it (``bid 3`` at ``max_bid`` 3, ``bid
    4`` refused past it)."""
    chips = _chips(game)
    profiles = list(case.profiles) or [default_profile(game).name]
    setup = case.data.get("setup")
    stacks = setup.get("stacks") if isinstance(setup, dict) else None
    steps = case.data.get("steps")
    amounts = {a for step in (steps if isinstance(steps, list) else []) if isinstance(step, dict)
               for a in (_amount(step.get("act")), _amount(step.get("reject"))) if a is not None}
    found: list[str] = []
    for p in params:
        values = {int(v) for name, v in p.values.items() if name in profiles and v.isdigit()}
        if p.name not in chips or not values:
            continue
        if "reserve" in p.name and isinstance(stacks, list):
            near = sorted({s for s in stacks if isinstance(s, int) and any(s < 2 * v for v in values)})
            if near:
                found.append(f"stacks {', '.join(map(str, near))} against {p.name} {_values(values)}")
        bound = {v for v in values for v in ((v, v + 1) if p.name.startswith("max_") else (v, v - 1))} \
            if p.name.startswith(("max_", "min_")) else set()
        if hit := sorted(amounts & bound):
            found.append(f"amounts {', '.join(map(str, hit))} at or past {p.name} {_values(values)}")
    return found


def _values(values: set[int]) -> str:
    return "/".join(map(str, sorted(values)))


def moved_places(rule: RuleId, game: str, params: list[Parameter], cases: list[Case], root: Path
                 ) -> list[Place]:
    """Cases of the game that do not pin the rule but whose setup or steps depend on its
    parameters' values (``depends``): a change of the value moves them too."""
    return [Place(_relative(c.path, root), 0, f"{c.id}: {'; '.join(why)}")
            for c in cases if c.game == game and rule not in c.rules and (why := depends(c, game, params))]


def perft_places(rule: RuleId, game: str, params: list[Parameter], cases: list[Case], root: Path
                 ) -> list[Place]:
    """The standard perft positions copied from a case that pins the rule or depends on its
    parameters (their setup and actions are the case's: change them with it), then the command
    that regenerates the game's tables."""
    from pokerspec.perft.positions import positions

    folder = root / "conformance" / "perft" / "positions"
    if not folder.is_dir():
        return []
    by_id = {c.id: c for c in cases if c.game == game}
    mine = [p for p in positions(folder).values() if p.game == game]
    places: list[Place] = []
    for position in mine:
        source = max((i for i in by_id if position.name == i or position.name.startswith(i + "-")),
                     key=len, default=None)
        case = by_id.get(source or "")
        if case is not None and (rule in case.rules or depends(case, game, params)):
            places.append(Place(_relative(folder / f"{position.name}.json", root), 0,
                                f"{position.name}: a copy of case {case.id}'s setup and actions"))
    if mine:
        places.append(Place("pokerspec perft --update", 0,
                            f"regenerates the tables of the game's {len(mine)} positions"))
    return places


def golden_places(rule: RuleId, game: str, cases: list[Case], root: Path) -> list[Place]:
    """Per golden file of the game: the traces of the cases that pin the rule (their first
    line), and the random hands any rule of the game can move."""
    places: list[Place] = []
    pinned = [c for c in cases if rule in c.rules]
    folder = "core" if game == "core" else game
    for file in sorted((root / "conformance" / "golden" / folder).glob("*.jsonl")):
        rel = file.relative_to(root).as_posix()
        profile = file.stem
        mine = [c.id for c in pinned if game == "core" or profile in c.profiles]
        lines = _lines(file)
        first = next((i for i, line in enumerate(lines, 1) if any(f'"id":"{c}"' in line for c in mine)), 0)
        hands = json.loads(lines[0]).get("corpus", {}).get("hands", 0) if lines else 0
        places.append(Place(rel, first, f"{len(mine)} pinning case(s), {hands} random hands"))
    return [*places, Place("pokerspec golden update", 0, "regenerates them")] if places else []


def imported_places(rule: RuleId, game: str, cases: list[Case], root: Path) -> list[Place]:
    """Imported real hands of the game: their expectations are the table's own, so any rule of
    the game can move them; the command re-imports them."""
    places: list[Place] = []
    for c in cases:
        tags = c.data.get("tags")
        if c.game == game and isinstance(tags, list) and "imported" in tags:
            pins = "pins the rule" if rule in c.rules else "replays under the game's rules"
            places.append(Place(_relative(c.path, root), 0, f"{c.id}: {pins}"))
    return [*places, Place(REIMPORT, 0, "re-imports them")] if places else []


REIMPORT = ("pokerspec phh import conformance/data/phh/wsop-2023-event-43/*.phh --id stud-phh-0401 "
            "--out conformance/vectors/stud/phh --overwrite")
"""The command that regenerates the imported real hands (docs/examples/real-hands.md)."""


def mutant_places(rule: RuleId, game: str, root: Path) -> list[Place]:
    """Mutants that break the rule; mutants run every case under every profile it lists."""
    from pokerspec.regress.mutants import MUTANTS

    path = "reference/pokerspec/regress/mutants.py"
    lines = _lines(root / path)
    places: list[Place] = []
    for m in MUTANTS:
        if m.rule == rule:
            line = next((i for i, text in enumerate(lines, 1) if f'Mutant("{m.name}"' in text), 0)
            places.append(Place(path, line, f"{m.name}: {m.wrong}"))
    if not places and game != "core":
        places.append(Place(path, 0, "no mutant breaks this rule (consider adding one)"))
    return places


def site_places(rule: RuleId, root: Path) -> list[Place]:
    """Site pages outside the spec that link or name the rule (the spec pages are the rule itself)."""
    cite = rule_pattern(rule)
    places: list[Place] = []
    for file in _files(root, "docs", ".md"):
        lines = _lines(file)
        hits = [i for i, line in enumerate(lines, 1) if cite.search(line)]
        if hits:
            places.append(Place(file.relative_to(root).as_posix(), hits[0], f"lines {_ranges(hits)}"))
    return places


def where(rule: str, root: Path) -> Whereabouts:
    """Every place ``rule`` lives in the checkout at ``root``; ``UsageError`` for an unknown ID."""
    trace = collect(root)
    if rule not in trace.rules:
        close = difflib.get_close_matches(rule, list(trace.rules), n=5, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else "; `pokerspec where --list` lists them"
        raise UsageError(f"unknown rule ID {rule!r}{hint}")
    rid = RuleId(rule)
    game = rule.split(".")[0]
    cases = load_cases([root / "conformance" / "vectors"], spec=None)[0]
    params, invariant_places = parameters(rid, game, trace, root) if game != "core" else ([], [])
    places: dict[str, list[Place]] = {
        "spec": spec_places(rid, trace, root),
        "prose": prose_places(game, params, root),
        "parameters": invariant_places,
        "reference": [Place(loc.path, loc.line, "cites the rule") for loc in trace.code.get(rid, ())],
        "javascript": js_places(rid, game, params, root),
        "cases": case_places(rid, cases, root),
        "moved": moved_places(rid, game, params, cases, root) if params else [],
        "perft": perft_places(rid, game, params, cases, root) if game != "core" else [],
        "tests": test_places(rid, game, params, root),
        "golden": golden_places(rid, game, cases, root),
        "imported": imported_places(rid, game, cases, root),
        "mutants": mutant_places(rid, game, root),
        "site": site_places(rid, root),
    }
    return Whereabouts(rid, trace.rules[rid].title, game, params, places)


def render(found: Whereabouts) -> str:
    lines = [f"{found.rule}: {found.title}"]
    for section in SECTIONS:
        places = found.places[section]
        lines.append("")
        lines.append(f"{section} ({len(places) + (len(found.parameters) if section == 'parameters' else 0)})")
        if section == "parameters":
            lines.extend(f"  {p}" for p in found.parameters)
        lines.extend(f"  {p}" for p in places)
        if not places and not (section == "parameters" and found.parameters):
            lines.append("  (none)")
    return "\n".join(lines)


PACKAGE = Path(pokerspec.__file__).parent
INSTALLED = {**{place: data(name) for name, place in REPOSITORY_PLACES.items()},
             "reference/pokerspec": PACKAGE}
"""Each repository folder an installed package carries, and where it is installed."""


def installed_layout(tmp: Path) -> Path:
    """A directory laid out like the repository whose folders link to the installed package's
    (``INSTALLED``), for reading an installed package as ``where`` reads a clone."""
    for place, target in INSTALLED.items():
        link = tmp / place
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(target, target_is_directory=True)
    return tmp


def installed(found: Whereabouts) -> Whereabouts:
    """``found`` (read through ``installed_layout``) with every path the installed file's, and
    each section only a clone has saying so."""
    def real(path: str) -> str:
        for place, target in INSTALLED.items():
            if path.startswith(place + "/"):
                return str(target / path[len(place) + 1:])
        return path

    places = {s: [dataclasses.replace(p, path=real(p.path)) for p in found.places[s]] for s in SECTIONS}
    for section, folder in CLONE_ONLY.items():
        places[section] = [Place(folder, 0, "not in the installed package: clone the repository to see it")]
    return dataclasses.replace(found, places=places)


def handler(args: argparse.Namespace) -> int:
    root = source_checkout()
    with tempfile.TemporaryDirectory(prefix="pokerspec-where-") as tmp:
        base = root if root is not None else installed_layout(Path(tmp))
        if args.list:
            print("\n".join(collect(base).rules))
            return 0
        if not args.rule:
            raise UsageError("name a rule ID (`pokerspec where --list` lists them)")
        found = where(args.rule, base) if root is not None else installed(where(args.rule, base))
    print(json.dumps(found.to_json(), indent=2, ensure_ascii=False) if args.json else render(found))
    if root is None and not args.json:
        print(f"\nFrom the installed package: {', '.join(CLONE_ONLY)} ({', '.join(CLONE_ONLY.values())}) "
              "are only in a clone of the repository.")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = subparsers.add_parser(name, help="every place a rule lives: spec, code, JavaScript engine, "
                                   "cases, tests, golden traces, mutants, site", description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rule", metavar="RULE_ID", nargs="?")
    parser.add_argument("--json", action="store_true", help="print JSON for tools")
    parser.add_argument("--list", action="store_true", help="list every rule ID")
    parser.set_defaults(handler=handler)
