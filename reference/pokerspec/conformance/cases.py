"""Loading case files: every file is validated against the published JSON Schema; a malformed
file becomes a ``BadCase`` naming its path and the offending field, never a crash."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import cast

import jsonschema

from pokerspec.core.game import Json

ROOT = Path(__file__).resolve().parents[3]
"""The repository root (the package is installed editable from ``reference/``)."""
VECTORS = ROOT / "conformance" / "vectors"
SCHEMA = ROOT / "conformance" / "schema" / "case.schema.json"


@dataclass(frozen=True, slots=True)
class Case:
    path: Path
    data: dict[str, Json]

    @property
    def id(self) -> str:
        return str(self.data["id"])

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


@dataclass(frozen=True, slots=True)
class BadCase:
    path: Path
    field: str
    message: str


@cache
def validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def load_case(path: Path) -> Case | BadCase:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        return BadCase(path, "", f"cannot read: {exc}")
    except json.JSONDecodeError as exc:
        return BadCase(path, "", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    errors = sorted(validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        best = jsonschema.exceptions.best_match(errors)
        where = "/".join(str(p) for p in best.absolute_path) or "(top level)"
        return BadCase(path, where, best.message)
    return Case(path, data)


def case_files(dirs: Iterable[Path]) -> Iterator[Path]:
    for d in dirs:
        if d.is_file():
            yield d
        else:
            yield from sorted(d.rglob("*.json"))


def load_cases(dirs: Sequence[Path] = (VECTORS,)) -> tuple[list[Case], list[BadCase]]:
    """Every case under ``dirs``; duplicate IDs are reported as bad cases."""
    good: list[Case] = []
    bad: list[BadCase] = []
    seen: dict[str, Path] = {}
    for path in case_files(dirs):
        loaded = load_case(path)
        if isinstance(loaded, BadCase):
            bad.append(loaded)
        elif loaded.id in seen:
            bad.append(BadCase(path, "id", f"case id {loaded.id} is already used by {seen[loaded.id]}"))
        else:
            seen[loaded.id] = path
            good.append(loaded)
    return good, bad
