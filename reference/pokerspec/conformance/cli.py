"""``pokerspec conformance``: ``run`` the suite against an engine (docs/engine-authors/running.md);
``list`` the index of cases; ``fuzz`` and ``merge`` live in ``pokerspec.fuzz.campaign``
and register themselves here.

Everything a run needs is checked before the first case: the ``--vectors`` paths exist, the
report paths can be written, ``--timeout`` is positive, and every name given — game, profile,
rule prefix, case ID, ``--require`` capability — exists (else exit 2, listing what does).

Exit status of ``run``: 0 when every required case passed (or was skipped as unsupported),
something was tested, nothing ``--require`` names was skipped and every case file is valid; 1
when a required case failed or errored, every case run was skipped, a ``--require`` item was
skipped, or a case file is bad; 2 when the run cannot be made (a usage error, an engine that
cannot be started or fails its handshake); 130 or 143 when interrupted (the partial report is
still written).

A report is never written over an input (a case file, or any ``.json`` under a ``--vectors``
directory) or over the other report, and is written to a temporary file renamed into place.
"""

from __future__ import annotations

import argparse
import difflib
import json
import time
from collections.abc import Iterable, Sequence
from fnmatch import fnmatchcase
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from pokerspec.cli import Interrupted, UsageError, positive_seconds, run_cli
from pokerspec.conformance import report as reports
from pokerspec.conformance.adapters import DEFAULT_TIMEOUT, ExecEngine, StrictEngine, open_engine
from pokerspec.conformance.cases import VECTORS, Case, case_files, load_cases, spec_rules
from pokerspec.conformance.grading import Verdict, needed_capabilities
from pokerspec.conformance.protocol import Engine, EngineFailure, Hello, handshake
from pokerspec.conformance.runner import Planned, Report, Run, Selection, plan, run
from pokerspec.core.game import Json
from pokerspec.fuzz import campaign
from pokerspec.fuzz import ranking as fuzz_ranking
from pokerspec.outputs import Stdout, check_outputs, summary
from pokerspec.profiles import GAMES, all_profiles
from pokerspec.release import extract_cases, is_tarball
from pokerspec.resources import suite_version
from pokerspec.rules import LANGUAGES

CHOICES = ("core", *GAMES)
STATUS_EVERY = 10.0
"""Off a terminal, a progress line every this many seconds of a long run."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    """Add ``name`` (``conformance``) with its subcommands to the ``pokerspec`` command."""
    parser = subparsers.add_parser(name, help="run the conformance suite against an engine",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_subcommands(parser)


def add_subcommands(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="conformance_command", required=True)
    add_run(sub)
    add_list(sub)
    # ``fuzz`` and ``merge`` are owned by pokerspec.fuzz.campaign, which adds them.
    campaign.register(sub)
    fuzz_ranking.add_mode(sub.choices["fuzz"])  # its ranking-only mode, --ranking (docs/engines/)


def add_run(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("run", help="grade an engine on the suite, rule by rule",
                       description="Grade an engine on every selected case, under each profile it lists.")
    p.add_argument("--impl", default="reference",
                   help="the engine: reference (the default), python:MODULE:NAME or python:FILE.py:NAME "
                   "(NAME() returns the engine object), or exec:'COMMAND ARGS' (a program that speaks the "
                   "protocol on its standard input and output)")
    _selection_options(p)
    p.add_argument("--require", action="extend", nargs="+", default=[], metavar="CAPABILITY",
                   help="fail the run if a selected case needing this was skipped: a capability "
                   "(hand:stud, ranking:high, observe:pot, ...) or a game (stud)")
    p.add_argument("--report", type=Path, metavar="OUT.jsonl", help="write a JSON-lines report")
    p.add_argument("--junit", type=Path, metavar="OUT.xml", help="write a JUnit XML report")
    p.add_argument("--summary-md", type=Path, metavar="OUT.md",
                   help="write a Markdown summary (for a CI step summary such as $GITHUB_STEP_SUMMARY)")
    p.add_argument("--badge", type=Path, metavar="OUT.json",
                   help="write a shields.io endpoint badge (schemaVersion, label, message, color)")
    p.add_argument("--strict", action="store_true",
                   help="validate every request and reply against protocol.schema.json")
    p.add_argument("--timeout", type=positive_seconds, default=DEFAULT_TIMEOUT,
                   help=f"seconds an exec engine has for each reply (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--quiet", action="store_true",
                   help="no progress and no tables: failures as they happen, then the last line")
    p.add_argument("--lang", choices=LANGUAGES, default="en",
                   help="the language of the rule titles in the report: en (the default), ru, pt or fr")
    p.set_defaults(handler=handle_run)
    summary(p)


def _selection_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", action="append", default=[], choices=CHOICES, help="only this game")
    p.add_argument("--rule", action="append", default=[],
                   help="only cases pinning a rule ID with this prefix")
    p.add_argument("--case", action="append", default=[], help="only this case ID (shell patterns allowed)")
    p.add_argument("--profile", help="only this profile (core cases still run)")
    p.add_argument("--vectors", action="append", default=[], type=Path, metavar="DIR",
                   help="your own case files or directories, or a released pokerspec-cases-VERSION.tar.gz, "
                   "added to the suite's (with --no-default-vectors: instead of it)")
    p.add_argument("--no-default-vectors", action="store_true", help="only the --vectors cases")


def add_list(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("list", help="the index of cases: id, game, kind, level, profiles, rules",
                       description="List the selected cases (the suite's index); bad case files are "
                       "listed too, with the offending field.")
    _selection_options(p)
    p.add_argument("--json", action="store_true", help="one JSON object per case instead of a table")
    p.set_defaults(handler=handle_list)


def _suggest(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=3, cutoff=0.6)
    return f" (did you mean {' or '.join(close)}?)" if close else ""


def case_dirs(args: argparse.Namespace) -> list[Path]:
    """The case files and directories of the run; each ``--vectors`` path must exist."""
    missing = [str(d) for d in args.vectors if not d.exists()]
    if missing:
        raise UsageError(f"no such case directory or file: {', '.join(missing)}")
    if args.no_default_vectors and not args.vectors:
        raise UsageError("--no-default-vectors leaves no case: add --vectors DIR")
    try:
        given = [extract_cases(d) if is_tarball(d) else d for d in args.vectors]
    except ValueError as exc:
        raise UsageError(f"--vectors: {exc}") from None
    return ([] if args.no_default_vectors else [VECTORS]) + given


def selection(args: argparse.Namespace, cases: Sequence[Case]) -> Selection:
    """The ``--game``/``--rule``/``--case``/``--profile`` filter; every name must exist."""
    profiles = sorted(all_profiles())
    if args.profile is not None and args.profile not in profiles:
        raise UsageError(f"unknown profile {args.profile!r}{_suggest(args.profile, profiles)}; the profiles "
                         f"are {', '.join(profiles)} (`pokerspec profiles` says what each changes)")
    rules = spec_rules() | {r for c in cases for r in c.rules}
    for prefix in args.rule:
        if not any(r.startswith(prefix) for r in rules):
            groups = sorted({".".join(r.split(".")[:2]) for r in rules})
            raise UsageError(f"no rule ID starts with {prefix!r}{_suggest(prefix, [*groups, *rules])}; the "
                             f"rule groups are {', '.join(groups)}")
    ids = [c.id for c in cases]
    for pattern in args.case:
        if not any(fnmatchcase(i, pattern) for i in ids):
            raise UsageError(f"no case ID matches {pattern!r}{_suggest(pattern, ids)}; "
                             f"`pokerspec conformance list` lists all {len(ids)}")
    return Selection(tuple(args.game), tuple(args.rule), tuple(args.case), args.profile)


def requirements(require: Sequence[str], cases: Sequence[Case], items: Sequence[Planned]) -> tuple[str, ...]:
    """``--require``: each item is a capability some case needs, or a game, and some selected
    case needs it."""
    known = {cap for c in cases for cap in needed_capabilities(c)} | set(CHOICES)
    known |= {f"{kind}:{game}" for kind in ("showdown", "hand") for game in GAMES}
    for need in require:
        if need not in known:
            raise UsageError(f"--require {need}: not a capability the cases need{_suggest(need, known)}; "
                             f"they are {', '.join(sorted(known))}")
        if not any(need == i.case.game or need in needed_capabilities(i.case) for i in items):
            raise UsageError(f"--require {need}: no selected case needs it; widen the selection")
    return tuple(dict.fromkeys(require))


def handle_list(args: argparse.Namespace) -> int:
    console = Console(highlight=False, soft_wrap=True)
    cases, bad = load_cases(case_dirs(args))
    wanted = selection(args, cases)
    chosen = [c for c in cases if wanted.wants(c)]
    if args.json:
        for c in chosen:
            print(json.dumps({"id": c.id, "game": c.game, "kind": c.kind, "level": c.data["level"],
                              "profiles": list(c.profiles), "rules": list(c.rules),
                              "title": c.title, "path": c.where}, ensure_ascii=False))
    else:
        reports.case_index(console, chosen)
    for b in bad:
        detail = f" {b.where}: {b.field or '(file)'}: {b.message}"
        console.print(Text.assemble(("bad case file", "red"), detail))
    return 1 if bad else 0


def _exec_engine(engine: Engine) -> ExecEngine | None:
    inner = engine.inner if isinstance(engine, StrictEngine) else engine
    return inner if isinstance(inner, ExecEngine) else None


class Display:
    """What a run shows while it runs: each failure the moment it happens, progress from the
    first case (a bar with the elapsed time on a terminal, a line every ``STATUS_EVERY`` seconds
    elsewhere), and a note when the engine is slow to answer."""

    def __init__(self, console: Console, report: Report, items: Sequence[Planned], quiet: bool) -> None:
        self.console, self.report, self.items = console, report, items
        self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=True,
                            disable=quiet or not console.is_terminal)
        self.task = self.bar.add_task(report.hello.name, total=len(items))
        self.status = not quiet and not console.is_terminal
        self.began = self.last = time.monotonic()

    def done(self, run: Run) -> None:
        if run.result.verdict in (Verdict.FAIL, Verdict.ERROR):
            for line in reports.failure(run, self.report.language):
                self.bar.console.print(line)
        self.bar.advance(self.task)
        now = time.monotonic()
        if self.status and now - self.last >= STATUS_EVERY:
            self.last = now
            done = len(self.report.runs)
            self.console.print(f"... {done} of {len(self.items)} case runs, {now - self.began:.0f} s")

    def waiting(self, op: Json, seconds: float) -> None:
        index = len(self.report.runs)
        case = reports.label_of(self.items[index]) if index < len(self.items) else "the handshake"
        self.bar.console.print(Text(f"NOTE: the engine has not answered {op} (case {case}) for "
                                    f"{seconds:.0f} s; it is cut off after --timeout seconds"))


def handle_run(args: argparse.Namespace) -> int:
    console = Console(file=Stdout(), highlight=False, soft_wrap=True)  # type: ignore[arg-type]
    dirs = case_dirs(args)
    check_outputs({"--report": args.report, "--junit": args.junit, "--summary-md": args.summary_md,
                   "--badge": args.badge}, [*dirs, *args.vectors], impl=args.impl)
    cases, bad = load_cases(dirs)
    items = plan(cases, selection(args, cases))
    if not items and not bad:
        raise UsageError(f"no case selected: the options leave none of the {len(cases)} cases")
    require = requirements(args.require, cases, items)
    try:
        engine = open_engine(args.impl, args.timeout, args.strict)
    except (ValueError, ImportError, OSError) as exc:
        raise UsageError(f"cannot open engine: {exc}") from None
    report = Report(Hello(args.impl, "", frozenset(), frozenset(), frozenset()), bad=list(bad),
                    planned=len(items), require=require, suite=suite_version(case_files(dirs)),
                    language=args.lang)
    try:
        try:
            report.hello = handshake(engine)
        except EngineFailure as exc:
            detail = f"{exc}\n{exc.stderr_tail}".strip()
            raise UsageError(f"engine handshake failed ({exc.kind}): {detail}") from None
        display = Display(console, report, items, args.quiet)
        piped = _exec_engine(engine)
        if piped is not None:
            piped.on_wait = display.waiting
        with display.bar:
            run(engine, report.hello, items, bad, display.done, report)
    except Interrupted as exc:
        _kill(engine)
        report.interrupted = str(exc)
        written = _write(args, report)
        partial = f"; partial report: {', '.join(written)}" if written else ""
        console.print(Text(f"INTERRUPTED by {exc} after {len(report.runs)} of {len(items)} case runs; "
                           f"the engine was stopped{partial}"))
        exc.reported = True
        raise
    finally:
        engine.close()
    _write(args, report)  # before the summary: nothing printed can cost a report
    reports.summary(console, report, tables=not args.quiet)
    return 0 if report.ok else 1


def _kill(engine: Engine) -> None:
    piped = _exec_engine(engine)
    if piped is not None:
        piped.kill()


def _write(args: argparse.Namespace, report: Report) -> list[str]:
    """Write every report asked for (JSON lines, JUnit, Markdown, badge); the paths written."""
    written = []
    for path, write in ((args.report, reports.write_jsonl), (args.junit, reports.write_junit),
                        (args.summary_md, reports.write_markdown), (args.badge, reports.write_badge)):
        if path:
            write(path, report)
            written.append(str(path))
    return written


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pokerspec conformance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_subcommands(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pokerspec.conformance.cli run ...``: the same as ``pokerspec conformance run ...``."""
    return run_cli(build_parser, argv)


if __name__ == "__main__":
    raise SystemExit(main())
