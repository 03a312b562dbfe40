"""``pokerspec compliance``: grade the third-party libraries people use through the conformance
suite and the ranking fuzz, and publish the result (docs/engines/).

Each library is reached through its adapter in ``conformance/adapters/`` (Python in the
``peers`` extra; JavaScript from ``conformance/adapters/js/package.json``, run with Node over the
exec protocol) and graded by the same runner as any engine. A case the library cannot express
(the adapter answers ``unsupported``, naming what is missing) counts as skipped. Every evaluator
is then fuzzed pair by pair against the reference (``pokerspec.fuzz.ranking``).

Each engine's result is stored as ``docs/engines/results/<engine>.json``; the pages — the
summary table (``compliance.md``), one page per engine, the findings page and a badge per
engine — are rendered from the stored results, so ``--engine NAME`` refreshes one engine and
keeps the others. Every deviation is attributed to a known bug or rule difference
(``pokerspec.compliance.findings``).

Exit status: 0 when every engine ran; 2 when the run could not be made — an unknown engine, or
an engine that is not installed while the pages would be overwritten (install the ``peers``
extra and ``npm ci`` in conformance/adapters/js, or write elsewhere with ``--out``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from pokerspec.cli import check_outputs
from pokerspec.compliance.findings import KNOWN, REPORTS, Known, attribute
from pokerspec.compliance.peers import UNSUPPORTED
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.grading import Verdict
from pokerspec.conformance.protocol import EngineFailure, handshake
from pokerspec.conformance.report import label, where
from pokerspec.conformance.runner import Run, Selection, plan, run
from pokerspec.core.game import Json
from pokerspec.fuzz.ranking import fuzz_ranking, offered
from pokerspec.resources import source_checkout

ROOT = source_checkout() or Path.cwd()
"""The repository whose adapters run and whose compliance page is written."""
ADAPTERS = ROOT / "conformance" / "adapters"
NODE = "node"


@dataclass(frozen=True, slots=True)
class Library:
    """A graded library: its engine name, language, package and pinned version (as the extra or
    package.json pins it), its source repository, and its ``--impl``."""

    name: str
    language: str
    package: str
    pin: str
    repository: str
    impl: str


def _python(name: str, package: str, pin: str, repository: str, module: str, factory: str) -> Library:
    return Library(name, "Python", package, pin, repository, f"python:{ADAPTERS / module}:{factory}")


def _js(name: str, pin: str, repository: str) -> Library:
    return Library(name, "JavaScript", name, pin, repository, f"exec:{NODE} {ADAPTERS / 'js' / name}.js")


LIBRARIES: tuple[Library, ...] = (
    _python(
        "pokerkit",
        "pokerkit",
        "0.7.7",
        "https://github.com/uoftcprg/pokerkit",
        "pokerkit_engine.py",
        "PokerKit",
    ),
    _python(
        "pokerface",
        "pokerface",
        "1.0.2",
        "https://github.com/AussieSeaweed/pokerface",
        "pokerface_engine.py",
        "PokerFace",
    ),
    _python(
        "pokerlib",
        "pokerlib",
        "2.2.7",
        "https://github.com/kuco23/pokerlib",
        "pokerlib_engine.py",
        "PokerLib",
    ),
    _python("clubs", "clubs", "0.1.4", "https://github.com/fschlatt/clubs", "clubs_engine.py", "Clubs"),
    _python(
        "pypokerengine",
        "PyPokerEngine",
        "1.0.1",
        "https://github.com/ishikota/PyPokerEngine",
        "pypokerengine_engine.py",
        "PyPokerEngine",
    ),
    _python(
        "poker-equity",
        "poker-equity",
        "0.1.1",
        "https://github.com/kruux/poker-equity",
        "poker_equity_engine.py",
        "PokerEquity",
    ),
    _python(
        "tilted", "tilted", "0.1.4", "https://github.com/MaxAtkinson/tilted", "tilted_engine.py", "Tilted"
    ),
    _python(
        "pkrbot", "pkrbot", "1.1.0", "https://github.com/bossbobster/pkrbot", "pkrbot_engine.py", "Pkrbot"
    ),
    _python("deuces", "deuces", "0.2.1", "https://github.com/worldveil/deuces", "deuces_engine.py", "Deuces"),
    _python("treys", "treys", "0.1.8", "https://github.com/ihendley/treys", "treys_engine.py", "Treys"),
    _python(
        "eval7", "eval7", "0.1.11", "https://github.com/JulianAndrews/pyeval7", "eval7_engine.py", "Eval7"
    ),
    _python(
        "phevaluator",
        "phevaluator",
        "0.6.0",
        "https://github.com/HenryRLee/PokerHandEvaluator",
        "phevaluator_engine.py",
        "PHEvaluator",
    ),
    _js("pokersolver", "2.1.4", "https://github.com/goldfire/pokersolver"),
    _js("handranker", "1.0.5", "https://github.com/loganjspears/ranker"),
    _js("poker-evaluator", "2.1.1", "https://github.com/Sukhmai/poker-evaluator"),
    _js("phe", "0.6.0", "https://github.com/thlorenz/phe"),
    _js("poker-ts", "1.5.0", "https://github.com/claudijo/poker-ts"),
)
ENGINES = {lib.name: lib for lib in LIBRARIES}
OUT = ROOT / "docs" / "engines"
PAIRS = 100_000
"""Ranking-fuzz pairs per ranking and library in the published run."""
SEED = 1


# -------------------------------------------------------------------------------------------
# Running one library


def _unsupported(actual: Json) -> str | None:
    """The adapter's reason when it answered ``unsupported`` (the case is then a skip)."""
    if isinstance(actual, dict):
        error = actual.get("error")
        if isinstance(error, dict) and error.get("code") == UNSUPPORTED:
            return f"cannot express: {error.get('message', '')}"
    return None


def _case_record(done: Run) -> dict[str, Json]:
    r = done.result
    steps = done.case.data.get("steps", [])
    return {
        "case": r.case,
        "profile": r.profile,
        "label": label(r),
        "verdict": r.verdict.value,
        "rules": list(r.rules),
        "at": where(r, len(steps) if isinstance(steps, list) else 0),
        "message": r.message,
        "expected": r.expected,
        "actual": r.actual,
        "stderr_tail": r.stderr_tail[-600:],
        "title": str(done.case.data.get("title", "")),
    }


def grade_library(lib: Library, pairs: int, seed: int, tick: Callable[[int], None]) -> dict[str, Json]:
    """Run the suite and the ranking fuzz on one library; the stored result. ``OSError``,
    ``ImportError``, ``ValueError`` or ``EngineFailure`` when the library cannot be run."""
    began = time.perf_counter()
    cases, bad = load_cases([VECTORS])
    engine = open_engine(lib.impl, timeout=30.0)
    try:
        hello = handshake(engine)
        report = run(engine, hello, plan(cases, Selection()), bad, lambda _: tick(1))
        fuzz = [fuzz_ranking(engine, hello, r, pairs, seed, tick) for r in offered(hello)]
    finally:
        engine.close()
    verdicts: Counter[str] = Counter()
    by_rule: dict[str, Counter[str]] = defaultdict(Counter)
    skips: Counter[str] = Counter()
    deviations: list[Json] = []
    for done in report.runs:
        verdict = done.result.verdict.value
        reason = _unsupported(done.result.actual) if done.result.verdict is Verdict.FAIL else None
        if done.result.verdict is Verdict.SKIP or reason:
            verdict = "skip"
            skips[reason or done.result.message] += 1
        elif verdict != "pass":
            deviations.append(_case_record(done))
        verdicts[verdict] += 1
        for rule in done.result.rules:
            by_rule[rule][verdict] += 1
    return {
        "engine": lib.name,
        "name": hello.name,
        "version": hello.version,
        "language": lib.language,
        "package": lib.package,
        "repository": lib.repository,
        "impl": lib.impl.replace(str(ROOT) + "/", ""),
        "capabilities": sorted(hello.capabilities),
        "counts": dict(verdicts),
        "by_rule": {rule: dict(c) for rule, c in sorted(by_rule.items())},
        "skips": dict(skips.most_common()),
        "deviations": deviations,
        "fuzz": [f.to_json() for f in fuzz],
        "seconds": round(time.perf_counter() - began, 1),
    }


def available(lib: Library) -> str | None:
    """Why a library cannot run here, or None."""
    if lib.language == "JavaScript":
        if shutil.which(NODE) is None:
            return "Node.js is not installed"
        if not (ADAPTERS / "js" / "node_modules" / lib.package / "package.json").exists():
            return "not installed: run `npm ci` in conformance/adapters/js"
        return None
    import importlib.util

    module = {"PyPokerEngine": "pypokerengine", "poker-equity": "poker_equity"}.get(lib.package, lib.package)
    if importlib.util.find_spec(module) is None:
        return "not installed: pip install -e '.[peers]'"
    return None


# -------------------------------------------------------------------------------------------
# Attribution


@dataclass(frozen=True, slots=True)
class Evidence:
    """One deviation of one engine: a case run or a fuzz class, and what it is attributed to."""

    engine: str
    what: str
    """``case`` or ``fuzz``."""
    ident: str
    """The case label, or the fuzz class."""
    detail: dict[str, Json]
    known: Known | None


def evidence(result: dict[str, Json]) -> list[Evidence]:
    """Every deviation in a stored result, attributed."""
    engine = str(result["engine"])
    out: list[Evidence] = []
    for d in cast(list[dict[str, Json]], result.get("deviations", [])):
        text = f"{d['case']} {d['message']} {json.dumps(d['expected'])}"
        out.append(Evidence(engine, "case", str(d["label"]), d, attribute(engine, text)))
    for run_ in cast(list[dict[str, Json]], result.get("fuzz", [])):
        for f in cast(list[dict[str, Json]], run_["findings"]):
            out.append(Evidence(engine, "fuzz", str(f["class"]), f, attribute(engine, str(f["class"]))))
    return out


# -------------------------------------------------------------------------------------------
# Pages


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def _json(value: Json, limit: int = 400) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return _cell(text if len(text) <= limit else text[:limit] + " …")


def status(result: dict[str, Json]) -> tuple[str, str]:
    """The one-line status of an engine and its colour: bugs, rule differences, cases passed."""
    found = evidence(result)
    bugs = {e.known.key for e in found if e.known is not None and e.known.kind == "bug"}
    bugs |= {f"report-{r.title}" for r in REPORTS if r.engine == result["engine"]}
    differences = {e.known.key for e in found if e.known is not None and e.known.kind == "difference"}
    unclassified = sum(1 for e in found if e.known is None)
    counts = cast(dict[str, int], result["counts"])
    ran = counts.get("pass", 0) + counts.get("fail", 0) + counts.get("error", 0)
    parts = [f"{counts.get('pass', 0)}/{ran} cases"]
    if bugs:
        parts.append(f"{len(bugs)} bug{'s' * (len(bugs) > 1)}")
    if differences:
        parts.append(f"{len(differences)} rule difference{'s' * (len(differences) > 1)}")
    if unclassified:
        parts.append(f"{unclassified} unclassified")
    colour = "#e05d44" if bugs or unclassified else "#dfb317" if differences else "#4c1"
    return ", ".join(parts), colour


def badge(text: str, colour: str) -> str:
    """A flat two-part SVG badge, ``pokerspec | text``."""
    left, right = "pokerspec", text
    lw, rw = 6 * len(left) + 12, 6 * len(right) + 12
    width = lw + rw
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" '
        f'aria-label="{left}: {right}"><title>{left}: {right}</title>'
        f'<rect width="{lw}" height="20" fill="#555"/><rect x="{lw}" width="{rw}" height="20" '
        f'fill="{colour}"/>'
        f'<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">'
        f'<text x="{lw / 2}" y="14">{left}</text><text x="{lw + rw / 2}" y="14">{right}</text></g></svg>\n'
    )


def _fuzz_pairs(result: dict[str, Json]) -> int:
    return sum(int(cast(int, f["pairs"])) for f in cast(list[dict[str, Json]], result.get("fuzz", [])))


def render_summary(results: Sequence[dict[str, Json]], seconds: float | None) -> str:
    lines = [
        "# Third-party engines against the suite",
        "",
        "Generated by `pokerspec compliance` from real runs of each library's adapter",
        "(`conformance/adapters/`) over every case in `conformance/vectors/` and a ranking-only fuzz",
        "against the reference; do not edit by hand. A case is *skipped* when the library does not offer",
        "what it needs, or cannot express it (the reason is on the library's page), never failed for it.",
        "Every deviation is a named bug or a documented rule difference: see [the findings](findings.md).",
        "",
        "| engine | language | version | pass | fail | error | skip | fuzz pairs | disagreements | status |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in results:
        c = cast(dict[str, int], r["counts"])
        disagreements = sum(
            int(cast(int, f["disagreements"])) for f in cast(list[dict[str, Json]], r["fuzz"])
        )
        text, _ = status(r)
        lines.append(
            f"| [{r['engine']}]({r['engine']}.md) | {r['language']} | {r['version']} | {c.get('pass', 0)} | "
            f"{c.get('fail', 0)} | {c.get('error', 0)} | {c.get('skip', 0)} | {_fuzz_pairs(r)} | "
            f"{disagreements} | ![{_cell(text)}](badges/{r['engine']}.svg) |"
        )
    total = sum(float(cast(float, r["seconds"])) for r in results)
    lines += [
        "",
        f"The engines' runs took {total:.0f} s in all"
        + (f" ({seconds:.0f} s for this run of `pokerspec compliance`)." if seconds is not None else "."),
    ]
    lines += [
        "",
        "## Badges",
        "",
        "Each library's maintainers can link its badge, which names the cases passed, the bugs and the rule",
        "differences found, to its page:",
        "",
        "```markdown",
        "[![pokerspec](https://pokerspec.dev/engines/badges/NAME.svg)](https://pokerspec.dev/engines/NAME/)",
        "```",
        "",
        "Run it again with `pokerspec compliance` (all libraries, about the time above) or",
        "`pokerspec compliance --engine NAME`; `--pairs N` sets the fuzz pairs per ranking.",
        "",
    ]
    return "\n".join(lines)


NOTATION_TABLE = '<div class="ps-unindexed" markdown>'
"""Opens a table of hands and replies: notation, left out of the site's search index, which holds
prose (docs/hooks/pokersite/search.py)."""


def render_engine(result: dict[str, Json]) -> str:
    name = str(result["engine"])
    text, _ = status(result)
    caps = ", ".join(f"`{c}`" for c in cast(list[str], result["capabilities"])) or "none"
    c = cast(dict[str, int], result["counts"])
    lines = [
        f"# {name}",
        "",
        f"![{_cell(text)}](badges/{name}.svg)",
        "",
        f"{result['language']} library [{result['package']}]({result['repository']}) {result['version']}, "
        f"through `{result['impl']}`. Capabilities: {caps}.",
        "",
        f"Cases: {c.get('pass', 0)} pass, {c.get('fail', 0)} fail, {c.get('error', 0)} error, "
        f"{c.get('skip', 0)} skipped. Generated by `pokerspec compliance`; do not edit by hand.",
        "",
        "## By rule",
        "",
        "| rule | pass | fail | error | skip |",
        "|---|---:|---:|---:|---:|",
    ]
    by_rule = cast(dict[str, dict[str, int]], result["by_rule"])
    idle = 0
    for rule, counts in by_rule.items():
        if not any(counts.get(v, 0) for v in ("pass", "fail", "error")):
            idle += 1
            continue
        lines.append(
            f"| `{rule}` | {' | '.join(str(counts.get(v, 0)) for v in ('pass', 'fail', 'error', 'skip'))} |"
        )
    lines += [
        "",
        f"Not exercised (every case skipped): {idle} rules.",
        "",
        "## Why cases were skipped",
        "",
        "| reason | case runs |",
        "|---|---:|",
    ]
    lines += [f"| {_cell(reason)} | {n} |" for reason, n in cast(dict[str, int], result["skips"]).items()]
    found = evidence(result)
    lines += ["", "## Failing cases", ""]
    cases = [e for e in found if e.what == "case"]
    if not cases:
        lines.append("None: every case the library could run passed.")
    else:
        lines += [
            "Each failing case with the library's answer beside the expected one, and what it is.",
            "",
            NOTATION_TABLE,
            "",
            "| case | where | expected | the library's answer | finding |",
            "|---|---|---|---|---|",
        ]
        for e in cases:
            d = e.detail
            finding = _finding_link(e.known)
            lines.append(
                f"| `{_cell(d['label'])}` | {d['at']} | {_json(d['expected'])} | "
                f"{_json(d['actual'])}<br>{_cell(str(d['message'])[:240])} | {finding} |"
            )
        lines += ["", "</div>"]
    lines += ["", "## Ranking fuzz against the reference", ""]
    fuzz = cast(list[dict[str, Json]], result["fuzz"])
    if not fuzz:
        lines.append("The library offers no ranking the fuzzer covers.")
    for f in fuzz:
        sizes = ", ".join(map(str, cast(list[int], f["sizes"])))
        lines += [
            f"**{f['ranking']}** (hands of {sizes} cards): {f['pairs']} random and near-miss pairs, "
            f"{f['disagreements']} disagreements in {len(cast(list[Json], f['findings']))} classes"
            f" ({f['seconds']} s).",
            "",
        ]
        findings = cast(list[dict[str, Json]], f["findings"])
        if findings:
            lines += [
                NOTATION_TABLE,
                "",
                "| class | count | smallest pair | expected | the library's answer | finding |",
                "|---|---:|---|---|---|---|",
            ]
            for g in findings:
                hands = " vs ".join(" ".join(cast(list[str], h)) for h in cast(list[Json], g["hands"]))
                known = attribute(name, str(g["class"]))
                lines.append(
                    f"| {_cell(g['class'])} | {g['count']} | {hands} | {_json(g['expected'])} | "
                    f"{_json(g['actual'])} | {_finding_link(known)} |"
                )
            lines += ["", "</div>", ""]
    reports = [r for r in REPORTS if r.engine == name]
    if reports:
        lines += ["## Found by playing the library", ""]
        for rep in reports:
            script = (ADAPTERS / "repro" / rep.script).read_text(encoding="utf-8")
            lines += [
                f"**Bug: {rep.title}.** {rep.text} ([source]({rep.source}))",
                "",
                f"Reproduction (`conformance/adapters/repro/{rep.script}`):",
                "",
                "```python",
                script.rstrip(),
                "```",
                "",
            ]
    return "\n".join(lines) + "\n"


def _finding_link(known: Known | None) -> str:
    if known is None:
        return "**unclassified**"
    kind = "bug" if known.kind == "bug" else "rule difference"
    return f"[{kind}: {_cell(known.title)}](findings.md#{known.key})"


def render_findings(results: Sequence[dict[str, Json]]) -> str:
    lines = [
        "# Findings",
        "",
        "Every deviation `pokerspec compliance` found in a third-party library, classified: a **bug** (the",
        "library breaks a rule it means to follow; the sentence says what to fix) or a **rule difference**",
        "(it follows another rule on purpose). Each names the spec's rule, points into the library's source,",
        "and lists its evidence: the failing cases and the ranking-fuzz classes, with the smallest "
        "pair found.",
        "Generated; do not edit by hand.",
        "",
    ]
    found = [e for r in results for e in evidence(r)]
    for kind, heading in (("bug", "Bugs"), ("difference", "Rule differences")):
        lines += [f"## {heading}", ""]
        for known in KNOWN:
            if known.kind != kind:
                continue
            mine = [e for e in found if e.known is known]
            shown = known.shown_by and any(r["engine"] == known.engine for r in results)
            if not mine and not shown:
                continue
            lines += [
                f"### {known.engine}: {known.title} {{#{known.key}}}",
                "",
                f"{known.text} Rule: `{known.rule}`. [Source]({known.source}).",
                "",
            ]
            if shown:
                lines += [f"- {known.shown_by}"]
            for e in mine:
                if e.what == "case":
                    lines.append(
                        f"- case `{e.ident}` ({e.detail['at']}): {_cell(str(e.detail['message'])[:200])}"
                    )
                else:
                    hands = " vs ".join(
                        " ".join(cast(list[str], h)) for h in cast(list[Json], e.detail["hands"])
                    )
                    lines.append(f"- fuzz: {e.ident} — {e.detail['count']} pairs; smallest: {hands}")
            lines.append("")
        if kind == "bug":
            for rep in REPORTS:
                if any(r["engine"] == rep.engine for r in results):
                    lines += [
                        f"### {rep.engine}: {rep.title}",
                        "",
                        f"{rep.text} [Source]({rep.source}). "
                        f"Reproduction on [the {rep.engine} page]({rep.engine}.md).",
                        "",
                    ]
    loose = [e for e in found if e.known is None]
    if loose:
        lines += ["## Unclassified", ""]
        lines += [f"- {e.engine}: {e.what} {e.ident}" for e in loose]
        lines.append("")
    return "\n".join(lines)


def load_results(out: Path) -> list[dict[str, Json]]:
    """The stored results under ``out/results``, in ``LIBRARIES`` order."""
    stored = []
    for lib in LIBRARIES:
        path = out / "results" / f"{lib.name}.json"
        if path.exists():
            stored.append(cast(dict[str, Json], json.loads(path.read_text(encoding="utf-8"))))
    return stored


def write_pages(out: Path, seconds: float | None) -> list[dict[str, Json]]:
    """Render every page and badge from the stored results under ``out``."""
    results = load_results(out)
    (out / "badges").mkdir(parents=True, exist_ok=True)
    (out / "compliance.md").write_text(render_summary(results, seconds), encoding="utf-8")
    (out / "findings.md").write_text(render_findings(results), encoding="utf-8")
    for r in results:
        (out / f"{r['engine']}.md").write_text(render_engine(r), encoding="utf-8")
        (out / "badges" / f"{r['engine']}.svg").write_text(badge(*status(r)), encoding="utf-8")
    return results


# -------------------------------------------------------------------------------------------
# Command line


def handler(args: argparse.Namespace) -> int:
    console = Console(highlight=False, soft_wrap=True)
    names: list[str] = args.engine or list(ENGINES)
    unknown = [n for n in names if n not in ENGINES]
    if unknown:
        console.print(f"unknown engine {', '.join(unknown)}; known: {', '.join(ENGINES)}", markup=False)
        return 2
    if args.pairs < 0:
        console.print("--pairs must not be negative", markup=False)
        return 2
    out: Path = args.out or OUT
    missing = {n: why for n in names if (why := available(ENGINES[n])) is not None}
    if missing and args.out is None:
        for n, why in missing.items():
            console.print(f"{n}: {why}", markup=False)
        console.print(
            "refusing to overwrite the published pages in docs/engines/ with a partial run: install "
            "the libraries (pip install -e '.[peers]'; npm ci in conformance/adapters/js) or write "
            "elsewhere with --out DIR",
            markup=False,
        )
        return 2
    runnable = [ENGINES[n] for n in names if n not in missing]
    if not runnable:
        for n, why in missing.items():
            console.print(f"{n}: {why}", markup=False)
        console.print("no library to run: none of them is installed (pip install -e '.[peers]'; npm ci in "
                      "conformance/adapters/js)", markup=False)
        return 2
    check_outputs({"--out": out}, directories=True)
    began = time.perf_counter()
    (out / "results").mkdir(parents=True, exist_ok=True)
    cases = len(plan(load_cases([VECTORS])[0], Selection()))
    with Progress(
        TextColumn("{task.description:<16}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as bar:
        overall = bar.add_task("all engines", total=len(runnable))
        for lib in runnable:
            task = bar.add_task(lib.name, total=cases + args.pairs * 4)

            def tick(n: int, task: TaskID = task) -> None:
                bar.advance(task, n)

            try:
                result = grade_library(lib, args.pairs, args.seed, tick)
            except (OSError, ImportError, ValueError, EngineFailure) as exc:
                console.print(f"{lib.name}: cannot run: {exc}", markup=False)
                missing[lib.name] = str(exc)
                continue
            finally:
                bar.remove_task(task)
                bar.advance(overall)
            (out / "results" / f"{lib.name}.json").write_text(
                json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
            )
            text, _ = status(result)
            console.print(
                f"{lib.name} {result['version']}: {text}; {_fuzz_pairs(result)} fuzz pairs "
                f"({result['seconds']} s)",
                markup=False,
            )
    for n, why in missing.items():
        console.print(f"{n}: not run ({why})", markup=False)
    seconds = time.perf_counter() - began
    write_pages(out, seconds if not args.engine else None)
    console.print(f"wrote {out} ({seconds:.0f} s)", markup=False)
    return 2 if missing and args.out is None else 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    """Add ``name`` (``compliance``) to the ``pokerspec`` command."""
    p = subparsers.add_parser(
        name,
        help="grade the third-party libraries and publish docs/engines/",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--engine",
        action="append",
        metavar="NAME",
        help=f"only this library (repeatable; default: all): {', '.join(ENGINES)}",
    )
    p.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="write results and pages here instead of docs/engines/ (a partial run is then allowed)",
    )
    p.add_argument(
        "--pairs",
        type=int,
        default=PAIRS,
        help=f"ranking-fuzz pairs per ranking and library (default {PAIRS})",
    )
    p.add_argument("--seed", type=int, default=SEED, help=f"ranking-fuzz seed (default {SEED})")
    p.set_defaults(handler=handler)
