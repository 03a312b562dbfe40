"""``pokerspec golden check|update``: generated regression baselines.

For every profile, the reference traces each case that lists it and a fixed corpus of random
legal hands into ``conformance/golden/<game>/<profile>.jsonl`` (core cases go to
``conformance/golden/core/core.jsonl``): a header line marking the file as a generated
baseline, then each trace in a stable order as one line for its head, one line per step and
one for its outcome (``trace_records``), so the git diff of a rule change reads step by step.
``check`` regenerates them in memory and fails with, per changed case or hand, its first
difference and a diff of its lines (capped), then a summary per file; ``update`` rewrites them
on purpose, in the same commit as the rule change that moved them.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from pokerspec.cli import UsageError
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.outputs import check_outputs, summary, write_text
from pokerspec.profiles import GAMES, all_profiles
from pokerspec.regress.corpus import corpus
from pokerspec.regress.diff import compare_traces
from pokerspec.regress.trace import (
    CORE_OPS,
    Trace,
    applicable,
    case_trace,
    corpus_trace,
    join_records,
    trace_records,
)
from pokerspec.resources import GOLDEN, MAX_CASE_BYTES, read_regular, source_checkout

SHOWN = 200
"""Lines of differences ``golden check`` prints before the per-file summary, unless ``--all``."""
HANDS = 30
SEED = 20261129
LABEL = "generated baseline — not a hand-worked case"


def _line(value: Json) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _header(game: str, profile: str | None, cases: int, hands: int) -> str:
    return _line({"golden": LABEL, "game": game, "profile": profile, "cases": cases,
                  "corpus": {"hands": hands, "seed": SEED}, "update": "pokerspec golden update"})


def generate(vectors: Sequence[Path] = (VECTORS,), games: Sequence[str] = (), hands: int = HANDS
             ) -> dict[str, str]:
    """Every golden file's text (of ``games``, default all), keyed by its path relative to
    ``conformance/golden``."""
    cases, _bad = load_cases(vectors)
    engine = ReferenceEngine()
    files: dict[str, str] = {}
    core = sorted((c for c in cases if c.kind in CORE_OPS), key=lambda c: c.id)
    if core and (not games or "core" in games):
        lines = [_header("core", None, len(core), 0)]
        lines += [_line(r) for c in core for r in trace_records(case_trace(c, None, engine))]
        files["core/core.jsonl"] = "\n".join(lines) + "\n"
    for name, profile in sorted(all_profiles().items()):
        if games and profile.game not in games:
            continue
        mine = sorted(applicable(cases, profile.game, [name]), key=lambda c: c.id)
        lines = [_header(profile.game, name, len(mine), hands)]
        lines += [_line(r) for c in mine for r in trace_records(case_trace(c, name, engine))]
        lines += [_line(r) for h in corpus(profile.game, name, hands, SEED)
                  for r in trace_records(corpus_trace(h, engine))]
        files[f"{profile.game}/{name}.jsonl"] = "\n".join(lines) + "\n"
    engine.close()
    return files


def _traces(text: str) -> dict[str, Trace]:
    records = [(n, cast(Json, json.loads(line))) for n, line in enumerate(text.splitlines()[1:], start=2)]
    return {str(trace["id"]): trace for _, trace in join_records(records)}


def _records(trace: Trace | None) -> list[str]:
    return [] if trace is None else [_line(r) for r in trace_records(trace)]


@dataclass(slots=True)
class FileChange:
    """How one golden file differs: the lines that say so, and what changed."""

    path: str
    lines: list[str] = field(default_factory=list)
    cases: int = 0
    hands: int = 0
    steps: int = 0
    """Changed steps, summed over the changed cases and hands."""

    def summary(self) -> str:
        return (f"{self.path}: {self.cases} case(s) and {self.hands} random hand(s) changed, "
                f"{self.steps} step(s)")


def explain(path: str, old: str, new: str) -> list[str]:
    """A readable account of how ``new`` differs from the committed ``old``: per changed case or
    hand, the first difference and a unified diff of its lines."""
    return explain_file(path, old, new).lines


def explain_file(path: str, old: str, new: str) -> FileChange:
    """``explain``, with the counts of changed cases, hands and steps."""
    found = FileChange(path)
    lines = found.lines
    old_traces, new_traces = _traces(old), _traces(new)
    old_head = cast(dict[str, Json], json.loads(old.splitlines()[0])) if old.strip() else {}
    new_head = cast(dict[str, Json], json.loads(new.splitlines()[0]))
    for key in sorted(set(old_head) | set(new_head)):
        if old_head.get(key) != new_head.get(key):
            was, now = _line(old_head.get(key)), _line(new_head.get(key))
            lines.append(f"{path}: header {key}: {was} -> {now}")
    for key in [*old_traces, *(k for k in new_traces if k not in old_traces)]:
        before, after = old_traces.get(key), new_traces.get(key)
        change = compare_traces(key, before, after, "golden", "now", [])
        if change is None:
            continue
        if change.kind == "corpus":
            found.hands += 1
        else:
            found.cases += 1
        if change.where == "presence":
            what = f"random hand {key}" if change.kind == "corpus" else f"case {key} ({change.kind})"
            lines.append(f"{path}: {what}: {'new' if before is None else 'gone'}")
            continue
        found.steps += sum(d.where == "step" for d in change.differences)
        lines.append(f"{path}: {change.headline()}")
        lines.extend(f"    {s}" for s in change.summary)
        lines.extend(difflib.unified_diff(_records(before), _records(after), f"golden/{key}", f"now/{key}",
                                            lineterm="", n=1))
    return found


GOLDEN_BYTES = 64 * MAX_CASE_BYTES
"""The largest golden file read (the largest committed one is about 2 MB)."""


def _is_golden(path: Path) -> bool:
    """A golden file: a regular file whose first line is a header naming itself one (any
    other ``*.jsonl`` under the directory is not this command's, so never deleted)."""
    if path.is_symlink() or not path.is_file():
        return False
    try:
        with path.open("rb") as f:
            head = json.loads(f.readline(MAX_CASE_BYTES))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(head, dict) and "golden" in head


def read_golden(path: Path) -> str:
    """A golden file's text, each line checked to be JSON; ``UsageError`` naming the file when
    it is not UTF-8, too big, or a line is not JSON Python's reader can take."""
    try:
        text = read_regular(path, GOLDEN_BYTES).decode("utf-8")
        for line in text.splitlines():
            json.loads(line)
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not a golden file: not UTF-8 ({exc.reason} at byte {exc.start})") from None
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"{path}: not a golden file: a line is not JSON ({type(exc).__name__})") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the golden file: {exc.strerror or exc}") from None
    return text


def _committed(golden: Path, games: Sequence[str]) -> set[str]:
    found = {p.relative_to(golden).as_posix() for p in golden.rglob("*.jsonl") if _is_golden(p)}
    return {p for p in found if not games or p.split("/")[0] in games}


def check(golden: Path = GOLDEN, vectors: Sequence[Path] = (VECTORS,), games: Sequence[str] = ()
          ) -> list[str]:
    """The differences between the committed golden files and a fresh generation (empty: none)."""
    return [line for change in check_files(golden, vectors, games) for line in change.lines]


def check_files(golden: Path = GOLDEN, vectors: Sequence[Path] = (VECTORS,), games: Sequence[str] = ()
                ) -> list[FileChange]:
    """``check``, file by file, with what changed in each."""
    fresh = generate(vectors, games)
    changes: list[FileChange] = []
    committed = _committed(golden, games)
    for path in sorted(committed - set(fresh)):
        changes.append(FileChange(path, [f"{path}: stale golden file (no such profile any more)"]))
    for path, text in sorted(fresh.items()):
        file = golden / path
        if not file.exists():
            changes.append(FileChange(path, [f"{path}: missing (run `pokerspec golden update`)"]))
            continue
        old = read_golden(file)
        if old != text:
            change = explain_file(path, old, text)
            change.lines = change.lines or [f"{path}: differs (layout only)"]
            changes.append(change)
    return changes


def update(golden: Path = GOLDEN, vectors: Sequence[Path] = (VECTORS,), games: Sequence[str] = ()
           ) -> list[str]:
    """Rewrite the golden files; return the paths that changed."""
    fresh = generate(vectors, games)
    changed: list[str] = []
    for path in sorted(_committed(golden, games) - set(fresh)):
        (golden / path).unlink()
        changed.append(path)
    for path, text in sorted(fresh.items()):
        file = golden / path
        if (file.exists() or file.is_symlink()) and not _is_golden(file):
            raise UsageError(f"{file}: not a golden file; it is not replaced (move it away)")
        if not file.exists() or read_golden(file) != text:
            file.parent.mkdir(parents=True, exist_ok=True)
            write_text(file, text)
            changed.append(path)
    return changed


def handler(args: argparse.Namespace) -> int:
    golden = Path(args.dir) if args.dir else GOLDEN
    if args.dir and not golden.is_dir():
        raise UsageError(f"--dir {args.dir}: no such directory (the golden traces are in conformance/golden)")
    if args.dir and args.action == "update":
        check_outputs({"--dir": golden}, [VECTORS], directories=True, suite=True)
    if args.action == "update" and not args.dir and source_checkout() is None:
        raise UsageError("this pokerspec is installed with its own copy of the golden traces: update them "
                         "in a clone (`python3 tasks.py test` installs it from there) or name a directory "
                         "with --dir")
    if args.action == "update":
        changed = update(golden, games=args.game)
        print("\n".join(f"updated {p}" for p in changed) or "golden traces already up to date")
        return 0
    changes = check_files(golden, games=args.game)
    if changes:
        lines = [line for change in changes for line in change.lines]
        shown = lines if args.all else lines[:SHOWN]
        print("\n".join(shown))
        if len(shown) < len(lines):
            print(f"... {len(lines) - len(shown)} more lines (--all prints them)")
        print("\nsummary:")
        print("\n".join(f"  {change.summary()}" for change in changes))
        print("\nbehaviour changed: if intended, run `pokerspec golden update` and commit the result "
              "(its git diff reads step by step)", file=sys.stderr)
        return 1
    print(f"golden traces match ({golden})")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = subparsers.add_parser(name, help="check or update the generated golden traces",
                                   description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("check", "update"))
    parser.add_argument("--dir", help="golden directory (default: the package's own; in a clone, "
                        "conformance/golden)")
    parser.add_argument("--game", action="append", default=[], choices=("core", *GAMES),
                        help="only this game's files (repeatable; default all)")
    parser.add_argument("--all", action="store_true", help=f"print every line of the differences, not the "
                        f"first {SHOWN}")
    parser.set_defaults(handler=handler)
    summary(parser)
