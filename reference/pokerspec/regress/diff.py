"""``pokerspec diff PROFILE_A PROFILE_B``: what a rule change flips.

Every case of the game that lists either profile, and a seeded corpus of random legal hands,
are traced under both sides (``pokerspec.regress.trace``); the first differing step or the
differing outcome of each changed case or hand is printed, grouped by rule ID. The two sides are
two profiles in this checkout, or the same command run in two git revisions or two directories,
each with its own code (``--rev-a/--rev-b``, ``--dir-a/--dir-b``); revisions are those of the git
repository you stand in (or ``--repo DIR``), and a side given neither is that repository's work
tree. Exit status: 0 nothing changed, 1 something changed, 2 the comparison could not be made.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from pokerspec.conformance.cases import VECTORS, Case, load_cases
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.profiles import UnknownProfile, get_profile
from pokerspec.regress.corpus import CorpusError, corpus
from pokerspec.regress.trace import Trace, applicable, case_trace, corpus_trace

UNATTRIBUTED = "(no rule named)"
SHOWN = 8
"""Changed cases or hands printed per rule group unless ``--all``."""


@dataclass(slots=True)
class Side:
    """One side of a comparison: a profile's traces, keyed by case ID or corpus label."""

    label: str
    profile: str
    game: str
    changes: list[str]
    traces: dict[str, Trace]


@dataclass(slots=True)
class Change:
    """One case or hand that behaves differently; ``step`` is None for the outcome."""

    id: str
    kind: str
    rules: list[str]
    where: str
    step: int | None
    summary: list[str]
    a: Json = None
    b: Json = None

    def headline(self) -> str:
        """``case ID (kind): step N differs`` or ``random hand ID: outcome differs``."""
        what = f"random hand {self.id}" if self.kind == "corpus" else f"case {self.id} ({self.kind})"
        at = f"step {self.step}" if self.where == "step" else self.where
        return f"{what}: {at} differs"

    def to_json(self) -> dict[str, Json]:
        return {"id": self.id, "kind": self.kind, "rules": list(self.rules), "where": self.where,
                "step": self.step, "summary": list(self.summary), "a": self.a, "b": self.b}


@dataclass(slots=True)
class Report:
    """The result of a comparison: both sides and the changed cases and hands."""

    a: Side
    b: Side
    changes: list[Change] = field(default_factory=list)

    def by_rule(self) -> dict[str, list[Change]]:
        """Changes grouped by the rule IDs they are put down to (several IDs joined by `` + ``
        when a hand cannot be pinned to one of them)."""
        groups: dict[str, list[Change]] = {}
        for change in self.changes:
            groups.setdefault(" + ".join(sorted(change.rules)) or UNATTRIBUTED, []).append(change)
        return dict(sorted(groups.items()))

    def counts(self) -> dict[str, int]:
        cases = [k for k, t in self.a.traces.items() if t.get("kind") != "corpus"]
        hands = [k for k, t in self.a.traces.items() if t.get("kind") == "corpus"]
        changed_hands = sum(1 for c in self.changes if c.kind == "corpus")
        return {"cases": len(cases), "hands": len(hands),
                "changed_cases": len(self.changes) - changed_hands, "changed_hands": changed_hands}

    def to_json(self) -> dict[str, Json]:
        return {
            "a": {"label": self.a.label, "profile": self.a.profile, "changes": list(self.a.changes)},
            "b": {"label": self.b.label, "profile": self.b.profile, "changes": list(self.b.changes)},
            "counts": dict(self.counts()),
            "changed": [c.to_json() for c in self.changes],
            "by_rule": {rule: [c.id for c in cs] for rule, cs in self.by_rule().items()},
        }


def collect(profile: str, cases_for: Sequence[str], hands: int, seed: int,
            cases: Sequence[Case] | None = None) -> Side:
    """Trace under ``profile`` every case of its game listing any of ``cases_for`` (from
    ``cases``, default those in ``conformance/vectors``), and ``hands`` corpus hands from
    ``seed``, all through the reference engine."""
    chosen = get_profile(profile)
    if cases is None:
        cases = load_cases()[0]
    engine = ReferenceEngine()
    traces: dict[str, Trace] = {}
    for case in applicable(cases, chosen.game, cases_for):
        traces[case.id] = case_trace(case, profile, engine)
    for hand in corpus(chosen.game, profile, hands, seed):
        traces[hand.label] = corpus_trace(hand, engine)
    engine.close()
    return Side(profile, profile, chosen.game, [str(r) for r in chosen.changes], traces)


def _seat_amounts(outcome: Json, key: str) -> dict[str, Json]:
    if isinstance(outcome, dict) and isinstance(outcome.get(key), dict):
        return dict(cast(dict[str, Json], outcome[key]))
    return {}


def _json(value: Json) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def outcome_summary(a: Json, b: Json, label_a: str, label_b: str) -> list[str]:
    """Who gets what on each side; then any other outcome key that differs."""
    lines: list[str] = []
    received_a, received_b = _seat_amounts(a, "received"), _seat_amounts(b, "received")
    if received_a != received_b:
        seats = sorted(set(received_a) | set(received_b), key=lambda s: int(s[1:]))
        lines.append(f"received: {label_a} " + ", ".join(f"{s} {received_a.get(s, '-')}" for s in seats))
        lines.append(f"          {label_b} " + ", ".join(f"{s} {received_b.get(s, '-')}" for s in seats))
    keys_a = a if isinstance(a, dict) else {}
    keys_b = b if isinstance(b, dict) else {}
    for key in sorted(set(keys_a) | set(keys_b)):
        if key in ("received", "net") or keys_a.get(key) == keys_b.get(key):
            continue
        lines.append(f"{key}: {label_a} {_json(keys_a.get(key))}")
        lines.append(f"{' ' * len(key)}  {label_b} {_json(keys_b.get(key))}")
    if not isinstance(a, dict) or not isinstance(b, dict):
        lines.append(f"outcome: {label_a} {_json(a)} | {label_b} {_json(b)}")
    return lines


def step_summary(a: Json, b: Json, label_a: str, label_b: str) -> list[str]:
    """What differs in one step: listings as added/removed actions, other keys side by side."""
    if not isinstance(a, dict) or not isinstance(b, dict):
        missing = label_a if a is None else label_b
        present = b if a is None else a
        return [f"{missing} has no such step; the other side goes on with {_json(present)}"]
    lines: list[str] = []
    for verb in ("act", "reject"):
        if verb in a and a.get(verb) == b.get(verb):
            lines.append(f"{verb}: {a[verb]} (on both sides)")
    for key in sorted(set(a) | set(b)):
        va, vb = a.get(key), b.get(key)
        if va == vb:
            continue
        if isinstance(va, list) and isinstance(vb, list) and key in ("legal", "to_act"):
            only_a = sorted(set(map(str, va)) - set(map(str, vb)))
            only_b = sorted(set(map(str, vb)) - set(map(str, va)))
            lines.append(f"{key}: only under {label_a} {only_a}; only under {label_b} {only_b}")
        else:
            lines.append(f"{key}: {label_a} {_json(va)} | {label_b} {_json(vb)}")
    return lines


def compare_traces(key: str, a: Trace | None, b: Trace | None, label_a: str, label_b: str,
                   changed_rules: Sequence[str]) -> Change | None:
    """The first difference between two traces of the same case or hand, or None."""
    some = cast(Trace, a if a is not None else b)
    kind = str(some.get("kind"))
    case_rules = [str(r) for r in cast(list[Json], some.get("rules", []))]
    focus = [r for r in case_rules if r in changed_rules]
    rules = focus or case_rules or list(changed_rules)
    if a is None or b is None:
        where = f"only under {label_b if a is None else label_a}"
        return Change(key, kind, rules, "presence", None, [where], a, b)
    if "reply" in a or "reply" in b:
        if a.get("reply") == b.get("reply"):
            return None
        return Change(key, kind, rules, "reply", 0, [f"reply: {label_a} {_json(a.get('reply'))}",
                                                     f"       {label_b} {_json(b.get('reply'))}"],
                      a.get("reply"), b.get("reply"))
    steps_a = cast(list[Json], a.get("steps", []))
    steps_b = cast(list[Json], b.get("steps", []))
    for i in range(max(len(steps_a), len(steps_b))):
        sa = steps_a[i] if i < len(steps_a) else None
        sb = steps_b[i] if i < len(steps_b) else None
        if sa != sb:
            return Change(key, kind, rules, "step", i, step_summary(sa, sb, label_a, label_b), sa, sb)
    if a.get("outcome") != b.get("outcome"):
        return Change(key, kind, rules, "outcome", None,
                      outcome_summary(a.get("outcome"), b.get("outcome"), label_a, label_b),
                      a.get("outcome"), b.get("outcome"))
    return None


def compare(a: Side, b: Side) -> Report:
    """Every case or hand that behaves differently on the two sides (A's order, then B's
    extras), put down to the rule IDs that one side changes and the other does not."""
    report = Report(a, b)
    changed_rules = sorted(set(a.changes) ^ set(b.changes)) or sorted(set(a.changes) | set(b.changes))
    label_a, label_b = a.label, b.label
    if label_a == label_b:
        label_a, label_b = f"{label_a} (A)", f"{label_b} (B)"
    for key in [*a.traces, *(k for k in b.traces if k not in a.traces)]:
        change = compare_traces(key, a.traces.get(key), b.traces.get(key), label_a, label_b, changed_rules)
        if change is not None:
            report.changes.append(change)
    return report


def render(report: Report, limit: int | None = SHOWN) -> str:
    counts = report.counts()
    lines = [
        f"pokerspec diff {report.a.label} -> {report.b.label}: "
        f"{counts['changed_cases']} of {counts['cases']} cases and "
        f"{counts['changed_hands']} of {counts['hands']} random hands changed",
    ]
    if not report.changes:
        lines.append("no behaviour changed")
    for rule, changes in report.by_rule().items():
        lines.append("")
        lines.append(f"{rule}  ({len(changes)} changed)")
        for change in changes[:limit]:
            lines.append(f"  {change.headline()}")
            lines.extend(f"      {line}" for line in change.summary)
        if limit is not None and len(changes) > limit:
            lines.append(f"  ... and {len(changes) - limit} more (--all or --json lists them all)")
    return "\n".join(lines)


DUMP = (
    "import sys, types, pokerspec; "
    "driver = types.ModuleType('pokerspec.regress'); driver.__path__ = [sys.argv.pop(1)]; "
    "sys.modules['pokerspec.regress'] = pokerspec.regress = driver; "
    "from pokerspec.regress.diff import dump_main; sys.exit(dump_main(sys.argv[1:]))"
)
"""Run in the other checkout: its own ``pokerspec`` (rules, engines, cases) with *this*
checkout's ``pokerspec.regress`` (corpus, random choices, traces), so that only the rules can
make the two sides differ, and a version older than ``pokerspec diff`` can be traced too."""


def dump_main(argv: Sequence[str]) -> int:
    """Entry point run inside another checkout: print one side's traces as JSON."""
    parser = argparse.ArgumentParser(prog="pokerspec-diff-dump")
    parser.add_argument("--profile", required=True)
    parser.add_argument("--cases-for", required=True)
    parser.add_argument("--hands", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--vectors", action="append", default=[])
    args = parser.parse_args(argv)
    cases = load_cases([VECTORS, *map(Path, args.vectors)])[0]
    side = collect(args.profile, args.cases_for.split(","), args.hands, args.seed, cases)
    json.dump({"profile": side.profile, "game": side.game, "changes": side.changes, "traces": side.traces},
              sys.stdout)
    return 0


def repository(where: Path) -> Path:
    """The top of the git work tree that holds ``where``; ``ValueError`` if there is none."""
    done = subprocess.run(["git", "-C", str(where), "rev-parse", "--show-toplevel"], capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise ValueError(f"{where} is not in a git repository: --rev-a/--rev-b name revisions of the "
                         "repository you stand in, or of --repo DIR")
    return Path(done.stdout.strip())


def checkout(rev: str, into: Path, repo: Path) -> Path:
    """Extract the committed tree of ``rev`` of ``repo`` into ``into`` (``git archive``; the
    repository and its work tree are left untouched). ``rev`` is resolved to a commit first
    (``--end-of-options``: a name such as ``--output=FILE`` never reaches git as an option)."""
    if not rev or rev.startswith("-") or any(c.isspace() or not c.isprintable() for c in rev):
        raise ValueError(f"{rev!r} is not a revision name (a branch, tag or commit; never an option)")
    known = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", "--end-of-options",
                            f"{rev}^{{commit}}"], capture_output=True, text=True, check=False)
    if known.returncode != 0:
        raise ValueError(f"no revision {rev!r} in {repo}")
    commit = known.stdout.strip()
    archive = into / "tree.tar"
    with archive.open("wb") as out:
        done = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", commit], stdout=out,
                              stderr=subprocess.PIPE, check=False)
    if done.returncode != 0:
        raise ValueError(f"no revision {rev!r} in {repo}: {done.stderr.decode(errors='replace').strip()}")
    tree = into / "tree"
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")
    return tree


def collect_in(tree: Path, label: str, profile: str, cases_for: Sequence[str], hands: int, seed: int,
               vectors: Sequence[Path]) -> Side:
    """Run ``dump_main`` with ``tree``'s own code (its ``reference/`` first on the path) and
    this checkout's driver (``DUMP``)."""
    if not (tree / "reference" / "pokerspec").is_dir():
        raise ValueError(f"{label}: {tree} holds no reference/pokerspec (not a pokerspec checkout)")
    env = dict(os.environ, PYTHONPATH=str(tree / "reference"))
    driver = str(Path(__file__).resolve().parent)
    cmd = [sys.executable, "-c", DUMP, driver, "--profile", profile, "--cases-for", ",".join(cases_for),
           "--hands", str(hands), "--seed", str(seed)]
    for extra in vectors:
        cmd += ["--vectors", str(extra.resolve())]
    done = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise RuntimeError(f"tracing in {label} failed:\n{tail}")
    data = json.loads(done.stdout)
    return Side(label, str(data["profile"]), str(data["game"]), [str(c) for c in data["changes"]],
                cast(dict[str, Trace], data["traces"]))


def run(args: argparse.Namespace) -> Report:
    cases_for = [args.profile_a, args.profile_b]
    vectors = [Path(v) for v in args.vectors]
    missing = [str(v) for v in vectors if not v.exists()]
    if missing:
        raise ValueError(f"no such case directory or file: {', '.join(missing)}")
    if args.hands < 0:
        raise ValueError(f"--hands {args.hands}: give a number of hands, 0 or more")
    for directory in (args.dir_a, args.dir_b):
        if directory and not Path(directory).is_dir():
            raise ValueError(f"no such directory: {directory}")
    if args.rev_a or args.rev_b or args.dir_a or args.dir_b:
        needs_repo = bool(args.rev_a or args.rev_b) or not (args.dir_a and args.dir_b)
        repo = repository(Path(args.repo or ".")) if needs_repo else Path(".")
        with tempfile.TemporaryDirectory(prefix="pokerspec-diff-") as tmp:
            sides: list[Side] = []
            for i, (rev, directory, profile) in enumerate(((args.rev_a, args.dir_a, args.profile_a),
                                                            (args.rev_b, args.dir_b, args.profile_b))):
                if rev:
                    into = Path(tmp) / f"side-{i}"
                    into.mkdir()
                    tree, label = checkout(rev, into, repo), f"{profile}@{rev}"
                else:
                    tree = Path(directory).resolve() if directory else repo
                    label = f"{profile}@{directory or 'work tree'}"
                sides.append(collect_in(tree, label, profile, cases_for, args.hands, args.seed, vectors))
            return compare(sides[0], sides[1])
    game_a, game_b = get_profile(args.profile_a).game, get_profile(args.profile_b).game
    if game_a != game_b:
        raise ValueError(f"{args.profile_a} is for {game_a} and {args.profile_b} for {game_b}: "
                         "profiles of different games cannot be compared")
    cases = load_cases([VECTORS, *vectors])[0]
    a = collect(args.profile_a, cases_for, args.hands, args.seed, cases)
    b = collect(args.profile_b, cases_for, args.hands, args.seed, cases)
    return compare(a, b)


def handler(args: argparse.Namespace) -> int:
    try:
        for option, rev in (("--rev-a", args.rev_a), ("--rev-b", args.rev_b)):
            if rev is not None and not rev.strip():
                raise ValueError(f"{option}: an empty revision; name a branch, tag or commit")
        report = run(args)
    except (UnknownProfile, RuntimeError, CorpusError, subprocess.CalledProcessError, OSError,
            ValueError) as exc:
        detail = exc.stderr.decode(errors="replace").strip() if isinstance(
            exc, subprocess.CalledProcessError) and exc.stderr else ""
        text = str(exc.args[0]) if isinstance(exc, UnknownProfile) else str(exc)
        print(f"pokerspec diff: {text} {detail}".strip(), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        print(render(report, None if args.all else SHOWN))
    return 1 if report.changes else 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = subparsers.add_parser(
        name, help="show which cases and random hands change between two profiles or revisions",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("profile_a", metavar="PROFILE_A")
    parser.add_argument("profile_b", metavar="PROFILE_B")
    parser.add_argument("--hands", type=int, default=200, help="random legal hands to compare (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random corpus (default 1)")
    parser.add_argument("--json", action="store_true", help="print a JSON report for tools")
    parser.add_argument("--all", action="store_true", help=f"list every change, not {SHOWN} per rule")
    parser.add_argument("--vectors", action="append", default=[], metavar="DIR",
                        help="another directory of cases to include (repeatable)")
    revs = parser.add_argument_group("comparing two versions of the rules (the same profile usually)")
    revs.add_argument("--rev-a", metavar="REV", help="git revision whose code traces PROFILE_A")
    revs.add_argument("--rev-b", metavar="REV", help="git revision whose code traces PROFILE_B")
    revs.add_argument("--dir-a", metavar="DIR", help="project directory whose code traces PROFILE_A")
    revs.add_argument("--dir-b", metavar="DIR", help="project directory whose code traces PROFILE_B")
    revs.add_argument("--repo", metavar="DIR",
                      help="the git repository of --rev-a/--rev-b and of the work tree (default: the one "
                      "you stand in)")
    parser.set_defaults(handler=handler)
