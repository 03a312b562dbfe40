"""PHH files as TOML documents: reading with line numbers for error messages, and writing the
small subset of TOML a hand history needs (docs/examples/real-hands.md).

A PHH file is one TOML table of fields (``variant``, ``antes``, ``actions`` ...). Reading goes
through the standard library's ``tomllib``; each problem becomes a ``PhhError`` naming the file
and, where it can be found, the line. Writing handles exactly what pokerspec exports — strings,
whole numbers, booleans and flat arrays of them — and nothing else, so its output always reads
back through ``tomllib`` (and PokerKit's reader) as written.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pokerspec.outputs import printable
from pokerspec.resources import read_regular

TomlScalar = str | int | bool
TomlValue = TomlScalar | Sequence[TomlScalar]

_AT_LINE = re.compile(r"\(at line (\d+), column \d+\)")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


class PhhError(Exception):
    """A PHH file that cannot be used, or a hand that does not replay: ``code`` says what kind of
    problem, ``line`` and ``step`` (1-based, an index into ``actions``) say where, when known, and
    ``reason`` is the engine's rejection reason for an illegal action (``core.notation.reasons``)."""

    def __init__(self, code: str, message: str, *, line: int | None = None, step: int | None = None,
                 action: str | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = line
        self.step = step
        self.action = action
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Document:
    """One PHH file read: its fields as TOML gave them, and where each field and action is."""

    source: str
    fields: Mapping[str, object]
    lines: Mapping[str, int]
    """The line (1-based) on which each top-level key is written."""
    action_lines: tuple[int | None, ...]
    """The line of each string of ``actions``, in order (None where it could not be found)."""

    def line_of(self, key: str) -> int | None:
        return self.lines.get(key)


MAX_PHH_BYTES = 1 << 20
"""The largest PHH file read (a hand history is a few kilobytes)."""


def read_document(path: Path) -> Document:
    """Read one PHH file; a file that cannot be read or is not TOML raises ``PhhError``."""
    try:
        text = read_regular(path, MAX_PHH_BYTES).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PhhError("unreadable", f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise PhhError("unreadable", f"{path}: cannot read: {exc.strerror or exc}") from None
    return parse_document(text, str(path))


def parse_document(text: str, source: str) -> Document:
    """Parse PHH text; ``source`` names it in messages."""
    try:
        fields = tomllib.loads(text)
    except RecursionError:
        raise PhhError("bad_toml", f"{source}: not TOML this reader can take: nested too deeply") from None
    except tomllib.TOMLDecodeError as exc:
        match = _AT_LINE.search(str(exc))
        line = int(match.group(1)) if match else None
        if line is None and "end of document" in str(exc):
            line = max(1, len(text.splitlines()))
        reason = re.sub(r"\s*\(at [^)]*\)", "", str(exc))
        where = f" line {line}" if line else ""
        raise PhhError("bad_toml", f"{source}{where}: not valid TOML: {reason}", line=line) from None
    lines = _key_lines(text)
    raw = fields.get("actions")
    actions = [a for a in raw if isinstance(a, str)] if isinstance(raw, list) else []
    return Document(source, fields, lines, _action_lines(text, lines.get("actions"), actions))


def _key_lines(text: str) -> dict[str, int]:
    """The first line of each top-level ``key = value``; tables (``[x]``) end the top level."""
    found: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            break
        match = re.match(r"""\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_-]+))\s*=""", line)
        if match:
            key = next(g for g in match.groups() if g is not None)
            found.setdefault(key, number)
    return found


_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')
"""A one-line TOML string, basic (``"..."``, with escapes) or literal (``'...'``)."""
LOOKAHEAD = 64
"""How many strings past the last one found an action's text is looked for: the next string is
the next action but for strings that are not actions (a nested array's), and a bound keeps the
work linear in the file however many actions are not found."""


def _action_lines(text: str, start: int | None, actions: Sequence[str]) -> tuple[int | None, ...]:
    """Where each action string is written: the strings from the ``actions`` key on, read once,
    matched in order (each action written as ``'...'`` or ``"..."``)."""
    if start is None:
        return tuple(None for _ in actions)
    lines = text.splitlines()
    strings: list[tuple[int, str]] = []
    for number in range(start - 1, len(lines)):
        line = lines[number]
        column = line.index("=") if number == start - 1 and "=" in line else 0
        strings += [(number + 1, m.group()) for m in _STRING.finditer(line, column)]
    out: list[int | None] = []
    at = 0
    for action in actions:
        candidates = (repr(action), _basic_string(action))
        found = next((i for i in range(at, min(at + LOOKAHEAD, len(strings))) if strings[i][1] in candidates),
                     None)
        out.append(None if found is None else strings[found][0])
        at = at if found is None else found + 1
    return tuple(out)


def dumps(fields: Mapping[str, TomlValue], comments: Sequence[str] = (),
          multiline: Sequence[str] = ()) -> str:
    """TOML text for ``fields`` in the order given, after ``comments`` (one ``#`` line each). An
    array named in ``multiline`` is written one element a line."""
    out = [f"# {printable(c)}" if c else "#" for c in comments]
    for key, value in fields.items():
        name = key if _BARE_KEY.fullmatch(key) else _basic_string(key)
        if isinstance(value, (str, int, bool)):
            out.append(f"{name} = {_scalar(value)}")
        elif key in multiline and value:
            out.append(f"{name} = [")
            out += [f"  {_scalar(item)}," for item in value]
            out.append("]")
        else:
            out.append(f"{name} = [{', '.join(_scalar(item) for item in value)}]")
    return "\n".join(out) + "\n"


def _scalar(value: TomlScalar) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if "'" not in value and "\n" not in value and all(c == "\t" or 0x20 <= ord(c) != 0x7F for c in value):
        return f"'{value}'"
    return _basic_string(value)


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _basic_string(value: str) -> str:
    """A TOML basic string: quotes, backslashes and every control character escaped."""
    chars = []
    for c in value:
        if c in _ESCAPES:
            chars.append(_ESCAPES[c])
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            chars.append(f"\\u{ord(c):04X}")
        else:
            chars.append(c)
    return '"' + "".join(chars) + '"'
