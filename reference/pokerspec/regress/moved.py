"""What a rule change moved: the profile parameters whose values differ and the reference
functions whose code differs, each put down to the rule it implements.

A parameter belongs to the first rule ID its field's docstring cites (``max_bid`` to
``auction.auction.bid``), else to the first its type's docstring cites; a function to the first
rule ID its docstring cites. ``pokerspec diff`` files each difference under these rules.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import textwrap
import typing
from collections.abc import Iterator
from enum import Enum
from pathlib import Path

from pokerspec.core.types import RuleId

CITED = re.compile(r"``([a-z]+(?:\.[a-z0-9-]+){2,})``")
"""A rule ID as docstrings cite it: ``game.chapter.rule``."""
SKIPPED = ("regress", "viewer")
"""Packages a diff driver does not trace with (``regress``) or that decide no rule (``viewer``)."""


def cited(text: str | None) -> RuleId | None:
    """The first rule ID ``text`` cites."""
    found = CITED.search(text or "")
    return RuleId(found.group(1)) if found else None


def parameter_rules(kind: type) -> dict[str, RuleId]:
    """Each field of the rules class ``kind`` and the rule it belongs to (fields whose docstrings
    and types cite none are left out: ``test_every_parameter_names_its_rule`` forbids them)."""
    cls = ast.parse(textwrap.dedent(inspect.getsource(kind))).body[0]
    assert isinstance(cls, ast.ClassDef)
    docs: dict[str, str] = {}
    for node, after in zip(cls.body, [*cls.body[1:], None], strict=True):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) \
                and isinstance(after.value.value, str):
            docs[node.target.id] = after.value.value
    hints = typing.get_type_hints(kind)
    found: dict[str, RuleId] = {}
    for field in dataclasses.fields(kind):
        rule = cited(docs.get(field.name)) or cited(inspect.getdoc(hints[field.name]))
        if rule is not None:
            found[field.name] = rule
    return found


def shown(value: object) -> str:
    """A parameter's value as a maintainer writes it: an enum by its value."""
    return str(value.value) if isinstance(value, Enum) else str(value)


def parameter_values(rules: object) -> dict[str, str]:
    """Every field of a profile's rules object and its value as shown."""
    assert dataclasses.is_dataclass(rules) and not isinstance(rules, type)
    return {f.name: shown(getattr(rules, f.name)) for f in dataclasses.fields(rules)}


Function = ast.FunctionDef | ast.AsyncFunctionDef


def _functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, Function]]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, Function):
            yield prefix + node.name, node
            yield from _functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node, f"{prefix}{node.name}.")


def _bodies(path: Path) -> dict[str, tuple[str, RuleId | None]]:
    """Each function of a module by qualified name: its code without docstrings, and the rule
    its docstring cites."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return {}
    found: dict[str, tuple[str, RuleId | None]] = {}
    for name, node in _functions(tree):
        doc = ast.get_docstring(node)
        body = node.body[1:] if doc is not None else node.body
        code = "\n".join(ast.dump(n) for n in body if not isinstance(n, Function))
        found[name] = (code, cited(doc))
    return found


def code_rules(tree_a: Path, tree_b: Path) -> list[RuleId]:
    """The rules of the reference functions (under ``reference/pokerspec`` of two checkouts)
    whose code differs, docstrings and comments aside, in file order."""
    found: list[RuleId] = []
    base_a, base_b = tree_a / "reference" / "pokerspec", tree_b / "reference" / "pokerspec"
    paths = sorted({p.relative_to(base).as_posix() for base in (base_a, base_b) if base.is_dir()
                    for p in base.rglob("*.py")})
    for rel in paths:
        if rel.split("/")[0] in SKIPPED:
            continue
        a, b = _bodies(base_a / rel), _bodies(base_b / rel)
        for name in [*a, *(n for n in b if n not in a)]:
            if a.get(name, ("", None))[0] != b.get(name, ("", None))[0]:
                rule = (b.get(name) or a[name])[1]
                if rule is not None and rule not in found:
                    found.append(rule)
    return found
