"""The tests a change can move, for ``tasks.py test --quick``: those that import a changed module
(through any chain of imports), and those ``pokerspec where`` lists for the rules the changed
files implement (the rules a changed reference module cites, a changed spec page anchors, a
changed case pins). ``python -m pokerspec.regress.quick [FILE ...]`` prints them, one per line;
without files, the files changed in the work tree against ``HEAD`` (untracked ones included).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from pokerspec.core.types import RuleId

TESTS = ("conformance/suites", "docs/tests")
MODULE = re.compile(r"pokerspec(?:\.\w+)+")


def changed_files(root: Path) -> list[str]:
    """The files the work tree changes against ``HEAD``, and the untracked ones."""
    found: list[str] = []
    for command in (["git", "diff", "--name-only", "HEAD"],
                    ["git", "ls-files", "--others", "--exclude-standard"]):
        done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
        found += [line for line in done.stdout.splitlines() if line]
    return sorted(set(found))


def module_name(rel: str) -> str | None:
    """``reference/pokerspec/auction/setup.py`` -> ``pokerspec.auction.setup``."""
    if not rel.startswith("reference/pokerspec/") or not rel.endswith(".py"):
        return None
    name = rel.removeprefix("reference/").removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


@cache
def modules(root: Path) -> frozenset[str]:
    """Every module of the package in the checkout."""
    base = root / "reference"
    return frozenset(name for p in (base / "pokerspec").rglob("*.py")
                     if (name := module_name(p.relative_to(root).as_posix())))


@cache
def imports(path: Path, root: Path) -> frozenset[str]:
    """The ``pokerspec`` modules a file imports: its import statements (a ``from a import b``
    counts ``a`` and ``a.b``), the module names it writes as strings (a command table), and for
    ``importlib.import_module(f"pokerspec.{game}.profiles")`` every module the pattern fits."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return frozenset()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and MODULE.fullmatch(node.value):
            found.add(node.value)
        elif isinstance(node, ast.JoinedStr):
            pattern = "".join(re.escape(str(v.value)) if isinstance(v, ast.Constant) else r"\w+"
                              for v in node.values)
            if pattern.startswith("pokerspec"):
                found |= {m for m in modules(root) if re.fullmatch(pattern, m)}
    return frozenset(n for n in found if n == "pokerspec" or n.startswith("pokerspec."))


def _closure(root: Path, start: Iterable[str]) -> set[str]:
    """Every module reachable from ``start`` through imports (with the packages on the way)."""
    seen: set[str] = set()
    todo = list(start)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        base = root / "reference" / Path(*name.split("."))
        for file in (base.with_suffix(".py"), base / "__init__.py"):
            if file.is_file():
                todo += imports(file, root)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
    return seen


def test_files(root: Path) -> list[Path]:
    return [p for folder in TESTS for p in sorted((root / folder).rglob("test_*.py"))]


def importers(root: Path, changed: set[str]) -> set[str]:
    """The test files that import one of the ``changed`` modules, directly or through others."""
    return {p.relative_to(root).as_posix() for p in test_files(root)
            if changed & _closure(root, imports(p, root) | _conftests(root, p))}


def _conftests(root: Path, test: Path) -> frozenset[str]:
    found: set[str] = set()
    for folder in test.parents:
        if folder == root.parent:
            break
        if (folder / "conftest.py").is_file():
            found |= imports(folder / "conftest.py", root)
    return frozenset(found)


def rules_of(root: Path, files: Sequence[str]) -> set[str]:
    """The rules the changed files implement: cited by a changed reference module, anchored in a
    changed spec page, pinned by a changed case."""
    from pokerspec.conformance.cases import load_cases
    from pokerspec.traceability import collect

    trace = collect(root)
    changed = set(files)
    rules = {rule for rule, places in trace.code.items() if any(p.path in changed for p in places)}
    rules |= {rule for rule, info in trace.rules.items() if str(info.page) in changed or any(
        str(info.page).removesuffix(".md") + f".{lang}.md" in changed for lang in ("ru", "pt", "fr"))}
    cases = [c for c in load_cases([root / "conformance" / "vectors"], spec=None)[0]
             if c.path.resolve().relative_to(root).as_posix() in changed]
    return rules | {str(r) for c in cases for r in c.rules}


def selection(root: Path, files: Sequence[str]) -> list[str]:
    """The test files (or, for the JavaScript engine, ``node``) the changed ``files`` can move."""
    from pokerspec.regress.where import parameters, test_places
    from pokerspec.traceability import collect

    changed = {m for f in files if (m := module_name(f))}
    chosen = importers(root, changed) if changed else set()
    chosen |= {f for f in files if f.startswith(TESTS) and Path(f).name.startswith("test_")
               and (root / f).is_file()}
    trace = collect(root)
    for rule in sorted(rules_of(root, files)):
        game = rule.split(".")[0]
        params = parameters(RuleId(rule), game, trace, root)[0] if game != "core" else []
        chosen |= {p.path for p in test_places(RuleId(rule), game, params, root)}
    return sorted(chosen)


def main(argv: Sequence[str] | None = None) -> int:
    from pokerspec.resources import source_checkout

    root = source_checkout()
    if root is None:
        print("the quick selection reads a source checkout", file=sys.stderr)
        return 2
    files = list(argv if argv is not None else sys.argv[1:]) or changed_files(root)
    print("\n".join(selection(root, files)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
