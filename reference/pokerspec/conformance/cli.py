"""``pokerspec conformance``: ``run`` the suite against an engine (docs/engine-authors/running.md);
``list`` the index of cases; ``fuzz`` lives in ``pokerspec.conformance.fuzz`` and registers
itself here.

Exit status of ``run``: 0 when every required case passed (or was skipped as unsupported) and
every case file is valid; 1 when a required case failed or errored or a case file is bad; 2 when
the engine cannot be reached or the options are wrong; 5 when the options select no case.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from pokerspec.conformance import fuzz, fuzz_ranking
from pokerspec.conformance import report as reports
from pokerspec.conformance.adapters import DEFAULT_TIMEOUT, open_engine
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.protocol import EngineFailure, handshake
from pokerspec.conformance.runner import Run, Selection, plan, run

PROGRESS_FROM = 200
"""Show a progress bar (on a terminal, without ``--quiet``) from this many case runs."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    """Add ``name`` (``conformance``) with its subcommands to the ``pokerspec`` command."""
    parser = subparsers.add_parser(name, help="run the conformance suite against an engine",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_subcommands(parser)


def add_subcommands(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="conformance_command", required=True)
    add_run(sub)
    add_list(sub)
    # ``fuzz`` is owned by pokerspec.conformance.fuzz, which adds its own subcommand.
    fuzz.register(sub)
    fuzz_ranking.add_mode(sub.choices["fuzz"])  # its ranking-only mode, --ranking (docs/engines/)


def add_run(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("run", help="grade an engine on the suite, rule by rule",
                       description="Grade an engine on every selected case, under each profile it lists.")
    p.add_argument("--impl", default="reference",
                   help="reference (default), python:module.or/file.py:Factory, or exec:'command args'")
    _selection_options(p)
    p.add_argument("--report", type=Path, metavar="OUT.jsonl", help="write a JSON-lines report")
    p.add_argument("--junit", type=Path, metavar="OUT.xml", help="write a JUnit XML report")
    p.add_argument("--strict", action="store_true",
                   help="validate every request and reply against protocol.schema.json")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                   help=f"seconds an exec engine has for each reply (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--quiet", action="store_true", help="no progress bar and no tables: failures and totals")
    p.set_defaults(handler=handle_run)


def _selection_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", action="append", default=[], help="only this game (core, archie, auction, stud)")
    p.add_argument("--rule", action="append", default=[],
                   help="only cases pinning a rule ID with this prefix")
    p.add_argument("--case", action="append", default=[], help="only this case ID (shell patterns allowed)")
    p.add_argument("--profile", help="only this profile (core cases still run)")
    p.add_argument("--vectors", action="append", default=[], type=Path, metavar="DIR",
                   help="more case files or directories, added to conformance/vectors")
    p.add_argument("--no-default-vectors", action="store_true", help="only the --vectors cases")


def add_list(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("list", help="the index of cases: id, game, kind, level, profiles, rules",
                       description="List the selected cases (the suite's index); bad case files are "
                       "listed too, with the offending field.")
    _selection_options(p)
    p.add_argument("--json", action="store_true", help="one JSON object per case instead of a table")
    p.set_defaults(handler=handle_list)


def handle_list(args: argparse.Namespace) -> int:
    console = Console(highlight=False, soft_wrap=True)
    dirs = ([] if args.no_default_vectors else [VECTORS]) + list(args.vectors)
    cases, bad = load_cases(dirs)
    selection = Selection(tuple(args.game), tuple(args.rule), tuple(args.case), args.profile)
    chosen = [c for c in cases if selection.wants(c)]
    if args.json:
        for c in chosen:
            print(json.dumps({"id": c.id, "game": c.game, "kind": c.kind, "level": c.data["level"],
                              "profiles": list(c.profiles), "rules": list(c.rules),
                              "title": c.data["title"], "path": str(c.path)}, ensure_ascii=False))
    else:
        reports.case_index(console, chosen)
    for b in bad:
        _problem(console, f"bad case file {b.path}:", f"{b.field}: {b.message}")
    return 1 if bad else 0


def _problem(console: Console, headline: str, detail: str) -> None:
    console.print(f"[red]{headline}[/] ", end="")
    console.print(detail, markup=False)


def handle_run(args: argparse.Namespace) -> int:
    console = Console(highlight=False, soft_wrap=True)
    missing = [d for d in args.vectors if not d.exists()]
    if missing:
        _problem(console, "no such case directory or file:", ", ".join(map(str, missing)))
        return 2
    dirs = ([] if args.no_default_vectors else [VECTORS]) + list(args.vectors)
    cases, bad = load_cases(dirs)
    items = plan(cases, Selection(tuple(args.game), tuple(args.rule), tuple(args.case), args.profile))
    if not items and not bad:
        _problem(console, "no case selected", f"among {len(cases)} cases in {', '.join(map(str, dirs))}")
        return 5
    try:
        engine = open_engine(args.impl, args.timeout, args.strict)
    except (ValueError, ImportError, OSError) as exc:
        _problem(console, "cannot open engine:", str(exc))
        return 2
    try:
        hello = handshake(engine)
    except EngineFailure as exc:
        engine.close()
        _problem(console, f"engine handshake failed ({exc.kind}):", f"{exc}\n{exc.stderr_tail}".strip())
        return 2
    show = console.is_terminal and not args.quiet and len(items) >= PROGRESS_FROM
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=True, disable=not show) as bar:
            task = bar.add_task(hello.name, total=len(items))

            def advance(_: Run) -> None:
                bar.advance(task)

            result = run(engine, hello, items, bad, advance)
    finally:
        engine.close()
    reports.summary(console, result, tables=not args.quiet)
    if args.report:
        reports.write_jsonl(args.report, result)
    if args.junit:
        reports.write_junit(args.junit, result)
    return 0 if result.ok else 1


def main(argv: list[str] | None = None) -> int:
    """``python -m pokerspec.conformance.cli run ...``: the same as ``pokerspec conformance run ...``."""
    parser = argparse.ArgumentParser(prog="pokerspec conformance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_subcommands(parser)
    args = parser.parse_args(argv)
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
