"""The reference code that cites rules: the function, class, assignment or module around each citation."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pokerspec.core.types import RuleId
from pokerspec.traceability import Traceability

SNIPPET_LINES = 30
"""At most this many lines of an item are shown beside a rule."""


@dataclass(frozen=True, slots=True)
class CodeItem:
    """A piece of reference code that cites rules: ``qualname`` is empty for the module itself."""

    path: str
    module: str
    qualname: str
    line: int
    end_line: int
    rules: tuple[RuleId, ...]

    @property
    def anchor(self) -> str:
        """``pokerspec.core.high.high_rank5``; a dunder loses its underscores
        (``ArchieRules.post_init``), which Markdown would read as bold in a heading's attributes."""
        name = f"{self.module}.{self.qualname}" if self.qualname else self.module
        return re.sub(r"(?<![\w])__(\w+?)__(?!\w)", r"\1", name)

    @property
    def name(self) -> str:
        return self.qualname or self.module


def module_name(path: str) -> str:
    """``reference/pokerspec/core/high.py`` -> ``pokerspec.core.high``."""
    parts = path.removeprefix("reference/").removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _spans(tree: ast.Module) -> list[tuple[str, int, int]]:
    """(qualname, first line, last line) of every def and class, and of every top-level or class
    assignment together with the docstring that follows it."""
    spans: list[tuple[str, int, int]] = []

    def visit(body: Sequence[ast.stmt], prefix: str) -> None:
        for i, node in enumerate(body):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                spans.append((prefix + node.name, start, node.end_lineno or node.lineno))
                visit(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                end = node.end_lineno or node.lineno
                nxt = body[i + 1] if i + 1 < len(body) else None
                if isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant) and isinstance(
                    nxt.value.value, str
                ):
                    end = nxt.end_lineno or end
                if names:
                    spans.append((prefix + names[0], node.lineno, end))

    visit(tree.body, "")
    return spans


def code_items(root: Path, trace: Traceability) -> list[CodeItem]:
    """Group the code citations of ``trace`` by the innermost definition that holds them."""
    by_file: dict[str, list[tuple[RuleId, int]]] = {}
    for rule, places in trace.code.items():
        for place in places:
            by_file.setdefault(place.path, []).append((rule, place.line))
    items: list[CodeItem] = []
    for path, cites in sorted(by_file.items()):
        text = (root / path).read_text(encoding="utf-8")
        tree = ast.parse(text)
        spans = _spans(tree)
        doc_end = 1
        if tree.body and isinstance(tree.body[0], ast.Expr) and isinstance(tree.body[0].value, ast.Constant):
            doc_end = tree.body[0].end_lineno or 1
        grouped: dict[tuple[str, int, int], list[RuleId]] = {}
        for rule, line in cites:
            holders = [s for s in spans if s[1] <= line <= s[2]]
            span = min(holders, key=lambda s: s[2] - s[1]) if holders else ("", 1, max(doc_end, line))
            if rule not in grouped.setdefault(span, []):
                grouped[span].append(rule)
        module = module_name(path)
        for (qualname, start, end), rules in sorted(grouped.items(), key=lambda kv: kv[0][1]):
            items.append(CodeItem(path, module, qualname, start, end, tuple(rules)))
    return items


def snippet(root: Path, item: CodeItem, more: str) -> list[str]:
    """The item's source as a fenced block (at most ``SNIPPET_LINES`` lines); ``more`` is the note
    shown when lines are left out, with ``{n}`` and ``{path}`` placeholders."""
    source = (root / item.path).read_text(encoding="utf-8").splitlines()
    stop = min(item.end_line, item.line + SNIPPET_LINES - 1)
    body = source[item.line - 1 : stop]
    rest = item.end_line - stop
    note = ["*… " + more.format(n=rest, path=f"`{item.path}`") + "*", ""] if rest > 0 else []
    return [f'```python linenums="{item.line}"', *body, "```", "", *note]
