"""The measurement that docs/maintainers/mutation.md is generated from.

    python3 tasks.py mutation --sample                          # run, record, write the page
    python conformance/mutation/measure.py run [--size N] [--seed S] [--lines-changed-since REV ...]
    python conformance/mutation/measure.py page                 # the page from the record

``run`` enumerates every mutant of the committed tree (``cosmic-ray init``), marks the
annotation-only ones, and runs the test command on these sets only: the mutants listed in
``changed.json`` (those whose status the last re-check of ``equivalent.json`` changed) and a
simple random sample of the other mutants that are not annotation-only, drawn with a fixed seed;
with ``--lines-changed-since REV``, also every mutant that is not annotation-only on a line that
``git diff REV`` shows added or changed in a mutated module (lines rewritten since REV, whose
mutants no earlier run judged; given more than once, the lines changed since any of them). It
writes ``record.json``: the commit, the command, the tool's version, and every mutant it ran
with its outcome. ``page`` writes the maintainers' page from that record, ``equivalent.json`` and
``page.md`` (the fixed text), so that every number on it comes from the record.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections import Counter
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from string import Template
from typing import TypedDict, cast

from session import (
    ANNOTATION_ONLY,
    ROOT,
    Equivalence,
    classify,
    equivalences,
    in_annotation,
    killer,
    mutants,
)

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "cosmic-ray.toml"
CHANGED = HERE / "changed.json"
RECORD = HERE / "record.json"
TEMPLATE = HERE / "page.md"
PAGE = ROOT / "docs" / "maintainers" / "mutation.md"
SESSION = ROOT / ".mutation-cache" / "measure.sqlite"
COMMAND = "python3 tasks.py mutation --sample"
SCRIPT = "python conformance/mutation/measure.py"
SIZE, SEED = 100, 2026
"""The seed is fresh: the first run used 21, and its sample found a survivor that a case now kills,
so that sample is no longer independent of the cases."""
NOT_SELECTED = "not selected: neither changed, sampled nor on a rewritten line"


class Ran(TypedDict):
    """One mutant of the run: where, what the cases did, and why it was run."""

    module: str
    operator: str
    occurrence: int
    row: int
    line: str
    outcome: str
    killed_by: str
    changed: str
    """Its status before the re-check (``changed.json``), or empty."""
    sampled: bool
    rewritten: bool
    """On a line changed since ``Record.rewritten_since``."""


class Sample(TypedDict):
    size: int
    seed: int


class Record(TypedDict):
    """``record.json``: what was run, on which commit, by which command, and what came out."""

    commit: str
    date: str
    command: str
    tool: str
    sample: Sample
    rewritten_since: list[str]
    """The commits given to ``--lines-changed-since``, or none."""
    minutes: int
    """How long the mutants took to run, rounded to the minute."""
    mutants: int
    annotation_only: int
    ran: list[Ran]


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def short(module: str) -> str:
    return module.removeprefix("reference/pokerspec/")


def changed_keys() -> dict[str, str]:
    """The mutants of ``changed.json`` by key, with the status each had before the re-check."""
    data = json.loads(CHANGED.read_text(encoding="utf-8"))
    return {f"reference/pokerspec/{m['module']}:core/{m['operator']}:{m['occurrence']}": m["was"]
            for m in data["mutants"]}


def rewritten_lines(since: str, modules: set[str]) -> dict[str, set[int]]:
    """The line numbers, in the tree as it is, that ``git diff since`` shows added or changed in
    each of ``modules`` (paths from the root)."""
    found: dict[str, set[int]] = {}
    module = ""
    for line in git("diff", "--no-color", "--no-ext-diff", "--no-prefix", "--unified=0", since, "--",
                    *sorted(modules)).splitlines():
        if line.startswith("+++ "):
            module = line.removeprefix("+++ ")
        elif hunk := re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", line):
            start, count = int(hunk[1]), int(hunk[2] or 1)
            found.setdefault(module, set()).update(range(start, start + count))
    return found


def select(session: Path, size: int, seed: int, since: list[str]) -> tuple[set[str], set[str], set[str]]:
    """Mark every mutant but the changed ones, the sample and those on the lines rewritten since
    any commit of ``since`` as skipped; the three sets of keys."""
    every = mutants(session)
    by_key = {m.key: m for m in every}
    changed = set(changed_keys())
    if missing := sorted(changed - set(by_key)):
        sys.exit(f"measure: changed.json names mutants the tree does not have: {', '.join(missing)}")
    pool = sorted(m.key for m in every if not in_annotation(m.module, m.start, m.end))
    sample = set(random.Random(seed).sample(pool, size))
    lines: dict[str, set[int]] = {}
    for rev in since:
        for module, rows in rewritten_lines(rev, {m.module for m in every}).items():
            lines.setdefault(module, set()).update(rows)
    rewritten = {m.key for m in every if m.start[0] in lines.get(m.module, ())
                 and not in_annotation(m.module, m.start, m.end)}
    db = sqlite3.connect(session)
    for m in every:
        if in_annotation(m.module, m.start, m.end):
            output = ANNOTATION_ONLY
        elif m.key in changed or m.key in sample or m.key in rewritten:
            continue
        else:
            output = NOT_SELECTED
        db.execute("INSERT OR REPLACE INTO work_results (worker_outcome, output, test_outcome, diff, job_id)"
                   " VALUES ('SKIPPED', ?, NULL, NULL, ?)", (output, m.job))
    db.commit()
    db.close()
    return changed, sample, rewritten


def command_of(size: int, seed: int, since: list[str]) -> str:
    """The command that runs the measurement with these options, as the record names it: the
    task for the default one, else ``measure.py run`` with every option that differs."""
    if (size, seed, since) == (SIZE, SEED, []):
        return COMMAND
    return " ".join([f"{SCRIPT} run"] + ([f"--size {size}"] if size != SIZE else [])
                    + ([f"--seed {seed}"] if seed != SEED else [])
                    + [f"--lines-changed-since {rev[:12]}" for rev in since])


def run(size: int, seed: int, given: list[str]) -> int:
    """Measure the committed tree and write ``record.json`` (see the module's docstring)."""
    if git("status", "--porcelain", "--", "reference", "conformance/vectors", str(CHANGED.relative_to(ROOT))):
        print("measure: commit the rules modules and the cases first: the record names a commit",
              file=sys.stderr)
        return 2
    since = []
    for rev in given:
        try:
            since.append(git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"))
        except subprocess.CalledProcessError:
            print(f"measure: --lines-changed-since {rev}: no such commit", file=sys.stderr)
            return 2
    bin_dir = Path(sys.executable).parent
    SESSION.parent.mkdir(exist_ok=True)
    subprocess.run([bin_dir / "cosmic-ray", "init", "--force", CONFIG, SESSION], cwd=ROOT, check=True)
    changed, sample, rewritten = select(SESSION, size, seed, since)
    chosen = changed | sample | rewritten
    print(f"measure: {len(chosen)} mutants to run ({len(changed)} changed, {len(sample)} sampled, "
          f"{len(rewritten)} on lines rewritten since {' or '.join(r[:12] for r in since) or '-'})",
          flush=True)
    subprocess.run([sys.executable, HERE / "cases_only.py", "--prime"], cwd=ROOT, check=True)
    started = time.monotonic()
    subprocess.run([bin_dir / "cosmic-ray", "exec", CONFIG, SESSION], cwd=ROOT, check=True)
    minutes = round((time.monotonic() - started) / 60)
    every = mutants(SESSION)
    was = changed_keys()
    record: Record = {
        "commit": git("rev-parse", "HEAD"),
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "command": command_of(size, seed, since),
        "tool": f"cosmic-ray {version('cosmic-ray')}",
        "sample": {"size": size, "seed": seed},
        "rewritten_since": since,
        "minutes": minutes,
        "mutants": len(every),
        "annotation_only": sum(1 for m in every if in_annotation(m.module, m.start, m.end)),
        "ran": [{"module": short(m.module), "operator": m.operator.removeprefix("core/"),
                 "occurrence": m.occurrence, "row": m.start[0], "line": m.line,
                 "outcome": "incompetent" if classify(m, {}) == "incompetent" else m.outcome or "not run",
                 "killed_by": killer(m) if m.outcome == "killed" else "",
                 "changed": was.get(m.key, ""), "sampled": m.key in sample,
                 "rewritten": m.key in rewritten}
                for m in every if m.key in chosen],
    }
    RECORD.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"measure: wrote {RECORD.relative_to(ROOT)}")
    return page()


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion of ``hits`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def status(entry: Ran, equivalent: dict[str, Equivalence]) -> str:
    """What the cases did to a mutant of the record: killed (and how), argued equivalent, or
    surviving; incompetent when the reference could not even load."""
    if entry["outcome"] == "killed":
        return f"killed by {entry['killed_by']}"
    if entry["outcome"] == "incompetent":
        return "incompetent"
    key = f"reference/pokerspec/{entry['module']}:core/{entry['operator']}:{entry['occurrence']}"
    return f"equivalent: `{equivalent[key].reason}`" if key in equivalent else "**SURVIVES**"


def row(entry: Ran, result: str, *extra: str) -> str:
    line = str(entry["line"]).replace("|", "\\|")
    where, mutation = f"`{entry['module']}:{entry['row']}`", f"{entry['operator']} #{entry['occurrence']}"
    cells = [where, f"`{line}`", mutation, *extra, result]
    return "| " + " | ".join(cells) + " |"


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def kind(entry: Ran, equivalent: dict[str, Equivalence]) -> str:
    """``killed``, ``equivalent``, ``**SURVIVES**`` or ``incompetent``."""
    return status(entry, equivalent).split(":")[0].split(" by ")[0]


def rewritten_section(record: Record, equivalent: dict[str, Equivalence]) -> tuple[str, str]:
    """The paragraph and the section (counts by module, every mutant not killed) on the mutants
    of the lines rewritten since ``rewritten_since``; both empty when the run had none."""
    rewritten = [e for e in record["ran"] if e["rewritten"]]
    if not rewritten:
        return "", ""
    since = " or ".join(f"`{rev[:12]}`" for rev in record["rewritten_since"])
    option = " ".join(f"--lines-changed-since {rev[:12]}" for rev in record["rewritten_since"])
    kinds = Counter(kind(e, equivalent) for e in rewritten)
    text = (f"**Every mutant on a line rewritten since commit {since}** ({len(rewritten)}, "
            f"`measure.py run {option}`): every mutant that is not annotation-only "
            f"on a line of a mutated module that `git diff` shows added or changed since {since}, whatever "
            "its status was. Now "
            f"{kinds['killed']} are killed, {kinds['equivalent']} are argued equivalent, "
            f"{kinds['**SURVIVES**']} survive and {kinds['incompetent']} are incompetent (by module, and "
            "every one neither killed nor argued equivalent: the tables below; the equivalent ones are "
            "in the list of every argued-equivalent mutant).")
    by_module: dict[str, Counter[str]] = {}
    for e in rewritten:
        by_module.setdefault(e["module"], Counter())[kind(e, equivalent)] += 1
    table = ["| module | mutants | killed | argued equivalent | surviving | incompetent |",
             "|---|---|---|---|---|---|"]
    table += [f"| `{module}` | {sum(c.values())} | {c['killed']} | {c['equivalent']} | {c['**SURVIVES**']} "
              f"| {c['incompetent']} |" for module, c in sorted(by_module.items())]
    listed = ["| where | line | mutation | result |", "|---|---|---|---|"]
    listed += [row(e, status(e, equivalent)) for e in rewritten
               if kind(e, equivalent) not in ("killed", "equivalent")]
    section = (f"## The mutants on the lines rewritten since {since}\n\n" + "\n".join(table)
               + '\n\n<div class="ps-unindexed" markdown>\n\n' + "\n".join(listed) + "\n\n</div>\n\n")
    return textwrap.fill(text, 100, break_on_hyphens=False, break_long_words=False) + "\n\n", section


def render(record: Record) -> str:
    """docs/maintainers/mutation.md from a record, ``equivalent.json`` and ``page.md``."""
    reasons, equivalent = equivalences()
    ran = record["ran"]
    sampled = [e for e in ran if e["sampled"]]
    kinds = Counter(kind(e, equivalent) for e in sampled)
    judged = len(sampled) - kinds["incompetent"]
    killed, eq = kinds["killed"], kinds["equivalent"]
    low, high = wilson(killed, judged - eq)
    low_all, high_all = wilson(killed, judged)
    timeouts = sum(1 for e in ran if "timeout" in str(e["killed_by"]))
    at_start = sum(1 for e in ran if e["killed_by"] in ("`start`", "a timeout at start"))
    changed = [e for e in ran if e["changed"]]
    now = Counter(kind(e, equivalent) for e in changed)
    rewritten, rewritten_table = rewritten_section(record, equivalent)
    table = ["| where | line | mutation | before | now |", "|---|---|---|---|---|"]
    table += [row(e, status(e, equivalent), str(e["changed"])) for e in changed]
    sample_table = ["| where | line | mutation | result |", "|---|---|---|---|"]
    sample_table += [row(e, status(e, equivalent)) for e in sampled]
    listed = sorted(equivalent.values(), key=lambda q: (q.module, q.operator, q.occurrence))
    eq_table = ["| where | line | mutation | reason |", "|---|---|---|---|"]
    eq_table += [f"| `{short(q.module)}` | `{q.line.replace('|', chr(92) + '|')}` | "
                 f"{q.operator.removeprefix('core/')} #{q.occurrence} | `{q.reason}` |" for q in listed]
    used = sorted({q.reason for q in listed})
    reason_table = ["| reason | mutants | why the mutant cannot change what the contract defines |",
                    "|---|---|---|"]
    counts = Counter(q.reason for q in listed)
    reason_table += [f"| `{r}` | {counts[r]} | {reasons[r]} |" for r in used]
    return Template(TEMPLATE.read_text(encoding="utf-8")).substitute(
        commit=record["commit"][:12], date=record["date"], command=record["command"], tool=record["tool"],
        mutants=f"{record['mutants']:,}", annotation=f"{record['annotation_only']:,}",
        size=record["sample"]["size"], seed=record["sample"]["seed"], ran=len(ran),
        sample_judged=judged, sample_killed=killed, sample_equivalent=eq,
        sample_survived=kinds["**SURVIVES**"], sample_incompetent=kinds["incompetent"],
        score=percent(killed / max(1, judged - eq)), score_low=percent(low), score_high=percent(high),
        score_all=percent(killed / max(1, judged)), all_low=percent(low_all), all_high=percent(high_all),
        changed=len(changed), changed_killed=now["killed"], changed_equivalent=now["equivalent"],
        changed_survived=now["**SURVIVES**"], timeouts=timeouts, at_start=at_start,
        listed=len(listed), changed_table="\n".join(table), sample_table="\n".join(sample_table),
        sets="three" if rewritten else "two", rewritten=rewritten, rewritten_table=rewritten_table,
        minutes=record["minutes"],
        equivalent_table="\n".join(eq_table), reason_table="\n".join(reason_table))


def read_record() -> Record:
    return cast(Record, json.loads(RECORD.read_text(encoding="utf-8")))


def page() -> int:
    """Write docs/maintainers/mutation.md from ``record.json``, unless it already says that."""
    text = render(read_record())
    if PAGE.exists() and PAGE.read_text(encoding="utf-8") == text:
        print(f"measure: {PAGE.relative_to(ROOT)} unchanged")
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"measure: wrote {PAGE.relative_to(ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["run", "page"])
    parser.add_argument("--size", type=int, default=SIZE, help=f"mutants in the sample (default {SIZE})")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the sample's seed (default {SEED})")
    parser.add_argument("--lines-changed-since", metavar="REV", action="append", default=[],
                        help="run: also every mutant on a line changed since this commit (repeatable)")
    args = parser.parse_args(argv)
    return run(args.size, args.seed, args.lines_changed_since) if args.command == "run" else page()


if __name__ == "__main__":
    sys.exit(main())
