"""``pokerspec phh``: replay, export and import hands in the Poker Hand History format
(docs/examples/real-hands.md).

``replay FILE...`` replays seven-card stud records through the reference engine and compares the
stacks they end with to the recorded ``finishing_stacks``. Exit status: 0 when every hand is legal
and matches, 1 when one does not, 2 when a file cannot be read or replayed at all.

``export SOURCE...`` writes cases (by ID, pattern, file or folder) and corpus traces (``.jsonl``)
as PHH. ``import FILE...`` turns stud records into conformance cases. Both: 0 when everything
asked for was written, 1 when a hand could not be, 2 when an input cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TypeVar, cast

from pokerspec.cli import UsageError
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.core.game import Json
from pokerspec.outputs import CASES, PHH_FILES, check_outputs, confined, summary, write_text
from pokerspec.phh.document import PhhError
from pokerspec.phh.export import Exported, ExportError, export_case, export_trace
from pokerspec.phh.importer import import_record, stud_profiles
from pokerspec.phh.record import load_record
from pokerspec.phh.report import UNREADABLE, HandReport, human, replay_file
from pokerspec.profiles import Profile, UnknownProfile, get_profile
from pokerspec.regress.trace import join_records
from pokerspec.resources import MAX_CASE_BYTES, read_regular, source_checkout
from pokerspec.stud.profiles import StudRules

T = TypeVar("T")

REPLAY_PROFILE = "stud-last-aggressor"
"""The profile a record is replayed under unless told otherwise: real tables show the last
aggressor's hand first (``stud.profile.last-aggressor``); the amounts come from the record."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = subparsers.add_parser(name, help="replay, export and import PHH hand histories",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="phh_command", required=True)

    p = sub.add_parser("replay", help="replay seven-card stud PHH files and check their finishing stacks")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE")
    p.add_argument("--profile", default=REPLAY_PROFILE,
                   help=f"the stud profile for every rule but the amounts (default {REPLAY_PROFILE})")
    p.add_argument("--json", action="store_true", help="one JSON object per hand, a line each")
    p.set_defaults(handler=handle_replay)

    p = sub.add_parser("export", help="write cases and corpus traces as PHH")
    p.add_argument("sources", nargs="+", metavar="SOURCE",
                   help="a case ID or pattern (stud-showdown-*), a case file or folder, or a .jsonl trace")
    p.add_argument("--profile", help="play every hand under this profile (default: each case's own)")
    p.add_argument("--out", type=Path, metavar="DIR", help="write NAME.phh files here (for several hands)")
    p.add_argument("--force", action="store_true", help="write over .phh files already in --out")
    p.set_defaults(handler=handle_export)
    summary(p, lambda args: args.out is not None)

    p = sub.add_parser("import", help="turn seven-card stud PHH files into conformance cases")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE")
    p.add_argument("--id", default="stud-imported-0001", metavar="CASE_ID",
                   help="the first case's ID; further files take the following numbers (default %(default)s)")
    p.add_argument("--profile", action="append", metavar="NAME",
                   help="only these stud profiles (default: every stud profile the hand holds under)")
    p.add_argument("--level", choices=("optional", "required"), default="optional",
                   help="required only once a person has checked the case against the spec")
    p.add_argument("--out", type=Path, metavar="DIR", help="write ID.json files here (for several files)")
    p.add_argument("--overwrite", action="store_true",
                   help="write over cases an earlier import left in --out (those tagged imported)")
    p.set_defaults(handler=handle_import)
    summary(p, lambda args: args.out is not None)


def stud_profile(name: str) -> Profile[StudRules]:
    """The stud profile ``name``; another game's profile is an ``UnknownProfile`` here."""
    profile = get_profile(name)
    if not isinstance(profile.rules, StudRules):
        raise UnknownProfile(f"{name!r} is a {profile.game} profile; PHH records replay as stud")
    return cast(Profile[StudRules], profile)


def handle_replay(args: argparse.Namespace) -> int:
    try:
        profile = stud_profile(args.profile)
    except UnknownProfile as exc:
        print(f"pokerspec phh replay: {exc.args[0]}", file=sys.stderr)
        return 2
    reports = [replay_file(path, profile.name, profile.rules) for path in args.files]
    for report in reports:
        if args.json:
            print(json.dumps(report.to_json(), ensure_ascii=False))
        else:
            print("\n".join(human(report)))
    if not args.json:
        print(_summary(reports, profile.name))
    if any(r.unreadable for r in reports):
        return 2
    return 0 if all(r.ok for r in reports) else 1


def _summary(reports: list[HandReport], profile: str) -> str:
    unreadable = sum(r.unreadable for r in reports)
    illegal = sum(not r.legal and not r.unreadable for r in reports)
    differ = sum(r.legal and r.match is False for r in reports)
    good = len(reports) - unreadable - illegal - differ
    return (f"{len(reports)} hand(s) under {profile} (amounts from each file): {good} legal and matching, "
            f"{differ} not matching, {illegal} not legal, {unreadable} unreadable")


def handle_export(args: argparse.Namespace) -> int:
    if args.profile is not None:
        try:
            get_profile(args.profile)
        except UnknownProfile as exc:
            print(f"pokerspec phh export: {exc.args[0]}", file=sys.stderr)
            return 2
    check_outputs({"--out": args.out}, [Path(s) for s in args.sources if Path(s).exists()],
                  directories=True, kind=PHH_FILES)
    try:
        makers = list(_export_sources(args.sources, args.profile))
    except ExportError as exc:
        print(f"pokerspec phh export: {exc}", file=sys.stderr)
        return 2
    if not makers:
        print(f"pokerspec phh export: no hand to export in {' '.join(args.sources)} (only hand cases and "
              "traces of hands are exported)", file=sys.stderr)
        return 2
    done: list[Exported] = []
    failed = 0
    for name, make in makers:
        try:
            done.append(make())
        except ExportError as exc:
            print(f"{name}: not exported: {exc}", file=sys.stderr)
            failed += 1
    if not _write(done, args.out, ".phh", lambda e: e.text, lambda e: e.name, fresh=not args.force):
        return 2
    return 1 if failed or not done else 0


Maker = tuple[str, Callable[[], Exported]]


def _export_sources(sources: list[str], profile: str | None) -> Iterator[Maker]:
    """What each source names: case files, folders of them, trace files, or case IDs."""
    index: dict[str, dict[str, Json]] = {}

    def suite() -> dict[str, dict[str, Json]]:
        if not index:
            found, _bad = load_cases([VECTORS])
            index.update((c.id, c.data) for c in found)
        return index

    for source in sources:
        path = Path(source)
        if path.is_dir() or path.suffix == ".json":
            if not path.exists():
                raise ExportError(f"{source}: no such file")
            cases, bad = load_cases([path])
            for b in bad:
                raise ExportError(f"{b.path}: not a valid case: {b.field}: {b.message}")
            yield from ((c.id, _case_maker(c.data, profile)) for c in cases if c.kind == "hand")
        elif path.suffix == ".jsonl":
            yield from _trace_makers(path, suite, profile)
        else:
            matched = [i for i in sorted(suite()) if fnmatchcase(i, source)]
            if not matched:
                raise ExportError(f"{source}: no case file, trace file or case ID matches")
            yield from ((i, _case_maker(suite()[i], profile)) for i in matched
                        if suite()[i].get("kind") == "hand" or i == source)


def _case_maker(case: dict[str, Json], profile: str | None) -> Callable[[], Exported]:
    """Export ``case`` under ``profile``, which must be a profile of the case's game."""
    if profile is not None and get_profile(profile).game != case.get("game"):
        raise ExportError(f"{case.get('id')}: a {case.get('game')} case; --profile {profile} is a profile of "
                          f"{get_profile(profile).game}")
    return lambda: export_case(case, profile)


def _trace_makers(path: Path, suite: Callable[[], dict[str, dict[str, Json]]], profile: str | None
                  ) -> Iterator[Maker]:
    """The hands of a trace file (a golden file, say): a corpus hand from its own setup, a case's
    hand from the case it traces, under the trace's profile."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ExportError(f"{path}: cannot read: {exc}") from None
    records: list[tuple[int, Json]] = []
    for number, line in enumerate(lines, start=1):
        try:
            records.append((number, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise ExportError(f"{path} line {number}: not JSON: {exc.msg}") from None
        except RecursionError:
            raise ExportError(f"{path} line {number}: nested deeper than a trace can be") from None
    for number, trace in join_records(records):
        if "steps" not in trace:
            continue
        if "setup" in trace:
            yield f"{path.name} line {number}", _trace_maker(trace)
        elif str(trace.get("id")) in suite():
            traced = profile or (str(trace["profile"]) if trace.get("profile") else None)
            yield str(trace["id"]), _case_maker(suite()[str(trace["id"])], traced)


def _trace_maker(trace: dict[str, Json]) -> Callable[[], Exported]:
    return lambda: export_trace(trace)


def handle_import(args: argparse.Namespace) -> int:
    try:
        profiles = [stud_profile(n) for n in args.profile] if args.profile else stud_profiles()
        ids = _case_ids(args.id, len(args.files))
        if args.out is not None:
            check_outputs({"--out": args.out}, args.files, directories=True, kind=CASES,
                          suite=source_checkout() is not None)
            targets = [args.out / f"{i}.json" for i in ids]
            taken = [str(t) for t in targets if t.exists() and not (args.overwrite and _imported(t))]
            if taken:
                raise UsageError(f"--out {args.out}: {', '.join(taken[:5])} already there; an import "
                                 "writes over only the cases it wrote, with --overwrite (or give another "
                                 "--out or --id)")
    except (UnknownProfile, ValueError) as exc:
        print(f"pokerspec phh import: {exc.args[0]}", file=sys.stderr)
        return 2
    cases: list[dict[str, Json]] = []
    status = 0
    for path, case_id in zip(args.files, ids, strict=True):
        try:
            cases.append(import_record(load_record(path), case_id, args.level, profiles))
        except PhhError as exc:
            print(f"{path}: not imported: {exc.message}", file=sys.stderr)
            status = max(status, 2 if exc.code in UNREADABLE else 1)
    fresh = not args.overwrite
    if not _write(cases, args.out, ".json", _case_text, lambda case: str(case["id"]), fresh=fresh):
        return 2
    return status


def _imported(path: Path) -> bool:
    """An earlier import's case: a case file tagged ``imported``."""
    try:
        data = json.loads(read_regular(path, MAX_CASE_BYTES))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and isinstance(data.get("tags"), list) and "imported" in data["tags"]


def _case_text(case: dict[str, Json]) -> str:
    return json.dumps(case, indent=2, ensure_ascii=False) + "\n"


def _case_ids(first: str, count: int) -> list[str]:
    """``stud-imported-0001`` and the IDs that follow it."""
    head, _, number = first.rpartition("-")
    if not head or len(number) != 4 or not number.isdigit():
        raise ValueError(f"bad case ID {first!r}: expected <game>-<topic>-NNNN, e.g. stud-imported-0401")
    if int(number) + count - 1 > 9999:
        raise ValueError(f"{count} cases from {first} run past 9999")
    return [f"{head}-{int(number) + i:04d}" for i in range(count)]


def _write(items: list[T], out: Path | None, suffix: str, text: Callable[[T], str],
              name: Callable[[T], str], fresh: bool = False) -> bool:
    """Print one item, or write each to ``out`` (``fresh``: only where no file is, else nothing);
    False (with a message) when that cannot be done."""
    if out is None:
        if len(items) > 1:
            print(f"pokerspec phh: {len(items)} results: give --out DIR to write them", file=sys.stderr)
            return False
        for item in items:
            sys.stdout.write(text(item))
        return True
    targets = [confined(out, name(item), suffix) for item in items]
    existing = [str(t) for t in targets if fresh and (t.exists() or t.is_symlink())]
    if existing:
        print(f"pokerspec phh: {', '.join(existing[:5])}{' ...' if len(existing) > 5 else ''}: already "
              "there; nothing written (move them away or give another --out)", file=sys.stderr)
        return False
    try:
        out.mkdir(parents=True, exist_ok=True)
        for item, target in zip(items, targets, strict=True):
            write_text(target, text(item))
            print(f"wrote {target}")
    except OSError as exc:
        print(f"pokerspec phh: cannot write to {out}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True
